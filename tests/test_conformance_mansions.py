"""Mansions of Madness passes the conformance test every kernel game passes (tests/conformance.py):
random playouts on the demonstration story with 1, 2 and 4 investigators, under the default choices
(the first edition's rules), under the engine's earlier choices and with every option's last value;
the same transcripts on C, Python and MicroPython (every step's legal_actions and apply under
heap_lock)."""

import pytest

from conformance import GameSpec, check_playouts, check_three_runtimes

SPECS = [
    GameSpec("mansions.game.rules", None, players=(2, 3, 5), seeds=3, steps=400, mp_seeds=1),
    GameSpec("mansions.game.rules", {"natural_rolls": "clamped", "skill_points": "reroll", "evade": "leaving",
                                     "horror_checks": "space", "mythos": "keeper-step", "stun": "no-action",
                                     "insanity": "out", "traits": "character"},
             players=(3,), seeds=2, steps=400, mp_seeds=1),
    GameSpec("mansions.game.rules", {"insanity": "ignored", "horror_checks": "off", "evade": "off",
                                     "skill_points": "off", "stun": "skip-turn", "keeper_card_uses": 0},
             players=(3,), seeds=2, steps=400, mp_seeds=1),
]
IDS = ["first-edition", "engine-before", "off"]


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_conformance_mansions_playouts(spec):
    assert check_playouts(spec) == spec.seeds * len(spec.players)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_conformance_mansions_three_runtimes(spec):
    assert check_three_runtimes(spec) == spec.mp_seeds * len(spec.players)
