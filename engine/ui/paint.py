# Text painted straight into the screen's 4-bit framebuffer (engine/ui/text.py), and the
# words files' letters spelt out (engine/ui/words_file.py), in plain Python; the device swaps
# in its machine-code twin, firmware/paint_viper.py.


def paint(d, strip, s, n, xy, colour, wh, cmap, widths, xs, geom):
    """Paint string s (its n characters) at (x, y) = ((xy & 0x3FFF) - 0x2000, (xy >> 14) -
    0x2000), their top left, in `colour` into d, a GS4_HMSB framebuffer (a byte's left pixel
    in its high nibble) of width wh & 0xFFFF and height wh >> 16, clipped to it; colour < 0
    paints nothing (a measure). n < 0: glyph -1 - n alone, s and cmap not read.

    The font: cmap, code point -> glyph (engine/ui/fontload.py's char_map); widths and xs, each
    glyph's width and first column in the strip, a MONO_VLSB bitmap (bit 0 the top row) of
    stride geom & 0xFFF; (geom >> 12) & 31 rows drawn; (geom >> 17) & 7 pixels of gap after
    each character; each pixel drawn as a square of ((geom >> 20) & 1) + 1 (the large font:
    the small one doubled); geom >> 21 set: 8-row glyphs drawn 11 rows tall (the medium font:
    the small one, rows 1 and 5 twice, and 7, or 6 for a glyph reaching row 7, a descender).
    Returns the x after the last character, less the gap."""
    x = (xy & 0x3FFF) - 0x2000
    y = (xy >> 14) - 0x2000
    w_ = wh & 0xFFFF
    h_ = wh >> 16
    stride = geom & 0xFFF
    gh = (geom >> 12) & 31
    gap = (geom >> 17) & 7
    k = ((geom >> 20) & 1) + 1
    tall = geom >> 21
    for ch in s if n >= 0 else "\0":  # (a glyph by index: one character, not read)
        c = ord(ch)
        g = (cmap[c] if c < 128 else _glyph(cmap, c)) if n >= 0 else -1 - n
        w = widths[g]
        if c != 32 and colour >= 0:
            at = xs[g]
            twice = 9  # (tall: the last row drawn twice, 6 for a descender's glyph)
            for col in range(w if tall else 0):
                if strip[at + col] & 0x80:
                    twice = 8
            for col in range(w * k):
                px = x + col
                if not 0 <= px < w_:
                    continue
                for row in range(gh * k):
                    py = y + row
                    r = row // k
                    if tall:
                        r -= (r > 1) + (r > 6) + (r > twice)
                    if strip[at + col // k + (r >> 3) * stride] >> (r & 7) & 1 and \
                            0 <= py < h_:
                        a = py * w_ + px
                        if a & 1:
                            d[a >> 1] = (d[a >> 1] & 0xF0) | colour
                        else:
                            d[a >> 1] = (d[a >> 1] & 0x0F) | (colour << 4)
        x += w * k + gap
    return x - gap


def _glyph(cmap, c):
    """The glyph of code point c >= 128: its page's entry, or '?'."""
    page = c >> 6
    for k in range(8):
        if cmap[128 + k] == page:
            return cmap[136 + 64 * k + (c & 63)]
        if not cmap[128 + k]:
            break
    return cmap[63]


def spell(raw, n, letters, out, write):
    """The UTF-8 of raw's n bytes, a word as a words file holds it: each byte from 0x80 up
    stands for letters[b - 0x80] (2 bytes each, the code point), written into out (write 1);
    returns the UTF-8's length (write 0: only that, out not touched)."""
    j = 0
    for i in range(n):
        b = raw[i]
        if b < 0x80:
            if write:
                out[j] = b
            j += 1
            continue
        c = letters[2 * b - 256] | letters[2 * b - 255] << 8
        if c < 0x800:
            if write:
                out[j] = 0xC0 | c >> 6
                out[j + 1] = 0x80 | c & 0x3F
            j += 2
        else:
            if write:
                out[j] = 0xE0 | c >> 12
                out[j + 1] = 0x80 | c >> 6 & 0x3F
                out[j + 2] = 0x80 | c & 0x3F
            j += 3
    return j
