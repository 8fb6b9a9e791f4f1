"""SSD1306 128x64 display on framebuf: one preallocated buffer, drawn by the app, sent by show().

The same driver runs on the board (machine.I2C) and in the simulator (an I2C stand-in that keeps the
last frame); nothing allocates after construction.
"""

import framebuf

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_SET_CONTRAST = const(0x81)
_DISPLAY_ON = const(0xAF)
_DISPLAY_OFF = const(0xAE)
_INIT = (0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0x00, 0xDA, 0x12, 0xD5, 0x80,
         0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF)


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
        self._data = bytearray(width * self.pages + 1)
        self._data[0] = 0x40
        self._win = (0x21, 0, width - 1, 0x22, 0, self.pages - 1)
        for c in _INIT:
            self.command(c)

    def command(self, c):
        self._cmd[0] = 0x80
        self._cmd[1] = c
        self.i2c.writeto(self.addr, self._cmd)

    def power(self, on):
        self.command(_DISPLAY_ON if on else _DISPLAY_OFF)

    def contrast(self, value):
        self.command(_SET_CONTRAST)
        self.command(value)

    def show(self):
        for c in self._win:
            self.command(c)
        data = self._data
        buf = self.buf
        for i in range(len(buf)):
            data[i + 1] = buf[i]
        self.i2c.writeto(self.addr, data)

    def pixel(self, x, y):
        """1 when the pixel at (x, y) is lit (the simulator reads frames with this)."""
        return (self.buf[(y >> 3) * self.width + x] >> (y & 7)) & 1
