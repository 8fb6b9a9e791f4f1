"""The board's pins and I2C bus as test doubles, with machine.Pin's and machine.I2C's signatures: the
simulator (sim.py) builds the board on them through main.setup, and the QEMU test firmware's
`machine` (qemu/machine.py) is them, so main.py runs there unchanged.

A Pin holds a level that the simulator or a test sets (an input reads 1, pulled up, until a button
is pressed; an output reads what the board wrote); every Pin made is in Pin.made by its id, for a
test to press. The I2C bus counts the display's writes and frames and keeps the last frame's parts
(writevto takes them as the board's I2C does, without joining them).
"""


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    made = {}  # type: dict  # id -> the last Pin made with it

    def __init__(self, id=None, mode=-1, pull=-1):
        self.id = id
        self.level = 0 if mode == Pin.OUT else 1
        Pin.made[id] = self

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v


class I2C:
    def __init__(self, bus=0, sda=None, scl=None, freq=400000):
        self.bus = bus
        self.frames = 0
        self.bytes = 0
        self.last = None        # the parts of the last frame sent (the display's own buffers)

    def writeto(self, addr, data):
        self.bytes += len(data)
        return len(data)

    def writevto(self, addr, vector):
        self.frames += 1
        self.last = vector
        for part in vector:
            self.bytes += len(part)
        return self.bytes


# The terminal's keys for the board's buttons: key -> (button, long press). Buttons in buttons.py's
# order (up, down, left, right, A, B); the simulator reads them, and so does the QEMU test
# firmware's serial port (one-character keys only).
KEYS = {"w": (0, 0), "s": (1, 0), "a": (2, 0), "d": (3, 0),
        "\r": (4, 0), "\n": (4, 0), " ": (4, 0), "z": (4, 0),
        "x": (5, 0), "\x7f": (5, 0), "\x08": (5, 0), "\x1b": (5, 0),
        "Z": (4, 1), "X": (5, 1),
        "\x1b[A": (0, 0), "\x1b[B": (1, 0), "\x1b[D": (2, 0), "\x1b[C": (3, 0),
        "\x1bOA": (0, 0), "\x1bOB": (1, 0), "\x1bOD": (2, 0), "\x1bOC": (3, 0)}

QUADRANTS = " \u2597\u2596\u2584\u259d\u2590\u259e\u259f\u2598\u259a\u258c\u2599\u2580\u259c\u259b\u2588"


def cells(pixel, braille):
    """A 128x64 display (pixel(x, y) -> 0 or 1) as text rows: 32 of quadrant blocks (2x2 pixels a
    cell), or 16 of braille (2x4), each 64 cells wide."""
    rows = []
    step = 4 if braille else 2
    for y in range(0, 64, step):
        row = []
        for x in range(0, 128, 2):
            if braille:
                bits = 0
                for k in range(4):
                    if pixel(x, y + k):
                        bits |= (1, 2, 4, 64)[k]
                    if pixel(x + 1, y + k):
                        bits |= (8, 16, 32, 128)[k]
                row.append(chr(0x2800 + bits))
            else:
                q = (pixel(x, y) << 3) | (pixel(x + 1, y) << 2) | (pixel(x, y + 1) << 1) | pixel(x + 1, y + 1)
                row.append(QUADRANTS[q])
        rows.append("".join(row))
    return rows
