# The new-game form: opponent, variant, expert option, match length.
import sys
from engine.ui.app import Screen
from engine.ui.menu import Menu

OPPONENTS = ("Easy", "Normal", "Hard", "2 players")
VARIANTS = ("Classic", "Tactical")  # Siege arrives with its issue
ROUNDS = ("1", "3", "5")


def new_game_menu(app):
    rows = [["Opponent", OPPONENTS, 1], ["Variant", VARIANTS, 0], ["Expert", ("off", "on"), 0],
            ["Rounds", ROUNDS, 0], ["Start", None, 0]]
    return Menu(app, "NEW GAME", rows, _act, _back)


def _back(menu):
    from engine.ui.title import main_menu
    menu.app.go(main_menu(menu.app))


def _act(menu, i):
    if menu.rows[i][0] != "Start":
        return False  # A changes the choice
    if menu.app.storage.has_save():
        ask_overwrite(menu)
    else:
        start(menu)


def ask_overwrite(form):
    app = form.app
    rows = [["Keep the saved game", None, 0], ["Start a new one", None, 0]]

    def act(m, i):
        if i == 1:
            start(form)
        else:
            app.go(form)
    app.go(Menu(app, "NEW GAME", rows, act, lambda m: app.go(form),
                "A game is saved.\nStarting a new one replaces it."))


# The modules a game needs, each after those it imports: loaded one a frame before the game
# begins (on the Pico a module's code takes 10-60 ms to load from flash: all at once froze
# the screen for a quarter of a second). One missing here only makes a frame longer.
_GAME = ("engine.cards", "engine.rng", "engine.formation", "engine.proof", "engine.game",
         "engine.match", "engine.record_text", "engine.ui.session", "engine.ui.words",
         "engine.ui.play")
_TACTICAL = ("engine.tactics", "engine.tactical", "engine.ui.tplay")
_AI = ("engine.ai_base", "engine.ai_eval", "engine.ai_game")
_CLASSIC_AI = _AI + ("engine.ai_cal", "engine.ai")
_TACTICAL_AI = _AI + ("engine.ai_tcal", "engine.ai_wild", "engine.ai_tactical")


def start(form):
    """Start the game the form describes, once its modules are loaded (Loading)."""
    tactical = form.value(1) == "Tactical"
    names = _GAME + (_TACTICAL if tactical else ())
    if form.value(0) != "2 players":
        names += _TACTICAL_AI if tactical else _CLASSIC_AI
    form.app.go(Loading(form, names))


class Loading(Screen):
    """The form stays on screen, its hint saying the cards are dealt, while the game's
    modules load: one a frame (more while the device's frame has time)."""

    def __init__(self, form, names):
        super().__init__(form.app)
        self.form = form
        self.names = [n for n in names if n not in sys.modules]

    def tick(self):
        while self.names:
            __import__(self.names.pop(0))
            if not self.app.spare():
                return
        _begin(self.form)

    def busy(self):
        return True

    def draw(self, fb):
        from engine.ui import draw
        draw.hints(fb, self.app.w, self.app.h, "Dealing the cards...")


def _begin(form):
    from engine.ui.session import Session
    from engine.ui.play import board
    app = form.app
    level = form.value(0).lower()
    s = Session(app.new_seed(), "2p" if level == "2 players" else level,
                form.value(1).lower(), form.value(2) == "on", int(form.value(3)))
    s.save(app.storage)
    app.go(board(app, s))
