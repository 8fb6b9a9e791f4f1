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
from eldritch.kernel.arkham.game import chance, combat, mythos, state, trade

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
    assert g.step == D.CH_FOE and not chance.two_dice(g)
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
                state.give(g, seat, c)
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
    assert combat.loadout_bonus(g, 0, shotgun, k, False) == 4 + 1
    assert combat.loadout_bonus(g, 0, bullet, k, False) == 4 + 4
    ghoul = g.board.kind_names.index("Ghoul")
    assert combat.loadout_bonus(g, 0, shotgun, ghoul, False) == 4 + 3          # other monsters: in full


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


# ----- encounters as printed ------------------------------------------------------------------------

def library(tmp_path, rows, more=()):
    """The demonstration board with the Library's event rows 1.. replaced by `rows` (effects)."""
    edits = [("events", "Library\t%d\t" % (r + 1), "Library\t%d\t%s\tA printed row." % (r + 1, e))
             for r, e in enumerate(rows)]
    return board_folder(tmp_path, edits + list(more))


def at_library(folder, invs=("Ada",), house=""):
    """Ada waits in the Library (its event when waiting: the default rules); a gate stays open at the
    Witch House (no victory)."""
    g = demo_game(folder, invs, house)
    g.pos[0] = g.board.space_index["Library"]
    c = g.gate_deck.cards[0]
    g.gate_deck.take(c)
    g.gate_at[g.board.space_index["Witch House"]] = c
    g.touch()
    g.apply(D.K_STAY)
    assert g.step == D.CH_EVENT
    return g


def legal(g):
    n = g.legal_actions(g.buf)
    return [g.buf[i] for i in range(n)]


def test_rule_a_roll_against_the_current_sanity_or_strength(tmp_path):
    """"a strength roll", "a sanity roll": `test sanity MOD` and `test strength MOD` roll a D6 against
    the current value (not a skill)."""
    g = at_library(library(tmp_path, ["test sanity -1: money+2 / money-1", "test strength +0: item / none"]))
    g.san[0] = 4
    money = g.money[0]
    g.apply(D.K_OUTCOME + 1)                                   # the row
    g.apply(D.K_OUTCOME + 3)                                   # 3 <= 4 - 1: passed
    assert g.money[0] == money + 2 and g.test_level == 3
    g = at_library(library(tmp_path / "b", ["test sanity -1: money+2 / money-1"]))
    g.san[0] = 2
    g.apply(D.K_OUTCOME + 1)
    g.apply(D.K_OUTCOME + 2)                                   # 2 > 2 - 1: failed
    assert g.money[0] == money - 1


def test_encounter_move_to_the_street_outside(tmp_path):
    """"Move to the street" (24 printed rows): `street` puts the investigator on the location's
    entrance, with no event there; its turn goes on from the street (the monsters there first)."""
    g = at_library(library(tmp_path, ["street"]))
    g.apply(D.K_OUTCOME + 1)
    assert g.board.space_names[g.pos[0]] == "College Street" and g.phase == D.PH_MYTHOS


def test_encounter_a_choice_between_two_results(tmp_path):
    g = at_library(library(tmp_path, ["choose: money+3 / spell; sanity+1"]))
    g.apply(D.K_OUTCOME + 1)
    assert g.step == D.ST_CHOOSE and legal(g) == [D.K_CHOOSE, D.K_CHOOSE + 1]
    assert "money+3" in g.action_text(D.K_CHOOSE) and "spell" in g.action_text(D.K_CHOOSE + 1)
    money = g.money[0]
    g.apply(D.K_CHOOSE)
    assert g.money[0] == money + 3 and g.phase == D.PH_MYTHOS


