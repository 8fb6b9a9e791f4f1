"""The printed game in Arkham's board format: what a new user typing in the 1987 board, its tables and
tokens met and the format refused or could not say, each as data checked by `arkham check` (file,
line and field) and played by the kernel. Boards here are the demonstration board with a few rows
changed, or the synthetic boards of tests/arkham_synthetic.py (invented names, printed values)."""

import shutil
from array import array
from pathlib import Path

import pytest

from eldritch.cli import main
from eldritch.kernel.errors import KernelError
from eldritch.kernel.arkham import odds
from eldritch.kernel.arkham.game import defs as D
from eldritch.kernel.arkham.game.board import Board, data_folder
from eldritch.kernel.arkham.game.bots import HeuristicBot, RandomBot
from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.surface import CHANCE
from arkham_synthetic import write_board, PRINTED_KINDS

DEMO = Path(data_folder())


def board_folder(tmp_path, edits=()):
    """The demonstration board copied, each (table, the start of a line, the new line or None: delete,
    or ("+", line): append) applied."""
    folder = tmp_path / "board"
    shutil.copytree(DEMO, folder, ignore=shutil.ignore_patterns("template", "*.md"))
    for table, start, new in edits:
        p = folder / (table + ".tsv")
        lines = p.read_text().split("\n")
        if start == "+":
            lines.insert(len(lines) - 1 if lines[-1] == "" else len(lines), new)
        else:
            hits = [i for i, line in enumerate(lines) if line.startswith(start)]
            assert hits, (table, start)
            if new is None:
                del lines[hits[0]]
            else:
                lines[hits[0]] = new
        p.write_text("\n".join(lines))
    return folder


def fails(folder, message):
    with pytest.raises(KernelError) as exc:
        Board(str(folder))
    assert message in str(exc.value), str(exc.value)
    return str(exc.value)


def started(rules, seed=1):
    """A one-player game at its first turn: the first investigator, the setup gate roll 7 (no gate)."""
    g = rules.new_game(seed, 1)
    buf = array("i", [0] * rules.max_actions)
    while g.step != D.ST_MOVE:
        if g.current_player() == CHANCE:
            g.apply(D.K_OUTCOME + 7 if g.step == D.CH_GATE else D.K_RESOLVE)
        else:
            g.legal_actions(buf)
            g.apply(buf[0])
    return g


def play(rules, seed, players, bot):
    g = rules.new_game(seed, players)
    buf = array("i", [0] * rules.max_actions)
    seen = set()
    while not g.is_terminal():
        n = g.legal_actions(buf)
        a = bot.choose(g, buf, n)
        if g.current_player() == CHANCE:
            seen.add(g.step)
        g.apply(a)
    return g, seen


# ----- monster values as printed ------------------------------------------------------------------

@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """The synthetic board with the printed game's 49 tokens of 37 kinds."""
    return write_board(tmp_path_factory.mktemp("printed") / "board", kinds=PRINTED_KINDS)


def test_printed_values_pass_arkham_check_49_tokens_of_37_kinds(printed, capsys):
    """Strength 30, 24 and 23, the Shoggoth's 14+D6, the Powers' SAN 2/D6+1, 49 tokens of 37 kinds
    (the kernel allowed 32 kinds and strength 1 to 20): every array is sized from the data."""
    assert main(["arkham", "check", str(printed)]) == 0
    assert "49 monsters of 37 kinds" in capsys.readouterr().out
    b = Board(str(printed))
    k = b.kind_names.index("Ooze Shoggoth")
    assert (b.k_strength[k], b.k_str_dice[k]) == (14, 1) and b.strength_text(k) == "14+D6"
    k = b.kind_names.index("Shapeless Mass")
    assert (b.k_san_pass[k], b.k_pass_dice[k], b.k_san_fail[k], b.k_fail_dice[k]) == (2, 0, 1, 1)
    assert b.sanity_text(k) == "2/D6+1"
    assert {30, 24, 23} <= set(b.k_strength[k] for k in range(b.nkinds))


