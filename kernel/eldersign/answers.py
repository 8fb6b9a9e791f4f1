"""The `odds` and `advise` commands: their bodies, and what they answer as data and as text lines.

Shared by the host CLI (host/cli.py) and the board's CLI (micropython/cli.py), which keep only their
argument parsing, so that both print the same bytes for the same question; only the `backend`
field differs (and the solver each builds and passes in: the host's backend's, the board's native or
lean one). The JSON is written here
(keys in a fixed order, probabilities as integer-made decimals) because MicroPython's dicts and
floats would not print the same bytes as CPython's.
"""

from ..errors import KernelError
from ..numbers import is_count
from .fixed import exact_text, percent_text, decimal_text
from .notation import format_card, format_roll, parse_card, parse_roll
from .situation import TERROR_NAMES, terror_code
from .solver import situation_value
from . import library


def card_from(notation, name=None, set_name=None, terror=None, adventures=None):
    """(Card, terror code, library card or None) from a notation or a library name (with its set);
    `terror` (a name) overrides the card's own terror effect."""
    if name is not None and notation is not None:
        raise KernelError("option", "give a card notation or --name, not both")
    found = None
    if name is not None:
        if adventures is None:
            adventures = library.load()
        only = library.resolve_set(adventures, set_name) if set_name else None
        found = library.get(adventures, name, only)
        card = found.card()
        code = terror_code(found.terror)
    elif notation is not None:
        try:
            card = parse_card(notation)
        except KernelError:
            named = named_card(notation, adventures)
            if named is None:
                raise
            raise KernelError("card", "'%s' is not card notation but names a library card: give --name '%s' "
                              "(%s, %s: %s)" % (notation, notation, named.name, named.set, named.notation))
        code = 0
    else:
        raise KernelError("option", "give a card notation or --name")
    if terror is not None:
        code = terror_code(terror)
    return card, code, found


def named_card(text, adventures=None):
    """The one library card `text` names (its name or a part only it has), else None: only when the
    text has a word of three letters, which notation never has (the error path's hint)."""
    run = 0
    for ch in text:
        run = run + 1 if ("a" <= ch <= "z" or "A" <= ch <= "Z") else 0
        if run >= 3:
            break
    if run < 3:
        return None
    try:
        return library.get(adventures if adventures is not None else library.load(), text)
    except KernelError:
        return None


def odds_command(card, situation, solver, backend, adventure=None, as_json=False):
    """The text `odds` prints, from the solver the caller built for the card (the host's backend's, the
    board's native or lean one): built once, by the caller, who also checks its budget."""
    value = situation_value(solver, situation)
    if as_json:
        return to_json(odds_answer(card, value, situation, backend, adventure))
    return "\n".join(odds_lines(card, value, situation, adventure))


def advise_options(card, situation, roll, held, done_text, solver):
    """The options for a parsed roll (and held dice, and the tasks done as "1,3") in `situation` (whose
    focus, spells, clues, terror, sanity and stamina count; the dice are the roll's), best first.
    The board lets go of the solver after this and before advice_text, so that the solve's values are
    freed before the text is made."""
    from .advice import advise
    return advise(solver, roll, situation, held, done_mask(done_text, len(card.tasks)))


def advice_text(card, roll, held, options, backend, top=0, as_json=False, write=None):
    """The text `advise` prints for the options. With `write`, the text goes to write() an option at
    a time and None is returned: the board (micropython/cli.py) writes it so, since a clue reroll's
    two hundred options as one text, with the JSON objects made for it, need more heap than the Pico
    has."""
    pieces = (advise_json_pieces(card, roll, held, options, backend, top) if as_json
              else advise_line_pieces(card, roll, held, options, top))
    if write is None:
        return "".join(list(pieces))
    for piece in pieces:
        write(piece)
    return None


def advise_command(card, situation, roll_text, held_text, done_text, solver, backend, top=0, as_json=False):
    """The text `advise` prints for a roll, held dice and tasks done as the user typed them."""
    roll = parse_roll(roll_text, "roll")
    held = parse_roll(held_text, "held")
    options = advise_options(card, situation, roll, held, done_text, solver)
    return advice_text(card, roll, held, options, backend, top, as_json)


