"""The QEMU test firmware's `machine`: the board's pins and I2C bus as the doubles of simio.py, so
main.py builds the board's display, buttons and LEDs there unchanged (frozen in the test firmware
only; the rp2 firmware keeps the real module). A frozen module named like an extensible built-in
takes its place; the built-in's own functions (reset, mem32, ...) pass through: an import with an
empty sys.path takes the built-in.

While main.py's loop runs at boot, the serial port drives it: a key pressed on the REPL's terminal
presses a button (w/s/a/d up/down/left/right, space or z A, x or Backspace B, Z/X long A/B) and
Ctrl-C stops the app (as on a board, so that mpremote takes the REPL). A key holds its button down
KEY_MS (a long one LONG_MS), then leaves it up KEY_MS before the next key is read, so keys sent at
once are presses of their own. Enter and Escape are no keys here: mpremote sends an Enter before
its Ctrl-C, and a terminal's arrow keys start with an Escape.
`frames()` is how many frames the display was sent and `frame()` the last one (the SSD1306's data
prefix and its 1 KB buffer).
"""

import sys

_path = sys.path[:]
sys.path[:] = []
try:
    import machine as _builtin      # the port's own module (reset, soft_reset, mem32, ...)
finally:
    sys.path[:] = _path
del _path

import select  # noqa: E402
from time import ticks_ms, ticks_diff  # noqa: E402

import simio  # noqa: E402
import pins_pico  # noqa: E402

KEY_MS = 80             # how long a key holds its button down (a long press: LONG_MS)
LONG_MS = 700


class Pin(simio.Pin):
    """simio's Pin; the first button's read (once a loop pass) also reads the serial port."""

    def value(self, v=None):
        if v is None and self.id == pins_pico.BUTTON_PINS[0]:
            _serial()
        return simio.Pin.value(self, v)


class I2C(simio.I2C):
    """simio's I2C bus; once a key came from the serial port, each frame is drawn there too (braille,
    64 x 16 characters)."""
    made = None             # the last bus made (main.py makes one)

    def __init__(self, *args, **kw):
        simio.I2C.__init__(self, *args, **kw)
        I2C.made = self

    def writevto(self, addr, vector):
        n = simio.I2C.writevto(self, addr, vector)
        if _echo:
            _draw(vector[1])
        return n


_poll = select.poll()
_poll.register(sys.stdin, select.POLLIN)
_held = None            # the Pin a key holds down
_gap = False            # a key was let go: the button stays up a while before the next key
_until = 0
_echo = False


def _serial():
    global _held, _gap, _until, _echo
    now = ticks_ms()
    if _held is not None or _gap:
        if ticks_diff(now, _until) < 0:
            return
        if _held is not None:
            # up for KEY_MS whenever the next key came: keys sent together are presses of their
            # own (the buttons debounce a release), never one long press
            _held.level = 1
            _held = None
            _gap = True
            _until = now + KEY_MS
            return
        _gap = False
    if not _poll.poll(0):
        return
    ch = sys.stdin.read(1)
    if ch == "\x03":
        raise KeyboardInterrupt
    key = simio.KEYS.get(ch) if ch not in "\r\n\x1b" else None
    if key is not None:
        _echo = True
        _held = simio.Pin.made[pins_pico.BUTTON_PINS[key[0]]]
        _held.level = 0
        _until = now + (LONG_MS if key[1] else KEY_MS)


def _draw(buf):
    def pixel(x, y):
        return (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1
    sys.stdout.write("\x1b[H\x1b[2J" + "\r\n".join(simio.cells(pixel, True)) + "\r\n")


def frames():
    """How many frames the display was sent."""
    return I2C.made.frames


def frame():
    """The last frame sent: the data prefix and the display's buffer, as bytes."""
    parts = I2C.made.last
    return bytes(parts[0]) + bytes(parts[1])


reset = _builtin.reset              # ends QEMU (tools/qemuboard.py starts it again: a power cycle)
soft_reset = _builtin.soft_reset
reset_cause = _builtin.reset_cause
idle = _builtin.idle
mem8 = _builtin.mem8
mem16 = _builtin.mem16
mem32 = _builtin.mem32
