# The statistics screen: games and wins per level, the siege's per level and role; a second
# page for linked matches, a third for the wins without a coach's hint.
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.app import Screen
from engine.ui.text import SMALL, LARGE
from engine.ui.stats import LEVELS, LINK, SIEGE_ROLES, read_stats
from engine.ui.lang import t

_LEVEL_WORDS = ("Easy", "Normal", "Hard")  # keys


class Statistics(Screen):
    """Three pages: against the computer, linked matches, the wins without a hint
    (LEFT/RIGHT)."""

    def __init__(self, app):
        super().__init__(app)
        self.page = 0

    def key(self, ev):
        b = ev & 0xFF
        if ev & K.LONG:
            return
        if b in (K.A, K.B):
            from engine.ui.title import main_menu
            self.app.go(main_menu(self.app))
        elif b in (K.LEFT, K.RIGHT, K.UP, K.DOWN):
            self.page = (self.page + (-1 if b in (K.LEFT, K.UP) else 1)) % 3
            self.app.dirty = True

    def draw(self, fb):
        app = self.app
        app.clear(fb)
        LARGE.centre(fb, t("STATISTICS"), app.w // 2, 4, P.GOLD)
        stats = read_stats(app.storage)
        if self.page == 2:
            _unhinted(fb, app, stats)
            return
        # (the rows of the page: the computer's levels, or the other handheld)
        rows = ((LINK, t("Linked")),) if self.page else tuple(
            (level, t(_LEVEL_WORDS[i])) for i, level in enumerate(LEVELS))
        step = 12 if app.h < 200 else 16
        y = 26
        SMALL.draw(fb, t("Opponent"), 20, y, P.GREY)
        SMALL.draw(fb, t("Games"), 110, y, P.GREY)
        SMALL.draw(fb, t("Wins"), 170, y, P.GREY)
        for key, name in rows:
            y += step
            games, wins, _ = stats[key]
            SMALL.draw(fb, name, 20, y, P.WHITE)
            SMALL.draw(fb, str(games), 110, y, P.WHITE)
            SMALL.draw(fb, _won(games, wins), 170, y, P.WHITE)
        # the siege's games, per role: won of played
        y += step + 4
        SMALL.draw(fb, t("Siege"), 20, y, P.GREY)
        SMALL.draw(fb, t("Attacking"), 90, y, P.GREY)
        SMALL.draw(fb, t("Defending"), 165, y, P.GREY)
        for key, name in rows:
            y += step
            SMALL.draw(fb, name, 20, y, P.WHITE)
            for k, role in enumerate(SIEGE_ROLES):
                games, wins, _ = stats[key + "_" + role]
                SMALL.draw(fb, "%d/%d" % (wins, games), 90 + 75 * k, y, P.WHITE)
        _hints(fb, app)


def _unhinted(fb, app, stats):
    """The games won against each level without a coach's hint, of all won (every game)."""
    y = 26
    SMALL.draw(fb, t("Wins without a coach's hint / all wins"), 20, y, P.GREY)
    for i, level in enumerate(LEVELS):
        y += 16
        wins = clean = 0
        for key in (level,) + tuple(level + "_" + role for role in SIEGE_ROLES):
            wins += stats[key][1]
            clean += stats[key][2]
        SMALL.draw(fb, t(_LEVEL_WORDS[i]), 20, y, P.WHITE)
        SMALL.draw(fb, "%d / %d" % (clean, wins), 110, y, P.WHITE)
    _hints(fb, app)


def _hints(fb, app):
    draw.hints(fb, app.w, app.h, t("X/Y page  A/B back") if app.four() else
               t("\x11\x10 page  A/B back"))


def _won(games, wins):
    return str(wins) + (" (%d%%)" % (wins * 100 // games) if games else "")
