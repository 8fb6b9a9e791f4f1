"""Exact odds of an attribute test: roll a d10, pass at or below the attribute (plus the test's
modifier); each skill point spent buys a reroll of a failed roll.

The seed refers to attribute tests without giving them (documented choice `attribute_test`, see
kernel/mansions/README.md). Every dice-based check of the kernel is such a test: lock tests,
puzzles, evading, horror checks, combat cards, spells and mythos tests; only the attribute and the
modifier differ.

With target t = clamp(attribute + modifier, 0, 10) and k rerolls (used only after a failure), the
test fails only when all k + 1 rolls fail:

    P(pass) = (10^(k+1) - (10 - t)^(k+1)) / 10^(k+1)

Canonical values are integers: `pass_fraction` gives the exact numerator and denominator,
`pass_fixed` the fixed-point round(p * 2^48) rounded half up once (the format of
kernel/eldersign/fixed.py), and `percent_hundredths` the percentage in hundredths with small ints
only (the handheld shows it without allocating big ints; up to MAX_SMALL_REROLLS rerolls).
"""

DIE = 10
FRAC_BITS = 48
ONE = 1 << FRAC_BITS
MAX_SMALL_REROLLS = 8          # 10^9 < 2^30: percent_hundredths stays in small ints


def target(attribute, modifier=0):
    """The highest passing roll: attribute + modifier, clamped to 0 .. 10."""
    t = attribute + modifier
    if t < 0:
        return 0
    if t > DIE:
        return DIE
    return t


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


def check_odds(attribute, modifier=0, rerolls=0):
    """A dict for scripts: target, exact fraction, fixed value and percentage."""
    t = target(attribute, modifier)
    num, den = pass_fraction(t, rerolls)
    return {"attribute": attribute, "modifier": modifier, "rerolls": rerolls, "target": t,
            "numerator": num, "denominator": den, "exact": pass_fixed(t, rerolls),
            "percent": percent_text(percent_hundredths(t, rerolls))}


def expected_loss_fraction(t, rerolls, loss):
    """(numerator, denominator) of the expected loss of a check that costs `loss` on failure (a
    horror check's sanity, an evade's damage, a monster attack's damage)."""
    num, den = pass_fraction(t, rerolls)
    return (den - num) * loss, den
