"""An owner's own Elder Sign cards: the template to fill in, and the check.

    eldritch template mine            # the seven card tables, explained, with invented example rows
    eldritch check mine               # the first error (file, line, field), or a summary
    eldritch play --data mine         # a game on them (play.py; the save keeps the tables)

A folder of one's own holds any of the seven tables (`investigators.tsv`, `items.tsv`...,
kernel/eldersign/data/GAME.md): each table there replaces the shipped one, a table the folder lacks
is the shipped one, and the adventures of the card library stay unless its `adventure_rules.tsv`
changes them. `check` loads the folder (and any `--cards` files) as a game would: the full card
data, the handheld's lean card data (companion mode) and a game's setup on it; the kernel's errors
are one line naming the file, the line and the field.
"""

from __future__ import annotations

import os

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.game.data import FILES, DECKS, GameData, table_files
from eldritch.kernel.eldersign.game.machine import Game
from eldritch.kernel.eldersign import library
from eldritch.saves.atomic import shown

SCHEMA_DOC = "kernel/eldersign/data/GAME.md"


def template_folder() -> str:
    """The shipped template's folder (kernel/eldersign/data/template/)."""
    return os.path.join(os.path.dirname(table_files()["investigators"]), "template")


def write_template(dest: str) -> int:
    """Copy the template's tables into a new (or empty) folder, never over a file; the count."""
    if os.path.exists(dest) and (not os.path.isdir(dest) or os.listdir(dest)):
        raise KernelError("option", "%s exists and is not an empty folder: give a new one" % shown(dest))
    src = template_folder()
    try:
        os.makedirs(dest, exist_ok=True)
        for name in FILES:
            with open(os.path.join(src, name + ".tsv"), encoding="utf-8") as f:
                text = f.read()
            with open(os.path.join(dest, name + ".tsv"), "x", encoding="utf-8") as f:
                f.write(text)
    except OSError as exc:
        raise KernelError("option", "cannot write the template into %s: %s" % (shown(dest), exc.strerror or exc))
    return len(FILES)


def _rows(path: str) -> int:
    """Data rows of a table file (every line after the header that is not empty or a comment)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    return max(0, len(lines) - 1)


def _unfilled(folder: str) -> bool:
    """True when every table of the folder is still the template's (a header and no row)."""
    try:
        files = [n for n in os.listdir(folder) if n.endswith(".tsv")]
        return bool(files) and all(_rows(os.path.join(folder, n)) == 0 for n in files)
    except OSError:
        return False


def load(folder=None, cards=()):
    """(the full card data, the lean card data) of a folder of one's own (None: the shipped tables)
    and extra card files, and a game set up on them; KernelError naming file, line and field."""
    try:
        data = GameData(folder, extra=list(cards))
    except KernelError as exc:
        if folder is not None and "no rows" in exc.detail and _unfilled(folder):
            raise KernelError("data", "%s is the unfilled template: fill in its tables from your own cards, and "
                                      "delete those you keep the shipped cards of (%s)" % (shown(folder), exc.detail))
        raise
    lean = GameData(folder, extra=list(cards), lean=True)
    Game(data, players=1, seed=0, ancient_one=0)
    return data, lean


def summary(folder, cards, data) -> dict:
    """What a check found: every table's source and size, as numbers (the --json output)."""
    files = table_files(folder)
    shipped = table_files()
    library_names = {(a.set, a.name) for a in library.load()} if data.library else set()
    decks = {DECKS[k]: len(data.decks[k]) for k in range(len(DECKS))}
    adventures = [a for a in data.adventures if not a.other_world]
    worlds = [a for a in data.adventures if a.other_world]
    own = [a for a in data.adventures if (a.set, a.name) not in library_names]
    return {
        "folder": folder, "cards": list(cards),
        "tables": {name: ("shipped" if files[name] == shipped[name] else files[name]) for name in FILES},
        "ancient_ones": len(data.ancient_ones), "investigators": len(data.investigators),
        "decks": decks, "mythos": len(data.mythos),
        "monsters": len([m for m in data.monsters if not m.mask]), "masks": len([m for m in data.monsters if m.mask]),
        "lost_found": 6, "gift_shop": len(data.shop),
        "adventures": len(adventures), "other_worlds": len(worlds), "own_adventures": len(own),
        "left_out": list(data.left_out), "notes": len(data.notes),
    }


def _count(n: int, word: str) -> str:
    return "%d %s" % (n, word if n == 1 else ("allies" if word == "ally" else word + "s"))


def summary_lines(found: dict) -> list:
    """The check's summary in words."""
    where = found["folder"] or "the shipped cards"
    d = found["decks"]
    mine = [n for n, src in found["tables"].items() if src != "shipped"]
    kept = [n for n, src in found["tables"].items() if src == "shipped"]
    counts = ((found["ancient_ones"], "Ancient One"), (found["investigators"], "investigator"),
              (d["common"], "common item"), (d["unique"], "unique item"), (d["spell"], "spell"),
              (d["ally"], "ally"), (found["mythos"], "mythos card"), (found["monsters"], "monster"),
              (found["masks"], "mask"), (found["gift_shop"], "gift shop row"), (found["adventures"], "adventure"),
              (found["other_worlds"], "Other World"))
    lines = ["%s: %s (%d not from the card library)" % (
        where, ", ".join(_count(n, word) for n, word in counts), found["own_adventures"])]
    if found["folder"] is not None:
        lines.append("  tables of the folder: %s; shipped: %s" % (", ".join(mine) or "none", ", ".join(kept) or "none"))
    if found["cards"]:
        lines.append("  card files added: %s" % ", ".join(found["cards"]))
    lines.append("  every effect and ability compiled, the handheld's lean card data read, a game set up%s" % (
        "; %s (text the kernel logs but cannot do)" % _count(found["notes"], "note") if found["notes"] else ""))
    if found["left_out"]:
        lines.append("  Other Worlds not dealt (no reward or penalty): %s" % ", ".join(found["left_out"]))
    return lines
