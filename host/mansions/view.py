"""A Mansions of Madness player's view as a typed, documented object: `eldritch.mansions.read_view(state, p)`.

The bytes are the kernel's (`kernel/mansions/game/view.py`: everything that seat may know and
nothing more), read only through the kernel's `Reader`; this module names what it finds from the
story (rooms, spaces, cards, monsters, investigators, objectives). An investigator's view holds no
guide answer, no face-down card's identity, no mythos card in the keeper's hand and no objective
before clue 1 reveals it; the keeper's holds them.

    >>> from eldritch import mansions
    >>> state = mansions.Rules().new_game(seed=7, players=3)
    >>> keeper, investigator = mansions.read_view(state, 0), mansions.read_view(state, 1)
    >>> keeper.is_keeper, investigator.is_keeper, investigator.guide_answers
    (True, False, ())
    >>> keeper.phase, keeper.deciding
    ('guide', 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from eldritch.kernel.errors import KernelError
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import view as V

__all__ = ["Objective", "InvestigatorSeat", "Room", "Monster", "AttributeTest", "MansionsView", "decode_view",
           "default_rules"]

SEAT_STATES = ("not chosen", "alive", "killed", "insane")
LOCKS = ("none", "face down", "face up")
WINNERS = (None, "keeper", "investigators", "nobody")


@dataclass(frozen=True)
class Objective:
    """The story's objective in play (`number` 1-3 as in objectives.tsv), its name and text."""

    number: int
    name: str
    text: str


@dataclass(frozen=True)
class InvestigatorSeat:
    """An investigator's seat (1..): `investigator` (None until chosen), `space` (its name), damage
    against `health`, horror against `sanity`, `skill` points, `stun` tokens, `state` ("not
    chosen", "alive", "killed", "insane"), `done` (has taken a turn this round), the two `traits`
    kept and the `cards` carried (face up: everyone sees them)."""

    seat: int
    investigator: Optional[str]
    space: Optional[str]
    damage: int
    health: int
    horror: int
    sanity: int
    skill: int
    stun: int
    state: str
    done: bool
    traits: tuple[str, ...]
    cards: tuple[str, ...]
    attributes: tuple[tuple[str, int], ...] = ()
    trauma: tuple[str, ...] = ()
    insane: bool = False


@dataclass(frozen=True)
class Room:
    """A room: its `pile` bottom to top, each card by name when the viewer may know it, else "face
    down" (or "obstacle (face down)": an obstacle's back is public); how many are `face_down`; its
    `lock` ("none", "face down", "face up") and the lock card's name when the viewer knows it; `dark`,
    and `barred` to the turn's investigator for the rest of his turn (a failed lock)."""

    name: str
    pile: tuple[str, ...]
    face_down: int
    lock: str
    lock_card: Optional[str]
    dark: bool = False
    barred: bool = False


@dataclass(frozen=True)
class Monster:
    """A monster on the board: its `slot`, `kind` (name), `space`, `damage` against `health`, whether
    it `attacked` this keeper turn, is `stunned`, and was `evaded` this turn by the turn's investigator."""

    slot: int
    kind: str
    space: str
    damage: int
    health: int
    attacked: bool
    stunned: bool = False
    evaded: bool = False


@dataclass(frozen=True)
class AttributeTest:
    """The attribute test under way: the `seat` tested, the `attribute`, the `target` (pass at or
    below), what it is for (`purpose`), the d10 `roll` once rolled (0 before) and whether a skill point
    added the investigator's Luck (`luck`)."""

    seat: int
    attribute: str
    target: int
    purpose: str
    roll: int
    luck: bool = False


