"""`make bench` figures of the screens: drawing the board, moving the cursor, and the heap the
screens take while a game is played (framebuffer included)."""

from sim.fakes import MemStorage, LCD_114, LCD_13
from sim.bench.timing import pico_ms_of


def _playing(board, turns=2):
    """An App on `board` with a new game against the computer, at the player's card choice
    after `turns` turns each."""
    from engine.ui import keys as K
    from engine.ui import lang
    from engine.ui.app import App
    from engine.ui import play as P
    app = App(board, MemStorage(), 5)
    lang.use("en")  # as a device whose language was chosen: no power-on question
    app.settings.lang = lang.code
    app.start()
    now = 0
    presses = [K.A, K.A, K.DOWN, K.DOWN, K.DOWN, K.DOWN, K.A]
    for _ in range(3000):  # title, menu, form, start; then answer until the card choice
        b = presses.pop(0) if presses else K.A
        if not presses and _mode(app.screen) == P.CLAIMING:
            b = K.DOWN  # end the turn without claiming
        for state in (b, 0):
            app.frame(state, now)
            now += 33
        s = app.screen
        if not presses and _mode(s) == P.CARD and s.g.deck_left() <= 42 - 2 * turns:
            return app
    raise RuntimeError("the bench's presses no longer reach the board: %s" %
                       type(app.screen).__name__)


def _mode(screen):
    """The board's mode, None on another screen. (Not isinstance: the app unloads and imports
    the board's module again between screens, so its class is not the one imported here.)"""
    return getattr(screen, "mode", None) if hasattr(screen, "g") else None


def _redraw_ms(board, log_line):
    """A full board of the middle game (about 30 cards on the table); log_line (240x240): the
    log under the hand gets the move just made (one line: the older ones move up)."""
    from engine.core.match import ENTRY
    app = _playing(board, 15)
    play = app.screen
    log = play.s.match.log

    def full():
        play.damage = 0x7FFFF
        if log_line:
            play.log_at = len(log) - ENTRY
            play.log_rows = play.lay.log_lines
        play.draw(app.fb)
    return pico_ms_of(full)


def draw_board_ms():
    return _redraw_ms(LCD_114, False)


def draw_board_ms_240x240():
    return _redraw_ms(LCD_13, True)


def cursor_move_ms():
    from engine.ui import keys as K
    app = _playing(LCD_114)
    play = app.screen
    step = [K.RIGHT]

    def move():
        play.key(step[0])
        play.draw(app.fb)
        step[0] = K.LEFT if step[0] == K.RIGHT else K.RIGHT
    return pico_ms_of(move)


# screens_heap_bytes and screens_heap_bytes_240x240: sim/bench/screens_heap.py (measured
# between top-level calls, where this MicroPython collects its garbage)
SCREEN_WORKLOADS = [
    ("draw_board_ms", "ms", draw_board_ms),
    ("draw_board_ms_240x240", "ms", draw_board_ms_240x240),
    ("cursor_move_ms", "ms", cursor_move_ms),
]
