# The 240x240 board's log of the last moves (each in the board's words: Play._logged).
# Loaded only where it is shown.
from engine.core.game import ROUND
from engine.core.match import ENTRY
from engine.ui import palette as P
from engine.ui import draw


def draw_log(play, fb):
    """240x240: the last moves of the round, newest last (play._logged words each). Only
    what changed since the last drawing is drawn: the new lines under the old ones, the old
    ones moved up when there is no room (five lines of text anew made every full redraw of
    the board half as long again: make bench's draw_board_ms_240x240). play.log_at: the
    log's entries drawn (-1: none on screen); play.log_rows: its lines shown. Called only when
    the log has entries not drawn yet."""
    log = play.s.match.log
    at = play.log_at
    rows = _rows(play, log, at) if at >= 0 else None
    lay = play.lay
    if rows is None or len(rows) >= lay.log_lines:  # all anew
        rows = _last_rows(play, log)
        play.log_rows = 0
        fb.fill_rect(0, lay.log_y, lay.w, lay.log_lines * lay.line, P.BG)
    over = play.log_rows + len(rows) - lay.log_lines
    if over > 0:  # the oldest lines make room: the rows below move up, band by band
        buf = memoryview(play.app.buf)
        band = lay.w * lay.line // 2  # a line's rows of pixels, two pixels a byte
        start = lay.log_y * lay.w // 2
        for i in range(lay.log_lines - over):
            a = start + i * band
            b = a + over * band
            buf[a:a + band] = buf[b:b + band]
        play.log_rows -= over
    y = lay.log_y + play.log_rows * lay.line
    fb.fill_rect(0, y, lay.w, len(rows) * lay.line, P.BG)
    draw.lines(fb, rows, 4, y, P.GREY, lay.line, lay.text)
    play.log_rows += len(rows)
    play.log_at = len(log)


def _line(play, log, i):
    """The words of the log's entry at i (None: not shown)."""
    # (the subjects' codes, not words: play_narration.py's phrase words each for its subject)
    who = ("You", "CPU") if play.s.cpu is not None else ("P1", "P2")
    return play._logged(log[i] >> 1, who[log[i] & 1], log[i + 1], log[i + 2], log[i + 3])


def _rows(play, log, at):
    """The lines of the entries from `at` on, oldest first; None when a round began there."""
    rows = []
    for i in range(at, len(log), ENTRY):
        if log[i] >> 1 == ROUND:
            return None
        words = _line(play, log, i)
        if words:
            rows.append(words)
    return rows


def _last_rows(play, log):
    """The lines of the round's last entries, as many as the log shows, oldest first."""
    rows = []
    i = len(log) - ENTRY
    while i >= 0 and len(rows) < play.lay.log_lines and log[i] >> 1 != ROUND:
        words = _line(play, log, i)  # (a ROUND entry: the round began there)
        if words:
            rows.append(words)
        i -= ENTRY
    rows.reverse()
    return rows
