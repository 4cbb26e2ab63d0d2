# Drawing pieces shared by the screens: cards, bars, hints, boxes, menus' rows.
from engine.ui import palette as P
from micropython import const
from engine.ui.text import SMALL, MEDIUM, LARGE, GLYPH, GLYPH2, card_marks
from engine.core.cards import OWN
from engine.ui.lang import t

FACE = const(19)  # a card this high or higher shows a face, a lower one is a strip
BAR_H = const(12)  # the status bar along the top and the hints along the bottom: the medium
HINTS_H = const(12)  # font's 11 rows and one more

# Ink on each clan colour: dark on the light ones (orange, yellow, green).
_INK = (P.WHITE, P.BLACK, P.BLACK, P.BLACK, P.WHITE, P.WHITE)
# A tactic card's band by its kind (tactics.TROOP, MODE, RUSE)
_KIND = (P.GOLD, P.STONE, P.THEM)


def label(c, glyphs=True):
    """Card c named in words as it is drawn: its clan's glyph (a character of the small font,
    1 + colour; its colour's letter when the cards show no glyphs) and its value, or a
    tactic card's name."""
    if c >= OWN:  # a tactic card: its face's name, in the player's language
        return faces()[c - OWN]
    if glyphs:
        return "%c%d" % (1 + (c >> 4), c & 15)  # (chr() would intern its glyph as a name)
    from engine.core.cards import name
    return name(c)


_faces = [None, ()]  # (the language of) the tactic cards' face names


def faces():
    """The tactic cards' face names in the language spoken, looked up together once: a
    board's drawing while the computer thinks then reads no words (the words' reader, its
    file and a decoded block would come back to the heap: 8 KB there in Russian)."""
    from engine.ui import lang
    if _faces[0] != lang.code:
        from engine.tactical.tactics import CARDS
        _faces[1] = tuple(t(row[0]) for row in CARDS)
        _faces[0] = lang.code
    return _faces[1]


def labels(cards, glyphs=True):
    return " ".join(label(c, glyphs) for c in cards)


