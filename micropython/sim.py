"""The simulated board: the handheld app on the MicroPython unix port with a simulated machine layer.

    micropython micropython/sim.py [--save PATH] [--seed N] [--text]
        interactive, in any terminal of at least 64x18: the 128x64 display drawn with quadrant
        blocks (2x2 pixels a cell: 64x32 cells) when the terminal has 34 rows, else with braille
        (2x4 pixels a cell: 64x16), the LEDs on the row below and the keys under them; only the
        rows that changed are redrawn; a smaller terminal gets a message saying the size it needs.
        --text: the display's 16x8 character screen drawn plainly as text in a frame (the
        highlighted row in reverse video), for any terminal of at least 20x12
    micropython micropython/sim.py --script "a down a" --frames DIR [--save PATH] [--seed N] [--data DIR]
        headless: press the buttons of the script, write each frame as DIR/frame_NNN.png and the
        screens and LEDs as DIR/frames.txt (the highlighted row marked with >); --text-only: no PNGs

Script words: up down left right a b (a press and release), long-a ... (a long press), hold-b and
release-b (press and keep down, let go; any button: Stay Away! is looked at with B held), wait,
reset (a power cycle: the app starts again from its saves), play (A until the adventure ends; it
answers the question before a long solve too), solve (A if the screen asks before a long solve). `--script @FILE` reads the script from a
file (see micropython/eldritch-board for the unix port's 255-byte argument limit).
Keys: arrows or w/a/s/d move; Enter, space or z = A; Backspace, Escape or x = B; Z and X (shift) =
long A (the screen's legend) and long B (the menu); h holds B down until h (or a B key) again: a
terminal has no key-up, so this is how Stay Away!'s player looks at their view while B is held (the
other keys work meanwhile, as the buttons under a held B do); q quits.

Saves go to $ELDRITCH_STATE, else $XDG_STATE_HOME/eldritch, else ~/.local/state/eldritch
(`--save` overrides); never a shared /tmp name. --seed N fixes every deal: the adventures' dice and a
game mode's new game (Stay Away!'s deal), so a run with the same seed and keys is the same run.
Without --seed, they are seeded from os.urandom like the board's ring oscillator.
"""

import sys

import os  # noqa: E402

_FILE = __file__ if __file__.startswith("/") else os.getcwd() + "/" + __file__
_HERE = _FILE.rsplit("/", 1)[0]
_ROOT = _HERE.rsplit("/", 1)[0]
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
if _ROOT not in sys.path:
    sys.path.insert(1, _ROOT)

import buttons as btn  # noqa: E402
import simio  # noqa: E402
import main as board_main  # noqa: E402

WORDS = {"up": btn.UP, "down": btn.DOWN, "left": btn.LEFT, "right": btn.RIGHT, "a": btn.A, "b": btn.B}
LEGEND = "arrows move, enter A, esc B, Z/X long A/B, h hold B, q quit"
LED_NAMES = ("green", "yellow", "red")


def state_dir():
    """The per-user folder for the simulator's saves (made when missing)."""
    base = os.getenv("ELDRITCH_STATE")
    if not base:
        xdg = os.getenv("XDG_STATE_HOME")
        base = (xdg if xdg else (os.getenv("HOME") or ".") + "/.local/state") + "/eldritch"
    path = ""
    for part in base.split("/"):
        path = path + "/" + part if path or base.startswith("/") else part
        if part:
            try:
                os.mkdir(path)
            except OSError:
                pass
    return base


