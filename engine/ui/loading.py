# Onto the board and off it without freezing the screen: the work between two screens (loading
# the game's modules, replaying or writing its save, reaching the round's end) done a step a
# frame behind the screen that asked for it, which stays on view with a hint. On the Pico a
# module's code takes 10-60 ms to load from flash and a save may erase a 4 KB sector (45 ms):
# all in one frame froze the screen for up to three quarters of a second.
#
# The steps are generators: `yield` between short parts, `yield FULL` before a long one (a
# module's import, a flash write, the board's first drawing), which thus starts a frame.
import sys
from micropython import const
from engine.ui.app import Screen
from engine.ui.lang import t

FULL = const(1)
# The hints a Loading shows over the screen on view: keys, translated as drawn (the title's
# Continue passes the second as this English literal, never already translated)
DEALING = "Dealing the cards..."  # keys
SETTING_OUT = "Setting out the game..."  # keys

# The modules a game needs, each after those it imports (one missing here only makes a frame
# longer). CORE is what a saved game needs to be read.
CORE = ("engine.core.cards", "engine.core.rng", "engine.core.formation", "engine.core.proof",
        "engine.core.game", "engine.core.variants", "engine.core.match", "engine.core.steps",
        "engine.ui.session")
# What goes back to the heap when, decided here (the screens hold no lists of their own):
# - MENUS, the menus' code, as a game's round and computer are made (the screen on view stays
#   as pixels);
# - OFF_BOARD, as the board comes on view: the menus and what took the game there;
# - game_modules(), at the main menu: what a game in progress loads (a game continued loads
#   it again);
# - the board's own modules (the variant's row) at a round's end: see round_end;
# - the board's choices (the row's CHOICES) while the computer thinks: see engine/ui/play.py.
MENUS = ("engine.ui.title", "engine.ui.newgame", "engine.ui.menu", "engine.ui.pause",
         "engine.ui.roundend", "engine.ui.options", "engine.ui.rules",
         "engine.ui.checker", "engine.core.verdict", "engine.ui.stats", "engine.ui.language")
OFF_BOARD = MENUS + ("engine.ui.loading", "engine.core.variants")


def game_modules():
    """What a game of any variant loads beyond CORE (engine/core/variants.py)."""
    from engine.core.variants import ROWS, RULES, BOARD, COMPUTER, CHOICES
    out = ["engine.ui.words", "engine.ui.roundend", "engine.ui.pause"]
    for r in ROWS:
        for name in r[RULES] + r[BOARD] + r[CHOICES] + r[COMPUTER]:
            if name not in CORE and name not in out:
                out.append(name)
    return out


def modules(variant, cpu):
    """The modules a game of `variant` needs (engine/core/variants.py), with the computer's when
    `cpu` (not the last: its own, loaded for its turns, engine/ui/session.py)."""
    from engine.core.variants import row, RULES, BOARD, COMPUTER
    r = row(variant)
    return CORE + r[RULES] + r[BOARD] + (r[COMPUTER][:-1] if cpu else ())


def load(names):
    """Import each of `names` not yet loaded, a step each."""
    for name in names:
        if name not in sys.modules:
            yield FULL
            __import__(name)


def alone(steps):
    """Each of `steps` (a save's) in a frame of its own, as far as the next FULL: any of them
    may erase a sector (the last of them runs on to what follows it)."""
    for _ in steps:
        yield FULL


def new_game(app, opponent, variant, expert, rounds, first=None):
    """A new game (opponent: a level or "2p"; first: who starts where the players choose),
    saved at once: the board."""
    yield FULL  # (the variants' table, read by modules(), not in the frame showing the hint)
    yield from load(modules(variant, opponent != "2p"))
    app.unload(MENUS)
    yield FULL  # (the round dealt and the computer made in a frame of their own)
    from engine.ui.session import Session
    s = Session(app.new_seed(), opponent, variant, expert, rounds, None, first)
    return (yield from begin(app, s))


def begin(app, session):
    """The session's game saved as it stands (a round just dealt): the board."""
    yield from load(modules(session.match.variant, session.cpu is not None))
    # (the table too, read again for the board: not held through the save, the heap's peak)
    app.unload(MENUS + ("engine.core.variants",))
    yield FULL
    yield from alone(session.save_steps(app.storage))
    yield from load(("engine.core.variants",))  # (in a frame of its own, as the board's)
    yield FULL
    from engine.ui.play import board
    return board(app, session)


def round_end(app, session, saving):
    """The round's end, after the save under way (`saving`, None: none). The board stays on
    view, but its code goes back to the heap before the round end's is loaded (these steps
    hold no reference to the board, so it is freed once this screen has been drawn)."""
    if saving:
        yield from alone(saving)
    from engine.core.variants import BOARD, CHOICES
    r = session.match.row
    app.unload(r[BOARD] + r[CHOICES] + ("engine.ui.words",))  # (words: 240x240's log)
    yield FULL
    from engine.ui.roundend import RoundEnd
    yield FULL  # (its drawing in a frame of its own)
    return RoundEnd(app, session)


def resume(app):
    """The saved game (Continue): its board, or the main menu when it could not be read (it
    is set aside and the menu says so)."""
    app.unload(MENUS)
    yield from load(CORE)
    from engine.ui.session import load_steps
    s = yield from load_steps(app.storage)
    if s is None:
        from engine.ui.title import main_menu
        return main_menu(app)
    yield from load(modules(s.match.variant, s.cpu is not None))  # (loaded: the board's)
    yield FULL
    from engine.ui.play import board
    return board(app, s)


class Loading(Screen):
    """The screen on view stays, with `hint` (an English key, shown in the player's language)
    over its hints (None: as it is), while `steps` (a generator that returns the next screen)
    runs: a step a frame, more while the device's frame has time, up to a FULL."""

    def __init__(self, app, steps, hint=DEALING):
        super().__init__(app)
        self.steps = steps
        self.hint = hint

    def tick(self):
        try:
            while next(self.steps) != FULL and self.app.spare():
                pass
        except StopIteration as done:
            if self.app.screen is self:  # (unless the new screen sent the player on: a
                self.app.go(done.value)  # game continued at its round's end)

    def busy(self):
        return True

    def draw(self, fb):
        if self.hint:
            from engine.ui import draw
            draw.hints(fb, self.app.w, self.app.h, t(self.hint))
