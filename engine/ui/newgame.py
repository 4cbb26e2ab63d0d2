# The new-game form: opponent, variant, then the expert option and the match length, or in the
# siege the role of player 1 (the player against the computer): attacker, defender, or both
# in a match of two games. The code reads the choices by their place in these tuples.
from engine.ui.menu import Menu
from engine.ui.lang import t

LEVELS = ("easy", "normal", "hard", "2p")
OPPONENTS = ("Easy", "Normal", "Hard", "2 players")  # keys
VARIANTS = ("classic", "tactical", "siege")
SHOWN = ("Classic", "Tactical", "Siege")  # keys
SIEGE = 2
ROUNDS = ("1", "3", "5")
ROLES = ("Attacker", "Defender", "Both, 2 games")  # keys
BOTH = 2


def _words(keys):
    return tuple(t(k) for k in keys)


def new_game_menu(app):
    rows = [["Opponent", _words(OPPONENTS), 1], ["Variant", _words(SHOWN), 0],  # keys
            ["Expert", _words(("off", "on")), 0], ["Rounds", ROUNDS, 0],  # keys
            ["Start", None, 0]]  # keys
    return Menu(app, "NEW GAME", rows, _act, _back, changed=_changed)


def _changed(menu, i):
    """The variant changed: the siege's rows (the role) for the others' (expert, rounds), or
    back; each keeps its choice while the form is open."""
    rows = menu.rows
    siege = rows[1][2] == SIEGE
    if siege == (rows[2][0] == "Role"):
        return
    role = ["Role", _words(ROLES), 0]  # keys
    menu.kept = getattr(menu, "kept", None) or [role]
    swap = rows[2:-1]
    rows[2:-1] = menu.kept
    menu.kept = swap


def _chosen(form, label):
    """The index of the choice of the row labelled `label` (None: no such row)."""
    for row in form.rows:
        if row[0] == label:
            return row[2]
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
    rows = [["Keep the saved game", None, 0], ["Start a new one", None, 0]]  # keys

    def act(m, i):
        if i == 1:
            start(form)
        else:
            app.go(form)
    app.go(Menu(app, "NEW GAME", rows, act, lambda m: app.go(form),
                t("A game is saved.\nStarting a new one replaces it.")))


def start(form):
    """Start the game the form describes, its modules loaded and its save written over frames
    (engine/ui/loading.py)."""
    from engine.ui import loading
    app = form.app
    role = _chosen(form, "Role")
    if role is None:
        expert = _chosen(form, "Expert") == 1
        rounds, first = int(ROUNDS[_chosen(form, "Rounds")]), None
    else:  # (the player against the computer attacks first, but as the defender)
        expert, rounds, first = False, 2 if role == BOTH else 1, int(role == 1)
    steps = loading.new_game(app, LEVELS[form.rows[0][2]], VARIANTS[form.rows[1][2]], expert,
                             rounds, first)
    app.go(loading.Loading(app, steps))
