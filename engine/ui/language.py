# The first power-on's question: the language, each written in itself (loaded only then).
from micropython import const
from engine.ui import lang
from engine.ui.menu import Menu
from engine.ui.options import NAMES

_FONTS = const(("engine.ui.fontload", "engine.ui.fontdata"))  # (what rebuilds the fonts)


def language_menu(app, then):
    """The languages; A keeps the choice (in the settings) and calls then(). (The fonts hold
    the Cyrillic letters meanwhile: the names are each written in itself.)"""
    from engine.ui.text import for_language
    for_language("ru")

    def act(menu, i):
        from engine.ui.loading import Loading
        app.go(Loading(app, _chosen(app, lang.CODES[i], then), None))
    return Menu(app, "", [[name, None, 0] for name in NAMES], act,
                note="Language / Язык / Мова / Nyelv", keys=False)


def _chosen(app, code, then):
    """The language's fonts and words, then the settings' write, each in frames of their own
    (together they made the longest frame of a first power-on: the fonts' code is read from
    flash and the settings may erase a sector)."""
    from engine.ui.loading import FULL, load
    yield from load(_FONTS)
    yield FULL
    lang.use(code)
    app.unload(_FONTS)  # (left loaded where the fonts already held the language's letters)
    app.settings.lang = lang.code
    yield FULL
    from engine.ui.settings_file import write
    write(app.settings)
    yield FULL
    app.unload(("engine.ui.language", "engine.ui.options"))
    then()
