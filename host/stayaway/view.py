"""A Stay Away! player's view as a typed, documented object: `decode_view(state.view(p))`.

The bytes are the kernel's (`kernel/stayaway/game/views.py`, everything that player may know and
nothing more); this module reads them only through the kernel's own decoder (`views.decode`) and
names what it finds: cards by name, roles and phases in words, each log entry with its text as that
player reads it. A view decodes without the state or the rules (the deck's card types are fixed), so
a bot, a screen or a server message needs nothing else.

    >>> from eldritch.stayaway import Rules, decode_view
    >>> state = Rules().new_game(seed=7, players=5)
    >>> v = decode_view(state.view(0))
    >>> v.me, v.players, v.phase, len(v.hand)
    (0, 5, 'play', 5)
    >>> v.player(0).role == v.role and v.player(1).role is None    # another seat's role is unknown
    True
    >>> print(v.log[0].text)
    -- P1's turn --
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from eldritch.kernel.errors import KernelError
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game.text import event_text, player_name
from eldritch.kernel.stayaway.game.views import decode as _decode

__all__ = ["Card", "Player", "Decision", "LogEntry", "StayAwayView", "decode_view"]

EVENT_NAMES = {getattr(D, n): n[2:].lower() for n in dir(D) if n.startswith("E_")}
EXCHANGE_KINDS = ("turn", "Seduction", "Can't we be friends?")
DIRECTIONS = ("clockwise", "anticlockwise")


@dataclass(frozen=True)
class Card:
    """A card type: `type` the kernel's number (0 .. 30), `name` as printed (English edition),
    `kind` one of thing, infection, action, defense, obstacle, panic."""

    type: int
    name: str
    kind: str


def card(c: int) -> Optional[Card]:
    """The Card of a type number; None for the kernel's 'no card / not seen' (255)."""
    if c == D.NO_CARD:
        return None
    if not 0 <= c < D.NTYPES:
        raise KernelError("view", "card type %d out of range" % c)
    return Card(c, D.CARD_NAMES[c], D.KIND_NAMES[D.CARD_KIND[c]])


@dataclass(frozen=True)
class Player:
    """One player as the viewer sees them: `index` (0-based; `name` "P1".. as every screen says),
    their `seat` (an eliminated player's stays empty: `seats[seat]` is None), `alive`, `hand_count`, `quarantine`
    (turns left, 0 none), `role` ("Human", "Infected", "The Thing") when the viewer knows it, else
    None, and `returns` (1 win, 0 loss) at the end, else None."""

    index: int
    name: str
    seat: int
    alive: bool
    hand_count: int
    quarantine: int
    role: Optional[str]
    returns: Optional[int]


@dataclass(frozen=True)
class Decision:
    """What the viewer may know of the pending decision. `deciding` is the player to act; in an
    exchange (`phase` offer or answer) `exchange` says why ("turn", "Seduction", "Can't we be
    friends?"), `offerer` and `receiver` who; for a card aimed at someone, `offerer` is the attacker
    and `receiver` the target. `card` is the card in play when the viewer may see it (their own offer,
    a face-up offer, the card played against someone), else None. `resolute` the Resolute cards (the
    active player only), `my_pass` the viewer's Round and round card, `partner` the player swapped
    with this turn (they play next). `count` and `flag` are the kernel's step counters, as they are.
    `deciding` is None at the end."""

    phase: str
    deciding: Optional[int]
    exchange: Optional[str]
    offerer: Optional[int]
    receiver: Optional[int]
    card: Optional[Card]
    count: int
    flag: int
    resolute: tuple[Card, ...]
    my_pass: Optional[Card]
    partner: Optional[int]


@dataclass(frozen=True)
class LogEntry:
    """One event of the viewer's log: `event` its name (draw, play, give, show, ...), `a` and `b` the
    kernel's two arguments (players, a reason, a door gap: see kernel/stayaway/game/defs.py E_*),
    `card` the card when the viewer saw it (None: "a card"), `text` the entry in words as that player
    reads it (the same as `state.player_log(p)`)."""

    event: str
    a: int
    b: int
    card: Optional[Card]
    text: str


