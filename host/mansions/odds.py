"""Mansions of Madness's exact odds for library users (exported by `eldritch.mansions`): an attribute
test (a d10 at or below the attribute plus the modifier, clamped 0-10; each skill point spent
rerolls a failed roll), from the kernel's `kernel/mansions/odds.py`, as `Chance`s.

    >>> from eldritch import mansions
    >>> mansions.attribute_test(4, modifier=-1, rerolls=2)
    Chance(num=657, den=1000)
    >>> [c.percent for c in mansions.attribute_table(4, skill=2)]     # 0, 1 and 2 skill points spent
    ['40.000000', '64.000000', '78.400000']
"""

from __future__ import annotations

from ..doors import Chance, check_int
from ..kernel.mansions import odds as _odds

__all__ = ["attribute_test", "attribute_table", "test_target"]


def test_target(attribute: int, modifier: int = 0) -> int:
    """The highest passing d10 roll: attribute + modifier, clamped to 0 .. 10."""
    return _odds.target(check_int("attribute", attribute, 0, 99), check_int("modifier", modifier, -99, 99))


def attribute_test(attribute: int, modifier: int = 0, rerolls: int = 0) -> Chance:
    """The chance of passing a test of `attribute` with `modifier`, spending up to `rerolls` skill
    points on rerolls of a failed roll."""
    t = test_target(attribute, modifier)
    num, den = _odds.pass_fraction(t, check_int("rerolls", rerolls, 0, 30))
    return Chance(num, den)


def attribute_table(attribute: int, modifier: int = 0, skill: int = 0) -> list[Chance]:
    """attribute_test for 0 .. `skill` skill points spent (what `eldritch mansions odds` prints)."""
    check_int("skill", skill, 0, 30)
    return [attribute_test(attribute, modifier, k) for k in range(skill + 1)]
