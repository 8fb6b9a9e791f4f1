"""The handheld's Arkham reader (kernel/arkham/tables.py: BoardTables, the rules and monster kinds a
companion needs) against the full loader (game/board.py: Board): every value it keeps equals the
Board's for the same folder, on CPython and on the MicroPython unix port, and a value it refuses is
refused by both naming the same file, line and field. Boards: the demonstration board, the
synthetic boards at the printed game's size (tests/arkham_synthetic.py) and the demonstration board
with edited rows."""

import shutil
from pathlib import Path

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.arkham.game.board import Board, data_folder
from eldritch.kernel.arkham.tables import BoardTables
from arkham_synthetic import write_board, PRINTED_KINDS
from conftest import MICROPYTHON

DEMO = Path(data_folder())
# rows changed on the demonstration board: dice on both sides of SAN, strength dice, a name longer
# than the board's 16 columns, an immunity naming a card beside a kind, two gate-limit spans
EDITS = (("monsters", "+", "A Very Long Monster Name\t1\t3+2D6\tD6/2D6+3\tR1\t-\tphysical, Silver Dagger\t-"),
         ("rules", "gate_limits", "gate_limits\t1-3:7,4-8:5"))


def edited(tmp_path, edits):
    """The demonstration board copied with each (table, the start of a line or "+": append, the new
    line) applied."""
    folder = tmp_path / "board"
    shutil.copytree(DEMO, folder, ignore=shutil.ignore_patterns("template", "*.md"))
    for table, start, new in edits:
        p = folder / (table + ".tsv")
        lines = p.read_text().rstrip("\n").split("\n")
        if start == "+":
            lines.append(new)
        else:
            hits = [i for i, line in enumerate(lines) if line.startswith(start)]
            assert hits, (table, start)
            lines[hits[0]] = new
        p.write_text("\n".join(lines) + "\n")
    return folder


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    """(what, folder) of every board compared."""
    return [("demo", DEMO),
            ("printed", write_board(tmp_path_factory.mktemp("printed") / "board", kinds=PRINTED_KINDS)),
            ("all kinds", write_board(tmp_path_factory.mktemp("synthetic") / "board")),
            ("edited", edited(tmp_path_factory.mktemp("edited"), EDITS))]


def board_view(b):
    """What the handheld keeps, as the full loader read it."""
    return {"players": (b.min_players, b.max_players), "doom": b.doom_length,
            "gate_limit": [b.gate_limit[p] for p in range(1, 9)], "nkinds": b.nkinds,
            "names": [n.encode()[:16] for n in b.kind_names],
            "kinds": [(b.k_strength[k], b.k_str_dice[k], b.k_san_pass[k], b.k_pass_dice[k], b.k_san_fail[k],
                       b.k_fail_dice[k], b.k_immune[k]) for k in range(b.nkinds)]}


def tables_view(t):
    """What the handheld keeps, as BoardTables read it."""
    return {"players": (t.min_players, t.max_players), "doom": t.doom_length,
            "gate_limit": [t.gate_limit[p] for p in range(1, 9)], "nkinds": t.nkinds,
            "names": list(t.names),
            "kinds": [(t.strength[k], t.str_dice[k], t.san_pass[k], t.pass_dice[k], t.san_fail[k], t.fail_dice[k],
                       t.immune[k]) for k in range(t.nkinds)]}


def test_the_handhelds_tables_are_the_full_boards_values(boards):
    for what, folder in boards:
        full = board_view(Board(str(folder)))
        assert tables_view(BoardTables(str(folder))) == full, what
    edited_board = Board(str(boards[-1][1]))
    k = edited_board.nkinds - 1                 # the edits reach the compared values
    assert board_view(edited_board)["kinds"][k] == (3, 2, 0, 1, 3, 2, 1)
    assert board_view(edited_board)["names"][k] == b"A Very Long Mons"
    assert board_view(edited_board)["gate_limit"] == [7, 7, 7, 5, 5, 5, 5, 5]


def test_the_handhelds_runtime_reads_the_same_tables(boards, run_micropython):
    """The MicroPython unix port's BoardTables (the handheld's runtime) equals the full Board's view."""
    if not MICROPYTHON.exists():
        pytest.skip("no micropython unix port built (make micropython)")
    for what, folder in boards:
        lines = run_micropython(
            "from kernel.arkham.tables import BoardTables\n"
            "t = BoardTables(%r)\n"
            "print(t.min_players, t.max_players, t.doom_length, list(t.gate_limit[1:9]), t.nkinds)\n"
            "for k in range(t.nkinds):\n"
            "    print(t.names[k].decode(), t.strength[k], t.str_dice[k], t.san_pass[k], t.pass_dice[k],"
            " t.san_fail[k], t.fail_dice[k], t.immune[k], sep='|')" % str(folder))
        v = board_view(Board(str(folder)))
        expect = ["%d %d %d %s %d" % (v["players"] + (v["doom"], v["gate_limit"], v["nkinds"]))]
        expect += ["|".join([n.decode()] + [str(x) for x in kind]) for n, kind in zip(v["names"], v["kinds"])]
        assert lines == expect, what


@pytest.mark.parametrize("edit,where", [
    (("monsters", "+", "Bad\t1\t0\t1/1\tR1\t-\t-\t-"), "field 'strength'"),
    (("monsters", "+", "Bad\t1\t5+3D6\t1/1\tR1\t-\t-\t-"), "field 'strength'"),
    (("monsters", "+", "Bad\t1\t5\t1\tR1\t-\t-\t-"), "field 'sanity'"),
    (("monsters", "+", "Bad\t1\t5\t10/1\tR1\t-\t-\t-"), "field 'sanity'"),
    (("rules", "gate_limits", "gate_limits\t1-2:8"), "field 'value'"),
    (("rules", "doom_length", "doom_length\t0"), "field 'value'"),
])
def test_a_value_the_handheld_refuses_the_full_loader_refuses_at_the_same_place(tmp_path, edit, where):
    folder = str(edited(tmp_path, (edit,)))
    places = []
    for load in (Board, BoardTables):
        with pytest.raises(KernelError) as exc:
            load(folder)
        assert where in exc.value.detail, (load.__name__, exc.value.detail)
        places.append(exc.value.detail.split(":")[0])
    assert places[0] == places[1]
