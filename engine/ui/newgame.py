# The new-game form: opponent, variant, then the expert option and the match length, or in the
# siege the role of player 1 (the player against the computer): attacker, defender, or both
# in a match of two games.
from engine.ui.menu import Menu

OPPONENTS = ("Easy", "Normal", "Hard", "2 players")
VARIANTS = ("Classic", "Tactical", "Siege")
ROUNDS = ("1", "3", "5")
ROLES = ("Attacker", "Defender", "Both, 2 games")


def new_game_menu(app):
    rows = [["Opponent", OPPONENTS, 1], ["Variant", VARIANTS, 0], ["Expert", ("off", "on"), 0],
            ["Rounds", ROUNDS, 0], ["Start", None, 0]]
    return Menu(app, "NEW GAME", rows, _act, _back, changed=_changed)


def _changed(menu, i):
    """The variant changed: the siege's rows (the role) for the others' (expert, rounds), or
    back; each keeps its choice while the form is open."""
    rows = menu.rows
    siege = menu.value(1) == "Siege"
    if siege == (rows[2][0] == "Role"):
        return
    menu.kept = getattr(menu, "kept", None) or [["Role", ROLES, 0]]
    swap = rows[2:-1]
    rows[2:-1] = menu.kept
    menu.kept = swap


def _chosen(form, label):
    for i in range(len(form.rows)):
        if form.rows[i][0] == label:
            return form.value(i)
    return None


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
    role = _chosen(form, "Role")
    if role is None:
        expert, rounds, first = _chosen(form, "Expert") == "on", int(_chosen(form, "Rounds")), None
    else:
        expert, rounds, first = False, 2 if role == ROLES[2] else 1, int(role == ROLES[1])
    steps = loading.new_game(app, "2p" if level == "2 players" else level, form.value(1).lower(),
                             expert, rounds, first)
    app.go(loading.Loading(app, steps))