def card(fb, c, x, y, w, h, glyphs):
    """A face-up clan card w x h at (x, y): a strip on the table (under FACE pixels high: its
    value and a small glyph in a row, drawn with as few calls as possible, for up to 54 of
    them), else a face (the hand, close-ups). Every digit and glyph at least a pixel clear of
    the card's edges and of each other."""
    col = c >> 4
    if col > 5:
        _tactic(fb, c, x, y, w, h)
        return
    fb.fill_rect(x, y, w, h, P.CLAN + col)
    ink = _INK[col]  # (a clan card: _ink without its test)
    if h >= FACE:
        _face(fb, c, x, y, w, h, ink, ink if glyphs else -1)
        return
    v = c & 15
    fb.hline(x, y + h - 1, w, P.BLACK)  # a dark edge between stacked cards
    font, digit = (MEDIUM, 9) if h >= 14 else (SMALL, 7)  # (240x240's strips: taller digits)
    if glyphs:
        card_marks(font, v, x + 3 - (v > 9), y + (h - digit) // 2, ink, GLYPH, col,
                   x + w - 10, y + (h - 7) // 2, ink)
    else:
        card_marks(font, v, x + w // 2 - (5 if v > 9 else 2), y + (h - digit) // 2, ink, GLYPH,
                   col, 0, 0, -1)


def _face(fb, c, x, y, w, h, ink, mark):
    """Card c's face in `ink`, its clan's glyph in `mark` (-1: none), each as large as the card
    has room for: on a tall card the value at the top left and the glyph at the bottom right;
    on a short one the two in a row; on a narrow one (the close-up of four-card sides) the
    value over the glyph."""
    v = c & 15
    wide = v > 9
    if w < 20:  # narrow: both centred, the value in the large font where it fits
        big = not wide and h >= 25
        font, vw = (LARGE, 10) if big else (MEDIUM, 11 if wide else 5)
        card_marks(font, v, x + (w - vw) // 2, y + 2, ink, GLYPH, c >> 4, x + (w - 7) // 2,
                   y + h - 9, mark)
    elif h >= 32:  # tall: a two-digit value in the large font where the card is wide enough
        card_marks(LARGE if not wide or w >= 28 else MEDIUM, v, x + 3, y + 2, ink, GLYPH2,
                   c >> 4, x + w - 15, y + h - 15, mark)
    else:  # short: the value, then a small glyph
        font, vh = (LARGE, 14) if (21 if wide else 10) + 13 <= w else (MEDIUM, 9)
        card_marks(font, v, x + 3 - wide, y + (h - vh) // 2, ink, GLYPH, c >> 4, x + w - 9,
                   y + (h - 7) // 2, mark)


def _ink(c):
    """The colour of card c's digits or name: on a clan colour as _INK says, on a (white)
    tactic card black."""
    col = c >> 4
    return _INK[col] if col < 6 else P.BLACK


def _tactic(fb, c, x, y, w, h):
    """A tactic card: white, named (JK, SPY, MUD...; on a narrow card its first two letters);
    on a face a band tells its kind: gold an elite troop, grey a combat mode, pink a ruse."""
    from engine.tactical.tactics import kind
    fb.fill_rect(x, y, w, h, P.WHITE)
    words = label(c) if w >= 20 else label(c)[:2]
    if h >= FACE:
        fb.rect(x + 1, y + 1, w - 2, h - 2, P.GOLD)
        SMALL.centre(fb, words, x + w // 2, y + 4, P.BLACK)
        fb.fill_rect(x + 3, y + h - 9, w - 6, 5, _KIND[kind(c)])
    else:
        fb.hline(x, y + h - 1, w, P.BLACK)
        SMALL.centre(fb, words, x + w // 2, y + (h - 7) // 2, P.BLACK)


def ghost(fb, c, x, y, w, h, glyphs):
    """A card that could still come (the board's lens): dark, its value grey, its glyph in its
    clan's colour (a tactic card: its name)."""
    fb.fill_rect(x, y, w, h, P.DARK)
    if c >= OWN:
        SMALL.centre(fb, label(c, glyphs), x + w // 2, y + 3, P.GREY)
    else:
        _face(fb, c, x, y, w, h, P.GREY, P.CLAN + (c >> 4) if glyphs else -1)


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
    words(fb, MEDIUM, text, 2, h - HINTS_H + 1, colour)


_CLANS = const(("\x01", "\x02", "\x03", "\x04", "\x05", "\x06"))  # the clan glyphs' characters


def words(fb, font, s, x, y, colour):
    """Text s at (x, y) in `colour`, each clan glyph in it (characters 1-6: cards named in
    words, label) in its clan's colour, so that red, yellow and green glyphs are told apart;
    returns the x after it. (Found with find and cut in slices: a character taken alone is
    interned as a name for good on MicroPython, and a language's letters would fill the
    names' pools: 7.7 KB more in Russian.)"""
    start = 0
    while True:
        at = -1
        for k in range(6):
            i = s.find(_CLANS[k], start)
            if i >= 0 and (at < 0 or i < at):
                at, clan = i, k
        if at < 0:
            break
        if at > start:  # (each piece, then the gap a string has between two characters)
            x = font.draw(fb, s[start:at], x, y, colour) + 1
        x = font.draw(fb, _CLANS[clan], x, y, P.CLAN + clan) + 1
        start = at + 1
    if start == 0:  # (most text names no card: one call)
        return font.draw(fb, s, x, y, colour)
    return font.draw(fb, s[start:], x, y, colour) if start < len(s) else x - 1


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
    pixels thick, in steps): it cannot be played now. A tactic card's name stays clear: the
    cross is under it."""
    ink = _ink(c)
    if c >= OWN:
        y += 13
        h -= 13
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
        words(fb, font, row, x, y, colour)
        y += step
    return y
