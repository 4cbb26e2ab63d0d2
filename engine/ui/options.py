# Settings (brightness, colour glyphs, claim hints, the hand's order, the language) and
# statistics (games and wins per level).
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.app import Screen
from engine.ui.menu import Menu
from engine.ui.text import SMALL, LARGE
from engine.ui.stats import LEVELS, SIEGE_ROLES, read_stats
from engine.ui import lang
from engine.ui.lang import t
from engine.ui.language import NAMES

_LEVEL_WORDS = ("Easy", "Normal", "Hard")  # keys


def settings_menu(app, back=None, at=0):
    """The settings; Done or B keeps them and goes to `back()` (None: the main menu). The
    brightness changes as it is chosen, and the language (the menu shown anew in it)."""
    st = app.settings
    rows = [["Brightness", _LEVELS, st.brightness - 1],  # keys (the labels)
            ["Colour glyphs", _on(), int(st.glyphs)], ["Claim hints", _on(), int(st.hints)],
            ["Hand order", (t("clan"), t("value")), int(st.by_value)],
            ["Language", NAMES, lang.CODES.index(lang.code)], ["Done", None, 0]]

    def keep(menu):
        st.brightness = menu.rows[0][2] + 1
        st.glyphs = menu.rows[1][2] == 1
        st.hints = menu.rows[2][2] == 1
        st.by_value = menu.rows[3][2] == 1
        st.lang = lang.code
        st.save()
        if back:
            back()
            return
        from engine.ui.title import main_menu
        app.go(main_menu(app))

    def act(menu, i):
        if i == 5:
            keep(menu)
        else:
            return False

    def changed(menu, i):
        if i == 0:
            st.brightness = menu.rows[0][2] + 1  # seen at once (the device's next frame)
        elif i == 4:
            st.brightness, st.glyphs, st.hints, st.by_value = (
                menu.rows[0][2] + 1, menu.rows[1][2] == 1, menu.rows[2][2] == 1,
                menu.rows[3][2] == 1)
            lang.use(lang.CODES[menu.rows[4][2]])
            app.go(settings_menu(app, back, 4))
    menu = Menu(app, "SETTINGS", rows, act, keep, changed=changed)
    menu.at = at
    return menu


_LEVELS = ("1", "2", "3", "4", "5")


def _on():
    return (t("off"), t("on"))


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
