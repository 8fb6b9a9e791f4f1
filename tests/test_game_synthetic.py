"""A synthetic Elder Sign data set at the published base game's size with every feature of the
schema (tests/es_synthetic.py, invented names) loads, checks, plays 200 seeded bot games with no
illegal move, and passes the conformance test (on all three runtimes)."""

from array import array

import pytest

from eldritch.kernel.eldersign.game import bot, machine as G
from eldritch.kernel.eldersign.game.data import GameData
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


def test_synthetic_data_set_has_every_feature(data):
    S.check_every_feature(data)


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
