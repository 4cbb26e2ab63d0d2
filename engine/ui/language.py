# The first power-on's question: the language, each written in itself (loaded only then, and
# by the settings, which show the name of the one in use).
from engine.ui import lang
from engine.ui.menu import Menu

NAMES = ("English", "Русский", "Українська", "Magyar")  # lang.CODES', each in itself


def language_menu(app, then):
    """The languages; A keeps the choice (in the settings) and calls then(). (The fonts hold
    the Cyrillic letters meanwhile: the names are each written in itself.)"""
    from engine.ui.text import for_language
    for_language("ru")

    def act(menu, i):
        lang.use(lang.CODES[i])
        app.settings.lang = lang.code
        app.settings.save()
        app.unload(("engine.ui.language",))
        then()
    return Menu(app, "", [[name, None, 0] for name in NAMES], act,
                note="Language / Язык / Мова / Nyelv", keys=False)
