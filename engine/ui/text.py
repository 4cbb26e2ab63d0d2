# Text in our own bitmap fonts (engine/ui/fontdata.py), drawn with framebuf blits.
#
# A font is one MONO_HLSB strip of glyphs. A glyph is cut out by blitting the strip, shifted
# left, into a scratch buffer as wide as the glyph (blit clips), then blitted onto the screen
# through a two-colour palette whose background maps to the key: no allocation per character.
import framebuf
from engine.ui import fontdata

_pal_buf = bytearray(1)
_pal = framebuf.FrameBuffer(_pal_buf, 2, 1, framebuf.GS4_HMSB)


class Font:
    def __init__(self, spec, chars):
        data, width, height, offs, widths = spec
        self.strip = framebuf.FrameBuffer(bytearray(data), width, height, framebuf.MONO_HLSB)
        self.height = height
        self.chars = chars
        self.offs = offs
        self.widths = widths
        self.gap = 1 if height < 12 else 2
        self._scratch = {}  # glyph width -> scratch FrameBuffer

    def _glyph(self, i):
        w = self.widths[i]
        fb = self._scratch.get(w)
        if fb is None:
            fb = framebuf.FrameBuffer(bytearray(((w + 7) >> 3) * self.height), w, self.height,
                                      framebuf.MONO_HLSB)
            self._scratch[w] = fb
        fb.blit(self.strip, -(self.offs[2 * i] | self.offs[2 * i + 1] << 8), 0)
        return fb

    def index(self, ch):
        i = self.chars.find(ch)
        return i if i >= 0 else self.chars.find("?")

    def width(self, s):
        w = 0
        for ch in s:
            w += self.widths[self.index(ch)] + self.gap
        return w - self.gap if w else 0

    def draw(self, fb, s, x, y, colour):
        """Draw s with its top left at (x, y); returns the x after it."""
        key = colour ^ 1  # any colour but the ink
        _pal.pixel(0, 0, key)
        _pal.pixel(1, 0, colour)
        for ch in s:
            i = self.index(ch)
            if ch != " ":
                fb.blit(self._glyph(i), x, y, key, _pal)
            x += self.widths[i] + self.gap
        return x - self.gap

    def centre(self, fb, s, cx, y, colour):
        return self.draw(fb, s, cx - self.width(s) // 2, y, colour)


SMALL = Font(fontdata.SMALL, fontdata.CHARS)
LARGE = Font(fontdata.LARGE, fontdata.CHARS)
GLYPH = Font(fontdata.CLAN, "ROYGBP")  # the clan glyphs, drawn like characters
GLYPH2 = Font(fontdata.CLAN2, "ROYGBP")


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
