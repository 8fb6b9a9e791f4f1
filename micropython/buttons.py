"""Debounced buttons with press, release and long-press events, polled without allocation.

poll(now_ms) reads each pin (pressed = 0 with a pull-up), keeps a per-button stable state and returns
the next event code, or NONE. Events: button * 4 + kind, kind PRESS 1, RELEASE 2, LONG 3.
"""

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
NBUTTONS = const(6)
NAMES = ("up", "down", "left", "right", "a", "b")

NONE = const(0)
PRESS = const(1)
RELEASE = const(2)
LONG = const(3)

DEBOUNCE_MS = const(20)
LONG_MS = const(600)
_QUEUE = const(16)


class Cancelled(Exception):
    """B pressed during a long action (the app's progress frames read it and raise this)."""


def event(button, kind):
    return button * 4 + kind


class Buttons:
    def __init__(self, pins, now_ms=0):
        self.pins = pins
        self.stable = bytearray(NBUTTONS)      # 1 when held down (debounced)
        self.raw = bytearray(NBUTTONS)
        self.long_sent = bytearray(NBUTTONS)
        self.changed = [now_ms] * NBUTTONS     # last raw change, ms
        self.down_at = [now_ms] * NBUTTONS
        self.queue = bytearray(_QUEUE)
        self.head = 0
        self.count = 0

    def _push(self, code):
        if self.count < _QUEUE:
            self.queue[(self.head + self.count) % _QUEUE] = code
            self.count += 1

    def poll(self, now_ms):
        """Scan the pins once and return the oldest pending event (NONE when there is none)."""
        for b in range(NBUTTONS):
            r = 1 if self.pins[b].value() == 0 else 0
            if r != self.raw[b]:
                self.raw[b] = r
                self.changed[b] = now_ms
            elif r != self.stable[b] and now_ms - self.changed[b] >= DEBOUNCE_MS:
                self.stable[b] = r
                if r:
                    self.down_at[b] = now_ms
                    self.long_sent[b] = 0
                    self._push(b * 4 + PRESS)
                else:
                    self._push(b * 4 + RELEASE)
            if self.stable[b] and not self.long_sent[b] and now_ms - self.down_at[b] >= LONG_MS:
                self.long_sent[b] = 1
                self._push(b * 4 + LONG)
        if self.count == 0:
            return NONE
        code = self.queue[self.head]
        self.head = (self.head + 1) % _QUEUE
        self.count -= 1
        return code
