"""The board's per-step paths allocate nothing after setup (heap_lock on the unix port), and the
heap a custom-card solve needs, measured on the unix port."""

import re

import pytest

from conftest import REPO

LOCKED = """
import micropython, gc
sys.path.insert(0, %(mp)r)
from array import array
from kernel.eldersign.situation import Situation
from kernel.eldersign.adventure import Adventure, MAX_ACTIONS, P_ROLL
from kernel.eldersign.solver import Solver
from kernel.eldersign.oddstable import SolvedCard
from sim import Board
board = Board(%(mp)r + "/data", "/tmp/eldritch_heap_test.sav")
buf = array("i", [0] * MAX_ACTIONS)
out = array("i", [0, 0])
steps = 0
n = i = 0          # module globals made before the lock (a new global can grow the globals dict)
for card in ("I3 > P P > L L", "L L L | L I3", "I4 L/P | P T"):
    adv = Adventure(card, Situation(green=6, yellow=1, focus=1), seed=11)
    solver = Solver(adv.card, 0)
    solver.value(6, 1, 0, 1)
    solved = SolvedCard(solver)
    for seed in range(12):
        adv.seed = seed
        adv.reset()
        gc.collect()
        micropython.heap_lock()
        try:
            while not adv.is_terminal():
                if adv.phase() == P_ROLL:
                    adv.roll()
                adv.match()
                n = adv.legal_actions(buf)
                i = solved.best(adv, buf, n, out)
                adv.apply(buf[i])
                board.app.draw()
                board.buttons.poll(steps * 10)
                board.leds.update(steps * 10)
                steps += 1
        finally:
            micropython.heap_unlock()
print("ok", steps)
"""


def test_per_step_paths_do_not_allocate(run_micropython):
    lines = run_micropython(LOCKED % {"mp": str(REPO / "micropython")})
    assert lines[-1].startswith("ok ") and int(lines[-1].split()[1]) > 50


SOLVE = """
import gc, micropython
gc.collect()
gc.threshold(4096)          # as the board app and the board CLI set it (app.GC_THRESHOLD)
from kernel.eldersign.solver import Solver
from kernel.eldersign.notation import parse_card
gc.collect()
base = gc.mem_alloc()
solver = Solver(parse_card("I3 | L L | P T"), 0, lean=True)
value = solver.value(6, 0, 0, 1)
gc.collect()
print("imports", base, "retained", gc.mem_alloc() - base, "value", value)
"""


def _solve_with_heap(tmp_path, heapsize):
    import subprocess
    from conftest import MICROPYTHON
    script = tmp_path / "solve.py"
    script.write_text("import sys\nsys.path.insert(0, %r)\n%s" % (str(REPO), SOLVE))
    return subprocess.run([str(MICROPYTHON), "-X", "heapsize=%s" % heapsize, str(script)],
                          capture_output=True, text=True, timeout=300)


def test_custom_card_solve_figures(tmp_path):
    """With a roomy heap: the module code and what the solve keeps (memo, shifted vectors)."""
    proc = _solve_with_heap(tmp_path, "2M")
    assert proc.returncode == 0, proc.stderr
    m = re.search(r"imports (\d+) retained (\d+) value (\d+)", proc.stdout)
    imports, retained, value = (int(x) for x in m.groups())
    assert value > 0
    assert retained <= 96 * 1024        # what stays live after the solve fits the budget


def test_custom_card_solve_fits_a_98k_heap(tmp_path):
    """The whole heap, module code included, is 98 KB; the lean solver keeps no shifted copies.
    (96 KB until the solver counted its work between pairs for its progress reports, branch
    fwprogress: about 800 bytes more code compiled from source on this 64-bit port, none in the
    heap on the firmware, which freezes it.)"""
    proc = _solve_with_heap(tmp_path, "98K")
    assert proc.returncode == 0, proc.stderr
    value = int(re.search(r"value (\d+)", proc.stdout).group(1))
    from eldritch.kernel.eldersign.solver import Solver
    from eldritch.kernel.eldersign.notation import parse_card
    assert value == Solver(parse_card("I3 | L L | P T")).value(6, 0, 0, 1)


