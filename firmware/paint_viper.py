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
    gap = geom >> 17
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
            if c >= 0x80:  # outside ASCII: its continuation bytes skipped, drawn as '?'
                while (s[i] & 0xC0) == 0x80:
                    i += 1
                c = 63
            g = cmap[c]
        w = widths[g]
        if c != 32 and colour >= 0:
            col = 0
            while col < w:
                px = x + col
                if px >= 0 and px < w_:
                    row = 0
                    while row < gh:
                        bits = strip[int(xs[g]) + col + (row >> 3) * stride]
                        end = row + 8
                        if end > gh:
                            end = gh
                        while row < end:
                            if bits & 1:
                                py = y + row
                                if py >= 0 and py < h_:
                                    a = py * w_ + px
                                    if a & 1:
                                        d[a >> 1] = (d[a >> 1] & 0xF0) | colour
                                    else:
                                        d[a >> 1] = (d[a >> 1] & 0x0F) | (colour << 4)
                            bits = bits >> 1
                            row += 1
                col += 1
        x += w + gap
        k += 1
    return x - gap
