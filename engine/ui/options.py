# Settings: brightness, colour glyphs, claim hints, the coach, the hand's order, the language.
from micropython import const
from engine.ui.menu import Menu
from engine.ui import lang
from engine.ui.lang import t

_LEVELS = const(("1", "2", "3", "4", "5"))

# lang.CODES' names, each in itself (here, not in lang: a game's heap would hold them; the
# first power-on's question reads them from here too)
NAMES = ("English", "Русский", "Українська", "Magyar")


def settings_menu(app, back=None, at=0):
    """The settings; Done or B keeps them and goes to `back()` (None: the main menu). The
    brightness changes as it is chosen, and the language (the menu shown anew in it)."""
    st = app.settings
    rows = [["Brightness", _LEVELS, st.brightness - 1],  # keys (the labels)
            ["Colour glyphs", _on(), int(st.glyphs)], ["Claim hints", _on(), int(st.hints)],
            ["Coach", _on(), int(st.coach)],
            ["Hand order", (t("clan"), t("value")), int(st.by_value)],
            ["Language", NAMES, lang.CODES.index(lang.code)], ["Done", None, 0]]

    def keep(menu):
        _take(st, menu.rows)
        st.lang = lang.code
        from engine.ui.settings_file import write
        write(st)
        if back:
            back()
            return
        from engine.ui.title import main_menu
        app.go(main_menu(app))

    def act(menu, i):
        if i == 6:
            keep(menu)
        else:
            return False

    def changed(menu, i):
        if i == 0:
            st.brightness = menu.rows[0][2] + 1  # seen at once (the device's next frame)
        elif i == 5:
            _take(st, menu.rows)
            lang.use(lang.CODES[menu.rows[5][2]])
            app.go(settings_menu(app, back, 5))
    menu = Menu(app, "SETTINGS", rows, act, keep, changed=changed)
    menu.at = at
    return menu




def _take(st, rows):
    """The settings as the menu's rows have them (the language apart)."""
    st.brightness = rows[0][2] + 1
    st.glyphs, st.hints, st.coach, st.by_value = [rows[i][2] == 1 for i in range(1, 5)]


def _on():
    return (t("off"), t("on"))