COMPANION = """
import micropython, gc, os
sys.path.insert(0, %(mp)r)
import sim
import buttons as btn
import companion
from kernel.eldersign.game import companion as C
W = sim.WORDS
d = %(dir)r
board = sim.Board(%(mp)r + "/data", d + "/adv.sav")

def run(words):
    for w in words.split():
        board.press(W[w])

def locked(words):
    words = words.split()
    gc.collect()
    micropython.heap_lock()
    try:
        for w in words:
            board.press(W[w])
    finally:
        micropython.heap_unlock()
    return len(words)

# entering the mode allocates (the card data), so does building the game and the first save
steps = 0
run("down down down a")
steps += locked("right left down right left up")                                # new game options
run("a")
steps += locked("down right left down right up up left right")                 # investigator setup
run("a a b down a a a")                                                        # a card in slot 1
comp = board.app.comp
assert comp.screen == companion.C_TURN and comp.slot_on(0) and len(comp.log) == 8, comp.screen
steps += locked("down down down down down down down up up up up up up up")          # turn menu
steps += locked("up a down down right right left left " + "down " * 17 + "up b")  # effect picker
steps += locked("down a down down down down down down down down down down down up up b")  # slot picker
steps += locked("a a down down down down right right right left left left left up b b")   # card list
steps += locked("down down down down down a down down down down down down up b")  # board
assert comp.screen == companion.C_TURN and comp.menu == companion.T_BOARD and len(comp.log) == 8
run("up up a a down down down down a a down down down down a a down down down down a")  # clock to XII
assert board.app.comp.screen == companion.C_MIDNIGHT
steps += locked("a down up")                                                    # midnight prompt
run("down down a")                                                             # undo: a note
assert board.app.comp.screen == companion.C_NOTE
steps += locked("a up down")
# a question the kernel asks (where a monster goes, two cards without outlines): its screen
comp = board.app.comp
comp.enter(companion.K_REVEAL, 0, 0, [a.name for a in comp.data.adventures].index("The Curator"))
comp.enter(companion.K_REVEAL, 1, 0, [a.name for a in comp.data.adventures].index("Hallway on Fire"))
comp.screen = companion.C_EFFECT
comp.enter(companion.K_EFFECT, 6, 129, 0)          # monster +1
comp.after_entry(False)
assert comp.screen == companion.C_ASK and len(comp.ask_labels) == 2, comp.screen
steps += locked("down up down up")
run("a")                                            # answered (an entry: it allocates)
assert comp.screen != companion.C_ASK
print("ok", steps)

# what one entry allocates: the kernel call alone, then the app's whole entry (text, log, save)
g = board.app.comp.g
names = [a.name for a in board.app.comp.data.adventures if not a.other_world]

def measure(label, f, *args):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    f(*args)
    print("alloc", label, gc.mem_alloc() - before)
    gc.enable()

measure("enter_effect(sanity-1)", C.enter_effect, g, "sanity-1", 0)
measure("enter_effect(each(stamina-1))", C.enter_effect, g, "each(stamina-1)", 0)
measure("enter_effect(monster+1)", C.enter_effect, g, "monster+1", 0)
measure("put_adventure", C.put_adventure, g, 2, names[7])
measure("lock_die", C.lock_die, g, 0)
run("up up up up up up up a")          # the effect picker
measure("app_entry(effect+save)", board.press, btn.A)
"""


def test_companion_screens_do_not_allocate(run_micropython, tmp_path):
    """Companion mode: every button step that is not an entry (menus, pickers, lists, the board,
    the midnight prompt, notes) and every redraw run under heap_lock. Entries allocate: the figures
    (64-bit unix port) are printed and bounded, and recorded in micropython/README.md."""
    lines = run_micropython(COMPANION % {"mp": str(REPO / "micropython"), "dir": str(tmp_path)})
    assert any(line.startswith("ok ") and int(line.split()[1]) > 80 for line in lines), lines
    alloc = {line.split()[1]: int(line.split()[2]) for line in lines if line.startswith("alloc ")}
    print(alloc)
    assert alloc["lock_die"] == 0
    # enter_effect compiles the typed text (effects.compile_effects); running it allocates nothing
    assert alloc["enter_effect(sanity-1)"] <= 1024 and alloc["enter_effect(monster+1)"] <= 1024
    assert alloc["put_adventure"] <= 4096
    assert alloc["app_entry(effect+save)"] <= 16 * 1024


# The functions a mode's screen calls many times at every key press (textscreen's writers, the
# list cursor) or at each press (modescreen's dispatch): MicroPython gives a function whose state
# (arguments, locals and deepest stack) passes 11 words its frame from the heap at every call
# (VM_MAX_STATE_ON_STACK, py/objfun.c) when the heap is not locked, and those blocks count towards
# gc.threshold: the next collection comes nearer at each call.
STACK_FRAMES = {
    "textscreen.py": ("clear", "put", "put_page", "num", "signed", "frac", "frac_right", "hundredths"),
    "modescreen.py": ("moved", "list_top", "handle", "compose", "show_note", "compose_note", "on_back",
                      "edit_field", "list_rows"),
}
MPY_TOOL = REPO.parent / "shared" / "vendor" / "micropython" / "tools" / "mpy-tool.py"


@pytest.mark.skipif(not MPY_TOOL.exists(), reason="no ../shared/vendor/micropython beside the repository "
                    "(its tools/mpy-tool.py reads the frames' sizes)")
def test_key_press_paths_keep_their_frames_off_the_heap(tmp_path):
    import subprocess
    import sys
    from conftest import MICROPYTHON
    mpy_cross = MICROPYTHON.parent / "mpy-cross"
    for name, functions in STACK_FRAMES.items():
        out = tmp_path / name.replace(".py", ".mpy")
        subprocess.run([str(mpy_cross), "-o", str(out), str(REPO / "micropython" / name)], check=True)
        dump = subprocess.run([sys.executable, str(MPY_TOOL), "-d", str(out)], capture_output=True, text=True,
                              check=True).stdout
        states = dict(re.findall(r"simple_name: (\S+)\n(?:.*\n)*?\s*prelude: \((\d+),", dump))
        for f in functions:
            assert int(states[f]) <= 11, "%s.%s: a frame of %s words" % (name[:-3], f, states[f])
