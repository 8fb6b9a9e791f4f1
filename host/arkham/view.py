"""An Arkham Horror player's view as a typed, documented object: `eldritch.arkham.read_view(state, p)`.

The bytes are the kernel's (`kernel/arkham/game/save.py` `public_bytes`: the whole board and every
sheet, public in this game; never the PRNG, a deck's order or where a face-down gate leads), read
by the kernel's own reader (`save.read_view`, the same field lists the save uses); this module names
what it finds from the board (spaces, Other Worlds, monsters, cards, investigators).

    >>> from eldritch import arkham
    >>> rules = arkham.Rules()
    >>> state = rules.new_game(seed=7, players=2)
    >>> v = arkham.decode_view(state.view(0), rules)     # = arkham.read_view(state, 0)
    >>> v.round, v.phase, v.step, v.deciding, v.doom
    (0, 'setup', 'pick', 0, 0)
    >>> v.seat(0).investigator is None        # seat 1 is still choosing an investigator
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from eldritch.kernel.errors import KernelError
from eldritch.kernel.arkham.game import defs as D
from eldritch.kernel.arkham.game.board import NONE
from eldritch.kernel.arkham.game.save import read_view, HIDDEN_GATE

__all__ = ["Investigator", "Monster", "Gate", "ArkhamView", "decode_view", "default_rules"]

SEAT_STATUS = ("playing", "picking", "out")


@dataclass(frozen=True)
class Investigator:
    """A seat's sheet: `seat` (0-based), `investigator` (the name, None while the seat picks one),
    `status` ("playing", "picking", "out"), where they are (`space` a space's name, or `world` an
    Other World's name and its `area` 1 or 2), `sanity`/`max_sanity`, `stamina`/`max_stamina`
    (the kernel's strength track), `fight`, `stealth`, `money`, the cards carried (`possessions`,
    by name), `gates_closed`, the monsters kept as `trophies` and the one `bound` (by name), and
    `may_close` (the space whose gate they explored, which they may close, or None); `skills` (each
    skill of the board by name, with the bonuses of the cards carried), `gate_trophies` (the Other
    Worlds of the gates they closed and keep), `lost_turns` (turns still to be lost: jail, an
    event) and `retainer` (dollars a turn, 0: none)."""

    seat: int
    investigator: Optional[str]
    status: str
    space: Optional[str]
    world: Optional[str]
    area: Optional[int]
    sanity: int
    max_sanity: int
    stamina: int
    max_stamina: int
    fight: int
    stealth: int
    money: int
    possessions: tuple[str, ...]
    gates_closed: int
    trophies: tuple[str, ...]
    bound: Optional[str]
    may_close: Optional[str]
    skills: tuple[tuple[str, int], ...] = ()
    gate_trophies: tuple[str, ...] = ()
    lost_turns: int = 0
    retainer: int = 0


@dataclass(frozen=True)
class Monster:
    """A monster token: `token` (0-based), `kind` its name, `where` a space's name or one of "pool",
    "other world", "trophy", "bound"; `owner` the seat for the last three (else None); `facing` the
    space it moves into next, when it has one."""

    token: int
    kind: str
    where: str
    owner: Optional[int]
    facing: Optional[str]

    @property
    def on_board(self) -> bool:
        return self.where not in ("pool", "other world", "trophy", "bound")


@dataclass(frozen=True)
class Gate:
    """An open gate at `space`: the Other World it leads to and its difficulty once it is face up,
    both None while face down."""

    space: str
    world: Optional[str]
    difficulty: Optional[int]


@dataclass(frozen=True)
class ArkhamView:
    """What every player sees (the same for every seat): the `round`, the `phase` and `step` in
    words, the seat `deciding` (None at a chance node or at the end), the seat whose turn it is
    (`turn_seat`), the `result` in words (None while playing), the doom track (`doom` of
    `doom_length`), open gates against the `gate_limit`, the agreed `round_limit` (0: none), the
    `house` rules in play, the last roll, every seat's sheet, every monster token, the open gates,
    the spaces `sealed` by an Elder Sign and the decks' counts (allies' too)."""

    players: int
    round: int
    phase: str
    step: str
    deciding: Optional[int]
    turn_seat: int
    result: Optional[str]
    doom: int
    doom_length: int
    gate_limit: int
    round_limit: int
    house: tuple[str, ...]
    last_roll: int
    seats: tuple[Investigator, ...]
    monsters: tuple[Monster, ...]
    gates: tuple[Gate, ...]
    sealed: tuple[str, ...]
    gate_deck: int
    item_deck: int
    spell_deck: int
    ally_deck: int = 0

    @property
    def open_gates(self) -> int:
        return len(self.gates)

    @property
    def over(self) -> bool:
        return self.result is not None

    def seat(self, s: int) -> Investigator:
        """Seat s's sheet (0-based)."""
        return self.seats[s]


def _monster_where(board, at):
    if at < board.nspaces:
        return board.space_names[at]
    return {D.AT_POOL: "pool", D.AT_OW: "other world", D.AT_TROPHY: "trophy", D.AT_BOUND: "bound"}.get(at, "?")


@lru_cache(maxsize=1)
def default_rules():
    """Rules() on the demonstration board, loaded once."""
    from eldritch.kernel.arkham.game.rules import Rules
    return Rules()


