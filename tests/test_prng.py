"""The kernel PRNG: small ints only, unbiased draws, the same sequence on CPython and MicroPython."""

from eldritch.kernel import prng

SCRIPT = """
from kernel import prng
for seed in (0, 1, 2024, 2**30 - 1):
    s = prng.new_state(seed)
    print(seed, [prng.die(s, 6) for _ in range(40)], [prng.next15(s) for _ in range(5)], s[0], s[1])
"""


def _cpython_lines():
    out = []
    for seed in (0, 1, 2024, 2**30 - 1):
        s = prng.new_state(seed)
        out.append("%d %r %r %d %d" % (seed, [prng.die(s, 6) for _ in range(40)],
                                        [prng.next15(s) for _ in range(5)], s[0], s[1]))
    return out


def test_same_sequence_on_micropython(run_micropython):
    assert run_micropython(SCRIPT) == _cpython_lines()


def test_state_stays_below_2_to_the_30():
    s = prng.new_state(77)
    for _ in range(20000):
        prng.next15(s)
        assert 0 < s[0] < 2**30 and 0 < s[1] < 2**30
    assert prng.valid(s)


def test_die_is_roughly_uniform_and_in_range():
    s = prng.new_state(5)
    counts = [0] * 6
    for _ in range(60000):
        counts[prng.die(s, 6)] += 1
    assert all(9400 < c < 10600 for c in counts), counts
    assert {prng.die(s, 1) for _ in range(10)} == {0}


def test_seed_decides_the_sequence():
    a = prng.new_state(9)
    b = prng.new_state(9)
    c = prng.new_state(10)
    sa = [prng.next15(a) for _ in range(10)]
    assert sa == [prng.next15(b) for _ in range(10)]
    assert sa != [prng.next15(c) for _ in range(10)]
