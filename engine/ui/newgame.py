# The new-game form: opponent, variant, expert option, match length.
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


def start(form):
    """Start the game the form describes, its modules loaded and its save written over frames
    (engine/ui/loading.py)."""
    from engine.ui import loading
    app = form.app
    level = form.value(0).lower()
    steps = loading.new_game(app, "2p" if level == "2 players" else level, form.value(1).lower(),
                             form.value(2) == "on", int(form.value(3)))
    app.go(loading.Loading(app, steps))
