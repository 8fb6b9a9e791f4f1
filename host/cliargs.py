"""The argparse types of every command's number flags: each number has a range, and a number out of
it (twenty digits, 1e400, nan, inf, a minus sign where none belongs) is refused in one line before
the command runs, never passed on to overflow a C int or to loop without bound.

    p.add_argument("--seed", type=SEED)                        # 0 to 2^30 - 1, the kernel's seeds
    p.add_argument("--games", type=GAMES)                      # 1 to 100,000,000, every --games alike
    p.add_argument("--doom", type=whole(0, 1000, "--doom"))
    p.add_argument("--bot-delay", type=seconds(0, 60, "--bot-delay"))

Whole numbers are ASCII digits (a leading minus only where the range goes below 0): '²' and other
Unicode digits are refused as int() would not refuse them all.
"""

from __future__ import annotations

import argparse
import math

MAX_GAMES = 100_000_000
SEED_LIMIT = 1 << 30                  # the kernel's seeds: 0 to 2^30 - 1 (kernel/prng.py)
MAX_FD = (1 << 20) - 1


def whole(low: int, high: int, what: str = ""):
    """An argparse type: a whole number low..high (ASCII digits), else one line naming the range
    (argparse puts the flag's name before it; `what` is kept for the reader of the code)."""
    def parse(text: str) -> int:
        t = text.strip()
        digits = t[1:] if t.startswith("-") and low < 0 else t
        if not digits or len(digits) > 18 or not digits.isascii() or not digits.isdigit():
            raise argparse.ArgumentTypeError("expected a whole number %d to %d, not %r" % (low, high, text[:20]))
        value = int(t)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError("expected a whole number %d to %d, not %s" % (low, high, t[:20]))
        return value
    return parse


def decimal(low: float, high: float, what: str = "", unit: str = ""):
    """An argparse type: a finite decimal number low..high, else one line naming the range."""
    def parse(text: str) -> float:
        t = text.strip()
        try:
            value = float(t) if t.isascii() and len(t) <= 30 else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError("expected %g to %g%s, not %r" % (low, high, unit, text[:20]))
        return value
    return parse


def seconds(low: float, high: float, what: str = ""):
    """An argparse type: seconds low..high (decimal)."""
    return decimal(low, high, what, " seconds")


SEED = whole(0, SEED_LIMIT - 1, "the seed")
GAMES = whole(1, MAX_GAMES, "the number of games")
FD = whole(0, MAX_FD, "the file descriptor")
