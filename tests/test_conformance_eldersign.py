"""Elder Sign passes the conformance test every kernel game passes (tests/conformance.py): the
adventure state machine on cards that exercise every option and terror effect, and the whole game
(kernel/eldersign/game/rules.py) for every Ancient One (all eight of the base game) and 1 to 8
players."""

import pytest

from conformance import GameSpec, check_playouts, check_three_runtimes

ADVENTURES = [
    GameSpec("eldersign.adventure", {"card": "I3 > P P > L L", "green": 6, "yellow": 1, "red": 1,
                                     "focus": 1, "spells": 1, "clues": 1}, seeds=12),
    GameSpec("eldersign.adventure", {"card": "T T P | L I4 | I2 S1", "green": 5, "focus": 2,
                                     "clues": 2, "terror": 1, "sanity": 2}, seeds=12),
    GameSpec("eldersign.adventure", {"card": "L/P T | T/P P H1 | I6", "green": 4, "red": 1,
                                     "spells": 2, "terror": 2, "stamina": 3}, seeds=12),
]


@pytest.mark.parametrize("spec", ADVENTURES, ids=["ordered", "terror-fail", "terror-discard"])
def test_conformance_adventure_playouts(spec):
    assert check_playouts(spec) == spec.seeds


@pytest.mark.parametrize("spec", ADVENTURES[:2], ids=["ordered", "terror-fail"])
def test_conformance_adventure_three_runtimes(spec):
    assert check_three_runtimes(spec) == spec.mp_seeds


# The whole game: every Ancient One, 1 to 8 players. A whole game's step is costly to check (each
# step's save is replayed from the seed), so few, short playouts; the invariant checker
# (tests/test_game_invariants.py) plays many whole games.
GAMES = [GameSpec("eldersign.game.rules", {"ancient_one": ao}, players=(1, 2, 4, 8), seeds=1, steps=100,
                  mp_seeds=1)
         for ao in ("Yog-Sothoth", "Yig", "Azathoth", "Ithaqua", "Cthulhu", "Hastur", "Nyarlathotep",
                    "Shub-Niggurath")]
GAME_IDS = ["yog-sothoth", "yig", "azathoth", "ithaqua", "cthulhu", "hastur", "nyarlathotep", "shub-niggurath"]


@pytest.mark.parametrize("spec", GAMES, ids=GAME_IDS)
def test_conformance_game_playouts(spec):
    assert check_playouts(spec) == len(spec.players) * spec.seeds


@pytest.mark.parametrize("spec", GAMES[:2], ids=GAME_IDS[:2])
def test_conformance_game_three_runtimes(spec):
    assert check_three_runtimes(spec) == len(spec.players) * spec.mp_seeds
