"""What the `odds` and `advise` commands answer, as data and as text lines.

Shared by the host CLI (host/cli.py) and the board's CLI (micropython/cli.py) so that both print
the same JSON and text for the same question; only the `backend` field differs.
"""

from ..errors import KernelError
from .fixed import ONE, exact_text, percent_text
from .notation import format_card, format_roll
from .solver import TERROR_NAMES


def done_mask(text, ntasks):
    """Task numbers "1,3" (1-based) as a bit mask of completed tasks."""
    mask = 0
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if not part.isdigit() or not (1 <= int(part) <= ntasks):
            raise KernelError("option", "--done takes task numbers 1 to %d separated by commas, not %r"
                              % (ntasks, part))
        mask |= 1 << (int(part) - 1)
    return mask


def pool_text(sit):
    return "%dG%s%s" % (sit.green, "+Y" if sit.yellow else "", "+R" if sit.red else "")


def odds_answer(card, value, sit, backend, adventure=None):
    """The JSON object of `odds`: card, probability, exact, percent, backend and the situation."""
    out = {"card": format_card(card), "probability": value / ONE, "exact": exact_text(value),
           "percent": percent_text(value), "backend": backend, "pool": pool_text(sit),
           "green": sit.green, "yellow": bool(sit.yellow), "red": bool(sit.red),
           "focus": sit.focus, "spells": sit.spells, "clues": sit.clues,
           "terror": TERROR_NAMES[sit.terror], "sanity": sit.sanity, "stamina": sit.stamina}
    if adventure is not None:
        out["name"] = adventure.name
        out["set"] = adventure.set
    return out


def odds_lines(card, value, sit, adventure=None):
    title = "%s (%s)  " % (adventure.name, adventure.set) if adventure else ""
    return ["%s%s" % (title, format_card(card)),
            "%s, focus %d, spells %d, clues %d, terror %s: %s%%  (exact %s)" % (
                pool_text(sit), sit.focus, sit.spells, sit.clues, TERROR_NAMES[sit.terror],
                percent_text(value), exact_text(value))]


def advise_answer(card, roll, held, options, backend, top=0):
    """The JSON object of `advise`: the options best first (the best `top` when top > 0)."""
    shown = options[:top] if top else options
    return {"card": format_card(card), "roll": format_roll(roll), "held": format_roll(held),
            "backend": backend,
            "options": [{"action": o.text, "kind": o.kind, "probability": o.value / ONE,
                         "exact": exact_text(o.value), "percent": percent_text(o.value)} for o in shown]}


def advise_lines(card, roll, held, options, top=0):
    shown = options[:top] if top else options
    held_text = format_roll(held)
    lines = ["%s  roll: %s%s" % (format_card(card), format_roll(roll),
                                 "  held: " + held_text if held_text else "")]
    for o in shown:
        text = percent_text(o.value)
        lines.append(" " * (11 - len(text)) + text + "%  " + o.text)
    if len(shown) < len(options):
        lines.append("(%d more options; drop --top to see them)" % (len(options) - len(shown)))
    return lines
