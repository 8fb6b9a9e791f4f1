"""The Arkham search bot (kernel/arkham/game/search.py) and its policy (planner.py): legal whole games,
the same game for the same seed, worlds built from the seat's view alone, and more wins than the
heuristic bot on a small seeded sample."""

from array import array

from eldritch.kernel import prng
from eldritch.kernel.arkham.game import defs as D
from eldritch.kernel.arkham.game.board import NONE
from eldritch.kernel.arkham.game.bots import HeuristicBot
from eldritch.kernel.arkham.game.planner import PlannerBot
from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.arkham.game.save import state_bytes, public_bytes
from eldritch.kernel.arkham.game.search import SearchBot
from eldritch.kernel.arkham.game.value import value, sigmoid, NFEATURES, SCALE
from eldritch.kernel.arkham.game.worlds import new_world, determinize, copy_state


def play(rules, seed, players, bot, until=None):
    """The game of seed with `bot` in every seat (to its end, or until `until(game)`)."""
    buf = array("i", [0] * rules.max_actions)
    g = rules.new_game(seed, players)
    while not g.is_terminal() and not (until and until(g)):
        n = g.legal_actions(buf)
        a = bot.choose(g, buf, n)
        if g.step < D.CH_FIRST:
            assert a in [buf[i] for i in range(n)], (seed, g.step, a)
        g.apply(a)
    return g


def mid_game(rules, seed=5, players=2, rnd=6):
    """A game from round rnd on with a face-down gate on the board, at a move (a searched decision)."""
    def there(g):
        return g.round >= rnd and g.step == D.ST_MOVE and any(
            g.gate_at[s] != NONE and not g.gate_shown[g.gate_at[s]] for s in range(g.board.nspaces))
    g = play(rules, seed, players, PlannerBot(rules.board), there)
    assert not g.is_terminal()
    return g


def scramble_hidden(g, seed):
    """The same game for every player: the hidden parts redrawn (deck orders, which card each
    face-down gate is, the PRNG)."""
    rng = prng.new_state(seed)
    b = g.board
    unseen = [c for c in range(b.ngates) if g.gate_keep[c] == NONE and not g.gate_shown[c]]
    down = [s for s in range(b.nspaces) if g.gate_at[s] != NONE and not g.gate_shown[g.gate_at[s]]]
    for i in range(len(unseen) - 1, 0, -1):
        j = prng.die(rng, i + 1)
        unseen[i], unseen[j] = unseen[j], unseen[i]
    for s in down:
        g.gate_at[s] = unseen.pop()
    for i in range(g.gate_deck.n):
        g.gate_deck.cards[i] = unseen[i]
    for deck in (g.item_deck, g.spell_deck, g.ally_deck):
        deck.shuffle(rng)
    prng.seed(g.rng, 12345 + seed)
    g.touch()


def test_search_bot_plays_whole_games_legally_and_the_same_for_a_seed():
    rules = Rules(None)
    for seed, players in ((3, 1), (4, 2)):
        a = play(rules, seed, players, SearchBot(rules.board, seed, worlds=2))
        b = play(rules, seed, players, SearchBot(rules.board, seed, worlds=2))
        assert a.is_terminal()
        assert a.actions() == b.actions() and state_bytes(a) == state_bytes(b)


def test_search_bot_beats_the_heuristic_bot_on_seeded_games():
    """Seeds 1-10, 2 players, the demonstration board: the heuristic bot wins none of these games,
    the search bot 5."""
    rules = Rules(None)
    wins = {"heuristic": 0, "search": 0}
    for seed in range(1, 11):
        for name, bot in (("heuristic", HeuristicBot(rules.board)), ("search", SearchBot(rules.board, seed))):
            wins[name] += play(rules, seed, 2, bot).result == D.RES_WON
    assert wins["search"] >= wins["heuristic"] + 3, wins


