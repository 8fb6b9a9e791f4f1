"""A synthetic owner's card folder at the published base game's size, as someone who owns the game
would type it in (`eldritch template DIR`, then `eldritch play --data DIR`): invented names only, no
published text (the cards of tests/es_synthetic.py).

Every card type the rulebook lists (p.2): 8 Ancient Ones, 16 investigators, 12 common items, 12 unique
items, 12 spells, 8 allies, 32 mythos cards, 22 monsters and 5 masks, the entrance, and adventures and
Other Worlds: 48 new adventures of the Core set and 8 new Other Worlds, beside the card library's, whose
cards the folder also gives facts: 4 Core cards a lock icon, an ongoing ability or another reward,
and the library's 8 Other Worlds that have no reward a reward and a penalty (so they are dealt).
Every effect primitive, compound form, ability item, trigger and modifier is used
(es_synthetic.check_every_feature).

    write(folder)   the seven tables into folder (a pathlib.Path); returns folder
"""

import es_synthetic as S

# library Core cards given the facts of an adventure_rules row (set, name, then the columns it fills)
CORE_PATCHES = [
    ("The Curator", {"lock": "red", "trophy": "3"}),
    ("Koi Pond", {"ongoing": "on_won(clue+1)"}),
    ("Hallway on Fire", {"reward": "elder_sign+1,unique_item+1", "midnight": "each(stamina-1)"}),
    ("Lights Out", {"penalty": "doom+1,lock_green+1", "terror_text": "sanity-1"}),
]
# the card library's Other Worlds without reward or penalty (left out by default), now with both
WORLDS = ("City of Gugs", "Ancient Sarnath", "Lost in Time and Space", "The Vaults of Zin", "Far Side of the Moon",
          "Ancient Egypt", "Unknown Kadath", "The Great Temple")
COLUMNS = S.TABLES["adventure_rules"]


def _patch(set_name, name, fields):
    row = [""] * (len(COLUMNS) - 1)
    row[0] = set_name
    row[1] = name
    for column, value in fields.items():
        row[COLUMNS.index(column)] = value
    return tuple(row)


def adventures():
    """The owner's adventure_rules rows: new Core adventures and Other Worlds, and library patches."""
    rows = []
    for row in S.adventures():
        if row[0] == "Synthetic":
            row = ("Core",) + row[1:]
        rows.append(row)
    for name, fields in CORE_PATCHES:
        rows.append(_patch("Core", name, fields))
    for k, name in enumerate(WORLDS):
        rows.append(_patch("Other Worlds", name, {"reward": "elder_sign+1,clue+%d" % (1 + k % 2),
                                                  "penalty": ("sanity-1", "stamina-1", "doom+1")[k % 3],
                                                  "trophy": "2"}))
    return rows


def write(folder):
    """The seven tables into folder (a pathlib.Path); returns folder."""
    S.write(folder)
    lines = ["# my own adventures and Other Worlds, and facts for the card library's", "\t".join(COLUMNS)]
    for r in adventures():
        lines.append("\t".join(str(x) for x in r) + "\tmine")
    (folder / "adventure_rules.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder
