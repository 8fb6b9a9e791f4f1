"""The bots never make an illegal move: 10,000 seeded full games (4 to 12 players, every option) with a
heuristic bot in one seat and random bots in the others, all-heuristic games, and games with the search
bot; every choice is checked against the legal list before it is applied (apply checks it again).
A bot reads only its view: given the same view it chooses the same action whatever the true state."""

import pytest
import random
import time
from array import array

from eldritch.kernel import prng
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game import core, turn
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.bots import RandomBot, HeuristicBot
from eldritch.kernel.stayaway.game.search import SearchBot
from eldritch.kernel.stayaway.game.play import play_game, make_bots
from test_stayaway_leaks import playouts, resample

OPTIONS = [None, {"house_quarantine": True}, {"vengeful": True}, {"thing_in_pile": True}, {"quick_start": True},
           {"neighbour_only": True, "flame_in_pile": True, "infected": 10}]


class Checked:
    """Wraps a bot: its choice must be one of the legal actions it was given."""

    def __init__(self, bot):
        self.bot = bot
        self.calls = 0

    def choose(self, view, legal):
        assert isinstance(view, bytes)
        a = self.bot.choose(view, legal)
        assert a in legal, (self.bot.name, a, legal)
        self.calls += 1
        return a


@pytest.mark.slow
def test_bots_never_make_an_illegal_move_in_10000_seeded_games():
    rules_by = [Rules(o) for o in OPTIONS]
    buf = array("i", [0] * D.MAX_ACTIONS)
    games = 0
    ended = 0
    heuristic_calls = 0
    start = time.time()
    for g in range(10000):
        rules = rules_by[g % len(rules_by)]
        n = 4 + g % 9
        s = rules.new_game(g, n)
        smart = g % n
        rng = prng.new_state(g)
        heur = HeuristicBot(g)
        while not s.is_terminal() and s.nlog < 600:
            p = s.current_player()
            k = s.legal_actions(buf)
            if p == smart and k > 1:
                legal = [buf[i] for i in range(k)]
                a = heur.choose(s.view(p), legal)
                assert a in legal
                heuristic_calls += 1
            else:
                a = buf[prng.die(rng, k)]
            s.apply(a)
        games += 1
        ended += s.is_terminal()
    elapsed = time.time() - start
    print("10000 games in %.1f s, %d heuristic decisions" % (elapsed, heuristic_calls))
    assert games == 10000 and ended >= 9900 and heuristic_calls > 20000


def test_heuristic_bots_play_whole_games_legally():
    results = set()
    for g in range(120):
        rules = Rules(OPTIONS[g % len(OPTIONS)])
        n = 4 + g % 9
        bots = [Checked(b) for b in make_bots(["heuristic"] * n, g, rules)]
        s = play_game(rules, g, n, bots)
        assert s.is_terminal()
        results.add(s.result)
    assert {D.R_BURNT, D.R_DECLARED, D.R_THING_ALONE} <= results


def test_search_bot_plays_whole_games_legally():
    rules = Rules()
    for g in range(4):
        n = 5 + g
        bots = [Checked(b) for b in make_bots(["heuristic"] * n, g, rules)]
        bots[g % n] = Checked(SearchBot(rules, g, worlds=2, candidates=3, horizon=40))
        s = play_game(rules, g, n, bots)
        assert s.is_terminal() and bots[g % n].calls > 0


def test_bots_choose_from_the_view_alone():
    """Two true states with the same view for a player: the same bot (same seed) chooses alike."""
    rng = random.Random(8)
    buf = array("i", [0] * D.MAX_ACTIONS)
    checked = 0
    for rules, s in playouts(30, seed0=300):
        if s.is_terminal():
            continue
        p = s.current_player()
        t = resample(s, p, rng)
        assert t.view(p) == s.view(p)
        n = s.legal_actions(buf)
        legal = [buf[i] for i in range(n)]
        m = t.legal_actions(buf)
        assert [buf[i] for i in range(m)] == legal         # the options follow from the view too
        for make in (lambda: HeuristicBot(5), lambda: SearchBot(rules, 5, worlds=2, candidates=3, horizon=30)):
            assert make().choose(s.view(p), legal) == make().choose(t.view(p), legal)
        checked += 1
    assert checked >= 20


