# The tactical board's choices for its tactic cards (engine/ui/tplay.py), each a Flow
# (engine/ui/play.py) with its keys, drawing and hints: a ruse's card on the table (Pick) and
# where it goes (Destination), the Recruiter's draw (Split) and the cards it puts back
# (PutBack). Loaded as the player makes one, unloaded while the computer thinks (the variant's
# CHOICES): the heap's peak is the computer's thinking. The deck to draw from, a choice of
# nearly every turn, is engine/ui/tdeck.py: small, so that its save is not the peak instead.
from engine.tactical import tactics as T
from engine.core.cards import NO_CARD
from engine.core.game import action
from engine.tactical.round import RECRUIT, STRATEGIST, BANSHEE
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.play import Flow, REDRAW_HAND, REDRAW_HINTS
from engine.ui.tdeck import draw_piles
from engine.ui.lang import t


class Pick(Flow):
    """A ruse's card on the table (the Strategist's, the Banshee's, the Traitor's): the stone,
    then which of the cards there it may take."""
    aims = True

    def __init__(self, board):
        super().__init__(board)
        self.pick = 0  # which of the cards the ruse may take at the stone

    def at(self, stone):
        """This choice with the cursor at stone (or the next where the ruse may take)."""
        b = self.b
        b.where = b.g.stones_for(b.g.player, b.chosen)
        b.stone = b._next_open(stone, 0)
        return self

    def targets(self):
        b = self.b
        return b.g.targets(b.g.player, b.chosen, b.stone)

    def key(self, k):
        b = self.b
        if k in (K.LEFT, K.RIGHT):
            b._move_stone(b._next_open(b.stone, 1 if k == K.RIGHT else -1))
            self.pick = 0
        elif k in (K.UP, K.DOWN):
            n = len(self.targets())
            if n:
                self.pick = (self.pick + (1 if k == K.DOWN else -1)) % n
                b.damage |= (1 << b.stone) | REDRAW_HAND
        elif k == K.B:
            b._back()
        elif k == K.A and self.targets():
            c = self.targets()[self.pick]
            if b.chosen == T.BANSHEE:
                b._do(action(BANSHEE, b.stone, c))
            else:
                b._go(Destination(b, self, c))

    def column(self, fb, s, me, glyphs):
        found = self.targets() if s == self.b.stone else None
        if found:
            _draw_taken(self.b, fb, s, found[self.pick], False, glyphs)

    def lower(self, fb):
        b = self.b
        b._draw_zoom(fb)
        found = self.targets()
        if found:  # the card it takes, framed in the close-up
            s = b.stone
            x, w = b._zoom_x(_taken_side(b), _slot(b, s, found[self.pick]), b._need(s))
            draw.cursor(fb, x, b.lay.hand_y - 2, w, b.lay.card_h)

    def hints(self, four):
        return t("X/Y stone  hold X/Y card  A take  B back") if four else \
            t("\x11\x10 stone  \x12\x13 card  A take  B back")


class Destination(Flow):
    """Where the card a Strategist or a Traitor took goes: a stone (or, the Strategist's,
    the discard)."""
    aims = True

    def __init__(self, board, pick, card):
        super().__init__(board)
        g = board.g
        self.pick = pick  # (B goes back to it)
        self.taken = (board.stone, card)
        board.where = g.destinations(g.player, board.chosen, board.stone)
        board.stone = board._next_open(board.stone, 1)

    def key(self, k):
        b = self.b
        stone, c = self.taken
        kind = T.CARDS[b.chosen - T.TACTIC][2]  # (the ruse's action)
        if k in (K.LEFT, K.RIGHT):
            b._move_stone(b._next_open(b.stone, 1 if k == K.RIGHT else -1))
        elif k == K.B:
            b._go(self.pick.at(stone))
        elif k == K.A and b.stone not in b.where:
            b.note = t("No stone has room for it: down discards it.") if kind == STRATEGIST \
                else t("No stone has room for it.")
            b.damage |= REDRAW_HINTS
        elif k == K.A:
            b._do(action(kind, stone, c, b.stone + 1))
        elif k == K.DOWN and kind == STRATEGIST:
            b._do(action(STRATEGIST, stone, c))  # discard it

    def column(self, fb, s, me, glyphs):
        b = self.b
        if s == self.taken[0]:  # the card taken, framed in grey
            _draw_taken(b, fb, s, self.taken[1], True, glyphs)
        if s == b.stone and s in b.where:  # where it would go
            lay = b.lay
            x = lay.x0 + s * lay.col
            y = lay.me_ys[b.g.count[s * 2 + me]]
            draw.card(fb, self.taken[1], x, y, lay.tile_w, lay.tile_h, glyphs)
            draw.outline(fb, x, y, lay.tile_w, lay.tile_h)

    def shown(self, s, p, side):
        b = self.b
        if s == b.stone and p == b.me() and s in b.where:
            return side + bytes((self.taken[1],))
        return side

    def lower(self, fb):
        self.b._draw_zoom(fb)

    def hints(self, four):
        # by the buttons, whether a stone has room (A), whether it may be discarded (the
        # Strategist's: down, a hold on the four-button board)
        b = self.b
        i = (4 if four else 0) + (0 if b.where else 2) + (b.chosen != T.STRATEGIST)
        return t(("\x11\x10 stone  A put here  \x13 discard  B back",  # keys
                  "\x11\x10 stone  A put here  B back",
                  "\x11\x10 stone  \x13 discard  B back", "\x11\x10 stone  B back",
                  "X/Y stone  A put here  hold X discard  B back", "X/Y stone  A put here  B back",
                  "X/Y stone  hold X discard  B back", "X/Y stone  B back")[i])


