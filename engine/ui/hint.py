# The coach on the board (engine/ai/coach.py), two Flows of it (engine/ui/play.py), loaded
# for them only:
# - Hint: the key the board's hints name asks what the computer would play for the player to
#   move. Its hard computer thinks in the frames' spare time, as the computer's own turn does
#   (play_steps.py), the screen and B live; then the board shows the move as the player would
#   make it (a card's play: the card chosen, the cursor on its stone, A plays it, B goes back)
#   with why, in the player's words. Nothing is played. While it thinks the board's choices,
#   the words' reader and the log's code go back to the heap, as for the computer's turn (the
#   heap's peak).
# - Review: a move the round's review flags, on the board as it stood before it
#   (engine/ui/review.py replays the match to it): the move played, the computer's choice
#   with the cursor on its stone, and why; the other flagged moves in turn; B back to the
#   round's end. It holds every key: nothing is played there.
# (Few names: each new one is interned on the device for good, and the tactical game on the
# 240x240 board has no room for another pool of them.)
from micropython import const
from engine.ai.base import LEVELS
from engine.core.game import PLAY
from engine.ui.play import Flow, CARD, REDRAW, REDRAW_HINTS
from engine.ui.play_narration import sentence
from engine.ui.session import Computer
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import lang

_SPIN_MS = const(200)  # the thinking dots move this often
_COACH = const(("engine.ai.coach",))


def move(b, a):
    """Action a of the player at the bottom of board b in words, as a sentence."""
    return sentence(b._logged(a >> 24, "You", (a >> 16) & 255, (a >> 8) & 255, a & 255))


class Hint(Flow):
    busy = True  # (thinking)

    def __init__(self, board):
        super().__init__(board)
        self.spin = 0
        # (read now: while it thinks no words are read)
        self.words = lang.t("Coach thinking%s  B back")
        board.app.unload(board.choices)
        lang.rest()
        board.app.unload(("engine.ui.words",))  # (240x240: the log's, loaded again to draw)
        m = board.s.match
        self.cpu = Computer(LEVELS[-1], m.seed, m.declared)  # (hard)
        self.work = self.think()

    def think(self):
        """The hint's thinking, a slice a step (a step yielding True: the next is some 20-40
        ms of work, begun in a frame of its own): returns (action, its words)."""
        b = self.b
        g = b.g
        a, why = yield from self.judged(g)
        self.cpu.rest()
        yield True
        from engine.ai.coach import said
        lang.wake()
        words = move(b, a) + " " + lang.capital(said(why, g, lang.t)) + "."
        b.app.unload(_COACH)
        return a, words

    def judged(self, g):
        """The hard computer's choice in g and its reason, a generator of think's slices. (Its
        own frame: the device's collector reads a generator's whole frame, the slots of calls
        done among it, and would keep the computer, and so its module, from think's.)"""
        ai = self.cpu.made()
        a = yield from ai.think(g)
        yield True
        from engine.ai.coach import reason
        return a, (yield from reason(ai, g, a))

    def key(self, k):
        if k == K.B:  # the hint given up
            self.work.close()
            self.cpu.rest()
            self.b.app.unload(_COACH)
            lang.wake()
            self._back()

    def _back(self):
        b = self.b
        b.app.unload(("engine.ui.hint",))  # (its code back to the heap: this object ends here)
        b.flow = None
        b.mode = CARD
        b.damage = REDRAW
        b.held = b.app.now

    def tick(self):
        b = self.b
        app = b.app
        spin = (app.now // _SPIN_MS) % 4
        if spin != self.spin:
            self.spin = spin
            b.damage |= REDRAW_HINTS
            app.dirty = True
        try:
            app.run(self.work)
        except StopIteration as done:
            self.done(*done.value)

    def done(self, a, words):
        """The hint on the board: a card's play chosen as the player would choose it (its
        stone under the cursor), a tactic card's own action (a ruse: the tactic card whose
        action it is) with the cursor on the card; the siege's preparation said."""
        b = self.b
        b.s.hinted = True
        self._back()
        hand = b._hand()
        kind = a >> 24
        card = (a >> 16) & 255 if kind == PLAY else None
        if kind != PLAY and b.s.match.declared.TACTIC_CARDS:
            from engine.tactical import tactics as T
            for c in hand:
                if c >= T.TACTIC and T.kind(c) == T.RUSE and T.CARDS[c - T.TACTIC][2] == kind:
                    card = c
        if card is not None:
            b.card = hand.find(bytes((card,)))  # (MicroPython's bytes.index takes no int)
            if kind == PLAY:
                b.stone = (a >> 8) & 255
                b.seen[b.me()] = hand
                b._choose(card)
        b.note = words
        b.app.dirty = True

    def lower(self, fb):
        b = self.b
        hand = b._hand()
        lay = b.lay
        fb.fill_rect(0, lay.hand_y - lay.gap, lay.w, lay.card_h + lay.gap + 1, P.BG)
        for i in range(lay.hand):
            b._draw_hand_card(fb, i, hand, False)

    def hints(self, four):
        return self.words % ("." * (self.spin + 1))


class Review(Flow):
    """A flagged move on the board: the cursor on the stone of the computer's choice, its
    close-up under the table, the words over it. Any other key than B: the next one."""
    aims = True

    def __init__(self, board, end, k, words):
        super().__init__(board)
        self.end = end
        self.k = k
        best = end.found[k][3]
        stone = (best >> 8 if best >> 24 == PLAY else best >> 16) & 255
        board.stone = stone if stone < board.g.places else 0
        board.note = words

    def key(self, k):
        b = self.b
        app = b.app
        n = len(self.end.found)
        if k in (K.LEFT, K.RIGHT, K.A) and n > 1:
            from engine.ui.loading import Loading
            from engine.ui.review import opening
            step = -1 if k == K.LEFT else 1
            app.go(Loading(app, opening(app, self.end, (self.k + step) % n), None))
        elif k == K.B:
            d = b.s.match.declared
            app.unload(d.BOARD + d.CHOICES + ("engine.ui.words", "engine.ui.hint"))
            app.go(self.end)

    def asks(self):
        found = self.end.found
        return lang.t("Review %d/%d: it cost %d%%") % (
            self.k + 1, len(found), (found[self.k][0] * 100 + 512) >> 10)

    def lower(self, fb):
        self.b._draw_zoom(fb)

    def hints(self, four):
        return lang.t("X/Y next  B back") if four else lang.t("\x11\x10 next  B back")
