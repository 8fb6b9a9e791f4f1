"""Mansions of Madness's exact odds for library users (exported by `eldritch.mansions`): an attribute
test (a d10 at or below the attribute plus the modifier; first edition: a 1 always passes and a 10
always fails, and a skill point spent before the roll adds the investigator's Luck; the engine's
earlier choices: the target clamped 0-10, each skill point rerolling a failed roll), from the
kernel's `kernel/mansions/odds.py`, as `Chance`s.

    >>> from eldritch import mansions
    >>> mansions.attribute_test(4, modifier=-1), mansions.attribute_test(4, modifier=-1, luck=3)
    (Chance(num=3, den=10), Chance(num=6, den=10))
    >>> mansions.attribute_test(12), mansions.attribute_test(12, natural=False)     # a 10 always fails
    (Chance(num=9, den=10), Chance(num=10, den=10))
    >>> mansions.attribute_test(4, modifier=-1, rerolls=2)          # skill_points=reroll
    Chance(num=657, den=1000)
    >>> [c.percent for c in mansions.attribute_table(4, skill=2)]     # 0, 1 and 2 skill points rerolled
    ['40.000000', '64.000000', '78.400000']
"""

from __future__ import annotations

from eldritch.doors import Chance, check_int
from eldritch.kernel.mansions import odds as _odds

__all__ = ["attribute_test", "attribute_table", "test_target"]


def test_target(attribute: int, modifier: int = 0, natural: bool = True) -> int:
    """The highest passing d10 roll: attribute + modifier, kept in 1 .. 9 (natural: the first edition's
    1 and 10) or clamped to 0 .. 10."""
    return _odds.target(check_int("attribute", attribute, 0, 99), check_int("modifier", modifier, -99, 99),
                        bool(natural))


def attribute_test(attribute: int, modifier: int = 0, rerolls: int = 0, luck: int | None = None,
                   natural: bool = True) -> Chance:
    """The chance of passing a test of `attribute` with `modifier`: with `luck`, a skill point spent
    before the roll adds it (first edition); with `rerolls`, up to that many skill points reroll a
    failed roll (the option skill_points=reroll)."""
    attribute = check_int("attribute", attribute, 0, 99)
    bonus = 0 if luck is None else check_int("luck", luck, 0, 10)
    t = test_target(attribute + bonus, modifier, natural)
    num, den = _odds.pass_fraction(t, check_int("rerolls", rerolls, 0, 30))
    return Chance(num, den)


def attribute_table(attribute: int, modifier: int = 0, skill: int = 0, natural: bool = True) -> list[Chance]:
    """attribute_test for 0 .. `skill` skill points spent on rerolls (the option skill_points=reroll)."""
    check_int("skill", skill, 0, 30)
    return [attribute_test(attribute, modifier, k, natural=natural) for k in range(skill + 1)]
