"""SSD1306 128x64 display on framebuf: one preallocated buffer, drawn by the app, sent by show().

In the style of micropython-lib's ssd1306 driver: the controller's registers by name, init as a
sequence of named commands, and a frame sent with `i2c.writevto(addr, (b"\\x40", buf))`, the data
prefix and the 1 KB framebuf as two parts of one transfer (nothing copied, nothing allocated). The
same driver runs on the board (machine.I2C) and in the simulator (an I2C stand-in with writevto).
"""

import framebuf

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

# registers (SSD1306 datasheet, section 9: command table)
SET_CONTRAST = const(0x81)
SET_ENTIRE_ON = const(0xA4)
SET_NORM_INV = const(0xA6)
SET_DISP = const(0xAE)              # | 1: display on
SET_MEM_ADDR = const(0x20)
SET_COL_ADDR = const(0x21)
SET_PAGE_ADDR = const(0x22)
SET_DISP_START_LINE = const(0x40)
SET_SEG_REMAP = const(0xA0)         # | 1: column 127 is SEG0
SET_MUX_RATIO = const(0xA8)
SET_COM_OUT_DIR = const(0xC0)       # | 8: scan from COM[N-1]
SET_DISP_OFFSET = const(0xD3)
SET_COM_PIN_CFG = const(0xDA)
SET_DISP_CLK_DIV = const(0xD5)
SET_PRECHARGE = const(0xD9)
SET_VCOM_DESEL = const(0xDB)
SET_CHARGE_PUMP = const(0x8D)

CONTROL_CMD = const(0x80)           # the I2C control byte before one command
CONTROL_DATA = const(0x40)          # the control byte before display data


class SSD1306:
    """128x64 monochrome, horizontal addressing, framebuf.MONO_VLSB like the controller's pages."""

    def __init__(self, i2c, addr=0x3C, width=128, height=64):
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.pages = height // 8
        self.buf = bytearray(self.pages * width)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_VLSB)
        self._cmd = bytearray(2)
        self._cmd[0] = CONTROL_CMD
        self._frame = (bytes((CONTROL_DATA,)), self.buf)      # writevto's parts: no copy of buf
        self.init_display()

    def init_display(self):
        for c in (
            SET_DISP,                               # off while configuring
            SET_MEM_ADDR, 0x00,                     # horizontal addressing
            SET_DISP_START_LINE | 0x00,
            SET_SEG_REMAP | 0x01,
            SET_MUX_RATIO, self.height - 1,
            SET_COM_OUT_DIR | 0x08,
            SET_DISP_OFFSET, 0x00,
            SET_COM_PIN_CFG, 0x02 if self.width > 2 * self.height else 0x12,
            SET_DISP_CLK_DIV, 0x80,
            SET_PRECHARGE, 0xF1,                    # internal charge pump timings
            SET_VCOM_DESEL, 0x30,                   # 0.83 * Vcc
            SET_CONTRAST, 0xFF,
            SET_ENTIRE_ON,                          # follow the RAM
            SET_NORM_INV,                           # not inverted
            SET_CHARGE_PUMP, 0x14,                  # on (no external Vcc)
            SET_DISP | 0x01,                        # on
        ):
            self.command(c)

    def command(self, c):
        self._cmd[1] = c
        self.i2c.writeto(self.addr, self._cmd)

    def power(self, on):
        self.command(SET_DISP | (1 if on else 0))

    def contrast(self, value):
        self.command(SET_CONTRAST)
        self.command(value)

    def show(self):
        """Send the framebuf: the whole window, then the data in one writevto (allocates nothing)."""
        self.command(SET_COL_ADDR)
        self.command(0)
        self.command(self.width - 1)
        self.command(SET_PAGE_ADDR)
        self.command(0)
        self.command(self.pages - 1)
        self.i2c.writevto(self.addr, self._frame)

    def pixel(self, x, y):
        """1 when the pixel at (x, y) is lit (the simulator reads frames with this)."""
        return (self.buf[(y >> 3) * self.width + x] >> (y & 7)) & 1
