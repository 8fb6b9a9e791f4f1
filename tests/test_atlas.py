"""The atlas and the table's situations: dice sets and ranges parsed strictly, every grid row once,
each row's exact value what `eldritch odds` answers for that card and situation."""

import csv
import io
import json
import random
import subprocess
import sys

import pytest

from eldritch import cli

from eldritch.analysis import atlas
from eldritch.backend import get_backend
from eldritch.kernel.errors import KernelError

from conftest import REPO

GRID = dict(dice=atlas.DEFAULT_DICE, focus=[0, 1], spells=[0, 1], clues=[0, 1])


def odds_value(capsys, row):
    """`eldritch odds --json` for an atlas row: its exact value (the numerator over 2^48)."""
    s = dict(zip(atlas.COLUMNS, row))
    argv = ["odds", "--name", s["name"], "--set", s["set"], "--green", str(s["green"]), "--focus", str(s["focus"]),
            "--spells", str(s["spells"]), "--clues", str(s["clues"]), "--json"]
    if int(s["yellow"]):
        argv.append("--yellow")
    if int(s["red"]):
        argv.append("--red")
    assert cli.main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["card"] == s["card"] and doc["terror"] == s["terror"] and doc["pool"] == s["dice"]
    return int(doc["exact"].split("/")[0])


def check_sample(capsys, rows, k, seed):
    for row in random.Random(seed).sample(rows, k):
        assert odds_value(capsys, row) == int(row[atlas.COLUMNS.index("value")]), row


@pytest.mark.parametrize("text, want", [("5G", ("5G", 5, 0, 0)), ("6g+y", ("6G+Y", 6, 1, 0)),
                                        ("6G+R+Y", ("6G+Y+R", 6, 1, 1)), (" 7G+Y+R ", ("7G+Y+R", 7, 1, 1)),
                                        ("0G+Y", ("0G+Y", 0, 1, 0))])
def test_dice_sets_parse(text, want):
    assert atlas.parse_dice(text) == want


@pytest.mark.parametrize("text", ["", "G", "6", "6G+Y+Y", "6G+B", "9G", "0G", "Y+6G", "-1G"])
def test_bad_dice_sets_are_kernel_errors(text):
    with pytest.raises(KernelError):
        atlas.parse_dice(text)


def test_ranges_parse():
    assert atlas.parse_range("0-2", "focus", 4) == [0, 1, 2]
    assert atlas.parse_range("2,0", "focus", 4) == [0, 2]
    for bad in ("0-9", "2-1", "x", "1-"):
        with pytest.raises(KernelError):
            atlas.parse_range(bad, "focus", 4)


def test_atlas_has_every_grid_row_once_in_order_and_agrees_with_odds(capsys):
    """Three random Core and Other Worlds cards over the whole done-when grid (focus 0-1, spells
    0-1, clues 0-1, six dice sets): every row once, in order, and 12 random rows == `eldritch odds`."""
    cards = random.Random(14).sample(atlas.select_cards(["core", "other"]), 3)
    dice = atlas.parse_dice_list(",".join(GRID["dice"]))
    rows = atlas.atlas_rows(cards, dice, GRID["focus"], GRID["spells"], GRID["clues"], get_backend())
    keys = [(r[1], r[4], r[8], r[9], r[10]) for r in rows]
    want = [(a.name, d, f, s, c) for a in cards for d in GRID["dice"] for f in (0, 1) for s in (0, 1) for c in (0, 1)]
    assert keys == want
    text = atlas.csv_text(rows)
    parsed = list(csv.reader(io.StringIO(text)))
    assert tuple(parsed[0]) == atlas.COLUMNS and len(parsed) == len(rows) + 1
    for row in parsed[1:]:
        assert row[-1] == atlas.decimal_text(int(row[-2]), 12)
    check_sample(capsys, parsed[1:], 12, 2)


def test_table_takes_spells_clues_terror_and_dice_sets(capsys):
    """`table --spells --clues --terror --dice` gives, per dice set, what `odds` gives for that card."""
    assert cli.main(["table", "--query", "koi pond", "--set", "core", "--focus", "0", "--spells", "1", "--clues", "1",
                     "--terror", "none", "--dice", "4G,6G+R", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["dice_sets"] == ["4G", "6G+R"] and doc["spells"] == 1 and doc["clues"] == 1
    card = doc["cards"][0]
    assert card["terror"] == "none"
    for pool, exact in zip((["--green", "4"], ["--green", "6", "--red"]), card["exact"]):
        assert cli.main(["odds", card["card"], "--focus", "0", "--spells", "1", "--clues", "1", "--json"] + pool) == 0
        assert json.loads(capsys.readouterr().out)["exact"] == exact


def test_the_formats_page_documents_the_atlas_schema():
    text = (REPO / "docs" / "formats.md").read_text()
    section = text[text.index("## Atlas schema"):]
    section = section[:section.find("\n## ", 1)]
    for column in atlas.COLUMNS:
        assert "`%s`" % column in section


@pytest.mark.atlas
def test_full_atlas_of_core_and_other_worlds_agrees_with_odds_on_200_rows(tmp_path, capsys):
    """The done-when atlas (Core + Other Worlds, focus 0-1, spells 0-1, clues 0-1, six dice sets)
    through `eldritch sweep atlas` on two workers; 200 random rows == `eldritch odds`. About 90 CPU s:
    deselected from the main pytest run by its marker, run by `make atlas-check` (part of `make test`)."""
    out = tmp_path / "atlas"
    proc = subprocess.run([sys.executable, "-m", "eldritch.cli", "sweep", "atlas", "--out", str(out), "--sets",
                           "core,other", "--focus", "0-1", "--spells", "0-1", "--clues", "0-1", "--workers", "2"],
                          capture_output=True, text=True, timeout=3600)
    assert proc.returncode == 0, proc.stderr
    rows = list(csv.reader(open(out / "atlas.csv")))
    cards = atlas.select_cards(["core", "other"])
    assert tuple(rows[0]) == atlas.COLUMNS and len(rows) - 1 == len(cards) * 6 * 8
    assert len({tuple(r[:11]) for r in rows[1:]}) == len(rows) - 1
    check_sample(capsys, rows[1:], 200, 2026)
