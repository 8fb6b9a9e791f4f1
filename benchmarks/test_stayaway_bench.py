"""Stay Away! timings (`make bench`): kernel steps, a player's view, and one decision of each bot.

The search-against-heuristic comparison is a long run of its own: benchmarks/stayaway_search.py
(results in benchmarks/README.md).
"""

from array import array

from eldritch.kernel import prng
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.bots import HeuristicBot
from eldritch.kernel.stayaway.game.search import SearchBot

RULES = Rules()


def random_games(games=20, players=8):
    buf = array("i", [0] * D.MAX_ACTIONS)
    steps = 0
    for g in range(games):
        s = RULES.new_game(g, players)
        rng = prng.new_state(g)
        while not s.is_terminal() and s.nlog < 400:
            n = s.legal_actions(buf)
            a = buf[prng.die(rng, n)]
            if a == D.A_DECLARE and n > 1:
                a = buf[0]
            s.apply(a)
            steps += 1
    return steps


def midgame(players=8, steps=150):
    buf = array("i", [0] * D.MAX_ACTIONS)
    s = RULES.new_game(3, players)
    rng = prng.new_state(3)
    for _ in range(steps):
        n = s.legal_actions(buf)
        a = buf[prng.die(rng, n)]
        s.apply(buf[0] if a == D.A_DECLARE and n > 1 else a)
    return s, buf


def test_kernel_steps(benchmark):
    steps = benchmark(random_games)
    benchmark.extra_info["steps"] = steps


def test_view_of_a_midgame_state(benchmark):
    s, _ = midgame()

    def views():
        s.version += 1                      # no cached view
        return [len(s.view(p)) for p in range(s.players)]
    benchmark(views)


def _decision(bot_factory):
    s, buf = midgame()
    while s.legal_actions(buf) < 3:
        s.apply(buf[0])
    n = s.legal_actions(buf)
    legal = [buf[i] for i in range(n)]
    view = s.view(s.current_player())
    return lambda: bot_factory().choose(view, legal)


def test_heuristic_decision(benchmark):
    benchmark(_decision(lambda: HeuristicBot(1)))


def test_search_decision(benchmark):
    benchmark.pedantic(_decision(lambda: SearchBot(RULES, 1, worlds=8)), rounds=3, iterations=1)
