# Text in our own bitmap fonts (engine/ui/fontdata.py), drawn with framebuf blits.
#
# A font is one MONO_VLSB strip of glyphs (tools/mkfont.py). A hot glyph (a card's digit, a
# clan glyph) is a FrameBuffer viewing its columns of the strip (the strip's width as stride:
# no copy), made once and kept; any other is copied into the font's one glyph-sized cell as it
# is drawn (a view of each would take 60 bytes of heap, kept or as garbage). Either is blitted
# onto the screen through a two-colour palette whose background maps to the key.
import framebuf
from array import array
from engine.ui import fontdata, unload
from engine.ui.files import checksum

_pal_buf = bytearray(1)
_pal = framebuf.FrameBuffer(_pal_buf, 2, 1, framebuf.GS4_HMSB)


def _load():
    """fonts.bin (beside this module) read once into one buffer the fonts' strips share.
    A file missing, cut short or changed is said as such (the crash screen shows it), never
    drawn as garbage or read past its end."""
    f = __file__
    buf = b""
    try:
        with open(f[:f.rfind("/") + 1] + "fonts.bin", "rb") as file:
            if file.seek(0, 2) == fontdata.SIZE:  # (no other size is read: it may be huge)
                buf = bytearray(fontdata.SIZE)  # read straight into the buffer
                file.seek(0)
                file.readinto(buf)
    except OSError:
        pass
    if len(buf) != fontdata.SIZE or checksum(buf) != fontdata.SUM:
        raise OSError("fonts.bin is missing or damaged: flash the game again")
    return memoryview(buf)


_data = _load()


class Font:
    def __init__(self, spec, chars, hot):
        """hot: the characters drawn most: their views are kept once made; the others are
        copied into the cell each time they are drawn."""
        at, size, width, height, offs, widths = spec
        self.data = _data[at:at + size]
        self.stride = width
        self.height = height
        self.widths = widths
        self.gap = 1 if height < 12 else 2
        # As bytes: a character taken out of a str becomes an interned name (a qstr, never
        # freed) on MicroPython, so the characters are read as bytes here.
        chars = chars.encode()
        hot = hot.encode()
        self.map = None  # character code -> glyph, for the fonts of text (not the clan glyphs)
        if len(chars) > 8:
            unknown = max(0, chars.find(b"?"))
            self.map = bytearray(128)
            for i in range(128):
                self.map[i] = unknown
            for i in range(len(chars)):
                self.map[chars[i]] = i
        self.hot = bytearray(len(widths))  # glyph -> 1 if hot
        cold = False
        for i in range(len(widths)):
            self.hot[i] = hot.find(chars[i:i + 1]) >= 0
            cold = cold or not self.hot[i]
        self.cut = [None] * len(widths)  # glyph -> its view (the hot ones, once drawn)
        self.xs = array("H", [offs[2 * i] | offs[2 * i + 1] << 8 for i in range(len(widths))])
        # the whole strip, and the cell the other glyphs are copied into (fonts with some)
        self.cell_w = max(widths)
        self.strip = self.cell_fb = None
        if cold:
            self.strip = framebuf.FrameBuffer(self.data, width, height, framebuf.MONO_VLSB)
            self.cell_fb = framebuf.FrameBuffer(bytearray(self.cell_w * ((height + 7) >> 3)),
                                                self.cell_w, height, framebuf.MONO_VLSB)

    def at(self, i):
        """The FrameBuffer of glyph i (the cards' hot path: their digits and clan glyphs by
        index), for drawing it with `ink` and blit."""
        fb = self.cut[i]
        if fb is not None:
            return fb
        x = self.xs[i]
        if self.hot[i]:
            fb = self.cut[i] = framebuf.FrameBuffer(self.data[x:], self.widths[i], self.height,
                                                    framebuf.MONO_VLSB, self.stride)
            return fb
        # Into the cell: the strip from the glyph's first column on, then the columns past
        # its width blanked (the key: not drawn). Two calls, no heap. (Written out in draw.)
        fb = self.cell_fb
        fb.blit(self.strip, -x, 0)
        w = self.widths[i]
        if w < self.cell_w:
            fb.fill_rect(w, 0, self.cell_w - w, self.height, 0)
        return fb

    def glyph(self, ch):
        """The FrameBuffer of character ch (a font of text)."""
        o = ord(ch)
        return self.at(self.map[o if o < 128 else 63])

    def width(self, s):
        w = 0
        for ch in s:
            o = ord(ch)
            w += self.widths[self.map[o if o < 128 else 63]] + self.gap
        return w - self.gap if w else 0

    def draw(self, fb, s, x, y, colour):
        """Draw s with its top left at (x, y); returns the x after it."""
        key = ink(colour)
        cmap = self.map
        widths = self.widths
        gap = self.gap
        cut = self.cut
        hot = self.hot
        cell = self.cell_fb
        cw = self.cell_w
        h = self.height
        for ch in s:
            o = ord(ch)
            i = cmap[o if o < 128 else 63]
            w = widths[i]
            if o != 32:
                g = cut[i]
                if g is None:
                    if hot[i]:
                        g = self.at(i)
                    else:  # (at's cell, written out: text is mostly such glyphs)
                        g = cell
                        g.blit(self.strip, -self.xs[i], 0)
                        if w < cw:
                            g.fill_rect(w, 0, cw - w, h, 0)
                fb.blit(g, x, y, key, _pal)
            x += w + gap
        return x - gap

    def centre(self, fb, s, cx, y, colour):
        return self.draw(fb, s, cx - self.width(s) // 2, y, colour)


def ink(colour):
    """Make `palette` draw glyphs in `colour`; returns the key to blit them with."""
    key = colour ^ 1  # any colour but the ink: the glyph's background, left out
    if _pal_buf[0] != key << 4 | colour:
        _pal_buf[0] = key << 4 | colour  # pixel 0 (high nibble) the key, pixel 1 the ink
    return key


palette = _pal  # the palette glyphs are blitted through (see ink)

SMALL = Font(fontdata.SMALL, fontdata.CHARS, "0123456789")  # the table's card values
LARGE = Font(fontdata.LARGE, fontdata.LARGE_CHARS, "0123456789")
GLYPH = Font(fontdata.CLAN, "ROYGBP", "ROYGBP")  # the clan glyphs, drawn like characters
GLYPH2 = Font(fontdata.CLAN2, "ROYGBP", "ROYGBP")
del fontdata
unload(("engine.ui.fontdata",))  # the fonts are built: their descriptions can go


def wrap(font, s, width):
    """The lines of s broken at spaces to fit `width` pixels ("\n" breaks too)."""
    lines = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else line + " " + word
            if line and font.width(trial) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
