# The siege board's choice (engine/ui/splay.py), a Flow (engine/ui/play.py): the preparation
# that may begin a turn, the attacker's retreat or the defender's boiling oil, and its section.
# Loaded as the player makes it, unloaded while the computer thinks (the variant's CHOICES).
from engine.core.game import IllegalMove, action
from engine.siege.round import RETREAT, OIL
from engine.ui import keys as K
from engine.ui import draw
from engine.ui.play import Flow, sentence, REDRAW, REDRAW_HINTS
from engine.ui.lang import t, refusal


class Prepare(Flow):
    """The section for a retreat (every card of the attacker's side there goes) or for boiling
    oil (the attacker's card nearest the wall there goes: framed)."""
    aims = True

    def __init__(self, board):
        super().__init__(board)
        g = board.g
        self.retreat = g.player == g.attacker
        board.where = board.prepare_at()
        board.stone = board._next_open(board.stone, 0)

    def key(self, k):
        b = self.b
        g = b.g
        if k in (K.LEFT, K.RIGHT):
            b._move_stone(b._next_open(b.stone, 1 if k == K.RIGHT else -1))
        elif k == K.B:  # (back to the card, or to the pass when no card can be played)
            b._to_play()
            b.damage = REDRAW
        elif k == K.A:
            try:
                b.s.match.act(g.player, action(RETREAT if self.retreat else OIL, b.stone))
            except IllegalMove as e:
                b.note = sentence(refusal(e))
                b.damage |= REDRAW_HINTS
                return
            b.note = (t("You retreat from section %d.") if self.retreat else
                      t("Boiling oil on section %d.")) % (b.stone + 1)
            b._keep()  # (a power cut must not take it back)
            b._to_play()
            b.damage = REDRAW

    def column(self, fb, s, me, glyphs):
        b = self.b
        if s != b.stone or s not in b.where:
            return
        lay = b.lay
        g = b.g
        att = g.attacker
        ys = lay.me_ys if att == me else lay.opp_ys
        x = lay.x0 + s * lay.col
        for k in range(g.count[s * 2 + att] if self.retreat else 1):
            draw.crossed(fb, g.sides[(s * 2 + att) * 4 + k], x, ys[k], lay.tile_w, lay.tile_h)

    def lower(self, fb):
        self.b._draw_zoom(fb)

    def hints(self, four):
        if four:
            return t("X/Y section  A retreat  B back") if self.retreat else \
                t("X/Y section  A pour oil  B back")
        return t("\x11\x10 section  A retreat  B back") if self.retreat else \
            t("\x11\x10 section  A pour oil  B back")