def test_encounter_nested_tests_in_parentheses(tmp_path):
    rows = ["test luck +0: (test knowledge -1: money+5 / money+1) / sanity-1",
            "test luck +0: none / test knowledge +0: money+2 / strength-1"]
    for row, rolls, money, san in ((0, (1, 1), 5, 0), (0, (1, 6), 1, 0), (0, (6,), 0, -1), (1, (6, 1), 2, 0)):
        g = at_library(library(tmp_path / ("%d%s" % (row, rolls)), rows))
        m0, s0 = g.money[0], g.san[0]
        g.apply(D.K_OUTCOME + 1 + row)
        for r in rolls:
            assert g.step == D.CH_TEST
            g.apply(D.K_OUTCOME + r)
        assert (g.money[0] - m0, g.san[0] - s0) == (money, san) and g.step != D.CH_TEST


def test_encounter_stay_n_turns_a_temporary_skill_bonus_and_a_movement_roll_modifier(tmp_path):
    g = at_library(library(tmp_path, ["stay:2; boost:luck+2; move_bonus-3"]))
    luck = g.board.skill_names.index("luck")
    before = state.skill_of(g, 0, luck)
    g.apply(D.K_OUTCOME + 1)
    assert g.lost_turns[0] == 2 and state.skill_of(g, 0, luck) == before + 2 and g.move_mod[0] == 8 - 3
    g.apply(D.K_OUTCOME + 7)                                   # mythos: round 2, a lost turn
    assert state.skill_of(g, 0, luck) == before + 2                   # until the end of its next turn
    g.apply(D.K_OUTCOME + 7)                                   # round 3, the second lost turn
    assert g.lost_turns[0] == 0 and state.skill_of(g, 0, luck) == before
    g.apply(D.K_OUTCOME + 7)
    assert g.step == D.ST_MOVE
    g.apply(D.K_ROLL)
    g.apply(D.K_OUTCOME + 5)
    assert g.moves_left == 2 and g.move_mod[0] == 0            # 5 - 3, once


def test_encounter_a_double_or_nothing_bet(tmp_path):
    g = at_library(library(tmp_path, ["bet:5"]))
    g.money[0] = 3
    g.apply(D.K_OUTCOME + 1)
    assert g.step == D.ST_BET and legal(g) == [D.K_PASS, D.K_BET + 1, D.K_BET + 2, D.K_BET + 3]
    g.apply(D.K_BET + 2)
    assert g.step == D.CH_BET
    g.apply(D.K_OUTCOME + 5)
    assert g.money[0] == 5
    g = at_library(library(tmp_path / "b", ["bet:5"]))
    g.money[0] = 3
    g.apply(D.K_OUTCOME + 1)
    g.apply(D.K_BET + 3)
    g.apply(D.K_OUTCOME + 2)
    assert g.money[0] == 0


def test_encounter_discarding_an_item_or_spell_and_paying_with_one(tmp_path):
    g = at_library(library(tmp_path, ["discard:spell", "pay item: money+4"]))     # Ada: Knife, Ward
    g.apply(D.K_OUTCOME + 1)
    assert g.step == D.ST_DISCARD and legal(g) == [D.K_DISCARD + slot(g, 0, "Ward")]
    g.apply(legal(g)[0])
    assert slot(g, 0, "Ward") < 0 and g.phase == D.PH_MYTHOS
    g = at_library(library(tmp_path / "b", ["discard:spell", "pay item: money+4"]))
    money = g.money[0]
    g.apply(D.K_OUTCOME + 2)
    assert g.step == D.ST_PAY
    g.apply(D.K_PAY)
    assert g.step == D.ST_DISCARD and legal(g) == [D.K_DISCARD + slot(g, 0, "Knife")]
    g.apply(legal(g)[0])
    assert slot(g, 0, "Knife") < 0 and g.money[0] == money + 4


def test_encounter_selling_a_named_card_for_its_price(tmp_path):
    """Selling monographs: `pay card NAME: money+N` buys that card from the investigator."""
    g = at_library(library(tmp_path, ["pay card Ward: money+6"]))
    money = g.money[0]
    g.apply(D.K_OUTCOME + 1)
    assert "Ward" in g.action_text(D.K_PAY)
    g.apply(D.K_PAY)
    assert slot(g, 0, "Ward") < 0 and g.money[0] == money + 6


