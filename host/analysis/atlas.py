"""Odds over a grid of situations: the rows of `eldritch table` and the atlas of `eldritch sweep atlas`.

A dice set is written 5G, 6G+Y, 6G+R, 6G+Y+R, 7G+Y+R (green count, then the yellow and red dice).
`table_rows` gives, per card, the exact odds at each dice set for one focus/spells/clues; the atlas
is every card of some sets x dice sets x focus x spells x clues, one row each, computed card by card
(one solver per card answers all its rows) and written as CSV with this schema:

    set          the card's set (Core, Other Worlds, Gates of Arkham, ...)
    name         the card's name
    card         its tasks in card notation (`eldritch odds` reads it)
    terror       none, fail or discard: the card's terror effect (or --terror for every card)
    dice         the dice set label, e.g. 6G+Y
    green, yellow, red    the dice set's counts (yellow and red 0 or 1)
    focus, spells, clues  holds after failed rolls, spell holds, clue rerolls
    value        the exact probability as the kernel's fixed point: round(p * 2^48), an integer
    probability  value / 2^48 as a decimal with 12 places (rounded half up, integer maths)

Rows come in card order (the library's), then dice set, focus, spells and clues, all ascending as
given. `value` is what `eldritch odds --json` reports as `value` for the same card and situation.
"""

from __future__ import annotations

import io

from eldritch.kernel.errors import KernelError
from eldritch.kernel.numbers import is_count
from eldritch.kernel.eldersign import library
from eldritch.kernel.eldersign.fixed import decimal_text
from eldritch.kernel.eldersign.situation import Situation, TERROR_NAMES, terror_code
from eldritch.kernel.eldersign.solver import situation_value

DEFAULT_DICE = ("5G", "6G", "6G+Y", "6G+R", "6G+Y+R", "7G+Y+R")
COLUMNS = ("set", "name", "card", "terror", "dice", "green", "yellow", "red", "focus", "spells", "clues",
           "value", "probability")


def parse_dice(text: str) -> tuple[str, int, int, int]:
    """(label, green, yellow, red) of a dice set such as 6G+Y+R (KernelError when malformed)."""
    parts = [p.strip().upper() for p in text.strip().split("+")]
    if not parts or not parts[0].endswith("G") or not is_count(parts[0][:-1]):
        raise KernelError("option", "dice set '%s': expected NG, NG+Y, NG+R or NG+Y+R" % text[:40])
    green = int(parts[0][:-1])
    extra = parts[1:]
    if any(p not in ("Y", "R") for p in extra) or len(set(extra)) != len(extra):
        raise KernelError("option", "dice set '%s': only +Y and +R may follow the green dice, once each" % text[:40])
    yellow = 1 if "Y" in extra else 0
    red = 1 if "R" in extra else 0
    Situation(green, yellow, red)               # the range check
    if green + yellow + red == 0:
        raise KernelError("option", "dice set '%s' has no dice" % text[:40])
    return "%dG%s%s" % (green, "+Y" if yellow else "", "+R" if red else ""), green, yellow, red


def parse_dice_list(text: str) -> list[tuple[str, int, int, int]]:
    out = [parse_dice(t) for t in text.split(",") if t.strip()]
    if not out:
        raise KernelError("option", "--dice: no dice set given")
    return out


def parse_range(text: str, what: str, top: int) -> list[int]:
    """'0-2' or '0,1' or '1' as a sorted list of counts 0..top."""
    out = set()
    for part in text.split(","):
        part = part.strip()
        lo, dash, hi = part.partition("-")
        # ASCII digits only: "²".isdigit() is true and int("²") raises
        if not is_count(lo) or (dash and not is_count(hi)):
            raise KernelError("option", "--%s: '%s' is not N or N-M" % (what, part[:20]))
        a, b = int(lo), int(hi) if dash else int(lo)
        if a > b or b > top:
            raise KernelError("option", "--%s: '%s' must be within 0-%d" % (what, part, top))
        out.update(range(a, b + 1))
    return sorted(out)


def select_cards(sets: list[str], query: str = "") -> list:
    """The library's adventures of these sets (prefixes; all when none) whose name contains query."""
    adventures = library.load()
    chosen = list(adventures)
    if sets:
        names = [library.resolve_set(adventures, s) for s in sets]
        chosen = [a for a in adventures if a.set in names]
    if query:
        chosen = [a for a in chosen if query.lower() in a.name.lower()]
    return chosen


def card_terror(adventure, terror: str | None) -> int:
    return terror_code(terror if terror is not None else adventure.terror)


def table_rows(adventures, dice, focus: int, backend, spells: int = 0, clues: int = 0,
               terror: str | None = None, progress=None) -> list:
    """[(adventure, [value per dice set])]: one solver per card covers all the dice sets."""
    Situation(focus=focus, spells=spells, clues=clues)      # range check before any solving
    rows = []
    for k, a in enumerate(adventures):
        if progress:
            progress(k, len(adventures), a.name)
        t = card_terror(a, terror)
        solver = backend.make_solver(a.card(), t)
        rows.append((a, [situation_value(solver, Situation(g, y, r, focus, spells, clues, t))
                         for _, g, y, r in dice]))
    if progress:
        progress(len(adventures), len(adventures), "")
    return rows


def atlas_rows(adventures, dice, focus, spells, clues, backend, terror: str | None = None) -> list[list]:
    """The atlas rows (COLUMNS order) of these cards over the grid."""
    out = []
    for a in adventures:
        t = card_terror(a, terror)
        solver = backend.make_solver(a.card(), t)
        for label, g, y, r in dice:
            for f in focus:
                for s in spells:
                    for c in clues:
                        v = situation_value(solver, Situation(g, y, r, f, s, c, t))
                        out.append([a.set, a.name, a.notation, TERROR_NAMES[t], label, g, y, r, f, s, c, v,
                                    decimal_text(v, 12)])
    return out


def write_csv(rows, stream) -> None:
    import csv                  # here: `eldritch table` imports this module and writes no CSV
    w = csv.writer(stream, lineterminator="\n")
    w.writerow(COLUMNS)
    for row in rows:
        w.writerow(row)


def csv_text(rows) -> str:
    buf = io.StringIO()
    write_csv(rows, buf)
    return buf.getvalue()
