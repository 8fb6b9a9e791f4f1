"""Board time and memory on the QEMU firmware: the per-action budget, the RP2040 estimate, the checked-in
figures (benchmarks/firmware.json) and the Cortex-M0 calibration behind the estimate.

    python tools/boardtime.py calibrate    # build the same firmware for a Cortex-M0 (qemu port, board
                                           # MICROBIT) and count the board CLI's questions on both

Method (benchmarks/README.md, "The handheld's time"): under `qemu-system-arm -icount shift=0` the
firmware's instructions are counted exactly (one instruction a nanosecond of the virtual clock). They
are Cortex-M3 (armv7-m, Thumb-2) instructions; the RP2040 is a Cortex-M0+ (armv6-m, Thumb-1), whose
MicroPython needs R times as many for the same work, R measured by `calibrate` on the same frozen
kernel built for a Cortex-M0. A Cortex-M0+ takes about CPI cycles an instruction (one for most, two
for loads, stores and taken branches, which are about half of an interpreter's; the XIP flash cache
assumed warm). So RP2040 seconds = M3 instructions x R x CPI / clock.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HEAP = 194560               # the QEMU firmware's heap, 190 KB (MICROPY_HEAP_SIZE): the budget its tests hold
PICO_HEAP = 233792          # the Pico's heap after boot (RPI_PICO from make uf2: free + used, on rp2040py)
CLOCK_HZ = 125000000        # the Pico's clock after boot (machine.freq())
R = 1.39                    # armv6-m / armv7-m instructions on the kernel's questions (`calibrate`)
CPI = 1.5                   # Cortex-M0+ cycles per instruction (see the docstring)
CLOCK = 133e6               # the RP2040's rated clock, Hz
BUDGET_S = 2.0              # an answer a player waits for at the table


def rp2040_seconds(kinstr):
    """The RP2040's time for kinstr thousand Cortex-M3 instructions, by the method above."""
    return kinstr * 1000.0 * R * CPI / CLOCK


# the budget in thousands of Cortex-M3 instructions (about 125 M)
BUDGET_K = int(BUDGET_S * CLOCK / (R * CPI) / 1000)


def over_budget(run):
    """The actions of a harness run (micropython/qemu/harness.py's report: its `slow` and `longest`)
    that break the per-action rule: an action a player waits for takes at most BUDGET_K thousand
    instructions, or draws progress frames (B is read at each) with no stretch between two of them
    over BUDGET_K. A power cycle ("reset") and the board's start are no menu action. Each as
    [word, thousands, frames, longest stretch, its number in the run]."""
    bad = [list(w) for w in run["slow"] if w[0] != "reset" and not (w[2] > 1 and w[3] <= BUDGET_K)]
    longest = run["longest"]
    if longest and longest[3] > BUDGET_K and longest[0] not in ("start", "reset") and list(longest) not in bad:
        bad.append(list(longest))
    return bad


FIGURES = REPO / "benchmarks" / "firmware.json"
TOLERANCE = 0.03            # a count may grow this much before the check fails (then update it)


def figures():
    """{name: {"kinstr": thousands of instructions, "peak": smallest heap in bytes}} as checked in."""
    try:
        return json.loads(FIGURES.read_text())
    except FileNotFoundError:
        return {}


class _Peaks(dict):
    def __missing__(self, name):
        raise KeyError("no peak for %s in %s: tools/boardfit.py --firmware %s --write" % (name, FIGURES, name))


PEAKS = _Peaks({k: v["peak"] for k, v in figures().items() if "peak" in v})


def check_count(name, kinstr):
    """(ok, why): a measured count against the checked-in one. Exact on one build, so any growth
    past the tolerance is a regression, and a drop past it is an improvement to check in."""
    want = figures().get(name, {}).get("kinstr")
    if want is None:
        return False, "no count for %r in %s (tools/boardfit.py --firmware --write)" % (name, FIGURES)
    if kinstr > want * (1 + TOLERANCE):
        return False, "%s: %d thousand instructions, %d checked in (+%.1f%%): a regression, or update %s" % (
            name, kinstr, want, 100.0 * (kinstr - want) / want, FIGURES.name)
    if kinstr < want * (1 - TOLERANCE):
        return False, "%s: %d thousand instructions, %d checked in (%.1f%%): faster; check the new count in" % (
            name, kinstr, want, 100.0 * (kinstr - want) / want)
    return True, ""


# What the board CLI is told of its limits on the firmware, the override its refusal itself suggests
# ("allow it with --max-seconds ... --max-memory ..."): kernel/eldersign/budget.py estimates a question at
# the unix port's speed and in CPython's bytes (tracemalloc), and on this 32-bit firmware the measured
# peaks are 3 to 10 times smaller than that estimate (benchmarks/firmware.json: "advise I4 | T T ...
# --spells 1" is estimated at 326 KiB and peaks at 55 KB), so at 190 KB it refuses questions that fit.
# The answers are the same with or without it; the estimate's calibration for a board is budget.py's.
LIMITS = ["--max-seconds", "1h", "--max-memory", "1G"]


