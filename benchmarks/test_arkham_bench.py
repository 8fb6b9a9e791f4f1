"""Arkham Horror: is the pure Python fast enough for the handheld and for sweeps? (The C core
gets these only if a benchmark shows the Python is too slow.)

Timed on CPython: the heaviest odds the companion asks (a fight to the end at strength 20 with no
chance to hit: 20 exchanges of long-int sums), every start's 2D6 reach table on the demonstration
board, and whole seeded bot games (a sweep's unit of work). The same odds and one bot game are timed
inside the MicroPython unix port (time.ticks_us, after imports) and recorded in extra_info; the
answers are compared with == as a side check.
"""

import subprocess
import sys
from array import array
from pathlib import Path

from eldritch.kernel.arkham import odds
from eldritch.kernel.arkham.reach import reach_odds
from eldritch.kernel.arkham.game.board import Board
from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.arkham.game.bots import HeuristicBot

REPO = Path(__file__).resolve().parents[1]
MICROPYTHON = Path(sys.executable).parent / "micropython"
BOARD = Board()


def companion_odds():
    return (odds.fight(0, 20, 20, 0), odds.fight(3, 6, 7, 3), odds.close_gate(5, 9, 9), odds.sanity_check(4, 1, 3, 4))


def reach_table():
    occ = bytearray(BOARD.nspaces)
    return [reach_odds(BOARD, occ, s, 0, 1, False) for s in range(BOARD.nspaces)]


def bot_games(n=10):
    rules = Rules({"board": BOARD})
    buf = array("i", [0] * rules.max_actions)
    bot = HeuristicBot(BOARD)
    steps = 0
    for seed in range(n):
        g = rules.new_game(seed, 4)
        while not g.is_terminal():
            k = g.legal_actions(buf)
            g.apply(bot.choose(g, buf, k))
            steps += 1
    return steps


MP = """
import sys, time
sys.path.insert(0, %r)
from kernel.arkham import odds
from kernel.arkham.game.rules import Rules
from kernel.arkham.game.bots import HeuristicBot
from array import array
t = time.ticks_us()
r = (odds.fight(0, 20, 20, 0), odds.fight(3, 6, 7, 3), odds.close_gate(5, 9, 9), odds.sanity_check(4, 1, 3, 4))
t_odds = time.ticks_diff(time.ticks_us(), t)
rules = Rules(None)
buf = array("i", [0] * rules.max_actions)
bot = HeuristicBot(rules.board)
t = time.ticks_us()
steps = 0
g = rules.new_game(0, 4)
while not g.is_terminal():
    k = g.legal_actions(buf)
    g.apply(bot.choose(g, buf, k))
    steps += 1
print(t_odds, time.ticks_diff(time.ticks_us(), t), steps)
print(r)
"""


def test_companion_odds(benchmark):
    got = benchmark(companion_odds)
    assert got[0][1] == got[0][4]             # no face hits strength 20: knocked out for sure


def test_reach_table_every_start(benchmark):
    assert len(benchmark(reach_table)) == BOARD.nspaces


def test_ten_bot_games_four_players(benchmark):
    steps = benchmark.pedantic(bot_games, rounds=3, iterations=1)
    benchmark.extra_info["steps"] = steps


def test_micropython_odds_and_one_bot_game(benchmark):
    def run():
        return subprocess.run([str(MICROPYTHON), "-c", MP % str(REPO)], capture_output=True, text=True, timeout=300)
    proc = benchmark.pedantic(run, rounds=1, iterations=1)
    assert proc.returncode == 0, proc.stderr
    t_odds, t_game, steps = (int(x) for x in proc.stdout.split("\n")[0].split())
    assert proc.stdout.split("\n")[1] == repr(companion_odds()).replace("True", "True")
    benchmark.extra_info.update(micropython_odds_s=t_odds / 1e6, micropython_game_s=t_game / 1e6,
                                micropython_game_steps=steps)
    print("micropython: odds %.4f s, one 4-player bot game %.3f s (%d steps)" % (t_odds / 1e6, t_game / 1e6, steps))
