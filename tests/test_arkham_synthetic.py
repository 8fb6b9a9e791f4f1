"""A synthetic Arkham Horror board at least the published game's size with every feature of the
schema (tests/arkham_synthetic.py: invented names, no published text) loads, passes `arkham check`,
plays 200 seeded bot games with no illegal move (half of them in table mode, every draw a chance
node), passes the conformance test (3 runtimes, heap_lock), and the handheld's Arkham companion runs
on it within a Pico's heap."""

import re
import subprocess
from array import array

import pytest

from eldritch.cli import main
from eldritch.kernel.arkham.game.board import Board, DECK_ITEM, DECK_SPELL, DECK_ALLY, SPECIAL_HOUND, \
    SPECIAL_BLOCKING, SPECIAL_CARRY, SPECIAL_WEAPONS_ONE, SPECIAL_STEALS, RANDOM_ITEM, NONE, ABIL_ONCE, ABIL_BANISH, \
    SP_AUCTION
from eldritch.kernel.arkham.game import effects as E
from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.arkham.game.bots import HeuristicBot, RandomBot
from eldritch.kernel.surface import CHANCE
from conftest import REPO, MICROPYTHON
from conformance import GameSpec, check_playouts, check_three_runtimes
from arkham_synthetic import write_board
from arkham_board_driver import DRIVER


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return write_board(tmp_path_factory.mktemp("synthetic") / "board")


@pytest.fixture(scope="module")
def board(folder):
    return Board(str(folder))


def test_the_synthetic_board_has_the_published_size_and_every_feature(board):
    b = board
    streets = [s for s in range(b.nspaces) if not b.is_loc[s]]
    cards = [b.i_deck[b.card_kind[c]] for c in range(b.ncards)]
    assert len(streets) == 68 and sum(b.taxi) == 3 and len(b.locations) == 26
    assert sum(1 for s in b.locations if b.nbr_count[s] > 1) == 3                  # back doors
    assert (b.nworlds, b.ngates, b.nmonsters, b.nkinds) == (8, 16, 55, 41)           # more than the printed
    assert {30, 24, 23} <= set(b.k_strength) and any(b.k_str_dice) and any(b.k_pass_dice) and any(b.k_fail_dice)
    assert (cards.count(DECK_ITEM), cards.count(DECK_SPELL), cards.count(DECK_ALLY)) == (37, 24, 11)
    assert b.jail != NONE and b.asylum != NONE and b.hospital != NONE
    specials = 0
    for k in range(b.nkinds):
        specials |= b.k_special[k]
    assert specials == SPECIAL_HOUND | SPECIAL_BLOCKING | SPECIAL_CARRY | SPECIAL_WEAPONS_ONE | SPECIAL_STEALS
    assert any(b.k_vulnerable_cards) and any(b.outdoor) and any(b.svc_len) and any(b.use_len)
    assert set(b.i_abil) == {0, ABIL_ONCE, ABIL_BANISH} and any(c != NONE for c in b.i_cast)
    assert SP_AUCTION in b.i_special and any(b.gate_extra)
    assert (b.split_min, b.sale_up, b.limit_by_investigators) == (3, 1, 1)
    assert b.class_names and any(b.i_against[i] != NONE for i in range(b.nitems))
    assert any(b.k_immune_cards) and set(b.k_immune) == {0, 1, 2, 3}
    assert len(b.skill_names) == 5 and any(v != 128 for v in b.i_skill) and any(b.inv_skill)
    assert any(b.inv_split) and any(RANDOM_ITEM <= k < NONE for k in b.inv_items) and b.first_gate_monsters == 3
    ops = {b.prog[2 * i] for i in range(len(b.prog) // 2)}
    every = {v for n, v in vars(E).items() if n.startswith("OP_")}
    assert ops == every, sorted(every - ops)                                       # every effect is used
    pay_kinds = {b.prog[2 * i + 1] >> 5 for i in range(len(b.prog) // 2) if b.prog[2 * i] == E.OP_PAY}
    assert pay_kinds == {E.PAY_MONEY, E.PAY_SANITY, E.PAY_STRENGTH, E.PAY_GATE, E.PAY_ITEM, E.PAY_SPELL}


def test_arkham_check_passes_the_synthetic_board(folder, capsys):
    assert main(["arkham", "check", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "94 spaces (26 city locations), 8 Other Worlds, 16 gate cards, 55 monsters" in out


@pytest.mark.slow
def test_200_seeded_bot_games_on_it_make_no_illegal_move(board):
    """100 games with the game drawing and 100 in table mode; every player count, both bots."""
    results = set()
    for draws in ("deck", "table"):
        rules = Rules({"board": board, "round_limit": 40, "draws": draws})
        buf = array("i", [0] * rules.max_actions)
        heuristic = HeuristicBot(board)
        for seed in range(100):
            g = rules.new_game(seed, 1 + seed % 8)
            bot = heuristic if seed % 2 == 0 else RandomBot(seed)
            while not g.is_terminal():
                n = g.legal_actions(buf)
                assert n > 0
                a = bot.choose(g, buf, n)
                assert g.is_legal(a), (draws, seed, g.step, a)
                if g.current_player() != CHANCE:
                    assert a in [buf[i] for i in range(n)]
                g.apply(a)
            results.add(g.result)
    assert len(results) >= 2


@pytest.mark.slow
def test_conformance_on_the_synthetic_board(folder):
    for options in ({"board": str(folder)}, {"board": str(folder), "draws": "table", "round_limit": 12}):
        spec = GameSpec("arkham.game.rules", options, players=(1, 3, 8), seeds=2, steps=250, mp_seeds=1)
        assert check_playouts(spec) == spec.seeds * len(spec.players)
        assert check_three_runtimes(spec) == spec.mp_seeds * len(spec.players)


HEAP = DRIVER + """
press("right right right right right right a")          # 8 players
for seat in range(8):
    press("a")
assert m.screen == A.A_TRACK and m.limit() == 6 and m.st[A.S_DOOM_LEN] == 13
m.menu = A.M_ODDS
press("a a")                                            # the fight screen
names = []
for k in range(m.tables.nkinds):
    press("right")                                      # every monster of the board in turn
    names.append(bytes(m.monster_name()).decode())
    assert m.strength == m.tables.strength[k]
locked("down up")
print("kinds", m.tables.nkinds, "|".join(names))
print("ok", gc.mem_alloc())
"""


def test_the_handheld_companion_follows_the_synthetic_board_within_the_picos_heap(folder, board, tmp_path):
    """Under -X heapsize=190k: the companion reads the synthetic board's gate limits, doom track and
    its 17 monster kinds (names, strength) for the odds screens, and moves about under heap_lock."""
    script = tmp_path / "heap.py"
    mp = str(REPO / "micropython")
    script.write_text("import sys\nsys.path.insert(0, %r)\n" % str(REPO) +
                      HEAP % {"mp": mp, "dir": str(tmp_path), "board_arg": ", board=%r" % str(folder)})
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=190k", str(script)], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    m = re.search(r"kinds (\d+) (.*)", proc.stdout)
    assert m and int(m.group(1)) == board.nkinds
    assert m.group(2).split("|") == [n[:16] for n in board.kind_names]
