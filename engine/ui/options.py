# Settings: brightness, colour glyphs, claim hints, the hand's order, the language.
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




def _on():
    return (t("off"), t("on"))
