"""The board's features on the QEMU test firmware, driven over the serial REPL (tools/qemuboard.py sends
one call after each soft reset; tests/test_firmware.py and `tools/boardfit.py --firmware` use it).

    import harness; harness.feature("a a a a a play", ["COMPLETED!", "FAILED"], ballast=4096)
    import harness; harness.stayaway(8, 9)
    import harness; harness.cli(["odds", "L L L | L I3", "--green", "6"])    # estimate, free: cli.LAST_CHECK

A feature is played on sim.Board: main.py's setup and loop (main.py is the file flashed onto the
board) over the pin doubles of simio.py, in virtual time; `feature` takes a script of the
simulator's words, `stayaway` plays a whole pass-and-play game through the buttons (as
tests/stayaway's games choose) with a power cut and a resume. `ballast` bytes are held in one block
from the start, so the run sees a heap that much smaller (the smallest heap a feature runs in is
found by bisecting the ballast, one soft reset per run, within one boot).

Each call prints one line, "HARNESS " and JSON. Counts are in thousands of instructions: under
`qemu-system-arm -icount shift=0` one instruction is one nanosecond of the virtual clock, so
time.ticks_us counts thousands. ok: the run reached its end (the last frame shows a wanted line)
and no frame spoke of memory; last: that frame; kinstr: the whole run (the harness's own checks
left out); actions: how many button actions; slow: each action over `budget` thousand
instructions, [word, thousands, frames drawn during it, the longest stretch without a frame, its
number in the run (1 the first)]; longest: the action with the longest stretch without a frame, in
the same form ("start": the board's start, main.setup).
"""

import gc
import json
import sys
import time

import simio

# frozen modules before the filesystem's kernel/ folder (main.frozen_first; the CLI does not import main)
if ".frozen" in sys.path:
    sys.path.remove(".frozen")
    sys.path.insert(0, ".frozen")

MAX_SLOW = 16           # the slow actions reported (the first ones)


class TimedI2C(simio.I2C):
    """simio's bus noting the longest stretch of the clock without a frame (a progress screen's
    frames break a long action into stretches)."""

    def __init__(self, *args, **kw):
        simio.I2C.__init__(self, *args, **kw)
        self.mark()

    def mark(self):
        self.prev = time.ticks_us()
        self.gap = 0

    def writevto(self, addr, vector):
        now = time.ticks_us()
        gap = time.ticks_diff(now, self.prev)
        if gap > self.gap:
            self.gap = gap
        self.prev = now
        return simio.I2C.writevto(self, addr, vector)


class Doubles:
    """A machine module for main.setup: simio's pins, the timed bus."""
    Pin = simio.Pin
    I2C = TimedI2C


class Run:
    """A board under measurement: each action (a script word) timed, its frames counted, the last
    frame kept and every frame checked for a word about memory."""

    def __init__(self, budget, seed=3, save="adventure.sav"):
        import sim
        self.sim = sim
        self.budget = budget
        start = time.ticks_us()
        self.board = sim.Board("data", save, seed, Doubles)
        self.kinstr = time.ticks_diff(time.ticks_us(), start)
        self.setup = self.kinstr
        self.actions = 0
        self.slow = []
        self.longest = ["start", self.setup, 1, self.setup, 0]
        self.last = ""
        self.memory = False
        self._mark()

    def _mark(self):
        bus = self.board.i2c
        self.bus = bus
        self.frames = bus.frames
        bus.mark()
        self.at = time.ticks_us()

    def snap(self, n, word):
        """After an action (and its frame): its cost, then the checks (not counted)."""
        now = time.ticks_us()
        bus = self.board.i2c
        took = time.ticks_diff(now, self.at)
        tail = time.ticks_diff(now, bus.prev)
        gap = bus.gap if bus.gap > tail else tail
        frames = bus.frames - self.frames if bus is self.bus else bus.frames    # a reset: a new bus
        self.kinstr += took
        self.actions += 1
        if took > self.budget and len(self.slow) < MAX_SLOW:
            self.slow.append([word, took, frames, gap, self.actions])
        if gap > self.longest[3]:
            self.longest = [word, took, frames, gap, self.actions]
        text = self.board.screen_text()
        if "memory" in text.lower():
            self.memory = True
        self.last = text
        self._mark()

    def report(self, want, ballast, error=""):
        ok = not error and not self.memory and any([w in self.last for w in want])
        _report(ok=ok, error=error, ballast=ballast, last=self.last, kinstr=self.kinstr, setup=self.setup,
                actions=self.actions, slow=self.slow, longest=self.longest)


def _report(**fields):
    print("HARNESS " + json.dumps(fields))


