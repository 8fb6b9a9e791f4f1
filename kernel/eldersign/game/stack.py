"""The game's work stack: what is still to be done, one frame per step, the newest on top.

Everything the rules do after an action is a frame (defs.F_*): an effect list being run, a monster
appearing, the turn's clock phase, midnight, the end of an attempt... and every question to a
player is a frame too (the turn's main step, an alternative to choose, where a monster goes). The
engine (engine.py) runs frames until the top one is a question; the state machine's legal actions
are that question's options. So a rule can ask a player in the middle of anything (each
investigator's own choice inside `each(...)`, a replacement investigator picked at once) and the
rest waits underneath.

A frame is an op and four ints (a, b, c, d) and one reference (an effect list's code tuple). Fixed
buffers: push, pop and peek allocate nothing. The frames are part of the save's state.
"""

from array import array

from ...errors import KernelError
from .defs import MAX_FRAMES


class Stack:
    """Frames op/a/b/c/d/ref, n of them; the top is n - 1."""

    def __init__(self):
        self.op = bytearray(MAX_FRAMES)
        self.a = array("i", [0] * MAX_FRAMES)
        self.b = array("i", [0] * MAX_FRAMES)
        self.c = array("i", [0] * MAX_FRAMES)
        self.d = array("i", [0] * MAX_FRAMES)
        self.ref = [None] * MAX_FRAMES
        self.n = 0

    def clear(self):
        for i in range(MAX_FRAMES):
            self.op[i] = 0
            self.a[i] = 0
            self.b[i] = 0
            self.c[i] = 0
            self.d[i] = 0
            self.ref[i] = None
        self.n = 0

    def push(self, op, a=0, b=0, c=0, d=0, ref=None):
        i = self.n
        if i >= MAX_FRAMES:
            # bounded by construction (data.py caps effect nesting); reaching it is a kernel bug
            raise KernelError("game", "the work stack is full")
        self.op[i] = op
        self.a[i] = a
        self.b[i] = b
        self.c[i] = c
        self.d[i] = d
        self.ref[i] = ref
        self.n = i + 1
        return i

    def pop(self):
        self.n -= 1
        self.ref[self.n] = None
        self.op[self.n] = 0

    def top(self):
        """The index of the top frame, -1 when empty."""
        return self.n - 1

    def top_op(self):
        return self.op[self.n - 1] if self.n else 0

    def find(self, op):
        """The index of the highest frame with op, or -1."""
        i = self.n - 1
        while i >= 0:
            if self.op[i] == op:
                return i
            i -= 1
        return -1

    def insert(self, i, op, a=0, b=0, c=0, d=0, ref=None):
        """A frame at index i, the ones from i up moving one up."""
        top = self.push(op)
        k = top
        while k > i:
            self.op[k] = self.op[k - 1]
            self.a[k] = self.a[k - 1]
            self.b[k] = self.b[k - 1]
            self.c[k] = self.c[k - 1]
            self.d[k] = self.d[k - 1]
            self.ref[k] = self.ref[k - 1]
            k -= 1
        self.op[i] = op
        self.a[i] = a
        self.b[i] = b
        self.c[i] = c
        self.d[i] = d
        self.ref[i] = ref

    def remove(self, i):
        """Frame i goes; the ones above move down."""
        for k in range(i, self.n - 1):
            self.op[k] = self.op[k + 1]
            self.a[k] = self.a[k + 1]
            self.b[k] = self.b[k + 1]
            self.c[k] = self.c[k + 1]
            self.d[k] = self.d[k + 1]
            self.ref[k] = self.ref[k + 1]
        self.pop()