def _taken_side(b):
    """Whose side the chosen ruse takes a card from (the Strategist: one's own)."""
    return b.me() if b.chosen == T.STRATEGIST else 1 - b.me()


def _slot(b, s, c):
    """Where card c lies on that side of stone s."""
    return b.g.side(s, _taken_side(b)).find(bytes((c,)))


def _draw_taken(b, fb, s, c, taken, glyphs):
    """Card c, which the ruse takes at stone s, in the cursor's frame (grey once taken)."""
    lay = b.lay
    x = lay.x0 + s * lay.col
    y = (lay.me_ys if _taken_side(b) == b.me() else lay.opp_ys)[_slot(b, s, c)]
    draw.card(fb, c, x, y, lay.tile_w, lay.tile_h, glyphs)
    draw.outline(fb, x, y, lay.tile_w, lay.tile_h, taken)


class Split(Flow):
    """The Recruiter's draw: how many cards from each deck."""

    def __init__(self, board):
        super().__init__(board)
        self.draws = board.g.recruit_draws()
        self.split = len(self.draws) - 1  # (the one shown) clan cards first

    def key(self, k):
        b = self.b
        if k in (K.LEFT, K.RIGHT):
            self.split = (self.split + (1 if k == K.RIGHT else -1)) % len(self.draws)
            b.damage |= REDRAW_HAND | REDRAW_HINTS
        elif k == K.B:
            b._back()
        elif k == K.A:  # the cards are drawn: from here on there is no going back
            b.s.pending = self.draws[self.split]
            b._save_now()  # not even by cutting the power
            b._go(PutBack(b))

    def asks(self):
        clan, tactic = self.draws[self.split]
        return t("Draw %d: how many from each deck?") % (clan + tactic)

    def lower(self, fb):
        draw_piles(self.b, fb, self.draws[self.split], 0)

    def hints(self, four):
        return t("X/Y how many  A draw  B back") if four else \
            t("\x11\x10 how many  A draw  B back")


class PutBack(Flow):
    """The Recruiter's cards are drawn (the session's `pending`): the two put back, chosen
    with the hand's cursor."""

    def __init__(self, board):
        super().__init__(board)
        g = board.g
        board.chosen = T.RECRUITER
        board.card = 0
        self.drawn = g.recruited_hand(g.player, *board.s.pending)  # the hand after the draw
        self.putback = []  # the places in it of the cards put back

    def key(self, k):
        b = self.b
        n = len(self.drawn)
        if k in (K.LEFT, K.RIGHT):
            b.card = (b.card + (1 if k == K.RIGHT else -1)) % n
        elif k == K.B and self.putback:
            self.putback.pop()
        elif k == K.A:
            if b.card in self.putback:
                self.putback.remove(b.card)
            else:
                self.putback.append(b.card)
            if len(self.putback) == min(2, n):
                clan, tactic = b.s.pending
                back = [self.drawn[i] for i in self.putback] + [NO_CARD, NO_CARD]
                self.putback = []
                b.card = 0
                # (never refused: the engine offered the draw)
                if b._do(action(RECRUIT, clan * 4 + tactic, back[0], back[1])):
                    b.s.pending = None
                return
        b.damage |= REDRAW_HAND | REDRAW_HINTS

    def lower(self, fb):
        """The hand after the draw (the new cards underlined); the cards marked to go back
        raised and framed."""
        b = self.b
        lay = b.lay
        y = lay.hand_y
        fb.fill_rect(0, y - lay.gap, lay.w, lay.card_h + lay.gap + 1, P.BG)
        cards = self.drawn
        n = len(cards)
        w = 24
        x0 = (lay.w - n * (w + 2) + 2) // 2
        new = len(b._hand()) - 1  # where the drawn cards begin (the Recruiter left)
        glyphs = b.app.settings.glyphs
        for i in range(n):
            x = x0 + i * (w + 2)
            up = lay.lift if i in self.putback else 0
            draw.card(fb, cards[i], x, y - up, w, lay.card_h - 2, glyphs)
            if up:  # (to go back: a frame two pixels thick in the ruses' pink)
                fb.rect(x, y - up, w, lay.card_h - 2, P.THEM)
                fb.rect(x + 1, y - up + 1, w - 2, lay.card_h - 4, P.THEM)
            if i >= new:
                fb.hline(x, y + lay.card_h, w, P.GOLD)
            if i == b.card:
                draw.cursor(fb, x, y - up, w, lay.card_h - 2)

    def hints(self, four):
        more = min(2, len(self.drawn)) - len(self.putback)
        if not self.putback:
            return (t("X/Y card  A put back (%d more)") if four else
                    t("\x11\x10 card  A put back (%d more)")) % more
        last = self.b._labels((self.drawn[self.putback[-1]],))  # (B puts it in the hand again)
        return (t("X/Y card  A put back (%d more)  B undo %s") if four else
                t("\x11\x10 card  A put back (%d more)  B undo %s")) % (more, last)
