# The pause menu of a game: resume, rules, settings, restart (asked first), quit to the menu
# (the game stays saved); in a game with a discard pile (its declaration's DISCARD_PILE) that
# pile, and Pass when only a tactic card could be played (down passes then, but on the
# four-button board down is a hold).
from engine.ui import draw
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui.app import Screen
from engine.ui.menu import Menu
from engine.ui.text import LARGE, SMALL
from engine.ui.lang import t


def pause_menu(app, play):
    from engine.ui.play import CARD, REDRAW  # (loaded: the board's)
    # (the labels are keys: the menu shows them translated, the code compares the keys)
    labels = ["Resume", "Rules", "Settings", "Restart", "Quit to menu"]  # keys
    if play.s.link:
        labels.remove("Restart")  # (a linked match is both handhelds')
    if play.s.match.declared.DISCARD_PILE:
        labels.insert(1, "Discard pile")  # keys
    if play.may_pass and play.mode == CARD:
        labels.insert(1, "Pass")  # keys
    prepare = play.preparation()  # (a key too)
    if prepare:
        labels.insert(1, prepare)
    rows = [[label, None, 0] for label in labels]

    def resume(menu=None):
        play.damage = REDRAW
        app.go(play)

    def act(menu, i):
        label = rows[i][0]
        if label == "Resume":
            resume()
        elif label == "Pass":
            resume()
            play.pass_turn()
        elif label == prepare:
            resume()
            play.prepare()
        elif label == "Discard pile":
            app.go(Discards(app, play.g.discard, lambda: app.go(menu)))
        elif label == "Rules":
            from engine.ui.rules import Rules
            app.go(Rules(app, lambda: app.go(menu), play.s.match.declared.RULES_PAGE))
        elif label == "Settings":
            from engine.ui.options import settings_menu
            app.go(settings_menu(app, lambda: app.go(menu)))
        elif label == "Restart":
            _ask_restart(app, play.s, menu)
        else:
            from engine.ui import loading
            app.go(loading.Loading(app, loading.to_menu(app), None))
    return Menu(app, "PAUSED", rows, act, resume)


class Discards(Screen):
    """The face-up discard pile of the tactical variant, oldest first; any key goes back."""

    def __init__(self, app, pile, back):
        super().__init__(app)
        self.pile = pile
        self.back = back

    def key(self, ev):
        if not ev & (K.LONG | K.REPEAT):  # (the press that opened it may still be held)
            self.back()

    def draw(self, fb):
        app = self.app
        app.clear(fb)
        LARGE.centre(fb, t("DISCARD PILE"), app.w // 2, 4, P.GOLD)
        if not self.pile:
            SMALL.centre(fb, t("Nothing has been discarded yet."), app.w // 2, 30, P.WHITE)
        for i in range(len(self.pile)):  # 8 a row
            draw.card(fb, self.pile[i], 8 + (i % 8) * 28, 26 + (i // 8) * 16, 26, 14,
                      app.settings.glyphs)
        draw.hints(fb, app.w, app.h, t("Any key: back"))


def _ask_restart(app, session, pause):
    """Restart throws the game away: asked first, Back (or B) the default."""
    def act(menu, i):
        if i == 1:
            _restart(app, session)
        else:
            app.go(pause)
    rows = [["Back", None, 0], ["Restart: a new deal", None, 0]]  # keys
    return app.go(Menu(app, "RESTART?", rows, act, lambda menu: app.go(pause),
                       t("This game will be lost.")))


def _restart(app, old):
    """The same kind of game again, from a new deal."""
    from engine.ui.session import Session
    from engine.ui.play import board
    m = old.match
    s = Session(app.new_seed(), old.opponent, m.variant, m.expert, m.rounds, None,
                m.chosen_first())
    s.save(app.storage)
    app.go(board(app, s))
