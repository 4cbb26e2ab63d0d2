# The coach's review of a round on the device (engine/ai/coach.py): found at the round's end
# in the screen's spare frame time (engine/ui/roundend.py), then each move it flags shown on
# the board as it stood before the move (the match replayed to it; the board's Review flow:
# engine/ui/hint.py).
# Loaded with the coach on, at a round's end.
from micropython import const
from engine.ui import unload
from engine.ui.loading import FULL, OFF_BOARD, load
from engine.ui.lang import t, capital

_COACH = const(("engine.ai.coach",))


def review(s, player):
    """The review of the round just ended for `player` of session s: a generator (a slice a
    step; FULL before a long one, as the loading steps) returning its flagged moves (coach's
    review: (cost, the move's place in the log, played, choice, reason), costliest first).
    Given up, its code goes back to the heap as at its end (engine/ui/roundend.py: a
    generator's `finally` would run on the device only when closed, and on the desktop
    whenever the collector frees it)."""
    from engine.ui.session import Computer
    from engine.ai.base import LEVELS
    m = s.match
    d = m.declared
    cpu = Computer(LEVELS[-1], m.seed, d)  # (hard)
    ai = cpu.made()
    yield FULL
    from engine.ai.coach import review
    yield FULL
    found = yield from review(ai, m, player, m.round_no())
    cpu.rest()
    unload(_COACH)
    return found


def opening(app, end, k):
    """The board as it stood before flagged move k of round end `end`'s review, its Review
    shown: a generator of loading steps (engine/ui/loading.py) returning the board."""
    s = end.s
    m = s.match
    d = m.declared
    # the computer's code back to the heap, and the menus' (the round's end stays, as an
    # object: B goes back to it): the board's comes in their place (the next round, or a
    # rematch, loads the computer's again)
    app.unload(d.COMPUTER + OFF_BOARD)
    # (each after those it imports, a frame each: this screen's own module first, which the
    # board imports, then the board's, the computers' base, which the coach imports)
    yield from load(("engine.ui.loading",) + d.BOARD + ("engine.ai.base",) + _COACH +
                    ("engine.ui.hint",))
    cost, at, played, best, why = end.found[k]
    from engine.ai.coach import replaying, said
    r = yield from replaying(m, at)
    if d.TACTIC_CARDS:
        yield FULL  # (the board's making reads the tactic cards' names: read here, apart)
        from engine.ui import draw
        draw.faces()
    yield FULL
    from engine.ui.session import Session
    from engine.ui.play import board
    from engine.ui.hint import Review, move
    b = board(app, Session(m.seed, s.opponent, match=r))
    yield FULL  # (made: its words read in a frame of their own)
    if b.lay.log_lines:  # (240x240: its log's code, read here and not as it is drawn)
        yield from load(("engine.ui.words",))
    words = t("Played: %s Better: %s") % (move(b, played), move(b, best)) + " " + \
        capital(said(why, r.game, t)) + "."
    unload(_COACH)
    b._go(Review(b, end, k, words))
    b.held = None
    return b
