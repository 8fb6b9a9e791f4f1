"""Every game of the registry (host/games.py) passes the conformance test (tests/conformance.py), as
OpenSpiel's tests iterate over its registered games: seeded random playouts that check legality,
refusals, saves, replay and views after every step, and the same transcripts on CPython (both
backends) and on the MicroPython unix port with every step under heap_lock.

A game plays at its fewest and most players with its default rules; VARIANTS gives a game more
(house rules, options, Elder Sign's adventure state machine). A new game needs nothing here."""

import pytest

from eldritch import games
from conformance import GameSpec, check_playouts, check_three_runtimes

ARKHAM_HOUSE = ("seed_gate_limits,no_event_on_stay,sanity_check_max,defeat_at_round_end,elder_sign_card,"
                "stealth_fail_strikes")
ANCIENT_ONES = ("Yog-Sothoth", "Yig", "Azathoth", "Ithaqua", "Cthulhu", "Hastur", "Nyarlathotep", "Shub-Niggurath")

# name -> [(id, spec, on three runtimes too)]; the ids in SLOW run in `make test`, not `make check`
VARIANTS = {
    "eldersign": [
        ("adventure-ordered", GameSpec("eldersign.adventure", {
            "card": "I3 > P P > L L", "green": 6, "yellow": 1, "red": 1, "focus": 1, "spells": 1, "clues": 1},
            seeds=12), True),
        ("adventure-terror-fail", GameSpec("eldersign.adventure", {
            "card": "T T P | L I4 | I2 S1", "green": 5, "focus": 2, "clues": 2, "terror": 1, "sanity": 2},
            seeds=12), True),
        ("adventure-terror-discard", GameSpec("eldersign.adventure", {
            "card": "L/P T | T/P P H1 | I6", "green": 4, "red": 1, "spells": 2, "terror": 2, "stamina": 3},
            seeds=12), False),
    ] + [
        # the whole game for every Ancient One: a step is costly to check (each step's save is
        # replayed from the seed), so few, short playouts; tests/test_game_invariants.py plays many
        (ao.lower(), GameSpec("eldersign.game.rules", {"ancient_one": ao}, players=(1, 2, 4, 8), seeds=1,
                              steps=100, mp_seeds=1), i < 2)
        for i, ao in enumerate(ANCIENT_ONES)
    ] + [
        ("house-rules", GameSpec("eldersign.game.rules", {"house": "giveup_skips_terror", "ancient_one": "Yig"},
                                 players=(2, 5), seeds=1, steps=100, mp_seeds=1), True),
    ],
    "arkham": [
        ("demo", GameSpec("arkham.game.rules", None, players=(1, 2, 4, 8), seeds=5, steps=300, mp_seeds=1), True),
        ("house-rules", GameSpec("arkham.game.rules", {"house": ARKHAM_HOUSE, "round_limit": 8, "doom": 9},
                                 players=(3, 5), seeds=5, steps=300, mp_seeds=1), True),
    ],
    "mansions": [
        ("first-edition", GameSpec("mansions.game.rules", None, players=(2, 3, 5), seeds=3, steps=400,
                                   mp_seeds=1), True),
        ("engine-before", GameSpec("mansions.game.rules", {
            "natural_rolls": "clamped", "skill_points": "reroll", "evade": "leaving", "horror_checks": "space",
            "mythos": "keeper-step", "stun": "no-action", "insanity": "out", "traits": "character"},
            players=(3,), seeds=2, steps=400, mp_seeds=1), True),
        ("off", GameSpec("mansions.game.rules", {
            "insanity": "ignored", "horror_checks": "off", "evade": "off", "skill_points": "off",
            "stun": "skip-turn", "keeper_card_uses": 0}, players=(3,), seeds=2, steps=400, mp_seeds=1), True),
    ],
    "stayaway": [
        ("rulebook", GameSpec("stayaway.game.rules", {}, players=(4, 5, 8, 12), seeds=10, steps=300,
                              mp_seeds=2), True),
        ("advanced", GameSpec("stayaway.game.rules", {
            "vengeful": True, "neighbour_only": True, "flame_in_pile": True, "house_quarantine": True,
            "infected": 12}, players=(4, 5, 8, 12), seeds=6, steps=300, mp_seeds=1), True),
        ("thing-in-pile", GameSpec("stayaway.game.rules", {"thing_in_pile": True}, players=(4, 6), seeds=6,
                                   steps=300, mp_seeds=1), True),
        ("quick-start", GameSpec("stayaway.game.rules", {"quick_start": True}, players=(4, 9), seeds=6,
                                 steps=300, mp_seeds=1), True),
    ],
}


SLOW = {"eldersign-" + ao.lower() for ao in ANCIENT_ONES if ao != "Yig"} | {"mansions-first-edition"}
SLOW_THREE = {"eldersign-yog-sothoth", "eldersign-yig"}


def default_variants(game):
    """A registered game without variants: its default rules at its fewest and most players."""
    low, high = games.players_range(game.name)
    spec = GameSpec(game.rules[len("kernel."):], None, players=sorted({low, high}), seeds=4, steps=300, mp_seeds=1)
    return [("default", spec, True)]


def params(three_only=False):
    out = []
    for game in games.GAMES:
        for ident, spec, three in VARIANTS.get(game.name) or default_variants(game):
            name = "%s-%s" % (game.name, ident)
            if three or not three_only:
                slow = name in (SLOW_THREE if three_only else SLOW)
                out.append(pytest.param(spec, id=name, marks=[pytest.mark.slow] if slow else []))
    return out


def test_every_variant_plays_a_registered_games_rules():
    """A variant of a game drives that game's own kernel (or, for Elder Sign, its adventure machine)."""
    for name, variants in VARIANTS.items():
        rules = games.get(name).rules[len("kernel."):]
        for ident, spec, _ in variants:
            assert spec.module == rules or spec.module.split(".")[0] == name, (name, ident)


@pytest.mark.parametrize("spec", params())
def test_conformance_playouts(spec):
    assert check_playouts(spec) == spec.seeds * len(spec.players)


@pytest.mark.parametrize("spec", params(three_only=True))
def test_conformance_three_runtimes(spec):
    assert check_three_runtimes(spec) == spec.mp_seeds * len(spec.players)
