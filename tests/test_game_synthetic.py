"""Issue 27.4 for Elder Sign: a synthetic data set at the published base game's size with every feature of
the schema (tests/es_synthetic.py, invented names) loads, checks, plays 200 seeded bot games with no
illegal move, and passes the conformance test (on all three runtimes)."""

from array import array

import pytest

from eldritch.kernel.eldersign.game import effects as E
from eldritch.kernel.eldersign.game import bot, machine as G
from eldritch.kernel.eldersign.game.data import GameData, LIMITS, COLOURS
from eldritch.kernel.eldersign.game.machine import Game, MAX_GAME_ACTIONS
from eldritch.kernel.eldersign.game.bots.heuristic import HeuristicBot
from eldritch.kernel.eldersign.game.bots import observe as O

import es_synthetic as S
from conformance import GameSpec, check_playouts, check_three_runtimes

GAMES = 200


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return S.write(tmp_path_factory.mktemp("synthetic"))


@pytest.fixture(scope="module")
def data(folder):
    return GameData(str(folder), sets=S.SETS, library=False)


def test_synthetic_data_set_has_the_published_game_size(data):
    assert len(data.ancient_ones) == 8 and len(data.investigators) == 16
    assert len([a for a in data.adventures if not a.other_world]) == 48 and data.other_worlds() == 8
    assert [len(d) for d in data.decks] == [12, 12, 12, 8] and len(data.mythos) == 32
    assert len([m for m in data.monsters if not m.mask]) == 22 and len([m for m in data.monsters if m.mask]) == 5


def _ops(code):
    out = set()
    i = 0
    while i < len(code):
        out.add(code[i])
        i += 3
    return out


def test_synthetic_data_set_has_every_feature(data):
    lists = []
    abilities = [a.ability for a in data.ancient_ones] + [i.ability for i in data.investigators] + \
        [m.ongoing for m in data.mythos] + [a.ongoing for a in data.adventures]
    for a in data.ancient_ones:
        lists += [a.attack, a.awaken]
    for i in data.investigators:
        lists += [i.start, i.ability.day, i.ability.anyturn]
    for ab in abilities:
        lists += list(ab.triggers)
    for k in data.kinds:
        lists.append(k.use)
    for m in data.mythos:
        lists += [m.immediate, m.terror, m.midnight]
    for m in data.monsters:
        lists.append(m.defeat)
    lists += data.lost_found + [r.code for r in data.shop]
    for a in data.adventures:
        lists += [a.terror, a.entry, a.midnight, a.reward, a.penalty]
    ops = set()
    for code in lists:
        ops |= _ops(code)
    for name, op in E.NAMES.items():
        assert op in ops, name
    for op in (E.OP_CHOOSE, E.OP_PER_OW, E.OP_ANY, E.OP_CARD, E.OP_NOTE):
        assert op in ops, E.OP_TEXT[op]
    assert any(E.SC_EACH in code[2::3] for code in lists)
    for t in range(len(E.TRIGGERS)):
        assert any(ab.triggers[t] for ab in abilities), E.TRIGGERS[t]
    for m in range(len(E.MODIFIERS)):
        assert any(ab.modifiers[m] for ab in abilities), E.MODIFIERS[m]
    assert any(ab.day for ab in abilities) and any(ab.anyturn for ab in abilities)
    assert any(ab.rerolls for ab in abilities) and any(ab.anyroll for ab in abilities)
    assert set(k.limit for k in data.kinds) == set(LIMITS)
    assert set(a.lock for a in data.adventures) == {-1, 0, 1, 2}
    assert {m.lock_colour for m in data.mythos} >= {0, 1, 2} and {m.lock_colour for m in data.monsters} >= {0, 1, 2}
    assert {m.lasts_n for m in data.mythos} >= {0, 1, 2, 3}
    kinds = {(t < 0, kind) for a in data.adventures for t, kind, _ in a.outlines}
    assert kinds >= {(False, 0), (True, 1), (False, 2)}                # full, on a line of its own, partial
    assert {a.terror_code for a in data.adventures} == {0, 1, 2}
    assert any(a.card.ordered for a in data.adventures)
    tasks = [t for a in data.adventures for t in a.card.tasks]
    assert any(t.sanity for t in tasks) and any(t.stamina for t in tasks) and any(t.clock for t in tasks)
    assert [a.name for a in data.ancient_ones if a.masks] and [a for a in data.ancient_ones if a.awaken]
    assert len(set(COLOURS)) == 3


@pytest.mark.slow
def test_synthetic_data_set_plays_200_seeded_bot_games_with_no_illegal_move(data):
    """Game k: seed k, 1 + k % 8 players, Ancient One k // 8 % 8; the built-in bot, and the heuristic
    bot for one game in ten (it uses every card and ability); every action is legal when applied."""
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    ends = set()
    for k in range(GAMES):
        players = 1 + k % 8
        g = Game(data, players=players, seed=k, ancient_one=(k // 8) % 8)
        heuristic = [HeuristicBot(k * 9 + s) for s in range(players)] if k % 10 == 0 else None
        steps = 0
        while not g.is_terminal():
            n = g.legal_actions(buf)
            a = heuristic[O.acting_seat(g)].choose(g, buf, n) if heuristic else bot.choose(g, buf, n)
            assert g.is_legal(a), (k, steps, a)
            g.apply(a)
            steps += 1
            assert steps < 20000, k
        ends.add((g._result, g._ended_by))
    assert (1, 0) in ends and (0, 0) in ends                  # won by elder signs, lost with all devoured


def _spec(folder, ao, players):
    return GameSpec("eldersign.game.rules", {"data": str(folder), "library": False, "sets": list(S.SETS),
                                             "ancient_one": ao},
                    players=players, seeds=1, steps=100, mp_seeds=1)


@pytest.mark.slow
def test_synthetic_data_set_passes_the_conformance_playouts(folder):
    for ao in ("Synthetic Messenger", "Synthetic Dreamer"):
        spec = _spec(folder, ao, (1, 3, 8))
        assert check_playouts(spec) == 3


@pytest.mark.slow
def test_synthetic_data_set_plays_the_same_on_three_runtimes(folder):
    spec = _spec(folder, "Synthetic Messenger", (2, 5))
    assert check_three_runtimes(spec) == 2
