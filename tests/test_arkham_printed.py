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


# ----- monster rules as printed ---------------------------------------------------------------------

def demo_game(folder, invs=("Otto",), house="no_event_on_stay"):
    """A one-player game on a changed demonstration board at its first turn (setup gate roll 7)."""
    from arkham_setup import inv
    g = Rules({"board": str(folder), "house": house, "round_limit": 0}).new_game(0, len(invs))
    for name in invs:
        g.apply(D.K_PICK + inv(name))
    g.apply(D.K_OUTCOME + 7)
    assert g.step == D.ST_MOVE
    return g


def token(g, kind, space):
    b = g.board
    k = b.kind_names.index(kind)
    for m in range(b.nmonsters):
        if b.mon_kind[m] == k and g.m_at[m] == D.AT_POOL:
            g.m_at[m] = b.space_index[space]
            g.m_head[m] = b.first_street(g.m_at[m])
            g.touch()
            return m
    raise ValueError(kind)


def card(g, seat, name):
    b = g.board
    kind = b.item_index[name]
    for deck in g.decks:
        for i in range(deck.n):
            c = deck.cards[i]
            if b.card_kind[c] == kind:
                deck.take(c)
                g.give(seat, c)
                g.touch()
                return c
    raise ValueError(name)


def slot(g, seat, name):
    for k in range(D.MAX_POSS):
        c = g.poss[seat * D.MAX_POSS + k]
        if c != 255 and g.board.item_names[g.board.card_kind[c]] == name:
            return k
    return -1


WEREWOLF = [("monsters", "name\t", "name\tcount\tstrength\tsanity\tmove\tcolour\timmune\tspecial\tclass\tvulnerable"),
            ("items", "Silver Dagger\t", "Silver Bullet\titem\t1\tphysical\t4\t1\t0\t4\t-")]


def werewolf_board(tmp_path):
    edits = list(WEREWOLF)
    folder = board_folder(tmp_path, edits)
    p = folder / "monsters.tsv"
    lines = []
    for line in p.read_text().split("\n"):
        if line and not line.startswith("#") and not line.startswith("name\t"):
            line += "\t-\t-"
        lines.append(line)
    lines.insert(len(lines) - 1, "Werewolf\t1\t6\t1/2\tR2\t-\t-\tweapons_one_point\t-\tSilver Bullet")
    lines.insert(len(lines) - 1, "Mi-Go\t1\t4\t1/2\tF2\t-\t-\tsteals_item\t-\t-")
    p.write_text("\n".join(lines))
    return folder


def test_rule_weapons_do_only_one_point_against_a_monster_but_the_card_it_is_vulnerable_to_counts(tmp_path):
    """"Weapons do only 1 point of damage" (monster special weapons_one_point): the Shotgun's +3 counts
    as 1; the Werewolf's Silver Bullet (its 'vulnerable' column) counts in full; Fight still counts."""
    g = demo_game(werewolf_board(tmp_path))                   # Otto: Fight 4, a Shotgun
    w = token(g, "Werewolf", "Harbour Street")
    card(g, 0, "Silver Bullet")
    k = g.board.mon_kind[w]
    shotgun = 1 << slot(g, 0, "Shotgun")
    bullet = 1 << slot(g, 0, "Silver Bullet")
    assert g.loadout_bonus(0, shotgun, k, False) == 4 + 1
    assert g.loadout_bonus(0, bullet, k, False) == 4 + 4
    ghoul = g.board.kind_names.index("Ghoul")
    assert g.loadout_bonus(0, shotgun, ghoul, False) == 4 + 3          # other monsters: in full


def test_rule_a_mi_go_goes_back_to_the_pool_taking_an_item_after_hurting(tmp_path):
    """The Mi-Go's "return to the pile taking 1 item" (special steals_item): once its strike hurts,
    it goes back to the pool and the player gives up one of its items."""
    g = demo_game(werewolf_board(tmp_path), invs=("Ada",))    # Fight 1: a Knife, the Ward spell
    m = token(g, "Mi-Go", "Library")
    g.m_checked[m] = 1
    g.apply(D.K_STAY)
    g.apply(D.K_FIGHT + m)
    g.apply(D.K_LOADOUT)
    g.apply(D.K_OUTCOME + 1)                                 # 1 + 1 < 4: it strikes
    g.apply(D.K_OUTCOME + 1)                                 # for 1
    assert g.m_at[m] == D.AT_POOL and g.step == D.ST_DISCARD
    g.legal_actions(g.buf)
    assert g.buf[0] == D.K_DISCARD + slot(g, 0, "Knife")    # an item, not the spell
    g.apply(g.buf[0])
    assert slot(g, 0, "Knife") < 0 and slot(g, 0, "Ward") >= 0 and g.step != D.ST_DISCARD


def test_rule_a_hound_does_not_enter_a_location_without_buildings(tmp_path):
    """"Hounds of Tindalos, which may themselves enter certain locations": a city location flagged
    `outdoor` (woods, a graveyard) has no buildings to come through; the Hound stops at its door."""
    woods = [("spaces", "Woods\t", "Woods\tlocation\tForest Lane\toutdoor")]
    for folder, where in ((board_folder(tmp_path / "a", woods), "Forest Lane"), (board_folder(tmp_path / "b"), "Woods")):
        g = demo_game(folder)
        from arkham_setup import sp
        g.pos[0] = g.board.space_index["Woods"]
        g.touch()
        while g.phase == D.PH_INV:
            g.apply(D.K_STAY)
            if g.step == D.CH_EVENT:
                g.apply(D.K_OUTCOME + 5)
        hound = token(g, "Hound of Tindalos", "Market Street")
        g.apply(D.K_OUTCOME + 7)
        assert g.board.space_names[g.m_at[hound]] == where
    assert "'outdoor' is for a city location" in fails(
        board_folder(tmp_path / "c", [("spaces", "Hill Road\t", "Hill Road\tstreet\tAsylum,Infirmary Road,Church Street\toutdoor")]),
        "outdoor")
