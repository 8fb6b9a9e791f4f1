"""The modes' 16x8 text screen: a row buffer written in place and drawn on the 128x64 framebuf.

The game modes (companion.py, arkham_mode.py, mansions_mode.py, stayaway_mode.py) subclass
TextScreen through modescreen.ModeScreen: their composers write the rows with put()/num()/frac()/
hundredths()/put_page() and set `inv` to the row shown inverted (the cursor's). Every write is cut
at the row's end and returns the column after it; writing and draw() allocate nothing (the
no-allocation tests run them under heap_lock). screen_lines() is the simulator's frame log and
allocates.

The writers run many times a frame, so each keeps its state (arguments, locals and deepest stack)
within 11 words: MicroPython gives a bigger frame heap blocks at every call when the heap is not
locked (py/objfun.c, VM_MAX_STATE_ON_STACK), freed at once but counted towards gc.threshold, so
each such call brings the next collection nearer (tests/test_board_heap.py checks the sizes).
"""

import gc

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

COLS = const(16)
ROWS = const(8)
SPACE = const(32)
# fb.text takes a str: one per printable character, made once (draw() indexes, never builds one)
GLYPHS = tuple([chr(i) for i in range(32, 127)])


def digits(n):
    """How many decimal digits n (0 or more) has."""
    d = 1
    p = 10
    while n >= p:
        d += 1
        p *= 10
    return d


class TextScreen:
    """The row buffer `text` (COLS bytes per row) and the inverted row `inv` (-1: none)."""

    # set by the app for every mode (a long action's progress frames): busy(screen) draws the
    # screen now, or raises buttons.Cancelled when B was pressed
    busy = None

    def __init__(self):
        self.text = bytearray(COLS * ROWS)
        self.inv = -1

    def progress(self, title, done, total=0):
        """A long action's progress: the title, done/total (done alone when the total is not known)
        and "B: cancel", drawn at once through the app (which raises buttons.Cancelled when B was
        pressed); nothing without an app."""
        if self.busy is None:
            return
        self.clear()
        self.put(1, 0, title)
        col = self.num(3, 0, done)
        if total:
            col = self.put(3, col, b"/")
            self.num(3, col, total)
        self.put(5, 0, b"B: cancel")
        self.busy(self)

    # ----- writing (no allocation) -------------------------------------------------------------------

    def clear(self):
        t = self.text
        for i in range(COLS * ROWS):
            t[i] = SPACE
        self.inv = -1

    def put(self, row, col, s):
        """bytes s at (row, col), cut at the row's end; the column after it."""
        row *= COLS                     # the row's first byte
        for i in range(len(s)):
            if col >= COLS:
                return col
            self.text[row + col] = s[i]
            col += 1
        return col

    def put_page(self, text):
        """A screen of fixed text (a note, a prompt): one bytes, its rows separated by b"\\n", each
        from the row's start and cut at its end. One object a page, not one a row: a page costs a
        mode's heap little where the bytecode is not frozen."""
        start = 0                       # the row's first byte
        at = 0                          # where the next character goes
        for i in range(len(text)):
            if text[i] == 10:
                start += COLS
                at = start
            elif at < start + COLS:
                self.text[at] = text[i]
                at += 1

    def num(self, row, col, n):
        """n in decimal at (row, col), "-" first when negative; the column after it."""
        t = self.text
        if n < 0:
            if col < COLS:
                t[row * COLS + col] = 45
            col += 1
            n = -n
        end = col + digits(n)
        c = end - 1
        while c >= col:
            if c < COLS:
                t[row * COLS + c] = 48 + n % 10
            n //= 10
            c -= 1
        return end

    def signed(self, row, col, n):
        """n with its sign always shown: "+2", "0" as "+0", "-1"."""
        if n >= 0 and col < COLS:
            self.text[row * COLS + col] = 43
            col += 1
        return self.num(row, col, n)

    def frac(self, row, col, a, b):
        """"a/b" at (row, col)."""
        col = self.num(row, col, a)
        col = self.put(row, col, b"/")
        return self.num(row, col, b)

    def frac_right(self, row, a, b):
        """"a/b" (both 0 or more) ending at the row's end."""
        self.frac(row, COLS - digits(a) - 1 - digits(b), a, b)

    def hundredths(self, row, col, v, pct=False):
        """v (0 or more) / 100 with two decimals: "12.34", "12.34%" when pct."""
        col = self.num(row, col, v // 100)
        col = self.put(row, col, b".")
        if v % 100 < 10:
            col = self.put(row, col, b"0")
        col = self.num(row, col, v % 100)
        if pct:
            col = self.put(row, col, b"%")
        return col

    # ----- drawing (no allocation) -------------------------------------------------------------------

    def screen_lines(self):
        """The rows as text, trailing spaces cut (the simulator's frame log; allocates)."""
        out = []
        for r in range(ROWS):
            out.append(bytes(self.text[r * COLS:(r + 1) * COLS]).decode().rstrip())
        return out

    def draw(self, fb):
        """The rows in the 8x8 font, row `inv` lit with dark text; a byte outside ASCII as "?"."""
        fb.fill(0)
        t = self.text
        inv = self.inv
        for r in range(ROWS):
            c = 1
            if r == inv:
                fb.fill_rect(0, r * 8, 128, 8, 1)
                c = 0
            base = r * COLS
            for k in range(COLS):
                ch = t[base + k]
                if ch != SPACE:
                    if ch < 32 or ch > 126:
                        ch = 63
                    fb.text(GLYPHS[ch - 32], k * 8, r * 8, c)


# The board's collection policy around work that makes many short-lived values. The app collects
# early (gc.threshold every 4 KB allocated, app.GC_THRESHOLD) so that a solve's long-lived values
# stay packed in MicroPython's non-moving heap. Work whose values nearly all die at once (a key
# derivation, a cipher, reading card data line by line, replaying a save) pays for that in time: on
# the 32-bit firmware the collections were two thirds to four fifths of it (Stay Away!'s seal 2.6 G
# instructions, companion mode's card data 253 M against 98 M). quick() collects every QUICK_BYTES
# instead; not never: the card data keeps a name or two per line, and with no collection until the
# heap is full those scatter over all of it (companion mode for 8 players then needed 189 KB of
# heap, against 131 KB at 64 KB and 110 KB at 4 KB). Here, not in a module of its own: a module
# more costs the modes heap they do not have to spare.
QUICK_BYTES = 65536


def quick(f, *args, **kw):
    """f(*args, **kw) collecting every QUICK_BYTES allocated (then as before)."""
    if not hasattr(gc, "threshold"):
        return f(*args, **kw)
    old = gc.threshold()  # type: ignore[attr-defined]
    gc.threshold(QUICK_BYTES)  # type: ignore[attr-defined]
    try:
        return f(*args, **kw)
    finally:
        gc.threshold(old)  # type: ignore[attr-defined]
