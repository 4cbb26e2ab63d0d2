# The end of a round, and of the match: the stones, the points of each round, the winner.
from engine.core.game import DRAW
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.app import Screen
from engine.ui.text import SMALL, LARGE
from engine.ui.lang import t, tn


class RoundEnd(Screen):
    """The end of a round (or of the match): how it was won, and the rounds' points. A game
    may have its own (its declaration's ROUND_END: the siege's, engine/ui/sroundend.py)."""
    title = "ROUND %d"  # keys
    # the next round's hint alone, and its choice beside the coach's review
    next_hint = ("A next round", "Next round")  # keys

    def __init__(self, app, session):
        super().__init__(app)
        self.s = session
        m = session.match
        self.final = m.over()
        # the saved game removed and the result counted, a part a frame (tick): each may
        # erase a flash sector (45 ms: the flash chip's typical erase)
        self.work = self._match_over() if self.final else None
        # the choices at the bottom: the match's end's, or the next round; the
        # coach's review of the round (against the computer) found meanwhile, in the
        # frames' spare time (engine/ui/review.py): its flagged moves once found
        self.choices = [self.next_hint[1]]
        if self.final:  # (a linked match again: hosted again, no rematch)
            self.choices = list(("Menu",) if session.link else ("Rematch", "Menu"))  # keys
        self.at = 0
        self.review = None
        self.found = None
        self.note = ""
        if app.settings.coach and session.cpu is not None:
            from engine.ui.review import review
            self.review = review(session, 0)
            self.choices.append("Review")  # keys

    def _match_over(self):
        from engine.ui.session import forget
        s = self.s
        forget(self.app.storage)
        if s.cpu is not None or s.link:
            from engine.ui.stats import count_steps
            yield
            yield from count_steps(self.app.storage, self._counted())
        self.app.unload(("engine.ui.stats",))

    def _counted(self):
        """The statistics this match adds to: [(key, won by this handheld's player, whether
        they took a coach's hint)] (engine/ui/stats.py)."""
        return [(self.s.opponent, self.s.match.winner() == self._me(), self.s.hinted)]

    def _me(self):
        """This handheld's player: player 1 (0) but in a linked match the joiner's."""
        return self.s.link.me() if self.s.link else 0

    def busy(self):
        return self.work is not None

    def tick(self):
        if self.work:
            try:
                next(self.work)
            except StopIteration:
                self.work = None
        elif self.review and not self.app.dirty:  # (a step, more while the frame has time,
            # up to a long one; none in a frame that draws: a key's work, the review's and
            # the drawing in one frame made it some 90 ms long on the emulated Pico)
            try:
                self.app.run(self.review)
            except StopIteration as done:
                self.found = done.value
                self.review = None
                self.app.dirty = True

    def _done(self):
        """The match's bookkeeping finished now (before a key leaves this screen)."""
        if self.work:
            for _ in self.work:
                pass
            self.work = None

    def _name(self, p):
        """Player p's name in the tables' heads."""
        if self.s.cpu is not None:
            return t("CPU") if p else t("You")
        return t("Player %d") % (p + 1)

    def _said(self, w, keys, k=0):
        """The sentence keys[k:k + 3] says of winner w, each a whole key as its subject wants it:
        keys[k] of "You", keys[k + 1] of "CPU", keys[k + 2] of "Player %d" (w + 1)."""
        if self.s.cpu is not None:
            return t(keys[k + w])
        return t(keys[k + 2]) % (w + 1)

    def key(self, ev):
        b = ev & 0xFF
        if ev & K.LONG:
            return
        app = self.app
        self._done()
        n = len(self.choices)
        if b in (K.LEFT, K.RIGHT, K.UP, K.DOWN):
            self.at = (self.at + (-1 if b in (K.LEFT, K.UP) else 1)) % n
            self.note = ""
            app.dirty = True
            return
        choice = self.choices[self.at] if b == K.A else "Menu" if b == K.B and self.final \
            else None
        if choice == "Review":  # (once found; none found: said)
            if self.found:
                from engine.ui import loading
                from engine.ui.review import opening
                app.go(loading.Loading(app, opening(app, self, 0), None))
            elif self.found is not None:
                self.note = t("No move of yours cost much this round.")
                app.dirty = True
        elif choice:
            if self.review:  # (given up: its code back to the heap, as at its end)
                self.review = None
                app.unload(self.s.match.declared.COMPUTER[-1:] + ("engine.ai.coach",))
            from engine.ui import loading
            if choice == "Rematch":
                self._rematch()
            elif choice == "Menu":
                app.link = None  # (a linked match is over)
                app.go(loading.Loading(app, loading.to_menu(app), None))
            else:
                if self.s.link:
                    self.s.link.next_round()  # (the other's moves in it, if it went on first)
                else:
                    self.s.match.next_round()
                app.go(loading.Loading(app, loading.begin(app, self.s)))

    def _rematch(self):
        from engine.ui import loading
        app = self.app
        m = self.s.match
        steps = loading.new_game(app, self.s.opponent, m.variant, m.expert, m.rounds,
                                 m.chosen_first())
        app.go(loading.Loading(app, steps))

    def draw(self, fb):
        app = self.app
        m = self.s.match
        app.clear(fb)
        if self.final:
            w = m.winner()
            title = t("A DRAW") if w == DRAW else self._said(w, ("YOU WIN", "CPU WINS",  # keys
                                                                 "PLAYER %d WINS"))
        else:
            title = t(self.title) % m.round_no()
        LARGE.centre(fb, title, app.w // 2, 4, P.GOLD)
        self._draw_result(fb)
        n = len(self.choices)
        if n > 1 or self.final:
            x0 = app.w // 2 - 35 * n + 10
            for i, word in enumerate(self.choices):
                x = x0 + i * 70
                if i == self.at:
                    fb.fill_rect(x - 3, app.h - 27, 62, 12, P.PANEL)
                label = t(word)  # (the review's: dots while it is found, then its moves)
                if word == "Review":
                    label = label + "." * 3 if self.found is None else \
                        t("Review (%d)") % len(self.found)
                SMALL.draw(fb, label, x, app.h - 25, P.GOLD if i == self.at else P.WHITE)
            hint = t("X/Y choose  A ok") if app.four() else t("\x11\x10 choose  A ok")
        else:
            hint = t(self.next_hint[0])
        draw.hints(fb, app.w, app.h, self.note or hint, P.WHITE if self.note else P.GREY)

    def _draw_result(self, fb):
        """How the round was won, the stones, and the table of the rounds' points."""
        app = self.app
        m = self.s.match
        g = m.game
        w = g.winner
        won, how = _won_by(g)
        if w == DRAW:
            line = t("Round drawn")
        else:  # (how: _won_by's)
            line = self._said(w, ("You took the round: three in a row",  # keys
                                  "CPU took the round: three in a row",
                                  "Player %d took the round: three in a row",
                                  "You took the round: five stones",
                                  "CPU took the round: five stones",
                                  "Player %d took the round: five stones",
                                  "You took the round: more stones",
                                  "CPU took the round: more stones",
                                  "Player %d took the round: more stones"), 3 * how)
        SMALL.centre(fb, line, app.w // 2, 24, P.WHITE)
        # the table of rounds under the stones, unless that would run into the choices at
        # the bottom (five rounds on a 135-pixel screen): then the table takes their place
        y = 56
        if y + 10 * len(m.results) + 21 > app.h - (29 if len(self.choices) > 1 or self.final
                                                   else 15):
            y = 36
        else:
            self._draw_stones(fb, 36, won)
        SMALL.draw(fb, self._name(0), 70, y, P.ME)
        SMALL.draw(fb, self._name(1), 150, y, P.THEM)
        if m.rounds == 1:  # no match to score: the stones each holds, and no points
            _, a, b, _, _ = m.results[0]
            y += 10
            SMALL.draw(fb, t("Stones"), 10, y, P.GREY)
            SMALL.draw(fb, str(a), 70, y, P.WHITE)
            SMALL.draw(fb, str(b), 150, y, P.WHITE)
            return
        SMALL.draw(fb, t("Round"), 10, y, P.GREY)
        for i, (rw, a, b, pa, pb) in enumerate(m.results):
            y += 10
            SMALL.draw(fb, str(i + 1), 10, y, P.WHITE)
            SMALL.draw(fb, _points(pa, a), 70, y, P.WHITE)
            SMALL.draw(fb, _points(pb, b), 150, y, P.WHITE)
        y += 12
        SMALL.draw(fb, t("Total"), 10, y, P.GOLD)
        SMALL.draw(fb, str(m.points[0]), 70, y, P.GOLD)
        SMALL.draw(fb, str(m.points[1]), 150, y, P.GOLD)

    def _draw_stones(self, fb, y, won):
        """The nine stones, coloured by who holds them; those that won the round underlined
        in gold."""
        g = self.s.match.game
        x0 = (self.app.w - 9 * 22) // 2
        for s in range(9):
            o = g.owner[s]
            fill = P.ME if o == 1 else P.THEM if o == 2 else P.DARK
            fb.fill_rect(x0 + s * 22, y, 20, 14, fill)
            SMALL.centre(fb, str(s + 1), x0 + s * 22 + 10, y + 3, P.BLACK if o else P.GREY)
            if s in won:
                fb.fill_rect(x0 + s * 22, y + 15, 20, 2, P.GOLD)


def _won_by(g):
    """(the stones that won the round, how: 0 three in a row, 1 five stones, 2 more stones):
    three adjacent of the winner's, or all of them when five or more; none when it was drawn
    (how None) or ended with more stones (two turns without a card played)."""
    w = g.winner
    if w not in (0, 1):
        return (), None
    run = []
    for s in range(9):
        run = run + [s] if g.owner[s] == w + 1 else []
        if len(run) == 3:
            return run, 0
    mine = [s for s in range(9) if g.owner[s] == w + 1]
    if len(mine) >= 5:
        return mine, 1
    return (), 2


def _points(points, stones):
    """A round's points and the stones they came from: "5 (3 stones)", "1 (1 stone)"."""
    return tn(stones, "%d (%d stone)|%d (%d stones)") % (points, stones)
