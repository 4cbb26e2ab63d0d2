# ST7789 panel driver: init, the 4-bit framebuffer pushed as RGB565, sleep, backlight.
#
# The panel takes 16-bit pixels high byte first. The framebuffer holds 4-bit colour indexes
# (half the RAM of RGB565), so each frame is expanded a band of rows at a time into a small
# buffer and written while the next band waits: RAM for a band, not a second frame. Only
# the rows that changed since the last push go to the panel: each row's 32-bit hash is kept
# (4 bytes a row, not a copy of the frame) and compared with the frame's at each push.
#
# On the RP2040 a DMA channel feeds the SPI's data register, paced by the SPI's transmit
# request, from one row of the band buffer while the CPU expands the next row into the other:
# a row takes 61 us on the wire at 62.5 MHz and the CPU ~35 us to expand it and start the
# channel on it (~25 us of it the expansion: machine code, run from RAM, as fast on silicon;
# the rest bytecode, ~1.4x slower there), so the wire sets the pace, not the two in turn.
# Where there is no rp2.DMA (CPython, the npm MicroPython) each band goes by
# machine.SPI.write, which blocks until it is sent.
import time
from array import array
from micropython import const

try:
    from firmware.px_viper import expand, changed_rows, dma_start
except (ImportError, SyntaxError, ValueError, NameError):  # no native code here (CPython
    # also finds viper's types in the annotations unknown): the plain twin
    from firmware.px_plain import expand, changed_rows, dma_start

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
_BAND = const(2)  # rows expanded and written at a time (960 bytes at 240 wide)
_SEED = const(0x2B7E15)  # where each row's hash starts (any value below 2**22)
# The RP2040's SPI (PL022) registers, as offsets from each block's base, and their bits
SSPDR = const(0x08)  # data: a write queues a byte to send, a read takes one received
_SSPSR = const(0x0C)  # status
_SSPICR = const(0x20)  # interrupt clear
_BSY = const(0x10)  # SSPSR: still sending (the FIFO not empty or a byte being shifted out)
_RNE = const(0x04)  # SSPSR: a received byte waits in the FIFO
_RORIC = const(0x01)  # SSPICR: clears the receive overrun
_CTRL = const(3)  # a DMA channel's CTRL_TRIG, as an index of rp2.DMA.registers (words)
_BUSY = const(0x1000000)  # CTRL_TRIG: the channel is running
BAUD = const(62_500_000)  # the panel's fastest write clock (a 16 ns cycle)
# The ST7789V's waits (its datasheet: RESX timing, SWRESET, SLPIN and SLPOUT), in ms. After a
# reset the panel takes no command for 5 ms if it was asleep, 120 ms if it was awake (the Pico
# may be reset while the panel is on, so always 120). After SLPOUT, 5 ms before the next
# command (10 for a margin); between SLPOUT and SLPIN, either way, 120.
_RESET_MS = const(120)
_WAKE_MS = const(10)
_SLEEP_MS = const(120)

# Power, porch, voltage and gamma settings of Waveshare's Pico-LCD examples: command, then
# its data bytes. A board profile may give its maker's own as INIT.
_INIT = const((
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
))


