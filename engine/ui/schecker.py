# The claim checker's siege mode: choose a section (intact or damaged), put siege cards on the
# attacker's side, the defender's, or among the cards seen, and the engine says whether the
# attacker may take the section, with the defender's completion that would beat it if not.
# Reached from the claim checker's last cell (engine/ui/checker.py).
from micropython import const
from engine.core.verdict import analyze
from engine.siege.round import SIEGE_CARDS, SECTIONS, section
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.app import Screen
from engine.ui.text import SMALL, wrap
from engine.ui.lang import t, tn
from engine.ui.checker import sides_unfit  # (the siege checker opens from the claim checker)

_FRAME = (None, P.ME, P.THEM, None)  # by state: free, the attacker's, the defender's, seen
_SEEN = const(3)
_CELLS = const(60)  # the siege cards, colour * 12 + value; the section's row above them
# What the sides need before a verdict (engine/ui/checker.py's sides_unfit)
_UNFIT = ("The attacker's side holds %d card: %d here. A on a card moves it on.|"  # keys
          "The attacker's side holds %d cards: %d here. A on a card moves it on.",
          "The defender's side holds %d card: %d here. A on a card moves it on.|"
          "The defender's side holds %d cards: %d here. A on a card moves it on.",
          "Put %d card on the attacker's side (A on a card: attacker, defender, seen, free).|"
          "Put %d cards on the attacker's side (A on a card: attacker, defender, seen, free).")
_RULES = ("any formation", "highest sum", "lowest sum", "run", "colour", "same value")  # keys


class SiegeChecker(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.state = bytearray(_CELLS)
        self.order = [0] * _CELLS  # when each card was put on a side
        self.clock = 0
        self.at = -1  # the cursor: -1 the section's row, else a card's cell
        self.face = 0  # section * 2 + damaged
        self.col = 0  # the cursor's column, kept while it is on the section's row
        self.cell_h = 11 if app.h < 200 else 18

    def _cards(self, which):
        return [(i // 12) * 16 + i % 12 for i in range(_CELLS) if self.state[i] == which]

    def key(self, ev):
        b = ev & 0xFF
        if ev & K.LONG:
            return
        at = self.at
        if b == K.B:
            from engine.ui.title import main_menu
            self.app.go(main_menu(self.app))
            return
        step = 1 if b == K.RIGHT else -1
        if at < 0 and b in (K.LEFT, K.RIGHT, K.A):  # the section: each one's two faces in turn
            self.face = (self.face + (1 if b == K.A else step)) % (2 * SECTIONS)
        elif b in (K.RIGHT, K.LEFT) and self.app.four():  # X/Y: every cell in turn
            self.at = (at + 1 + step) % (_CELLS + 1) - 1
        elif b in (K.RIGHT, K.LEFT):
            self.at = at - at % 12 + (at % 12 + step) % 12
        elif b in (K.DOWN, K.UP):
            row = ((at // 12 if at >= 0 else -1) + (2 if b == K.DOWN else 0)) % 6 - 1
            if at >= 0:
                self.col = at % 12
            self.at = -1 if row < 0 else row * 12 + self.col
        elif b == K.A:
            self.state[at] = (self.state[at] + 1) % 4  # free, attacker, defender, seen
            self.clock += 1
            self.order[at] = self.clock
        else:
            return
        self.app.dirty = True

    def verdict(self):
        n, rule = section(self.face >> 1, self.face & 1)
        att = self._cards(1)
        dfd = self._cards(2)
        unfit = sides_unfit(att, dfd, n, _UNFIT)
        if unfit:
            return unfit
        first = len(dfd) < n or self._done_at(1) < self._done_at(2)
        glyphs = self.app.settings.glyphs

        def named(cards):
            return draw.labels(cards, glyphs)
        ok, counter, why = analyze(att, dfd, self._cards(_SEEN), n, bytearray(SIEGE_CARDS),
                                   first, 0, named, rule, t)
        return (t("CAN BE TAKEN: %s.") if ok else t("CANNOT BE TAKEN: %s.")) % why

    def _done_at(self, which):
        return max([self.order[i] for i in range(_CELLS) if self.state[i] == which] or [0])

    def draw(self, fb):
        app = self.app
        app.clear(fb)
        draw.bar(fb, app.w, t("Siege checker"), t("B back"))
        s = self.face >> 1
        n, rule = section(s, self.face & 1)
        if self.face & 1:
            words = tn(n, "Section %d, damaged: %d card, %s|Section %d, damaged: %d cards, %s")
        else:
            words = tn(n, "Section %d, intact: %d card, %s|Section %d, intact: %d cards, %s")
        words = words % (s + 1, n, t(_RULES[rule]))
        if self.at < 0:
            fb.fill_rect(2, 13, app.w - 4, 10, P.PANEL)
        SMALL.centre(fb, words, app.w // 2, 14, P.GOLD if self.at < 0 else P.WHITE)
        h = self.cell_h
        x0 = (app.w - 12 * 19) // 2 + 1
        for i in range(_CELLS):
            x = x0 + (i % 12) * 19
            y = 25 + (i // 12) * h
            st = self.state[i]
            c = (i // 12) * 16 + i % 12
            if st == _SEEN:
                fb.fill_rect(x, y, 18, h - 2, P.DARK)
                SMALL.centre(fb, str(i % 12), x + 9, y + (h - 10) // 2 + 1, P.GREY)
            else:
                draw.card(fb, c, x, y, 18, h - 2, False)
            if _FRAME[st]:
                fb.rect(x - 1, y - 1, 20, h, _FRAME[st])
            if i == self.at:
                draw.cursor(fb, x, y, 18, h - 2)
        glyphs = app.settings.glyphs
        y = 27 + 5 * h
        draw.words(fb, SMALL, t("Atk: %s") % draw.labels(self._cards(1), glyphs), 4, y, P.ME)
        draw.words(fb, SMALL, t("Def: %s") % draw.labels(self._cards(2), glyphs), app.w // 2, y,
                   P.THEM)
        rows = wrap(SMALL, self.verdict(), app.w - 8)
        draw.lines(fb, rows[:(app.h - draw.HINTS_H - y - 10) // 9], 4, y + 10, P.WHITE, 9)
        four = app.four()
        draw.hints(fb, app.w, app.h, t("X/Y move  A atk/def/seen") if four
                   else t("\x11\x10\x12\x13 move  A atk/def/seen"))
