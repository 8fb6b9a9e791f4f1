"""The attribute test's exact odds (kernel/mansions/odds.py) against brute-force enumeration of every
sequence of d10 rolls, with exact equality (the first edition's 1 and 10, and the engine's earlier
clamped target); the fixed-point and percentage roundings against Fraction; the same numbers under
MicroPython; and the game's own chance node agreeing with them, a skill point for Luck or rerolls."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, strategies as hs

from eldritch.kernel.mansions import odds
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S

import mansions_positions as P


def brute_force(t, rerolls, natural=False):
    """Pass count over all 10^(rerolls+1) roll sequences: roll; reroll a failure while skill lasts.
    t is attribute + modifier, unclamped; natural: a 1 always passes, a 10 always fails."""
    passes = 0
    total = 0
    for seq in itertools.product(range(1, 11), repeat=rerolls + 1):
        total += 1
        for face in seq:
            ok = face == 1 or (face != 10 and face <= t) if natural else face <= t
            if ok:
                passes += 1
                break
    return passes, total


@pytest.mark.parametrize("rerolls", [0, 1, 2, 3, 4])
def test_pass_fraction_equals_brute_force(rerolls):
    for t in range(11):
        assert odds.pass_fraction(t, rerolls) == brute_force(t, rerolls)


@pytest.mark.parametrize("natural", [True, False])
def test_first_edition_natural_rolls_equal_brute_force(natural):
    """A 1 always passes and a 10 always fails (the target kept in 1 .. 9); clamped 0 .. 10 otherwise."""
    for total in range(-4, 16):
        for rerolls in (0, 1, 2):
            want = brute_force(total, rerolls, natural)
            assert odds.pass_fraction(odds.target(total, 0, natural), rerolls) == want


def test_a_skill_point_adds_luck_before_the_roll():
    for attribute in range(11):
        for luck in range(11):
            for modifier in (-3, 0, 2):
                want = brute_force(attribute + luck + modifier, 0, True)
                assert odds.pass_fraction(odds.luck_target(attribute, modifier, luck), 0) == want


def _half_up(fr, scale):
    x = fr * scale
    return (x.numerator * 2 + x.denominator) // (2 * x.denominator)


@given(hs.integers(0, 10), hs.integers(0, 12))
def test_fixed_and_percent_round_half_up_from_the_exact_value(t, rerolls):
    exact = Fraction(*odds.pass_fraction(t, rerolls))
    assert odds.pass_fixed(t, rerolls) == _half_up(exact, 1 << 48)
    assert odds.percent_hundredths(t, rerolls) == _half_up(exact, 10000)


@given(hs.integers(-3, 14), hs.integers(-9, 9))
def test_target_keeps_attribute_plus_modifier_on_the_die(attribute, modifier):
    assert odds.target(attribute, modifier) == max(1, min(9, attribute + modifier))
    assert odds.target(attribute, modifier, natural=False) == max(0, min(10, attribute + modifier))


def test_known_values():
    assert odds.pass_fraction(4, 0) == (4, 10)
    assert odds.pass_fraction(4, 1) == (64, 100)
    assert odds.percent_text(odds.percent_hundredths(3, 2)) == "65.70"
    assert odds.pass_fraction(0, 5) == (0, 10 ** 6) and odds.pass_fraction(10, 0) == (10, 10)
    loss = odds.expected_loss_fraction(6, 1, 2)
    assert Fraction(*loss) == Fraction(16, 100) * 2
    with pytest.raises(ValueError):
        odds.pass_fraction(11, 0)


def test_same_numbers_under_micropython(run_micropython):
    body = ("from kernel.mansions import odds\n"
            "for t in range(11):\n"
            "    for k in range(9):\n"
            "        print(t, k, odds.pass_fraction(t, k), odds.pass_fixed(t, k), odds.percent_hundredths(t, k))\n")
    lines = run_micropython(body)
    want = ["%d %d %s %d %d" % (t, k, odds.pass_fraction(t, k), odds.pass_fixed(t, k),
                                odds.percent_hundredths(t, k)) for t in range(11) for k in range(9)]
    assert lines == want


def _engine_pass_probability(st, tested_seat):
    """Exact probability that the test at the current chance node passes, enumerating every d10
    outcome and always spending skill points (the game's own chance node, Luck and rerolls)."""
    if st.g[S.G_PHASE] == K.PH_PREROLL:
        st.apply(P.act_code(K.A_LUCK))
    total = Fraction(0)
    for action, weight in st.chance_outcomes():
        child = st.clone()
        child.apply(action)
        while child.g[S.G_PHASE] == K.PH_REROLL:
            child.apply(P.act_code(K.A_REROLL))
            total += Fraction(weight, 10) * _engine_pass_probability(child, tested_seat)
            break
        else:
            passed = child.s_space[tested_seat] == P.space(child, "Cellar North")
            total += Fraction(weight, 10) * (1 if passed else 0)
    return total


@pytest.mark.parametrize("points", ["luck", "reroll"])
@pytest.mark.parametrize("skill", [0, 1, 2])
@pytest.mark.parametrize("strength", [0, 5, 10])
def test_the_game_chance_node_matches_the_odds(points, skill, strength):
    """Forcing the Stuck Cellar Door (strength -1) with k skill points: the state machine's chance
    nodes and its Luck and reroll decisions give exactly the odds module's numbers."""
    st = P.game(("Eli Marsh",), options={"skill_points": points})
    P.turn_of(st, 1)
    P.place(st, 1, "Hall SE")
    st.s_skill[1] = skill
    st.s_attr[7 + 0] = strength
    P.act(st, K.A_MOVE, P.space(st, "Cellar North"))
    luck = st.attr(1, 6)
    if points == "luck":
        t = odds.luck_target(strength, -1, luck) if skill else odds.target(strength, -1)
        want = Fraction(*odds.pass_fraction(t, 0))
    else:
        want = Fraction(*odds.pass_fraction(odds.target(strength, -1), skill))
    assert _engine_pass_probability(st, 1) == want
