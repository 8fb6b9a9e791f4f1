"""CPU seconds of N seeded heuristic-bot games of a Mansions story (game k: seed k, 2 + k % 4 players,
every seat the heuristic bot), and the number of log lines they wrote (equal across two kernels when
their games are the same). A whole-process timing script: run it under two kernels in turn to compare.

    .venv/bin/python benchmarks/mansions_games_cpu.py 300            # the demonstration story
    .venv/bin/python benchmarks/mansions_games_cpu.py 300 path/to/story
"""

import sys
import time

from eldritch.kernel.mansions.game.rules import Rules
from eldritch.kernel.mansions.game.playlog import bot_game


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 60
    rules = Rules({"story": argv[2]} if len(argv) > 2 else {})
    start = time.process_time()
    lines = 0
    for seed in range(games):
        players = 2 + seed % 4
        out, _ = bot_game(rules, seed, players, ["heuristic"] * players)
        lines += len(out)
    print("%d games, %d log lines, %.2f CPU s" % (games, lines, time.process_time() - start))


if __name__ == "__main__":
    main(sys.argv)
