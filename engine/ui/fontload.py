# The fonts (engine/ui/text.py's) read from fonts.bin, with the letters of a script: loaded only
# while they are built (at power-on, and when the language changes), then unloaded.
from array import array
from engine.ui import unload
from engine.ui.files import crc_rest
from engine.ui.text import SMALL, MEDIUM, LARGE, GLYPH, GLYPH2, _NO_MAP

_PAGES = 8  # blocks of 64 code points outside ASCII a font may hold


def load(s, first):
    """Load the fonts with script s's letters (engine/ui/fontdata.py's SCRIPTS; -1: none), the
    clan glyphs too the `first` time."""
    from engine.ui import fontdata as fd

    def more(specs):
        return specs[s] if s >= 0 else None
    f = _open(fd)
    try:
        _load(SMALL, f, fd.SMALL, more(fd.SMALL_SCRIPTS), fd.CHARS + (more(fd.SCRIPT_CHARS) or ""),
              fd.ALIAS)
        if first:
            _load(GLYPH, f, fd.CLAN)
    finally:
        f.close()
        unload(("engine.ui.fontdata",))  # the fonts are built: their descriptions can go
    _taller(MEDIUM, SMALL)
    _double(LARGE, SMALL)
    _double(GLYPH2, GLYPH)


def _load(font, file, spec, more=None, chars="", alias=""):
    """Read `font` from fonts.bin (`file`): the strip `spec`, a script's (`more`) joined;
    chars: the characters of the glyphs, in order (none: glyphs drawn by index), alias as
    char_map's."""
    font.data, font.widths, font.xs, width, font.height = _strip(file, spec, more)
    font.geom = width | font.height << 12 | 1 << 17  # (a gap of 1 after each character)
    font.map = char_map(chars, alias) if chars else _NO_MAP


def _taller(medium, small):
    """`medium` as `small` drawn 11 rows tall: the painter draws some rows twice."""
    medium.data, medium.widths, medium.xs, medium.map = small.data, small.widths, small.xs, \
        small.map
    medium.height = 11
    medium.geom = (small.geom & 0xFFF) | medium.height << 12 | 1 << 17 | 1 << 21


def _double(large, small):
    """`large` as `small` with each pixel drawn as a square of 2 (and a gap of 2)."""
    large.data, large.widths, large.xs, large.map = small.data, small.widths, small.xs, small.map
    large.height = 2 * small.height
    large.geom = (small.geom & 0x1FFFF) | 2 << 17 | 1 << 20


def _codes(s):
    """The code points of s, read from its UTF-8 (a str's characters would each be interned
    as a name for good: 1-character strings are, on MicroPython)."""
    out = []
    b = s.encode()
    i = 0
    while i < len(b):
        c = b[i]
        if c < 0x80:
            i += 1
        elif c < 0xE0:
            c = (c & 0x1F) << 6 | b[i + 1] & 0x3F
            i += 2
        else:
            c = (c & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | b[i + 2] & 0x3F
            i += 3
        out.append(c)
    return out


def char_map(chars, alias=""):
    """Code point -> glyph index, for the painter: ASCII at [0:128], then the numbers of the
    pages of 64 code points the other characters are in (code point >> 6; 0 ends them), then
    64 entries a page. `alias`: pairs of characters, a letter then the one whose glyph it
    takes (when that one has a glyph here). Characters without a glyph map to '?'."""
    codes = _codes(chars)
    drawn = [(codes[i], i) for i in range(len(codes))]  # (code point, glyph)
    pairs = _codes(alias)
    for i in range(0, len(pairs), 2):
        if pairs[i + 1] in codes:
            drawn.append((pairs[i], codes.index(pairs[i + 1])))
    pages = []
    for c, g in drawn:
        if c >= 128 and c >> 6 not in pages:
            pages.append(c >> 6)
    if len(pages) > _PAGES or max(pages + [0]) > 255:
        raise ValueError("a font's characters span too many pages")
    unknown = codes.index(63) if 63 in codes else 0
    m = bytearray(128 + _PAGES + 64 * len(pages))
    for i in range(len(m)):
        m[i] = unknown
    for i in range(_PAGES):
        m[128 + i] = pages[i] if i < len(pages) else 0
    for c, g in drawn:
        m[c if c < 128 else 128 + _PAGES + 64 * pages.index(c >> 6) + (c & 63)] = g
    return m


def _path():
    f = __file__
    return f[:f.rfind("/") + 1] + "fonts.bin"  # (beside this module)


def _open(fontdata):
    """fonts.bin (beside this module), checked whole: a file missing, cut short or changed is
    said as such (the crash screen shows it), never drawn as garbage or read past its end."""
    file = None
    crc = 0
    try:
        file = open(_path(), "rb")
        if file.seek(0, 2) == fontdata.SIZE:  # (no other size is read: it may be huge)
            file.seek(0)
            crc = crc_rest(file)
    except OSError:
        pass
    if file is None or "%08x" % crc != fontdata.SUM:
        if file:
            file.close()
        raise OSError("fonts.bin is missing or damaged: flash the game again")
    return file


def _strip(file, spec, more):
    """A font's strip read from fonts.bin, with the strip of a script's letters (`more`, or
    None) joined on its right, band by band: (data, widths, x offsets, width, height)."""
    at, size, width, height, widths = spec
    w = width
    if more:
        w += more[2]
        widths += more[4]
    xs = array("H", bytes(2 * len(widths)))
    x = 0
    for i in range(len(widths)):  # (each glyph's first column: the widths before it)
        xs[i] = x
        x += widths[i]
    data = bytearray(w * ((height + 7) // 8))
    mv = memoryview(data)
    for k in range(len(data) // w):
        file.seek(at + k * width)
        file.readinto(mv[k * w:k * w + width])
        if more:
            file.seek(more[0] + k * more[2])
            file.readinto(mv[k * w + width:(k + 1) * w])
    return data, widths, xs, w, height
