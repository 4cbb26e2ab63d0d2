# The actions of a match in words, for the board: the 240x240 log of the last moves, and the
# computer's turn in the tactical variant. Loaded only where they are shown (not by the
# classic board on a 240x135 screen).
from engine.cards import name
from engine.match import PLAY, CLAIM, PASS, ROUND, ENTRY
from engine.ui import palette as P
from engine.ui import draw


def said(who, verb):
    """The verb for its subject: "You play", "CPU plays", "P1 passes"."""
    if who == "You":
        return who + " " + verb
    return who + " " + verb + ("es" if verb[-1] == "s" else "s")


def logged(kind, who, a, b, c):
    """A logged action of the classic game in words (None: not shown)."""
    if kind == PLAY:
        return "%s %s at %d" % (said(who, "play"), name(a), b + 1)
    if kind == CLAIM:
        return "%s stone %d" % (said(who, "claim"), a + 1)
    if kind == PASS:
        return said(who, "pass")
    return None


def draw_log(play, fb):
    """240x240: the last moves of the round, newest last (play._logged words each)."""
    lay = play.lay
    log = play.s.match.log
    rows = []
    i = len(log) - ENTRY
    who_is = ("You", "CPU") if play.s.cpu is not None else ("P1", "P2")
    while i >= 0 and len(rows) < lay.log_lines:
        kind = log[i] >> 1
        if kind == ROUND:
            break  # the round began here
        words = play._logged(kind, who_is[log[i] & 1], log[i + 1], log[i + 2], log[i + 3])
        if words:
            rows.append(words)
        i -= ENTRY
    rows.reverse()
    fb.fill_rect(0, lay.log_y, lay.w, lay.log_lines * 10, P.BG)
    draw.lines(fb, rows, 4, lay.log_y, P.GREY)
