"""Stay Away! passes the conformance test every kernel game passes (tests/conformance.py): seeded random
playouts at 4, 5, 8 and 12 players checking legality, refusals, saves, replay and views after every
step, and identical transcripts on CPython (both backends) and MicroPython, every step under heap_lock."""

import pytest

from conformance import GameSpec, check_playouts, check_three_runtimes

SPECS = [
    GameSpec("stayaway.game.rules", {}, players=(4, 5, 8, 12), seeds=10, steps=300, mp_seeds=2),
    GameSpec("stayaway.game.rules", {"vengeful": True, "neighbour_only": True, "flame_in_pile": True,
                                     "house_quarantine": True, "infected": 12},
             players=(4, 5, 8, 12), seeds=6, steps=300, mp_seeds=1),
    GameSpec("stayaway.game.rules", {"thing_in_pile": True}, players=(4, 6), seeds=6, steps=300, mp_seeds=1),
    GameSpec("stayaway.game.rules", {"quick_start": True}, players=(4, 9), seeds=6, steps=300, mp_seeds=1),
]
IDS = ["rulebook", "advanced", "thing-in-pile", "quick-start"]


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_conformance_playouts(spec):
    assert check_playouts(spec) == spec.seeds * len(spec.players)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_conformance_three_runtimes(spec):
    assert check_three_runtimes(spec) == spec.mp_seeds * len(spec.players)