class Board:
    """The board built by main.setup on the pin doubles of simio.py, its loop (main.step) run in
    virtual time: each run_ms advances the clock in main.py's 10 ms steps."""

    def __init__(self, data_dir, save_path, seed=None, machine=simio):
        self.data_dir = data_dir
        self.save_path = save_path
        self.seed = seed
        self.machine = machine
        self.now = 0
        self.app, self.buttons, self.leds = board_main.setup(machine, 0, data_dir, save_path, seed)
        self.display = self.app.display
        self.i2c = self.display.i2c
        self.button_pins = self.buttons.pins
        self.led_pins = self.leds.pins
        self.held = bytearray(btn.NBUTTONS)      # buttons kept down by hold() (the h key holds B)
        self.app.draw()

    def run_ms(self, ms):
        end = self.now + ms
        changed = False
        while self.now < end:
            self.now += board_main.TICK_MS
            if board_main.step(self.app, self.buttons, self.leds, self.now):
                changed = True
        if changed:
            self.app.draw()
        return changed

    def reboot(self):
        """A power cycle: new drivers and a new app over the same save files."""
        self.app = None
        import gc
        gc.collect()
        self.__init__(self.data_dir, self.save_path, self.seed, self.machine)

    def hold(self, button, down):
        """Press a button and keep it down (down=True), or let it go (Stay Away! is looked at with B held)."""
        self.button_pins[button].level = 0 if down else 1
        self.held[button] = 1 if down else 0
        self.run_ms(60)

    def press(self, button, long=False):
        """Press and release (held 700 ms for a long press); a button kept down by hold() is let go."""
        if self.held[button]:
            self.hold(button, False)
            return
        self.button_pins[button].level = 0
        self.run_ms(700 if long else 60)
        self.button_pins[button].level = 1
        self.run_ms(60)

    def key(self, k):
        """One key of the interactive terminal (KEYS, or h: hold B / let it go; None: time passes);
        False when it quits."""
        if k == "q":
            return False
        if k == "h":
            self.hold(btn.B, not self.held[btn.B])
        elif k in KEYS:
            button, long = KEYS[k]
            self.press(button, bool(long))
        elif k is None:
            self.run_ms(100)
        return True

    def led_text(self):
        return "".join(["GYR"[i] if self.leds.mode[i] else "." for i in range(3)]) + \
            ("*" if max(self.leds.mode) == 2 else "")

    def screen_text(self):
        """The text rows between bars; the highlighted (cursor) row between > and <."""
        inv = self.app.inv if self.app.screen != 11 else self.app.mode.inv
        out = []
        lines = self.app.screen_lines()
        for i in range(len(lines)):
            line = lines[i]
            mark = (">", "<") if i == inv else ("|", "|")
            out.append(mark[0] + line + " " * (16 - len(line)) + mark[1])
        return "\n".join(out)

    def cells(self, braille):
        """The display as text rows: 32 of quadrant blocks, or 16 of braille (64 cells wide)."""
        return simio.cells(self.display.pixel, braille)


def play_script(board, script, snap):
    """Press the buttons of a script of words on the board, calling snap(n, word) after each frame
    (frame 0 is the start, taken by the caller); returns the number of the last frame."""
    n = 0
    for word in script.split():
        n += 1
        word = word.lower()
        if word == "play":                    # A until the adventure ends (at most 80 presses)
            for _ in range(80):
                if board.app.screen == 9:     # app.S_END
                    break
                board.press(btn.A)
                board.app.draw()
                snap(n, "a")
                n += 1
            continue
        if word == "solve":                   # A on the screen asking before a long solve, if shown
            if board.app.screen != 13:        # app.S_ASK
                continue
            board.press(btn.A)
        elif word == "wait":
            board.run_ms(500)
        elif word == "reset":
            board.reboot()
        elif word.startswith("long-") and word[5:] in WORDS:
            board.press(WORDS[word[5:]], True)
        elif word.startswith("hold-") and word[5:] in WORDS:
            board.hold(WORDS[word[5:]], True)
        elif word.startswith("release-") and word[8:] in WORDS:
            board.hold(WORDS[word[8:]], False)
        elif word in WORDS:
            board.press(WORDS[word])
        else:
            raise ValueError("unknown script word %r" % word)
        board.app.draw()
        snap(n, word)
    return n


