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
- `Game`, `GameData`: the whole Elder Sign game as a state machine (kernel/eldersign/game/);
  `read_view(game, seat) -> GameView` reads what a seat sees (typed; `game.view(seat)` is the
  kernel surface's bytes, for comparing, not parsing), `actions(game) -> list[Action]` the legal
  actions with their words.
- The other games' front doors: `eldritch.stayaway`, `eldritch.arkham`, `eldritch.mansions`
  (the same shape: `Rules`, `read_view`, `actions`, their odds, `KernelError`).
- `KernelError`: every bad input (notation, options, saves, illegal actions), one line naming it.
- `backend_name()`: "c" when the C core answers (when built; chosen at the odds API's first use),
  else "python"; `ELDRITCH_BACKEND=python` forces the pure-Python fallback. Results are identical.
"""

from eldritch.kernel import VERSION as __version__
from eldritch.kernel.errors import KernelError

# Each name is imported when first used (PEP 562), not with the package: `eldritch play` and every
# other command import `eldritch` first, and the odds API (dataclasses, fractions, typing, the
# backend's choice) is not theirs to pay for at start-up.
_LAZY = {"Card": "eldersign.solving", "Roll": "eldersign.solving", "Situation": "eldersign.solving",
         "Odds": "eldersign.solving", "Option": "eldersign.solving", "Solver": "eldersign.solving",
         "parse_card": "eldersign.solving", "parse_roll": "eldersign.solving", "odds": "eldersign.solving",
         "advise": "eldersign.solving", "backend_name": "eldersign.solving", "library": "eldersign.library",
         "GameData": "kernel.eldersign.game.data", "Game": "kernel.eldersign.game.machine",
         "read_view": "eldersign.door", "actions": "eldersign.door", "GameView": "eldersign.view",
         "Action": "doors"}

__all__ = ["__version__", "KernelError", "Card", "Roll", "Situation", "Odds", "Option", "Solver",
           "parse_card", "parse_roll", "odds", "advise", "backend_name", "library", "Game", "GameData",
           "read_view", "actions", "GameView", "Action"]


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError("module 'eldritch' has no attribute %r" % name)
    from importlib import import_module
    value = import_module("." + _LAZY[name], __name__)
    if name != "library":              # the library is a module; every other name is one of its module's
        value = getattr(value, name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
