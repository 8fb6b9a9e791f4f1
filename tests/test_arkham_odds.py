"""Arkham Horror odds (kernel/arkham/odds.py, reach.py, gatechance.py) against brute-force enumeration
written here: every roll sequence, every path, every 2D6 pair - exact equality, no tolerance."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from eldritch.kernel.errors import KernelError
from eldritch.kernel.arkham import odds
from eldritch.kernel.arkham.reach import (reach_odds, OCC_MONSTER, OCC_BLOCKING, OCC_HOUND, MODE_FOOT,
                                          MODE_VEHICLE, MODE_MISTS)
from eldritch.kernel.arkham.gatechance import gate_odds
from eldritch.kernel.arkham.game.board import Board

BOARD = Board()


# ----- combat -----------------------------------------------------------------------------------

def brute_fight(bonus, strength, stamina, rounds, once):
    """Every sequence of (attack, damage) dice over k exchanges, each of weight 1 over 36^k."""
    k = rounds if rounds else stamina
    win = ko = undecided = lost = 0
    for seq in itertools.product(range(1, 7), repeat=2 * k):
        h = stamina
        outcome = None
        for r in range(k):
            attack, damage = seq[2 * r], seq[2 * r + 1]
            if attack + bonus >= strength:
                outcome = "win"
                break
            h -= damage
            if h <= 0:
                outcome = "ko"
                break
            if once:
                outcome = "gone"
                break
        if outcome == "win":
            win += 1
        elif outcome == "ko":
            ko += 1
        else:
            undecided += 1
        lost += stamina - max(h, 0)
    return win, ko, undecided, lost, 36 ** k


@pytest.mark.parametrize("bonus,strength,stamina,rounds,once", [
    (0, 1, 1, 0, False), (2, 5, 3, 0, False), (0, 9, 2, 0, False), (3, 6, 3, 2, False), (1, 4, 5, 2, False),
    (4, 5, 2, 1, False), (0, 5, 3, 3, True), (-2, 3, 2, 0, False), (6, 12, 1, 3, False)])
def test_fight_equals_brute_force(bonus, strength, stamina, rounds, once):
    assert odds.fight(bonus, strength, stamina, rounds, once) == brute_fight(bonus, strength, stamina, rounds, once)


@settings(max_examples=40, deadline=None)
@given(st.integers(-3, 8), st.integers(1, 12), st.integers(1, 3), st.integers(0, 2), st.booleans())
def test_fight_property(bonus, strength, stamina, rounds, once):
    got = odds.fight(bonus, strength, stamina, rounds, once)
    assert got == brute_fight(bonus, strength, stamina, rounds, once)
    win, ko, undecided, lost, den = got
    assert win + ko + undecided == den


def test_fight_until_decided_never_leaves_it_undecided():
    for stamina in range(1, 8):
        win, ko, undecided, lost, den = odds.fight(1, 5, stamina)
        assert undecided == 0 and win + ko == den


def test_attack_bonus_respects_immunities():
    assert odds.attack_bonus(3, 2, 4, 0) == 9
    assert odds.attack_bonus(3, 2, 4, odds.IMMUNE_PHYSICAL) == 4
    assert odds.attack_bonus(3, 2, 4, odds.IMMUNE_MAGICAL) == 5
    assert odds.attack_bonus(3, 2, 4, odds.IMMUNE_PHYSICAL | odds.IMMUNE_MAGICAL) == 0


def brute_fight_dice(bonus, strength, dice, stamina, rounds):
    """A monster of printed strength N+kD6: every (strength dice, attack, damage) of k exchanges."""
    k = rounds if rounds else stamina
    win = ko = undecided = lost = 0
    per = dice + 2
    for seq in itertools.product(range(1, 7), repeat=per * k):
        h = stamina
        outcome = None
        for r in range(k):
            roll = seq[per * r:per * (r + 1)]
            if roll[dice] + bonus >= strength + sum(roll[:dice]):
                outcome = "win"
                break
            h -= roll[dice + 1]
            if h <= 0:
                outcome = "ko"
                break
        if outcome == "win":
            win += 1
        elif outcome == "ko":
            ko += 1
        else:
            undecided += 1
        lost += stamina - max(h, 0)
    return win, ko, undecided, lost, 6 ** (per * k)


@pytest.mark.parametrize("bonus,strength,dice,stamina,rounds", [
    (8, 14, 1, 2, 0), (5, 6, 1, 3, 2), (10, 14, 1, 1, 0), (9, 8, 2, 2, 1), (3, 0, 1, 3, 0)])
def test_fight_against_a_strength_with_dice_equals_brute_force(bonus, strength, dice, stamina, rounds):
    """The Shoggoth's printed 14+D6: the D6 is rolled at each attack."""
    assert odds.fight(bonus, strength, stamina, rounds, False, dice) == \
        brute_fight_dice(bonus, strength, dice, stamina, rounds)


# ----- checks ------------------------------------------------------------------------------------

@pytest.mark.parametrize("skill", range(0, 9))
def test_stealth_equals_brute_force(skill):
    assert odds.stealth(skill) == (sum(1 for f in range(1, 7) if f <= skill), 6)


@pytest.mark.parametrize("level,a,b,sanity", [(3, 0, 1, 5), (5, 1, 2, 2), (0, 2, 3, 3), (6, 1, 4, 4), (2, 0, 0, 1),
                                              (4, 3, 4, 3)])
def test_sanity_check_equals_brute_force(level, a, b, sanity):
    ok = insane = expected = 0
    for f in range(1, 7):
        loss = a if f <= level else b
        ok += f <= level
        insane += loss >= sanity
        expected += min(loss, sanity)
    assert odds.sanity_check(level, a, b, sanity) == (ok, insane, expected, 6)


