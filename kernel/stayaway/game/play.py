"""A whole game between bots, the same on every runtime (the CLI's --bots all, golden games, the
benchmarks):

    state = play_game(Rules(), seed=7, players=5, bots=[HeuristicBot(7 * 16 + p) for p in range(5)])

Each bot gets only its view and its legal actions. `make_bots(kinds, seed, rules)` builds bots by name
("random", "heuristic", "search") with seeds derived from the game's seed.
"""

from array import array

from .bots import RandomBot, HeuristicBot


def make_bots(kinds, seed, rules):
    """One bot per seat from names; seeds seed * 64 + seat."""
    bots = []
    for p in range(len(kinds)):
        k = kinds[p]
        s = (seed * 64 + p) & 0x3FFFFFFF
        if k == "random":
            bots.append(RandomBot(s))
        elif k == "heuristic":
            bots.append(HeuristicBot(s))
        elif k == "search":
            from .search import SearchBot
            bots.append(SearchBot(rules, s))
        else:
            bots.append(None)          # a human seat
    return bots


def play_game(rules, seed, players, bots, max_steps=100000, state=None, on_step=None):
    """Play to the end (or max_steps) with a bot in every seat; the final state."""
    s = state if state is not None else rules.new_game(seed, players)
    buf = array("i", [0] * rules.max_actions)
    steps = 0
    while not s.is_terminal() and steps < max_steps:
        p = s.current_player()
        n = s.legal_actions(buf)
        legal = [buf[i] for i in range(n)]
        bot = bots[p]
        a = legal[0] if n == 1 else bot.choose(s.view(p), legal)
        if on_step is not None:
            on_step(s, p, a)
        s.apply(a)
        steps += 1
    return s
