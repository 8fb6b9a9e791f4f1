"""The game's bots: every decision answered with a legal action, nothing hidden read, the solver
bot's roll play mapped one-to-one onto the adventure's actions, the value function, portability."""

import copy
import subprocess
from array import array

import pytest
from hypothesis import given, settings, strategies as st

from eldritch.kernel.errors import KernelError
from eldritch.kernel import prng
from eldritch.kernel.eldersign.adventure import Adventure, ACT_ROLL, MAX_ACTIONS, P_DECIDE
from eldritch.kernel.eldersign.advice import advise
from eldritch.kernel.eldersign.situation import Situation
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game.machine import Game, MAX_GAME_ACTIONS
from eldritch.kernel.eldersign.game import effects as E
from eldritch.kernel.eldersign.game.bots.heuristic import HeuristicBot, estimate
from eldritch.kernel.eldersign.game.bots.randombot import RandomBot
from eldritch.kernel.eldersign.game.bots.value import Weights, effects_value, DEFAULTS
from eldritch.kernel.eldersign import library
from eldritch.backend import get_backend
from eldritch.eldersign.solverbot import SolverBot, SolverCache
from eldritch.eldersign.advisor import action_key, option_key, action_values
from eldritch.kernel.eldersign.game.machine import (A_DRAW, A_FAIL, A_ASIDE, A_KEEP, A_ASK, A_HOLD, G_BASE, A_ARG_MASK,
                                                   F_MAIN, F_ASIDE, F_KEEP)
from eldritch.kernel.eldersign.game.bots import observe as O
from eldritch.eldersign.sim import BasicBot

from conftest import REPO, MICROPYTHON

DATA = GameData()
AOS = [a.name for a in DATA.ancient_ones]


def play(bot_for_seat, seed, players, ao, check=None):
    """Play a game to its end, asserting before each step that the bot's action is legal."""
    g = Game(DATA, players=players, seed=seed, ancient_one=ao)
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    steps = 0
    while not g.is_terminal():
        n = g.legal_actions(buf)
        legal = [buf[i] for i in range(n)]
        bot = bot_for_seat(g)
        if check is not None and steps % 7 == 0:
            check(g, bot, buf, n)
        a = bot.choose(g, buf, n)
        assert a in legal, "seed %d step %d: %d is not legal" % (seed, steps, a)
        g.apply(a)
        steps += 1
        assert steps < 20000
    return g


@pytest.mark.slow
def test_bots_never_make_an_illegal_move_over_thousands_of_games():
    """1800 random-bot games and 200 heuristic games over every Ancient One at 1-4 players (plus
    mixed tables): each action is checked against the legal list before it is applied."""
    games = 0
    for seed in range(1800):
        ao = AOS[seed % len(AOS)]
        players = 1 + seed % 4
        bots = [RandomBot(seed * 9 + k) for k in range(players)]
        play(lambda g: bots[O.acting_seat(g)], seed, players, ao)
        games += 1
    for seed in range(200):
        ao = AOS[seed % len(AOS)]
        players = 1 + seed % 4
        bots = [HeuristicBot(seed) if k % 2 == 0 else RandomBot(seed + k) for k in range(players)]
        if seed % 3 == 0:
            bots = [HeuristicBot(seed)] * players
        play(lambda g: bots[O.acting_seat(g)], seed, players, ao)
        games += 1
    assert games == 2000


ROLL_KINDS = (A_FAIL, A_ASIDE, A_KEEP, A_ASK, A_HOLD)


