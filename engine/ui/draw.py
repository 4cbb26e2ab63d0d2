# Drawing pieces shared by the screens: cards, bars, hints, boxes, menus' rows.
from engine.ui import palette as P
from micropython import const
from engine.ui.text import SMALL, MEDIUM, LARGE, GLYPH, GLYPH2
from engine.core.cards import OWN

BAR_H = const(12)  # the status bar along the top and the hints along the bottom: the medium
HINTS_H = const(12)  # font's 11 rows and one more

# Ink on each clan colour: dark on the light ones (orange, yellow, green).
_INK = (P.WHITE, P.BLACK, P.BLACK, P.BLACK, P.WHITE, P.WHITE)
# A tactic card's band by its kind (tactics.TROOP, MODE, RUSE)
_KIND = (P.GOLD, P.STONE, P.THEM)
# Glyphs by index: a value's digit (consecutive in both fonts' characters; the siege's 10 and 11
# take two), a clan's glyph (its colour)
_ZERO = SMALL.map[48]
_ZERO_L = LARGE.map[48]


def label(c, glyphs=True):
    """Card c named in words as it is drawn: its clan's glyph (a character of the small font,
    1 + colour; its colour's letter when the cards show no glyphs) and its value, or a
    tactic card's name."""
    if c >= OWN:  # a tactic card
        from engine.tactical.tactics import name
        return name(c)
    if glyphs:
        return chr(1 + (c >> 4)) + str(c & 15)
    from engine.core.cards import name
    return name(c)


def labels(cards, glyphs=True):
    return " ".join(label(c, glyphs) for c in cards)


def card(fb, c, x, y, w, h, glyphs, big=False):
    """A face-up clan card; `big` uses the large font and glyph (the hand, close-ups). Small
    cards (the table: up to 54 of them) are drawn with as few calls as possible."""
    col = c >> 4
    if col > 5:
        _tactic(fb, c, x, y, w, h, big)
        return
    fb.fill_rect(x, y, w, h, P.CLAN + col)
    ink = _INK[col]  # (a clan card: _ink without its test)
    v = c & 15
    if big:
        _value(fb, LARGE, _ZERO_L, v, x + 3, y + 2, ink)
        if glyphs:
            GLYPH2.glyph(fb, col, x + w - 16, y + h - 16, ink)
        return
    fb.hline(x, y + h - 1, w, P.BLACK)  # a dark edge between stacked cards
    font, digit = (MEDIUM, 9) if h >= 14 else (SMALL, 7)  # (240x240's strips: taller digits)
    ty = y + (h - 1 - digit) // 2
    if glyphs:
        _value(fb, font, _ZERO, v, x + 3 - (v > 9), ty, ink)
        GLYPH.glyph(fb, col, x + w - 10, y + (h - 8) // 2, ink)
    else:
        _value(fb, font, _ZERO, v, x + w // 2 - (5 if v > 9 else 2), ty, ink)


def _value(fb, font, zero, v, x, y, ink):
    """A card's value: a digit, or the siege's 10 and 11 in two."""
    if v > 9:
        font.glyph(fb, zero + 1, x, y, ink)
        x += font.glyph_width(zero + 1) + 1
        v -= 10
    font.glyph(fb, zero + v, x, y, ink)


def _ink(c):
    """The colour of card c's digits or name: on a clan colour as _INK says, on a (white)
    tactic card black."""
    col = c >> 4
    return _INK[col] if col < 6 else P.BLACK


def _tactic(fb, c, x, y, w, h, big):
    """A tactic card: white, named (JK, SPY, MUD...); in the hand a band tells its kind:
    gold an elite troop, grey a combat mode, pink a ruse."""
    from engine.tactical.tactics import name, kind
    fb.fill_rect(x, y, w, h, P.WHITE)
    if big:
        fb.rect(x + 1, y + 1, w - 2, h - 2, P.GOLD)
        SMALL.centre(fb, name(c), x + w // 2, y + 4, P.BLACK)
        fb.fill_rect(x + 3, y + h - 9, w - 6, 5, _KIND[kind(c)])
    else:
        fb.hline(x, y + h - 1, w, P.BLACK)
        SMALL.centre(fb, name(c), x + w // 2, y + (h - 8) // 2, P.BLACK)


def ghost(fb, c, x, y, w, h, glyphs):
    """A card that could still come (the board's lens): dark, named in grey."""
    fb.fill_rect(x, y, w, h, P.DARK)
    SMALL.centre(fb, label(c, glyphs), x + w // 2, y + 3, P.GREY)


def slot(fb, x, y, w, h):
    """An empty place for a card."""
    fb.rect(x, y, w, h, P.DARK)


def bar(fb, w, left, right=""):
    """The status bar along the top."""
    fb.fill_rect(0, 0, w, BAR_H, P.PANEL)
    if left:
        MEDIUM.draw(fb, left, 2, 1, P.WHITE)
    if right:
        MEDIUM.draw(fb, right, w - 2 - MEDIUM.width(right), 1, P.WHITE)


def hints(fb, w, h, text, colour=P.GREY):
    """The key hints along the bottom (or, in white, what just happened)."""
    fb.fill_rect(0, h - HINTS_H, w, HINTS_H, P.PANEL)
    MEDIUM.draw(fb, text, 2, h - HINTS_H + 1, colour)


def box(fb, x, y, w, h, border=P.GOLD):
    fb.fill_rect(x, y, w, h, P.PANEL)
    fb.rect(x, y, w, h, border)


def cursor(fb, x, y, w, h, quiet=False):
    """The cursor's frame around a w x h area: white outside, black inside, so it shows on
    every card colour (quiet: grey, where it is not the player's turn)."""
    fb.rect(x - 2, y - 2, w + 4, h + 4, P.DARK if quiet else P.WHITE)
    fb.rect(x - 1, y - 1, w + 2, h + 2, P.BLACK)


def crossed(fb, c, x, y, w, h):
    """Card c at (x, y), w x h, crossed out corner to corner in the ink of its digits (two
    pixels thick, in steps): it cannot be played now."""
    ink = _ink(c)
    n = h // 2
    for i in range(n):
        dx = (w - 2) * i // (n - 1)
        fb.fill_rect(x + dx, y + 2 * i, 2, 2, ink)
        fb.fill_rect(x + w - 2 - dx, y + 2 * i, 2, 2, ink)


def outline(fb, x, y, w, h, quiet=False):
    """The cursor's frame round a strip on the table: one pixel, white (quiet: grey), as
    little as can be of the strips stacked next to it."""
    fb.rect(x - 1, y - 1, w + 2, h + 2, P.DARK if quiet else P.WHITE)


def mark(fb, c, x, y, w, h):
    """The last card played, card c's strip (x, y, w, h) on the table: a bar two pixels wide
    down each of its edges, in the ink of its digits (so on every card colour and for every
    eye), clear of its value, glyph or name; a shape no other marker has."""
    ink = _ink(c)
    fb.fill_rect(x, y, 2, h, ink)
    fb.fill_rect(x + w - 2, y, 2, h, ink)


def body(h):
    """(font, line step) of a screen's text on a screen h pixels high: the medium font where
    there is room (240x240), else the small one."""
    return (MEDIUM, 12) if h >= 200 else (SMALL, 10)


def lines(fb, rows, x, y, colour=P.WHITE, step=10, font=SMALL):
    for row in rows:
        font.draw(fb, row, x, y, colour)
        y += step
    return y
