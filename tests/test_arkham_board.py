"""Board files (kernel/arkham/data/): the demonstration board loads; a board with one error of each kind
is rejected with one line naming the file, the line and the field; the template is rejected until
filled in; `eldritch arkham check` reports either."""

import shutil
from pathlib import Path

import pytest

from eldritch.cli import main
from eldritch.kernel.errors import KernelError
from eldritch.kernel.arkham.game.board import Board, data_folder

DEMO = Path(data_folder())


def copy(tmp_path):
    folder = tmp_path / "board"
    shutil.copytree(DEMO, folder, ignore=shutil.ignore_patterns("template", "*.md"))
    return folder


def mutate(folder, table, old, new):
    """Replace the first line of table.tsv containing `old` with `new` (None: delete it); its line number."""
    p = folder / (table + ".tsv")
    lines = p.read_text().split("\n")
    for i, line in enumerate(lines):
        if old in line:
            if new is None:
                del lines[i]
            else:
                lines[i] = new
            p.write_text("\n".join(lines))
            return i + 1
    raise AssertionError("%r not in %s" % (old, table))


T = "\t"
# (table, a piece of the line to change, the new line (None: delete), what the message must name)
ERRORS = [
    ("spaces", "name\tkind", "name\tkind\tneighbors\tflags", "spaces.tsv line {n}: the header"),
    ("monsters", "Ghoul\t", "Ghoul\t3\t3\t0/1\tL2\tgreen\t-", "monsters.tsv line {n}: 7 fields, expected 8"),
    ("monsters", "Ghoul\t", "Ghoul\t3\tx\t0/1\tL2\tgreen\t-\t-", "monsters.tsv line {n}, field 'strength': 'x'"),
    ("items", "Shotgun\t", "Shotgun\titem\t1\tphysical\t12\t2\t0\t5\t-", "items.tsv line {n}, field 'bonus'"),
    ("items", "Knife\t", "Knife\titem\t3\t-\t1\t1\t0\t1\t-", "items.tsv line {n}, field 'bonus': an attack kind"),
    ("items", "Motorcar\t", "Motorcar\titem\t1\t-\t0\t0\t0\t6\tcar", "items.tsv line {n}, field 'special': 'car'"),
    ("spaces", "Hill Road\t", "Hill Road\troad\tAsylum,Infirmary Road,Church Street\t-", "spaces.tsv line {n}, field 'kind'"),
    ("spaces", "Hill Road\t", "Hill Road\tstreet\tAsylum,Infirmary Rd,Church Street\t-",
     "spaces.tsv line {n}, field 'neighbours': unknown space 'Infirmary Rd'"),
    ("spaces", "Library\tlocation", "Hill Road\tlocation\tCollege Street\t-",
     "spaces.tsv line {n}, field 'name': 'Hill Road' is already defined"),
    ("spaces", "Hill Road\t", "Hill Road\tstreet\tAsylum,Infirmary Road,Church Street,Museum Row\t-",
     "spaces.tsv line {n}, field 'neighbours': 'Museum Row' does not list 'Hill Road' back"),
    ("spaces", "Woods\tlocation", "Woods\tlocation\tForest Lane,Station Square\t-",
     "spaces.tsv line {n}, field 'neighbours'"),
    ("spaces", "Hill Road\t", "Hill Road\tstreet\tAsylum,Infirmary Road,Church Street\tbus",
     "spaces.tsv line {n}, field 'flags': 'bus'"),
    ("spaces", "Hospital\t", "Hospital\tlocation\tInfirmary Road\t-", "one 'hospital'"),
    ("rules", "sanity_after_madness", "sanity_after_madness\tsome",
     "rules.tsv line {n}, field 'value': 'some' must be"),
    ("events", "Woods\t1", "Woods\t1\tteleport\tx", "events.tsv line {n}, field 'effects': unknown effect 'teleport'"),
    ("events", "Woods\t1", "Woods\t1\tmonster; money+1\tx", "events.tsv line {n}, field 'effects': 'monster' hands the turn on"),
    ("events", "Sunken City\t1", "Sunken City\t1\tgate\tx", "events.tsv line {n}, field 'effects': 'gate' cannot happen in an Other World"),
    ("events", "Woods\t1", "Woods\t1\ttest cooking +1: item / none\tx", "events.tsv line {n}, field 'effects': a test is"),
    ("events", "Woods\t1", "Woods\t1\tmove:Nowhere\tx", "events.tsv line {n}, field 'effects': 'move:Nowhere'"),
    ("events", "Woods\t1", "Woods\t1\tfind:Lamp\tx", "events.tsv line {n}, field 'effects': 'find:Lamp'"),
    ("events", "Woods\t2", "Woods\t1\tnone\tx", "events.tsv line {n}, field 'roll': Woods already has a row for 1"),
    ("events", "Woods\t1", "Market Street\t1\tnone\tx", "events.tsv line {n}, field 'place'"),
    ("events", "Woods\t1", None, "events.tsv: Woods has no row for the roll 1"),
    ("gate_table", "7\t-", None, "gate_table.tsv: no row for the roll 7"),
    ("gate_table", "7\t-", "7\tMarket Street", "gate_table.tsv line {n}, field 'location'"),
    ("gate_table", "7\t-", "7\tHospital", "gate_table.tsv line {n}, field 'location': no gate opens in the Asylum"),
    ("gate_table", "7\t-", "13\t-", "gate_table.tsv line {n}, field 'roll'"),
    ("rules", "gate_limits", "gate_limits\t1-2:8,3-4:7", "rules.tsv line {n}, field 'value': no gate limit for 5 players"),
    ("rules", "gate_limits", "gate_limits\t1-2:8,2-4:7,5-8:6", "rules.tsv line {n}, field 'value': 2 players are given two"),
    ("rules", "doom_length", "doom_lenght\t12", "rules.tsv line {n}, field 'key': 'doom_lenght'"),
    ("rules", "doom_length", None, "rules.tsv: the key 'doom_length' is missing"),
    ("monsters", "Ghoul\t", "Ghoul\t3\t3\t0/1\tX2\tgreen\t-\t-", "monsters.tsv line {n}, field 'move': 'X2'"),
    ("monsters", "Ghoul\t", "Ghoul\t3\t3\t0-1\tL2\tgreen\t-\t-", "monsters.tsv line {n}, field 'sanity'"),
    ("monsters", "Ghoul\t", "Ghoul\t3\t3\t0/1\tL2\tpurple\t-\t-", "monsters.tsv line {n}, field 'colour': 'purple'"),
    ("monsters", "Ghoul\t", "Ghoul\t3\t3\t0/1\tL2\tgreen\tfire\t-", "monsters.tsv line {n}, field 'immune': 'fire'"),
    ("investigators", "Otto", "Otto\t3\t7\t4\t1\t1\tHarbour Street\tShotgun\t-", "investigators.tsv line {n}, field 'start'"),
    ("investigators", "Otto", "Otto\t3\t7\t4\t1\t1\tHarbour\tCannon\t-", "investigators.tsv line {n}, field 'items': no item or spell named 'Cannon'"),
    ("investigators", "Otto", "Otto\t3\t0\t4\t1\t1\tHarbour\tShotgun\t-", "investigators.tsv line {n}, field 'strength'"),
    ("worlds", "Sunken City", "Sunken City\tgreen", "worlds.tsv line {n}, field 'colour': 'green' is already"),
    ("gates", "Yellow Court\t6", "Yellow Court\t6\t0", "gates.tsv line {n}, field 'count'"),
    ("gates", "Yellow Court\t6", "Yelow Court\t6\t1", "gates.tsv line {n}, field 'world': unknown Other World"),
    # the schema for the printed game
    ("rules", "skills", "skills\tfast_talk,Fast Talk", "rules.tsv line {n}, field 'value': 'Fast Talk': skills are"),
    ("items", "Flame Word\t", "Flame Word\tspell\t2\tmagical\t3\t1\t1\t0\t-", "items.tsv line {n}, field 'hands': a spell takes no hands"),
    ("items", "Knife\t", "Knife\tally\t3\tphysical\t1\t1\t0\t1\t-", None),
    ("investigators", "Otto", "Otto\t3\t7\t4\t1\t1\tHarbour\tShotgun\tcharm=2",
     "investigators.tsv line {n}, field 'skills': 'charm=2' must be SKILL=N"),
    ("investigators", "Otto", "Otto\t3\t7\t4\t1\t1\tHarbour\tShotgun\tfight=2",
     "investigators.tsv line {n}, field 'skills': 'fight=2': fight and stealth have columns"),
    ("investigators", "Otto", "Otto\t3\t7\t4\t1\t1\tHarbour\tShotgun,spell,ally,item,item,item,item\t-",
     "investigators.tsv line {n}, field 'items': at most 6"),
    ("events", "Woods\t1", "Woods\t1\tjail\tx", "events.tsv line {n}, field 'effects': 'jail': no city location has the flag 'jail'"),
    ("events", "Woods\t1", "Woods\t1\tworld:Leng\tx", "events.tsv line {n}, field 'effects': 'world:Leng': no Other World"),
    ("events", "Woods\t1", "Woods\t1\tpay gold 2: item\tx", "events.tsv line {n}, field 'effects': a payment is"),
    ("events", "Woods\t1", "Woods\t1\tsanity-3D6\tx", "events.tsv line {n}, field 'effects': 'sanity-3D6': the amount"),
    ("events", "Sunken City\t1", "Sunken City\t1\tauction\tx", "events.tsv line {n}, field 'effects': 'auction' cannot happen in an Other World"),
    ("monsters", "Ghoul\t", "Ghoul\t3\t3\t0/1\tL2\tgreen\t-\tcarry,swim", "monsters.tsv line {n}, field 'special': 'swim'"),
    ("monsters", "Ghoul\t", "Ghoul\t3\t3\t0/1\tL2\tgreen\tSilver Bullet\t-", "monsters.tsv line {n}, field 'immune': 'Silver Bullet'"),
]


