"""Mansions of Madness (first edition) for library users (the front door), and its host side
(`eldritch mansions`).

    >>> from eldritch import mansions
    >>> rules = mansions.Rules()                    # the demonstration story; see Rules.__doc__
    >>> state = rules.new_game(seed=7, players=3)   # the keeper (seat 0) and two investigators
    >>> [a.text for a in mansions.actions(state)][0]    # the keeper answers the guide's questions
    'guide question 1: The cult means to finish the rite (objective 1).'
    >>> while state.current_player() == 0:
    ...     state.apply(mansions.actions(state)[0].code)
    >>> keeper, seat1 = mansions.read_view(state, 0), mansions.read_view(state, 1)
    >>> keeper.objective is not None, seat1.objective      # the objective is the keeper's secret
    (True, None)
    >>> mansions.attribute_test(4, modifier=-1, rerolls=2).percent
    '65.700000'
    >>> mansions.attribute_test(4, rerolls=-1)
    Traceback (most recent call last):
    ...
    eldritch.kernel.errors.KernelError: option: rerolls must be a whole number 0 to 30, not -1

- `Rules(options)`, `State`: the kernel game (kernel/surface.py's surface: `legal_actions`, `apply`,
  `view(p)` bytes, `action_text`, `serialize`, `replay`...), unchanged.
- `read_view(state, p) -> MansionsView` is how to read a view: it decodes `state.view(p)` with
  `decode_view(bytes, rules)` (for a bot or a server holding only the bytes). `Objective`,
  `InvestigatorSeat`, `Room`, `Monster`, `AttributeTest`: its parts.
- `actions(state) -> list[Action]`: the legal actions with their text.
- Odds (exact `Chance`s): `attribute_test`, `attribute_table`, `test_target`.
- `KernelError` for every bad input; `CHANCE`, `TERMINAL`: current_player()'s two special values.
"""

from eldritch.kernel.errors import KernelError
from eldritch.kernel.surface import CHANCE, TERMINAL

# imported when first used (PEP 562): `eldritch mansions` imports this package before its cli
_LAZY = {"Rules": "..kernel.mansions.game.rules", "State": "..kernel.mansions.game.rules",
         "decode_view": ".view", "read_view": ".door", "actions": ".door", "MansionsView": ".view",
         "Objective": ".view", "InvestigatorSeat": ".view", "Room": ".view", "Monster": ".view",
         "AttributeTest": ".view", "Action": "..doors", "Chance": "..doors", "attribute_test": ".odds",
         "attribute_table": ".odds", "test_target": ".odds"}

__all__ = ["KernelError", "CHANCE", "TERMINAL"] + sorted(_LAZY)


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError("module %r has no attribute %r" % (__name__, name))
    from importlib import import_module
    value = getattr(import_module(_LAZY[name], __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
