"""Playing through the screens by button presses only: the driver looks at the screen to
decide which button a player would press next, and presses it."""
from engine.ui import play as P  # its constants only: the module is reloaded during play


def on(screen, name):
    """Is `screen` of the screen class `name`, or of a game's own kind of it (the siege's
    SiegeRoundEnd is a RoundEnd)? (By name: the screens unload each other's modules to save
    RAM, so a class imported here may be an older copy.)"""
    return any(c.__name__ == name for c in type(screen).__mro__)


# The four-button board (no joystick): X is RIGHT and Y is LEFT when pressed, DOWN and UP when
# held (engine/ui/keys.py).
_FOUR = {"RIGHT": ("X", 0), "LEFT": ("Y", 0), "DOWN": ("X", 700), "UP": ("Y", 700)}


def keys(r, spec):
    """Like Runner.keys, with the directions pressed the way the board offers them; a screen
    that a key opens over frames, the one before on view meanwhile (a Loading without a
    hint), is waited for as a player would."""
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
        for _ in range(100):
            s = r.app.screen
            if on(s, "Loading") and s.hint is None or getattr(s, "pausing", None) is not None \
                    or getattr(s, "halfway", False):
                r.frame(0)  # (the pause menu's code is read over frames too, and a board's
                #             whole drawing may take two)
            else:
                break


def on_board(screen):
    return on(screen, "Play")


def step(r):
    """One press (or one frame of waiting) of a plain player: the card under the cursor, the
    first stone offered, every claim, then the end of the turn. In the tactical variant also
    the first choice a tactic card offers, the tactic deck every other draw, the next card
    when one is refused, and a pass when only that or a tactic card is left."""
    s = r.app.screen
    if on(s, "Loading"):  # on the way to the round's end (engine/ui/loading.py)
        r.frame(0)
        return
    if not on_board(s):
        raise AssertionError("not on the board: %s" % type(s).__name__)
    mode = s.mode
    if mode == P.CPU or s.halfway:  # (a whole drawing over two frames: its table next)
        r.frame(0)
    elif mode == P.CLAIMING:
        keys(r, "UP")
        if on_board(r.app.screen) and r.app.screen.mode == P.CLAIMING:
            keys(r, "DOWN")
    elif mode == P.FLOW:  # a choice of the variant's
        _flow_step(r, s, flow(s))
    elif mode == P.CARD and s.note:  # that card cannot be played now: the next one
        keys(r, "DOWN" if s.may_pass and s.card == 0 else "RIGHT")
    elif mode == P.PASSING and getattr(s, "may_prepare", None) and s.may_prepare() and \
            s.g.player == s.g.attacker:  # (the siege: no room, a retreat makes some)
        keys(r, "UP")
    else:  # CARD, STONE, PASS, SHOWN, HANDOVER: A goes on
        r.press("A")


def flow(s):
    """The name of the choice under way on board s (a Flow), None if none."""
    return type(s.flow).__name__ if s.mode == P.FLOW else None


def _flow_step(r, s, name):
    if name == "PutBack":
        keys(r, "A,RIGHT")  # put back the card under the cursor, then look at the next
    elif name == "Deck":
        keys(r, "RIGHT,A" if s.g.tick % 2 else "A")
    elif name == "Destination" and s.note:  # nowhere to move it: the Strategist discards
        keys(r, "DOWN" if s.chosen == 0x67 else "B")
    else:  # Pick, Destination, Split: the first choice offered
        r.press("A")


def play_round(r, limit=3000):
    """Press on until the round ends (and its screen's work, the match's bookkeeping, is
    done); returns the number of presses."""
    n = 0
    while not on(r.app.screen, "RoundEnd"):
        step(r)
        n += 1
        assert n < limit, "the round does not end"
    settle(r)
    return n


def settle(r, limit=200):
    """Frames without a key until the screen has no work under way (Screen.busy)."""
    if not r.settle(limit):
        raise AssertionError("the screen was still busy after %d frames" % limit)