@dataclass(frozen=True)
class MansionsView:
    """Everything seat `viewer` may know: the `phase` and the seat `deciding` (None at a chance node
    or at the end), the `round`, the keeper's `threat`, the event track (`event` 1.. of `events`, its
    `time_tokens` against the top card's `event_time`), the `objective` (None while secret to the
    viewer; `objective_revealed`), the `winner` ("keeper", "investigators", "nobody"; None while
    playing), the keeper's guide answers (keeper only), the keeper's hand size and the mythos deck,
    the investigators, rooms, sealed doors, monsters on the board, monsters left in the supply,
    keeper action cards used this turn, mythos cards played (and in hand: keeper only), the cards
    discarded, and the attribute test under way."""

    viewer: int
    players: int
    phase: str
    deciding: Optional[int]
    round: int
    threat: int
    event: int
    events: int
    time_tokens: int
    event_time: int
    objective: Optional[Objective]
    objective_revealed: bool
    winner: Optional[str]
    guide_answers: tuple[str, ...]
    keeper_hand: int
    mythos_deck: int
    investigators: tuple[InvestigatorSeat, ...]
    rooms: tuple[Room, ...]
    sealed_doors: tuple[str, ...]
    monsters: tuple[Monster, ...]
    supply: tuple[tuple[str, int], ...]
    keeper_cards_used: tuple[str, ...]
    mythos_played: tuple[str, ...]
    mythos_hand: tuple[str, ...]
    discarded: tuple[str, ...]
    test: Optional[AttributeTest]
    events_resolved: tuple[str, ...] = ()
    fire: tuple[str, ...] = ()
    corpses: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    trauma_pile: tuple[str, ...] = ()

    @property
    def is_keeper(self) -> bool:
        return self.viewer == K.KEEPER

    @property
    def over(self) -> bool:
        return self.winner is not None

    def investigator(self, seat: int) -> InvestigatorSeat:
        """The investigator at seat (1..players-1)."""
        return self.investigators[seat - 1]


@lru_cache(maxsize=1)
def default_rules():
    """Rules() on the demonstration story, loaded once."""
    from eldritch.kernel.mansions.game.rules import Rules
    return Rules()


def decode_view(data: bytes, rules=None) -> MansionsView:
    """The typed view of a view's bytes (`state.view(p)`) of a game under `rules` (a mansions Rules;
    default: the demonstration story's). KernelError("view", ...) when they are not one."""
    from eldritch.kernel.mansions.game.rules import Rules
    if rules is None:
        rules = default_rules()
    if not isinstance(rules, Rules):
        raise KernelError("option", "rules must be a mansions Rules, not %s" % type(rules).__name__)
    return decode_on(data, rules.story)


