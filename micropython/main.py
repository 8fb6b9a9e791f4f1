"""The board's entry point (runs at boot): build the drivers from the pin map and run the app loop.

The loop polls the buttons every 10 ms, hands events to the app, lets it scroll a long name (tick),
redraws when the screen changed and advances the LEDs; nothing in it allocates except the app's own
update on an event. Adventures are seeded from os.urandom, the RP2040's ring oscillator.
"""

import machine
# MicroPython's time has ticks_ms/sleep_ms; mypy reads CPython's typeshed for `time`, hence the ignore
from time import ticks_ms, sleep_ms  # type: ignore[attr-defined]

import pins_pico as pins
import buttons as btn
from display import SSD1306
from leds import Leds
from app import App

DATA_DIR = "data"            # relative to the current folder: "/" at boot on the board
SAVE_PATH = "adventure.sav"


def run():
    i2c = machine.I2C(pins.I2C_ID, sda=machine.Pin(pins.I2C_SDA), scl=machine.Pin(pins.I2C_SCL),
                      freq=pins.I2C_FREQ)
    display = SSD1306(i2c, pins.OLED_ADDR, pins.OLED_WIDTH, pins.OLED_HEIGHT)
    button_pins = [machine.Pin(p, machine.Pin.IN, machine.Pin.PULL_UP) for p in pins.BUTTON_PINS]
    led_pins = [machine.Pin(p, machine.Pin.OUT) for p in pins.LED_PINS]
    leds = Leds(led_pins)
    buttons = btn.Buttons(button_pins, ticks_ms())
    app = App(display, leds, DATA_DIR, SAVE_PATH)

    def cancel_pressed():                   # polled by a long solve: B cancels it
        return buttons.poll(ticks_ms()) == btn.event(btn.B, btn.PRESS)

    app.cancel_pressed = cancel_pressed
    app.draw()
    while True:
        now = ticks_ms()
        changed = False
        ev = buttons.poll(now)
        while ev != btn.NONE:
            if app.update(ev, now):
                changed = True
            ev = buttons.poll(now)
        if app.tick(now):
            changed = True
        if changed:
            app.draw()
        leds.update(now)
        sleep_ms(10)


run()
