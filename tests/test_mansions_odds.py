"""The attribute test's exact odds (kernel/mansions/odds.py) against brute-force enumeration of every
sequence of d10 rolls, with exact equality; the fixed-point and percentage roundings against
Fraction; the same numbers under MicroPython; and the game's own chance node agreeing with them."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, strategies as hs

from eldritch.kernel.mansions import odds
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S

import mansions_positions as P


def brute_force(t, rerolls):
    """Pass count over all 10^(rerolls+1) roll sequences: roll; reroll a failure while skill lasts."""
    passes = 0
    total = 0
    for seq in itertools.product(range(1, 11), repeat=rerolls + 1):
        total += 1
        for face in seq:
            if face <= t:
                passes += 1
                break
    return passes, total


@pytest.mark.parametrize("rerolls", [0, 1, 2, 3, 4])
def test_pass_fraction_equals_brute_force(rerolls):
    for t in range(11):
        assert odds.pass_fraction(t, rerolls) == brute_force(t, rerolls)


def _half_up(fr, scale):
    x = fr * scale
    return (x.numerator * 2 + x.denominator) // (2 * x.denominator)


@given(hs.integers(0, 10), hs.integers(0, 12))
def test_fixed_and_percent_round_half_up_from_the_exact_value(t, rerolls):
    exact = Fraction(*odds.pass_fraction(t, rerolls))
    assert odds.pass_fixed(t, rerolls) == _half_up(exact, 1 << 48)
    assert odds.percent_hundredths(t, rerolls) == _half_up(exact, 10000)


@given(hs.integers(-3, 14), hs.integers(-9, 9))
def test_target_clamps_attribute_plus_modifier(attribute, modifier):
    assert odds.target(attribute, modifier) == max(0, min(10, attribute + modifier))


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
    outcome and always spending skill points on rerolls (the game's own chance node and rerolls)."""
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


@pytest.mark.parametrize("skill", [0, 1, 2])
def test_the_game_chance_node_matches_the_odds(skill):
    """Forcing the Stuck Cellar Door (strength -1) with k skill points: the state machine's chance
    nodes and reroll decisions give exactly odds.pass_fraction."""
    st = P.game(("Eli Marsh",))
    P.turn_of(st, 1)
    P.place(st, 1, "Hall SE")
    st.s_skill[1] = skill
    P.act(st, K.A_MOVE, P.space(st, "Cellar North"))
    assert st.current_player() == -1
    strength = st.attr(1, 0)
    want = Fraction(*odds.pass_fraction(odds.target(strength, -1), skill))
    assert _engine_pass_probability(st, 1) == want
