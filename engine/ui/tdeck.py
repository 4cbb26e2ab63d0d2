# The deck to draw from at the end of a tactical turn, when both have cards: a Flow
# (engine/ui/play.py) of the tactical board (engine/ui/tplay.py), and the two piles drawn,
# which the Recruiter's draw (engine/ui/tchoices.py) shows too.
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.play import Flow, REDRAW_HAND
from engine.ui.text import SMALL
from engine.ui.lang import t


class Deck(Flow):
    """The deck to draw from at the end of the turn, when both have cards."""

    def __init__(self, board):
        super().__init__(board)
        self.deck = 0  # 0 the clan deck (unless the player moves to the other), 1 the tactic

    def key(self, k):
        b = self.b
        if k in (K.LEFT, K.RIGHT):
            self.deck = 1 - self.deck
            b.damage |= REDRAW_HAND
        elif k == K.A:
            b._draw_from(self.deck)
        elif k == K.B:
            b._pause()

    def asks(self):
        return t("Draw a card from which deck?")

    def lower(self, fb):
        draw_piles(self.b, fb, None, self.deck)

    def hints(self, four):
        return t("X/Y deck  A draw  B menu") if four else t("\x11\x10 deck  A draw  B menu")


def draw_piles(b, fb, counts, at):
    """The two decks and the cards left in each: with the cards to take from each (counts),
    or the cursor on deck `at` (the question is the bar's: the Flow's asks)."""
    lay = b.lay
    g = b.g
    ys = lay.zoom_ys  # (the close-up's lines: a pile's words on the first two)
    top = ys[0]
    h = ys[1] - top + 14
    fb.fill_rect(0, lay.hand_y - lay.gap, lay.w, lay.card_h + lay.gap + 1, P.BG)
    cx = lay.w // 2
    for i in (0, 1):
        x = cx - 70 + i * 80
        pile = t("Tactics (%d)") % g.tdeck_left() if i else t("Clan (%d)") % g.deck_left()
        draw.box(fb, x, top, 60, h, P.DARK)
        SMALL.centre(fb, pile, x + 30, top + 3, P.GREY)
        if counts is not None:
            SMALL.centre(fb, t("take %d") % counts[i], x + 30, ys[1] + 3, P.GOLD)
        elif i == at:
            draw.cursor(fb, x, top, 60, h)