class ST7789:
    def __init__(self, spi, cs, dc, rst, bl, board, dma=None):
        """spi: a machine.SPI; cs, dc, rst: machine.Pin outputs (rst may be None: software
        reset); bl: a machine.PWM on the backlight; board: the profile (firmware/boards/);
        dma: on a Pico, (an rp2.DMA channel set up to write bytes to the SPI's data register
        paced by its transmit FIFO, machine.mem32, the SPI's register block) from
        hw.display; None: each band by spi.write."""
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self.bl = bl
        self.w = board.WIDTH
        self.h = board.HEIGHT
        self.board = board
        if self.w % 16 or self.h > 255:
            raise ValueError("rows of 8-byte steps, fewer than 256")  # (px_viper's loops)
        # the band's data is word-aligned (a bytearray's is): expand stores words into it
        self.band = bytearray(self.w * 2 * _BAND)
        band = memoryview(self.band)
        self.bands = tuple(band[:self.w * 2 * k] for k in range(1, _BAND + 1))  # 1-2 rows
        self.dma = None
        if dma:
            self._use_dma(*dma)
        self.lut = bytearray(1024)  # byte value v's two pixels as 4 bytes at 4v (palette)
        self.hashes = array("I", bytes(4 * self.h))  # each row's hash at the last push
        self.runs = bytearray(self.h + 1)  # the runs of changed rows (first, after last)
        self.full = True  # push every row next time: the panel's memory is not known
        self.cmd1 = bytearray(1)
        self.win = bytearray(4)
        self.reset_at = None  # time.ticks_ms() of a reset that init has not finished
        self.slpout_at = None  # time.ticks_ms() of the last SLPOUT
        self.slpin_at = None  # and of the last SLPIN

    def _use_dma(self, dma, mem32, base):
        """The pushes by DMA: the channel's registers, the SPI's that tell when it is done and
        the band's two rows with their addresses, kept so that a push allocates nothing (the
        SPI's addresses are above 2**30, long ints in MicroPython: made here, once; RAM
        addresses are small ints). A push starts the channel on each row by its registers
        (dma_start), not by DMA.config, whose keyword arguments take ~20 us to parse: a third
        of a row's time on the wire, the SPI idle, at each of a frame's 135 rows."""
        from uctypes import addressof
        self.dma = dma  # (kept: the channel is released when its object is collected)
        self.regs = dma.registers
        self.mem = mem32
        self.dr = base + SSPDR
        self.sr = base + _SSPSR
        self.icr = base + _SSPICR
        n = self.w * 2
        self.rows = (self.bands[0], memoryview(self.band)[n:])
        self.at = addressof(self.band)  # the rows' addresses
        self.at2 = self.at + n

    def palette(self, colours):
        """The 16 RGB565 values of the colour indexes. The table holds, for each byte of the
        framebuffer (two pixels, the left one in the high nibble), the 4 bytes the panel gets:
        left high, left low, right high, right low (a little-endian word, as expand loads it)."""
        t = self.lut
        for v in range(256):
            left = colours[v >> 4]
            right = colours[v & 15]
            t[4 * v] = left >> 8
            t[4 * v + 1] = left & 0xFF
            t[4 * v + 2] = right >> 8
            t[4 * v + 3] = right & 0xFF
        self.full = True  # every pixel's colour may have changed

    def _cmd(self, c, data=None):
        self.cmd1[0] = c
        self.cs(0)
        self.dc(0)
        self.spi.write(self.cmd1)
        if data:
            self.dc(1)
            self.spi.write(data)
        self.cs(1)

    def reset(self):
        """Start the panel's reset and return: a pulse on its reset line, or SWRESET where
        there is none. The panel then takes no command for 120 ms, which the caller may spend
        on other work: init waits only what is left."""
        self.cs(1)
        if self.rst:
            self.rst(0)
            time.sleep_ms(1)  # (the pulse must be 10 us at least)
            self.rst(1)
        else:
            self._cmd(_SWRESET)
        self.reset_at = time.ticks_ms()

    def init(self):
        """The panel set up and on, its memory not known (the next push is whole): after
        reset() if that was called, else after a reset of its own."""
        b = self.board
        if self.reset_at is None:
            self.reset()
        _wait(self.reset_at, _RESET_MS)
        self.reset_at = None
        self._cmd(_MADCTL, bytes((b.MADCTL,)))  # orientation (and RGB order)
        self._cmd(_COLMOD, b"\x05")  # 16 bits a pixel
        for c, data in getattr(b, "INIT", _INIT):
            self._cmd(c, data)
        if b.INVERT:
            self._cmd(_INVON)  # these IPS panels show true colours inverted
        self._wake()
        self.full = True

    def _wake(self):
        """Out of sleep, display on: SLPOUT no sooner than 120 ms after an SLPIN."""
        _wait(self.slpin_at, _SLEEP_MS)
        self._cmd(_SLPOUT)
        self.slpout_at = time.ticks_ms()
        time.sleep_ms(_WAKE_MS)
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

    def show(self, buf):
        """Push the GS4_HMSB framebuffer `buf` to the panel: only the rows that changed since
        the last push (the columns' window once, then a row window and RAMWR per run of
        changed rows), nothing when none did, and every row after init, a new palette or a
        wake."""
        w = self.w
        h = self.h
        runs = self.runs
        n = changed_rows(buf, _SEED, self.hashes, runs, w >> 3, h)  # the hashes, updated
        if self.full:
            runs[0] = 0
            runs[1] = h
            n = 1
        if not n:
            return
        self.full = True  # until the push is done: one cut short leaves the panel unknown
        b = self.board
        spi = self.spi
        cs = self.cs
        dc = self.dc
        cmd = self.cmd1
        band = self.band
        bands = self.bands
        lut = self.lut
        ex = expand
        row = w >> 1  # framebuffer bytes a row
        self._range(_CASET, b.XOFF, w)
        for i in range(n):
            y = runs[2 * i]
            end = runs[2 * i + 1]
            self._range(_RASET, b.YOFF + y, end - y)
            cmd[0] = _RAMWR
            cs(0)
            dc(0)
            spi.write(cmd)
            dc(1)
            if self.dma:
                self._stream(buf, y, end)
            else:
                while y < end:
                    k = end - y
                    if k > _BAND:
                        k = _BAND
                    ex(band, lut, buf, y * row, k * row)
                    spi.write(bands[k - 1])
                    y += k
            cs(1)
        self.full = False

    def _stream(self, buf, y, end):
        """Rows y .. end - 1 of `buf` to the panel (CS and DC set, after RAMWR) through the
        DMA channel: while it sends one row of the band the CPU expands the next into the
        other, and starts the channel on that the moment the one before is queued.

        Returns when the last byte has left the SPI, with the receive FIFO empty: the SPI
        receives a byte for every byte it sends, and nothing reads them during the DMA's
        writes, so its receive FIFO fills (8 bytes) and overflows. machine.SPI.write of 32
        bytes or more reads as many bytes as it sends to know when it is done: bytes left
        there would end it early, with its last bytes still to send."""
        regs = self.regs
        lut = self.lut
        ex = expand
        go = dma_start
        row = self.w >> 1  # framebuffer bytes a row
        n = row * 4  # the panel's bytes a row
        a, b = self.rows  # the row being filled, the other one
        at = self.at  # their addresses
        bt = self.at2
        s = y * row
        e = end * row
        while True:
            ex(a, lut, buf, s, row)  # (the other row going out meanwhile)
            go(regs, n, at)
            s += row
            if s >= e:
                break
            a, b = b, a
            at, bt = bt, at
        while regs[_CTRL] & _BUSY:
            pass
        mem = self.mem
        sr = self.sr
        while mem[sr] & _BSY:  # the channel is done when its last byte is queued, not sent
            pass
        dr = self.dr
        while mem[sr] & _RNE:
            mem[dr]
        mem[self.icr] = _RORIC

    def sleep(self, on):
        """Panel asleep (display off, a few uA) or awake; the framebuffer is kept. SLPIN no
        sooner than 120 ms after the last SLPOUT, and the wake's SLPOUT no sooner than 120 ms
        after the SLPIN: waited for only when they come that close (a key pressed just as the
        panel falls asleep). No command but that SLPOUT follows SLPIN, so the 5 ms the
        datasheet asks after SLPIN are within those 120."""
        if on:
            self._cmd(_DISPOFF)
            _wait(self.slpout_at, _SLEEP_MS)
            self._cmd(_SLPIN)
            self.slpin_at = time.ticks_ms()
        else:
            self._wake()
            self.full = True  # the next push is whole: it shows what was drawn while asleep

    def backlight(self, percent):
        self.bl.duty_u16(percent * 65535 // 100)


def _wait(since, ms):
    """Sleep until `ms` have passed since time.ticks_ms() was `since` (None: at once): only
    what is left of them. One more ms, as ticks_ms counts whole ms: `since` may have been read
    just before its ms ended."""
    if since is None:
        return
    left = ms + 1 - time.ticks_diff(time.ticks_ms(), since)
    if left > 0:
        time.sleep_ms(left)
