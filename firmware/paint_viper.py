# Text painted straight into the 4-bit framebuffer, compiled to machine code (viper): the twin
# of engine/ui/paint.py (the same contract), which the device swaps in (firmware/device.py).
# A glyph blitted through framebuf costs some 100 us on the Pico (a pixel at a time, through
# function pointers); this paints a whole string in one call, about 30 us a character.
import micropython


@micropython.viper
def paint(d: ptr8, strip: ptr8, s: ptr8, n: int, xy: int, colour: int, wh: int,  # noqa: F821
          cmap: ptr8, widths: ptr8, xs: ptr16, geom: int) -> int:  # noqa: F821
    """engine/ui/paint.py's paint."""
    x = (xy & 0x3FFF) - 0x2000
    y = (xy >> 14) - 0x2000
    w_ = wh & 0xFFFF
    h_ = wh >> 16
    stride = geom & 0xFFF
    gh = (geom >> 12) & 31
    gap = (geom >> 17) & 7
    sc = (geom >> 20) + 1  # each pixel a square of sc (the large font: the small one doubled)
    i = 0  # the next byte of s (-1: one glyph by its index)
    g = 0
    if n < 0:
        g = -1 - n
        n = 1
        i = -1
    k = 0
    while k < n:
        c = 0
        if i >= 0:
            c = s[i]
            i += 1
            if c < 0x80:
                g = cmap[c]
            else:  # UTF-8: the code point of 2 or 3 bytes, found in its page of 64
                if c >= 0xE0:
                    c = (c & 0x0F) << 12 | (s[i] & 0x3F) << 6 | (s[i + 1] & 0x3F)
                    i += 2
                else:
                    c = (c & 0x1F) << 6 | (s[i] & 0x3F)
                    i += 1
                while (s[i] & 0xC0) == 0x80:  # (a longer sequence: drawn as '?')
                    i += 1
                g = cmap[63]
                page = c >> 6
                p = 0
                while p < 8 and cmap[128 + p]:
                    if cmap[128 + p] == page:
                        g = cmap[136 + 64 * p + (c & 63)]
                        break
                    p += 1
        w = widths[g]
        if c != 32 and colour >= 0:
            col = 0
            while col < w:
                row = 0
                while row < gh:
                    bits = strip[int(xs[g]) + col + (row >> 3) * stride]
                    end = row + 8
                    if end > gh:
                        end = gh
                    while row < end:
                        if bits & 1:  # the pixel: a square of sc
                            py = y + row * sc
                            while py < y + (row + 1) * sc:
                                px = x + col * sc
                                while px < x + (col + 1) * sc:
                                    if px >= 0 and px < w_ and py >= 0 and py < h_:
                                        a = py * w_ + px
                                        if a & 1:
                                            d[a >> 1] = (d[a >> 1] & 0xF0) | colour
                                        else:
                                            d[a >> 1] = (d[a >> 1] & 0x0F) | (colour << 4)
                                    px += 1
                                py += 1
                        bits = bits >> 1
                        row += 1
                col += 1
        x += w * sc + gap
        k += 1
    return x - gap
