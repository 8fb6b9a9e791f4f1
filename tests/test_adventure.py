"""The adventure state machine: allocation-free matching agrees with matching.match, actions follow
the rules, saves round-trip and reject corruption, replay, and CPython/MicroPython play identically."""

import random
from array import array

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign import adventure as A
from eldritch.kernel.eldersign.situation import Situation
from eldritch.kernel.eldersign.matching import match
from eldritch.kernel.eldersign.notation import parse_card, parse_roll
from eldritch.kernel.eldersign.dice import DIE_FACES

CARDS = ["I3 > P P > L L", "L L L | L I3", "T | T P P", "I6 L/P | P T", "I4 I4 | L/P/T L"]

PLAY = """
from array import array
from kernel.eldersign.adventure import Adventure, MAX_ACTIONS, deserialize
from kernel.eldersign.situation import Situation
CARDS = %r
buf = array("i", [0] * MAX_ACTIONS)
for ci in range(len(CARDS)):
    for seed in range(4):
        a = Adventure(CARDS[ci], Situation(green=6, yellow=seed & 1, red=seed >> 1, focus=1, spells=seed & 1, clues=(seed >> 1) & 1, terror=ci %% 3), seed=seed * 31 + ci)
        step = 0
        while not a.is_terminal():
            n = a.legal_actions(buf)
            act = buf[(step * 5 + seed) %% n]
            print(a.describe(), "|", a.action_text(act))
            a.apply(act)
            step += 1
        blob = a.serialize()
        print(a.describe(), a.returns()[0], list(a.log[:a.nlog]), blob.hex())
        assert deserialize(blob).serialize() == blob
"""


def play_lines():
    out = []
    buf = array("i", [0] * A.MAX_ACTIONS)
    for ci, card in enumerate(CARDS):
        for seed in range(4):
            a = A.Adventure(card, Situation(green=6, yellow=seed & 1, red=seed >> 1, focus=1, spells=seed & 1, clues=(seed >> 1) & 1, terror=ci % 3), seed=seed * 31 + ci)
            step = 0
            while not a.is_terminal():
                n = a.legal_actions(buf)
                act = buf[(step * 5 + seed) % n]
                out.append("%s | %s" % (a.describe(), a.action_text(act)))
                a.apply(act)
                step += 1
            blob = a.serialize()
            out.append("%s %d %r %s" % (a.describe(), a.returns()[0], list(a.log[:a.nlog]), blob.hex()))
    return out


def test_scripted_adventures_identical_on_micropython(run_micropython):
    assert run_micropython(PLAY % (CARDS,)) == play_lines()


def _random_roll(rng, g, y, r):
    counts = bytearray(24)
    for colour, n in ((0, g), (1, y), (2, r)):
        for _ in range(n):
            counts[colour * 8 + rng.choice(DIE_FACES[colour])] += 1
    return counts


@pytest.mark.parametrize("notation", CARDS + ["I12", "L L L L", "I2 I2 I2"])
def test_ways_agree_with_matching(notation):
    rng = random.Random(notation)
    adv = A.Adventure(notation, Situation(green=8, yellow=1, red=1, focus=0))
    for _ in range(150):
        adv.roll_counts[:] = _random_roll(rng, rng.randint(0, 8), rng.randint(0, 1), rng.randint(0, 1))
        adv.held[:] = _random_roll(rng, rng.randint(0, 2), rng.randint(0, 1), 0)
        adv.st[1] = rng.randint(0, (1 << adv.ntasks) - 1) if not adv.card.ordered else 0
        n = adv.match()
        mine = sorted((adv.way_task[i], bytes(adv.ways[i * 48:i * 48 + 24]), bytes(adv.ways[i * 48 + 24:i * 48 + 48]))
                      for i in range(n))
        theirs = sorted(w.key() for _, ws in match(adv.card, adv.roll_counts, adv.held, adv.st[1]) for w in ws)
        assert mine == theirs


