"""Exact odds of an attribute test: roll a d10, pass at or below the attribute plus the test's
modifier; under the first edition's rule (the default, `natural_rolls`) a roll of 1 always passes and
a 10 always fails, so the target is kept in 1 .. 9 (the option clamped keeps it in 0 .. 10). A skill
point spent before the roll adds the investigator's Luck (first edition, `skill_points=luck`, at most
one a test); with the option skill_points=reroll each point spent rerolls a failed roll instead.

The seed refers to attribute tests without giving them (documented choices in
kernel/mansions/game/choices.py). Every dice-based check of the kernel is such a test: lock tests,
puzzles, evading, horror checks, combat cards, spells and mythos tests; only the attribute and the
modifier differ.

With target t and k rerolls (used only after a failure), the test fails only when all k + 1 rolls
fail:

    P(pass) = (10^(k+1) - (10 - t)^(k+1)) / 10^(k+1)

A skill point for Luck L is the same formula with k = 0 at the target of attribute + L + modifier.

Canonical values are integers: `pass_fraction` gives the exact numerator and denominator,
`pass_fixed` the fixed-point round(p * 2^48) rounded half up once (the format of
kernel/eldersign/fixed.py), and `percent_hundredths` the percentage in hundredths with small ints
only (the handheld shows it without allocating big ints; up to MAX_SMALL_REROLLS rerolls).
"""

DIE = 10
FRAC_BITS = 48
ONE = 1 << FRAC_BITS
MAX_SMALL_REROLLS = 8          # 10^9 < 2^30: percent_hundredths stays in small ints


def target(attribute, modifier=0, natural=True):
    """The highest passing roll: attribute + modifier, kept in 1 .. 9 (natural: a 1 always passes,
    a 10 always fails) or, natural False, clamped to 0 .. 10."""
    t = attribute + modifier
    low = 1 if natural else 0
    high = DIE - 1 if natural else DIE
    if t < low:
        return low
    if t > high:
        return high
    return t


def luck_target(attribute, modifier, luck, natural=True):
    """The target when a skill point adds the investigator's Luck to the attribute (first edition)."""
    return target(attribute + luck, modifier, natural)


def pass_fraction(t, rerolls=0):
    """(numerator, denominator) of passing at target t (0 .. 10) with up to `rerolls` rerolls."""
    if not 0 <= t <= DIE or rerolls < 0:
        raise ValueError("target 0..10 and rerolls >= 0")
    n = rerolls + 1
    den = DIE ** n
    return den - (DIE - t) ** n, den


def pass_fixed(t, rerolls=0):
    """The probability as round(p * 2^48), half up."""
    num, den = pass_fraction(t, rerolls)
    return (num * ONE + den // 2) // den


def percent_hundredths(t, rerolls=0):
    """The probability in hundredths of a percent (0 .. 10000), rounded half up, small ints only."""
    if rerolls > MAX_SMALL_REROLLS:
        num, den = pass_fraction(t, rerolls)
        return (num * 10000 + den // 2) // den
    n = rerolls + 1
    den = 1
    fail = 1
    for _ in range(n):
        den *= DIE
        fail *= DIE - t
    num = den - fail
    if n <= 4:
        scale = 1
        for _ in range(4 - n):
            scale *= DIE
        return num * scale
    div = 1
    for _ in range(n - 4):
        div *= DIE
    return (num + div // 2) // div


def percent_text(hundredths):
    """'75.00' from 7500."""
    frac = hundredths % 100
    return "%d.%s%d" % (hundredths // 100, "0" if frac < 10 else "", frac)


def check_odds(attribute, modifier=0, rerolls=0, natural=True):
    """A dict for scripts: target, exact fraction, fixed value and percentage."""
    t = target(attribute, modifier, natural)
    num, den = pass_fraction(t, rerolls)
    return {"attribute": attribute, "modifier": modifier, "rerolls": rerolls, "target": t,
            "numerator": num, "denominator": den, "exact": pass_fixed(t, rerolls),
            "percent": percent_text(percent_hundredths(t, rerolls))}


def expected_loss_fraction(t, rerolls, loss):
    """(numerator, denominator) of the expected loss of a check that costs `loss` on failure (a
    horror check's sanity, an evade's damage, a monster attack's damage)."""
    num, den = pass_fraction(t, rerolls)
    return (den - num) * loss, den