def decode_view(data: bytes, rules=None) -> ArkhamView:
    """The typed view of a view's bytes (`state.view(p)`) of a game under `rules` (an arkham Rules;
    default: the demonstration board's). KernelError("view", ...) when they are not one."""
    from eldritch.kernel.arkham.game.rules import Rules
    if rules is None:
        rules = default_rules()
    if not isinstance(rules, Rules):
        raise KernelError("option", "rules must be an arkham Rules, not %s" % type(rules).__name__)
    return decode_on(data, rules.board)


def decode_on(data: bytes, board) -> ArkhamView:
    """decode_view on a kernel Board (`rules.board`, `state.board`)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise KernelError("view", "a view is bytes (state.view(p)), not %s" % type(data).__name__)
    f = read_view(board, data)
    b = board
    n = f.players
    if f.phase >= len(D.PHASE_NAMES) or f.step not in D.STEP_NAMES or f.result >= len(D.RESULT_NAMES):
        raise KernelError("view", "not an Arkham Horror view (phase, step or result out of range)")
    seats = []
    for s in range(n):
        inv = f.seat_inv[s]
        pos = f.pos[s]
        in_world = inv != NONE and pos == D.AT_WORLD
        poss = tuple(b.item_names[b.card_kind[c]] for c in f.poss[s * D.MAX_POSS:(s + 1) * D.MAX_POSS]
                     if c != NONE and c < b.ncards)
        mine = [m for m in range(b.nmonsters) if f.m_owner[m] == s]
        seats.append(Investigator(
            seat=s, investigator=b.inv_names[inv] if inv < b.ninv else None,
            status=SEAT_STATUS[f.seat_status[s]] if f.seat_status[s] < len(SEAT_STATUS) else "?",
            space=b.space_names[pos] if pos < b.nspaces else None,
            world=b.world_names[f.ow_world[s]] if in_world and f.ow_world[s] < b.nworlds else None,
            area=f.ow_stage[s] if in_world else None,
            sanity=f.san[s], max_sanity=f.maxsan[s], stamina=f.sta[s], max_stamina=f.maxsta[s],
            fight=f.fight[s], stealth=f.stealth[s], money=f.money[s], possessions=poss,
            gates_closed=f.gates_closed[s],
            trophies=tuple(b.kind_names[b.mon_kind[m]] for m in mine if f.m_at[m] == D.AT_TROPHY),
            bound=next((b.kind_names[b.mon_kind[m]] for m in mine if f.m_at[m] == D.AT_BOUND), None),
            may_close=b.space_names[f.close_at[s]] if f.close_at[s] < b.nspaces else None,
            skills=_skills(b, f, s) if inv < b.ninv else (),
            gate_trophies=tuple(b.world_names[b.gate_world[c]] for c in range(b.ngates) if f.gate_keep[c] == s),
            lost_turns=f.lost_turns[s], retainer=f.retainer[s]))
    monsters = []
    for m in range(b.nmonsters):
        at = f.m_at[m]
        owned = at in (D.AT_OW, D.AT_TROPHY, D.AT_BOUND)
        monsters.append(Monster(
            token=m, kind=b.kind_names[b.mon_kind[m]], where=_monster_where(b, at),
            owner=f.m_owner[m] if owned else None,
            facing=b.space_names[f.m_head[m]] if at < b.nspaces and f.m_head[m] < b.nspaces else None))
    gates = []
    for s in range(b.nspaces):
        c = f.gate_at[s]
        if c == NONE:
            continue
        shown = c != HIDDEN_GATE and c < b.ngates
        gates.append(Gate(b.space_names[s], b.world_names[b.gate_world[c]] if shown else None,
                          b.gate_diff[c] if shown else None))
    playing = f.phase != D.PH_OVER
    return ArkhamView(
        players=n, round=f.round, phase=D.PHASE_NAMES[f.phase], step=D.STEP_NAMES[f.step] if playing else "none",
        deciding=f.actor if playing and f.step < D.CH_FIRST else None, turn_seat=f.seat,
        result=D.RESULT_NAMES[f.result] if f.result != D.RES_PLAYING else None,
        doom=f.doom, doom_length=f.doom_length, gate_limit=f.gate_limit, round_limit=f.round_limit,
        house=tuple(name for k, name in enumerate(D.HOUSE_RULES) if f.house & (1 << k)), last_roll=f.last_roll,
        seats=tuple(seats), monsters=tuple(monsters), gates=tuple(gates),
        sealed=tuple(b.space_names[s] for s in range(b.nspaces) if f.sealed[s]),
        gate_deck=f.gate_deck_n, item_deck=f.item_deck_n, spell_deck=f.spell_deck_n, ally_deck=f.ally_deck_n)


def _skills(b, f, s):
    """Each of the board's skills of seat s with the bonuses of the cards it carries (as the kernel's
    skill_of)."""
    from eldritch.kernel.arkham.game.board import MAX_SKILLS
    out = []
    for k, name in enumerate(b.skill_names):
        v = f.fight[s] if k == 0 else (f.stealth[s] if k == 1 else f.skill[s * MAX_SKILLS + k])
        for c in f.poss[s * D.MAX_POSS:(s + 1) * D.MAX_POSS]:
            if c != NONE and c < b.ncards:
                v += b.i_skill[b.card_kind[c] * MAX_SKILLS + k] - 128
        out.append((name, max(v, 0)))
    return tuple(out)
