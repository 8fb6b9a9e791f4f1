"""Three LEDs (green, yellow, red) with on, off and blink, advanced by update(now_ms): never blocks."""

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

GREEN = const(0)
YELLOW = const(1)
RED = const(2)
OFF = const(0)
ON = const(1)
BLINK = const(2)
BLINK_MS = const(250)


class Leds:
    def __init__(self, pins):
        self.pins = pins
        self.mode = bytearray(len(pins))
        self.lit = bytearray(len(pins))

    def set(self, led, mode):
        self.mode[led] = mode

    def all(self, mode):
        for i in range(len(self.mode)):
            self.mode[i] = mode

    def band(self, hi):
        """Show an odds band from a value's high 24-bit half: green >= 2/3, yellow >= 1/3, red below."""
        self.all(OFF)
        if hi >= 11184811:          # ceil(2/3 * 2^24)
            self.mode[GREEN] = ON
        elif hi >= 5592406:         # ceil(1/3 * 2^24)
            self.mode[YELLOW] = ON
        else:
            self.mode[RED] = ON

    def update(self, now_ms):
        phase = (now_ms // BLINK_MS) & 1
        for i in range(len(self.mode)):
            m = self.mode[i]
            v = 1 if m == ON or (m == BLINK and phase == 0) else 0
            if v != self.lit[i]:
                self.lit[i] = v
                self.pins[i].value(v)
