"""The board's entry point (runs at boot): build the drivers from the pin map and run the app loop.

The loop polls the buttons every 10 ms, hands events to the app, lets it scroll a long name (tick),
redraws when the screen changed and advances the LEDs; nothing in it allocates except the app's own
update on an event. Adventures are seeded from os.urandom, the RP2040's ring oscillator.

`setup` (the drivers and the app on a machine module's pins) and `step` (one pass of the loop) are
the board's own; the simulator (sim.py) and the QEMU test firmware run the app through them, over
the pin doubles of simio.py, in virtual time.
"""

import sys
# MicroPython's time has ticks_ms/sleep_ms; mypy reads CPython's typeshed for `time`, hence the ignore
from time import ticks_ms, sleep_ms  # type: ignore[attr-defined]


def frozen_first(path):
    """Frozen modules before the filesystem's: on a firmware with the kernel frozen in, the board's
    kernel/ folder holds only the card data, and found first it would hide the frozen package."""
    if ".frozen" in path:
        path.remove(".frozen")
        path.insert(0, ".frozen")


frozen_first(sys.path)

import pins_pico as pins  # noqa: E402
import buttons as btn  # noqa: E402
from display import SSD1306  # noqa: E402
from leds import Leds  # noqa: E402
from app import App  # noqa: E402

DATA_DIR = "data"            # relative to the current folder: "/" at boot on the board
SAVE_PATH = "adventure.sav"
TICK_MS = 10


def setup(machine, now_ms, data_dir=DATA_DIR, save_path=SAVE_PATH, seed=None):
    """The display, buttons, LEDs and app on the pins of the pin map (machine: the board's module,
    or one with the same Pin and I2C); returns (app, buttons, leds)."""
    i2c = machine.I2C(pins.I2C_ID, sda=machine.Pin(pins.I2C_SDA), scl=machine.Pin(pins.I2C_SCL),
                      freq=pins.I2C_FREQ)
    display = SSD1306(i2c, pins.OLED_ADDR, pins.OLED_WIDTH, pins.OLED_HEIGHT)
    button_pins = [machine.Pin(p, machine.Pin.IN, machine.Pin.PULL_UP) for p in pins.BUTTON_PINS]
    led_pins = [machine.Pin(p, machine.Pin.OUT) for p in pins.LED_PINS]
    leds = Leds(led_pins)
    buttons = btn.Buttons(button_pins, now_ms)
    app = App(display, leds, data_dir, save_path, seed)
    return app, buttons, leds


def step(app, buttons, leds, now_ms):
    """One pass of the loop: the pending button events to the app, a long name scrolled, the LEDs
    advanced; True when the screen changed (the caller draws)."""
    changed = False
    ev = buttons.poll(now_ms)
    while ev != btn.NONE:
        if app.update(ev, now_ms):
            changed = True
        ev = buttons.poll(now_ms)
    if app.tick(now_ms):
        changed = True
    leds.update(now_ms)
    return changed


def cancel_check(buttons):
    """What a long solve polls: True when B was pressed (read on the board's own clock)."""
    def cancel_pressed():
        return buttons.poll(ticks_ms()) == btn.event(btn.B, btn.PRESS)
    return cancel_pressed


def run():
    import machine
    app, buttons, leds = setup(machine, ticks_ms())
    app.cancel_pressed = cancel_check(buttons)
    app.draw()
    while True:
        if step(app, buttons, leds, ticks_ms()):
            app.draw()
        sleep_ms(TICK_MS)


if __name__ == "__main__":
    run()
