"""Build the kernel's Elder Sign card library, kernel/eldersign/data/adventures.tsv, from ../shared/data.

Inputs (public transcriptions, see ../shared/data/README.md):
  eldersign-cards.csv        372 adventures of every set: name, dice symbols, solver terror effect;
  eldersign-adventures.json  98 base-game and Unseen Forces adventures with trophies, costs, monster
                             outlines and effects.

Every CSV row becomes one TSV row, in CSV order. A JSON card adds its facts to the CSV row it matches by
(set, name), compared without case or punctuation; the JSON's "Core (Other World)" and "Unseen Forces (Other
World)" are the CSV's "Other Worlds". A few JSON cards carry a wrong name or set; JSON_ALIASES maps each (picked
out by its dice, which equal the CSV card's) to the CSV card it is. The CSV wins on dice (it is the source
the published optimal-play odds tables were computed from) and on the solver's terror effect; every
disagreement is written into the row's `source` column. A JSON card that matches nothing would become a
row of its own (source `json`) after the CSV's; there is none at present. The schema and the compact
effect forms are documented in kernel/eldersign/data/README.md.

Regenerate (from the repository root; same input gives a byte-identical file):
    .venv/bin/python tools/datagen.py            # write the TSV and print a match report
    .venv/bin/python tools/datagen.py --check    # exit 1 if the committed TSV is stale
"""

import argparse
import csv
import json
import re
import sys
from pathlib import Path

from eldritch.kernel.eldersign.notation import FACE_SYMBOL_TEXT, format_card, parse_card

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA_DIR = REPO_ROOT.parent / "shared" / "data"
DEFAULT_OUT = REPO_ROOT / "kernel" / "eldersign" / "data" / "adventures.tsv"
CSV_NAME = "eldersign-cards.csv"
JSON_NAME = "eldersign-adventures.json"

COLUMNS = ("set", "name", "notation", "terror", "trophy", "source", "monsters", "terror_text",
           "entry", "midnight", "reward", "penalty")
SETS = ("Core", "Other Worlds", "Unseen Forces", "Gates of Arkham", "Omens of Ice",
        "Omens of the Pharaoh", "Omens of the Deep")
JSON_SET_TO_CSV = {"Core (Other World)": "Other Worlds", "Unseen Forces (Other World)": "Other Worlds"}

CSV_TERROR = {"NONE": "none", "IMMEDIATE_FAIL": "fail", "DISCARD_ALL_TERROR": "discard"}
CSV_FACE_BITS = {"SCROLL": 1, "PERIL": 2, "TERROR": 4}
JSON_TERROR_WORD = (("fail_adventure", "fail"), ("discard_terror_dice", "discard"))

# JSON cards whose (set, name) is wrong. Key: (JSON set, JSON name, JSON dice notation); value: the CSV
# (set, name) with the very same dice. Found by comparing the cards that matched nothing by name.
JSON_ALIASES = {
    ("Core", "Riot in the Street", "I3 > I9"): ("Core", "Riot In The Streets"),
    ("Unseen Forces", "Grazed Writings", "I4 | T | L"): ("Unseen Forces", "Crazed Writings"),
    ("Core", "The Elder Sign", "L > L > I2 L"): ("Unseen Forces", "The Elder Sign"),
    ("Core", "We need to find help", "L | I9"): ("Core", "Administration Office"),
    ("Core", "Mysterious Tome", "I3 > I6 > P"): ("Core", "A Peculiar Specimen"),
    ("Unseen Forces", "Just Sign Here", "I4 T | P T"): ("Unseen Forces", "The Boiler Room"),
}


class DataError(Exception):
    """The input holds something this generator has no rule for; fix the data or add the rule."""


# ---------------------------------------------------------------------------------------------------------
# Small helpers


def name_key(text):
    """Compare names without case, spaces or punctuation."""
    return re.sub(r"[^0-9a-z]", "", text.lower())


def clean(text):
    """One line of text: tabs, carriage returns and newlines become spaces, runs of spaces collapse."""
    return " ".join(str(text).split())


def dice_key(symbols):
    """A task's dice symbols as a sorted tuple: the order of symbols inside a task does not matter."""
    return tuple(sorted(symbols))


