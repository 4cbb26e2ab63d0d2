# The claim checker: put cards on your side, their side, or among the cards seen, and the engine
# says whether the claim is provable, with the counter-example when it is not. A last row holds
# the tactic cards a proof counts: the elite troops (on either side) and the two combat modes,
# then the way to the siege's checker (engine/ui/schecker.py).
from engine.core.cards import all_cards, OWN
from engine.core.verdict import analyze
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.app import Screen
from engine.ui.text import SMALL, wrap
from engine.ui.lang import t, tn

# What the sides need before a verdict: the claimer's too many, the other's, the claimer's
# too few (plural keys).
_UNFIT = ("Your side holds %d card: %d at most here. A on a card moves it on.|"  # keys
          "Your side holds %d cards: %d at most here. A on a card moves it on.",
          "Their side holds %d card: %d at most here. A on a card moves it on.|"
          "Their side holds %d cards: %d at most here. A on a card moves it on.",
          "Put %d card on your side (A on a card: yours, theirs, seen, free).|"
          "Put %d cards on your side (A on a card: yours, theirs, seen, free).")
FREE = 0
MINE = 1  # for a combat mode: on
THEIRS = 2
SEEN = 3
_FRAME = (None, P.ME, P.THEM, None)
_CLAN = 54  # cells 0-53: the clan cards, colour * 9 + value - 1; cell i sits at row i // 9
_BLIND = 58  # cells 54-59: JK, JK, SPY, SHB (elite troops), BMB, MUD (combat modes)
_MUD = 59
_SIEGE = 60  # the siege's checker
_CELLS = 61


# Equal formations go to the side completed first; the checker knows only the order its
# cards were marked in, and says so: each key of the claim's words, then the checker's
_AS_MARKED = ("equal formations: you completed your side first",  # keys
              "equal formations: your side was marked complete first",
              "equal formations: they completed their side first",
              "equal formations: their side was marked complete first")


def _said(key):
    """The claim's words (engine/core/verdict.py's say) as the checker means them."""
    for i in (0, 2):
        if key == _AS_MARKED[i]:
            return t(_AS_MARKED[i + 1])
    return t(key)