def test_encounter_a_round_trip_to_another_world_and_back_here(tmp_path):
    """A round trip (the Dreamlands): `trip:WORLD` - area 2 and its event, area 1 the next round,
    then back to the location it left, no gate needed (and no right to close one)."""
    g = at_library(library(tmp_path, ["trip:Yellow Court"]))
    g.apply(D.K_OUTCOME + 1)
    assert g.pos[0] == D.AT_WORLD and g.step == D.CH_EVENT
    g.apply(D.K_OUTCOME + 4)                                   # Yellow Court 4: none
    g.apply(D.K_OUTCOME + 7)
    g.apply(D.K_OUTCOME + 4)                                   # area 1
    g.apply(D.K_OUTCOME + 7)
    assert g.step == D.ST_MOVE and g.board.space_names[g.pos[0]] == "Library" and g.close_at[0] == 255


def test_encounter_a_service_paid_each_turn_instead_of_the_event(tmp_path):
    """The Hospital's and the Sanitarium's services, paid per turn: events.tsv roll `service`; waiting
    there, the investigator may use it instead of rolling for the event, every turn."""
    folder = library(tmp_path, [], [("events", "+", "Library\tservice\tpay money 2: sanity+2\tRest, $2 a turn.")])
    g = demo_game(folder, ("Ada",), "")
    g.pos[0] = g.board.space_index["Library"]
    g.san[0] = 2
    g.money[0] = 9
    g.touch()
    for turn in range(2):
        g.apply(D.K_STAY)
        assert g.step == D.ST_GATE_OR_EVENT and legal(g) == [D.K_EVENT, D.K_SERVICE]
        g.apply(D.K_SERVICE)
        g.apply(D.K_PAY)
        assert g.phase == D.PH_MYTHOS
        g.apply(D.K_OUTCOME + 7)
    assert g.san[0] == 6 and g.money[0] == 5


def test_encounter_a_condition_on_a_card_carried(tmp_path):
    """The automobile's rows: `has CARD: LIST / LIST` (a card's name, or a card special: vehicle)."""
    for invs, money in (("Jonah",), 3), (("Ada",), -1):
        g = at_library(library(tmp_path / invs[0], ["has vehicle: money+3 / money-1"]), invs)
        m0 = g.money[0]
        g.apply(D.K_OUTCOME + 1)
        assert g.money[0] - m0 == money


# ----- cards as printed ------------------------------------------------------------------------------

ITEM_HEADER = ("items", "name\t", "name\tdeck\tcount\tattack\tbonus\thands\tcost\tprice\tspecial\tskills\tagainst\tcast\t"
               "abilities\tuse")


def cards_board(tmp_path, rows, more=()):
    """The demonstration board's items with the optional columns, and `rows` (name -> the row's
    columns after `special`: skills, against, cast, abilities, use) changed or added."""
    folder = board_folder(tmp_path, [ITEM_HEADER] + list(more))
    p = folder / "items.tsv"
    out = []
    for line in p.read_text().split("\n"):
        if line and not line.startswith("#") and not line.startswith("name\t"):
            name = line.split("\t")[0]
            line += "\t" + (rows.pop(name) if name in rows else "-\t-\t-\t-\t-")
        out.append(line)
    for name, rest in rows.items():
        out.insert(len(out) - 1, rest)
    p.write_text("\n".join(out))
    return folder