def new_game(r, opponent=1, expert=False, rounds=0, tactical=False, role=None):
    """From the title or the main menu: the new-game form, its choices set by presses, then
    Start. opponent: 0 Easy, 1 Normal, 2 Hard, 3 two players; rounds: 0, 1, 2 for 1/3/5;
    role (a siege): 0 attacker, 1 defender, 2 both in two games."""
    if on(r.app.screen, "Title"):
        keys(r, "A")  # title -> menu
    menu = r.app.screen
    if menu.rows[0][0] == "Continue":
        keys(r, "DOWN")
    keys(r, "A")  # New game (it opens on the last game's choices: each row set outright)
    _set(r, opponent)
    keys(r, "DOWN")
    if role is not None:
        _set(r, 2)
        keys(r, "DOWN")
        _set(r, role)
        keys(r, "DOWN,A")
        loaded(r)
        return
    _set(r, 1 if tactical else 0)
    keys(r, "DOWN")
    _set(r, 1 if expert else 0)
    keys(r, "DOWN")
    _set(r, rounds)
    keys(r, "DOWN,A")
    loaded(r)


def _set(r, want):
    """Change the choice under the cursor until it is choice `want`."""
    menu = r.app.screen
    for _ in range(len(menu.rows[menu.at][1])):
        if menu.rows[menu.at][2] == want:
            return
        _change(r)
    assert menu.rows[menu.at][2] == want, menu.rows[menu.at]


def loaded(r, limit=1000):
    """Frames until the work between two screens is done (engine/ui/loading.py): the game's
    modules loaded and its save read or written, or the round's end reached."""
    for _ in range(limit):
        s = r.app.screen
        if not on(s, "Loading") and not getattr(s, "halfway", False):  # (its first drawing
            return  # may take two frames: engine/ui/play_draw.py)
        r.frame(0)
    raise AssertionError("the game's modules were still loading after %d frames" % limit)


def _change(r):
    """Change the choice under the cursor: RIGHT, or A where there are no directions."""
    keys(r, "A" if r.app.four() else "RIGHT")


# --- prepared positions of the tactical variant ---------------------------------------

def play_until(r, done, limit=3000, what="the board never got there"):
    """Play on plainly (step) until the board's screen passes done(screen); returns it."""
    for _ in range(limit):
        s = r.app.screen
        if on_board(s) and not s.halfway and done(s):
            return s
        step(r)
    raise AssertionError(what)


def to_card(r):
    """Play on plainly until the player chooses a card."""
    return play_until(r, lambda s: s.mode == P.CARD and not s.note,
                      what="the player's turn never came")


def give(g, p, cards):
    """Put these cards into p's hand, from the first places on: each tactic card is swapped
    with the hand card there (that card takes its place in the tactic deck), so every card
    is still somewhere once."""
    for k, c in enumerate(cards):
        i = p * 7 + k
        j = g.tdeck.find(bytes((c,)), g.ttop)
        assert j >= 0, "card %x is not in the tactic deck" % c
        g.tdeck[j] = g.hands[i]
        g.hands[i] = c


def lay(g, p, stone, n):
    """Deal the next n cards of the clan deck onto p's side of a stone."""
    for _ in range(n):
        g._place(stone * 2 + p, g.deck[g.top])
        g.top += 1


def tactical_game(r, cards, **options):
    """A tactical game at the player's first choice, holding `cards`, the cursor on the first
    of them (the board shows the hand sorted: tactic cards last)."""
    new_game(r, tactical=True, **options)
    s = to_card(r)
    give(s.g, 0, cards)
    s.card = s._hand().index(cards[0]) if cards else 0  # the cursor on the first of them
    s.damage = P.REDRAW
    r.app.dirty = True
    r.frame(0)  # drawn as it now is
    while s.halfway:  # (its words decoded: the table in the next frame)
        r.frame(0)
    return s


def hint_text(r):
    """The hint line the board draws now (the words of its hint_line)."""
    return r.app.screen.hint_line()[0]
