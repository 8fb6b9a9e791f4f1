"""The handheld's own cost of a solve by the pure-Python solver (the lean Solver, its row pool): the
heap it needs beyond what is live when it starts, and its time on the Pico. Integer maths from the
counts of budget.py's estimate, so the board itself refuses, and shows progress, by it.

Heap (need_bytes): the memo (one 8-byte value a state for every context, in an array of its own, and
its shard's dict slot), the green tables of the largest pool, and for a question with spells or clues
the row tables of one context's DAG at a time (rowpool.py) and its signatures. The weights are fitted
on the QEMU firmware's measured needs (benchmarks/firmware.json "need": the smallest heap free when
the board CLI checks a question with which the solve and the answer run to their end), so that every
measured question's estimate is at least its need and at most twice it
(tests/test_board_estimate.py). On a 64-bit MicroPython (the unix port) objects and pointers are
twice the size: the estimate doubles its object overheads there.

Time: the firmware's Cortex-M3 instructions for the estimate's counts (KINSTR_*, fitted on the same
file's counts; within 2.5x either way; NATIVE_* for the C core's solve, when the firmware has it and
the question fits its workspace: nativesolver.py), and the Pico's cycles for them: CYCLES_PER_KINSTR RP2040 cycles a thousand Cortex-M3
instructions, fitted against rp2040py's cycle counts (benchmarks/README.md, "The handheld's time"),
at the Pico's 125 MHz.
"""

import sys

# bytes of a pointer: 4 on the board, 8 on the unix port (its objects and dict slots are twice as big)
WORD = 8 if sys.maxsize > 0xFFFFFFFF else 4

CLOCK_HZ = 125000000            # the Pico's clock after boot (machine.freq())
CYCLES_PER_KINSTR = 2841        # RP2040 cycles per thousand Cortex-M3 instructions (rp2040py fit)
CYCLES_PER_KINSTR_C = 2456      # the same while the C core (escore) runs: compiled code, fewer cycles each

# Thousands of the firmware's Cortex-M3 instructions of the pure-Python solve per counted unit: a
# (context, roll) pair times the card's task-set states, a clue-sweep step, a frame (a context's, or
# a spell or clue chain node's, set-up). Least squares of the relative error on the firmware's 22
# measured board CLI questions, centred: each within 2.5x either way (the counts are the C core's
# work, not the Python solver's: large clue and spell questions take more a pair than small ones)
KINSTR_PAIR_STATE = 21
KINSTR_SWEEP = 49
KINSTR_FRAME = 1634

# The C core's solve on the board (the firmware's escore module, nativesolver.py), in millionths of
# a thousand instructions (so, instructions per thousand units): per pair, per pair and task-set
# state (the slices of a context with spells or clues are made once per state), per clue-sweep step,
# and per question (the card's set-up, the workspace, the answer). Least squares of the relative
# error on 123 questions of the firmware (benchmarks/README.md, "The C core's time on the board"),
# centred: each within 1.8x either way.
NATIVE_PAIR = 832
NATIVE_PAIR_STATE = 275
NATIVE_SWEEP = 258
NATIVE_BASE = 1768


def _a16(n):
    return (n + 15) & ~15


# The heap model's weights (need_bytes): bytes of the question's own set-up and answer; per green
# roll and (yellow, red) block of the largest pool, its compiled blocks on the plain path (no spells,
# no clues) and its signatures by row on the tables' path; per byte of a clue question's row tables
# and of a spell DAG's slices; then the margin (percent) that keeps the estimate at or over every
# measured need (tests/test_board_estimate.py)
NEED_BASE = 15000
NEED_BLOCK_ROW_PLAIN = 5
NEED_BLOCK_ROW_TABLES = 1
NEED_TABLE = 1
NEED_SLICE = 1
NEED_MARGIN = 152


def binom(n, k):
    if k < 0 or n < 0 or k > n:
        return 0
    r = 1
    for i in range(1, k + 1):
        r = r * (n - k + i) // i
    return r


def kinstr(est):
    """Thousands of the firmware's Cortex-M3 instructions a solve of this estimate takes (by the
    solver that will answer it: est.core "c" the C core's, else the pure-Python one's)."""
    if getattr(est, "core", "python") == "c":
        return (est.pairs * (NATIVE_PAIR + est.n * NATIVE_PAIR_STATE) + est.sweeps * NATIVE_SWEEP) // 1000 + \
            NATIVE_BASE
    return est.pairs * est.n * KINSTR_PAIR_STATE + est.sweeps * KINSTR_SWEEP + est.frames * KINSTR_FRAME


def rp2040_ms(kinstr_count, core="python"):
    """Milliseconds of the Pico at 125 MHz for that many thousand Cortex-M3 instructions, run by the
    interpreter (core "python") or by the C core ("c")."""
    per_k = CYCLES_PER_KINSTR_C if core == "c" else CYCLES_PER_KINSTR
    return kinstr_count * per_k // (CLOCK_HZ // 1000)


def dag_nodes(sh, g, y, r, s):
    """The nodes of a spell DAG of pool (g, y, r) with s spells: the held-dice multisets the spells
    can make (budget.py's _dag3, its third count)."""
    nodes = 0
    for dg in range(min(g, s) + 1):
        for dy in range(y + 1):
            for dr in range(r + 1):
                if dg + dy + dr <= s:
                    nodes += binom(dg + sh.m - 1, sh.m - 1) * (sh.ny if dy else 1) * (sh.nr if dr else 1)
    return nodes


def need_bytes(sh, lim, contexts, word=WORD):
    """The heap a question needs on a board beyond what is live when it starts (see the docstring),
    for a card of Shape sh within limits lim (budget.limits_of) storing `contexts` contexts, on a
    MicroPython of `word`-byte pointers."""
    g, y, r, f, s, c, sigma, rho = lim
    grows = binom(g + sh.m - 1, sh.m - 1)                  # green rolls of the largest pool
    blocks = (sh.ny if y else 1) * (sh.nr if r else 1)     # its (yellow face, red face) blocks
    # the memo: an array of n values, its header and a shard's dict slot with room to grow, a context
    memo = contexts * (_a16(8 * sh.n) + 32)
    plain = not (s or c)
    # a row table: a value a green roll of the largest pool (rowpool.py); a clue question holds a
    # slice, a sweep and the U tables of one level (one per yellow face, per red face and both)
    tables = (3 + (sh.ny if y else 0) + (sh.nr if r else 0)) if c else 0
    nodes = dag_nodes(sh, g, y, r, s) if s else 0
    need = (NEED_BASE + memo + (NEED_BLOCK_ROW_PLAIN if plain else NEED_BLOCK_ROW_TABLES) * grows * blocks
            + NEED_TABLE * grows * 8 * tables + NEED_SLICE * nodes * grows * 8) * NEED_MARGIN // 100
    return need if word == 4 else need * 5 // 2
