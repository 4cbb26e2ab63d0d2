# The statistics screen: games and wins per level, the siege's per level and role.
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.app import Screen
from engine.ui.text import SMALL, LARGE
from engine.ui.stats import LEVELS, SIEGE_ROLES, read_stats
from engine.ui.lang import t

_LEVEL_WORDS = ("Easy", "Normal", "Hard")  # keys


class Statistics(Screen):
    def key(self, ev):
        if ev & 0xFF in (K.A, K.B) and not ev & K.LONG:
            from engine.ui.title import main_menu
            self.app.go(main_menu(self.app))

    def draw(self, fb):
        app = self.app
        app.clear(fb)
        LARGE.centre(fb, t("STATISTICS"), app.w // 2, 4, P.GOLD)
        stats = read_stats(app.storage)
        step = 12 if app.h < 200 else 16
        y = 26
        SMALL.draw(fb, t("Opponent"), 20, y, P.GREY)
        SMALL.draw(fb, t("Games"), 110, y, P.GREY)
        SMALL.draw(fb, t("Wins"), 170, y, P.GREY)
        for i, level in enumerate(LEVELS):
            y += step
            games, wins = stats[level]
            SMALL.draw(fb, t(_LEVEL_WORDS[i]), 20, y, P.WHITE)
            SMALL.draw(fb, str(games), 110, y, P.WHITE)
            SMALL.draw(fb, _won(games, wins), 170, y, P.WHITE)
        # the siege's games, per role: won of played
        y += step + 4
        SMALL.draw(fb, t("Siege"), 20, y, P.GREY)
        SMALL.draw(fb, t("Attacking"), 90, y, P.GREY)
        SMALL.draw(fb, t("Defending"), 165, y, P.GREY)
        for i, level in enumerate(LEVELS):
            y += step
            SMALL.draw(fb, t(_LEVEL_WORDS[i]), 20, y, P.WHITE)
            for k, role in enumerate(SIEGE_ROLES):
                games, wins = stats[level + "_" + role]
                SMALL.draw(fb, "%d/%d" % (wins, games), 90 + 75 * k, y, P.WHITE)
        draw.hints(fb, app.w, app.h, t("A/B back"))


def _won(games, wins):
    return str(wins) + (" (%d%%)" % (wins * 100 // games) if games else "")