def test_card_a_knowledge_roll_to_cast_a_spell(tmp_path):
    """Casting a spell is a Knowledge roll (items.tsv `cast`): its cost is paid either way, a spell
    that fails adds nothing to the attack."""
    folder = cards_board(tmp_path, {"Flame Word": "-\t-\tknowledge-1\t-\t-"})
    g = demo_game(folder, ("Iris",))                         # knowledge 2: Flame Word (+3, 1 sanity)
    m = token(g, "Ghoul", "Church")
    g.m_checked[m] = 1
    g.apply(D.K_STAY)
    g.apply(D.K_FIGHT + m)
    san = g.san[0]
    g.apply(D.K_LOADOUT + (1 << slot(g, 0, "Flame Word")))
    assert g.step == D.CH_CAST and g.san[0] == san - 1 and g.bonus == 1 + 3
    g.apply(D.K_OUTCOME + 2)                                 # 2 > 2 - 1: it fails
    assert g.bonus == 1 and g.step == D.CH_ATTACK


def test_card_cast_mists_that_fails_leaves_the_move_on_foot(tmp_path):
    folder = cards_board(tmp_path, {"Mists of R'lyeh": "-\t-\tknowledge+0\t-\t-"})
    g = demo_game(folder, ("Lena",))                         # knowledge 3
    g.apply(D.K_MODE + 2)
    assert g.step == D.CH_CAST
    g.apply(D.K_OUTCOME + 4)
    assert g.mode == 0 and g.step == D.ST_MOVE
    g.apply(D.K_MODE + 2)
    g.apply(D.K_OUTCOME + 3)
    assert g.mode == 2


def test_card_used_once_then_discarded_and_a_banishing_card(tmp_path):
    """A card used once goes back under its deck (`once`); a banishing card (`banish`: the Dragon's Eye
    or the Blue Watcher as printed) sends a monster here back to the pool for D6 strength."""
    folder = cards_board(tmp_path, {"Holy Water": "-\t-\t-\tonce\t-", "Dragon's Eye": "-\t-\t-\tbanish\t-"})
    g = demo_game(folder, ("Abel",))                         # Holy Water (+3 magical)
    m = token(g, "Ghoul", "Church")
    g.m_checked[m] = 1
    g.apply(D.K_STAY)
    g.apply(D.K_FIGHT + m)
    g.apply(D.K_LOADOUT + (1 << slot(g, 0, "Holy Water")))
    assert slot(g, 0, "Holy Water") < 0 and g.bonus == 1 + 3
    g = demo_game(folder, ("Abel",))
    card(g, 0, "Dragon's Eye")
    m = token(g, "Shoggoth", "Church")
    g.apply(D.K_STAY)
    assert D.K_BANISH + m in legal(g)
    sta = g.sta[0]
    g.apply(D.K_BANISH + m)
    assert g.m_at[m] == D.AT_POOL and g.step == D.CH_BANISH
    g.apply(D.K_OUTCOME + 2)
    assert g.sta[0] == sta - 2 and slot(g, 0, "Dragon's Eye") >= 0


def test_card_a_non_attack_spell_used_before_moving(tmp_path):
    """The non-attack spells and items such as a Healing Stone: items.tsv `use`, an effect list the
    investigator plays before moving, once a turn, for its sanity cost (and its casting roll)."""
    folder = cards_board(tmp_path, {"Ward": "-\t-\t-\t-\tstrength+2"})
    g = demo_game(folder, ("Ada",))                          # Ward: cost 0
    g.sta[0] = 1
    g.touch()
    use = D.K_USE + slot(g, 0, "Ward")
    assert use in legal(g)
    g.apply(use)
    assert g.sta[0] == 3 and g.step == D.ST_MOVE and use not in legal(g)


