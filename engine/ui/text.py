# Text in our own bitmap fonts (engine/ui/fontdata.py), painted straight into the screen's
# 4-bit buffer.
#
# A font is one MONO_VLSB strip of glyphs (tools/mkfont.py), a glyph its columns of the strip.
# A string is painted in one call of the painter (engine/ui/paint.py; on the device its machine
# code twin, firmware/paint_viper.py, a few us a character where framebuf's blit of a glyph
# took 100-200 us), into the buffer given to use().
from array import array
from engine.ui import fontdata, unload
from engine.ui.files import checksum

_paint = None  # the painter (use)
_buf = bytearray(0)  # the screen's buffer
_wh = 0  # its width | height << 16
_ORIGIN = 0x2000 | 0x2000 << 14  # (0, 0) as the painter takes a place
_NO_MAP = bytearray(1)  # (the clan glyphs are drawn by index only)


def use(buf, w, h, paint):
    """Paint text into buf, a GS4_HMSB framebuffer of w x h pixels (the screen's: App), with
    `paint` (engine/ui/paint.py's, or the device's machine code). App calls it before any text
    is drawn or measured."""
    global _buf, _wh, _paint
    _buf = buf
    _wh = w | h << 16
    _paint = paint


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
    def __init__(self, spec, chars=""):
        """chars: the characters of the glyphs, in order (none: glyphs drawn by index)."""
        at, size, width, height, offs, widths = spec
        self.data = _data[at:at + size]
        self.height = height
        self.widths = widths
        self.geom = width | height << 12 | (1 if height < 12 else 2) << 17  # (+ the gap)
        self.map = _NO_MAP  # character code -> glyph (those of no glyph: '?')
        if chars:
            chars = chars.encode()  # (a character of a str would be an interned qstr)
            self.map = bytearray(128)
            unknown = max(0, chars.find(b"?"))
            for i in range(128):
                self.map[i] = unknown
            for i in range(len(chars)):
                self.map[chars[i]] = i
        self.xs = array("H", [offs[2 * i] | offs[2 * i + 1] << 8 for i in range(len(widths))])

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

    def centre(self, fb, s, cx, y, colour):
        return self.draw(fb, s, cx - self.width(s) // 2, y, colour)


SMALL = Font(fontdata.SMALL, fontdata.CHARS)
LARGE = Font(fontdata.LARGE, fontdata.LARGE_CHARS)
MEDIUM = Font(fontdata.MEDIUM)  # (the small font's characters, taller: hints and bars)
MEDIUM.map = SMALL.map
GLYPH = Font(fontdata.CLAN)  # the clan glyphs, drawn like characters
GLYPH2 = Font(fontdata.CLAN2)
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
