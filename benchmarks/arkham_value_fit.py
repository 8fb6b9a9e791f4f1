"""Fit the Arkham search bot's value model (kernel/arkham/game/value.py) on the planner's own games.

    .venv/bin/python benchmarks/arkham_value_fit.py --games 3000 --players 2

Plays seeded games with the planner policy (kernel/arkham/game/planner.py) in every seat on a board
(the demonstration board by default), records value.features() at the start of every round, and
fits a logistic regression (L2, Newton's method in numpy) of the game's result (a win) on them.
Prints the fit (log loss, against the base rate's) and the WEIGHTS tuple for value.py (the
coefficients times 256, rounded). Seeds START .. START + GAMES - 1.
"""

from __future__ import annotations

import argparse
import sys
import time
from array import array

import numpy as np

from eldritch.kernel.arkham.game import defs as D
from eldritch.kernel.arkham.game.planner import PlannerBot
from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.arkham.game.value import NFEATURES, FEATURE_NAMES, features


def samples(rules, seed, players):
    """(feature rows at each round's start, 1 if the game was won)."""
    g = rules.new_game(seed, players)
    bot = PlannerBot(rules.board)
    buf = array("i", [0] * rules.max_actions)
    feat = [0] * NFEATURES
    rows = []
    rnd = 0
    while not g.is_terminal():
        n = g.legal_actions(buf)
        g.apply(D.K_RESOLVE if g.step >= D.CH_FIRST else bot.choose(g, buf, n))
        if g.round != rnd and not g.is_terminal():
            rnd = g.round
            features(g, feat)
            rows.append(list(feat))
    return rows, 1 if g.result == D.RES_WON else 0


def fit(x, y, l2=1.0, iters=30):
    """Logistic regression by Newton's method (the bias, column 0, not penalised)."""
    w = np.zeros(x.shape[1])
    pen = np.full(x.shape[1], l2)
    pen[0] = 0.0
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + pen * w
        h = (x * (p * (1 - p))[:, None]).T @ x + np.diag(pen) + 1e-9 * np.eye(x.shape[1])
        step = np.linalg.solve(h, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def log_loss(x, y, w):
    p = np.clip(1.0 / (1.0 + np.exp(-(x @ w))), 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--start", type=int, default=100000, help="the first seed (away from the test seeds)")
    ap.add_argument("--players", default="2", help="player counts, comma-separated")
    ap.add_argument("--board", default=None)
    ap.add_argument("--l2", type=float, default=1.0)
    args = ap.parse_args(argv)
    rules = Rules({"board": args.board})
    counts = [int(p) for p in args.players.split(",")]
    xs, ys = [], []
    wins = 0
    t0 = time.process_time()
    for i in range(args.games):
        rows, won = samples(rules, args.start + i, counts[i % len(counts)])
        wins += won
        xs.extend(rows)
        ys.extend([won] * len(rows))
    x = np.array(xs, dtype=float)
    y = np.array(ys, dtype=float)
    w = fit(x, y, args.l2)
    base = np.array([np.log(y.mean() / (1 - y.mean()))] + [0.0] * (NFEATURES - 1))
    print("games %d (wins %d), round starts %d, %.1f s CPU" % (args.games, wins, len(ys), time.process_time() - t0))
    print("log loss %.4f (the base rate alone: %.4f)" % (log_loss(x, y, w), log_loss(x, y, base)))
    for name, c in zip(FEATURE_NAMES, w):
        print("  %-28s %8.3f" % (name, c))
    print("WEIGHTS = (%s)" % ", ".join(str(int(round(c * 256))) for c in w))
    return 0


if __name__ == "__main__":
    sys.exit(main())
