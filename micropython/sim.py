"""The simulated board: the handheld app on the MicroPython unix port with a simulated machine layer.

    micropython micropython/sim.py                     interactive: the display in block characters,
                                                       keys for the buttons, the LEDs beside it
    micropython micropython/sim.py --script "a down a" --frames DIR [--save PATH] [--data DIR]
                                                       headless: press the buttons of the script,
                                                       write each frame as DIR/frame_NNN.png and the
                                                       screens and LEDs as DIR/frames.txt

Script words: up down left right a b (a press and release), long-a ... (a long press), hold-b and
release-b (press and keep down, let go; any button), wait, reset (a power cycle: the app starts
again from its saves).
Keys: arrows or w/s/a/d; Enter or space = A; Backspace or x = B; capital A/B (shift) = long press; q quits.
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
from display import SSD1306  # noqa: E402
from leds import Leds  # noqa: E402
from app import App  # noqa: E402

TICK_MS = 10
WORDS = {"up": btn.UP, "down": btn.DOWN, "left": btn.LEFT, "right": btn.RIGHT, "a": btn.A, "b": btn.B}


class Pin:
    """machine.Pin stand-in: inputs read 1 (pulled up) until the simulator presses them."""

    def __init__(self, level=1):
        self.level = level

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v


class I2C:
    """machine.I2C stand-in: the display writes go nowhere (the simulator reads the framebuf)."""

    def writeto(self, addr, data):
        return len(data)


class Board:
    def __init__(self, data_dir, save_path):
        self.data_dir = data_dir
        self.save_path = save_path
        self.now = 0
        self.button_pins = [Pin(1) for _ in range(btn.NBUTTONS)]
        self.led_pins = [Pin(0) for _ in range(3)]
        self.display = SSD1306(I2C())
        self.leds = Leds(self.led_pins)
        self.buttons = btn.Buttons(self.button_pins, 0)
        self.app = App(self.display, self.leds, data_dir, save_path)
        self.app.draw()

    def run_ms(self, ms):
        end = self.now + ms
        changed = False
        while self.now < end:
            self.now += TICK_MS
            ev = self.buttons.poll(self.now)
            while ev != btn.NONE:
                if self.app.update(ev, self.now):
                    changed = True
                ev = self.buttons.poll(self.now)
            self.leds.update(self.now)
        if changed:
            self.app.draw()
        return changed

    def reboot(self):
        """A power cycle: new drivers and a new app over the same save files."""
        self.app = None
        import gc
        gc.collect()
        self.__init__(self.data_dir, self.save_path)

    def hold(self, button, down):
        """Press a button and keep it down (down=True), or let it go (Stay Away! is looked at with B held)."""
        self.button_pins[button].level = 0 if down else 1
        self.run_ms(60)

    def press(self, button, long=False):
        self.button_pins[button].level = 0
        self.run_ms(700 if long else 60)
        self.button_pins[button].level = 1
        self.run_ms(60)

    def led_text(self):
        return "".join(["GYR"[i] if self.leds.mode[i] else "." for i in range(3)]) + \
            ("*" if max(self.leds.mode) == 2 else "")

    def screen_text(self):
        return "\n".join(["|" + line + " " * (16 - len(line)) + "|" for line in self.app.screen_lines()])

    def blocks(self):
        """The display as 32 rows of half-block characters."""
        d = self.display
        rows = []
        for y in range(0, 64, 2):
            row = []
            for x in range(128):
                top = d.pixel(x, y)
                bottom = d.pixel(x, y + 1)
                row.append("\u2588" if top and bottom else "\u2580" if top else "\u2584" if bottom else " ")
            rows.append("".join(row))
        return rows


def headless(board, script, frames):
    import os
    import png
    try:
        os.mkdir(frames)
    except OSError:
        pass
    log = open(frames + "/frames.txt", "w")
    n = 0

    def snap(word):
        png_bytes = png.encode(128, 64, board.display.pixel)
        f = open("%s/frame_%03d.png" % (frames, n), "wb")
        f.write(png_bytes)
        f.close()
        log.write("frame %03d after %s  leds %s\n%s\n" % (n, word, board.led_text(), board.screen_text()))

    snap("start")
    for word in script.split():
        n += 1
        word = word.lower()
        if word == "wait":
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
        snap(word)
    log.close()
    return n


def interactive(board):
    import termios
    import select
    fd = sys.stdin.fileno() if hasattr(sys.stdin, "fileno") else 0
    old = termios.tcgetattr(fd)
    raw = termios.tcgetattr(fd)
    raw[3] = raw[3] & ~(termios.ICANON | termios.ECHO) if hasattr(termios, "ICANON") else 0
    try:
        termios.setraw(fd)
    except AttributeError:
        termios.tcsetattr(fd, termios.TCSANOW, raw)
    keys = {"w": (btn.UP, 0), "s": (btn.DOWN, 0), "a": (btn.LEFT, 0), "d": (btn.RIGHT, 0),
            "\r": (btn.A, 0), "\n": (btn.A, 0), " ": (btn.A, 0), "x": (btn.B, 0), "\x7f": (btn.B, 0),
            "A": (btn.A, 1), "B": (btn.B, 1), "X": (btn.B, 1),
            "\x1b[A": (btn.UP, 0), "\x1b[B": (btn.DOWN, 0), "\x1b[D": (btn.LEFT, 0), "\x1b[C": (btn.RIGHT, 0)}
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    out = sys.stdout
    try:
        while True:
            out.write("\x1b[H\x1b[2J")
            rows = board.blocks()
            colours = ("\x1b[32m", "\x1b[33m", "\x1b[31m")
            for i in range(len(rows)):
                side = ""
                if i in (4, 8, 12):
                    k = (i - 4) // 4
                    on = board.leds.lit[k]
                    side = "  " + colours[k] + ("\u25cf" if on else "\u25cb") + "\x1b[0m " + \
                        ("green", "yellow", "red")[k]
                out.write("\x1b[47;30m" + rows[i] + "\x1b[0m" + side + "\r\n")
            out.write("arrows/wasd move  enter/space A  backspace/x B  shift=long  q quit\r\n")
            if poller.poll(200):
                ch = sys.stdin.read(1)
                if ch == "\x1b":
                    ch += sys.stdin.read(2)
                if ch == "q":
                    break
                if ch in keys:
                    button, long = keys[ch]
                    board.press(button, bool(long))
            else:
                board.run_ms(200)
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, old)
        out.write("\r\n")


def main(argv):
    data = _HERE + "/data"
    save = "/tmp/eldritch_sim.sav"
    script = None
    frames = None
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in ("--script", "--frames", "--save", "--data") and i + 1 < len(argv):
            v = argv[i + 1]
            if a == "--script":
                script = v
            elif a == "--frames":
                frames = v
            elif a == "--save":
                save = v
            else:
                data = v
            i += 2
            continue
        sys.stderr.write("usage: sim.py [--script WORDS|@FILE --frames DIR] [--save PATH] [--data DIR]\n")
        return 2
    board = Board(data, save)
    if script is not None:
        if script.startswith("@"):
            f = open(script[1:])
            script = f.read()
            f.close()
        n = headless(board, script, frames or "/tmp/eldritch_frames")
        print("%d frames written to %s" % (n + 1, frames or "/tmp/eldritch_frames"))
        return 0
    interactive(board)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
