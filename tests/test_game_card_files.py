"""`--cards` files that corrupted or crashed a game are answered in one line
(KernelError naming the file, the line and the field; the CLI exits 2 with one line on stderr), and
the action-code space is checked at load so no table can alias another action. One regression test
per failure the reliability probe found."""

import time

import pytest

from eldritch.cli import main
from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.game.data import GameData, SCHEMAS
from eldritch.kernel.eldersign.game import machine as G

from game_positions import DATA


def write(tmp_path, name, table, rows, raw=None):
    f = tmp_path / name
    if raw is not None:
        f.write_bytes(raw)
    else:
        f.write_text("\t".join(SCHEMAS[table]) + "\n" + "".join(r + "\n" for r in rows))
    return f


def one_line_refusal(f, capsys, *words):
    """The CLI refuses the file in one line on stderr (exit 2), naming it; so does GameData."""
    with pytest.raises(KernelError) as exc:
        GameData(extra=[f])
    message = str(exc.value)
    assert "\n" not in message and str(f) in message, message
    for w in words:
        assert w in message, (w, message)
    capsys.readouterr()
    assert main(["play", "--bots", "all", "--seed", "1", "--cards", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f.name in err, err          # (the CLI names the file by its name)
    return message


def test_a_gift_shop_row_never_aliases_another_action(tmp_path, capsys):
    """The 257th gift shop row used to be A_SHOP + 256 == A_PICK: it swapped the seat's investigator
    mid-turn. Now shop rows are capped (250) and every table's indexes are checked against their
    16-bit action field at load; the rows a file may add decode as gift shop actions only."""
    rows = ["gift_shop\tThing %d\t1\tclue+1\tmine" % i for i in range(251)]
    f = write(tmp_path, "shop.tsv", "entrance", rows)
    one_line_refusal(f, capsys, "line %d" % (250 - len(DATA.shop) + 2), "gift shop")    # the 251st row
    rows = ["gift_shop\tThing %d\t1\tclue+1\tmine" % i for i in range(250 - len(DATA.shop))]
    data = GameData(extra=[write(tmp_path, "shop_ok.tsv", "entrance", rows)])
    assert len(data.shop) == 250
    from eldritch.kernel.eldersign.game.machine import Game
    g = Game(data, players=1, seed=2, ancient_one="Yig")
    g.apply(G.A_DRAW)
    inv = g._seats.inv[0]
    g._inv.add_trophy(inv, (G.TR_TOKEN << 12) | 9)
    g.apply(G.A_MOVE)
    from array import array
    buf = array("i", [0] * G.MAX_GAME_ACTIONS)
    n = g.legal_actions(buf)
    shop = [buf[i] for i in range(n) if buf[i] - (buf[i] & G.A_ARG_MASK) == G.A_SHOP]
    assert len(shop) == 250 and len(set(shop)) == 250 and all(a < G.A_PICK for a in shop)


def test_two_thousand_rows_are_refused_not_a_crash(tmp_path, capsys):
    """2,000 rows of a table used to crash bot games with IndexError (a legal-actions buffer overrun)."""
    rows = ["Generic Thing %d\t1\tclue+1\tkeep\tmine" % i for i in range(2000)]
    f = write(tmp_path, "items.tsv", "items", ["common\t" + r for r in rows])
    one_line_refusal(f, capsys, "line 1002", "1000 rows")


def test_invalid_utf8_is_one_line(tmp_path, capsys):
    head = "\t".join(SCHEMAS["monsters"]).encode()
    f = write(tmp_path, "latin1.tsv", None, None, raw=head + b"\nMonstr\xe9\t1\tL\t1\t\t\tmine\n")
    one_line_refusal(f, capsys, "line 2", "UTF-8")


def test_a_binary_file_is_one_line(tmp_path, capsys):
    f = write(tmp_path, "blob.tsv", None, None, raw=bytes(range(256)) * 8)
    one_line_refusal(f, capsys, "line")


def test_a_count_written_with_a_superscript_digit_is_one_line(tmp_path, capsys):
    """'²' passes str.isdigit() but int() refuses it: it used to be a ValueError traceback."""
    f = write(tmp_path, "count.tsv", "monsters", ["Odd Monster\t\u00b2\tL\t1\t\t\tmine"])
    one_line_refusal(f, capsys, "line 2", "count")


def test_effects_nested_500_deep_are_one_line(tmp_path, capsys):
    """each( nested 500 deep used to be a RecursionError."""
    deep = "each(" * 500 + "doom+1" + ")" * 500
    f = write(tmp_path, "deep.tsv", "mythos", ["Deep\t1\t%s\t\t\t\t\t\tmine" % deep])
    one_line_refusal(f, capsys, "line 2")


def test_240_extra_investigators_are_one_line(tmp_path, capsys):
    """240 more investigators (256 in all) used to overflow the byte that holds an investigator id."""
    rows = ["Extra %d\t5\t5\t\t\tmine" % i for i in range(240)]
    f = write(tmp_path, "many.tsv", "investigators", rows)
    one_line_refusal(f, capsys, "investigators")


def test_a_million_rows_are_refused_quickly(tmp_path, capsys):
    """A million rows used to be accepted (17 s and 690 MB): the row cap stops the read early."""
    f = tmp_path / "million.tsv"
    with open(f, "w") as out:
        out.write("\t".join(SCHEMAS["mythos"]) + "\n")
        row = "Row\t0\t\t\t\t\t\t\tmine\n"
        out.write(row * 1000000)
    start = time.process_time()
    one_line_refusal(f, capsys, "1000 rows")
    assert time.process_time() - start < 5


def test_every_field_is_range_checked(tmp_path):
    """A sample of out-of-range fields, each refused naming its field."""
    cases = [
        ("investigators", "Weak\t0\t5\t\t\tmine", "sanity"),
        ("investigators", "Odd\t5\t5\t\tfly(away)\tmine", "unknown ability"),
        ("mythos", "Long\t1\t\t\t\t\t\t12\tmine", "lasts"),
        ("monsters", "Big\t1\tL\t10\t\t\t\tmine", "trophy"),
        ("monsters", "Masked\t1\tL\t1\t\tmaybe\t\tmine", "mask"),
        ("items", "common\tX\t41\tclue+1\tkeep\tmine", "count"),
        ("adventure_rules", "Core\tNew One\t\tnone\t1\t\t\t\t\t\t\t\t\tmine", "notation"),
        ("adventure_rules", "Core\tThe Curator\t\t\t\t3:full\t\t\t\t\t\t\t\tmine", "outline"),
        ("ancient_ones", "Tiny\t0\t1\tL\t\t\t\t\t\tmine", "doom"),
        ("ancient_ones", "Masks\t5\t1\tL\t\t2\t\t\t\tmine", "masks"),
    ]
    for k, (table, row, word) in enumerate(cases):
        f = write(tmp_path, "case%d.tsv" % k, table, [row])
        with pytest.raises(KernelError) as exc:
            GameData(extra=[f])
        assert word in str(exc.value) and str(f) in str(exc.value), (table, str(exc.value))
