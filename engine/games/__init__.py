# The games the handheld plays, one declaration each (engine/games/<name>.py): what tells it
# apart, by name. The core and the screens ask a game's declaration and never branch on which
# game it is. A declaration names modules, it does not import them: a game's code is loaded
# only while it is played.
NAMES = ("classic", "tactical", "siege")
# Their names in the menus, here rather than in each declaration: the new-game form lists the
# games without loading each one's (an import from flash each: 14 ms on the emulated Pico)
TITLES = ("Classic", "Tactical", "Siege")  # keys


def declared(name):
    """The declaration of the game called `name` (as records and the command line name it)."""
    if name not in NAMES:
        from engine.core.parse import quoted
        raise ValueError("unknown variant %s (known: %s)" % (quoted(name), ", ".join(NAMES)))
    return loaded(("engine.games." + name,))


def loaded(modules):
    """The last of `modules`, each imported in turn (each after those it imports)."""
    for m in modules:
        top = __import__(m)  # (the package: it holds each submodule imported as an attribute)
    for part in modules[-1].split(".")[1:]:
        top = getattr(top, part)
    return top


def made(modules, name):
    """The object called `name` in the last of `modules`, each imported in turn."""
    return getattr(loaded(modules), name)