def test_a_world_is_the_view_with_the_hidden_parts_drawn():
    rules = Rules(None)
    g = mid_game(rules)
    assert any(g.gate_at[s] != NONE and not g.gate_shown[g.gate_at[s]] for s in range(rules.board.nspaces))
    world = new_world(rules.board, g)
    determinize(world, g.view(g.actor), prng.new_state(1))
    # every player sees the same game in the world as in the true one, and may do the same
    assert public_bytes(world)[4:] == public_bytes(g)[4:]
    buf = array("i", [0] * rules.max_actions)
    buf2 = array("i", [0] * rules.max_actions)
    n = g.legal_actions(buf)
    assert world.legal_actions(buf2) == n and list(buf[:n]) == list(buf2[:n])
    # the world is whole: every gate card once, every card once (held or in a deck)
    b = rules.board
    gates = [world.gate_at[s] for s in range(b.nspaces) if world.gate_at[s] != NONE]
    gates += [world.gate_deck.cards[i] for i in range(world.gate_deck.n)]
    gates += [c for c in range(b.ngates) if world.gate_keep[c] != NONE]
    assert sorted(gates) == list(range(b.ngates))
    cards = [c for c in world.poss if c != NONE]
    for deck in world.decks:
        cards += [deck.cards[i] for i in range(deck.n)]
    assert len(set(cards)) == len(cards)
    from eldritch.kernel.arkham.game.board import SP_ELDER_SIGN
    assert all(b.i_special[b.card_kind[c]] == SP_ELDER_SIGN for c in set(range(b.ncards)) - set(cards))
    # and it plays on
    copy_state(new_world(rules.board, g), world)


def test_the_search_bot_never_reads_the_hidden_state():
    """Two games that differ only in what no player sees (deck orders, face-down gates, the PRNG)
    get the same worlds and the same decision from the same bot."""
    rules = Rules(None)
    g = mid_game(rules)
    other = rules.deserialize(g.serialize())
    scramble_hidden(other, 9)
    assert state_bytes(other) != state_bytes(g) and other.view(0) == g.view(0)
    buf = array("i", [0] * rules.max_actions)
    n = g.legal_actions(buf)
    a = SearchBot(rules.board, 77).choose(g, buf, n)
    n = other.legal_actions(buf)
    assert SearchBot(rules.board, 77).choose(other, buf, n) == a
    worlds = []
    for game in (g, other):
        w = new_world(rules.board, game)
        determinize(w, game.view(game.actor), prng.new_state(3))
        worlds.append(state_bytes(w))
    assert worlds[0] == worlds[1]


def test_value_is_a_chance_to_win():
    rules = Rules(None)
    feat = [0] * NFEATURES
    g = mid_game(rules)
    assert 0 < value(g, feat) < SCALE
    assert sigmoid(0) == 500 and sigmoid(-100000) == 0 and sigmoid(100000) == SCALE
    assert all(sigmoid(x) <= sigmoid(x + 17) for x in range(-2100, 2100, 17))
    g = play(rules, 4, 1, PlannerBot(rules.board))
    assert value(g, feat) == (SCALE if g.result == D.RES_WON else 0)


def test_planner_picks_the_investigator_with_the_most_sanity():
    rules = Rules(None)
    b = rules.board
    g = rules.new_game(1, 2)
    buf = array("i", [0] * rules.max_actions)
    n = g.legal_actions(buf)
    inv = PlannerBot(b).choose(g, buf, n) - D.K_PICK
    assert b.inv_sanity[inv] == max(b.inv_sanity[i] for i in range(b.ninv))


