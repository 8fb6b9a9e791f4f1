"""A synthetic story at a published story's size with every feature of the schema
(tests/mansions_synthetic.py: a 5-stage branching event deck with an objective reveal and the end
decided by objective, the published decks' 129 combat cards with every kind of card they hold, 35
mythos and 30 trauma cards, 6 guide questions, fire, darkness, corpses, a spell deck, conditional
keeper cards; invented names)
loads and checks, plays 200 seeded bot games with no illegal move, and passes the conformance test on
the three runtimes. The handheld keeper mode on it: tests/test_board_mansions.py."""

from array import array

import pytest

from eldritch.kernel.surface import CHANCE
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S
from eldritch.kernel.mansions.game import view as V
from eldritch.kernel.mansions.game.rules import Rules
from eldritch.kernel.mansions.game.bots import make_bot

from conformance import GameSpec, check_playouts, check_three_runtimes
from mansions_synthetic import write_story, ENDINGS, EVENTS


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(write_story(tmp_path_factory.mktemp("synthetic") / "drowned"))


@pytest.fixture(scope="module")
def rules(folder):
    return Rules({"story": folder})


def test_synthetic_story_has_a_published_size_and_every_feature(rules):
    st = rules.story
    assert st.ncombat == 129 and st.nmythos == 35 and st.ntrauma == 30
    assert st.nquestions == 6 and st.nevents == 5 and st.nrows == len(EVENTS)
    against = [st.cb_against[i] for i in range(st.ncombat)]
    assert K.W_MELEE in against and against.count(K.W_HIDING) + against.count(K.W_BARRIER) == 26
    # branches: a stage whose cards have conditions, several stages with two cards
    assert sum(1 for e in range(st.nevents) if st.stage_rows[e] == 2) == 4
    names = [st.ev_name[i] for i in range(st.nrows)]
    assert names[-2:] == list(ENDINGS)
    assert st.nflags >= 2
    ops = set(st.eff.op)
    assert {K.E_REVEAL, K.E_WIN, K.E_IF, K.E_FIRE, K.E_SPREAD, K.E_DARK, K.E_CORPSE, K.E_WEAPON, K.E_MSTUN,
            K.E_TRAUMA, K.E_RAISE, K.E_BONUS, K.E_EVADE_MOD, K.E_HORROR_MOD, K.E_LEARN, K.E_FLAG} <= ops
    # the published decks' cards the format holds
    assert {K.E_DRAW_MYTHOS, K.E_HORROR_ONE, K.E_DAMAGE_ONE, K.E_TIME, K.E_SPAWN_WITH, K.E_MONSTER_DAMAGE,
            K.E_MONSTER_HORROR, K.E_DROP_WEAPON, K.E_HIT_HALF, K.E_MOVE, K.E_BREAK, K.E_HOLD} <= ops
    weapons = [st.eff.n[i] - 128 for i in range(len(st.eff.op)) if st.eff.op[i] == K.E_WEAPON]
    assert min(weapons) < 0 and K.W_ANY in [st.eff.a[i] for i in range(len(st.eff.op)) if st.eff.op[i] == K.E_WEAPON]


def test_the_limits_hold_the_published_decks():
    """The base game and its expansions: 129 combat cards, 35 mythos cards in the base game alone, 30
    trauma cards, a keeper choosing his hand among 34 keeper action cards."""
    assert K.MAX_COMBAT >= 129 and K.MAX_MYTHOS >= 35 and K.MAX_TRAUMA >= 30 and K.MAX_KEEPER_CARDS >= 34


@pytest.mark.slow
def test_synthetic_games_use_the_published_cards(rules):
    """Seeded bot games on it meet the keeper's choices, hiding and barricades."""
    buf = array("i", [0] * K.MAX_ACTIONS)
    seen = set()
    for seed in range(60):
        st = rules.new_game(seed, 2 + seed % 4)
        bots = [make_bot("random", rules.story, s, seed) for s in range(st.players)]
        while not st.is_terminal():
            who = st.current_player()
            n = st.legal_actions(buf)
            a = buf[0] if who == CHANCE else bots[who].choose(st.view(who), buf, n)
            seen.add(a >> 16)
            st.apply(a)
    assert {K.A_CHOOSE, K.A_HIDE, K.A_BARRICADE} <= seen


def _play(r, seed, players, keeper, investigators, buf):
    st = r.new_game(seed, players)
    bots = [make_bot(keeper if s == 0 else investigators, r.story, s, seed) for s in range(players)]
    steps = 0
    while not st.is_terminal():
        who = st.current_player()
        n = st.legal_actions(buf)
        if who == CHANCE:
            a = buf[0]
        else:
            view = st.view(who)
            if who == 0:
                # the keeper's view shows the time number of the stage on top (not of the row of that index)
                e = st.g[S.G_EVENT]
                assert view[V.H_TIME] == (r.story.stage_time[e] if e < r.story.nevents else 0)
            a = bots[who].choose(view, buf, n)
            assert st.is_legal(a), "seed %d: seat %d chose an illegal action %d" % (seed, who, a)
        st.apply(a)
        steps += 1
        assert steps < 8000, "seed %d does not end" % seed
    return st


@pytest.mark.slow
def test_synthetic_story_plays_200_seeded_bot_games_with_no_illegal_move(rules):
    buf = array("i", [0] * K.MAX_ACTIONS)
    ends = {}
    rows = set()
    kinds = (("heuristic", "heuristic"), ("random", "heuristic"), ("heuristic", "random"), ("random", "random"))
    for seed in range(200):
        st = _play(rules, seed, 2 + seed % 4, *kinds[seed % 4], buf)
        w = st.g[S.G_WINNER]
        ends[w] = ends.get(w, 0) + 1
        rows.update(st.ev_row[e] for e in range(rules.story.nevents) if st.ev_row[e] != K.NONE)
    assert sum(ends.values()) == 200
    assert K.WIN_KEEPER in ends and K.WIN_INVESTIGATORS in ends
    # the branching deck is followed both ways at every stage that has two cards
    assert len(rows) >= 5, rows


@pytest.fixture(scope="module")
def spec(folder):
    return GameSpec("mansions.game.rules", {"story": folder}, players=(3,), seeds=2, steps=400, mp_seeds=1)


@pytest.mark.slow
def test_synthetic_story_passes_the_conformance_playouts(spec):
    assert check_playouts(spec) == 2


def test_synthetic_story_gives_the_same_games_on_three_runtimes(spec):
    assert check_three_runtimes(spec) == 1


@pytest.mark.slow
def test_the_published_cards_play_alike_on_three_runtimes_and_allocate_nothing(folder):
    """Longer random playouts (the keeper's choices, hiding and barricades among their actions) give the
    same games under CPython and MicroPython, every step under heap_lock there."""
    spec = GameSpec("mansions.game.rules", {"story": folder}, players=(2, 5), seeds=1, steps=3000, mp_seeds=2)
    assert check_three_runtimes(spec) == 4
