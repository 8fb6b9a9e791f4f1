"""The Arkham mode on the MicroPython unix port, driven by its buttons: a script's head for the
tests that run it under the Pico's heap (tests/test_arkham_companion.py on the demo board,
tests/test_arkham_synthetic.py on the full-size one). `press(words)` presses buttons; `locked(words)`
presses them and composes the screen under heap_lock. Formatted with %(mp)r (micropython/),
%(dir)r (the save's folder) and %(board_arg)s ("" for the demo board, ", board=FOLDER" for another)."""

DRIVER = """
import sys, gc, micropython
sys.path.insert(0, %(mp)r)
import buttons as btn
from leds import Leds
import store


class Pin:
    def value(self, v=None):
        return 1


gc.collect()
base = gc.mem_alloc()
import arkham_mode as A
path = %(dir)r + "/arkham.sav"
store.clear(path)
leds = Leds([Pin(), Pin(), Pin()])
m = A.ArkhamMode(leds, path%(board_arg)s)
m.new_game()
W = {"up": btn.UP, "down": btn.DOWN, "left": btn.LEFT, "right": btn.RIGHT, "a": btn.A, "b": btn.B}

def press(words):
    for w in words.split():
        m.handle(W[w], btn.PRESS)

def locked(words):
    codes = [W[w] for w in words.split()]
    gc.collect()
    micropython.heap_lock()
    try:
        for c in codes:
            m.handle(c, btn.PRESS)
        m.compose()
    finally:
        micropython.heap_unlock()

"""
