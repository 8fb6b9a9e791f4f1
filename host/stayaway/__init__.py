"""Stay Away! for library users (the front door), and its host side: the terminal game, the deck
generator and the simulator (`eldritch stayaway`).

    >>> from eldritch import stayaway
    >>> rules = stayaway.Rules()                    # options: see stayaway.Rules.__doc__
    >>> state = rules.new_game(seed=7, players=5)
    >>> state.current_player()                      # P1 (seats are 0-based; screens say P1..)
    0
    >>> acts = stayaway.actions(state)              # the legal actions, each with its words
    >>> acts[0].text
    'discard Infected!'
    >>> state.apply(acts[0].code)
    >>> v = stayaway.read_view(state, 0)            # what P1 may know, typed (StayAwayView)
    >>> v.role, [c.name for c in v.hand][:2], v.log[-1].text
    ('Human', ...)
    >>> [p.role for p in v.table]                   # a Human knows only their own role
    ['Human', None, None, None, None]
    >>> state.apply(acts[0].code)
    Traceback (most recent call last):
    ...
    eldritch.kernel.errors.KernelError: action: ...

- `Rules(options)`, `State`: the kernel game (kernel/surface.py's surface: `legal_actions`,
  `apply`, `view(p)` bytes, `action_text`, `serialize`, `replay`...), unchanged.
- `read_view(state, p) -> StayAwayView` is how to read a view: it decodes `state.view(p)` (bytes:
  everything p may know and nothing more) with `decode_view(bytes)`, which a bot or a server that
  holds only the bytes calls directly. `Card`, `Player`, `Decision`, `LogEntry`: its parts.
- `actions(state) -> list[Action]`: the legal actions with their text (`Action.code` is what
  `apply` takes).
- No odds functions: the game's chance is a shuffled deck and hidden roles (see `eldritch stayaway
  simulate` for win rates).
- `KernelError` for every bad input; `CHANCE`, `TERMINAL`: current_player()'s two special values.
"""

from eldritch.kernel.errors import KernelError
from eldritch.kernel.surface import CHANCE, TERMINAL

# imported when first used (PEP 562): `eldritch stayaway` imports this package before its cli
_LAZY = {"Rules": "..kernel.stayaway.game.rules", "State": "..kernel.stayaway.game.rules",
         "decode_view": ".view", "StayAwayView": ".view", "Card": ".view", "Player": ".view",
         "Decision": ".view", "LogEntry": ".view", "read_view": ".door", "actions": ".door",
         "Action": "..doors"}

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