def _measured(play, want, ballast, budget, seed=3):
    gc.collect()
    run = None
    hold = None
    try:
        hold = bytearray(ballast) if ballast else None
        run = Run(budget, seed)
        play(run)
        error = ""
    except MemoryError:
        error = "MemoryError"
    hold = None
    gc.collect()
    if run is None:
        _report(ok=False, error=error, ballast=ballast, last="", kinstr=0, setup=0, actions=0, slow=[],
                longest=[])
    else:
        run.report(want, ballast, error)
    del hold


def feature(script, want, ballast=0, budget=1 << 30, seed=3):
    """A script of the simulator's words, from the main menu."""
    def play(run):
        run.sim.play_script(run.board, script, run.snap)
    _measured(play, want, ballast, budget, seed)


def stayaway(players, seed, ballast=0, budget=1 << 30, cut=40, quiet=150):
    """A whole Stay Away! game through the buttons: the mode from the main menu, `players` (4-12),
    PIN 0000, then each decision as tests/stayaway's LED game takes it (look with B held, move off a
    declaration for the first `quiet` decisions so that exchanges happen, A, let go; then The Thing
    declares at its next decision, which ends the game); at decision `cut` a power cut and Resume
    Stay Away! with the PIN."""
    import buttons as btn
    import stayaway_mode as M
    from kernel.stayaway.game import defs as D

    def play(run):
        board = run.board

        def press(b, word):
            board.press(b)
            board.app.draw()
            run.snap(0, word)

        def hold(down, word):
            board.hold(btn.B, down)
            board.app.draw()
            run.snap(0, word)

        for _ in range(6):                          # the menu: Stay Away! (no saves on the board)
            press(btn.DOWN, "down")
        press(btn.A, "a")
        board.app.mode.seed = seed
        for _ in range(abs(players - 5)):
            if players > 5:
                press(btn.RIGHT, "right")
            else:
                press(btn.LEFT, "left")
        press(btn.A, "a")                           # the players
        press(btn.A, "a")                           # PIN 0000: the game starts
        steps = 0
        while board.app.mode is not None and board.app.mode.screen != M.M_OVER and steps < 2 * quiet:
            if steps == cut:
                board.reboot()
                run.snap(0, "reset")
                for _ in range(7):                  # Resume Stay Away!
                    press(btn.DOWN, "down")
                press(btn.A, "a")
                press(btn.A, "a")                   # PIN 0000
            hold(True, "hold-b")
            m = board.app.mode
            if m is None or m.screen != M.M_PLAYER:       # out of memory: the app left the mode
                break
            if steps < quiet:
                while m.nacts > 1 and m.cursor < m.nacts - 1 and m.acts[m.cursor] == D.A_DECLARE:
                    press(btn.DOWN, "down")
            else:
                while m.cursor < m.nacts - 1 and m.acts[m.cursor] != D.A_DECLARE:
                    press(btn.DOWN, "down")
            press(btn.A, "a")
            hold(False, "release-b")
            steps += 1
        if board.app.mode is not None and board.app.mode.screen == M.M_OVER:
            press(btn.A, "a")                       # the end: back to the main menu
            run.last = "GAME OVER after %d decisions\n" % steps + run.last
    _measured(play, ("GAME OVER",), ballast, budget, seed)


def cli(argv, ballast=0, at_check=0):
    """The board CLI (micropython/cli.py) with these arguments: its own output, then the line.
    ballast: bytes held from the start; at_check: bytes taken right after the CLI checked the
    question's estimate against the heap free (cli.LAST_CHECK), so that the solve and the answer run
    in that much less (what the board's estimate is measured against)."""
    gc.collect()
    hold = None
    start = time.ticks_us()
    try:
        hold = bytearray(ballast) if ballast else None
        start = time.ticks_us()
        import cli as board_cli
        if at_check:
            taken = []
            check = board_cli.check_budget

            def check_then_take(solver, ctx, opts):
                check(solver, ctx, opts)
                try:
                    taken.append(bytearray(at_check))
                except MemoryError:             # no block that large: in 1 KB pieces
                    for _ in range(at_check >> 10):
                        taken.append(bytearray(1024))
            board_cli.check_budget = check_then_take
        rc = board_cli.main(argv)
        error = ""
    except MemoryError:
        rc = -1
        error = "MemoryError"
    took = time.ticks_diff(time.ticks_us(), start)
    hold = None
    taken = None
    check = sys.modules["cli"].LAST_CHECK if "cli" in sys.modules else None
    _report(ok=rc == 0, rc=rc, error=error, ballast=ballast, kinstr=took, estimate=check[0] if check else 0,
            free=check[1] if check else 0)
    del hold


def heap():
    """The heap after a collection: free and used bytes."""
    gc.collect()
    _report(free=gc.mem_free(), used=gc.mem_alloc())
