# The settings' file (engine/ui/app.py's Settings): read at power-on, written by the menus
# that change them. A module of its own that lets itself go once it has read or written, so
# that a game's heap holds neither (nor the calls that would let it go).
from micropython import const
from engine.ui import lang, unload

_ME = const(("engine.ui.settings_file",))


def read(settings, text):
    """The settings' lines (engine/ui/app.py's Settings) from their file's `text` (None: no
    file): a line that does not read as a setting leaves it at its default."""
    from engine.core.parse import number
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
    unload(_ME)


def write(settings):
    """The settings into their file."""
    settings.storage.write(settings.NAME, "brightness %d\nglyphs %d\nhints %d\ncoach %d\n"
                           "by_value %d\n" % (settings.brightness, int(settings.glyphs),
                                               int(settings.hints), int(settings.coach),
                                               int(settings.by_value)) +
                           ("lang %s\n" % settings.lang if settings.lang else "") +
                           "form %d %d %d %d %d\n" % tuple(settings.form))
    unload(_ME)