def decode_on(data: bytes, story) -> MansionsView:
    """decode_view on a kernel Story (`rules.story`, `state.story`)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise KernelError("view", "a view is bytes (state.view(p)), not %s" % type(data).__name__)
    try:
        r = V.Reader(story, bytes(data))
    except ValueError as exc:
        raise KernelError("view", "%s" % exc) from None
    h = r.h
    st = story
    n = r.players
    if not 2 <= n <= K.MAX_SEATS or r.viewer >= n or h(V.H_PHASE) >= len(K.PHASE_NAMES):
        raise KernelError("view", "not a view of this story (header out of range)")
    obj = h(V.H_OBJ)
    objective = Objective(obj + 1, st.obj_name[obj], st.obj_text[obj]) if obj < len(st.obj_name) else None
    answers = tuple(st.answer_text.get((q, h(V.H_ANSWERS + q)), "?") for q in range(st.nquestions)
                    if h(V.H_ANSWERS + q) != K.NONE)
    invs = []
    for s in range(1, n):
        inv = r.seat(s, 0)
        known = inv < st.ninv
        space = r.seat(s, 1)
        invs.append(InvestigatorSeat(
            seat=s, investigator=st.inv_name[inv] if known else None,
            space=st.space_name[space] if space < st.nspaces else None,
            damage=r.seat(s, 2), health=st.inv_health[inv] if known else 0,
            horror=r.seat(s, 3), sanity=st.inv_sanity[inv] if known else 0,
            skill=r.seat(s, 4), stun=r.seat(s, 5),
            state=SEAT_STATES[r.seat(s, 6)] if r.seat(s, 6) < len(SEAT_STATES) else "?",
            done=bool(r.seat(s, 7)),
            traits=tuple(st.tr_name[t] for t in (r.seat(s, 8), r.seat(s, 9)) if t < st.ntraits),
            cards=tuple(st.card_name[c] for c in r.hand(s)),
            attributes=tuple((K.ATTRIBUTES[a], r.attr(s, a)) for a in range(K.NATTR)) if known else (),
            trauma=tuple(st.trauma_name[t] for t in (r.trauma_held(s, 0), r.trauma_held(s, 1)) if t < st.ntrauma),
            insane=known and r.insane(s)))
    locks = {}
    for c in range(st.ncards):
        where, room = r.card(c)
        if where in (V.CW_LOCK_UP, V.CW_LOCK_DOWN):
            locks[room] = st.card_name[c]
    rooms = []
    for k in range(st.nrooms):
        count, down, _, lock, pile = r.room(k)
        shown = tuple("face down" if c == V.FACE_DOWN else "obstacle (face down)" if c == V.OBSTACLE_BACK
                      else st.card_name[c] for c in pile)
        rooms.append(Room(st.room_name[k], shown, down, LOCKS[lock] if lock < 3 else "?", locks.get(k),
                          bool(r.dark(k)), bool(r.barred(k))))
    doors = tuple("%s - %s" % (st.space_name[st.door_a[d]], st.space_name[st.door_b[d]])
                  for d in range(st.ndoors) if r.sealed(d))
    monsters = tuple(Monster(m, st.type_name[t], st.space_name[space], dmg, st.type_health[t], bool(att),
                             *(bool(x) for x in r.monster_marks(m)))
                     for m, t, space, dmg, att in r.monsters() if t < st.ntypes and space < st.nspaces)
    phase = h(V.H_PHASE)
    test = None
    if h(V.H_T_SEAT) < n and h(V.H_T_ATTR) < len(K.ATTRIBUTES) and phase in (K.PH_ROLL, K.PH_REROLL, K.PH_PREROLL):
        purpose = h(V.H_T_PURPOSE)
        test = AttributeTest(h(V.H_T_SEAT), K.ATTRIBUTES[h(V.H_T_ATTR)], h(V.H_T_TARGET),
                             K.PURPOSE_NAMES[purpose] if purpose < len(K.PURPOSE_NAMES) else "?", h(V.H_T_ROLL),
                             bool(h(V.H_T_LUCK)))
    winner = h(V.H_WINNER)
    return MansionsView(
        viewer=r.viewer, players=n, phase=K.PHASE_NAMES[phase],
        deciding=h(V.H_ACTOR) if h(V.H_ACTOR) != K.NONE else None, round=h(V.H_ROUND), threat=r.threat,
        event=min(h(V.H_EVENT) + 1, st.nevents), events=st.nevents, time_tokens=h(V.H_TOKENS),
        event_time=h(V.H_TIME), objective=objective, objective_revealed=bool(h(V.H_REVEALED)),
        winner=WINNERS[winner] if winner < len(WINNERS) else "?", guide_answers=answers,
        keeper_hand=h(V.H_HAND), mythos_deck=h(V.H_MDECK), investigators=tuple(invs), rooms=tuple(rooms),
        sealed_doors=doors, monsters=monsters,
        supply=tuple((st.type_name[t], r.supply(t)) for t in range(st.ntypes)),
        keeper_cards_used=tuple(st.kc_name[k] for k in range(st.nkcards) if r.kcard_used(k)),
        mythos_played=tuple(st.my_name[c] for c in range(st.nmythos) if r.mythos(c) == 2),
        mythos_hand=tuple(st.my_name[c] for c in range(st.nmythos) if r.mythos(c) == 1),
        discarded=tuple(st.card_name[c] for c in range(st.ncards) if r.card(c)[0] == V.CW_DISCARD),
        test=test,
        events_resolved=tuple(st.ev_name[r.event_row(k)] for k in range(st.nevents) if r.event_row(k) < st.nrows),
        fire=tuple(st.space_name[sp] for sp in range(st.nspaces) if r.fire(sp)),
        corpses=tuple(st.space_name[sp] for sp in range(st.nspaces) if r.corpse(sp)),
        flags=tuple(st.flag_name[f] for f in range(st.nflags) if r.flag(f)),
        trauma_pile=tuple(st.trauma_name[t] for t in range(st.ntrauma) if r.trauma(t) == K.NONE))