def card_dice_key(ordered, tasks):
    """What two transcriptions must share to be the same dice: tasks in order (or as a multiset)."""
    keys = [dice_key(t) for t in tasks]
    if len(keys) < 2:
        return (False, tuple(keys))
    return (bool(ordered), tuple(keys) if ordered else tuple(sorted(keys)))


def join_tasks(ordered, tasks):
    """Notation text of tasks given as lists of symbol texts."""
    return (" > " if ordered else " | ").join(" ".join(t) for t in tasks)


# ---------------------------------------------------------------------------------------------------------
# The CSV


def csv_symbol(token):
    """One CSV symbol in notation: INV_n -> In, SCROLL -> L, A+B -> the canonical split text."""
    token = token.strip()
    if token.startswith("INV_"):
        return "I%d" % int(token[4:])
    bits = 0
    for part in token.split("+"):
        if part not in CSV_FACE_BITS or bits & CSV_FACE_BITS[part]:
            raise DataError("unknown CSV symbol %r" % token)
        bits |= CSV_FACE_BITS[part]
    return FACE_SYMBOL_TEXT[bits]


def csv_tasks(text):
    """(ordered, tasks) of a CSV Tasks field; tasks are lists of symbol texts."""
    if "|" in text and ">" in text:
        raise DataError("CSV card mixes '|' and '>': %r" % text)
    ordered = ">" in text
    return ordered, [[csv_symbol(s) for s in task.split(",")] for task in text.split(">" if ordered else "|")]


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        if row["Expansion"] not in SETS:
            raise DataError("unknown CSV set %r" % row["Expansion"])
        if row["TerrorEffect"] not in CSV_TERROR:
            raise DataError("unknown CSV terror effect %r" % row["TerrorEffect"])
    return rows


# ---------------------------------------------------------------------------------------------------------
# The JSON: tasks


def json_set(card):
    return JSON_SET_TO_CSV.get(card["set"], card["set"])


def json_dice(task):
    return task["symbols"].split()


def json_dice_tasks(card):
    """The JSON card's tasks that take dice (a task can be only a monster outline or only a cost)."""
    return [t for t in card["tasks"] if json_dice(t)]


def json_notation(card):
    """The JSON card as it is written, dice then costs, for notes (a cost-only task stays in)."""
    tasks = []
    for task in card["tasks"]:
        symbols = json_dice(task) + task.get("costs", "").split()
        if symbols:
            tasks.append(symbols)
    return join_tasks(card["ordered"], tasks)


def json_dice_notation(card):
    return join_tasks(card["ordered"], [json_dice(t) for t in json_dice_tasks(card)])


def align_tasks(csv_task_list, json_task_list, ordered):
    """Map JSON dice-task index -> CSV task index.

    Ordered cards with as many tasks pair by position. Otherwise tasks with the same dice pair first (in
    order), then a single task left over on each side pairs with the other. Anything else stays unpaired.
    """
    if ordered and len(csv_task_list) == len(json_task_list):
        return {i: i for i in range(len(json_task_list))}
    pairs = {}
    free = list(range(len(csv_task_list)))
    for j, task in enumerate(json_task_list):
        for c in free:
            if dice_key(csv_task_list[c]) == dice_key(json_dice(task)):
                pairs[j] = c
                free.remove(c)
                break
    left = [j for j in range(len(json_task_list)) if j not in pairs]
    if len(left) == 1 and len(free) == 1:
        pairs[left[0]] = free[0]
    return pairs


# ---------------------------------------------------------------------------------------------------------
# The JSON: effects in compact form


def effect_items(effect):
    """Compact texts of one JSON effect (a list or an object); an object may hold several facts."""
    if isinstance(effect, list):
        out = []
        for item in effect:
            out.extend(effect_items(item))
        return out
    if not isinstance(effect, dict):
        raise DataError("unknown effect %r" % (effect,))
    if "gain" in effect:
        return ["%s%+d" % (effect["gain"], effect["n"])]
    out = []
    for key in sorted(effect):
        value = effect[key]
        if key == "all":
            out.extend(effect_items(value))
        elif key == "each_investigator":
            out.append("each(%s)" % effect_text(value))
        elif key == "choose":
            out.append("choose(%s)" % ";".join(effect_text(v) for v in value))
        elif key in ("unmodelled", "special"):
            out.append('%s:"%s"' % (key, clean(value).replace('"', "'")))
        elif key.startswith("set_") and isinstance(value, int):
            out.append("%s=%d" % (key[4:], value))
        elif isinstance(value, int) and not isinstance(value, bool):
            out.append("%s%+d" % (key, value))
        else:
            raise DataError("unknown effect %r" % (effect,))
    return out


