# Onto the board and off it without freezing the screen: the work between two screens (loading
# the game's modules, replaying or writing its save, reaching the round's end) done a step a
# frame behind the screen that asked for it, which stays on view with a hint. On the emulated
# Pico a module's code takes 10-60 ms to load from flash and a save may erase a 4 KB sector
# (45 ms, the flash chip's typical erase): all in one frame froze the screen for up to three
# quarters of a second.
#
# The steps are generators: `yield` between short parts, `yield FULL` before a long one (a
# module's import, a flash write, the board's first drawing), which thus starts a frame.
import sys
from micropython import const
from engine.ui.app import Screen
from engine.ui import lang

FULL = const(1)
# The hint a Loading shows over the screen on view unless told another (the title's Continue
# has its own): a key, translated as drawn
DEALING = "Dealing the cards..."  # keys

# The modules a game needs, each after those it imports (one missing here only makes a frame
# longer). CORE is what a saved game needs to be read.
CORE = ("engine.core.cards", "engine.core.rng", "engine.core.formation", "engine.core.proof",
        "engine.core.game", "engine.games", "engine.core.match", "engine.core.steps",
        "engine.ui.session")
# What goes back to the heap when, decided here (the screens hold no lists of their own):
# - MENUS, the menus' code, as a game's round and computer are made (the screen on view stays
#   as pixels);
# - OFF_BOARD, as the board comes on view: the menus and what took the game there (the
#   kept files' and the numbers' readers);
# - game_modules(), on the way back to the main menu (to_menu): what a game in progress
#   loads (a game continued loads it again);
# - the games' declarations (engine/games/) once a game is set up: its match holds its own;
# - the board's own modules (its game's BOARD) at a round's end: see round_end;
# - the board's choices (its game's CHOICES) while the computer thinks: see engine/ui/play.py.
MENUS = ("engine.ui.title", "engine.ui.newgame", "engine.ui.menu", "engine.ui.pause",
         "engine.ui.roundend", "engine.ui.options", "engine.ui.rules",
         "engine.ui.checker", "engine.core.verdict", "engine.ui.stats", "engine.ui.language",
         "engine.ui.linkgame")
OFF_BOARD = MENUS + ("engine.ui.loading", "engine.ui.resume", "engine.ui.files_read",
                     "engine.core.parse")


def declarations():
    """The games' declarations' modules (engine/games/)."""
    from engine.games import NAMES
    return tuple("engine.games." + name for name in NAMES)


def game_modules():
    """What a game of any kind loads beyond CORE (its declaration's modules)."""
    from engine.games import NAMES, declared
    out = ["engine.ui.words", "engine.ui.pause"] + list(declarations())
    out += [m for m in sys.modules if m.startswith("engine.link")]  # (a linked game's)
    for name in NAMES:
        d = declared(name)
        for m in d.RULES + d.BOARD + d.CHOICES + d.ROUND_END + d.COMPUTER:
            if m not in CORE and m not in out:
                out.append(m)
    return out


def modules(d, cpu):
    """The modules a game of declaration d needs, with the computer's when `cpu` (not the
    last: its own, loaded for its turns, engine/ui/session.py)."""
    return CORE + d.RULES + d.BOARD + (d.COMPUTER[:-1] if cpu else ())


def load(names):
    """Import each of `names` not yet loaded, a step each (`names` may be a generator naming a
    module after reading one loaded before it)."""
    for name in names:
        if name not in sys.modules:
            yield FULL
            __import__(name)


def opening(names, make):
    """A screen whose modules (`names`, each after those it imports) load a frame each, then
    make() builds it, in a frame of its own (its first drawing in the next)."""
    yield from load(names)
    yield FULL
    screen = make()
    yield FULL  # (its making may have read words: 10 ms a block on the emulated Pico)
    return screen


def alone(steps):
    """Each of `steps` (a save's) in a frame of its own, as far as the next FULL: any of them
    may erase a sector (the last of them runs on to what follows it)."""
    for _ in steps:
        yield FULL


def new_game(app, opponent, variant, expert, rounds, first=None):
    """A new game (opponent: a level or "2p"; first: who starts where the players choose),
    saved at once: the board."""
    yield FULL  # (the declaration, read by modules(), not in the frame showing the hint)
    from engine.games import declared
    yield from load(modules(declared(variant), opponent != "2p"))
    app.unload(MENUS)
    yield FULL  # (the round dealt and the computer made in a frame of their own)
    from engine.ui.session import Session
    s = Session(app.new_seed(), opponent, variant, expert, rounds, None, first)
    return (yield from begin(app, s))


