# The hot paths of every frame pushed to the panel, compiled to machine code (viper): the
# framebuffer's 4-bit pixels to RGB565 bytes, which rows changed since the last push, and the
# DMA channel's start on each band the moment it is free. Same contracts as px_plain's, which
# is used where this cannot load.
#
# Written for armv6m's viper code from mpy-cross: only a function's first two locals live in
# registers (the rest are loaded from and stored to the stack at each use), and its parameters
# come first. So each function's first two parameters are what its inner loop uses most, the
# loops index by constant offsets from pointers that step on (a load or store with a constant
# offset is one instruction; with a register index viper adds a shift, and for a store a push
# and a pop), and the inner loops take 8 bytes a turn so that the loop's own steps and test
# (some 20 cycles) are paid once per 8 bytes. The cycle counts below are the instructions'
# (armv6m: 2 cycles a load, store or taken branch, 1 for the rest).
import micropython


@micropython.viper
def expand(d: ptr32, t: ptr32, src: ptr8, start: int, n: int):  # noqa: F821 (viper types)
    """The n bytes src[start:start+n] (two pixels each, the left one in the high nibble) into
    d[0:4*n] as RGB565 pixels, high byte first: t is the 1 KB table of the 256 byte values'
    four output bytes (value v's at 4v .. 4v+3). n a multiple of 8 (px_viper's loop stops only
    at d + 4n; a 240-pixel row is 120 bytes); d and t word-aligned (a bytearray's data is;
    armv6m faults on an unaligned word).

    A load, a table load and a store a byte: about 13.5 cycles a byte, 11 of them in the
    loop's body."""
    s = ptr8(int(src) + start)  # noqa: F821
    e = int(d) + (n << 2)
    while e - int(d):  # (an int against 0: viper's cheapest test, no bool made)
        d[0] = t[s[0]]
        d[1] = t[s[1]]
        d[2] = t[s[2]]
        d[3] = t[s[3]]
        d[4] = t[s[4]]
        d[5] = t[s[5]]
        d[6] = t[s[6]]
        d[7] = t[s[7]]
        s = ptr8(int(s) + 8)  # noqa: F821
        d = ptr32(int(d) + 32)  # noqa: F821


@micropython.viper
def changed_rows(p: ptr32, h: uint, hashes: ptr32, runs: ptr8, words: int,  # noqa: F821
                 rows: int) -> int:
    """Which of the `rows` rows of `words` 32-bit words each, from p on, changed: each row's
    hash, where it differs from hashes[y], goes there and the row counts as changed. The runs
    of changed rows go into runs as pairs of bytes (first row, row after the last), in order;
    returns how many runs. h: where each row's hash starts, below 2**22. words even
    (px_viper's row loop stops only at its end), rows < 256, runs at least rows + 1 bytes, p
    and hashes word-aligned.

    h is a parameter so that the running hash is in a register. The hash, per word w:
    h = (h ^ w) * K, then h = (h ^ (h >> 15)) * K (mod 2**32, K odd). Each step is one-to-one
    in h and in w, so a row that differs in one word always hashes differently. A multiply
    carries a change only upwards (a change to the top bit alone comes out as that bit alone),
    so the xorshift brings high bits down and the second multiply spreads them before the next
    word comes in: with one multiply a word, changes to the top bits of two neighbouring words
    could cancel. Rows that differ in more words collide about once in 2**32 (a stale row on
    the panel until it changes again). About 27 cycles a word. px_plain hashes otherwise (in
    small ints): hashes are only compared with the same twin's."""
    k = uint(0x27D4EB2F)  # noqa: F821 (xxHash's fourth 32-bit prime; below 2**30: a small int)
    seed = h
    c = 0
    y = 0
    run = 0
    while y < rows:
        e = int(p) + (words << 2)
        h = seed
        while e - int(p):
            h = (h ^ uint(p[0])) * k  # noqa: F821
            h = (h ^ (h >> 15)) * k
            h = (h ^ uint(p[1])) * k  # noqa: F821
            h = (h ^ (h >> 15)) * k
            p = ptr32(int(p) + 8)  # noqa: F821
        if h != uint(hashes[y]):  # noqa: F821
            hashes[y] = h
            if not run:
                runs[c] = y
                c += 1
                run = 1
        elif run:
            runs[c] = y
            c += 1
            run = 0
        y += 1
    if run:
        runs[c] = rows
        c += 1
    return c >> 1


@micropython.viper
def dma_start(ch: ptr32, count: int, src: int):  # noqa: F821 (viper types)
    """Wait until the DMA channel whose registers are `ch` (rp2.DMA.registers: its 16 words)
    is idle, then start it on `count` transfers read from address `src`: CTRL_TRIG's BUSY bit
    (bit 24, word 3), then AL3_TRANS_COUNT (word 14) and AL3_READ_ADDR_TRIG (word 15, whose
    write starts the channel).

    The SPI has nothing to send from the moment the channel queues a band's last byte (a few
    bytes' time later the FIFO is empty) until the next band starts. This loop sees the
    channel idle and starts it within a few cycles; a Python loop takes ~15 us, as long as
    120 bytes on the wire, at each band."""
    while ch[3] & 0x1000000:
        pass
    ch[14] = count
    ch[15] = src