@dataclass(frozen=True)
class StayAwayView:
    """Everything player `me` may know (see kernel/stayaway/game/views.py): their `role`, The Thing
    when they know it (`thing`: themself, the one who infected them, everyone's at the end; else
    None), the `phase` and the `decision` under way, whose turn (`active`), the `direction`, the
    `turn` number, the pile and discard counts, the `result` in words (None while playing), the seats
    (`seats[s]` the player there or None), `doors[g]` a Locked door on the gap after seat g, every
    `Player`, the viewer's `hand` (sorted), the face-up cards in the discard pile by type
    (`public_discards`: (Card, count) pairs) and the `log`. Never the pile's order, another hand or a
    role the viewer has not learnt."""

    me: int
    players: int
    role: str
    thing: Optional[int]
    phase: str
    active: int
    direction: str
    turn: int
    pile: int
    discards: int
    result: Optional[str]
    decision: Decision
    seats: tuple[Optional[int], ...]
    doors: tuple[bool, ...]
    table: tuple[Player, ...]
    hand: tuple[Card, ...]
    public_discards: tuple[tuple[Card, int], ...]
    log: tuple[LogEntry, ...]

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.result is not None

    def player(self, p: int) -> Player:
        """Player p (0-based) as the viewer sees them."""
        return self.table[p]


def _who(p: int, players: int) -> Optional[int]:
    return p if p < players else None


def decode_view(data: bytes) -> StayAwayView:
    """The typed view of `state.view(p)`'s bytes; KernelError("view", ...) when they are not a
    Stay Away! view."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise KernelError("view", "a view is bytes (state.view(p)), not %s" % type(data).__name__)
    try:
        v = _decode(bytes(data))
        n = v.players
        if not D.MIN_PLAYERS <= n <= D.MAX_PLAYERS or v.me >= n or v.phase >= len(D.PHASE_NAMES):
            raise ValueError("bad header")
        events = v.events
    except (ValueError, IndexError) as exc:
        raise KernelError("view", "not a Stay Away! view (%s)" % exc) from None
    over = v.over()
    exchange = v.phase in (D.PH_OFFER, D.PH_ANSWER)
    aimed = v.phase in (D.PH_DEFEND_FLAME, D.PH_DEFEND_SWAP, D.PH_TARGET)
    decision = Decision(
        phase=D.PHASE_NAMES[v.phase], deciding=v.actor if not over and v.actor < n else None,
        exchange=EXCHANGE_KINDS[v.ctx_kind] if exchange and v.ctx_kind < len(EXCHANGE_KINDS) else None,
        offerer=_who(v.ctx_a, n) if exchange or aimed else None,
        receiver=_who(v.ctx_b, n) if exchange or aimed else None,
        card=card(v.ctx_card), count=v.ctx_n, flag=v.ctx_flag,
        resolute=tuple(card(c) for c in v.res if c != D.NO_CARD), my_pass=card(v.my_pass),
        partner=_who(v.partner, n))
    table = []
    for p in range(n):
        seat = v.seat_index[p]
        table.append(Player(
            index=p, name=player_name(p), seat=seat,
            alive=bool(v.alive[p]), hand_count=v.hand_counts[p], quarantine=v.quarantine[p],
            role=D.ROLE_NAMES[v.roles[p]] if v.roles[p] < len(D.ROLE_NAMES) else None,
            returns=v.returns[p] if over else None))
    log = tuple(LogEntry(EVENT_NAMES.get(code, "event %d" % code), a, b, card(c),
                         event_text(code, a, b, c, n, v.me)) for code, a, b, c in events)
    return StayAwayView(
        me=v.me, players=n, role=D.ROLE_NAMES[v.role], thing=_who(v.thing, n), phase=D.PHASE_NAMES[v.phase],
        active=v.active, direction=DIRECTIONS[v.direction & 1], turn=v.turn, pile=v.pile, discards=v.discards,
        result=D.RESULT_NAMES[v.result] if over and v.result < len(D.RESULT_NAMES) else None,
        decision=decision, seats=tuple(_who(p, n) for p in v.seats), doors=tuple(bool(d) for d in v.doors),
        table=tuple(table), hand=tuple(card(c) for c in v.hand),
        public_discards=tuple((card(t), k) for t, k in enumerate(v.public_discards) if k),
        log=log)
