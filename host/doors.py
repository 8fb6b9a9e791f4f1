"""What the games' front doors share: an action with its text, an exact chance, argument checks.

`eldritch` (Elder Sign) and `eldritch.<game>` for every other game of the registry each export
`actions(state) -> list[Action]` (the legal actions now, each with its words as the acting player
reads them) and, where the game has odds, functions that return `Chance`s (an exact probability
num/den with the kernel's fixed point). Bad arguments are a KernelError naming them, never a raw
TypeError, IndexError or AttributeError from deep inside.

    >>> from eldritch.doors import Chance
    >>> c = Chance(5, 6)
    >>> c.percent, c.exact == round(5 / 6 * 2 ** 48), str(c)
    ('83.333333', True, '83.333333% (5/6)')
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from fractions import Fraction

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.fixed import ONE, percent_text, decimal_text

__all__ = ["Action", "Chance", "actions", "check_int", "check_seat", "check_state"]


@dataclass(frozen=True)
class Action:
    """A legal action: `code` (the kernel's integer, what `state.apply` takes; no person needs to
    read it) and `text` (the action in words, as the player deciding may read it)."""

    code: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Chance:
    """An exact probability `num`/`den`. `exact` is the kernel's fixed point round(p * 2^48) (half
    up, one division), `fraction` a Fraction, `probability` a float, `percent` six decimals rounded
    half up from `exact` (as Elder Sign's odds print)."""

    num: int
    den: int

    def __post_init__(self) -> None:
        if self.den <= 0 or not 0 <= self.num <= self.den:
            raise KernelError("odds", "a probability needs 0 <= num <= den, den > 0 (%r/%r)" % (self.num, self.den))

    @property
    def exact(self) -> int:
        return ((self.num << 49) + self.den) // (self.den << 1)

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.num, self.den)

    @property
    def probability(self) -> float:
        return float(decimal_text(self.exact))

    @property
    def percent(self) -> str:
        return percent_text(self.exact)

    def __float__(self) -> float:
        return self.probability

    def __str__(self) -> str:
        return "%s%% (%d/%d)" % (self.percent, self.num, self.den)


def check_int(name: str, value, low: int, high: int) -> int:
    """value when it is a whole number in low..high, else KernelError("option", ...)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise KernelError("option", "%s must be a whole number %d to %d, not %r" % (name, low, high, value))
    return value


def check_state(state, kind, game: str):
    """state when it is a `kind` (the game's state class), else KernelError("state", ...)."""
    if not isinstance(state, kind):
        raise KernelError("state", "expected a %s state (from Rules().new_game), not %s" % (game, type(state).__name__))
    return state


def check_seat(state, player) -> int:
    """player when it is a seat of state's game, else KernelError("player", ...)."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.players:
        raise KernelError("player", "no player %r in a %d-player game (seats 0 to %d)"
                          % (player, state.players, state.players - 1))
    return player


def actions(state, max_actions: int) -> list[Action]:
    """The legal actions of state now, each with its text (allocates: for people and scripts; a
    per-step loop keeps its own buffer and calls state.legal_actions)."""
    buf = array("i", [0]) * max_actions
    n = state.legal_actions(buf)
    return [Action(buf[i], state.action_text(buf[i])) for i in range(n)]