def _thing_facing_a_witness(analysis):
    """5 players, The Thing in seat 1; player 0 (a Human, its neighbour) has played Analysis on it
    first when `analysis`; then it is The Thing's play step, and it has drawn a Flamethrower (drawn
    after the Analysis: one seen in its hand would end the game)."""
    from sa_positions import position
    filler = [D.WATCH_BACK] * 3
    s = position(5, hands={0: [D.ANALYSIS] + filler, 1: [D.THING, D.WHISKY, D.AXE, D.AXE]},
                 roles={1: D.THE_THING}, active=0, draw=False)
    if analysis:
        s.apply(D.A_PLAY + ((D.ANALYSIS << 5) | 1))
    return _thing_at_its_play_step(s, D.FLAMETHROWER)


def _thing_at_its_play_step(s, drawn=None):
    """Test surgery: straight to The Thing's (seat 1's) play step, with `drawn` added to its hand;
    its view and legal actions there."""
    from eldritch.kernel.stayaway.game.views import View
    s.active = s.actor = 1
    s.partner = D.NOBODY
    if drawn is not None:
        core.hand_add(s, 1, drawn)
    s.version += 1
    turn.begin_play(s)
    buf = array("i", [0] * s.rules.max_actions)
    legal = [buf[i] for i in range(s.legal_actions(buf))]
    return View(s.view(1)), legal


def test_search_thing_burns_the_human_that_saw_its_card():
    burn = [D.A_PLAY + ((D.FLAMETHROWER << 5) | q) for q in (0, 2)]
    v, legal = _thing_facing_a_witness(True)
    assert burn[0] in legal and burn[1] in legal
    bot = SearchBot(Rules(), 1)
    assert bot.witnesses(v) == [0]
    assert bot.thing_first(v, legal, burn[1]) == burn[0]
    # nobody saw it: the heuristic's choice stands
    v, legal = _thing_facing_a_witness(False)
    assert bot.witnesses(v) == []
    assert bot.thing_first(v, legal, burn[1]) == burn[1]


def test_search_thing_always_offers_infected_to_a_human():
    """The Thing's exchange with a Human: the search keeps the infection in every seeded try."""
    from sa_positions import position
    for seed in range(12):
        s = position(5, hands={1: [D.THING, D.INFECTED, D.WHISKY, D.AXE, D.WATCH_BACK]}, roles={1: D.THE_THING},
                     active=1, draw=False)
        s.apply(D.A_DISCARD + D.WATCH_BACK)
        assert s.phase == D.PH_OFFER and s.actor == 1
        buf = array("i", [0] * s.rules.max_actions)
        legal = [buf[i] for i in range(s.legal_actions(buf))]
        assert SearchBot(Rules(), seed, worlds=4).choose(s.view(1), legal) == D.A_OFFER + D.INFECTED


def _thing_with_seduction(witness):
    """5 players, The Thing in seat 1 holding Infected! and Seduction at its play step; player 2 (a
    Human, its neighbour) has played Analysis on it first when `witness`."""
    from sa_positions import position
    s = position(5, hands={2: [D.ANALYSIS] + [D.WATCH_BACK] * 3,
                           1: [D.THING, D.INFECTED, D.SEDUCTION, D.AXE]},
                 roles={1: D.THE_THING}, active=2, draw=False)
    if witness:
        s.apply(D.A_PLAY + ((D.ANALYSIS << 5) | 1))
    return _thing_at_its_play_step(s)


def test_search_thing_seduces_the_witness_else_a_neighbour():
    seduce = [D.A_PLAY + ((D.SEDUCTION << 5) | q) for q in range(5)]
    bot = SearchBot(Rules(), 1)
    v, legal = _thing_with_seduction(True)
    assert bot.witnesses(v) == [2] and seduce[0] in legal and seduce[3] in legal
    assert bot.thing_first(v, legal, D.A_DISCARD + D.AXE) == seduce[2]
    # nobody saw it: a neighbour (0 or 2), never a Human further away
    v, legal = _thing_with_seduction(False)
    assert bot.witnesses(v) == []
    assert bot.thing_first(v, legal, D.A_DISCARD + D.AXE) in (seduce[0], seduce[2])
    # a burn stands
    burn = D.A_PLAY + ((D.FLAMETHROWER << 5) | 0)
    assert bot.seduce_first(v, legal + [burn], burn) == burn


