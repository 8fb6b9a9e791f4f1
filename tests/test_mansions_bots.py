"""The bots of both sides (kernel/mansions/game/bots.py): thousands of seeded games, random and
heuristic on either side, 1 to 4 investigators, and never an illegal move; each bot reads only its
seat's view (the same view and legal actions give the same choice, whatever is hidden); the heuristic
sides beat the random ones and every end of the game happens."""

from array import array

from eldritch.kernel import prng
from eldritch.kernel.surface import CHANCE
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S
from eldritch.kernel.mansions.game.bots import make_bot, HeuristicBot

import mansions_positions as P
from test_mansions_views import mutate_keeper_secrets

BUF = array("i", [0] * K.MAX_ACTIONS)
PAIRS = (("heuristic", "heuristic"), ("random", "heuristic"), ("heuristic", "random"))


def play(r, seed, players, keeper_kind, inv_kind):
    st = r.new_game(seed, players)
    bots = [make_bot(keeper_kind if s == 0 else inv_kind, r.story, s, seed) for s in range(players)]
    steps = 0
    while not st.is_terminal():
        who = st.current_player()
        n = st.legal_actions(BUF)
        if who == CHANCE:
            a = BUF[0]
        else:
            a = bots[who].choose(st.view(who), BUF, n)
            assert st.is_legal(a), "seat %d chose an illegal action %d" % (who, a)
        st.apply(a)
        steps += 1
        assert steps < 5000
    return st


def test_bots_never_make_an_illegal_move_in_thousands_of_games():
    r = P.rules()
    games = 0
    ends = {}
    wins = {pair: [0, 0] for pair in PAIRS}
    for seed in range(170):
        for players in (2, 3, 4, 5):
            for pair in PAIRS:
                st = play(r, seed, players, *pair)
                w = st.g[S.G_WINNER]
                ends[w] = ends.get(w, 0) + 1
                if w == K.WIN_KEEPER:
                    wins[pair][0] += 1
                elif w == K.WIN_INVESTIGATORS:
                    wins[pair][1] += 1
                games += 1
    assert games >= 2000
    assert set(ends) == {K.WIN_KEEPER, K.WIN_INVESTIGATORS, K.WIN_NOBODY}
    # the heuristic keeper beats random investigators more often than heuristic ones
    assert wins[("heuristic", "random")][0] > wins[("heuristic", "heuristic")][0]
    # heuristic investigators win now and then; random ones facing a heuristic keeper hardly ever
    assert wins[("random", "heuristic")][1] > wins[("heuristic", "random")][1]


def test_a_bot_reads_only_its_view():
    """The same view and legal actions give the same choice, whatever the keeper hides."""
    r = P.rules()
    rng = prng.new_state(4)
    compared = 0
    for seed in range(12):
        st = r.new_game(seed, 3)
        pick = prng.new_state(seed)
        while not st.is_terminal():
            who = st.current_player()
            if who >= 1:
                other = st.clone()
                if mutate_keeper_secrets(other, rng) and other.view(who) == st.view(who):
                    n = st.legal_actions(BUF)
                    legal = [BUF[i] for i in range(n)]
                    a = HeuristicBot(r.story, who, seed).choose(st.view(who), BUF, n)
                    m = other.legal_actions(BUF)
                    assert [BUF[i] for i in range(m)] == legal
                    b = HeuristicBot(r.story, who, seed).choose(other.view(who), BUF, m)
                    assert a == b
                    compared += 1
            n = st.legal_actions(BUF)
            st.apply(BUF[prng.die(pick, n)])
    assert compared > 200
