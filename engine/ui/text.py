# Text in our own bitmap fonts (engine/ui/fontdata.py), painted straight into the screen's
# 4-bit buffer.
#
# A font is one MONO_VLSB strip of glyphs (tools/mkfont.py), a glyph its columns of the strip.
# A string is painted in one call of the painter (engine/ui/paint.py; on the device its machine
# code twin, firmware/paint_viper.py, a few us a character where framebuf's blit of a glyph
# took 100-200 us), into the buffer given to use().
from micropython import const
from array import array

_paint = None  # the painter (use)
spell = None  # the words files' letters spelt out as UTF-8 (use; engine/ui/paint.py's twin)
_buf = bytearray(0)  # the screen's buffer
_wh = 0  # its width | height << 16
_ORIGIN = const(0x2000 | 0x2000 << 14)  # (0, 0) as the painter takes a place
_NO_MAP = bytearray(1)  # (the clan glyphs are drawn by index only)


def use(buf, w, h, paint, spelt=None):
    """Paint text into buf, a GS4_HMSB framebuffer of w x h pixels (the screen's: App), with
    `paint` (engine/ui/paint.py's, or the device's machine code), and spell words with
    `spelt` (the same's). App calls it before any text is drawn or measured."""
    global _buf, _wh, _paint, spell
    _buf = buf
    _wh = w | h << 16
    _paint = paint
    spell = spelt


class Font:
    """A font's strip, glyph widths and x offsets, geometry and character map: set by
    engine/ui/fontload.py."""

    def __init__(self):
        self.data = bytearray(0)
        self.widths = b""
        self.xs = array("H")
        self.height = 0
        self.geom = 0
        self.map = _NO_MAP

    def width(self, s):
        return _paint(_buf, self.data, s, len(s), _ORIGIN, -1, _wh, self.map, self.widths,
                      self.xs, self.geom) if s else 0

    def draw(self, fb, s, x, y, colour):
        """Draw s with its top left at (x, y) on fb, the screen (over the buffer given to
        use()); returns the x after it."""
        return _paint(_buf, self.data, s, len(s), (x + 0x2000) | (y + 0x2000) << 14, colour,
                      _wh, self.map, self.widths, self.xs, self.geom)

    def glyph(self, fb, i, x, y, colour):
        """Draw glyph i (by its index: a card's digit, a clan's glyph) as draw does."""
        _paint(_buf, self.data, _NO_MAP, -1 - i, (x + 0x2000) | (y + 0x2000) << 14, colour,
               _wh, _NO_MAP, self.widths, self.xs, self.geom)

    def glyph_width(self, i):
        """Glyph i's width in pixels, as drawn."""
        return self.widths[i] * (((self.geom >> 20) & 1) + 1)

    def centre(self, fb, s, cx, y, colour):
        return self.draw(fb, s, cx - self.width(s) // 2, y, colour)


def card_marks(font, v, x, y, ink, clans, col, gx, gy, mark):
    """A card's value v (the siege's 10 and 11 in two digits, a pixel apart) in `font` at
    (x, y) in `ink`, and clan col's glyph of `clans` (GLYPH, GLYPH2) at (gx, gy) in `mark`
    (-1: none). One call paints a card's marks: each Python call of the drawing is a frame
    on the Pico's heap (its arguments and stack pass 11 words), and a table holds up to 54
    cards."""
    zero = font.map[48]
    if v > 9:
        _paint(_buf, font.data, _NO_MAP, -2 - zero, (x + 0x2000) | (y + 0x2000) << 14, ink,
               _wh, _NO_MAP, font.widths, font.xs, font.geom)
        x += font.glyph_width(zero + 1) + 1
        v -= 10
    _paint(_buf, font.data, _NO_MAP, -1 - zero - v, (x + 0x2000) | (y + 0x2000) << 14, ink,
           _wh, _NO_MAP, font.widths, font.xs, font.geom)
    if mark >= 0:
        _paint(_buf, clans.data, _NO_MAP, -1 - col, (gx + 0x2000) | (gy + 0x2000) << 14, mark,
               _wh, _NO_MAP, clans.widths, clans.xs, clans.geom)


SMALL = Font()
MEDIUM = Font()  # (the small font's characters, taller: hints and bars)
LARGE = Font()
GLYPH = Font()  # the clan glyphs, drawn like characters
GLYPH2 = Font()
_script = [-2]  # the script the fonts hold (-1: none)


def for_language(code):
    """Hold the letters of language `code` (engine/ui/lang.py's CODES) in the fonts (read
    afresh from fonts.bin when they change: engine/ui/fontload.py, loaded only then)."""
    s = {"ru": 0, "uk": 0, "hu": 1}.get(code, -1)  # a language's letters beyond the base's
    if s != _script[0]:
        from engine.ui import fontload, unload
        fontload.load(s, _script[0] == -2)
        _script[0] = s
        unload(("engine.ui.fontload",))


for_language("en")


def wrap(font, s, width):
    """The lines of s broken at spaces to fit `width` pixels ("\n" breaks too). Each word is
    measured once: a string's width is its characters' with a gap between each two, so a
    line's grows by the gap, a space, the gap and the word (measuring the whole line anew for
    each word made a rules page's 170 ms frame on the emulated Pico)."""
    lines = []
    space = font.width(" ")
    gap = font.width("  ") - 2 * space
    for para in s.split("\n"):
        line = ""
        used = 0  # its width
        for word in para.split(" "):
            w = font.width(word)
            if not line:
                trial, tw = word, w
            else:
                trial = line + " " + word
                tw = used + gap + space + (gap + w if word else 0)
            if line and tw > width:
                lines.append(line)
                line, used = word, w
            else:
                line, used = trial, tw
        lines.append(line)
    return lines
