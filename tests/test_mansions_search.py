"""The Mansions search bot (kernel/mansions/game/search.py) and its worlds (worlds.py): whole games
legally, the same game for a seed, worlds that depend on the seat's view alone, and a search keeper
that wins more seeded games than the heuristic keeper."""

from array import array

from eldritch.kernel import prng
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S
from eldritch.kernel.mansions.game.bots import HeuristicBot, make_bot, bot_choice
from eldritch.kernel.mansions.game.rules import Rules
from eldritch.kernel.mansions.game.search import SearchBot
from eldritch.kernel.mansions.game.worlds import world
from eldritch.kernel.surface import CHANCE

from test_mansions_views import mutate_chance, mutate_keeper_secrets

BUF = array("i", [0] * K.MAX_ACTIONS)


def play(rules, seed, players, bots, until=None):
    st = rules.new_game(seed, players)
    while not st.is_terminal() and not (until and until(st)):
        who = st.current_player()
        n = st.legal_actions(BUF)
        st.apply(BUF[0] if who == CHANCE else bot_choice(bots[who], st, who, BUF, n))
    return st


def test_search_bots_play_whole_games_legally_and_the_same_for_a_seed():
    rules = Rules({})
    for seed, players in ((2, 2), (3, 3)):
        runs = []
        for _ in range(2):
            bots = [SearchBot(rules.story, s, seed, worlds=1) for s in range(players)]
            st = play(rules, seed, players, bots)
            assert st.is_terminal()
            runs.append(list(st.log[:st.nlog]))
        assert runs[0] == runs[1]


def test_search_keeper_beats_the_heuristic_keeper_on_seeded_games():
    """3 players (the keeper and two investigators), seeds 1-10: the heuristic keeper against
    heuristic investigators wins 6 of these games, the search keeper 9."""
    rules = Rules({})
    wins = {}
    for kind in ("heuristic", "search"):
        wins[kind] = 0
        for seed in range(1, 11):
            bots = [make_bot(kind, rules.story, 0, seed)] + [HeuristicBot(rules.story, s, seed) for s in (1, 2)]
            wins[kind] += play(rules, seed, 3, bots).g[S.G_WINNER] == K.WIN_KEEPER
    assert wins["search"] >= wins["heuristic"] + 2, wins


def _positions(rules, seeds=(1, 2, 3), players=3):
    """Games part way through, at investigator and keeper decisions the search bot searches."""
    out = []
    for seed in seeds:
        bots = [HeuristicBot(rules.story, s, seed) for s in range(players)]
        for ph in (K.PH_TURN, K.PH_KEEPER):
            seen = [0]

            def at(st, ph=ph, seen=seen):
                if st.g[S.G_PHASE] == ph and st.current_player() != CHANCE and st.legal_actions(BUF) > 1:
                    seen[0] += 1
                    return seen[0] == 3
                return False
            st = play(rules, seed, players, bots, at)
            if not st.is_terminal():
                out.append(st)
    return out


def test_a_world_keeps_what_the_seat_sees():
    rules = Rules({})
    rng = prng.new_state(5)
    for st in _positions(rules):
        for seat in range(st.players):
            w = world(st, seat, rng)
            assert w.view(seat) == st.view(seat)
            n = st.legal_actions(BUF)
            legal = list(BUF[:n])
            assert list(BUF[:w.legal_actions(BUF)]) == legal


def test_the_search_bot_never_reads_what_its_seat_cannot_see():
    """Two games that differ only in what a seat cannot know (for an investigator the keeper's
    secrets too) get the same worlds and the same decision from the same bot."""
    rules = Rules({})
    mut = prng.new_state(77)
    checked = 0
    for st in _positions(rules):
        seat = st.current_player()
        other = st.clone()
        mutate_chance(other, mut)
        if seat != K.KEEPER:
            mutate_keeper_secrets(other, mut)
        assert other.view(seat) == st.view(seat)
        n = st.legal_actions(BUF)
        a = SearchBot(rules.story, seat, 9, worlds=2).choose(st.view(seat), BUF, n, st)
        n = other.legal_actions(BUF)
        assert SearchBot(rules.story, seat, 9, worlds=2).choose(other.view(seat), BUF, n, other) == a
        worlds = [world(g, seat, prng.new_state(4)) for g in (st, other)]
        for name in S.BUFFERS + ("rng",):
            assert list(getattr(worlds[0], name)) == list(getattr(worlds[1], name)), name
        checked += 1
    assert checked >= 4
