"""The Arkham bots (kernel/arkham/game/bots.py) never make an illegal move: thousands of seeded games
(short ones under an agreed round limit, and whole ones), every player count, with and without house
rules; their choices are deterministic, and the heuristic bot does better than chance."""

from array import array

import pytest

from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.arkham.game.bots import RandomBot, HeuristicBot
from eldritch.kernel.arkham.game import defs as D
from eldritch.kernel.surface import CHANCE

HOUSE = ("seed_gate_limits,no_event_on_stay,sanity_check_max,defeat_at_round_end,elder_sign_card,"
         "stealth_fail_strikes")


def play(rules, seed, players, bot):
    buf = array("i", [0] * rules.max_actions)
    g = rules.new_game(seed, players)
    steps = 0
    while not g.is_terminal():
        n = g.legal_actions(buf)
        assert n > 0
        a = bot.choose(g, buf, n)
        assert g.is_legal(a), (seed, players, g.step, a)
        if g.current_player() != CHANCE:
            assert a in [buf[i] for i in range(n)]
        g.apply(a)
        steps += 1
    return g, steps


@pytest.mark.parametrize("house,round_limit,games", [("", 3, 1500), (HOUSE, 4, 1000), ("", 0, 150)],
                         ids=["short", "house-rules", "whole-games"])
@pytest.mark.slow
def test_bots_never_make_an_illegal_move(house, round_limit, games):
    rules = Rules({"house": house, "round_limit": round_limit})
    heuristic = HeuristicBot(rules.board)
    ends = set()
    for seed in range(games):
        bot = RandomBot(seed) if seed % 2 else heuristic
        g, _ = play(rules, seed, 1 + seed % 8, bot)
        ends.add(g.result)
    assert len(ends) >= 2


def test_bots_are_deterministic():
    rules = Rules(None)
    a, _ = play(rules, 11, 3, RandomBot(4))
    b, _ = play(rules, 11, 3, RandomBot(4))
    assert a.serialize() == b.serialize()


def test_the_heuristic_bot_closes_more_gates_than_the_random_bot():
    rules = Rules(None)
    closed = {"random": 0, "heuristic": 0}
    for seed in range(40):
        g, _ = play(rules, seed, 3, RandomBot(seed))
        closed["random"] += sum(g.gates_closed[s] for s in range(3))
        g, _ = play(rules, seed, 3, HeuristicBot(rules.board))
        closed["heuristic"] += sum(g.gates_closed[s] for s in range(3))
    assert closed["heuristic"] > 3 * closed["random"] + 5, closed
