"""What an Elder Sign seat sees, as a typed, documented object: `eldritch.read_view(game, seat)`.

Elder Sign is cooperative: every seat sees the whole table, and `game.view(seat)` (the kernel
surface's bytes) differs between seats only in the seat number; it leaves out the decks' order and
the PRNGs, and is meant for comparing what seats know (equal bytes, equal knowledge), not for
parsing. The documented reader is this module: it reads the kernel's table snapshot
(`kernel/eldersign/game/table.py`, the entry point every screen and log uses, which reads only what
is on the table) into frozen dataclasses.

    >>> import eldritch
    >>> game = eldritch.Game(eldritch.GameData(), players=2, seed=7)
    >>> v = eldritch.read_view(game, 0)
    >>> v.ancient_one, v.doom, v.deciding, v.attempt is None
    ('Yog-Sothoth', 0, 0, True)
    >>> len(v.adventures), v.adventures[0].tasks[0] != ""
    (6, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.adventure import P_DECIDE
from eldritch.kernel.eldersign.dice import GREEN, YELLOW, RED
from eldritch.kernel.eldersign.notation import format_roll, format_task
from eldritch.kernel.eldersign.situation import TERROR_NAMES
from eldritch.kernel.eldersign.game import table as _table

__all__ = ["Adventure", "Seat", "Attempt", "GameView", "read_view"]


@dataclass(frozen=True)
class Adventure:
    """An adventure (or Other World) in its slot: `slot` (0-based), `name`, its current `tasks` in
    card notation (monsters' tasks included) with `ordered` (top to bottom), which are `done` (only
    while it is being attempted), the `terror` effect ("none", "fail", "discard"), its `trophy`
    value, the `monsters` on it, the seats of the investigators `here`, the colour of the die it
    `locks` (None), whether it is an `other_world` and whether it is being `attempted`."""

    slot: int
    name: str
    tasks: tuple[str, ...]
    ordered: bool
    done: tuple[bool, ...]
    terror: str
    trophy: int
    monsters: tuple[str, ...]
    here: tuple[int, ...]
    locks: Optional[str]
    other_world: bool
    attempted: bool

    @property
    def notation(self) -> str:
        """The tasks as one card in notation v1 ("I3 > P P > L L")."""
        return (" > " if self.ordered else " | ").join(self.tasks)


@dataclass(frozen=True)
class Seat:
    """A seat: its `investigator` (None while choosing), `state` ("playing", "devoured, choosing",
    "devoured, out of the game"), sanity and stamina with their maxima, clues, trophy total, `where`
    in words, the `slot` it is on (None elsewhere), the cards in `hand`, whether it `assisted` this
    round and its `ability` text."""

    seat: int
    investigator: Optional[str]
    state: str
    sanity: int
    max_sanity: int
    stamina: int
    max_stamina: int
    clues: int
    trophies: int
    where: str
    slot: Optional[int]
    hand: tuple[str, ...]
    assisted: bool
    ability: str


@dataclass(frozen=True)
class Attempt:
    """The adventure (or the attack on the Ancient One: `slot` None) being rolled: its `name`, tasks,
    which are `done`, the dice in the pool (`green`, `yellow`, `red`), the `roll` on the table (dice
    notation, None before the roll), the dice `held` by focus or spells, and the focus, spells and
    clues left."""

    slot: Optional[int]
    name: str
    tasks: tuple[str, ...]
    ordered: bool
    done: tuple[bool, ...]
    terror: str
    green: int
    yellow: int
    red: int
    roll: Optional[str]
    held: str
    focus: int
    spells: int
    clues: int


@dataclass(frozen=True)
class GameView:
    """What `seat` sees of the game: the Ancient One, its `doom` track (of `doom_max`), elder signs
    (of `elder_signs_needed`), the clock (`hour`, `clock` in words), the `turn`, the final `battle`,
    `over` and `won`, the mythos card in effect and the `lasting` ones, the `locked_dice` (colour,
    by what), the `phase` and the `question` asked in words, the `active_seat`, the seat `deciding`
    (None when dice are to be rolled or at the end), every adventure, every seat, and the attempt
    under way."""

    seat: int
    players: int
    ancient_one: str
    doom: int
    doom_max: int
    elder_signs: int
    elder_signs_needed: int
    hour: int
    clock: str
    turn: int
    battle: bool
    over: bool
    won: bool
    mythos: Optional[str]
    lasting: tuple[str, ...]
    locked_dice: tuple[tuple[str, str], ...]
    phase: str
    question: str
    active_seat: int
    deciding: Optional[int]
    adventures: tuple[Adventure, ...]
    seats: tuple[Seat, ...]
    attempt: Optional[Attempt]


def _tasks(adv, done_mask):
    tasks = tuple(format_task(t) for t in adv.card.tasks)
    return tasks, bool(adv.card.ordered), tuple(bool(done_mask & (1 << i)) for i in range(len(tasks)))


def read_view(game, seat: int) -> GameView:
    """The typed view of what `seat` sees of `game` (an eldritch.Game); KernelError on a bad seat."""
    from eldritch.kernel.eldersign.game.machine import Game
    if not isinstance(game, Game):
        raise KernelError("view", "expected an eldritch.Game, not %s" % type(game).__name__)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise KernelError("view", "no seat %r in a %d-player game" % (seat, game.players))
    t = _table.snapshot(game)
    adventures = []
    for s in t.slots:
        tasks, ordered, done = _tasks(s.adventure, s.adventure.done_mask() if s.attempted else 0)
        adventures.append(Adventure(
            slot=s.slot, name=s.name, tasks=tasks, ordered=ordered, done=done, terror=TERROR_NAMES[s.terror],
            trophy=s.trophy, monsters=tuple(s.monsters), here=tuple(s.here),
            locks=_table.COLOURS[s.lock] if 0 <= s.lock < 3 else None, other_world=bool(s.other_world),
            attempted=bool(s.attempted)))
    seats = []
    for v in t.seats:
        if v.name is None:
            seats.append(Seat(v.seat, None, v.state, 0, 0, 0, 0, 0, 0, "", None, (), False, ""))
            continue
        seats.append(Seat(
            seat=v.seat, investigator=v.name, state=v.state, sanity=v.sanity, max_sanity=v.max_sanity,
            stamina=v.stamina, max_stamina=v.max_stamina, clues=v.clues, trophies=v.trophies, where=v.where,
            slot=v.slot if v.slot >= 0 else None, hand=tuple(v.hand), assisted=v.assisted, ability=v.ability))
    attempt = None
    if t.attempt is not None:
        a = t.attempt.adventure
        tasks, ordered, done = _tasks(a, a.done_mask())
        focus, spells, clues = a.uses()
        attempt = Attempt(
            slot=t.attempt.slot if t.attempt.slot >= 0 else None, name=t.attempt.name, tasks=tasks,
            ordered=ordered, done=done, terror=TERROR_NAMES[t.attempt.terror], green=a.pool_dice(GREEN),
            yellow=a.pool_dice(YELLOW), red=a.pool_dice(RED),
            roll=format_roll(a.roll_counts) if a.phase() == P_DECIDE else None, held=format_roll(a.held),
            focus=focus, spells=spells, clues=clues)
    return GameView(
        seat=seat, players=game.players, ancient_one=t.ao_name, doom=t.doom, doom_max=t.doom_top,
        elder_signs=t.elder, elder_signs_needed=t.elder_need, hour=t.clock, clock=t.clock_text, turn=t.turn,
        battle=t.battle, over=t.over, won=t.won, mythos=t.mythos, lasting=tuple(t.lasting),
        locked_dice=tuple(t.locks), phase=t.phase, question=t.question, active_seat=t.active_seat,
        deciding=t.to_act if t.to_act >= 0 else None, adventures=tuple(adventures), seats=tuple(seats),
        attempt=attempt)
