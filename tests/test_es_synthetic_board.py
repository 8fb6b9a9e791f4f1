"""Elder Sign on the handheld with a full-size data set: companion mode (micropython/companion.py) follows the
synthetic full-size data set (tests/es_synthetic.py: 8 Ancient Ones, 16 investigators, 56 adventures,
no card of the library), read from a folder of its own (Companion(..., folder=, sets=, library=False)):
eight players' setup, the six table cards, effects, a card revealed, an adventure won and one failed,
the clock to midnight, 80 more entries, a power cut (a new device reading the card data again) and the
resume to the same screen and state, undo. On the 32-bit QEMU firmware (tools/qemuboard.py, where
`make firmware` can build it) in the Pico's 190 KB heap (tools/boardfit.py BUDGET_KB), with its peak
kept below PEAK_KB; on the 64-bit unix port (where 190 KB cannot hold companion mode) at UNIX_HEAP_KB.
A MemoryError anywhere fails the test (the script's last line is never printed)."""

import subprocess
import sys

import pytest

from conftest import REPO, MICROPYTHON

import es_synthetic as S

sys.path.insert(0, str(REPO / "tools"))
import boardfit  # noqa: E402
import boardtime  # noqa: E402
import qemuboard  # noqa: E402

HEAP_KB = boardfit.BUDGET_KB      # 190: a Raspberry Pi Pico's free heap
# the firmware session's peak: 122.3 KB measured (the largest ballast it runs with, bisected to 256 bytes,
# command in the report of this change); the check keeps 10 KB above it
PEAK_KB = 132
# The 64-bit unix port cannot hold companion mode in 190 KB at all (its objects and pointers are twice
# the board's and the .mpy bytecode sits in its heap, not in flash: importing companion.py alone runs
# out); this session needs 415 KB there (bisected): the figure plus 8%, as tests/test_game_companion.py.
UNIX_HEAP_KB = 448

# %(folder)r: the synthetic tables; %(save)r: the companion's save file. Prints "KEY value" lines.
SESSION = """
import gc
hold = bytearray(%(ballast)d) if %(ballast)d else None   # a ballast: the heap that much smaller (peak bisection)
import buttons as btn
import companion as C
import store
from leds import Leds
from simio import Pin
W = {"up": btn.UP, "down": btn.DOWN, "left": btn.LEFT, "right": btn.RIGHT, "a": btn.A, "b": btn.B}
FOLDER = %(folder)r
SETS = %(sets)r
path = %(save)r
store.clear(path)
leds = Leds([Pin(16, Pin.OUT), Pin(17, Pin.OUT), Pin(18, Pin.OUT)])

def press(c, words):
    for w in words.split():
        c.handle(W[w], btn.PRESS)
        while c.screen == C.C_ASK:          # a question (where a monster goes...): the first answer
            c.handle(btn.A, btn.PRESS)

def show(c):
    c.compose()
    return "|".join(c.screen_lines()) + " doom %%d elder %%d" %% (c.st[C.ST_DOOM], c.st[C.ST_ELDER])

def device():
    return C.Companion(leds, path, folder=FOLDER, sets=SETS, library=False)

c = device()
print("cards", len(c.main_cards), len(c.ow_cards), len(c.ao_names), len(c.inv_names))
c.new_game()
press(c, "right " * 6 + "down " + "right " * 6 + "a")  # eight players; the seventh Ancient One (masks)
print("ao", c.ao_names[c.ao].decode(), c.players)
press(c, "a " * 8)                                   # the eight investigators as dealt
press(c, "a down a down a down a down a down a")     # the six adventures on the table
print("table", [c.slot_on(s) for s in range(6)] == [True] * 6, c.screen == C.C_TURN)
c.menu = C.T_EFFECT
press(c, "a a down down down down a b")             # P1 sanity -1, doom +1
c.menu = C.T_REVEAL
press(c, "a a " + "down " * 7 + "a")                # slot 1: the eighth card of the list
c.menu = C.T_WON
press(c, "a down a a b")                            # slot 2 won: its trophy, elder sign +1
c.menu = C.T_FAILED
press(c, "a down down a a b")                       # slot 3 failed: sanity -1
c.menu = C.T_REVEAL
press(c, "a " + "down " * 6 + "a a")                # an Other World into slot 7
midnights = 0
for k in range(4):
    c.menu = C.T_CLOCK
    press(c, "a")
    if c.screen == C.C_MIDNIGHT:
        midnights += 1
        press(c, "a")
    press(c, "a")                                   # next player
print("midnight", midnights)
for k in range(40):                                 # many entries: each saved, the log replayed on resume
    c.menu = C.T_EFFECT
    c.prim = k %% 6
    press(c, "a a b")
    c.menu = C.T_NEXT
    press(c, "a")
    if c.over():
        break
live = show(c)
digest = c.digest()
entries = len(c.log) // 4
print("live", live)
c = None
gc.collect()
d = device()                                        # the power cut: a new device, the card data read again
d.resume()
print("resumed", show(d) == live, d.digest() == digest, len(d.log) // 4 == entries, entries)
d.undo()
press(d, "a")
print("undone", len(d.log) // 4 == entries - 1)
gc.collect()
print("free", gc.mem_free(), "alloc", gc.mem_alloc())
print("END")
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return S.write(tmp_path_factory.mktemp("synthetic"))


def _check(out):
    got = {}
    for line in out.splitlines():
        key, _, rest = line.strip().partition(" ")
        got[key] = rest
    assert "END" in got, out[-3000:]                 # reached the end: no MemoryError, no KernelError
    assert got["cards"] == "48 8 8 16", got
    assert got["ao"] == "Synthetic Messenger 8"
    assert got["table"] == "True True"
    assert got["midnight"] == "1"
    assert got["resumed"].startswith("True True True") and int(got["resumed"].split()[-1]) > 60, got
    assert got["undone"] == "True"
    return got


@pytest.fixture(scope="module")
def board_files(tmp_path_factory):
    """The board's files as on its filesystem, compiled to .mpy (tools/boardfit.py): source modules
    would be compiled into the heap, which no board does."""
    if not MICROPYTHON.exists():
        pytest.skip("no micropython unix port")
    return boardfit.build(tmp_path_factory.mktemp("board") / "fs")


@pytest.mark.slow
def test_companion_follows_the_synthetic_data_set_on_the_unix_port(board_files, folder, tmp_path):
    """The session on the 64-bit unix port with the board's .mpy files, where no firmware can be built
    (UNIX_HEAP_KB: see its comment; the Pico's 190 KB is checked on the firmware below)."""
    script = tmp_path / "synthetic_companion.py"
    script.write_text(SESSION % {"folder": str(folder), "sets": S.SETS, "save": str(tmp_path / "companion.sav"),
                                 "ballast": 0})
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=%dk" % UNIX_HEAP_KB, str(script)], capture_output=True,
                          text=True, timeout=300, cwd=str(board_files), env={"MICROPYPATH": str(board_files)})
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
    _check(proc.stdout)


