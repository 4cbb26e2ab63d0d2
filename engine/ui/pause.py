# The pause menu of a game: resume, rules, restart, quit to the menu (the game stays saved).
from engine.ui.menu import Menu


def pause_menu(app, play):
    rows = [["Resume", None, 0], ["Rules", None, 0], ["Restart", None, 0],
            ["Quit to menu", None, 0]]

    def resume(menu=None):
        play.damage = 0x7FFFF
        app.go(play)

    def act(menu, i):
        if i == 0:
            resume()
        elif i == 1:
            from engine.ui.rules import Rules
            app.go(Rules(app, lambda: app.go(menu)))
        elif i == 2:
            _restart(app, play.s)
        else:
            from engine.ui.title import main_menu
            app.go(main_menu(app))
    return Menu(app, "PAUSED", rows, act, resume)


def _restart(app, old):
    """The same kind of game again, from a new deal."""
    from engine.ui.session import Session
    from engine.ui.play import Play
    m = old.match
    s = Session(app.new_seed(), old.opponent, m.variant, m.expert, m.rounds)
    s.save(app.storage)
    app.go(Play(app, s))
