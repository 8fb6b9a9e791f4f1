"""Whole numbers typed by a person (CLI arguments, prompts, card files): ASCII digits only.

`str.isdigit()` accepts digits that `int()` rejects ("²") and others it reads ("٣"); the kernel takes
only 0-9, and no more digits than any field needs, so every runtime answers the same one line.
"""

from .errors import KernelError

MAX_DIGITS = 9


def is_count(text):
    """True when text is 1 to MAX_DIGITS ASCII digits."""
    if not 0 < len(text) <= MAX_DIGITS:
        return False
    for ch in text:
        if not "0" <= ch <= "9":
            return False
    return True


def parse_count(text, what, low=0, high=None):
    """The whole number text (ASCII digits, low..high); KernelError(what, ...) otherwise."""
    if not is_count(text):
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise KernelError(what, "expected a whole number, not %r" % shown)
    value = int(text)
    if value < low or (high is not None and value > high):
        if high is None:
            raise KernelError(what, "expected a number %d or more, not %d" % (low, value))
        raise KernelError(what, "expected a number from %d to %d, not %d" % (low, high, value))
    return value
