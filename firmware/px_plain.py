# The framebuffer's 4-bit pixels to the panel's RGB565 bytes: the plain twin of px_viper.py,
# used where native code cannot run (the npm MicroPython, CPython).


def expand(src, start, count, lut, dst):
    """Bytes src[start:start+count] (two pixels each, the left one in the high nibble) into
    dst[0:4*count], two bytes a pixel, high byte first; lut holds colour i's bytes at 2i, 2i+1."""
    j = 0
    for i in range(start, start + count):
        b = src[i]
        h = (b >> 4) << 1
        lo = (b & 15) << 1
        dst[j] = lut[h]
        dst[j + 1] = lut[h + 1]
        dst[j + 2] = lut[lo]
        dst[j + 3] = lut[lo + 1]
        j += 4
