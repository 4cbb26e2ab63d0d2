# The coach's hint on the board (engine/ai/coach.py): the key the board's hints name asks
# what the computer would play for the player to move. Its hard computer thinks in the
# frames' spare time, as the computer's own turn does (play_steps.py), the screen and B live;
# then the board shows the move as the player would make it (a card's play: the card chosen,
# the cursor on its stone, A plays it, B goes back) with why, in the player's words. Nothing
# is played. A Flow of the board while it thinks, loaded for a hint only: while it thinks
# the board's choices, the words' reader and the log's code go back to the heap, as for the
# computer's turn (the heap's peak).
from engine.core.game import PLAY
from engine.ui.play import Flow, CARD, REDRAW, REDRAW_HINTS
from engine.ui.play_narration import sentence
from engine.ui.session import Computer
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import lang

_SPIN_MS = 200  # the thinking dots move this often


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
        self.cpu = Computer("hard", m.seed, m.declared)
        self.work = self._work()

    def _work(self):
        """The hint's thinking, a slice a step (a step yielding True: the next is some 20-40
        ms of work, begun in a frame of its own): returns (action, its words)."""
        b = self.b
        g = b.g
        ai = self.cpu.made()
        a = yield from ai.think(g)
        yield True
        from engine.ai import coach
        yield True
        why = yield from coach.reason(ai, g, a)
        ai = None
        self.cpu.rest()
        yield True
        lang.wake()
        kind = a >> 24
        move = b._logged(kind, "You", (a >> 16) & 255, (a >> 8) & 255, a & 255)
        words = sentence(move) + " " + lang.capital(coach.said(why, g, lang.t)) + "."
        b.app.unload(("engine.ai.coach",))
        return a, words

    def key(self, k):
        if k == K.B:  # the hint given up
            self.work.close()
            self.cpu.rest()
            self.b.app.unload(("engine.ai.coach",))
            lang.wake()
            self._back()

    def _back(self):
        b = self.b
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
            step = next(self.work)
            while not step and app.spare():
                step = next(self.work)
        except StopIteration as done:
            self._show(*done.value)

    def _show(self, a, words):
        """The hint on the board: a card's play chosen as the player would choose it (its
        stone under the cursor), a tactic card's own action with the cursor on the card."""
        b = self.b
        b.s.hinted = True
        self._back()
        hand = b._hand()
        card = self._card(a, hand)
        if card is not None:
            b.card = hand.find(bytes((card,)))  # (MicroPython's bytes.index takes no int)
            if a >> 24 == PLAY:
                b.stone = (a >> 8) & 255
                b.seen[b.me()] = hand
                b._choose(card)
        b.note = words
        b.app.dirty = True

    def _card(self, a, hand):
        """The card of the hand action a plays (None: none, the siege's preparation): a play's
        own, or the tactic card whose action it is."""
        kind = a >> 24
        if kind == PLAY:
            return (a >> 16) & 255
        if self.b.s.match.declared.TACTIC_CARDS:
            from engine.tactical import tactics as T
            for c in hand:
                if c >= T.TACTIC and T.kind(c) == T.RUSE and T.CARDS[c - T.TACTIC][2] == kind:
                    return c
        return None

    def lower(self, fb):
        b = self.b
        hand = b._hand()
        lay = b.lay
        fb.fill_rect(0, lay.hand_y - lay.gap, lay.w, lay.card_h + lay.gap + 1, P.BG)
        for i in range(lay.hand):
            b._draw_hand_card(fb, i, hand, False)

    def hints(self, four):
        return self.words % ("." * (self.spin + 1))
