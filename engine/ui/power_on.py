# What runs once, at power-on: the settings read from their file and the first screen. The
# app lets this module go once the first screen is chosen (its code would hold RAM all game).
from engine.core.parse import number
from engine.ui import lang
from engine.ui.app import STATS


def read_settings(settings, text):
    """The settings' lines (engine/ui/app.py's Settings) from their file's `text` (None: no
    file): a line that does not read as a setting leaves it at its default."""
    for line in (text or "").split("\n"):
        words = line.split()
        if len(words) == 2 and words[0] == "lang" and words[1] in lang.CODES:
            settings.lang = words[1]
        elif len(words) == len(settings.form) + 1 and words[0] == "form":
            form = [number(w) for w in words[1:]]
            if None not in form and max(form) < 8:
                settings.form = form
        elif len(words) == 2:
            v = number(words[1])
            if v is None:
                continue
            if words[0] == "brightness" and 1 <= v <= 5:
                settings.brightness = v
            elif words[0] in ("glyphs", "hints", "coach", "by_value"):
                setattr(settings, words[0], v == 1)


def first_screen(app):
    """The title; at the first power-on the language's question before it."""
    from engine.ui.title import Title
    app.storage.read(STATS)  # a damaged file is found now and reported by the menu
    if app.settings.lang is None:
        from engine.ui.language import language_menu
        app.go(language_menu(app, lambda: app.go(Title(app))))
    else:
        app.go(Title(app))
