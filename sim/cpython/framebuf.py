"""CPython stand-in for MicroPython's `framebuf`: the subset the screens use, pixel-exact.

Formats GS4_HMSB (the screen: two pixels a byte, the left one in the high nibble) and
MONO_VLSB (glyphs: a byte is a column of eight pixels, the top one in bit 0; `stride` bytes
from one band of eight rows to the next).
Methods: fill, pixel, hline, vline, fill_rect, rect, blit (with key and palette). A test
draws the same screens here and under MicroPython's real framebuf and compares the bytes.
"""

MONO_VLSB = 0
GS4_HMSB = 2


class FrameBuffer:
    def __init__(self, buf, width, height, fmt, stride=None):
        if fmt not in (GS4_HMSB, MONO_VLSB):
            raise ValueError("format not supported by the desktop framebuf")
        self.buf = buf
        self.width = width
        self.height = height
        self.fmt = fmt
        self.stride = width if stride is None else stride
        if fmt == MONO_VLSB and len(buf) < ((height + 7) // 8 - 1) * self.stride + width:
            raise ValueError("buffer too small")  # as MicroPython checks it

    def _get(self, x, y):
        if self.fmt == GS4_HMSB:
            b = self.buf[(x + y * self.stride) >> 1]
            return b & 0x0F if x & 1 else b >> 4
        return (self.buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def _set(self, x, y, c):
        if self.fmt == GS4_HMSB:
            i = (x + y * self.stride) >> 1
            b = self.buf[i]
            self.buf[i] = (b & 0xF0) | (c & 0x0F) if x & 1 else ((c & 0x0F) << 4) | (b & 0x0F)
        else:
            i = (y >> 3) * self.stride + x
            bit = 1 << (y & 7)
            self.buf[i] = self.buf[i] | bit if c & 1 else self.buf[i] & ~bit

    def fill_rect(self, x, y, w, h, c):
        x0 = max(x, 0)
        y0 = max(y, 0)
        x1 = min(x + w, self.width)
        y1 = min(y + h, self.height)
        if self.fmt == GS4_HMSB and x0 < x1:
            both = ((c & 15) << 4) | (c & 15)
            for yy in range(y0, y1):
                row = yy * self.stride
                a = x0
                if a & 1:
                    self._set(a, yy, c)
                    a += 1
                b = x1
                if b & 1 and b > a:
                    b -= 1
                    self._set(b, yy, c)
                if a < b:
                    self.buf[(row + a) >> 1:(row + b) >> 1] = bytes([both]) * ((b - a) >> 1)
            return
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                self._set(xx, yy, c)

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, fill=False):
        if fill:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def blit(self, src, x, y, key=-1, palette=None):
        # Same clipping and order as MicroPython's framebuf.c: the palette maps the source
        # colour first, then the mapped colour is compared with the key.
        if x >= self.width or y >= self.height or -x >= src.width or -y >= src.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = min(self.width, x + src.width)
        y1 = min(self.height, y + src.height)
        for cy in range(y0, y1):
            for cx in range(x0, x1):
                col = src._get(cx - x, cy - y)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(cx, cy, col)
