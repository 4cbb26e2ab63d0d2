# Text in our own bitmap fonts (engine/ui/fontdata.py), drawn with framebuf blits.
#
# A font is one MONO_VLSB strip of glyphs (tools/mkfont.py). A glyph is a FrameBuffer viewing
# its columns of the strip (the strip's width as stride: no copy), blitted onto the screen
# through a two-colour palette whose background maps to the key.
import framebuf
from engine.ui import fontdata, unload

_pal_buf = bytearray(1)
_pal = framebuf.FrameBuffer(_pal_buf, 2, 1, framebuf.GS4_HMSB)


def _load():
    """fonts.bin (beside this module) read once into one buffer the fonts' strips share."""
    f = __file__
    with open(f[:f.rfind("/") + 1] + "fonts.bin", "rb") as file:
        buf = bytearray(file.seek(0, 2))  # the file's size: read straight into the buffer
        file.seek(0)
        file.readinto(buf)
    return memoryview(buf)


_data = _load()


class Font:
    def __init__(self, spec, chars, hot):
        """hot: the characters drawn most: their views are kept once made (48 bytes each);
        the others get a fresh view each time they are drawn."""
        at, size, width, height, offs, widths = spec
        self.data = _data[at:at + size]
        self.stride = width
        self.height = height
        self.offs = offs
        self.widths = widths
        self.gap = 1 if height < 12 else 2
        self.chars = chars
        self.map = None  # character code -> glyph, for the fonts of text (not the clan glyphs)
        if len(chars) > 8:
            unknown = max(0, chars.find("?"))
            self.map = bytearray(128)
            for i in range(128):
                self.map[i] = unknown
            for i in range(len(chars)):
                self.map[ord(chars[i])] = i
        self.hot = hot
        self.cut = [None] * len(widths)  # glyph -> its view (the hot ones, once drawn)

    def at(self, i):
        """The FrameBuffer of glyph i (the cards' hot path: their digits and clan glyphs by
        index), for drawing it with `ink` and blit."""
        fb = self.cut[i]
        if fb is None:
            x = self.offs[2 * i] | self.offs[2 * i + 1] << 8
            fb = framebuf.FrameBuffer(self.data[x:], self.widths[i], self.height,
                                      framebuf.MONO_VLSB, self.stride)
            if self.chars[i] in self.hot:
                self.cut[i] = fb
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
        for ch in s:
            o = ord(ch)
            i = cmap[o if o < 128 else 63]
            if o != 32:
                fb.blit(cut[i] or self.at(i), x, y, key, _pal)
            x += widths[i] + gap
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

SMALL = Font(fontdata.SMALL, fontdata.CHARS, fontdata.CHARS)  # every glyph: the board's text
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
