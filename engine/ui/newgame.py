# The new-game form: opponent and game, then the rows the game's declaration asks for (FORM):
# the expert option and the match's length, or in the siege the role of player 1 (the player
# against the computer): attacker, defender, or both in a match of two games.
from micropython import const
from engine.ui.menu import Menu
from engine.ui.lang import t

LEVELS = ("easy", "normal", "hard", "2p")
OPPONENTS = ("Easy", "Normal", "Hard", "2 players")  # keys
# The rows a game's form may have, by the names its FORM gives them: (label, choices' keys);
# "rounds" shows the declaration's LENGTHS
_NAMES = const(("expert", "rounds", "role"))
_ROWS = const((("Expert", ("off", "on")), ("Rounds", None),  # keys
               ("Role", ("Attacker", "Defender", "Both, 2 games"))))
# What each choice of the role row sets: (who starts, the match's length as an index into
# LENGTHS: one game, or one in each role)
_ROLE = const(((0, 0), (1, 0), (0, -1)))


def _words(keys):
    return tuple(t(k) for k in keys)


def _game(i):
    """The declaration of the game of the form's choice i."""
    from engine.games import NAMES, declared
    return declared(NAMES[i])


def new_game_menu(app, host=None):
    """The form, open on the choices of the last game started (kept with the settings);
    `host`: a linked game's, (its title, its one opponent: the other handheld's player), from
    engine/ui/linkgame.py."""
    from engine.games import TITLES
    last = app.settings.form
    opponents = (t(host[1]),) if host else _words(OPPONENTS)
    rows = [["Opponent", opponents, 0 if host else _within(last[0], OPPONENTS)],  # keys
            ["Variant", _words(TITLES), _within(last[1], TITLES)],
            ["Start", None, 0]]
    form = Menu(app, host[0] if host else "NEW GAME", rows, _act, _back, changed=_changed)
    form.host = host
    form.kept = {}  # each row of the games' own by name, keeping its choice while the form is open
    _changed(form, 1)
    return form


def last_declaration(app):
    """The module of the declaration of the last game started, the form's first choice."""
    from engine.games import NAMES
    return "engine.games." + NAMES[_within(app.settings.form[1], NAMES)]


def _within(i, choices):
    """Choice i where there is one (a settings file from another build may name more)."""
    return i if i < len(choices) else 0


def _changed(form, i):
    """The game changed: its own rows in place of the last one's (rows of the same name stay,
    with their choices)."""
    if i != 1:
        return
    d = _game(form.rows[1][2])
    own = []
    for name in d.FORM:
        row = form.kept.get(name)
        if row is None:
            at = _NAMES.index(name)
            label, choices = _ROWS[at]
            words = _words(choices) if choices else tuple(str(n) for n in d.LENGTHS)
            row = form.kept[name] = [label, words, _within(form.app.settings.form[2 + at], words)]
        own.append(row)
    form.rows[2:-1] = own


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


def ask_overwrite(form, then=None):
    """The saved game would be replaced: asked first; then() (default: start the form's
    game) if the player goes on."""
    app = form.app
    rows = [["Keep the saved game", None, 0], ["Start a new one", None, 0]]  # keys

    def act(m, i):
        if i == 1:
            (then or (lambda: start(form)))()
        else:
            app.go(form)
    app.go(Menu(app, "NEW GAME", rows, act, lambda m: app.go(form),
                t("A game is saved.\nStarting a new one replaces it.")))


def start(form):
    """Start the game the form describes, its modules loaded and its save written over frames
    (engine/ui/loading.py)."""
    from engine.ui import loading
    app = form.app
    d = _game(form.rows[1][2])
    expert = _chosen(form, "Expert") == 1
    rounds = d.LENGTHS[_chosen(form, "Rounds") or 0]
    first = None
    role = _chosen(form, "Role")
    if role is not None:  # (the player against the computer attacks first, but as the defender)
        first, length = _ROLE[role]
        rounds = d.LENGTHS[length]
    _remember(app.settings, form)
    if form.host:
        from engine.ui.linkgame import hosted
        steps = hosted(app, d.NAME, expert, rounds, first)
        app.go(loading.Loading(app, _saved_first(app, steps), None))
        return
    steps = loading.new_game(app, LEVELS[form.rows[0][2]], d.NAME, expert, rounds, first)
    app.go(loading.Loading(app, _saved_first(app, steps)))


def _remember(settings, form):
    """The form's choices, for the next new game (the rows this game has not: as they were)."""
    last = settings.form
    if not form.host:
        last[0] = form.rows[0][2]
    last[1] = form.rows[1][2]
    for at, name in enumerate(_NAMES):
        row = form.kept.get(name)
        if row is not None:
            last[2 + at] = row[2]


def _saved_first(app, steps):
    """The settings written (a flash write: a frame of its own), then the new game's steps."""
    from engine.ui.loading import FULL
    yield FULL
    from engine.ui.settings_file import write
    write(app.settings)
    return (yield from steps)
