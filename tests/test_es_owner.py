"""Elder Sign for an owner's box: `eldritch template` and `eldritch check` over a folder of one's own
cards, loaded by `eldritch play --data` (and `GameData(folder)`, `Rules({"data": ...})`, the
handheld's lean loader), with every error one line naming the file, the line and the field; a
synthetic owner's folder at the published game's size (tests/es_owner.py) in every card type and
every ability passes the check and plays."""

import json
import re
import shutil
from array import array

import pytest

from eldritch.cli import main
from eldritch.eldersign import playsave
from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.game import bot
from eldritch.kernel.eldersign.game.data import GameData, SCHEMAS, FILES, table_files
from eldritch.kernel.eldersign.game.machine import Game, MAX_GAME_ACTIONS
from eldritch.kernel.eldersign.game.rules import Rules
from eldritch.eldersign import owner

import es_owner
import es_synthetic as S
from conftest import MICROPYTHON, REPO


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return es_owner.write(tmp_path_factory.mktemp("owner"))


@pytest.fixture(scope="module")
def data(folder):
    return GameData(str(folder))


def check(capsys, *argv):
    """`eldritch check ...`: (exit code, stdout, stderr)."""
    capsys.readouterr()
    code = main(["check"] + [str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


# ----- the synthetic owner's folder -----------------------------------------------------------------

def test_an_owners_folder_in_every_card_type_passes_the_check(folder, data, capsys):
    code, out, err = check(capsys, folder, "--json")
    assert code == 0 and err == ""
    found = json.loads(out)
    assert found["tables"] == {name: "%s/%s.tsv" % (folder, name) for name in FILES}
    assert found["ancient_ones"] == 8 and found["investigators"] == 16 and found["mythos"] == 32
    assert found["decks"] == {"common": 12, "unique": 12, "spell": 12, "ally": 8}
    assert found["monsters"] == 22 and found["masks"] == 5 and found["gift_shop"] == 6
    # the owner's 48 new adventures beside the library's 47 Core cards; Other Worlds: the library's 10
    # with stakes, its 8 given a reward by the folder, and the owner's 8
    assert found["adventures"] == 48 + 47 and found["other_worlds"] == 10 + 8 + 8
    assert found["own_adventures"] == 48 + 8 and found["left_out"] == []
    code, out, _ = check(capsys, folder)
    assert code == 0 and out.startswith("%s: 8 Ancient Ones, 16 investigators, 12 common items" % folder)
    S.check_every_feature(data)


def test_the_folders_facts_reach_the_library_cards_they_name(data):
    by_name = {a.name: a for a in data.adventures}
    assert by_name["The Curator"].lock == 2 and by_name["The Curator"].trophy == 3
    assert by_name["Koi Pond"].ongoing.any and by_name["Hallway on Fire"].midnight
    assert by_name["City of Gugs"].other_world and by_name["City of Gugs"].reward


def test_a_game_loads_the_folder_and_bot_games_on_it_end(folder, data, capsys):
    """The CLI plays it to the end (the default Ancient One: the folder's first), and the kernel's
    built-in bot ends a game of every Ancient One at 1 to 8 players."""
    capsys.readouterr()
    assert main(["play", "--data", str(folder), "--bots", "all", "--seed", "5", "--players", "3"]) == 0
    assert re.match(r"seed 5: the investigators (win|lose) after \d+ turns", capsys.readouterr().out)
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    for k in range(16):
        g = Game(data, players=1 + k % 8, seed=k, ancient_one=k % 8)
        steps = 0
        while not g.is_terminal():
            n = g.legal_actions(buf)
            g.apply(bot.choose(g, buf, n))
            steps += 1
            assert steps < 20000, k
    rules = Rules({"data": str(folder), "ancient_one": "Synthetic Serpent"})
    assert rules.new_game(3, 2)._ao.name == "Synthetic Serpent"


def test_the_save_of_a_game_on_the_folder_keeps_its_tables(folder, tmp_path, capsys):
    mine = tmp_path / "mine"
    shutil.copytree(folder, mine)
    save = tmp_path / "g.sav"
    assert main(["play", "--data", str(mine), "--bots", "all", "--seed", "8", "--players", "2",
                 "--save", str(save)]) == 0
    shutil.rmtree(mine)                      # the save holds the tables: the folder may go
    game, data, settings = playsave.load_file(str(save))
    assert sorted(n for n, _ in settings.data) == sorted(name + ".tsv" for name in FILES)
    assert len(data.investigators) == 16 and data.investigators[0].name.startswith("Synthetic")
    assert game.is_terminal()
    capsys.readouterr()
    assert main(["play", "--load", str(save), "--data", str(folder)]) == 2
    assert "holds its own card tables" in capsys.readouterr().err
    from eldritch.eldersign import frontend
    parsed, blob = playsave.parse(save.read_bytes())         # the table server's import
    table = frontend.table_load(blob, playsave.settings_doc(parsed))
    assert table.data.investigators[0].name.startswith("Synthetic") and table.state.actions() == game.actions()


def test_the_lean_card_data_is_the_full_data_trimmed(folder, tmp_path):
    """Companion mode's lean loader (the handheld's) reads the same folders through the same code: every
    field it keeps equals the full data's, for the shipped cards, the owner's folder, a partial
    folder and a whole data set of one's own."""
    partial = tmp_path / "partial"
    partial.mkdir()
    shutil.copy(folder / "investigators.tsv", partial)
    shutil.copy(folder / "items.tsv", partial)
    (tmp_path / "synthetic").mkdir()
    synthetic = S.write(tmp_path / "synthetic")
    for args in ((None, {}), (str(folder), {}), (str(partial), {}),
                 (str(synthetic), {"library": False, "sets": S.SETS})):
        full = GameData(args[0], **args[1])
        lean = GameData(args[0], lean=True, **args[1])
        assert _lean_view(lean) == _lean_view(full), args[0]


def _lean_view(d):
    def effects(code):
        return tuple(code)
    return {
        "ancient_ones": [(a.name, a.doom, a.elder_signs, bytes(a.spaces), a.masks, effects(a.attack), effects(a.awaken))
                         for a in d.ancient_ones],
        "investigators": [(i.name, i.sanity, i.stamina, effects(i.start)) for i in d.investigators],
        "cards": [(c.name, c.deck, c.limit, c.count, effects(c.use)) for c in d.cards],
        "decks": [list(x) for x in d.decks],
        "mythos": len(d.mythos),
        "monsters": [(m.name, m.task, m.trophy, m.lock_colour, m.mask, effects(m.defeat)) for m in d.monsters],
        "adventures": [(a.name, a.other_world, a.trophy, a.ntasks, effects(a.entry), effects(a.midnight), a.lock,
                        tuple(a.outlines)) for a in d.adventures],
    }


def test_the_folder_loads_lean_under_micropython(folder, run_micropython):
    """The handheld's runtime reads an owner's folder with its lean loader (os.listdir, the same
    tables): the MicroPython unix port finds what CPython finds."""
    if not MICROPYTHON.exists():
        pytest.skip("no micropython")
    lines = run_micropython("from kernel.eldersign.game.data import GameData\n"
                            "d = GameData(%r, lean=True)\n"
                            "print(len(d.ancient_ones), len(d.investigators), len(d.cards), len(d.mythos), "
                            "len(d.monsters), len(d.adventures), d.investigators[3].name, d.adventures[-1].name)"
                            % str(folder))
    lean = GameData(str(folder), lean=True)
    assert lines[-1] == "%d %d %d %d %d %d %s %s" % (
        len(lean.ancient_ones), len(lean.investigators), len(lean.cards), len(lean.mythos), len(lean.monsters),
        len(lean.adventures), lean.investigators[3].name, lean.adventures[-1].name)


def test_a_partial_folder_keeps_the_shipped_tables(folder, tmp_path, capsys):
    """Each table of the folder replaces the shipped one; the others stay (a card("Name") of the
    folder's investigators must then name a card of the items table in play)."""
    mine = tmp_path / "mine"
    mine.mkdir()
    shutil.copy(folder / "investigators.tsv", mine)
    shutil.copy(folder / "items.tsv", mine)
    files = table_files(str(mine))
    assert files["investigators"] == "%s/investigators.tsv" % mine and files["items"] == "%s/items.tsv" % mine
    assert all(files[n] == table_files()[n] for n in FILES if n not in ("investigators", "items"))
    d = GameData(str(mine))
    assert [i.name for i in d.investigators][:2] == ["Synthetic Investigator Ash", "Synthetic Investigator Brine"]
    assert d.ancient_ones[0].name == "Yog-Sothoth" and d.monsters[0].name.startswith("Generic")
    code, out, _ = check(capsys, mine)
    assert code == 0 and "tables of the folder: investigators, items; shipped: ancient_ones, mythos" in out
    (mine / "items.tsv").unlink()
    code, _, err = check(capsys, mine)
    assert code == 2 and "investigators.tsv line 14 (Synthetic Investigator Marrow, start)" in err


# ----- the template -----------------------------------------------------------------------------------

def test_the_template_explains_every_column_and_its_example_rows_are_a_folder_that_plays(tmp_path, capsys):
    """`eldritch template DIR` writes the seven tables: the header of each (SCHEMAS), a line per column
    with its meaning and an example, and invented example rows as comments; the template as written
    is refused as unfilled in one line; with the example rows uncommented it passes the check and
    plays."""
    mine = tmp_path / "mine"
    capsys.readouterr()
    assert main(["template", str(mine)]) == 0
    assert "7 tables to fill in" in capsys.readouterr().out
    for name in FILES:
        text = (mine / (name + ".tsv")).read_text()
        rows = [l for l in text.splitlines() if l and not l.startswith("#")]
        assert rows == ["\t".join(SCHEMAS[name])], name
        for column in SCHEMAS[name]:
            assert re.search(r"^# %s +\S.*; e\.g\. " % column, text, re.M), (name, column)
    code, _, err = check(capsys, mine)
    assert code == 2 and err.count("\n") == 1 and "is the unfilled template" in err
    for name in FILES:
        f = mine / (name + ".tsv")
        f.write_text(re.sub(r"^# (.*\t.*)$", r"\1", f.read_text(), flags=re.M))
    code, out, err = check(capsys, mine)
    assert code == 0 and "1 Ancient One, 1 investigator" in out, err
    assert main(["play", "--data", str(mine), "--bots", "all", "--seed", "2"]) == 0
    assert main(["template", str(mine)]) == 2                    # never over a folder with files
    assert "not an empty folder" in capsys.readouterr().err


# ----- errors: one line, naming the file, the line and the field ----------------------------------------

BAD_ROWS = [  # (table, row, field named in the error)
    ("ancient_ones", "Tiny\t0\t1\tL\t\t\t\t\t\tmine", "doom"),
    ("ancient_ones", "Odd\t5\t5\tL Q\t\t\t\t\t\tmine", "combat"),
    ("ancient_ones", "Odd\t5\t5\tL\t9\t\t\t\t\tmine", "monster_spaces"),
    ("ancient_ones", "Odd\t5\t5\tL\t\t\tdoom+x\t\t\tmine", "attack"),
    ("ancient_ones", "Odd\t5\t5\tL\t\t\t\t\tfly(away)\tmine", "ability"),
    ("investigators", "Weak\t0\t5\t\t\tmine", "sanity"),
    ("investigators", "Odd\t5\t5\tcard(\"No Such Card\")\t\tmine", "start"),
    ("investigators", "\t5\t5\t\t\tmine", "name"),
    ("items", "charm\tX\t1\tclue+1\tkeep\tmine", "deck"),
    ("items", "common\tX\t41\tclue+1\tkeep\tmine", "count"),
    ("items", "common\tX\t1\tteleport+1\tkeep\tmine", "use"),
    ("items", "common\tX\t1\tclue+1\tforever\tmine", "limit"),
    ("mythos", "Long\t1\t\t\t\t\t\t12\tmine", "lasts"),
    ("mythos", "Dark\t1\t\t\t\tblue\t\t\tmine", "lock"),
    ("mythos", "Dark\t1\t\tsanity-x\t\t\t\t\tmine", "terror"),
    ("monsters", "Big\t1\tL\t10\t\t\t\tmine", "trophy"),
    ("monsters", "Big\t1\tL | P\t1\t\t\t\tmine", "task"),
    ("monsters", "Masked\t1\tL\t1\t\tmaybe\t\tmine", "mask"),
    ("entrance", "lost_found\tW\t0\t\tmine", "key"),
    ("entrance", "gift_shop\tX\t0\tclue+1\tmine", "cost"),
    ("entrance", "cellar\tX\t1\tclue+1\tmine", "section"),
    ("adventure_rules", "Core\tNew One\t\tnone\t1\t\t\t\t\t\t\t\t\tmine", "notation"),
    ("adventure_rules", "Core\tNew One\tL Q\tnone\t1\t\t\t\t\t\t\t\t\tmine", "notation"),
    ("adventure_rules", "Core\tThe Curator\t\t\t\t3:full\t\t\t\t\t\t\t\tmine", "monsters"),
    ("adventure_rules", "Core\tThe Curator\t\t\t\t\t\t\t\tclue+x\t\t\t\tmine", "reward"),
    ("adventure_rules", "Core\tThe Curator\t\tmaybe\t\t\t\t\t\t\t\t\t\tmine", "terror"),
    ("adventure_rules", "Core\tThe Curator\t\t\t12\t\t\t\t\t\t\t\t\tmine", "trophy"),
    ("adventure_rules", "Core\tThe Curator\t\t\t\t\t\t\t\t\t\tpink\t\tmine", "lock"),
]


@pytest.mark.parametrize("table,row,field", BAD_ROWS, ids=["%s-%s" % (t, f) for t, _, f in BAD_ROWS])
def test_a_bad_row_of_a_folder_is_one_line_naming_the_file_the_line_and_the_field(folder, tmp_path, capsys,
                                                                                   table, row, field):
    """The owner's folder with one bad row appended (after a comment line, so the line number counts
    every line): `eldritch check` and `eldritch play --data` both refuse it in one line naming
    FILE line N and the field."""
    mine = tmp_path / "mine"
    shutil.copytree(folder, mine)
    f = mine / (table + ".tsv")
    text = f.read_text() + "# a comment\n" + row + "\n"
    f.write_text(text)
    line = len(text.splitlines())
    code, _, err = check(capsys, mine)
    assert code == 2 and err.count("\n") == 1, err
    assert "%s line %d" % (f, line) in err and field in err, err
    assert main(["play", "--data", str(mine), "--bots", "all", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "%s line %d" % (f, line) in err and field in err, err


def test_a_folders_table_level_problems_name_the_file(folder, tmp_path, capsys):
    cases = []
    typo = tmp_path / "typo"
    typo.mkdir()
    shutil.copy(folder / "investigators.tsv", typo / "investigator.tsv")
    cases.append((typo, "investigator.tsv: not a card table's name"))
    swapped = tmp_path / "swapped"
    swapped.mkdir()
    shutil.copy(folder / "items.tsv", swapped / "investigators.tsv")
    cases.append((swapped, "investigators.tsv: the header of the items table"))
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("mine\n")
    cases.append((empty, "no card table in it"))
    headers = tmp_path / "headers"
    headers.mkdir()
    (headers / "mythos.tsv").write_text("# mine\n" + "\t".join(SCHEMAS["mythos"]) + "\n")
    cases.append((headers, "mythos.tsv: no rows"))
    garbage = tmp_path / "garbage"
    garbage.mkdir()
    (garbage / "monsters.tsv").write_text("# mine\nname\tcount\n")
    cases.append((garbage, "monsters.tsv line 2: not the header of a card table"))
    nomasks = tmp_path / "nofaces"
    nomasks.mkdir()
    (nomasks / "entrance.tsv").write_text("\t".join(SCHEMAS["entrance"]) + "\nlost_found\tI1\t0\t\tmine\n")
    cases.append((nomasks, "entrance.tsv: lost and found has no row for the green face I2"))
    cases.append((tmp_path / "absent", "not a folder of card tables"))
    cases.append(("", "named by a path"))
    for where, words in cases:
        code, _, err = check(capsys, where)
        assert code == 2 and err.count("\n") == 1 and words in err, (where, err)


def test_check_adds_card_files_and_refuses_a_bad_one(folder, tmp_path, capsys):
    extra = tmp_path / "extra.tsv"
    extra.write_text("\t".join(SCHEMAS["investigators"]) + "\nAda Quillfeather\t6\t4\tclue+1\tday(clue+1)\tmine\n")
    code, out, _ = check(capsys, "--cards", extra)
    assert code == 0 and "17 investigators" in out and "card files added: %s" % extra in out
    code, out, _ = check(capsys, folder, "--cards", extra)
    assert code == 0 and "17 investigators" in out
    extra.write_text("\t".join(SCHEMAS["investigators"]) + "\nAda Quillfeather\t6\t4\tclue+1\tday(fly+1)\tmine\n")
    code, _, err = check(capsys, folder, "--cards", extra)
    assert code == 2 and "%s line 2" % extra in err and "ability" in err


def test_a_save_whose_tables_are_not_table_files_is_one_line():
    from eldritch.saves import saveformat
    doc = {"bots": [0], "hints": True, "speed": 0.0, "cards": [], "data": [{"name": "", "text": "x"}]}
    g = Game(GameData(), players=1, seed=1)
    from eldritch.kernel.eldersign.game import save as gamesave
    blob = saveformat.encode("eldersign", doc, gamesave.serialize(g))
    with pytest.raises(KernelError, match="not a card table's file name"):
        playsave.loads(blob)
    doc["data"] = "investigators.tsv"
    with pytest.raises(KernelError, match="data must be a list"):
        playsave.loads(saveformat.encode("eldersign", doc, gamesave.serialize(g)))
