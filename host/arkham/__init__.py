"""Arkham Horror (1987) for library users (the front door), and its host side (`eldritch arkham`).

    >>> from eldritch import arkham
    >>> rules = arkham.Rules()                      # the demonstration board; see Rules.__doc__
    >>> state = rules.new_game(seed=7, players=2)
    >>> [a.text for a in arkham.actions(state)][:2]     # seat 1 picks an investigator first
    ['pick ...', 'pick ...']
    >>> state.apply(arkham.actions(state)[0].code)
    >>> v = arkham.read_view(state, 0)              # typed: an ArkhamView
    >>> v.seat(0).investigator is not None, v.seat(0).sanity == v.seat(0).max_sanity
    (True, True)
    >>> arkham.stealth(3).percent                   # odds: exact, with the fixed point
    '50.000000'
    >>> arkham.fight(strength=5, stamina=0)
    Traceback (most recent call last):
    ...
    eldritch.kernel.errors.KernelError: option: stamina must be a whole number 1 to 30, not 0

- `Rules(options)`, `State`: the kernel game (kernel/surface.py's surface: `legal_actions`, `apply`,
  `view(p)` bytes, `action_text`, `serialize`, `replay`...), unchanged.
- `read_view(state, p) -> ArkhamView` is how to read a view: it decodes `state.view(p)` with
  `decode_view(bytes, rules)` (for a bot or a server holding only the bytes). `Investigator`,
  `Monster`, `Gate`: its parts.
- `actions(state) -> list[Action]`: the legal actions with their text.
- Odds (exact `Chance`s): `fight`, `stealth`, `sanity_check`, `close_gate`, `reach`,
  `gate_chances`, `attack_bonus`; `FightOdds`, `SanityOdds`, `GateChance`.
- `KernelError` for every bad input; `CHANCE`, `TERMINAL`: current_player()'s two special values.
"""

from eldritch.kernel.errors import KernelError
from eldritch.kernel.surface import CHANCE, TERMINAL

# imported when first used (PEP 562): `eldritch arkham` imports this package before its cli
_LAZY = {"Rules": "..kernel.arkham.game.rules", "State": None, "decode_view": ".view", "read_view": ".door",
         "actions": ".door", "ArkhamView": ".view", "Investigator": ".view", "Monster": ".view",
         "Gate": ".view", "Action": "..doors", "Chance": "..doors", "fight": ".odds", "stealth": ".odds",
         "sanity_check": ".odds", "close_gate": ".odds", "reach": ".odds", "gate_chances": ".odds",
         "attack_bonus": ".odds", "FightOdds": ".odds", "SanityOdds": ".odds", "GateChance": ".odds"}

__all__ = ["KernelError", "CHANCE", "TERMINAL"] + sorted(_LAZY)


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError("module %r has no attribute %r" % (__name__, name))
    from importlib import import_module
    if name == "State":
        value = import_module("..kernel.arkham.game.rules", __name__).ArkhamGame
    else:
        value = getattr(import_module(_LAZY[name], __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