def test_card_an_auction_card_in_the_item_deck(tmp_path):
    """Auction cards among the items (special `auction`): drawn, it goes under the deck and the next
    item card is auctioned to the investigators in Arkham."""
    folder = cards_board(library(tmp_path, ["item"]).parent / "cards", {
        "Auction Notice": "Auction Notice\titem\t1\t-\t0\t0\t0\t0\tauction\t-\t-\t-\t-\t-"},
        [("events", "Library\t1\t", "Library\t1\titem\tA crate.")])
    g = demo_game(folder, ("Ada",), "")
    b = g.board
    notice = b.card_kind.index(b.item_index["Auction Notice"])
    g.item_deck.take(notice)
    g.item_deck.push(notice)                                  # on top
    under = g.item_deck.cards[g.item_deck.n - 2]
    g.pos[0] = b.space_index["Library"]
    g.touch()
    g.apply(D.K_STAY)
    g.apply(D.K_OUTCOME + 1)
    assert g.item_deck.cards[0] == notice and g.step == D.ST_BID and g.auction_card == under
    g.apply(D.K_BID)
    assert g.step != D.ST_BID and slot(g, 0, b.item_names[b.card_kind[under]]) >= 0


def test_printed_rules_a_split_minimum_and_selling_at_half_rounded_up(tmp_path):
    """The 10-point split's minimum of 3 (rules.tsv split_minimum) and selling at half the price
    rounded up (sale_price half_up)."""
    folder = board_folder(tmp_path, [
        ("rules", "+", "split_minimum\t3"), ("rules", "+", "sale_price\thalf_up"),
        ("investigators", "name\t", "name\tsanity\tstrength\tfight\tstealth\tmoney\tstart\titems\tskills\tsplit"),
    ])
    p = folder / "investigators.tsv"
    lines = [line + ("\t10" if line.startswith("Ada") else "\t-") if line and not line.startswith(("#", "name"))
             else line for line in p.read_text().split("\n")]
    lines = [line.replace("Ada Brandt, librarian\t6\t4", "Ada Brandt, librarian\t8\t8") for line in lines]
    p.write_text("\n".join(lines))
    from arkham_setup import inv
    g = Rules({"board": str(folder)}).new_game(0, 1)
    g.apply(D.K_PICK + inv("Ada"))
    assert g.step == D.ST_SPLIT and legal(g) == [D.K_SPLIT + v for v in range(3, 8)]
    g.apply(D.K_SPLIT + 5)
    g.apply(D.K_OUTCOME + 7)
    assert trade.sale_price(g, 0, slot(g, 0, "Knife")) == 1             # $1: half rounded up
    card(g, 0, "Revolver")
    assert trade.sale_price(g, 0, slot(g, 0, "Revolver")) == 2          # $3
    assert "the least (rules.tsv split_minimum)" in fails(
        board_folder(tmp_path / "bad", [("rules", "+", "split_minimum\t5"),
                                        ("investigators", "name\t", "name\tsanity\tstrength\tfight\tstealth\t"
                                                                       "money\tstart\titems\tskills\tsplit")]) if False
        else _split_board(tmp_path / "bad"), "split")


def _split_board(folder):
    folder = board_folder(folder, [("rules", "+", "split_minimum\t4")])
    p = folder / "investigators.tsv"
    out = []
    for line in p.read_text().split("\n"):
        if line.startswith("name\t"):
            line += "\tsplit"
        elif line and not line.startswith("#"):
            line += "\t7" if line.startswith("Ada") else "\t-"
        out.append(line)
    p.write_text("\n".join(out))
    return folder


def test_printed_rules_the_extra_monster_on_gate_rolls(tmp_path):
    """The extra monster on gate rolls of 7 (at every open gate) or 4 and 10 (beside the gate):
    gate_table.tsv's optional column `monsters`."""
    folder = board_folder(tmp_path, [("gate_table", "roll\t", "roll\tlocation\tmonsters")])
    p = folder / "gate_table.tsv"
    extra = {"7": "1@gates", "4": "1", "10": "1"}
    p.write_text("\n".join(line + "\t" + extra.get(line.split("\t")[0], "-")
                           if line and not line.startswith(("#", "roll")) else line
                           for line in p.read_text().split("\n")))
    g = demo_game(folder)
    for name in ("Woods", "Harbour"):
        c = g.gate_deck.cards[0]
        g.gate_deck.take(c)
        g.gate_at[g.board.space_index[name]] = c
    g.touch()
    g.apply(D.K_STAY)
    g.apply(D.K_OUTCOME + 7)                                  # no gate: a monster at each open gate
    assert sorted(appeared(g)) == ["Harbour", "Woods"]
    g = demo_game(folder)
    g.apply(D.K_STAY)
    g.apply(D.K_OUTCOME + 4)                                  # the Museum: a gate, its monster and one more
    assert g.gate_at[g.board.space_index["Museum"]] != 255 and appeared(g) == ["Museum", "Museum"]