def board_args(args):
    """A CLI question as the firmware runs it: its arguments and LIMITS."""
    return list(args) + LIMITS


# The issue's four board CLI questions with clues and spells, and advice on a clue reroll for each
ISSUE_QUESTIONS = [
    ["odds", "L L L | L I3", "--green", "6", "--clues", "1", "--json"],
    ["odds", "I3 > P P > L L", "--green", "6", "--yellow", "--red", "--clues", "1", "--json"],
    ["odds", "T T P | L I4", "--green", "6", "--yellow", "--spells", "1", "--json"],
    ["odds", "I4 L | P T", "--green", "5", "--red", "--focus", "2", "--clues", "2", "--json"],
    ["advise", "L L L | L I3", "--roll", "L I2 P T I1 I3", "--clues", "1", "--json"],
    ["advise", "I3 > P P > L L", "--roll", "I3 I1 P P T L y:I4 r:W", "--clues", "1", "--json"],
    ["advise", "I4 L | P T", "--roll", "I3 L P T T r:I4", "--focus", "2", "--clues", "2", "--json"],
]


# ----- the Cortex-M0 calibration ---------------------------------------------------------------------

M0_BUILD = REPO / "build" / "micropython" / "ports" / "qemu" / "build-m0"
CALIBRATION = [["odds", "L L L | L I3", "--green", "5"], ["odds", "T T P | L I4", "--green", "6", "--terror", "fail"],
               ["advise", "I4 | T T", "--roll", "T I1 I3 L y:I2", "--spells", "1"],
               ["odds", "I3 > P P > L L", "--green", "4", "--yellow", "--focus", "0"]]
# The nRF51's TIMER0 at 16 MHz of the virtual clock (the M0 board's SysTick is not the 25 MHz the
# port's ticks assume): 16 counts per thousand instructions
TIMER0 = """
import machine
T = 0x40008000
machine.mem32[T + 0x504] = 0
machine.mem32[T + 0x508] = 3
machine.mem32[T + 0x510] = 0
machine.mem32[T + 0x00C] = 1
machine.mem32[T + 0x000] = 1
def now_k():
    machine.mem32[T + 0x040] = 1
    return machine.mem32[T + 0x540] / 16
"""


def _m0_command(firmware, flash):
    return ["qemu-system-arm", "-machine", "microbit", "-global", "nrf51-soc.flash-size=1048576",
            "-global", "nrf51-soc.sram-size=262144", "-nographic", "-monitor", "none", "-semihosting",
            "-icount", "shift=0", "-serial", "pty", "-kernel", str(firmware)]


def calibrate():
    import qemuboard
    subprocess.run(["make", "-s", "-C", str(REPO), "firmware"], check=True)
    subprocess.run(["make", "-s", "-C", str(REPO / "build" / "micropython" / "ports" / "qemu"), "-j2", "BOARD=MICROBIT",
                    "BUILD=build-m0", "MICROPY_HEAP_SIZE=%d" % HEAP, "CFLAGS_EXTRA=-DMICROPY_PY_OS_URANDOM=1",
                    "FROZEN_MANIFEST=%s" % (REPO / "micropython" / "qemu" / "manifest_m0.py")], check=True)
    ratios = []
    m3 = qemuboard.QemuBoard(flash=REPO / "build" / "firmware" / "calibrate.img", fresh=True)
    m0 = qemuboard.QemuBoard(firmware=M0_BUILD / "firmware.elf", flash=REPO / "build" / "firmware" / "calibrate.img")
    m0.command = _m0_command
    try:
        for args in CALIBRATION:
            code = "import gc, harness, cli\ngc.collect()\n"
            m3.start()
            k3 = float(re.findall(r"k ([\d.]+)", m3.run(code + "import time\nt = time.ticks_us()\ncli.main(%r)\n"
                                                          "print('k', time.ticks_diff(time.ticks_us(), t))" % args,
                                                          soft_reset=True).decode())[-1])
            m3.stop()
            m0.start()
            k0 = float(re.findall(r"k ([\d.]+)", m0.run(TIMER0 + code + "t = now_k()\ncli.main(%r)\nprint('k', now_k() - t)"
                                                          % args, soft_reset=True).decode())[-1])
            m0.stop()
            ratios.append(k0 / k3)
            print("%-60s M3 %10.0f  M0 %10.0f  thousand instructions  ratio %.3f" % (" ".join(args), k3, k0, k0 / k3))
    finally:
        m3.stop()
        m0.stop()
    print("R = %.3f (mean of %d)" % (sum(ratios) / len(ratios), len(ratios)))


def main(argv):
    if argv == ["calibrate"]:
        calibrate()
        return 0
    sys.stderr.write("usage: boardtime.py calibrate\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