def headless(board, script, frames, pngs=True):
    if pngs:
        import png
    try:
        os.mkdir(frames)
    except OSError:
        pass
    log = open(frames + "/frames.txt", "w")

    def snap(n, word):
        if pngs:
            png_bytes = png.encode(128, 64, board.display.pixel)
            f = open("%s/frame_%03d.png" % (frames, n), "wb")
            f.write(png_bytes)
            f.close()
        log.write("frame %03d after %s  leds %s\n%s\n" % (n, word, board.led_text(), board.screen_text()))

    snap(0, "start")
    n = play_script(board, script, snap)
    log.close()
    return n


# ----- the interactive terminal ---------------------------------------------------------------------

KEYS = simio.KEYS


class Terminal:
    """Keys in (escape sequences parsed with a short wait, so a lone Escape is a key and swallows
    nothing), frames out (only the rows that changed), the terminal's size asked with a cursor
    position report."""

    def __init__(self, out=None):
        import select
        self.out = out or sys.stdout
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.pending = ""
        self.shown = []
        self.size = (0, 0)

    def _byte(self, wait_ms):
        if self.poller.poll(wait_ms):
            ch = sys.stdin.read(1)
            return ch if ch else None
        return None

    def key(self, wait_ms):
        """The next key (a character or an escape sequence), or None after wait_ms."""
        ch = self._byte(wait_ms)
        if ch != "\x1b":
            return ch
        nxt = self._byte(30)
        if nxt is None:
            return "\x1b"                      # a lone Escape
        if nxt not in "[O":
            self.pending = nxt                 # Escape then a key: both count
            return "\x1b"
        seq = "\x1b" + nxt
        while True:
            c = self._byte(30)
            if c is None:
                return seq
            seq += c
            if "@" <= c <= "~" and len(seq) > 2:
                return seq

    def next_key(self, wait_ms):
        if self.pending:
            ch = self.pending
            self.pending = ""
            return ch
        return self.key(wait_ms)

    def ask_size(self):
        """Rows and columns from the terminal (cursor to the far corner, then its position)."""
        self.out.write("\x1b[s\x1b[999;999H\x1b[6n\x1b[u")
        try:
            self.out.flush()
        except AttributeError:
            pass
        for _ in range(20):
            k = self.key(100)
            if k is None:
                break
            if k.startswith("\x1b[") and k.endswith("R") and ";" in k:
                r, c = k[2:-1].split(";")
                self.size = (int(r), int(c))
                return self.size
        env_rows = os.getenv("LINES")
        env_cols = os.getenv("COLUMNS")
        self.size = (int(env_rows) if env_rows else 24, int(env_cols) if env_cols else 80)
        return self.size

    def show(self, rows):
        """Write the rows that differ from what is on the terminal (no full clear)."""
        out = self.out
        if len(rows) != len(self.shown):
            out.write("\x1b[2J")
            self.shown = [None] * len(rows)
        for i in range(len(rows)):
            if rows[i] != self.shown[i]:
                out.write("\x1b[%d;1H%s\x1b[K" % (i + 1, rows[i]))
                self.shown[i] = rows[i]
        try:
            out.flush()
        except AttributeError:
            pass


TEXT_SIZE = (12, 20)          # rows, columns: the 16x8 screen in a frame, the LEDs and the keys


def text_rows(board):
    """The 16x8 character screen as plain rows in a frame; the highlighted row in reverse video."""
    inv = board.app.inv if board.app.screen != 11 else board.app.mode.inv
    lines = board.app.screen_lines()
    out = ["+" + "-" * 16 + "+"]
    for i in range(len(lines)):
        line = lines[i] + " " * (16 - len(lines[i]))
        out.append(("|\x1b[7m%s\x1b[0m|" if i == inv else "|%s|") % line)
    out.append("+" + "-" * 16 + "+")
    return out


