"""Board time and memory on the QEMU firmware: the per-action budget, the RP2040 time model, the
checked-in figures (benchmarks/firmware.json) and the model's calibration on an emulated RP2040.

    python tools/boardtime.py cycles        # the calibration questions not yet measured, on the QEMU
                                            # firmware (Cortex-M3 instructions) and on the UF2 under
                                            # rp2040py (RP2040 cycles), into benchmarks/rp2040_cycles.json;
                                            # then the fit
    python tools/boardtime.py cycles --again   # every one measured again (after a firmware change)
    python tools/boardtime.py cycles --show # the fit of the checked-in counts, without measuring
    python tools/boardtime.py cycles --native --again   # the same into benchmarks/rp2040_cycles_native.json:
                                            # firmwares with the C core answer every question from C,
                                            # whose cycles per instruction are its own (CYCLES_PER_KINSTR_C);
                                            # rp2040_cycles.json holds the interpreter's, measured on
                                            # firmwares without it (the pure-Python solver)

Method (benchmarks/README.md, "The handheld's time"): under `qemu-system-arm -icount shift=0` the
firmware's instructions are counted exactly (one instruction a nanosecond of the virtual clock). They
are Cortex-M3 (armv7-m, Thumb-2) instructions; the RP2040 is a Cortex-M0+ (armv6-m, Thumb-1). The
same questions on the Pico's own image (`make uf2`) under rp2040py, which counts the Cortex-M0+'s
cycles (flash without wait states: XIP cache misses are not counted), give the RP2040 cycles per
Cortex-M3 instruction (kernel/eldersign/boardcost.py CYCLES_PER_KINSTR, a least-squares fit of the
ratios). So RP2040 seconds = M3 instructions x cycles per instruction / 125 MHz.
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
BUDGET_S = 2.0              # an answer a player waits for at the table
sys.path.insert(0, str(REPO))
from kernel.eldersign import boardcost  # noqa: E402  (the model the board itself uses)

CYCLES_PER_KINSTR = boardcost.CYCLES_PER_KINSTR
CYCLES_PER_KINSTR_C = boardcost.CYCLES_PER_KINSTR_C


def rp2040_seconds(kinstr):
    """The RP2040's time for kinstr thousand Cortex-M3 instructions, by the method above."""
    return kinstr * CYCLES_PER_KINSTR / CLOCK_HZ


# the budget in thousands of Cortex-M3 instructions
BUDGET_K = int(BUDGET_S * CLOCK_HZ / CYCLES_PER_KINSTR)


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


def board_args(args):
    """A CLI question as the firmware runs it: its own arguments, the board's default limits (the
    heap free when it is asked, a day by the Pico's time model: kernel/eldersign/boardcost.py)."""
    return list(args)


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

# The solves the app's Elder Sign features make (tools/boardfit.py FEATURES and HEAVY), as board CLI
# questions: the menu's card at the menu's situation (library_play and resume: The Curator at 6
# green, focus 1; library_spell: with a spell; library_big_pool: 7 green, yellow and red;
# custom_play: I3 I4; lights_out_clue: Lights Out at 6 green, yellow, red, focus 1 and a clue), and
# questions that vary what the board's memory estimate depends on (pool, focus, spells, clues, a
# card's tasks and order): the estimate is checked against each one's measured need
SOLVE_QUESTIONS = [
    ["odds", "--name", "The Curator", "--json"],
    ["odds", "--name", "The Curator", "--spells", "1", "--json"],
    ["odds", "I3 I4", "--json"],
    ["odds", "L L L | L I3", "--green", "4", "--clues", "2", "--json"],
    ["odds", "T T P | L I4", "--green", "4", "--spells", "2", "--json"],
    ["odds", "I3 > P P > L L", "--green", "5", "--focus", "2", "--json"],
    ["odds", "I4 L | P T", "--green", "4", "--red", "--clues", "1", "--json"],
    ["odds", "I4 | T T", "--green", "5", "--yellow", "--spells", "1", "--json"],
    ["odds", "--name", "The Curator", "--green", "7", "--yellow", "--red", "--json"],
    ["odds", "I3 > P P > L L", "--green", "6", "--yellow", "--red", "--focus", "1", "--clues", "1", "--json"],
]


# ----- the calibration on rp2040py -----------------------------------------------------------------