def effect_text(effect):
    if effect is None:
        return ""
    return ",".join(effect_items(effect))


def monster_text(outline):
    """'full' and 'empty' stay; 'partial after N symbols' becomes 'partialN'."""
    match = re.fullmatch(r"partial after (\d+) symbols?", outline)
    if match:
        return "partial" + match.group(1)
    if outline in ("full", "empty"):
        return outline
    raise DataError("unknown monster outline %r" % outline)


# ---------------------------------------------------------------------------------------------------------
# Matching


def match_json_cards(csv_rows, json_cards):
    """Map CSV row index -> (JSON card, how it matched: 'name' or 'alias'); also the unmatched JSON cards."""
    by_key = {}
    for i, row in enumerate(csv_rows):
        key = (row["Expansion"], name_key(row["Name"]))
        if key in by_key:
            raise DataError("CSV has %r twice in %s" % (row["Name"], row["Expansion"]))
        by_key[key] = i
    matches = {}
    unmatched = []
    for card in json_cards:
        alias = JSON_ALIASES.get((card["set"], card["name"], json_dice_notation(card)))
        target = alias if alias else (json_set(card), card["name"])
        index = by_key.get((target[0], name_key(target[1])))
        if index is None:
            unmatched.append(card)
            continue
        if index in matches:
            raise DataError("two JSON cards match CSV %r; add a JSON_ALIASES entry" % csv_rows[index]["Name"])
        matches[index] = (card, "alias" if alias else "name")
    return matches, unmatched


# ---------------------------------------------------------------------------------------------------------
# Rows


def csv_only_row(row):
    ordered, tasks = csv_tasks(row["Tasks"])
    return {"set": row["Expansion"], "name": row["Name"], "notation": join_tasks(ordered, tasks),
            "terror": CSV_TERROR[row["TerrorEffect"]], "source": "csv"}


def place_json_tasks(card, symbols, pairs):
    """Put the JSON tasks' costs on the paired tasks of symbols (in place); return (monsters, notes).

    pairs maps a JSON dice-task index to an index of symbols; a JSON task with no dice is an outline of its
    own (a 'slot') or a cost-only task, which notation cannot hold.
    """
    monsters = []
    notes = []
    dice_index = 0
    for number, task in enumerate(card["tasks"], 1):
        costs = task.get("costs", "").split()
        outline = monster_text(task["monster"]) if "monster" in task else None
        if not json_dice(task):
            if outline:
                monsters.append("slot:" + outline)
            if costs:
                notes.append("json cost-only task %d of %d not in notation: %s"
                             % (number, len(card["tasks"]), " ".join(costs)))
            continue
        target = pairs.get(dice_index)
        dice_index += 1
        if outline:
            monsters.append("%s:%s" % (target + 1 if target is not None else "?", outline))
        if costs and target is None:
            notes.append("json costs %s on task %s not placed" % (" ".join(costs), task["symbols"]))
        elif costs:
            symbols[target].extend(costs)
    return monsters, notes


def json_terror_word(card):
    """The solver's terror effect the JSON's terror implies."""
    json_terror = card.get("terror") or {}
    return next((word for key, word in JSON_TERROR_WORD if key in json_terror), "none")


def json_facts(card, monsters):
    """The columns only the JSON fills."""
    return {
        "trophy": str(card["trophy"]) if card.get("trophy") is not None else "",
        "monsters": ",".join(monsters),
        "terror_text": effect_text(card.get("terror")),
        "entry": effect_text(card.get("entry")),
        "midnight": effect_text(card.get("midnight")),
        "reward": effect_text(card.get("reward")),
        "penalty": effect_text(card.get("penalty")),
    }