def code(i):
    """The card of cell i."""
    return (i // 9) * 16 + i % 9 + 1 if i < _CLAN else OWN + i - _CLAN  # (tactic cards)


class Checker(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.state = bytearray(_CELLS)
        self.order = [0] * _CELLS  # when each card was put on a side
        self.clock = 0
        self.at = 0
        self.cell_h = 11 if app.h < 200 else 18

    def _cards(self, which):
        return [code(i) for i in range(_BLIND) if self.state[i] == which]

    def _size(self):
        """Cards a complete side holds: 4 in a Mud Fight."""
        return 4 if self.state[_MUD] else 3

    def key(self, ev):
        b = ev & 0xFF
        if ev & K.LONG:
            return
        at = self.at
        row = at // 9
        width = 7 if row == 6 else 9  # the tactic row: six cells and the siege's
        if b == K.B:
            from engine.ui.title import main_menu
            self.app.go(main_menu(self.app))
            return
        if b in (K.RIGHT, K.LEFT) and self.app.four():  # X/Y: through every cell in turn,
            self.at = (at + (1 if b == K.RIGHT else -1)) % _CELLS  # so no row needs a hold
        elif b == K.RIGHT:
            self.at = at - at % 9 + (at % 9 + 1) % width
        elif b == K.LEFT:
            self.at = at - at % 9 + (at % 9 - 1) % width
        elif b in (K.DOWN, K.UP):
            row = (row + (1 if b == K.DOWN else -1)) % 7
            self.at = row * 9 + min(at % 9, 6 if row == 6 else 8)
        elif b == K.A and at == _SIEGE:
            from engine.ui.schecker import SiegeChecker
            self.app.go(SiegeChecker(self.app))
            return
        elif b == K.A:
            self._cycle(at)
        else:
            return
        self.app.dirty = True

    def _cycle(self, i):
        """Clan cards: free -> mine -> theirs -> seen -> free, always the same presses (a
        side with too many cards is said by the verdict, not skipped); elite troops the same
        without seen, a Joker never on the side holding the other (one Joker a player).
        Combat modes: off <-> on."""
        s = self.state[i]
        if i >= _BLIND:
            self.state[i] = 1 - s
            return
        last = SEEN if i < _CLAN else THEIRS
        other = i ^ 1 if _CLAN <= i <= _CLAN + 1 else -1  # the other Joker: one a player
        s = (s + 1) % (last + 1)
        if s and s != SEEN and other >= 0 and self.state[other] == s:
            s = (s + 1) % (last + 1)
        self.state[i] = s
        self.clock += 1
        self.order[i] = self.clock

    def _done_at(self, which):
        return max([self.order[i] for i in range(_BLIND) if self.state[i] == which] or [0])

    def verdict(self):
        mine = self._cards(MINE)
        theirs = self._cards(THEIRS)
        n = self._size()
        unfit = sides_unfit(mine, theirs, n, _UNFIT)
        if unfit:
            return unfit
        first = len(theirs) < n or self._done_at(MINE) < self._done_at(THEIRS)
        modes = self.state[_BLIND] | self.state[_MUD] << 1  # tactics.MODE_BLIND, MODE_MUD
        glyphs = self.app.settings.glyphs

        def named(cards):
            return draw.labels(cards, glyphs)
        judge = None
        if modes or max(mine + theirs) >= OWN:  # (mine is complete: sides_unfit)
            from engine.tactical.judge import Judge
            judge = Judge(modes)
        ok, counter, why = analyze(mine, theirs, self._cards(SEEN), n, all_cards(), first,
                                   judge, named, say=_said)
        return (t("CLAIMABLE: %s.") if ok else t("NOT CLAIMABLE: %s.")) % why

    def draw(self, fb):
        app = self.app
        app.clear(fb)
        draw.bar(fb, app.w, t("Claim checker"), t("B back"))
        x0 = (app.w - 9 * 26) // 2 + 1
        h = self.cell_h
        glyphs = app.settings.glyphs
        for i in range(_CELLS):
            x = x0 + (i % 9) * 26  # (the tactic row is row 6 of the grid)
            y = 12 + (i // 9) * h
            st = self.state[i] if i < _SIEGE else FREE
            if i == _SIEGE:
                fb.fill_rect(x, y, 2 * 24 + 2, h - 2, P.STONE)
                SMALL.centre(fb, t("Siege"), x + 25, y + (h - 10) // 2 + 1, P.BLACK)
            elif st == SEEN:
                fb.fill_rect(x, y, 24, h - 2, P.DARK)
                SMALL.centre(fb, draw.label(code(i), glyphs), x + 12, y + (h - 10) // 2 + 1,
                             P.GREY)
            else:
                draw.card(fb, code(i), x, y, 24, h - 2, glyphs)
            frame = P.GOLD if i >= _BLIND and st else _FRAME[st]
            if frame:
                fb.rect(x - 1, y - 1, 26, h, frame)
            if i == self.at:
                draw.cursor(fb, x, y, 50 if i == _SIEGE else 24, h - 2)
        y = 14 + 7 * h
        draw.words(fb, SMALL, t("You: %s") % draw.labels(self._cards(MINE), glyphs), 4, y,
                   P.ME)
        draw.words(fb, SMALL, t("Them: %s") % draw.labels(self._cards(THEIRS), glyphs),
                   app.w // 2, y, P.THEM)
        rows = wrap(SMALL, self.verdict(), app.w - 8)
        draw.lines(fb, rows[:(app.h - draw.HINTS_H - y - 10) // 9], 4, y + 10, P.WHITE, 9)
        four = app.four()
        draw.hints(fb, app.w, app.h, t("X/Y move (held: rows)  A yours/theirs/seen") if four
                   else t("\x11\x10\x12\x13 move  A yours/theirs/seen"))


def sides_unfit(mine, theirs, n, keys):
    """Why the sides cannot be judged yet, in words (None: they can): one of them holds more
    than n cards, or the claimer's fewer; keys: the three sentences (plural keys), in that
    order (the siege checker's its own)."""
    for side, key in ((mine, keys[0]), (theirs, keys[1])):
        if len(side) > n:
            return tn(len(side), key) % (len(side), n)
    if len(mine) < n:
        return tn(n, keys[2]) % n
    return None