def test_bot_games_on_the_printed_values_end_and_roll_the_printed_dice(printed):
    """Without a round limit every seeded game ends; a strength with dice is rolled at each attack
    (CH_FOE) and a sanity loss with dice when the check falls on that side (CH_LOSS)."""
    rules = Rules({"board": str(printed), "round_limit": 0})
    heuristic = HeuristicBot(rules.board)
    seen = set()
    results = set()
    for seed in range(24):
        g, steps = play(rules, seed, 1 + seed % 4, heuristic if seed % 2 else RandomBot(seed))
        assert g.round < 400
        seen |= steps
        results.add(g.result)
    assert D.CH_FOE in seen and D.CH_LOSS in seen and results


def test_a_monsters_strength_dice_are_rolled_at_each_attack(printed):
    """An attack on a 14+D6 monster: its strength this attack is 14 and the roll (logged), and the
    attack roll is against that; the odds the CLI gives sum the D6 the same way."""
    rules = Rules({"board": str(printed)})
    b = rules.board
    g = started(rules)
    k = b.kind_names.index("Ooze Shoggoth")
    m = b.mon_kind.index(k)
    g.m_at[m] = g.pos[0]
    g.m_checked[m] = 1
    g.touch()
    g.apply(D.K_STAY)
    g.apply(D.K_FIGHT + m)
    g.apply(D.K_LOADOUT)
    assert g.step == D.CH_FOE and not g.two_dice()
    g.apply(D.K_OUTCOME + 5)
    assert g.foe_str == 19 and D.EV_FOE_STRENGTH in [g.ev[4 * i] for i in range(g.nev // 4)]
    assert g.step == D.CH_ATTACK
    bonus = g.bonus
    g.apply(D.K_OUTCOME + 6)
    assert (g.m_at[m] == D.AT_TROPHY) == (6 + bonus >= 19)
    num, den = odds.hit_chance(bonus, 14, 1)
    assert (num, den) == (sum(odds.hit_faces(bonus, 14 + d) for d in range(1, 7)), 36)


def test_a_sanity_loss_printed_with_dice_is_rolled_on_its_side(printed):
    """SAN 2/D6+1: a passed check loses 2; a failed one 1 and a D6 (CH_LOSS)."""
    rules = Rules({"board": str(printed)})
    b = rules.board
    k = b.kind_names.index("Shapeless Mass")
    for check, rolls, loss in ((1, (), 2), (6, (2,), 3)):
        g = started(rules)
        m = b.mon_kind.index(k)
        g.m_at[m] = g.pos[0]
        g.san[0] = 5
        g.maxsan[0] = 9
        g.touch()
        g.apply(D.K_STAY)
        g.apply(D.K_FIGHT + m)
        g.apply(D.K_OUTCOME + check)
        for r in rolls:
            assert g.step == D.CH_LOSS
            g.apply(D.K_OUTCOME + r)
        assert g.san[0] == 5 - loss


@pytest.mark.parametrize("field,value,message", [
    ("strength", "100", "must be a whole number 1 to 99, or N+D6"),
    ("strength", "14+D8", "or N+D6 or N+2D6"),
    ("sanity", "2/D6+10", "each 0-9, D6, 2D6 or D6+N"),
    ("sanity", "D6", "must be a/b"),
])
def test_bad_printed_values_name_the_file_line_and_field(tmp_path, field, value, message):
    row = {"strength": "Ghoul\t3\t%s\t0/1\tL2\tgreen\t-\t-" % value,
           "sanity": "Ghoul\t3\t3\t%s\tL2\tgreen\t-\t-" % value}[field]
    text = fails(board_folder(tmp_path, [("monsters", "Ghoul\t", row)]), message)
    assert text.startswith("board: monsters.tsv line ") and "field '%s'" % field in text


def test_more_than_32_kinds_load_and_the_arrays_are_the_boards_size(tmp_path):
    extra = [("monsters", "+", "Extra %d\t1\t%d\t0/1\tL1\t-\t-\t-" % (i, 2 + i % 9)) for i in range(40)]
    b = Board(str(board_folder(tmp_path, extra)))
    assert b.nkinds == 52 and b.nmonsters == 61 and len(b.k_strength) == 52
    g = Rules({"board": b}).new_game(3, 2)
    assert len(g.fight_kinds) == 52 and len(g.m_at) == 61 and len(g.ev) >= 4 * 61 * 12
