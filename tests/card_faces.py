"""What the screens draw on their cards, heard while they draw: each card's box and the ink of
every glyph drawn on it (a digit, a clan's glyph, a tactic card's name), and the last-move
marks; `faults` says where a glyph leaves its card or runs into another
(tests/test_card_glyphs.py)."""
from engine.ui import text

_INKS = {}  # (font, glyph index or string) -> the ink's box from where it is drawn
_GLYPH, _DRAW = text.Font.glyph, text.Font.draw  # (as they are before anyone listens)


class Card:
    def __init__(self, c, x, y, w, h):
        self.c = c
        self.box = (x, y, x + w - 1, y + h - 1)  # (inclusive)
        self.glyphs = []  # ink boxes, (x0, y0, x1, y1) inclusive

    def __repr__(self):
        return "card %#x at %r" % (self.c, self.box)


class Listening:
    """`with Listening() as heard:` the cards drawn meanwhile are in heard.cards, the marks'
    bars in heard.marks (draw.card, draw.ghost and draw.mark listened to, and the fonts'
    glyphs and strings drawn inside a card)."""

    def __enter__(self):
        from engine.ui import draw
        self.draw = draw
        self.cards = []
        self.marks = []
        self.at = None  # the card being drawn
        self.plain = (draw.card, draw.ghost, draw.mark, text.Font.glyph, text.Font.draw)
        draw.card = self._card(draw.card)
        draw.ghost = self._card(draw.ghost)
        draw.mark = self._mark
        plain_glyph, plain_draw = self.plain[3], self.plain[4]
        heard = self

        def glyph(font, fb, i, x, y, colour):
            heard._ink(font, i, x, y)
            return plain_glyph(font, fb, i, x, y, colour)

        def draw_(font, fb, s, x, y, colour):
            heard._ink(font, s, x, y)
            return plain_draw(font, fb, s, x, y, colour)
        text.Font.glyph = glyph
        text.Font.draw = draw_
        return self

    def __exit__(self, *exc):
        d = self.draw
        d.card, d.ghost, d.mark, text.Font.glyph, text.Font.draw = self.plain

    def _card(self, plain):
        def drawn(fb, c, x, y, w, h, *rest):
            card = Card(c, x, y, w, h)
            self.cards.append(card)
            outer, self.at = self.at, card
            try:
                return plain(fb, c, x, y, w, h, *rest)
            finally:
                self.at = outer
        return drawn

    def _mark(self, fb, c, x, y, w, h):
        self.marks += [(x, y, x + 1, y + h - 1), (x + w - 2, y, x + w - 1, y + h - 1)]
        return self.plain[2](fb, c, x, y, w, h)

    def _ink(self, font, what, x, y):
        if self.at is None or what == "":
            return
        box = ink(font, what)
        if box:
            self.at.glyphs.append((x + box[0], y + box[1], x + box[2], y + box[3]))


def ink(font, what):
    """The box of the pixels glyph `what` (an index) or string `what` of `font` inks, from
    where it is drawn; None if none (drawn once on a scratch buffer of its own)."""
    key = (id(font), what)
    if key not in _INKS:
        dots = inked(font, what)
        xs = [x for x, _ in dots]
        ys = [y for _, y in dots]
        _INKS[key] = (min(xs), min(ys), max(xs), max(ys)) if dots else None
    return _INKS[key]


def inked(font, what):
    """The pixels (x, y) glyph `what` (an index) or string `what` of `font` inks, from where
    it is drawn, drawn on a scratch buffer of its own."""
    w, h, at = 256, 48, 16
    buf = bytearray(w * h // 2)
    kept = text._buf, text._wh
    text._buf, text._wh = buf, w | h << 16
    try:
        (_GLYPH if isinstance(what, int) else _DRAW)(font, None, what, at, at, 15)
    finally:
        text._buf, text._wh = kept
    dots = []
    for i, b in enumerate(buf):  # (4 bits a pixel, the first in the high nibble)
        for half, v in ((0, b >> 4), (1, b & 15)):
            if v:
                dots.append(((2 * i + half) % w - at, (2 * i + half) // w - at))
    return dots


def faults(cards, marks):
    """Where a glyph is not at least a pixel inside its card's edges, or not at least a pixel
    clear of another glyph or a mark's bar: a list of words, empty when every card is whole."""
    found = []
    shown = []  # the cards still in sight: one drawn over another hides it
    for card in cards:
        for under in shown[:]:
            if _inside(under.box, card.box):
                shown.remove(under)
            elif any(_near(g, card.box, 0) for g in under.glyphs):
                found.append("%r: a glyph covered by %r" % (under, card))
        shown.append(card)
    for card in shown:
        x0, y0, x1, y1 = card.box
        for g in card.glyphs:
            if g[0] < x0 + 1 or g[1] < y0 + 1 or g[2] > x1 - 1 or g[3] > y1 - 1:
                found.append("%r: a glyph inked over %r, not a pixel inside" % (card, g))
    glyphs = [(g, card) for card in shown for g in card.glyphs]
    for i, (a, ca) in enumerate(glyphs):
        for b, cb in glyphs[i + 1:]:
            if _near(a, b):
                found.append("%r and %r: glyphs %r and %r touch" % (ca, cb, a, b))
        for m in marks:
            if _near(a, m):
                found.append("%r: a glyph %r touches a mark's bar %r" % (ca, a, m))
    return found


def _near(a, b, gap=1):
    """Do inclusive boxes a and b overlap, or lie less than `gap` pixels apart?"""
    return a[0] <= b[2] + gap and b[0] <= a[2] + gap and a[1] <= b[3] + gap and \
        b[1] <= a[3] + gap


def _inside(a, b):
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]
