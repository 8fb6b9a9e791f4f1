"""Card and roll notation v1: parse text into the kernel's compact forms and format them back.

Card:  tasks separated by ' | ' (any order) or ' > ' (top to bottom), one kind per card; a task is
       symbols separated by spaces: I<n> (1-36), L, P, T, split symbols L/P, T/P, T/L, L/P/T, and costs
       S<n> (sanity), H<n> (stamina), C (clock). Lower case and extra spaces are accepted.
Roll:  faces I1 I2 I3 I4 L P T W, each optionally prefixed by its colour g: y: r: (default green).
Malformed input raises KernelError naming the position and what was expected.
"""

from ..errors import KernelError
from .card import (Card, Task, SYM_INV, SYM_FACE, SYM_SANITY, SYM_STAMINA, SYM_CLOCK,
                   MAX_TASKS, MAX_SYMBOLS, MAX_INV, MAX_COST)
from .dice import (FACE_TEXT, COLOUR_TEXT, COLOUR_NAME, GREEN, YELLOW, RED, NFACES, MAX_GREEN, has_face)

# Canonical text of each face-symbol bit set (Lore 1, Peril 2, Terror 4).
FACE_SYMBOL_TEXT = {1: "L", 2: "P", 4: "T", 3: "L/P", 6: "T/P", 5: "T/L", 7: "L/P/T"}
_LETTER_BITS = {"L": 1, "P": 2, "T": 4}
_EXPECT_SYMBOL = "expected a symbol (I<n>, L, P, T, a split such as L/P, S<n>, H<n> or C)"


def _tokens(text):
    """Split on spaces, yielding (start position, token)."""
    i = 0
    n = len(text)
    while i < n:
        while i < n and text[i] in " \t":
            i += 1
        if i >= n:
            break
        j = i
        while j < n and text[j] not in " \t":
            j += 1
        yield i, text[i:j]
        i = j


def _number(token, pos, what, low, high, label):
    digits = token[1:]
    if not digits:
        raise KernelError(what, "expected a number after '%s'" % token[0], pos + 1)
    for k in range(len(digits)):
        if digits[k] not in "0123456789":
            raise KernelError(what, "expected a digit in '%s'" % token, pos + 1 + k)
    value = int(digits)
    if value < low or value > high:
        raise KernelError(what, "%s must be %d to %d, not %d" % (label, low, high, value), pos + 1)
    return value


def _symbol(token, pos):
    head = token[0]
    if head == "I" and len(token) > 1:
        return (SYM_INV, _number(token, pos, "card", 1, MAX_INV, "investigation"))
    if head == "S" and len(token) > 1:
        return (SYM_SANITY, _number(token, pos, "card", 1, MAX_COST, "a sanity cost"))
    if head == "H" and len(token) > 1:
        return (SYM_STAMINA, _number(token, pos, "card", 1, MAX_COST, "a stamina cost"))
    if token == "C":
        return (SYM_CLOCK, 1)
    bits = 0
    parts = token.split("/")
    offset = 0
    for part in parts:
        if part not in _LETTER_BITS:
            raise KernelError("card", _EXPECT_SYMBOL, pos + offset)
        if bits & _LETTER_BITS[part]:
            raise KernelError("card", "'%s' repeated in a split symbol" % part, pos + offset)
        bits |= _LETTER_BITS[part]
        offset += len(part) + 1
    return (SYM_FACE, bits)


def parse_card(text):
    """Parse card notation into a Card; raise KernelError on malformed input."""
    if not isinstance(text, str):
        raise KernelError("card", "expected text")
    upper = text.upper()
    has_any = "|" in upper
    has_seq = ">" in upper
    if has_any and has_seq:
        raise KernelError("card", "a card uses one kind of separator, '|' or '>', not both",
                          upper.index(">") if upper.index(">") > upper.index("|") else upper.index("|"))
    sep = ">" if has_seq else "|"
    tasks = []
    start = 0
    pieces = upper.split(sep)
    if len(pieces) > MAX_TASKS:
        raise KernelError("card", "at most %d tasks" % MAX_TASKS, len(sep.join(pieces[:MAX_TASKS])))
    for piece in pieces:
        symbols = []
        dice = 0
        for pos, token in _tokens(piece):
            if len(symbols) == MAX_SYMBOLS:
                raise KernelError("card", "at most %d symbols in a task" % MAX_SYMBOLS, start + pos)
            sym = _symbol(token, start + pos)
            if sym[0] == SYM_INV or sym[0] == SYM_FACE:
                dice += 1
            symbols.append(sym)
        if not symbols:
            raise KernelError("card", "expected a task (an empty task)", min(start, max(len(upper) - 1, 0)))
        if dice == 0:
            raise KernelError("card", "a task needs at least one symbol that takes dice", start)
        tasks.append(Task(symbols))
        start += len(piece) + 1
    return Card(tasks, has_seq)


def format_symbol(sym):
    kind, value = sym
    if kind == SYM_INV:
        return "I%d" % value
    if kind == SYM_FACE:
        return FACE_SYMBOL_TEXT[value]
    if kind == SYM_SANITY:
        return "S%d" % value
    if kind == SYM_STAMINA:
        return "H%d" % value
    return "C"


def format_task(task):
    return " ".join([format_symbol(s) for s in task.symbols])


def format_card(card):
    """The canonical text of a card: upper case, single spaces, ' | ' or ' > ' between tasks."""
    sep = " > " if card.ordered else " | "
    return sep.join([format_task(t) for t in card.tasks])


def canonical_card(text):
    return format_card(parse_card(text))


def parse_die(token, pos, what="roll", allow_colour=True):
    """Parse one die 'I3', 'y:I4', 'r:W' into (colour, face)."""
    colour = GREEN
    body = token
    if len(token) > 2 and token[1] == ":":
        if not allow_colour:
            raise KernelError(what, "expected a face without a colour", pos)
        c = token[0]
        if c not in "GYR":
            raise KernelError(what, "expected a colour g:, y: or r:", pos)
        colour = "GYR".index(c)
        body = token[2:]
        pos += 2
    if body not in FACE_TEXT:
        raise KernelError(what, "expected a face (I1 I2 I3 I4 L P T W)", pos)
    face = FACE_TEXT.index(body)
    if not has_face(colour, face):
        raise KernelError(what, "the %s die has no %s face" % (COLOUR_NAME[colour], body), pos)
    return colour, face


def parse_roll(text, what="roll"):
    """Parse roll notation into a counts bytearray indexed colour * 8 + face.

    At most 8 green dice, one yellow and one red. An empty text is an empty roll.
    """
    if not isinstance(text, str):
        raise KernelError(what, "expected text")
    counts = bytearray(3 * NFACES)
    per_colour = [0, 0, 0]
    for pos, token in _tokens(text.upper()):
        colour, face = parse_die(token, pos, what)
        per_colour[colour] += 1
        limit = MAX_GREEN if colour == GREEN else 1
        if per_colour[colour] > limit:
            raise KernelError(what, "at most %d %s %s" % (
                limit, COLOUR_NAME[colour], "dice" if limit > 1 else "die"), pos)
        counts[colour * NFACES + face] += 1
    return counts


def format_roll(counts):
    """Canonical roll text: green dice by face order, then y:, then r:."""
    out = []
    for colour in (GREEN, YELLOW, RED):
        prefix = "" if colour == GREEN else COLOUR_TEXT[colour] + ":"
        for face in range(NFACES):
            for _ in range(counts[colour * NFACES + face]):
                out.append(prefix + FACE_TEXT[face])
    return " ".join(out)