def test_solver_bot_never_makes_an_illegal_move():
    """...and at every adventure roll (and every step of failing one) each legal action of the roll
    (a completion, a clue reroll, a spell hold, failing, the die set aside, the die kept) has an
    exact value: the solver bot ranks every decision the roll gives it."""
    cache = SolverCache()
    valued = [0]

    def check(g, bot, buf, n):
        adv = O.current_adventure(g)
        if adv is None or adv.phase() != P_DECIDE or not any(adv.roll_counts):
            return
        if O.in_final_battle(g) or O.question(g) not in (F_MAIN, F_ASIDE, F_KEEP):
            return
        legal = [buf[i] for i in range(n)]
        roll_actions = [a for a in legal if a < G_BASE or a - (a & A_ARG_MASK) in ROLL_KINDS]
        start = adv.situation()
        focus, spells, clues = adv.uses()
        solver = cache.solver(adv.card, start.terror, start.sanity, start.stamina)
        pool = [sum(adv.roll_counts[c * 8:(c + 1) * 8]) for c in range(3)]
        sit = Situation(pool[0], pool[1], pool[2], focus, spells, clues, start.terror, solver.sanity, solver.stamina)
        values = action_values(adv, O.aside(g), advise(solver, adv.roll_counts, sit, bytearray(adv.held),
                                                       adv.done_mask()), roll_actions)
        assert sorted(values) == sorted(roll_actions), [a for a in roll_actions if a not in values]
        valued[0] += 1

    for seed, (ao, players) in enumerate([("Yig", 1), ("Azathoth", 2), ("Ithaqua", 4)]):
        bot = SolverBot(seed, cache=cache)
        g = play(lambda g: bot, seed, players, ao, check)
        assert g.is_terminal()
    assert valued[0] > 10


def test_solver_bot_situation_at_during_a_move_is_the_heuristics_on_every_slot():
    """SolverBot works out situation_at once per investigator and move decision (the slot-free
    fields) and per slot only the focus with helpers and the terror: at every move of games at 1, 2
    and 4 players, every slot and every investigator give HeuristicBot.situation_at's values."""
    cache = SolverCache()
    compared = [0]

    class Checked(SolverBot):
        def chance(self, g, s, inv):
            for seat in range(g.players):       # the slot asked, for every investigator in play
                other = g._seats.inv[seat]
                if 0 <= other < len(g._inv.loc):
                    assert self.situation_at(g, s, other) == HeuristicBot.situation_at(self, g, s, other)
                    compared[0] += 1
            return super().chance(g, s, inv)

    for seed, (ao, players) in enumerate([("Yog-Sothoth", 1), ("Azathoth", 2), ("Ithaqua", 4)]):
        bot = Checked(seed, cache=cache)
        assert play(lambda g: bot, seed, players, ao).is_terminal()
    assert compared[0] > 100


def _scrambled(g, seed):
    """A copy of g whose hidden state (deck order, the game's and the adventures' PRNGs) differs."""
    h = copy.deepcopy(g, {id(g._data): g._data})
    rng = array("i", [1, 1])
    prng.seed(rng, seed)
    for deck in h._decks.all():
        live = [(deck.head + i) % deck.cap for i in range(deck.n)]
        cards = [deck.buf[j] for j in live]
        for i in range(len(cards) - 1, 0, -1):
            k = prng.die(rng, i + 1)
            cards[i], cards[k] = cards[k], cards[i]
        for j, c in zip(live, cards):
            deck.buf[j] = c
    prng.seed(h._rng, seed + 1)
    for adv in [a for a in h._slots.adv if a is not None] + [h._combat_adv]:
        prng.seed(adv.rng, seed + 2)
        adv.seed = seed + 3
    return h


@pytest.mark.parametrize("make", [lambda s: HeuristicBot(s), lambda s: RandomBot(s), lambda s: BasicBot(s),
                                  lambda s: SolverBot(s, cache=SHARED)], ids=["heuristic", "random", "basic", "solver"])
def test_bots_see_only_the_table(make):
    """At sampled decisions, the bot chooses the same on a copy of the game whose decks are in
    another order and whose PRNGs are reseeded: it reads nothing hidden."""
    checked = [0]

    def check(g, bot, buf, n):
        twin = copy.deepcopy(bot, {id(getattr(bot, "cache", None)): getattr(bot, "cache", None)})
        h = _scrambled(g, 1000 + checked[0])
        assert twin.choose(h, buf, n) == bot.choose(g, buf, n)
        checked[0] += 1

    for seed, ao in ((3, "Yig"), (4, "Ithaqua")):
        bots = [make(seed), make(seed + 1)]
        play(lambda g: bots[O.acting_seat(g)], seed, 2, ao, check)
    assert checked[0] > 20