# ----- the 32-bit firmware at the Pico's 190 KB --------------------------------------------------------

FROZEN_FIRST = "import sys\nif '.frozen' in sys.path:\n    sys.path.remove('.frozen')\nsys.path.insert(0, '.frozen')\n"


@pytest.fixture(scope="module")
def board(folder, tmp_path_factory):
    """One boot of the QEMU firmware (`make firmware`, or skip with its one-line reason) with the
    synthetic tables copied onto its littlefs (syn/); each run after a soft reset: a fresh heap."""
    path, why = qemuboard.build()
    if path is None:
        pytest.skip(why)
    board = qemuboard.QemuBoard(flash=tmp_path_factory.mktemp("qemu") / "flash.img", fresh=True)
    try:
        board.start()
        t = board.connect()
        t.fs_mkdir("syn")
        for f in sorted(folder.iterdir()):
            t.fs_writefile("syn/" + f.name, f.read_bytes())
        yield board
    finally:
        board.stop()


def _on_board(board, ballast):
    """The session on a fresh heap less ballast bytes: its output, or the board's error (a MemoryError)."""
    try:
        return board.run(FROZEN_FIRST + SESSION % {"folder": "syn", "sets": S.SETS, "save": "companion.sav",
                                                   "ballast": ballast},
                         soft_reset=True, timeout=600).decode(errors="replace")
    except qemuboard.BoardError as exc:
        return str(exc)


@pytest.mark.firmware
def test_companion_follows_the_synthetic_data_set_in_the_picos_heap_on_the_firmware(board):
    """The session on the 32-bit firmware (the kernel and the app frozen, the Pico's 190 KB heap,
    tools/boardtime.py HEAP), the card data read from the board's own filesystem."""
    got = _check(_on_board(board, 0))
    free, _, alloc = got["free"].split()
    assert int(free) + int(alloc) <= boardtime.HEAP                 # the whole heap is the Pico's


@pytest.mark.firmware
def test_the_firmware_session_keeps_its_room_and_running_out_fails(board):
    """Its peak (122.3 KB measured by bisecting the ballast, the session script's own bytecode
    included) stays under PEAK_KB: it runs with the heap cut to PEAK_KB; with the heap cut to 90 KB
    it runs out of memory, and that fails the check (a MemoryError is not passed over)."""
    assert "END" in _on_board(board, (HEAP_KB - PEAK_KB) * 1024)
    short = _on_board(board, (HEAP_KB - 90) * 1024)
    assert "MemoryError" in short
    with pytest.raises(AssertionError):
        _check(short)