@pytest.mark.parametrize("table,old,new,message", ERRORS, ids=["%s-%d" % (e[0], i) for i, e in enumerate(ERRORS)])
def test_a_board_file_with_one_error_is_rejected_naming_file_line_and_field(tmp_path, table, old, new, message):
    folder = copy(tmp_path)
    n = mutate(folder, table, old, new)
    if message is None:                 # a change the schema accepts (an ally with a weapon bonus)
        Board(str(folder))
        return
    with pytest.raises(KernelError) as err:
        Board(str(folder))
    text = str(err.value)
    assert text.startswith("board: ") and "\n" not in text
    assert message.format(n=n) in text, text


def test_a_board_with_a_missing_file_is_rejected(tmp_path):
    folder = copy(tmp_path)
    (folder / "gates.tsv").unlink()
    with pytest.raises(KernelError, match="cannot open .*gates.tsv"):
        Board(str(folder))


def test_a_world_without_a_gate_card_is_rejected(tmp_path):
    folder = copy(tmp_path)
    for d in (6, 8, 9):
        mutate(folder, "gates", "Yellow Court\t%d" % d, None)
    with pytest.raises(KernelError, match="no gate card leads to Yellow Court"):
        Board(str(folder))


def test_the_demonstration_board_loads_and_is_labelled_as_the_projects_own():
    b = Board()
    assert (b.nspaces, len(b.locations), b.nworlds, b.nkinds, b.ninv) == (24, 12, 4, 12, 10)
    for name in ("spaces", "events", "monsters", "investigators"):
        assert "NOT the published Arkham Horror board" in (DEMO / (name + ".tsv")).read_text()


