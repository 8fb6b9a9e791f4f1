"""The bots of both sides (kernel/mansions/game/bots.py): thousands of seeded games, random and
heuristic on either side, 1 to 4 investigators, and never an illegal move; each bot reads only its
seat's view (the same view and legal actions give the same choice, whatever is hidden); the heuristic
sides beat the random ones and every end of the game happens."""

import pytest
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


@pytest.mark.slow
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


@pytest.mark.slow
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


# ----- rule paths the heuristic bots take where they help -----------------------------------------------

def _choice(st, seat):
    buf = array("i", [0] * K.MAX_ACTIONS)
    n = st.legal_actions(buf)
    return HeuristicBot(st.story, seat, 0).choose(st.view(seat), buf, n)


def test_heuristic_keeper_takes_an_objective_met_at_once():
    """Objective 3 (a ghoul in the chapel): with the threat for Call of the Pit and the chapel free,
    the keeper places the ghoul in the chapel and wins (the bot used to place it next to an
    investigator)."""
    st = P.game(("Silas Crane",), answers=(2, 0))
    P.place(st, 1, "Hall NW")
    P.to_keeper_actions(st)
    st.g[S.G_THREAT] = 5
    a = _choice(st, 0)
    assert a >> 16 == K.A_KCARD and st.story.kc_name[(a >> 8) & 255] == "Call of the Pit"
    assert (a & 255) == P.space(st, "Chapel")
    st.apply(a)
    assert st.g[S.G_WINNER] == K.WIN_KEEPER


def test_heuristic_investigator_leaves_a_puzzle_he_passes_only_on_a_natural_1():
    """Eli Marsh (intellect 2) at the Rusted Strongbox (puzzle 2): he stops exploring and does not
    come back to the cellar for it (he used to try it turn after turn)."""
    st = P.game(("Eli Marsh",))
    P.place(st, 1, "Cellar North")
    P.act(st, K.A_EXPLORE)
    assert st.g[S.G_PHASE] == K.PH_OBSTACLE
    assert _choice(st, 1) >> 16 == K.A_STOP
    st.apply(P.act_code(K.A_STOP))
    assert K.A_EXPLORE not in [a >> 16 for a in [_choice(st, 1)]]
    # Agnes Thorne (intellect 5) tries it
    st = P.game(("Agnes Thorne",))
    P.place(st, 1, "Cellar North")
    P.act(st, K.A_EXPLORE)
    assert _choice(st, 1) >> 16 == K.A_PUZZLE


def test_heuristic_investigator_spends_luck_and_cards_before_a_hard_roll():
    """Before a roll at target 5 or less he uses a card that adds to it; at 6 or less his skill point
    for Luck (the bot used to pick at random here)."""
    st = P.game(("Eli Marsh",))
    P.place(st, 1, "Cellar North")
    P.act(st, K.A_EXPLORE)
    P.give(st, 1, "Elder Sign Charm")
    st.apply(P.act_code(K.A_PUZZLE))                          # intellect 2 - 2: target 1 (a natural 1)
    assert st.g[S.G_PHASE] == K.PH_PREROLL
    a = _choice(st, 1)
    assert a >> 16 == K.A_BOOST and (a >> 8) & 255 == P.card(st, "Elder Sign Charm")
    st.apply(a)
    assert _choice(st, 1) >> 16 == K.A_LUCK                   # target 4 now: Luck too
    st.apply(P.act_code(K.A_LUCK))
    assert st.g[S.G_T_TARGET] == 8 and st.current_player() == CHANCE     # 0 + 3 + Luck 5: nothing left, the roll


def test_heuristic_investigator_does_not_head_for_a_lock_he_passes_only_on_a_natural_1(tmp_path):
    """A revealed puzzle lock he cannot pass but on a 1 (the Chapel Ward made difficulty 2, Eli Marsh's
    intellect 2) takes the chapel off his goals; Agnes Thorne (intellect 5) still goes for it."""
    folder = P.variant(tmp_path, [("cards.tsv", "puzzle:1\t-\t-\tA warded door", "puzzle:2\t-\t-\tA warded door")])
    for name, heads_there in (("Eli Marsh", False), ("Agnes Thorne", True)):
        st = P.game((name,), story=folder)
        st.lock_up[P.room(st, "Chapel")] = 1                # revealed by an earlier try
        bot = HeuristicBot(st.story, 1, 0)
        r = P.view_of(st, 1)
        chapel = P.space(st, "Chapel")
        assert (chapel in bot.goal_spaces(r)) == heads_there, name
