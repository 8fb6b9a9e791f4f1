"""Arkham Horror (1987) passes the conformance test every kernel game passes (tests/conformance.py):
random playouts on the demonstration board with 1 to 8 players, with the default rules and with every
house rule at once; the same transcripts on CPython (both backends) and on MicroPython under heap_lock."""

import pytest

from conformance import GameSpec, check_playouts, check_three_runtimes

HOUSE = ("seed_gate_limits,no_event_on_stay,sanity_check_max,defeat_at_round_end,elder_sign_card,"
         "stealth_fail_strikes")
SPECS = [
    GameSpec("arkham.game.rules", None, players=(1, 2, 4, 8), seeds=5, steps=300, mp_seeds=1),
    GameSpec("arkham.game.rules", {"house": HOUSE, "round_limit": 8, "doom": 9}, players=(3, 5), seeds=5,
             steps=300, mp_seeds=1),
]


@pytest.mark.parametrize("spec", SPECS, ids=["demo", "house-rules"])
def test_conformance_playouts(spec):
    assert check_playouts(spec) == spec.seeds * len(spec.players)


@pytest.mark.parametrize("spec", SPECS, ids=["demo", "house-rules"])
def test_conformance_three_runtimes(spec):
    assert check_three_runtimes(spec) == spec.mp_seeds * len(spec.players)
