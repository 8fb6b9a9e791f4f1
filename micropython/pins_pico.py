"""Pin map of the reference board: Raspberry Pi Pico (RP2040), SSD1306 128x64 OLED on I2C0,
six buttons to ground (internal pull-ups), three LEDs through 330 ohm resistors.

Another wiring or board is another file with the same names; main.py imports the one named in
board.txt (default this one).
"""

BOARD = "pico"

I2C_ID = 0
I2C_SDA = 4            # GP4, pin 6
I2C_SCL = 5            # GP5, pin 7
I2C_FREQ = 400000
OLED_ADDR = 0x3C
OLED_WIDTH = 128
OLED_HEIGHT = 64

# buttons, in the order of buttons.UP .. buttons.B; pressed = pin reads 0
BUTTON_PINS = (10, 11, 12, 13, 14, 15)   # up GP10, down GP11, left GP12, right GP13, A GP14, B GP15

# LEDs: green, yellow, red (active high)
LED_PINS = (16, 17, 18)