def test_save_round_trip_and_corruption_is_a_kernel_error():
    a = A.Adventure("I3 > P P > L L", Situation(green=6, focus=1), seed=3)
    buf = array("i", [0] * A.MAX_ACTIONS)
    for _ in range(3):
        if a.is_terminal():
            break
        a.legal_actions(buf)
        a.apply(buf[0])
    blob = a.serialize()
    b = A.deserialize(blob)
    assert b.serialize() == blob and b.describe() == a.describe()
    for i in (0, 1, 5, len(blob) // 2, len(blob) - 1):
        bad = bytearray(blob)
        bad[i] ^= 0x21
        with pytest.raises(KernelError):
            A.deserialize(bytes(bad))
    with pytest.raises(KernelError):
        A.deserialize(blob[:-3])


def test_physical_roll_and_illegal_actions():
    a = A.Adventure("L L L | L I3", Situation(green=2, focus=0), seed=1)
    with pytest.raises(KernelError):
        a.apply(A.ACT_HOLD)                      # nothing rolled yet
    with pytest.raises(KernelError):
        a.enter_roll(parse_roll("L L L"))        # three dice, the pool has two
    a.enter_roll(parse_roll("L I3"))
    assert a.phase() == A.P_DECIDE and a.nways() == 1
    a.apply(a.ways and (1 << 8) | 0)             # complete task 2 with L I3
    assert a.is_terminal() and a.returns() == [0]  # no dice left for task 1
    replayed = A.replay("L L L | L I3", list(a.log[:a.nlog]), seed=1, situation=Situation(green=2, focus=0))
    assert replayed.serialize() == a.serialize()


def test_terror_fail_loses_and_discard_removes():
    a = A.Adventure("L L", Situation(green=3, terror=1, focus=0))
    a.enter_roll(parse_roll("T I1 I2"))
    buf = array("i", [0] * A.MAX_ACTIONS)
    n = a.legal_actions(buf)
    assert list(buf[:n]) == [A.ACT_FAIL_LOST]
    d = A.Adventure("L L", Situation(green=3, terror=2, focus=0))
    d.enter_roll(parse_roll("T I1 I2"))
    d.apply(A.ACT_FAIL)
    assert d.pool() == (1, 0, 0)


def test_roll_codes_round_trip():
    rng = random.Random(4)
    for _ in range(200):
        counts = _random_roll(rng, rng.randint(0, 8), rng.randint(0, 1), rng.randint(0, 1))
        out = bytearray(24)
        assert A.decode_roll(A.roll_code(counts), out) and out == counts
        assert A.ACT_ENTER + A.roll_code(counts) < 2**30


def test_setters_and_pool_read():
    a = A.Adventure("L L | I3", Situation(green=6, focus=0), seed=2)
    with pytest.raises(KernelError):
        A.Adventure("L L", Situation(green=9, focus=0))
    sit = Situation(green=6, focus=0)
    with pytest.raises(KernelError):
        sit.set(6, 0, 0, 5, 0, 0, 0, 0, 0)              # focus above 4: nothing changes
    a.set_situation(sit)
    assert bytes(a.sit) == bytes((6, 0, 0, 0, 0, 0, 0, 0, 0))
    a.set_situation(sit.set(4, 1, 1, 1, 0, 2, 2, 5, 20))
    a.set_seed(99)
    a.reset()
    a.add_held(8 + 4)                                   # a yellow Lore held from an earlier turn
    assert (a.pool_dice(0), a.pool_dice(1), a.pool_dice(2)) == a.pool() == (4, 1, 1)
    assert a.uses() == (1, 0, 2) and a.held[12] == 1
    b = A.Adventure("L L | I3", Situation(green=4, yellow=1, red=1, focus=1, clues=2, terror=2, sanity=5, stamina=20), seed=99)
    b.held[12] = 1
    for adv in (a, b):
        adv.roll()
    assert a.describe() == b.describe() and a.nways() == b.nways()
