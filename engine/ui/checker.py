# The claim checker: put cards on your side, their side, or among the cards seen, and the engine
# says whether the claim is provable, with the counter-example when it is not.
from engine.cards import all_cards, names
from engine.proof import analyze
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.app import Screen
from engine.ui.text import SMALL, wrap

FREE = 0
MINE = 1
THEIRS = 2
SEEN = 3
_FRAME = (None, P.ME, P.THEM, None)


class Checker(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.state = bytearray(54)  # per card (colour * 9 + value - 1)
        self.order = [0] * 54  # when each card was put on a side
        self.clock = 0
        self.at = 0
        self.cell_h = 12 if app.h < 200 else 18

    def _cards(self, which):
        return [(i // 9) * 16 + i % 9 + 1 for i in range(54) if self.state[i] == which]

    def key(self, ev):
        b = ev & 0xFF
        if ev & K.LONG:
            return
        at = self.at
        if b == K.B:
            from engine.ui.title import main_menu
            self.app.go(main_menu(self.app))
            return
        if b == K.RIGHT:
            self.at = at - at % 9 + (at + 1) % 9
        elif b == K.LEFT:
            self.at = at - at % 9 + (at - 1) % 9
        elif b == K.DOWN:
            self.at = (at + 9) % 54
        elif b == K.UP:
            self.at = (at - 9) % 54
        elif b == K.A:
            self._cycle(at)
        else:
            return
        self.app.dirty = True

    def _cycle(self, i):
        """Free -> mine -> theirs -> seen -> free, skipping a side that already holds 3."""
        s = self.state[i]
        while True:
            s = (s + 1) % 4
            if s in (FREE, SEEN) or len(self._cards(s)) < 3:
                break
        self.state[i] = s
        self.clock += 1
        self.order[i] = self.clock

    def _done_at(self, which):
        return max([self.order[i] for i in range(54) if self.state[i] == which] or [0])

    def verdict(self):
        mine = self._cards(MINE)
        theirs = self._cards(THEIRS)
        if len(mine) < 3:
            return "Put 3 cards on your side (A on a card: yours, theirs, seen, free)."
        first = len(theirs) < 3 or self._done_at(MINE) < self._done_at(THEIRS)
        ok, counter, why = analyze(mine, theirs, self._cards(SEEN), 3, all_cards(), first)
        return ("CLAIMABLE: " if ok else "NOT CLAIMABLE: ") + why + "."

    def draw(self, fb):
        app = self.app
        app.clear(fb)
        draw.bar(fb, app.w, "Claim checker", "B back")
        x0 = (app.w - 9 * 26) // 2 + 1
        h = self.cell_h
        glyphs = app.settings.glyphs
        for i in range(54):
            x = x0 + (i % 9) * 26
            y = 12 + (i // 9) * h
            c = (i // 9) * 16 + i % 9 + 1
            st = self.state[i]
            if st == SEEN:
                fb.fill_rect(x, y, 24, h - 2, P.DARK)
                SMALL.centre(fb, names([c]), x + 12, y + (h - 10) // 2 + 1, P.GREY)
            else:
                draw.card(fb, c, x, y, 24, h - 2, glyphs)
            if _FRAME[st]:
                fb.rect(x - 1, y - 1, 26, h, _FRAME[st])
            if i == self.at:
                draw.cursor(fb, x, y, 24, h - 2)
        y = 14 + 6 * h
        SMALL.draw(fb, "You: " + names(self._cards(MINE)), 4, y, P.ME)
        SMALL.draw(fb, "Them: " + names(self._cards(THEIRS)), app.w // 2, y, P.THEM)
        rows = wrap(SMALL, self.verdict(), app.w - 8)
        draw.lines(fb, rows[:(app.h - 10 - y - 10) // 9], 4, y + 10, P.WHITE, 9)
        four = app.four()
        draw.hints(fb, app.w, app.h, ("X/Y, hold X/Y" if four else "\x11\x10\x12\x13") +
                   " move  A yours/theirs/seen")