def test_the_template_is_rejected_until_filled_in_and_check_reports_it(capsys):
    with pytest.raises(KernelError, match="no rows"):
        Board(str(DEMO / "template"))
    assert main(["arkham", "check", str(DEMO / "template")]) == 2
    assert "no rows" in capsys.readouterr().err
    assert main(["arkham", "check", str(DEMO)]) == 0
    assert "24 spaces" in capsys.readouterr().out


def test_a_save_made_on_another_board_is_refused(tmp_path):
    from eldritch.kernel.arkham.game.rules import Rules
    folder = copy(tmp_path)
    mutate(folder, "events", "Woods\t1", "Woods\t1\tstrength-2\tBrambles.")
    mine = Rules({"board": str(folder)})
    blob = Rules(None).new_game(1, 2).serialize()
    with pytest.raises(KernelError, match="another board"):
        mine.deserialize(blob)


# ----- the whole board: semantic checks ------------------------------------------------------------

def test_check_rejects_a_board_with_spaces_unreachable_from_the_start(tmp_path, capsys):
    """An island (two streets and a location joined only to each other): one line naming the file,
    the line and the field."""
    folder = copy(tmp_path)
    p = folder / "spaces.tsv"
    p.write_text(p.read_text() + "Isle Road\tstreet\tIsle Lane,Lighthouse\t-\nIsle Lane\tstreet\tIsle Road\t-\n"
                 "Lighthouse\tlocation\tIsle Road\t-\n")
    e = folder / "events.tsv"
    e.write_text(e.read_text() + "".join("Lighthouse\t%d\tnone\tThe lamp turns.\n" % r for r in range(1, 7)))
    n = len(p.read_text().split("\n")) - 3                        # Isle Road's line
    with pytest.raises(KernelError) as err:
        Board(str(folder))
    assert str(err.value) == ("board: spaces.tsv line %d, field 'neighbours': 'Isle Road' cannot be reached from "
                              "Library, where Ada Brandt, librarian starts (investigators.tsv line 4)" % n)
    assert main(["arkham", "check", str(folder)]) == 2
    err = capsys.readouterr().err.strip().split("\n")
    assert len(err) == 1 and "spaces.tsv line %d, field 'neighbours'" % n in err[0]


