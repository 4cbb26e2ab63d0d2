# ST7789 panel driver: init, the 4-bit framebuffer pushed as RGB565, sleep, backlight.
#
# The panel takes 16-bit pixels high byte first. The framebuffer holds 4-bit colour indexes
# (half the RAM of RGB565), so each frame is expanded a band of rows at a time into a small
# buffer and written while the next band waits: RAM for one band, not a second frame.
import time
from micropython import const

try:
    from firmware.px_viper import expand
except (ImportError, SyntaxError, ValueError):  # no native code here: the plain twin
    from firmware.px_plain import expand

_SWRESET = const(0x01)
_SLPIN = const(0x10)
_SLPOUT = const(0x11)
_INVON = const(0x21)
_DISPOFF = const(0x28)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)
_BAND = const(4)  # rows expanded and written at a time (1.9 KB at 240 wide)
BAUD = const(62_500_000)  # the panel's fastest write clock (a 16 ns cycle)

# Power, porch, voltage and gamma settings of Waveshare's Pico-LCD examples: command, then
# its data bytes. A board profile may give its maker's own as INIT.
_INIT = (
    (0xB2, b"\x0c\x0c\x00\x33\x33"),  # porch
    (0xB7, b"\x35"),  # gate voltages
    (0xBB, b"\x19"),  # VCOM
    (0xC0, b"\x2c"),
    (0xC2, b"\x01"),
    (0xC3, b"\x12"),
    (0xC4, b"\x20"),
    (0xC6, b"\x0f"),  # 60 Hz
    (0xD0, b"\xa4\xa1"),  # power control
    (0xE0, b"\xd0\x04\x0d\x11\x13\x2b\x3f\x54\x4c\x18\x0d\x0b\x1f\x23"),
    (0xE1, b"\xd0\x04\x0c\x11\x13\x2c\x3f\x44\x51\x2f\x1f\x1f\x20\x23"),
)


class ST7789:
    def __init__(self, spi, cs, dc, rst, bl, board):
        """spi: a machine.SPI; cs, dc, rst: machine.Pin outputs (rst may be None: software
        reset); bl: a machine.PWM on the backlight; board: the profile (firmware/boards/)."""
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self.bl = bl
        self.w = board.WIDTH
        self.h = board.HEIGHT
        self.board = board
        self.band = bytearray(self.w * 2 * _BAND)
        self.lut = bytearray(32)
        self.cmd1 = bytearray(1)
        self.win = bytearray(4)

    def palette(self, colours):
        """The 16 RGB565 values of the colour indexes."""
        for i in range(16):
            self.lut[2 * i] = colours[i] >> 8
            self.lut[2 * i + 1] = colours[i] & 0xFF

    def _cmd(self, c, data=None):
        self.cmd1[0] = c
        self.cs(0)
        self.dc(0)
        self.spi.write(self.cmd1)
        if data:
            self.dc(1)
            self.spi.write(data)
        self.cs(1)

    def init(self):
        b = self.board
        self.cs(1)
        if self.rst:
            self.rst(1)
            time.sleep_ms(5)
            self.rst(0)
            time.sleep_ms(20)
            self.rst(1)
        else:
            self._cmd(_SWRESET)
        time.sleep_ms(150)  # both resets need 120 ms before SLPOUT
        self._cmd(_MADCTL, bytes((b.MADCTL,)))  # orientation (and RGB order)
        self._cmd(_COLMOD, b"\x05")  # 16 bits a pixel
        for c, data in getattr(b, "INIT", _INIT):
            self._cmd(c, data)
        if b.INVERT:
            self._cmd(_INVON)  # these IPS panels show true colours inverted
        self._cmd(_SLPOUT)
        time.sleep_ms(120)
        self._cmd(_DISPON)

    def _range(self, cmd, first, n):
        """CASET or RASET: the columns or rows first .. first + n - 1, 16 bits each."""
        w = self.win
        last = first + n - 1
        w[0] = first >> 8
        w[1] = first & 0xFF
        w[2] = last >> 8
        w[3] = last & 0xFF
        self._cmd(cmd, w)

    def _window(self):
        self._range(_CASET, self.board.XOFF, self.w)
        self._range(_RASET, self.board.YOFF, self.h)

    def show(self, buf):
        """Push the whole GS4_HMSB framebuffer `buf` to the panel."""
        self._window()
        self.cmd1[0] = _RAMWR
        self.cs(0)
        self.dc(0)
        self.spi.write(self.cmd1)
        self.dc(1)
        row = self.w // 2  # framebuffer bytes a row
        band = self.band
        for y in range(0, self.h, _BAND):
            n = min(_BAND, self.h - y) * row
            expand(buf, y * row, n, self.lut, band)
            self.spi.write(band if n == _BAND * row else memoryview(band)[:4 * n])
        self.cs(1)

    def sleep(self, on):
        """Panel asleep (display off, a few uA) or awake; the framebuffer is kept."""
        if on:
            self._cmd(_DISPOFF)
            self._cmd(_SLPIN)
        else:
            self._cmd(_SLPOUT)
            time.sleep_ms(120)
            self._cmd(_DISPON)
        time.sleep_ms(5)

    def backlight(self, percent):
        self.bl.duty_u16(percent * 65535 // 100)