SHARED = SolverCache()
BACKEND = get_backend(notice=False)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([a for a in library.load() if a.set in ("Core", "Other Worlds")]),
       st.integers(3, 7), st.booleans(), st.booleans(), st.integers(0, 2), st.integers(0, 1), st.integers(0, 1),
       st.integers(0, 2 ** 20))
def test_rule_solver_bot_options_map_one_to_one_onto_adventure_actions(adv_card, green, yellow, red, focus,
                                                                        spells, clues, seed):
    """After any roll, advice's options (what the solver bot ranks) and the adventure's legal
    decisions are the same set, matched by what they do (advisor.action_key / option_key, the keys
    the solver bot maps the game's actions by): every legal action has an exact value, and every
    option is legal."""
    from eldritch.kernel.eldersign.situation import terror_code
    terror = terror_code(adv_card.terror)
    sit = Situation(green, yellow, red, focus, spells, clues, terror)
    adv = Adventure(adv_card.card(), sit, seed=seed)
    solver = BACKEND.make_solver(adv_card.card(), terror)
    buf = array("i", [0] * MAX_ACTIONS)
    rng = array("i", [1, 1])
    prng.seed(rng, seed)
    while not adv.is_terminal():
        n = adv.legal_actions(buf)
        if buf[0] == ACT_ROLL:
            adv.apply(ACT_ROLL)
            continue
        assert adv.phase() == P_DECIDE
        legal = sorted(buf[i] for i in range(n))
        f, s, c = adv.uses()
        roll = adv.roll_counts
        pool = [sum(roll[col * 8:(col + 1) * 8]) for col in range(3)]
        if sum(pool) == 0:          # every die held by spells: no roll to advise on (the bot's fallback)
            adv.apply(legal[prng.die(rng, len(legal))])
            continue
        here = Situation(pool[0], pool[1], pool[2], f, s, c, terror)
        options = advise(solver, roll, here, bytearray(adv.held), adv.done_mask())
        keys = sorted(option_key(o) for o in options)
        assert len(set(keys)) == len(keys)
        assert keys == sorted(action_key(adv, a) for a in legal)
        adv.apply(legal[prng.die(rng, len(legal))])


def test_value_function_counts_each_primitive_by_its_weight():
    g = Game(DATA, players=3, seed=5, ancient_one="Yig")
    for _ in range(3):                       # each seat draws an investigator
        g.apply(A_DRAW)
    w = Weights()
    inv = O.active(g)
    assert len(O.investigators_in_play(g)) == 3
    assert effects_value(g, w, E.compile_effects("elder_sign+1", "t"), inv) == DEFAULTS["elder_sign"]
    assert effects_value(g, w, E.compile_effects("clue+2", "t"), inv) == 2 * DEFAULTS["clue"]
    one = effects_value(g, w, E.compile_effects("monster+1", "t"), inv)
    each = effects_value(g, w, E.compile_effects("each(monster+1)", "t"), inv)
    assert each == 3 * one
    # choose counts its best alternative
    best = effects_value(g, w, E.compile_effects("choose(clue+1;elder_sign+1)", "t"), inv)
    assert best == DEFAULTS["elder_sign"]
    # a loss that devours costs the devoured weight on top
    g._inv.san[inv] = 1
    assert effects_value(g, w, E.compile_effects("sanity-1", "t"), inv) < DEFAULTS["devoured"]
    # tuning
    assert effects_value(g, Weights({"elder_sign": 3}), E.compile_effects("elder_sign+1", "t"), inv) == 3.0
    with pytest.raises(KernelError):
        Weights({"no_such_weight": 1})


