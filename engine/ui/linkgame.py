# Linked play's screens outside the board: Host or Join, and the wait for the other handheld
# (engine/link/linked.py keeps the match on both; the board plays it as against a computer
# whose turns come down the cable). The host chooses the game on the new-game form.
from engine.link.linked import Linked, READY, OTHER_BUILD, SAME_ROLE
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.app import Screen
from engine.ui.text import SMALL, LARGE
from engine.ui.lang import t

SILENT_MS = 3000  # no word from the other handheld for this long: the cable is checked


def link_menu(app):
    from engine.ui.menu import Menu  # (here: a game continued waits for the link without it)
    rows = [["Host a game", None, 0], ["Join a game", None, 0]]  # keys
    return Menu(app, "LINKED GAME", rows, _act, _back,
                t("Join the other handheld by the cable,\nthen one hosts and the other joins."))


def _back(menu):
    from engine.ui.title import main_menu
    menu.app.go(main_menu(menu.app))


def _act(menu, i):
    app = menu.app
    if i == 0:
        from engine.ui.newgame import new_game_menu
        app.go(new_game_menu(app, ("LINKED GAME", "Other handheld")))  # keys
    elif app.storage.has_save():
        from engine.ui.newgame import ask_overwrite
        ask_overwrite(menu, lambda: join(app))
    else:
        join(app)


def open_link(app, host, match=None):
    """The link to the other handheld over the host platform's cable (App.cable)."""
    transport, stamp = app.cable()
    from engine.core.match import Match
    nonce = (app.now * 40503 + 1) & 0xFFFF or 1  # (a power-on's own: the time it linked)
    # (the link holds nothing of this module's: its code leaves the heap with the menus')
    app.link = Linked(_channel(transport, nonce), host, stamp, match, Match)
    return app.link


def _channel(transport, nonce):
    from engine.link.channel import Channel
    return Channel(transport, nonce)


def hosted(app, variant, expert, rounds, first):
    """The host's match made (the new-game form's Start), as a Loading's steps: the wait for
    the other handheld."""
    from engine.ui.loading import FULL
    from engine.ui.session import Session
    yield FULL
    s = Session(app.new_seed(), "link", variant, expert, rounds, None, first)
    s.link = open_link(app, True, s.match)
    return Waiting(app, s)


def continued(app, s, role):
    """A linked game continued (Continue): the wait for the other handheld, which compares
    what each holds (engine/link/linked.py)."""
    s.link = open_link(app, role == "host", s.match)
    return Waiting(app, s)


def join(app):
    open_link(app, False)
    app.go(Waiting(app, None))


def close(app):
    """Leave linked play: the link let go (the cable's ends stay open, unused)."""
    app.link = None


class Waiting(Screen):
    """Until the two handhelds agree on the match: B gives up. A session continued (Continue)
    or hosted holds its match; the joiner's comes from the host."""

    def __init__(self, app, session):
        super().__init__(app)
        self.s = session
        self.since = app.now
        self.said = ""

    def key(self, ev):
        if ev & 0xFF == K.B and not ev & K.LONG:
            close(self.app)
            from engine.ui import loading
            self.app.go(loading.Loading(self.app, loading.to_menu(self.app), None))

    def busy(self):
        return True  # (it waits on the cable, not on a key)

    def tick(self):
        app = self.app
        link = app.link
        if link.state == READY and link.match is not None:
            from engine.ui import loading
            s = self.s
            if s is None:
                from engine.ui.session import Session
                s = Session(link.match.seed, "link", match=link.match, link=link)
            s.link = link
            s.match = link.match
            app.go(loading.Loading(app, loading.begin(app, s)))
            return
        said = self._words(link)
        if said != self.said:
            self.said = said
            app.dirty = True

    def _words(self, link):
        if link.state == OTHER_BUILD:
            return t("The other handheld runs another build:\nflash both with the same one.")
        if link.state == SAME_ROLE:
            return t("Both handhelds host, or both join:\none hosts, the other joins.")
        if link.ch.links == 0 and self.app.now - self.since >= SILENT_MS:
            return t("No other handheld answers:\ncheck the cable.")
        if link.ch.links and link.lost(self.app.now):
            return t("Link lost: waiting for the other handheld")
        return t("Waiting for the other handheld...")

    def draw(self, fb):
        app = self.app
        app.clear(fb)
        LARGE.centre(fb, t("LINKED GAME"), app.w // 2, 4, P.GOLD)
        y = app.h // 2 - 12
        for line in self.said.split("\n"):
            SMALL.centre(fb, line, app.w // 2, y, P.WHITE)
            y += 12
        draw.hints(fb, app.w, app.h, t("B back"))
