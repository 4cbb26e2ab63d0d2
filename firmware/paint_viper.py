# Text painted straight into the 4-bit framebuffer, and the words files' letters spelt out,
# compiled to machine code (viper): the twin of engine/ui/paint.py (the same contract), which
# the device swaps in (firmware/device.py).
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
    sc = ((geom >> 20) & 1) + 1  # each pixel a square of sc (the large font: the small doubled)
    tall = geom >> 21  # 8-row glyphs drawn 11 rows tall (the medium font), as paint.py says
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
            at = int(xs[g])
            twice = 9  # (tall: the last row drawn twice, 6 for a descender's glyph)
            if tall:
                col = 0
                while col < w:
                    if strip[at + col] & 0x80:
                        twice = 8
                    col += 1
            col = 0
            px = x
            while col < w:
                bits = 0  # the column's rows, read once (8 to a byte of the strip)
                b = 0
                while b * 8 < gh:
                    bits |= int(strip[at + col + b * stride]) << (b * 8)
                    b += 1
                if bits and px + sc > 0 and px < w_:
                    row = 0
                    py = y
                    while row < gh:
                        r = row
                        if tall:
                            if row > 1:
                                r -= 1
                            if row > 6:
                                r -= 1
                            if row > twice:
                                r -= 1
                        if (bits >> r) & 1:  # a square of sc
                            qy = py
                            while qy < py + sc:
                                if qy >= 0 and qy < h_:
                                    a = qy * w_ + px
                                    qx = px
                                    while qx < px + sc:
                                        if qx >= 0 and qx < w_:
                                            if a & 1:
                                                d[a >> 1] = (d[a >> 1] & 0xF0) | colour
                                            else:
                                                d[a >> 1] = (d[a >> 1] & 0x0F) | (colour << 4)
                                        a += 1
                                        qx += 1
                                qy += 1
                        py += sc
                        row += 1
                px += sc
                col += 1
        x += w * sc + gap
        k += 1
    return x - gap


@micropython.viper
def spell(raw: ptr8, n: int, letters: ptr8, out: ptr8, write: int) -> int:  # noqa: F821
    """engine/ui/paint.py's spell (some 50 times faster: a word's letters were 45 us a byte)."""
    j = 0
    i = 0
    while i < n:
        b = raw[i]
        i += 1
        if b < 0x80:
            if write:
                out[j] = b
            j += 1
            continue
        c = letters[2 * b - 256] | letters[2 * b - 255] << 8
        if c < 0x800:
            if write:
                out[j] = 0xC0 | c >> 6
                out[j + 1] = 0x80 | (c & 0x3F)
            j += 2
        else:
            if write:
                out[j] = 0xE0 | c >> 12
                out[j + 1] = 0x80 | ((c >> 6) & 0x3F)
                out[j + 2] = 0x80 | (c & 0x3F)
            j += 3
    return j