def test_check_rejects_a_gate_limit_that_can_never_be_reached(tmp_path, capsys):
    """The demo's gates open in 8 locations: a limit of 9 for 1-2 players can never be reached."""
    folder = copy(tmp_path)
    n = mutate(folder, "rules", "gate_limits", "gate_limits\t1-2:9,3-4:7,5-8:6")
    with pytest.raises(KernelError, match="rules.tsv line %d, field 'value': the gate limit 9 for 1 players can "
                                          "never be reached: gates open in 8 locations" % n):
        Board(str(folder))
    assert main(["arkham", "check", str(folder)]) == 2
    assert "rules.tsv line %d, field 'value'" % n in capsys.readouterr().err


def test_check_rejects_a_board_where_no_gate_can_open_so_no_defeat_can_happen(tmp_path):
    folder = copy(tmp_path)
    (folder / "gate_table.tsv").write_text("roll\tlocation\n" + "".join("%d\t-\n" % r for r in range(2, 13)))
    e = folder / "events.tsv"
    e.write_text("\n".join(l.replace("\tgate\t", "\tnone\t") for l in e.read_text().split("\n")))
    n = [i + 1 for i, l in enumerate((folder / "rules.tsv").read_text().split("\n")) if l.startswith("doom_length")][0]
    with pytest.raises(KernelError, match="rules.tsv line %d, field 'value': no gate can ever open" % n):
        Board(str(folder))


def test_optional_columns_may_follow_the_required_ones_and_unknown_ones_are_refused(tmp_path):
    folder = copy(tmp_path)
    p = folder / "monsters.tsv"
    p.write_text(p.read_text().replace("immune\tspecial\n", "immune\tspecial\tcolor\n"))
    with pytest.raises(KernelError, match="monsters.tsv line 3: the header must be the columns name, count, strength, "
                                          "sanity, move, colour, immune, special, then any of class"):
        Board(str(folder))
