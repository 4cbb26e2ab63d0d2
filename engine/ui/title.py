# The title screen and the main menu.
from micropython import const
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.app import Screen
from engine.ui.menu import Menu
from engine.ui.text import SMALL, LARGE
from engine.ui.lang import t


class Title(Screen):
    def key(self, ev):
        self.app.go(main_menu(self.app))

    def draw(self, fb):
        app = self.app
        app.clear(fb)
        cy = app.h // 2 - 30
        LARGE.centre(fb, "SCHOTTEN", app.w // 2, cy, P.GOLD)
        LARGE.centre(fb, "TOTTEN", app.w // 2, cy + 18, P.GOLD)
        x = app.w // 2 - 3 * 24 + 2
        for i, c in enumerate((0x07, 0x18, 0x29, 0x37, 0x48, 0x59)):
            draw.card(fb, c, x + i * 24, cy + 40, 22, 10, app.settings.glyphs)
        SMALL.centre(fb, t("press any key"), app.w // 2, cy + 58, P.WHITE)
        draw.hints(fb, app.w, app.h, t("A card game by Reiner Knizia"))


_FILES = const(("game.sav", "settings.txt", "stats.txt"))
_WHAT = const(("The saved game", "The settings", "The statistics"))  # keys


def _what(name):
    return t(_WHAT[_FILES.index(name)]) if name in _FILES else name


def main_menu(app):
    """The main menu; first a notice for each kept file found damaged (and set aside). (From
    a game, engine/ui/loading.py's to_menu lets its code go first.)"""
    saved = app.storage.has_save()
    damaged = app.storage.damaged
    if damaged:
        name = damaged.pop(0)
        back = lambda *_: app.go(main_menu(app))
        return Menu(app, "NOTICE", [["Back to the menu", None, 0]], back, back,  # keys
                    t("%s could not be read:\nit was kept as %s.") % (
                        _what(name), app.storage.kept_as.get(name, "")))
    unsaved = app.storage.unsaved
    if unsaved:
        name = unsaved.pop(0)
        back = lambda *_: app.go(main_menu(app))
        return Menu(app, "NOTICE", [["Back to the menu", None, 0]], back, back,  # keys
                    t("%s could not be saved:\nthe storage may be full.") % _what(name))
    rows = []
    if saved:
        rows.append(["Continue", None, 0])  # keys
    rows.append(["New game", None, 0])  # keys
    if app.cable:
        rows.append(["Linked game", None, 0])  # keys
    for label in ("Claim checker", "Rules", "Settings", "Statistics"):  # keys
        rows.append([label, None, 0])
    return Menu(app, "SCHOTTEN TOTTEN", rows, _main_act)


# The modules of the screens the main menu opens that load a frame each, while the menu stays
# on view (all in the key's frame took up to 190 ms on the emulated Pico), each after those it
# imports
_CHECKER = const(("engine.core.formation", "engine.core.proof", "engine.core.verdict",
                  "engine.tactical.tactics", "engine.ui.checker"))
_OPTIONS = const(("engine.ui.options",))
_NEW_GAME = const(("engine.ui.newgame", "engine.games"))
_STATISTICS = const(("engine.ui.stats", "engine.ui.statistics"))


def _main_act(menu, i):
    app = menu.app
    label = menu.rows[i][0]
    if label == "Continue":
        from engine.ui import loading
        app.go(loading.Loading(app, loading.resume(app), "Setting out the game..."))  # keys
    elif label == "New game":
        def form():
            from engine.ui.newgame import new_game_menu
            return new_game_menu(app)
        _open(app, _form_modules(app), form)
    elif label == "Linked game":
        from engine.ui.linkgame import link_menu  # (with the link's modules: 3 KB, ~45 ms)
        app.go(link_menu(app))
    elif label == "Claim checker":
        def checker():
            from engine.ui.checker import Checker
            return Checker(app)
        _open(app, _CHECKER, checker)
    elif label == "Rules":
        from engine.ui.rules import Rules
        app.go(Rules(app, lambda: app.go(main_menu(app))))
    elif label == "Settings":
        def settings():
            from engine.ui.options import settings_menu
            return settings_menu(app)
        _open(app, _OPTIONS, settings)
    else:
        def statistics():
            from engine.ui.statistics import Statistics
            return Statistics(app)
        _open(app, _STATISTICS, statistics)


def _form_modules(app):
    """The new-game form's modules, then the declaration of the game it opens on (its own
    frame too: 14 ms on the emulated Pico, beside the form's words in the next)."""
    yield from _NEW_GAME
    from engine.ui.newgame import last_declaration
    yield last_declaration(app)


def _open(app, names, make):
    """On to the screen make() builds, its modules loaded a frame each first."""
    from engine.ui import loading
    app.go(loading.Loading(app, loading.opening(names, make), None))
