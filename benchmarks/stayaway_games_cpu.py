"""CPU seconds of N seeded Stay Away! bot games (game k: seed k, 4 + k % 9 players, every seat the
same bot kind), with their total steps and a checksum of every game's action log (equal across two
kernels exactly when they played the same games). A whole-process timing script: run it against two
kernels in turn to compare them. ROOT is the folder holding the `kernel/` to time (default: this
repository's); the kernel is imported as the top-level package `kernel`, as on the board, so any
checkout's copy of `kernel/` will do.

    .venv/bin/python benchmarks/stayaway_games_cpu.py 200                      # heuristic bots
    .venv/bin/python benchmarks/stayaway_games_cpu.py 200 --bots random
    .venv/bin/python benchmarks/stayaway_games_cpu.py 200 --root /tmp/main-copy # another kernel
"""

import argparse
import sys
import time
import zlib
from pathlib import Path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", type=int, nargs="?", default=100, help="how many games (seeds 0 .. games - 1)")
    ap.add_argument("--bots", choices=("random", "heuristic", "search"), default="heuristic")
    ap.add_argument("--root", default=str(Path(__file__).resolve().parent.parent),
                    help="the folder holding the kernel/ to time")
    args = ap.parse_args(argv)
    sys.path.insert(0, args.root)
    from kernel.stayaway.game.rules import Rules
    from kernel.stayaway.game.play import play_game, make_bots
    rules = Rules()
    start = time.process_time()
    steps = 0
    crc = 0
    for seed in range(args.games):
        players = 4 + seed % 9
        s = play_game(rules, seed, players, make_bots([args.bots] * players, seed, rules))
        log = s.actions()
        steps += len(log)
        crc = zlib.crc32(repr((seed, log, s.returns())).encode(), crc)
    print("%d games, %d steps, actions crc %08x, %.2f CPU s" % (args.games, steps, crc,
                                                                 time.process_time() - start))


if __name__ == "__main__":
    main()