CYCLES = REPO / "benchmarks" / "rp2040_cycles.json"
CYCLES_NATIVE = REPO / "benchmarks" / "rp2040_cycles_native.json"
# The board CLI's questions timed on both boards (each a fraction of a second to two seconds of an
# RP2040: rp2040py runs about 2.7 M cycles a second): plain pools with and without focus, the yellow
# die, a terror effect, a one-task card, a clue reroll's advice. Solves only: a question that reads
# files (a library card by --name) is not comparable, since the QEMU board's block device is Python
# (micropython/qemu/_boot.py) and the Pico's is C (The Curator by name: 2.08 cycles an instruction).
CALIBRATION = [
    ["odds", "L L L | L I3", "--green", "5", "--focus", "0", "--json"],
    ["odds", "L L L | L I3", "--green", "5", "--json"],
    ["odds", "I3 > P P > L L", "--green", "4", "--yellow", "--focus", "0", "--json"],
    ["odds", "T T P | L I4", "--green", "6", "--terror", "fail"],
    ["advise", "L L L | L I3", "--roll", "L L I2 P", "--held", "L", "--done", "2", "--clues", "1",
     "--focus", "0", "--json"],
    ["odds", "I3 I4", "--json"],
]
# what rp2040py runs for a question: harness.cli's timed part (micropython/qemu/harness.py), the
# board CLI imported and run on a fresh heap, its RP2040 cycles from the emulator's clock
RP2_TIMED = """
import gc, sys, time
sys.path.remove('.frozen')
sys.path.insert(0, '.frozen')
gc.collect()
t = time.ticks_us()
import cli
rc = cli.main(%r)
print('CYCLES', time.ticks_diff(time.ticks_us(), t) * 125, rc)
"""


def calibration(native=False):
    """The checked-in calibration counts: {question: {"kinstr": Cortex-M3 thousands, "cycles": RP2040}};
    native: those of the firmwares with the C core (escore answers every calibration question)."""
    return json.loads((CYCLES_NATIVE if native else CYCLES).read_text())


def fit(counts):
    """Cycles per thousand Cortex-M3 instructions fitted on the CALIBRATION questions of {question:
    {kinstr, cycles}}: the least squares of the relative error (every question counts alike), and
    each question's model / emulator ratio."""
    wanted = [" ".join(a) for a in CALIBRATION]
    ratios = {q: c["cycles"] / c["kinstr"] for q, c in counts.items() if q in wanted}
    # minimise sum (k x / c - 1)^2: x = sum(k/c) / sum((k/c)^2)
    inv = [1.0 / r for r in ratios.values()]
    per_k = sum(inv) / sum(v * v for v in inv)
    return per_k, {q: per_k / r for q, r in ratios.items()}


def cycles(measure=True, again=False, path=None):
    """`cycles`: each CALIBRATION question not yet in CYCLES (every one with again) on the QEMU
    firmware (thousands of instructions) and on the UF2 under rp2040py (cycles), written into CYCLES;
    then the fit."""
    import qemuboard
    import rp2board
    import tempfile
    import boardfit
    path = path or CYCLES
    counts = json.loads(path.read_text()) if path.exists() else {}
    if measure:
        subprocess.run(["make", "-s", "-C", str(REPO), "firmware", "uf2"], check=True)
        with tempfile.TemporaryDirectory() as tmp:
            qemu = qemuboard.Flashed(flash=Path(tmp) / "flash.img")
            stage = boardfit.build(Path(tmp) / "stage", simulator=False, frozen=True)
            # no main.py: the emulated Pico has no display, and the app's start that main.py makes
            # would leave its modules in the heap (QEMU's runs start on a fresh heap: a soft reset)
            (stage / "main.py").unlink()
            image = rp2board.littlefs_image(stage, Path(tmp) / "fs.img")
            try:
                qemu.flash()
                for args in CALIBRATION:
                    q = " ".join(args)
                    if q in counts and not again:
                        continue
                    k = qemu.call("harness.cli(%r)" % (board_args(args),))
                    with rp2board.Rp2Board(filesystem=image) as pico:
                        out = pico.run(RP2_TIMED % (board_args(args),), timeout=7200).decode()
                    line = [ln for ln in out.splitlines() if ln.startswith("CYCLES ")][-1].split()
                    if not k["ok"] or line[2] != "0":
                        raise RuntimeError("%s did not answer: %s %s" % (q, k["output"][-500:], out[-500:]))
                    counts[q] = {"kinstr": k["kinstr"], "cycles": int(line[1])}
                    print("%-70s %8d k M3 instructions  %10d RP2040 cycles  %.3f" % (
                        q[:70], k["kinstr"], int(line[1]), int(line[1]) / 1000.0 / k["kinstr"]), flush=True)
                    path.write_text(json.dumps(counts, indent=1, sort_keys=True) + "\n")
            finally:
                qemu.stop()
    per_k, ratios = fit(counts)
    print("fit: %.0f RP2040 cycles per thousand Cortex-M3 instructions (boardcost.%s = %d)"
          % ((per_k,) + (("CYCLES_PER_KINSTR_C", CYCLES_PER_KINSTR_C) if path == CYCLES_NATIVE
                         else ("CYCLES_PER_KINSTR", CYCLES_PER_KINSTR))))
    for q, r in sorted(ratios.items()):
        print("  model / emulator %.3f  %s" % (r, q))
    return per_k, ratios


def main(argv):
    native = "--native" in argv
    argv = [a for a in argv if a != "--native"]
    if argv in (["cycles"], ["cycles", "--show"], ["cycles", "--again"]):
        cycles(measure=argv != ["cycles", "--show"], again=argv == ["cycles", "--again"],
               path=CYCLES_NATIVE if native else CYCLES)
        return 0
    sys.stderr.write("usage: boardtime.py cycles [--show | --again]\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
