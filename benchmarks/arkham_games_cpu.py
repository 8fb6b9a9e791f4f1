"""CPU seconds of N seeded Arkham Horror bot games on the demonstration board (game k: seed k,
1 + k % 4 players, the bot in every seat), with their total steps and a checksum of every game's
action log (equal across two kernels exactly when they played the same games). A whole-process
timing script: run it against two kernels in turn to compare them. ROOT is the folder holding the
`kernel/` to time (default: this repository's), imported as the top-level package `kernel`, as on
the board, so any checkout's copy of `kernel/` will do.

    .venv/bin/python benchmarks/arkham_games_cpu.py 100                       # heuristic bots
    .venv/bin/python benchmarks/arkham_games_cpu.py 100 --bots random
    .venv/bin/python benchmarks/arkham_games_cpu.py 100 --root /tmp/main-copy # another kernel
"""

import argparse
import sys
import time
import zlib
from array import array
from pathlib import Path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", type=int, nargs="?", default=100, help="how many games (seeds 0 .. games - 1)")
    ap.add_argument("--bots", choices=("random", "heuristic"), default="heuristic")
    ap.add_argument("--root", default=str(Path(__file__).resolve().parent.parent),
                    help="the folder holding the kernel/ to time")
    args = ap.parse_args(argv)
    sys.path.insert(0, args.root)
    from kernel.arkham.game.rules import Rules
    from kernel.arkham.game.playlog import make_bot
    rules = Rules()
    buf = array("i", [0] * rules.max_actions)
    start = time.process_time()
    steps = 0
    crc = 0
    for seed in range(args.games):
        game = rules.new_game(seed, 1 + seed % 4)
        bot = make_bot(rules, args.bots, seed)
        while not game.is_terminal():
            game.apply(bot.choose(game, buf, game.legal_actions(buf)))
        log = game.actions()
        steps += len(log)
        crc = zlib.crc32(repr((seed, log, game.returns())).encode(), crc)
    print("%d games, %d steps, actions crc %08x, %.2f CPU s" % (args.games, steps, crc,
                                                                 time.process_time() - start))


if __name__ == "__main__":
    main()
