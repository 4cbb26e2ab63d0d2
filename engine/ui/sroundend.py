# The end of a game of the siege, and of its match: how the wall was taken or held, the wall
# as it stood, and each game's roles and winner.
from engine.ui import palette as P
from engine.ui.roundend import RoundEnd
from engine.ui.text import SMALL
from engine.ui.lang import t


class SiegeRoundEnd(RoundEnd):
    title = "GAME %d"  # keys
    next_hint = ("A next game: roles swapped", "Next game")  # keys

    def _counted(self):
        """Each game, by the role this handheld's player held in it."""
        from engine.ui.stats import SIEGE_ROLES
        me = self._me()
        return [(self.s.opponent + "_" + SIEGE_ROLES[self._attacker(i) ^ me], r[0] == me,
                 self.s.hinted) for i, r in enumerate(self.s.match.results)]

    def _attacker(self, i):
        """Who attacked in game i of the match (the roles swap each game)."""
        m = self.s.match
        return m.first if i == 0 else 1 - m.first

    def _draw_result(self, fb):
        """How the game ended, the wall as it stood, and each game's roles and winner."""
        app = self.app
        m = self.s.match
        g = m.game
        w = g.winner
        if w == g.attacker:  # (SiegeGame.how: 1 a fourth section damaged, 2 a damaged one taken)
            line = self._said(w, ("You took the wall: a fourth section damaged",  # keys
                                  "CPU took the wall: a fourth section damaged",
                                  "Player %d took the wall: a fourth section damaged",
                                  "You took the wall: a damaged section taken",
                                  "CPU took the wall: a damaged section taken",
                                  "Player %d took the wall: a damaged section taken"),
                              3 * (g.how - 1))
        else:
            line = self._said(w, ("You held the wall: the deck ran out",  # keys
                                  "CPU held the wall: the deck ran out",
                                  "Player %d held the wall: the deck ran out"))
        SMALL.centre(fb, line, app.w // 2, 24, P.WHITE)
        x0 = (app.w - 7 * 22) // 2
        for s in range(7):  # the sections, damaged ones dark
            d = g.damaged[s]
            fb.fill_rect(x0 + s * 22, 36, 20, 14, P.DARK if d else P.STONE)
            SMALL.centre(fb, str(s + 1), x0 + s * 22 + 10, 39, P.WHITE if d else P.BLACK)
        y = 56
        SMALL.draw(fb, t("Game"), 10, y, P.GREY)
        SMALL.draw(fb, self._name(0), 70, y, P.ME)
        SMALL.draw(fb, self._name(1), 150, y, P.THEM)
        for i, r in enumerate(m.results):
            y += 10
            att = self._attacker(i)
            SMALL.draw(fb, str(i + 1), 10, y, P.WHITE)
            for p in (0, 1):
                word = (("attacked", "attacked, won", "defended", "defended, won")  # keys
                        [(p != att) * 2 + (r[0] == p)])
                SMALL.draw(fb, t(word), 70 + 80 * p, y, P.GOLD if r[0] == p else P.WHITE)
        if m.rounds > 1:
            y += 12
            SMALL.draw(fb, t("Games won"), 10, y, P.GOLD)
            SMALL.draw(fb, str(m.points[0]), 70, y, P.GOLD)
            SMALL.draw(fb, str(m.points[1]), 150, y, P.GOLD)
