# The coach's review of a round on the device (engine/ai/coach.py): found at the round's end
# in the screen's spare frame time (engine/ui/roundend.py), then each move it flags shown on
# the board as it stood before the move (the match replayed to it: engine/ui/review_board.py).
# Loaded with the coach on, at a round's end.
from engine.ui import unload
from engine.ui.loading import FULL, load
from engine.ui.lang import t, capital

_COACH = ("engine.ai.coach",)


def reviewing(s, player):
    """The review of the round just ended for `player` of session s: a generator (a slice a
    step; FULL before a long one, as the loading steps) returning its flagged moves (coach's
    review: (cost, the move's place in the log, played, choice, reason), costliest first).
    Closed early, its code goes back to the heap."""
    from engine.ui.session import Computer
    m = s.match
    cpu = Computer("hard", m.seed, m.declared)
    try:
        ai = cpu.made()
        yield FULL
        from engine.ai import coach
        yield FULL
        return (yield from coach.review(ai, m, player, m.round_no()))
    finally:
        cpu.rest()
        unload(_COACH)


def opening(app, end, k):
    """The board as it stood before flagged move k of round end `end`'s review, its Review
    shown: a generator of loading steps (engine/ui/loading.py) returning the board."""
    s = end.s
    m = s.match
    d = m.declared
    yield from load(d.BOARD + _COACH + ("engine.ui.review_board",))
    cost, at, played, best, why = end.found[k]
    from engine.ai import coach
    r = yield from coach.replaying(m, at)
    yield FULL
    from engine.ui.session import Session
    from engine.ui.play import board
    from engine.ui.review_board import Review, move
    b = board(app, Session(m.seed, s.opponent, match=r))
    yield FULL  # (made: its words read in a frame of their own)
    words = t("Played: %s") % move(b, played) + " " + t("Better: %s") % move(b, best) + \
        " " + capital(coach.said(why, r.game, t)) + "."
    unload(_COACH)
    b._go(Review(b, end, k, words))
    b.held = None
    return b
