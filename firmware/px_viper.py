# The framebuffer's 4-bit pixels to RGB565 bytes, compiled to machine code (viper): the hot
# path of every frame. Same contract as px_plain.expand, which is used where this cannot load.
import micropython


@micropython.viper
def expand(src, start: int, count: int, lut, dst):
    s = ptr8(src)  # noqa: F821 (viper built-ins)
    t = ptr8(lut)  # noqa: F821
    d = ptr8(dst)  # noqa: F821
    i = start
    end = start + count
    j = 0
    while i < end:
        b = s[i]
        h = (b >> 4) << 1
        lo = (b & 15) << 1
        d[j] = t[h]
        d[j + 1] = t[h + 1]
        d[j + 2] = t[lo]
        d[j + 3] = t[lo + 1]
        i += 1
        j += 4
