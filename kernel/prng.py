"""The kernel's deterministic PRNG: two 15-bit multiply-with-carry generators, small ints only.

Each generator steps x = a * (x & 0x7FFF) + (x >> 15) with a * 2^15 - 1 a safe prime (a = 32760 and
32730), so every intermediate stays below 2^30 and never allocates on a board with 31-bit small ints.
Each has period (a * 2^15 - 2) / 2, about 2^29; the output is the xor of their low 15 bits.
The state is an array of two ints held by the caller (a game keeps it in its own state); the same
seed gives the same sequence on CPython, MicroPython and the C core.

    state = new_state(); seed(state, 2024); face = die(state, 6)
"""

from array import array

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_A1 = const(32760)
_A2 = const(32730)
_MASK15 = const(0x7FFF)
_M1 = const(1073479678)      # _A1 * 2^15 - 2: seeds are reduced into 1 .. _M1
_M2 = const(1072496638)      # _A2 * 2^15 - 2
SEED_MAX = const(0x3FFFFFFF)
STATE_WORDS = const(2)
_WARMUP = const(8)


def new_state(seed_value=0):
    """A fresh state array (two words), seeded."""
    state = array("i", [1, 1])
    seed(state, seed_value)
    return state


def seed(state, seed_value):
    """Seed in place from an int 0 .. 2^30 - 1 (larger or negative seeds are masked to 30 bits)."""
    s = seed_value & SEED_MAX
    state[0] = 1 + s % _M1
    state[1] = 1 + (s ^ 0x2545F491) % _M2
    for _ in range(_WARMUP):
        next15(state)


def next15(state):
    """The next 15 random bits, 0 .. 32767."""
    x = state[0]
    x = _A1 * (x & _MASK15) + (x >> 15)
    state[0] = x
    y = state[1]
    y = _A2 * (y & _MASK15) + (y >> 15)
    state[1] = y
    return (x ^ y) & _MASK15


def die(state, n):
    """A uniform draw 0 .. n - 1 (1 <= n <= 32768) by rejection, without modulo bias."""
    limit = 32768 - 32768 % n
    r = next15(state)
    while r >= limit:
        r = next15(state)
    return r % n


def valid(state):
    """True when the state words are in range (a loaded save is checked with this)."""
    return 0 < state[0] < _A1 * 32768 - 1 and 0 < state[1] < _A2 * 32768 - 1