def frame_rows(board, size, text=False):
    """What the terminal shows at this size: the display (or, text, its character screen), the LED
    row and the keys, or a message saying the size needed."""
    rows, cols = size
    if text:
        if cols < TEXT_SIZE[1] or rows < TEXT_SIZE[0]:
            return ["this terminal is %dx%d;" % (cols, rows), "it needs %dx%d" % (TEXT_SIZE[1], TEXT_SIZE[0]),
                    "q quits"]
        leds = " ".join([("\x1b[3%dm\u25cf\x1b[0m" % (2, 3, 1)[k] if board.leds.lit[k] else "\u25cb") +
                         LED_NAMES[k][0].upper() for k in range(3)])
        held = " B held" if board.held[btn.B] else ""
        return text_rows(board) + ["LEDs " + leds + held] + [LEGEND[i:i + cols] for i in range(0, len(LEGEND), cols)]
    if cols < 64 or rows < 18:
        return ["Eldritch simulator: this terminal is %dx%d;" % (cols, rows),
                "it needs at least 64x18 (64x34 for the", "large display). Resize it, or q to quit."]
    screen = board.cells(rows < 34)
    leds = "  ".join([("\x1b[3%dm\u25cf\x1b[0m " % (2, 3, 1)[k] if board.leds.lit[k] else "\u25cb ") +
                      LED_NAMES[k] for k in range(3)])
    held = "   B held (h lets go)" if board.held[btn.B] else ""
    return screen + ["LEDs " + leds + held, LEGEND[:cols]]


def interactive(board, text=False):
    import termios
    fd = sys.stdin.fileno() if hasattr(sys.stdin, "fileno") else 0
    old = termios.tcgetattr(fd)
    raw = termios.tcgetattr(fd)
    raw[3] = raw[3] & ~(termios.ICANON | termios.ECHO) if hasattr(termios, "ICANON") else 0
    try:
        termios.setraw(fd)
    except AttributeError:
        termios.tcsetattr(fd, termios.TCSANOW, raw)
    term = Terminal()
    term.out.write("\x1b[?25l")
    term.ask_size()
    asked = board.now

    def cancel_pressed():
        k = term.next_key(0)
        return k in ("x", "\x7f", "\x08", "\x1b")

    board.app.cancel_pressed = cancel_pressed
    board.app.refresh = lambda: term.show(frame_rows(board, term.size, text))
    try:
        while True:
            term.show(frame_rows(board, term.size, text))
            if not board.key(term.next_key(100)):
                break
            if board.now - asked > 2000:         # a resized terminal is seen within two seconds
                term.ask_size()
                asked = board.now
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, old)
        term.out.write("\x1b[?25h\x1b[%d;1H\r\n" % (len(term.shown) + 1))


def main(argv):
    data = _HERE + "/data"
    save = None
    script = None
    frames = None
    seed = None
    pngs = True
    text = False
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == "--text-only":                  # frames.txt without the PNG files
            pngs = False
            i += 1
            continue
        if a == "--text":                       # interactive: the character screen, plainly
            text = True
            i += 1
            continue
        if a in ("--script", "--frames", "--save", "--data", "--seed") and i + 1 < len(argv):
            v = argv[i + 1]
            if a == "--script":
                script = v
            elif a == "--frames":
                frames = v
            elif a == "--save":
                save = v
            elif a == "--seed":
                seed = int(v)
            else:
                data = v
            i += 2
            continue
        sys.stderr.write("usage: sim.py [--script WORDS|@FILE --frames DIR [--text-only]] [--text] [--save PATH] "
                         "[--seed N] [--data DIR]\n")
        return 2
    if save is None:
        save = state_dir() + "/adventure.sav"
    board = Board(data, save, seed)
    if script is not None:
        if script.startswith("@"):
            f = open(script[1:])
            script = f.read()
            f.close()
        if frames is None:
            frames = state_dir() + "/frames"
        n = headless(board, script, frames, pngs)
        print("%d frames written to %s" % (n + 1, frames))
        return 0
    interactive(board, text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
