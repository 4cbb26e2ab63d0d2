# What runs once, at power-on: the first screen. The app lets this module go once the first
# screen is chosen (its code would hold RAM all game).
from engine.ui.app import STATS


def first_screen(app):
    """The title; at the first power-on the language's question before it."""
    from engine.ui.title import Title
    app.storage.read(STATS)  # a damaged file is found now and reported by the menu
    if app.settings.lang is None:
        from engine.ui.language import language_menu
        app.go(language_menu(app, lambda: app.go(Title(app))))
    else:
        app.go(Title(app))