def appeared(g):
    """Where the last step's monsters appeared."""
    return [g.board.space_names[g.ev[4 * i + 2]] for i in range(g.nev // 4) if g.ev[4 * i] == D.EV_MONSTER]


def test_printed_rules_gate_limits_counted_by_investigators(tmp_path):
    """Gate limits counted by investigators (rules.tsv gate_limits_by investigators): a seat with no
    investigator left no longer counts."""
    folder = board_folder(tmp_path, [("rules", "+", "gate_limits_by\tinvestigators"),
                                     ("rules", "gate_limits", "gate_limits\t1-2:8,3-3:5,4-4:3,5-8:6")])
    g = Rules({"board": str(folder)}).new_game(0, 4)
    assert mythos.limit_now(g) == 3
    g.seat_status[3] = D.SEAT_OUT
    assert mythos.limit_now(g) == 5


# ----- the template and the docs -------------------------------------------------------------------

NEW = {
    "rules": ("sanity_after_madness", "strength_after_knockout", "split_minimum", "sale_price", "gate_limits_by"),
    "spaces": ("outdoor",),
    "gate_table": ("monsters", "@gates"),
    "monsters": ("14+D6", "2/D6+1", "weapons_one_point", "steals_item", "vulnerable"),
    "items": ("cast", "abilities", "use", "once", "banish", "auction"),
    "events": ("service", "street", "choose:", "(test", "stay:", "boost:", "move_bonus", "bet:", "discard:",
               "pay item", "pay card", "trip:", "has ", "test sanity"),
}


def test_arkham_template_shows_every_new_field_with_a_one_line_example(tmp_path, capsys):
    """`eldritch arkham template DIR`: every field the printed game needed is in its table's template,
    with a one-line example (a `# e.g.` line with the header's columns, or the key's own line)."""
    assert main(["arkham", "template", str(tmp_path / "t")]) == 0
    for table, words in NEW.items():
        text = (tmp_path / "t" / (table + ".tsv")).read_text()
        header = [line for line in text.split("\n") if line and not line.startswith("#")][0].split("\t")
        examples = [line[7:] for line in text.split("\n") if line.startswith("# e.g. ")]
        for example in examples:
            assert len(example.split("\t")) == len(header), (table, example)
        for word in words:
            if table == "rules":
                assert ("# %s\t" % word) in text, word
            else:
                assert any(word in e for e in examples) or word in header, (table, word)


def test_a_world_reached_only_by_a_trip_needs_no_gate_card(tmp_path):
    """The Dreamlands: an Other World no gate card leads to, reached by `trip:` (or `world:`)."""
    folder = board_folder(tmp_path, [("worlds", "+", "Dreamlands\tsilver"),
                                     ("events", "Library\t1\t", "Library\t1\ttrip:Dreamlands\tYou fall asleep.")] +
                          [("events", "+", "Dreamlands\t%d\tnone\tA dream." % r) for r in range(1, 7)])
    assert Board(str(folder)).nworlds == 5
    fails(board_folder(tmp_path / "b", [("worlds", "+", "Dreamlands\tsilver")] +
                       [("events", "+", "Dreamlands\t%d\tnone\tA dream." % r) for r in range(1, 7)]),
          "no gate card leads to Dreamlands (and no event's world: or trip: does)")