def begin(app, session):
    """The session's game saved as it stands (a round just dealt): the board."""
    yield from load(modules(session.match.declared, session.cpu is not None))
    # (the other games' declarations too: the match holds its own; and the readers of the
    # saves and of the words, another language's: the menus' words are read, this game's
    # saves only written from now on)
    app.unload(MENUS + declarations() + session.match.declared.ROUND_END +
               ("engine.ui.files_read",))
    lang.rest()
    yield FULL
    yield from alone(session.save_steps(app.storage))
    yield FULL
    lang.wake()  # (the words' reader, imported again: 20 ms on the emulated Pico)
    if session.match.declared.TACTIC_CARDS:
        yield FULL  # (the board's making reads the tactic cards' names: read here, apart)
        from engine.ui import draw
        draw.faces()
    yield FULL
    from engine.ui.play import board
    b = board(app, session)
    yield FULL  # (made, its words read: the tactic cards' names, 40-50 ms in Russian)
    if session.link and session.match.log:  # (a linked game found again: the other's turn
        # may have come meanwhile)
        from engine.ui.resume import loaded_recall
        loaded_recall(b)
        yield FULL  # (its words read; drawn in the next frame, 50 ms more)
    return b


def round_end(app, session, saving):
    """The round's end, after the save under way (`saving`, None: none). The board stays on
    view, but its code goes back to the heap before the round end's is loaded (these steps
    hold no reference to the board, so it is freed once this screen has been drawn)."""
    if saving:
        yield from alone(saving)
    d = session.match.declared
    app.unload(d.BOARD + d.CHOICES + ("engine.ui.words",))  # (words: 240x240's log)
    yield FULL
    from engine.games import made
    screen = made(d.ROUND_END, d.ROUND_END_SCREEN)
    yield FULL  # (its drawing in a frame of its own)
    return screen(app, session)


def to_menu(app):
    """From a game to the main menu: the game's code back to the heap first (every game's
    modules, as their declarations list them, read a frame each), then the menu's (a link
    let go: engine/ui/linkgame.py)."""
    app.link = None
    yield from load(("engine.games",))  # (read by declarations(): a frame of its own first)
    yield from load(declarations())
    app.unload(game_modules())
    # (the numbers' reader, for the kept files' reader that the main menu loads)
    yield from load(("engine.core.parse", "engine.ui.menu", "engine.ui.title"))
    yield FULL
    from engine.ui.title import main_menu
    return main_menu(app)


def resume(app):
    """The saved game (Continue): its board, or the main menu when it could not be read (it
    is set aside and the menu says so)."""
    app.unload(MENUS)
    yield from load(CORE + ("engine.ui.resume",))
    from engine.ui.resume import load_steps, recall
    s = yield from load_steps(app.storage)
    if s is None:
        return (yield from to_menu(app))
    yield from load(modules(s.match.declared, s.cpu is not None))  # (loaded: the board's)
    yield FULL
    if s.opponent == "link":  # the other handheld found again first (the save is kept)
        if not app.cable:
            return (yield from to_menu(app))
        app.unload(("engine.ui.resume",))  # (the save is read: the wait needs it no more)
        yield FULL
        from engine.ui.linkgame import continued
        return continued(app, s, s.role)
    from engine.ui.play import board
    b = board(app, s)
    yield FULL  # (made, its words read; the last turn's recalled, its words too; then drawn)
    recall(b)
    yield FULL
    return b


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
            self.app.run(self.steps)
        except StopIteration as done:
            if self.app.screen is self:  # (unless the new screen sent the player on: a
                self.app.go(done.value)  # game continued at its round's end)

    def key(self, ev):
        """A screen opening (no hint: the one before stays on view) keeps the keys pressed
        meanwhile for the screen it opens, as if it had been there; a game being set out
        (its hint shown) lets them go."""
        if self.hint is None and len(self.app.queued) < 8:
            self.app.queued.append(ev)

    def busy(self):
        return True

    def draw(self, fb):
        if self.hint:
            from engine.ui import draw
            draw.hints(fb, self.app.w, self.app.h, lang.t(self.hint))
