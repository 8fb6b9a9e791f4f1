"""Eldritch: a rules kernel for Lovecraftian board games, as a Python library.

The front door (everything a library user needs is importable from here):

    >>> import eldritch
    >>> card = eldritch.parse_card("L L L | L I3")
    >>> eldritch.odds(card, eldritch.Situation()).percent
    '3.518522'

- `Card`, `parse_card`; `Roll`, `parse_roll`; `Situation`: an adventure card, dice, and what the
  investigator brings (defaults as the CLI: six green dice, focus 1).
- `odds(card, situation) -> Odds` (exact: `Odds.exact` is round(p * 2^48), `.probability` a float,
  `.fraction` a Fraction); `advise(card, roll, situation, held, done) -> list[Option]`, best first;
  `Solver(card)` answers many questions on one card.
- `library`: the 372 adventures by name (`library.get("curator")`), search and set.
- `Game`, `GameData`: the whole Elder Sign game as a state machine (kernel/eldersign/game/).
- `KernelError`: every bad input (notation, options, saves, illegal actions), one line naming it.
- `backend_name()`: "c" when the C core answers (chosen at import when built), else "python";
  `ELDRITCH_BACKEND=python` forces the pure-Python fallback. Results are identical on both.
"""

from .kernel import VERSION as __version__
from .kernel.errors import KernelError
from .solving import Card, Roll, Situation, Odds, Option, Solver, parse_card, parse_roll, odds, advise, backend_name
from . import library
from .kernel.eldersign.game.data import GameData
from .kernel.eldersign.game.machine import Game

__all__ = ["__version__", "KernelError", "Card", "Roll", "Situation", "Odds", "Option", "Solver",
           "parse_card", "parse_roll", "odds", "advise", "backend_name", "library", "Game", "GameData"]
