"""The public odds API: cards, rolls, situations, exact odds and advice (what `from eldritch import ...`
gives for one adventure).

    >>> from eldritch import parse_card, Situation, odds
    >>> odds(parse_card("L L L | L I3"), Situation()).percent
    '3.518522'

The backend (the C core when it is built, else the pure-Python kernel; `ELDRITCH_BACKEND=python`
forces the fallback) is chosen when this module is imported (the odds API's first use); results are
identical on both.
Probabilities are exact: `Odds.exact` is round(p * 2^48) (rounded half up once per division, the
kernel's one rounding rule), `Odds.fraction` that value as a Fraction, `Odds.probability` a float (printed with the same digits
as the CLI's JSON).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Optional, Union

from eldritch.backend import get_backend
from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign import advice as _advice
from eldritch.kernel.eldersign import library as _library
from eldritch.kernel.eldersign.card import Card
from eldritch.kernel.eldersign.dice import NFACES
from eldritch.kernel.eldersign.fixed import ONE, decimal_text, percent_text
from eldritch.kernel.eldersign.notation import (format_roll, parse_card as _parse_card,
    parse_roll as _parse_roll)
from eldritch.kernel.eldersign.situation import Situation as _KernelSituation, terror_code
from eldritch.kernel.eldersign.solver import situation_value

__all__ = ["Card", "Roll", "Situation", "Odds", "Option", "Solver", "parse_card", "parse_roll", "odds",
           "advise", "backend_name"]

_BACKEND = get_backend(notice=False)

CardLike = Union[Card, str, "_library.LibraryCard"]


def backend_name() -> str:
    """The backend answering: "c" (the C core) or "python" (the pure-Python fallback)."""
    return _BACKEND.name


def parse_card(text: str) -> Card:
    """A card from notation v1 ("I3 > P P > L L"); KernelError naming the position when malformed.
    A library card's name is not notation: the error says so and how to get the card (a name is
    refused rather than taken, since it would bring that card's terror effect where notation brings
    none, and a mistyped notation could silently become another card's odds).

    >>> str(parse_card("i3 >p p > l  l"))
    'I3 > P P > L L'
    >>> parse_card("The Curator")
    Traceback (most recent call last):
    ...
    eldritch.kernel.errors.KernelError: card: 'The Curator' is not card notation but names a library card: use eldritch.library.get('The Curator') (The Curator, Core: L L L | L I3, terror none)
    """
    if not isinstance(text, str):
        raise KernelError("card", "card notation is a string, not %s" % type(text).__name__)
    try:
        return _parse_card(text)
    except KernelError:
        named = _library_card_named(text)
        if named is None:
            raise
        raise KernelError("card", "%r is not card notation but names a library card: use "
                          "eldritch.library.get(%r) (%s, %s: %s, terror %s)" % (
                              text, text, named.name, named.set, named.notation, named.terror)) from None


def _library_card_named(text: str):
    """The one library card `text` names (exactly or as a part of one name only), else None."""
    if not re.search(r"[^\W\d_]{3}", text):          # no word of three letters: no name (notation has none)
        return None
    from eldritch.eldersign import library
    try:
        return library.get(text)
    except KernelError:
        return None


class Roll:
    """Dice showing faces, by colour: what was rolled, or dice held aside. Made by `parse_roll`.

    >>> roll = parse_roll("I3 I1 L y:I4 r:W")
    >>> str(roll), len(roll)
    ('I1 I3 L y:I4 r:W', 5)
    """

    def __init__(self, counts: Iterable[int] = ()):
        data = bytearray(3 * NFACES)
        for i, k in enumerate(counts):
            data[i] = k
        self.counts = bytes(data)       # dice by colour * 8 + face (green 0-7, yellow 8-15, red 16-23)

    def __str__(self) -> str:
        return format_roll(self.counts)

    def __repr__(self) -> str:
        return "Roll(%r)" % str(self)

    def __len__(self) -> int:
        return sum(self.counts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Roll) and self.counts == other.counts

    def __hash__(self) -> int:
        return hash(self.counts)


def parse_roll(text: Union[str, Iterable[str]], what: str = "roll") -> Roll:
    """A roll from roll notation ("I3 I1 L P T y:I4 r:W"; colour prefix g:, y: or r:, default green),
    or from a list of faces (["I3", "I1", "y:I4"]).

    >>> parse_roll(["L", "L", "I2", "P"]) == parse_roll("L L I2 P")
    True
    """
    if isinstance(text, Roll):
        return text
    if isinstance(text, (list, tuple)):
        for i, face in enumerate(text):
            if not isinstance(face, str) or not face.strip() or " " in face.strip():
                raise KernelError(what, "a list of faces holds one face a string (I1-I4, L, P, T, W; "
                                  "y: or r: for colour), not %r at index %d" % (face, i))
        text = " ".join(face.strip() for face in text)
    if not isinstance(text, str):
        raise KernelError(what, "a %s is roll notation (\"L L I2 P\") or a list of faces, not %s"
                          % (what, type(text).__name__))
    return Roll(_parse_roll(text, what))


@dataclass(frozen=True)
class Situation:
    """What the investigator brings: dice, focus, spells and clues to use, the card's terror effect,
    current sanity and stamina. The defaults are the CLI's (six green dice, focus 1).

    `terror` is "none", "fail" or "discard", or None for the library card's own (else "none");
    `sanity`/`stamina` None mean no limit, a number forbids tasks whose costs would bring it to 0.

    >>> Situation(green=7, yellow=True, clues=1)
    Situation(green=7, yellow=True, red=False, focus=1, spells=0, clues=1, terror=None, sanity=None, stamina=None)
    >>> Situation(green=9)
    Traceback (most recent call last):
    ...
    eldritch.kernel.errors.KernelError: option: green dice must be 0 to 8, not 9
    """

    green: int = 6
    yellow: bool = False
    red: bool = False
    focus: int = 1
    spells: int = 0
    clues: int = 0
    terror: Optional[str] = None
    sanity: Optional[int] = None
    stamina: Optional[int] = None

    def __post_init__(self) -> None:
        for name in ("green", "focus", "spells", "clues", "sanity", "stamina"):
            value = getattr(self, name)
            if (value is not None or name in ("green", "focus", "spells", "clues")) and (
                    not isinstance(value, int) or isinstance(value, bool)):
                raise KernelError("option", "%s must be a whole number, not %r" % (name, value))
        for name in ("yellow", "red"):
            value = getattr(self, name)
            if not isinstance(value, int) or value not in (0, 1):
                raise KernelError("option", "%s is True or False, not %r" % (name, value))
        if self.terror is not None and not isinstance(self.terror, str):
            raise KernelError("option", "terror is \"none\", \"fail\", \"discard\" or None, not %r" % (self.terror,))
        if self.sanity == 0 or self.stamina == 0:
            raise KernelError("option", "sanity and stamina must be 1 or more (None: no limit)")
        self.kernel("none")                      # every range checked now

    def kernel(self, card_terror: str = "none") -> _KernelSituation:
        """The kernel's Situation (terror as the card's own when this one says None)."""
        terror = self.terror if self.terror is not None else card_terror
        return _KernelSituation(self.green, self.yellow, self.red, self.focus, self.spells, self.clues,
                                terror_code(terror), self.sanity or 0, self.stamina or 0)


@dataclass(frozen=True)
class Odds:
    """An exact probability: `exact` is round(p * 2^48), `probability` its float, `fraction` its
    Fraction (exact / 2^48), `percent` six decimals rounded half up from the exact value."""

    exact: int

    @property
    def probability(self) -> float:
        # the float of the 15-decimal text the CLIs print (within 1e-15 of exact / 2^48), so that
        # printing it shows the same digits as `eldritch odds --json`
        return float(decimal_text(self.exact))

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.exact, ONE)

    @property
    def numerator(self) -> int:
        return self.fraction.numerator

    @property
    def denominator(self) -> int:
        return self.fraction.denominator

    @property
    def percent(self) -> str:
        return percent_text(self.exact)

    def __float__(self) -> float:
        return self.probability

    def __str__(self) -> str:
        return self.percent + "%"


@dataclass(frozen=True)
class Option:
    """One thing the player may do after a roll: its kind ("complete", "reroll", "hold", "fail"),
    its text (as `eldritch advise` prints it) and the odds of completing the card after it."""

    kind: str
    action: str
    odds: Odds


def _situation(situation: Optional[Situation]) -> Situation:
    if situation is None:
        return Situation()
    if not isinstance(situation, Situation):
        raise KernelError("option", "a situation is an eldritch.Situation, not %s" % type(situation).__name__)
    return situation


def _card_and_terror(card: CardLike) -> tuple[Card, str]:
    if isinstance(card, str):
        return parse_card(card), "none"
    if isinstance(card, _library.LibraryCard):
        return card.card(), card.terror
    if isinstance(card, Card):
        return card, "none"
    raise KernelError("card", "expected a Card, card notation or a library card, not %r" % (card,))


class Solver:
    """Exact odds and advice for one card, reused across many questions (values are memoised, so
    asking the six usual dice sets costs little more than the largest).

    >>> s = Solver(parse_card("I3 > P P > L L"))
    >>> [s.odds(Situation(green=g)).percent for g in (5, 6)]
    ['0.219219', '2.716079']
    """

    def __init__(self, card: CardLike):
        self.card, self._card_terror = _card_and_terror(card)
        self._solvers: dict = {}

    def _solver_for(self, sit: _KernelSituation):
        key = sit.limits()
        solver = self._solvers.get(key)
        if solver is None:
            solver = _BACKEND.make_solver(self.card, *key)
            self._solvers[key] = solver
        return solver

    def odds(self, situation: Optional[Situation] = None) -> Odds:
        """The odds of completing the card from the start under optimal play."""
        sit = _situation(situation).kernel(self._card_terror)
        return Odds(situation_value(self._solver_for(sit), sit))

    def advise(self, roll: Union[Roll, str, list], situation: Optional[Situation] = None,
               held: Union[Roll, str, list, None] = None, done: Iterable[int] = ()) -> list[Option]:
        """Every legal option for `roll` (the dice just rolled: a Roll, roll notation or a list of
        faces), best first; `held` are dice held
        aside by focus or spells, `done` the numbers (from 1) of the tasks already completed; the
        situation's focus, spells and clues are those left (its dice are the roll's)."""
        sit = _situation(situation).kernel(self._card_terror)
        roll = parse_roll(roll)
        held = Roll() if held is None else parse_roll(held, "held")
        mask = 0
        if isinstance(done, (str, bytes)) or not isinstance(done, Iterable):
            raise KernelError("option", "done is a list of task numbers (from 1), not %r" % (done,))
        for t in done:
            if not (isinstance(t, int) and 1 <= t <= len(self.card.tasks)):
                raise KernelError("option", "done takes task numbers 1 to %d, not %r" % (len(self.card.tasks), t))
            mask |= 1 << (t - 1)
        options = _advice.advise(self._solver_for(sit), bytearray(roll.counts), sit, bytearray(held.counts), mask)
        return [Option(o.kind, o.text, Odds(o.value)) for o in options]


def odds(card: CardLike, situation: Optional[Situation] = None) -> Odds:
    """The exact probability of completing `card` (a Card, its notation, or a library card, whose
    terror effect then applies) from `situation` under optimal play.

    >>> odds("P P > L L", Situation(green=6, yellow=True, red=True)).percent
    '65.468503'
    """
    return Solver(card).odds(situation)


def advise(card: CardLike, roll: Union[Roll, str, list], situation: Optional[Situation] = None,
           held: Union[Roll, str, list, None] = None, done: Iterable[int] = ()) -> list[Option]:
    """Every legal option after `roll` (notation or a list of faces), best first, with its odds
    (see Solver.advise).

    >>> best = advise("I3 > P P > L L", "I3 I1 P P T L y:I4 r:W")[0]
    >>> best.kind, best.action
    ('complete', 'complete task 1 (I3) with I3')
    >>> advise("L L L | L I3", ["L", "L", "I2", "P"], held=["L"], done=[2])[0].action
    'complete task 1 (L L L) with L L + held L'
    """
    return Solver(card).advise(roll, situation, held, done)
