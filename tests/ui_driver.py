"""Playing through the screens by button presses only: the driver looks at the screen to
decide which button a player would press next, and presses it."""
from engine.ui import play as P  # its constants only: the module is reloaded during play


def on(screen, name):
    """Is `screen` of the screen class `name`? (By name: the screens unload each other's
    modules to save RAM, so a class imported here may be an older copy.)"""
    return type(screen).__name__ == name


# The four-button board (no joystick): X is RIGHT and Y is LEFT when pressed, DOWN and UP when
# held (engine/ui/keys.py).
_FOUR = {"RIGHT": ("X", 0), "LEFT": ("Y", 0), "DOWN": ("X", 700), "UP": ("Y", 700)}


def keys(r, spec):
    """Like Runner.keys, with the directions pressed the way the board offers them."""
    for word in spec.split(","):
        word = word.strip()
        if word in _FOUR and r.app.four():
            name, ms = _FOUR[word]
            if ms:
                r.hold(name, ms)
            else:
                r.press(name)
        elif word:
            r.keys(word)


def step(r):
    """One press (or one frame of waiting) of a plain player: the card under the cursor, the
    first stone offered, every claim, then the end of the turn."""
    s = r.app.screen
    if not on(s, "Play"):
        raise AssertionError("not on the board: %s" % type(s).__name__)
    mode = s.mode
    if mode == P.CPU:
        r.frame(0)
    elif mode == P.CLAIM:
        keys(r, "UP")
        if on(r.app.screen, "Play") and r.app.screen.mode == P.CLAIM:
            keys(r, "DOWN")
    else:  # CARD, STONE, PASS, SHOWN, HANDOVER: A goes on
        r.press("A")


def play_round(r, limit=3000):
    """Press on until the round ends; returns the number of presses."""
    n = 0
    while not on(r.app.screen, "RoundEnd"):
        step(r)
        n += 1
        assert n < limit, "the round does not end"
    return n


def new_game(r, opponent=1, expert=False, rounds=0):
    """From the title: the new-game form, its choices set by presses, then Start.
    opponent: 0 Easy, 1 Normal (the default), 2 Hard, 3 two players; rounds: 0, 1, 2 for 1/3/5."""
    keys(r, "A")  # title -> menu
    menu = r.app.screen
    if menu.rows[0][0] == "Continue":
        keys(r, "DOWN")
    keys(r, "A")  # New game
    for _ in range((opponent - 1) % 4):
        _change(r)
    keys(r, "DOWN,DOWN")
    if expert:
        _change(r)
    keys(r, "DOWN")
    for _ in range(rounds):
        _change(r)
    keys(r, "DOWN,A")


def _change(r):
    """Change the choice under the cursor: RIGHT, or A where there are no directions."""
    keys(r, "A" if r.app.four() else "RIGHT")