def test_planner_back_at_its_gate_closes_it_without_the_event_or_a_new_trip():
    """Come back from an Other World: it rolls and stops (no location event), then seals."""
    rules = Rules(None)
    b = rules.board
    bot = PlannerBot(b)
    buf = array("i", [0] * rules.max_actions)

    def returned(g):
        return g.step == D.ST_MOVE and g.close_at[g.actor] == g.pos[g.actor] and g.gate_at[g.pos[g.actor]] != NONE
    for seed in range(1, 40):
        g = play(rules, seed, 1, bot, returned)
        if g.is_terminal():
            continue
        here = g.pos[0]
        n = g.legal_actions(buf)
        assert bot.choose(g, buf, n) == D.K_ROLL
        g.apply(D.K_ROLL)
        g.apply(D.K_RESOLVE)
        n = g.legal_actions(buf)
        assert bot.choose(g, buf, n) == D.K_STOP
        g.apply(D.K_STOP)
        while g.step != D.ST_CLOSE and g.step >= D.CH_FIRST or g.step in (D.ST_ENC, D.ST_LOADOUT):
            n = g.legal_actions(buf)
            g.apply(bot.choose(g, buf, n))
        if g.step == D.ST_CLOSE and g.pos[0] == here:
            n = g.legal_actions(buf)
            a = bot.choose(g, buf, n)
            assert a in (D.K_SEAL, D.K_CLOSE)
            assert a == D.K_SEAL or g.san[0] <= 2 or D.K_SEAL not in [buf[i] for i in range(n)]
            return
    raise AssertionError("no seed brought an investigator back to its gate")


def test_planner_never_closes_a_partners_only_way_back():
    rules = Rules(None)
    b = rules.board
    bot = PlannerBot(b)
    g = rules.new_game(2, 2)
    buf = array("i", [0] * rules.max_actions)
    # seat 0 back at a face-up gate that is the only way back from seat 1's Other World
    while g.step == D.ST_PICK or g.step >= D.CH_FIRST:
        n = g.legal_actions(buf)
        g.apply(bot.choose(g, buf, n))
    s = next(x for x in b.locations if x != b.asylum and x != b.hospital)
    for t in range(b.nspaces):
        g.gate_at[t] = NONE
    gate = g.gate_deck.draw()
    g.gate_at[s] = gate
    g.gate_shown[gate] = 1
    g.pos[0] = s
    g.close_at[0] = s
    g.pos[1] = D.AT_WORLD
    g.ow_world[1] = b.gate_world[gate]
    g.ow_stage[1] = 1
    g.san[0] = g.maxsan[0]
    from eldritch.kernel.arkham.game.board import SP_ELDER_SIGN
    sign = next(c for c in range(b.ncards) if b.i_special[b.card_kind[c]] == SP_ELDER_SIGN)
    g.poss[0] = sign               # sealing may take an Elder Sign card (a house rule, or the default)
    g.phase = D.PH_INV
    g.step = D.ST_CLOSE
    g.seat = 0
    g.actor = 0
    g.touch()
    n = g.legal_actions(buf)
    assert D.K_SEAL in [buf[i] for i in range(n)]
    assert bot.choose(g, buf, n) == D.K_END
    g.ow_stage[1] = 0
    g.pos[1] = s
    g.touch()
    assert bot.choose(g, buf, n) == D.K_SEAL


MP_GAME = """
from array import array
from kernel.arkham.game.rules import Rules
from kernel.arkham.game.search import SearchBot
import kernel.mansions.game.search, kernel.mansions.game.worlds
rules = Rules(None)
g = rules.new_game(3, 2)
bot = SearchBot(rules.board, 3, worlds=1)
buf = array("i", [0] * rules.max_actions)
while not g.is_terminal() and g.round < 3:
    n = g.legal_actions(buf)
    g.apply(bot.choose(g, buf, n))
print(bot.searched, g.actions())
"""


def test_the_search_bot_plays_the_same_moves_under_micropython(run_micropython):
    """The kernel's search bots import under the MicroPython unix port, and the Arkham one makes the
    same choices there as on CPython (integers and the kernel PRNG only)."""
    from conftest import MICROPYTHON
    import pytest
    if not MICROPYTHON.exists():
        pytest.skip("no micropython (installed by make test)")
    rules = Rules(None)
    g = rules.new_game(3, 2)
    bot = SearchBot(rules.board, 3, worlds=1)
    buf = array("i", [0] * rules.max_actions)
    while not g.is_terminal() and g.round < 3:
        n = g.legal_actions(buf)
        g.apply(bot.choose(g, buf, n))
    assert bot.searched > 0
    assert run_micropython(MP_GAME) == ["%d %s" % (bot.searched, g.actions())]