def merged_row(row, card, how):
    """The CSV row with the JSON card's facts: costs and monsters placed on the CSV's tasks, notes."""
    ordered, tasks = csv_tasks(row["Tasks"])
    out = csv_only_row(row)
    notes = []
    if how == "alias":
        if json_set(card) != row["Expansion"]:
            notes.append("json set: %s" % card["set"])
        if name_key(card["name"]) != name_key(row["Name"]):
            notes.append("json name: %s" % card["name"])
    dice_tasks = json_dice_tasks(card)
    if card_dice_key(ordered, tasks) != card_dice_key(card["ordered"], [json_dice(t) for t in dice_tasks]):
        notes.append("tasks differ, json had: %s" % json_notation(card))
    symbols = [list(t) for t in tasks]
    monsters, task_notes = place_json_tasks(card, symbols, align_tasks(tasks, dice_tasks, ordered))
    notes += task_notes
    if json_terror_word(card) != out["terror"]:
        notes.append("terror differs, json had: %s" % json_terror_word(card))
    out.update(json_facts(card, monsters))
    out["notation"] = join_tasks(ordered, symbols)
    out["source"] = "; ".join(["csv+json"] + notes)
    return out


def json_only_row(card):
    """A JSON card that matched no CSV row: its own dice, costs and facts (none at present)."""
    if json_set(card) not in SETS:
        raise DataError("unknown JSON set %r" % card["set"])
    dice_tasks = json_dice_tasks(card)
    symbols = [json_dice(t) for t in dice_tasks]
    monsters, notes = place_json_tasks(card, symbols, {i: i for i in range(len(dice_tasks))})
    out = json_facts(card, monsters)
    out.update({"set": json_set(card), "name": card["name"], "notation": join_tasks(card["ordered"], symbols),
                "terror": json_terror_word(card), "source": "; ".join(["json"] + notes)})
    return out


def canonical_notation(text, where):
    """The parser's canonical text; it must equal what we wrote."""
    canonical = format_card(parse_card(text))
    if canonical != text:
        raise DataError("%s: notation %r is not canonical (%r)" % (where, text, canonical))
    return canonical


def build(data_dir=DEFAULT_DATA_DIR):
    """Return (rows as dicts: the CSV's in its order, then JSON cards that matched none; report lines)."""
    data_dir = Path(data_dir)
    csv_rows = read_csv(data_dir / CSV_NAME)
    with open(data_dir / JSON_NAME, encoding="utf-8") as f:
        json_cards = json.load(f)["adventures"]
    matches, unmatched = match_json_cards(csv_rows, json_cards)
    rows = []
    for i, row in enumerate(csv_rows):
        if i in matches:
            out = merged_row(row, *matches[i])
        else:
            out = csv_only_row(row)
        rows.append(out)
    rows += [json_only_row(card) for card in unmatched]
    for out in rows:
        canonical_notation(out["notation"], "%s / %s" % (out["set"], out["name"]))
    rows = [{column: clean(out.get(column, "")) for column in COLUMNS} for out in rows]
    return rows, report_lines(rows, json_cards, matches, unmatched)


def report_lines(rows, json_cards, matches, unmatched):
    by_name = sum(1 for _, how in matches.values() if how == "name")
    lines = ["%d CSV rows, %d JSON cards: %d matched by (set, name), %d by JSON_ALIASES, %d unmatched"
             % (len(rows) - len(unmatched), len(json_cards), by_name, len(matches) - by_name, len(unmatched))]
    lines += ["unmatched JSON card, added as a json row: %s / %s" % (c["set"], c["name"]) for c in unmatched]
    lines += ["%s / %s: %s" % (r["set"], r["name"], r["source"]) for r in rows if ";" in r["source"]]
    return lines


def render(rows):
    """The TSV text: a header line, then one row per line, '\\n' line ends."""
    lines = ["\t".join(COLUMNS)]
    lines += ["\t".join(row[column] for column in COLUMNS) for row in rows]
    return "\n".join(lines) + "\n"


def generate(data_dir=DEFAULT_DATA_DIR):
    """The TSV bytes for the data in data_dir."""
    rows, _ = build(data_dir)
    return render(rows).encode("utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=str(DEFAULT_DATA_DIR), help="folder with the CSV and JSON")
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="TSV to write")
    parser.add_argument("--check", action="store_true", help="only compare with --out; exit 1 if different")
    args = parser.parse_args(argv)
    rows, report = build(args.data)
    data = render(rows).encode("utf-8")
    out = Path(args.out)
    if args.check:
        same = out.exists() and out.read_bytes() == data
        print("%s is %s" % (out, "up to date" if same else "stale"))
        return 0 if same else 1
    out.write_bytes(data)
    print("\n".join(report))
    print("wrote %d adventures to %s" % (len(rows), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
