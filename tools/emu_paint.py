# Run on the emulated Pico by tools/pico_emu.py (mpremote run, the game not started): the
# device's painter (firmware/paint_viper.py, machine code) against its plain twin
# (engine/ui/paint.py) on the same bytes: every glyph of every font, inside a small buffer and
# across each of its edges, and strings of each script, drawn and measured. Prints each
# difference ("differ ..."), then "paint <checks> checks <differing> differ", then "done".
from engine.ui import paint as plain
from engine.ui import text
from engine.ui.text import SMALL, MEDIUM, LARGE, GLYPH, GLYPH2
from firmware import paint_viper as viper

_W = 40
_H = 30
# top left corners: inside, across each edge and corner, and wholly off
_PLACES = ((3, 4), (-3, 2), (_W - 4, 5), (6, -5), (7, _H - 6), (-2, -3), (_W - 3, _H - 3),
           (-40, 3), (3, 40))
_TEXTS = ("Deck 10+4", "Ход: ЩЁЖ ёж", "BEÁLLÍTÁSOK őű", "", " a ", "\x11\x10 A")
_found = [0, 0]  # checks, differences


def _check(font, s, n, x, y, colour):
    """Both painters on the same background; any difference in the bytes or the x returned
    is printed."""
    a = bytearray(_W * _H // 2)
    for i in range(len(a)):
        a[i] = (i * 37) & 0xFF
    b = bytearray(a)
    xy = (x + 0x2000) | (y + 0x2000) << 14
    wh = _W | _H << 16
    ra = plain.paint(a, font.data, s, n, xy, colour, wh, font.map, font.widths, font.xs,
                     font.geom)
    rb = viper.paint(b, font.data, s, n, xy, colour, wh, font.map, font.widths, font.xs,
                     font.geom)
    _found[0] += 1
    if a != b or ra != rb:
        _found[1] += 1
        print("differ geom %d glyph/text %r n %d at %d,%d colour %d: x %d, %d" % (
            font.geom, s if n >= 0 else -1 - n, n, x, y, colour, ra, rb))


for font in (SMALL, MEDIUM, LARGE, GLYPH, GLYPH2):
    for g in range(len(font.widths)):
        for x, y in _PLACES:
            _check(font, text._NO_MAP, -1 - g, x, y, (g + x) & 15)
for code in ("en", "ru", "hu"):  # (each script's letters in the fonts)
    text.for_language(code)
    for font in (SMALL, MEDIUM, LARGE):
        for s in _TEXTS:
            for x, y in _PLACES:
                _check(font, s, len(s), x, y, 7)
                _check(font, s, len(s), x, y, -1)
print("paint %d checks %d differ" % (_found[0], _found[1]))
print("done")