def done_mask(text, ntasks):
    """Task numbers "1,3" (1-based) as a bit mask of completed tasks."""
    mask = 0
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if not is_count(part) or not (1 <= int(part) <= ntasks):
            raise KernelError("option", "--done takes task numbers 1 to %d separated by commas, not %r"
                              % (ntasks, part))
        mask |= 1 << (int(part) - 1)
    return mask


class Number:
    """A JSON number already written as text."""

    def __init__(self, text):
        self.text = text


def _json_string(text):
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif code < 0x20 or code > 0x7E:
            out.append("\\u%04x" % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def to_json(value):
    """JSON text of a value: an object is a list of (key, value) pairs, kept in that order."""
    if isinstance(value, Number):
        return value.text
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _json_string(value)
    if value and isinstance(value[0], tuple):
        return "{" + ", ".join([_json_string(k) + ": " + to_json(v) for k, v in value]) + "}"
    return "[" + ", ".join([to_json(v) for v in value]) + "]"


def probability_fields(value):
    return [("probability", Number(decimal_text(value))), ("exact", exact_text(value)),
            ("percent", percent_text(value))]


def odds_answer(card, value, sit, backend, adventure=None):
    """The JSON object of `odds` as ordered pairs: card, probability, exact, percent, backend and
    the situation (and the library name and set)."""
    out = [("card", format_card(card))] + probability_fields(value) + [
        ("backend", backend), ("pool", sit.pool_text()),
        ("green", sit.green), ("yellow", bool(sit.yellow)), ("red", bool(sit.red)),
        ("focus", sit.focus), ("spells", sit.spells), ("clues", sit.clues),
        ("terror", TERROR_NAMES[sit.terror]), ("sanity", sit.sanity), ("stamina", sit.stamina)]
    if adventure is not None:
        out.append(("name", adventure.name))
        out.append(("set", adventure.set))
    return out


def odds_lines(card, value, sit, adventure=None):
    title = "%s (%s)  " % (adventure.name, adventure.set) if adventure else ""
    return ["%s%s" % (title, format_card(card)),
            "%s, focus %d, spells %d, clues %d, terror %s: %s%%  (exact %s)" % (
                sit.pool_text(), sit.focus, sit.spells, sit.clues, TERROR_NAMES[sit.terror],
                percent_text(value), exact_text(value))]


def advise_answer(card, roll, held, options, backend, top=0):
    """The JSON object of `advise` as ordered pairs: the options best first (the best `top` when
    top > 0)."""
    shown = options[:top] if top else options
    return [("card", format_card(card)), ("roll", format_roll(roll)), ("held", format_roll(held)),
            ("backend", backend), ("options", [option_answer(o) for o in shown])]


def option_answer(option):
    """One option of `advise`'s JSON as ordered pairs."""
    return [("action", option.text), ("kind", option.kind)] + probability_fields(option.value)


def advise_json_pieces(card, roll, held, options, backend, top=0):
    """to_json(advise_answer(...)) in pieces, one option each (no piece holds the whole list)."""
    head = to_json(advise_answer(card, roll, held, [], backend))
    yield head[:-2]                             # without the empty list's "]}"
    shown = len(options) if top <= 0 or top > len(options) else top
    for i in range(shown):
        yield (", " if i else "") + to_json(option_answer(options[i]))
    yield "]}"


def advise_lines(card, roll, held, options, top=0):
    return list(advise_line_pieces(card, roll, held, options, top, False))


def advise_line_pieces(card, roll, held, options, top=0, joined=True):
    """advise_lines one at a time (each but the first after a newline when `joined`)."""
    shown = len(options) if top <= 0 or top > len(options) else top
    held_text = format_roll(held)
    yield "%s  roll: %s%s" % (format_card(card), format_roll(roll), "  held: " + held_text if held_text else "")
    sep = "\n" if joined else ""
    for i in range(shown):
        o = options[i]
        text = percent_text(o.value)
        yield sep + " " * (11 - len(text)) + text + "%  " + o.text
    if shown < len(options):
        yield sep + "(%d more options; drop --top to see them)" % (len(options) - shown)
