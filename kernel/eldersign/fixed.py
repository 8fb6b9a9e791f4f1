"""Fixed-point probabilities: the one canonical number format shared by every backend.

A probability p is held as the integer round(p * 2**48). Every stored value is an exact rational
rounded once, at its own division, half up: round(num / den) = (num + den // 2) // den. Sums of
weighted values are exact integers (plain ints in Python, 128-bit in C), so results agree bit for
bit between the C core, CPython and MicroPython. Floats are for display only.
"""

FRAC_BITS = 48
ONE = 1 << FRAC_BITS


def div_round(num, den):
    """num / den rounded half up, for non-negative num and positive den."""
    return (num + den // 2) // den


def to_float(value):
    """For display only."""
    return value / ONE


def exact_text(value):
    """The canonical value as text: numerator over 2^48."""
    return "%d/%d" % (value, ONE)


def percent_text(value, digits=6):
    """A percentage with `digits` decimals, rounded half up from the exact value, integers only."""
    scale = 10 ** digits
    q = div_round(value * 100 * scale, ONE)
    frac = str(q % scale)
    return "%d.%s" % (q // scale, "0" * (digits - len(frac)) + frac)


def decimal_text(value, digits=15):
    """The probability as a decimal with `digits` places, rounded half up, by integer maths only
    (so every runtime, the board's single-precision floats included, prints the same digits)."""
    scale = 10 ** digits
    q = div_round(value * scale, ONE)
    frac = str(q % scale)
    return "%d.%s" % (q // scale, "0" * (digits - len(frac)) + frac)
