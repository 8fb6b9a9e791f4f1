"""The Stay Away! search bot (kernel/stayaway/game/search.py) in every role: it searches as a Human,
an Infected and The Thing from its own view, plays an Axe where it pays, never declares (the game
ends by itself when no Human is left), is the same game for a seed, and as a Human wins more seeded
games than the heuristic bot in the same seat."""

from eldritch.kernel.stayaway.game import core, defs as D
from eldritch.kernel.stayaway.game.bots import HeuristicBot
from eldritch.kernel.stayaway.game.play import play_game, make_bots
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.search import SearchBot, kind_of, arg_of
from eldritch.kernel.stayaway.game.views import View
from sa_positions import position, legal, play

W = D.WATCH_BACK


class Tally:
    """A bot whose searched decisions are counted by the role it held when deciding."""

    def __init__(self, bot, counts, offers):
        self.bot = bot
        self.counts = counts
        self.offers = offers

    def choose(self, view, moves):
        before = self.bot.searched
        role = View(view).role
        a = self.bot.choose(view, moves)
        if self.bot.searched > before:
            self.counts[role] = self.counts.get(role, 0) + 1
        if D.A_DECLARE in moves:
            self.offers[0] += 1
        if a == D.A_DECLARE:
            self.offers[1] += 1
        if kind_of(a) == D.A_PLAY and (arg_of(a) >> 5) == D.AXE:
            self.offers[2] += 1
        return a


def test_search_bot_searches_in_every_role_and_never_declares():
    rules = Rules({})
    counts = {}
    offers = [0, 0, 0]                 # declarations offered, declarations made, Axes played
    results = set()
    for seed in (1, 2, 3):
        bots = [Tally(b, counts, offers) for b in make_bots(["search"] * 6, seed, rules)]
        s = play_game(rules, seed, 6, bots)
        results.add(s.result)
    assert counts.get(D.HUMAN, 0) > 0 and counts.get(D.INFECTED_ROLE, 0) > 0 and counts.get(D.THE_THING, 0) > 0, counts
    assert offers[0] > 0 and offers[1] == 0
    assert D.R_FALSE not in results


def test_search_bot_is_the_same_game_for_a_seed():
    rules = Rules({})
    logs = []
    for _ in range(2):
        s = play_game(rules, 5, 4, make_bots(["search"] * 4, 5, rules))
        logs.append(s.actions())
    assert logs[0] == logs[1]


def test_search_human_axes_its_own_quarantine_to_use_its_flamethrower():
    """The rules' Axe stands: in Quarantine with a Flamethrower, the search bot cuts itself free,
    whatever its worlds say (they overrode it on noise in 3 of 5 seeds before)."""
    s = position(5, hands={0: [D.FLAMETHROWER, D.AXE, W, W, W]}, roles={2: D.THE_THING}, quarantine={0: 2},
                 draw=False)
    for seed in range(5):
        assert SearchBot(s.rules, seed).choose(s.view(0), legal(s)) == play(D.AXE, 0)


def test_search_axes_are_always_candidates():
    s = position(5, hands={0: [D.FLAMETHROWER, D.AXE, W, W, W]}, roles={2: D.THE_THING}, quarantine={0: 2},
                 draw=False)
    bot = SearchBot(s.rules, 1, candidates=2)
    moves = legal(s)
    first = moves[-1] if moves[-1] != play(D.AXE, 0) else moves[0]
    cands = bot.candidates(View(s.view(0)), moves, first)
    assert play(D.AXE, 0) in cands and D.A_DECLARE not in cands


def test_search_human_wins_more_seeded_games_than_the_heuristic():
    """5 players, the seat after The Thing's (the first it exchanges with), seeds 0-29: the heuristic
    bot wins 5 of these games in that seat, the search bot 8 (every other seat heuristic)."""
    rules = Rules({})
    wins = [0, 0]
    for seed in range(30):
        for variant in (0, 1):
            g = rules.new_game(seed, 5)
            seat = core.next_player(g, g.thing)
            bots = make_bots(["heuristic"] * 5, seed, rules)
            if variant:
                bots[seat] = SearchBot(rules, seed * 64 + seat)
            wins[variant] += play_game(rules, seed, 5, bots, state=g).returns()[seat]
    assert wins[1] >= wins[0] + 3, wins