@pytest.mark.parametrize("level,a,ad,b,bd,sanity", [(3, 2, 0, 1, 1, 5), (4, 0, 1, 1, 2, 6), (2, 1, 1, 0, 1, 3),
                                                    (6, 2, 0, 0, 2, 9)])
def test_sanity_check_with_dice_losses_equals_brute_force(level, a, ad, b, bd, sanity):
    """SAN 2/D6+1 (the Powers' printed sanity): the loss's dice are rolled on that side."""
    ok = insane = expected = 0
    for roll in itertools.product(range(1, 7), repeat=1 + ad + bd):
        f = roll[0]
        loss = a + sum(roll[1:1 + ad]) if f <= level else b + sum(roll[1 + ad:])
        ok += f <= level
        insane += loss >= sanity
        expected += min(loss, sanity)
    assert odds.sanity_check(level, a, b, sanity, ad, bd) == (ok, insane, expected, 6 ** (1 + ad + bd))


@pytest.mark.parametrize("bonus,difficulty,attempts", [(3, 7, 1), (3, 7, 3), (0, 9, 2), (6, 5, 2), (1, 8, 4)])
def test_close_gate_equals_brute_force(bonus, difficulty, attempts):
    closed = sum(1 for seq in itertools.product(range(1, 7), repeat=attempts)
                 if any(f + bonus >= difficulty for f in seq))
    assert odds.close_gate(bonus, difficulty, attempts) == (closed, 6 ** attempts)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 12), st.integers(1, 10 ** 12))
def test_fixed_is_round_half_up_once(num, den):
    num = num % (den + 1)
    exact = Fraction(num, den) * 2 ** 48
    want = int(exact) + (1 if exact - int(exact) >= Fraction(1, 2) else 0)
    assert odds.fixed(num, den) == want


def test_bad_odds_input_is_a_kernel_error():
    with pytest.raises(KernelError):
        odds.fight(0, 5, 0)
    with pytest.raises(KernelError):
        odds.close_gate(0, 5, 0)


# ----- 2D6 movement -----------------------------------------------------------------------------

def brute_reach(board, occ, start, mode, money, whistle):
    """Walk every path of every 2D6 roll with the rules spelled out here; count the rolls (of 36)
    after which each space can be the end of the move."""
    counts = [0] * board.nspaces
    taxi_now = money >= 1 and whistle
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            r = d1 + d2
            ends = {start}
            taxi = taxi_now
            stack = [(start, r)]
            seen = set()
            while stack:
                s, left = stack.pop()
                if (s, left) in seen:
                    continue
                seen.add((s, left))
                ends.add(s)
                if money >= 1 and board.taxi[s] and not occ[s]:
                    taxi = True
                if s != start:
                    if board.is_loc[s]:
                        continue
                    if mode == MODE_FOOT and occ[s] & OCC_MONSTER:
                        continue
                if left == 0:
                    continue
                for i in range(board.nbr_count[s]):
                    t = board.neighbour(s, i)
                    if mode == MODE_VEHICLE and occ[t] & OCC_BLOCKING:
                        continue
                    stack.append((t, left - 1))
            for s in range(board.nspaces):
                if s in ends or (taxi and board.is_loc[s]):
                    counts[s] += 1
    return counts


OCCUPANCIES = [
    {},
    {"Market Street": OCC_MONSTER, "Harbour Street": OCC_MONSTER | OCC_BLOCKING},
    {"College Street": OCC_HOUND, "Forest Lane": OCC_MONSTER, "Church Street": OCC_MONSTER},
    {"Mill Street": OCC_MONSTER | OCC_BLOCKING, "Museum Row": OCC_HOUND | OCC_MONSTER},
]


@pytest.mark.parametrize("occupied", OCCUPANCIES)
@pytest.mark.parametrize("mode", [MODE_FOOT, MODE_VEHICLE, MODE_MISTS])
@pytest.mark.parametrize("money,whistle", [(0, False), (1, False), (2, True)])
def test_reach_equals_brute_force(occupied, mode, money, whistle):
    occ = bytearray(BOARD.nspaces)
    for name, bits in occupied.items():
        occ[BOARD.space_index[name]] = bits
    for start in range(0, BOARD.nspaces, 3):
        assert reach_odds(BOARD, occ, start, mode, money, whistle) == \
            brute_reach(BOARD, occ, start, mode, money, whistle), BOARD.space_names[start]


# ----- the gate table -----------------------------------------------------------------------------

@pytest.mark.parametrize("gates,sealed", [((), ()), (("Woods", "Graveyard"), ("Church",)),
                                          (("Witch House",), ("Woods", "Museum"))])
def test_gate_odds_equal_brute_force(gates, sealed):
    b = BOARD
    has = bytearray(b.nspaces)
    seal = bytearray(b.nspaces)
    for n in gates:
        has[b.space_index[n]] = 1
    for n in sealed:
        seal[b.space_index[n]] = 1
    gate = [0] * b.nspaces
    monster = [0] * b.nspaces
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            s = b.gate_table[d1 + d2]
            if s == 255 or seal[s]:
                continue
            (monster if has[s] else gate)[s] += 1
    assert gate_odds(b.gate_table, seal, has, b.nspaces) == (gate, monster)
    assert sum(gate) + sum(monster) + sum(1 for d1 in range(1, 7) for d2 in range(1, 7)
                                          if b.gate_table[d1 + d2] == 255 or seal[b.gate_table[d1 + d2]]) == 36
