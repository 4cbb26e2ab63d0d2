# The hot paths of every frame pushed to the panel, in plain Python: the twin of px_viper.py,
# used where native code cannot run (the npm MicroPython, CPython). Same contracts; every
# integer stays below 2**30, so that a 32-bit MicroPython allocates nothing.
from micropython import const

_P = const(4194301)  # the largest prime below 2**22: a hash times 256 stays below 2**30


def expand(d, t, src, start, n):
    """The n bytes src[start:start+n] (two pixels each, the left one in the high nibble) into
    d[0:4*n] as RGB565 pixels, high byte first: t is the 1 KB table of the 256 byte values'
    four output bytes (value v's at 4v .. 4v+3). n a multiple of 8 (px_viper's loop stops only
    at d + 4n; a 240-pixel row is 120 bytes); d and t word-aligned (a bytearray's data is;
    armv6m faults on an unaligned word)."""
    j = 0
    for i in range(start, start + n):
        v = src[i] << 2
        d[j] = t[v]
        d[j + 1] = t[v + 1]
        d[j + 2] = t[v + 2]
        d[j + 3] = t[v + 3]
        j += 4


def changed_rows(p, h, hashes, runs, words, rows):
    """Which of the `rows` rows of `words` 32-bit words each, from p on, changed: each row's
    hash, where it differs from hashes[y], goes there and the row counts as changed. The runs
    of changed rows go into runs as pairs of bytes (first row, row after the last), in order;
    returns how many runs. h: where each row's hash starts, below 2**22. words even
    (px_viper's row loop stops only at its end), rows < 256, runs at least rows + 1 bytes, p
    and hashes word-aligned.

    The hash is not px_viper's (its 32-bit products would be long integers here, allocated at
    every word): the row's bytes as one number, modulo a prime below 2**22 (as in Rabin and
    Karp's string search). A prime divides no change to a single byte, so a row that differs
    in one byte always hashes differently; rows that differ more collide about once in 4
    million. Hashes are only ever compared with this function's own."""
    n = words << 2
    c = 0
    run = False
    a = 0
    for y in range(rows):
        x = h
        for i in range(a, a + n):
            x = ((x << 8) | p[i]) % _P
        a += n
        if x != hashes[y]:
            hashes[y] = x
            if not run:
                runs[c] = y
                c += 1
                run = True
        elif run:
            runs[c] = y
            c += 1
            run = False
    if run:
        runs[c] = rows
        c += 1
    return c >> 1


def dma_start(ch, count, src):
    """Wait until the DMA channel whose registers are `ch` (rp2.DMA.registers: its 16 words)
    is idle, then start it on `count` transfers read from address `src`: CTRL_TRIG's BUSY bit
    (bit 24, word 3), then AL3_TRANS_COUNT (word 14) and AL3_READ_ADDR_TRIG (word 15, whose
    write starts the channel)."""
    while ch[3] & 0x1000000:
        pass
    ch[14] = count
    ch[15] = src