def test_rollout_views_match_the_state_views():
    """A policy rollout's views (the log appended event by event) are the views state.view writes,
    for every player at every step, from a game's start and from a log cleared mid-game as a rollout's is."""
    from eldritch.kernel.stayaway.game.search import RolloutViews
    rules = Rules()
    buf = array("i", [0] * D.MAX_ACTIONS)
    checked = 0
    for g in range(3):
        n = 5 + g
        s = rules.new_game(g, n)
        bots = make_bots(["heuristic"] * n, g, rules)
        views = RolloutViews(n)
        while not s.is_terminal():
            if s.nlog == 60:                # a rollout's imagined game: the same state, an empty log
                w = s.clone(with_log=False)
                w.record = True
                s = w
                views.reset()
            for q in range(n):
                assert views.view(s, q).raw == s.view(q)
                checked += 1
            m = s.legal_actions(buf)
            legal = [buf[i] for i in range(m)]
            s.apply(legal[0] if m == 1 else bots[s.current_player()].choose(s.view(s.current_player()), legal))
    assert checked > 1000


def _thing_games(seed, players, **search):
    """One game with heuristic bots and a SearchBot as The Thing: its actions and its bot."""
    rules = Rules()
    g = rules.new_game(seed, players)
    bots = make_bots(["heuristic"] * players, seed, rules)
    bots[g.thing] = Checked(SearchBot(rules, seed, **search))
    s = play_game(rules, seed, players, bots, state=g)
    assert s.is_terminal()
    return s.actions(), bots[g.thing].bot


def test_search_thing_plays_as_its_rules_wherever_it_does_not_override():
    """The Thing's search draws from its own generator: with an override margin it never clears, the
    search bot plays move for move as its rules alone (so an ablation differs only where it overrides)."""
    searched = 0
    for seed in range(6):
        off, _ = _thing_games(seed, 8, worlds=0, critical=0)
        on, bot = _thing_games(seed, 8, critical=4, thing_margin=10 ** 6)
        assert bot.overrides == 0
        assert on == off
        searched += bot.searched
    assert searched > 0


def test_search_thing_with_policy_rollouts_plays_whole_games_legally():
    searched = overrides = 0
    for seed in (0, 4):                 # 8 players: seeds where it searches (5, 2 times) and overrides
        _, bot = _thing_games(seed, 8, critical=2, policy=True, thing_margin=0, burns=True)
        searched += bot.searched
        overrides += bot.overrides
    assert searched > 0 and overrides > 0


def test_search_human_with_its_search_off_plays_as_the_heuristic():
    """A Human seat's search off (worlds 0) is the heuristic bot move for move: SearchBot adds no rule
    of its own for a Human (thing_first, critical, mimic act only for The Thing), so the Human
    ablation (benchmarks/stayaway_search.py --role human --ablation) measures the search alone."""
    rules = Rules()
    for seed in range(4):
        games = []
        for search in (False, True):
            g = rules.new_game(seed, 5)
            seat = core.next_player(g, g.thing)
            bots = make_bots(["heuristic"] * 5, seed, rules)
            if search:
                bots[seat] = SearchBot(rules, seed * 64 + seat, worlds=0)
            else:
                bots[seat] = HeuristicBot(seed * 64 + seat)
            games.append(play_game(rules, seed, 5, bots, state=g).actions())
        assert games[0] == games[1]


def test_search_thing_without_burn_search_searches_only_targets_and_plays_as_its_rules_elsewhere():
    """burns=False: The Thing searches only a Panic! card's target and a swap defence, never its play
    step; with several rollouts a world (reps) it plays whole games legally and overrides, and with an
    override margin it never clears it plays move for move as its rules alone."""
    phases = []

    class Recording(SearchBot):
        def critical_candidates(self, v, legal, first):
            out = SearchBot.critical_candidates(self, v, legal, first)
            if len(out) > 1:
                phases.append(v.phase)
            return out

    rules = Rules()
    searched = overrides = 0
    for seed in range(6):
        off, _ = _thing_games(seed, 8, worlds=0, critical=0)
        for margin in (10 ** 6, 0):
            g = rules.new_game(seed, 8)
            bots = make_bots(["heuristic"] * 8, seed, rules)
            bot = Recording(rules, seed, critical=2, reps=2, burns=False, thing_margin=margin)
            bots[g.thing] = Checked(bot)
            on = play_game(rules, seed, 8, bots, state=g).actions()
            if margin:
                assert bot.overrides == 0 and on == off
            else:
                searched += bot.searched
                overrides += bot.overrides
    assert searched > 0 and overrides > 0
    assert phases and all(ph in (D.PH_TARGET, D.PH_DEFEND_SWAP) for ph in phases)