def test_heuristic_estimate_rises_with_dice_and_helps():
    card = library.load()[0].card()
    values = [estimate(card, d, 0, 0, 0) for d in range(1, 10)]
    assert values == sorted(values) and 0 < values[0] < values[-1] < 1
    assert estimate(card, 6, 1, 1, 1) > estimate(card, 6, 0, 0, 0)


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="the micropython executable is installed by make test")
def test_portable_bots_play_the_same_game_under_micropython():
    """The random and heuristic bots are kernel code: the same seeds give the same game on the
    MicroPython unix port as on CPython."""
    body = """
from array import array
from kernel.eldersign.game.data import GameData
from kernel.eldersign.game.machine import Game, MAX_GAME_ACTIONS
from kernel.eldersign.game.bots.heuristic import HeuristicBot
from kernel.eldersign.game.bots.randombot import RandomBot
from kernel.eldersign.game.bots import observe as O
data = GameData()
buf = array("i", [0] * MAX_GAME_ACTIONS)
for seed, bot in ((11, HeuristicBot(11)), (12, RandomBot(12))):
    g = Game(data, players=2, seed=seed, ancient_one="Yig")
    while not g.is_terminal():
        n = g.legal_actions(buf)
        g.apply(bot.choose(g, buf, n))
    acts = g.actions()
    print(seed, len(acts), O.turns(g), O.won(g), sum(acts) % 1000003)
"""
    script = "import sys\nsys.path.insert(0, %r)\n%s" % (str(REPO), body)
    mp = subprocess.run([str(MICROPYTHON), "-X", "heapsize=64M", "-c", script], capture_output=True, text=True,
                        timeout=300)
    assert mp.returncode == 0, mp.stderr
    lines = []
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    for seed, bot in ((11, HeuristicBot(11)), (12, RandomBot(12))):
        g = Game(DATA, players=2, seed=seed, ancient_one="Yig")
        while not g.is_terminal():
            n = g.legal_actions(buf)
            g.apply(bot.choose(g, buf, n))
        acts = g.actions()
        lines.append("%d %d %d %d %d" % (seed, len(acts), O.turns(g), O.won(g), sum(acts) % 1000003))
    assert mp.stdout.split("\n")[:2] == lines


BOT_MODULES = sorted((REPO / "kernel" / "eldersign" / "game" / "bots").glob("*.py"))


@pytest.mark.parametrize("path", BOT_MODULES, ids=[p.name for p in BOT_MODULES])
def test_bot_module_has_a_docstring_and_relative_imports_only(path):
    import ast
    tree = ast.parse(path.read_text())
    doc = ast.get_docstring(tree)
    assert doc and len(doc.splitlines()[0]) > 20, path.name
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level > 0 or node.module in ("array", "micropython"), (path.name, node.module)
        elif isinstance(node, ast.Import):
            assert all(a.name in ("array", "micropython") for a in node.names), path.name


def test_rule_solver_bot_and_advisor_play_a_roll_with_more_clues_and_spells_than_the_solver_takes():
    """Clues (and holding spells in hand) have no limit in the game, the solver takes at most
    MAX_USES of each: at a roll with 7 clues and 6 spells the solver bot still picks a legal action
    and values it as with MAX_USES (a lower bound), and the advisor answers too."""
    from eldritch.kernel.eldersign.game import attempt
    from eldritch.kernel.eldersign.situation import MAX_USES
    from eldritch.eldersign.advisor import Advisor
    bot = SolverBot(8, cache=SHARED)
    g = Game(DATA, players=1, seed=8, ancient_one="Yig")
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    for _ in range(3000):                    # to the first decision on a rolled adventure
        adv = O.current_adventure(g)
        if (adv is not None and adv.phase() == P_DECIDE and any(adv.roll_counts) and O.question(g) == F_MAIN
                and not O.in_final_battle(g)):
            break
        g.apply(bot.choose(g, buf, g.legal_actions(buf)))
    else:
        pytest.fail("no adventure roll reached")
    g._inv.clues[O.active(g)] = 7
    attempt.set_uses(g)
    assert adv.uses()[2] == 7
    adv.set_uses(adv.uses()[0], 6, 7)
    n = g.legal_actions(buf)
    assert bot.choose(g, buf, n) in [buf[i] for i in range(n)]
    values = Advisor(BACKEND).decision_values(g, [buf[i] for i in range(n)])
    assert values and max(values.values()) > 0
