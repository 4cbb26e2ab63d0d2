"""`make bench` figures of the screens: drawing the board, moving the cursor, and the heap the
screens take while a game is played (framebuffer included)."""
import gc

from sim.bench.fakes import MemStorage, LCD_114, LCD_13
from sim.bench.timing import pico_ms_of


def _playing(board, turns=2):
    """An App on `board` with a new game against the computer, at the player's card choice
    after `turns` turns each."""
    from engine.ui import keys as K
    from engine.ui.app import App
    from engine.ui import play as P
    app = App(board, MemStorage(), 5)
    app.start()
    now = 0
    presses = [K.A, K.A, K.DOWN, K.DOWN, K.DOWN, K.DOWN, K.A]
    for _ in range(400):  # title, menu, form, start; then answer until the card choice
        s = app.screen
        b = presses.pop(0) if presses else K.A
        if not presses and isinstance(s, P.Play) and s.mode == P.CLAIM:
            b = K.DOWN  # end the turn without claiming
        for state in (b, 0):
            app.frame(state, now)
            now += 33
        s = app.screen
        if not presses and isinstance(s, P.Play) and s.mode == P.CARD and \
                s.g.deck_left() <= 42 - 2 * turns:
            break
    return app


def draw_board_ms():
    """A full board of the middle game (about 30 cards on the table)."""
    app = _playing(LCD_114, 15)
    play = app.screen

    def full():
        play.damage = 0x7FFFF
        play.draw(app.fb)
    return pico_ms_of(full)


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


def _heap(board):
    """Heap held by the screens while a game is played: their modules (as .mpy, as the Pico
    loads them), the App with its framebuffer, a game on the board, drawn once (which fills
    the glyph caches), over the rules engine.

    The npm MicroPython never collects garbage (its gc.collect() does nothing: the heap grows
    instead), so a difference of gc.mem_alloc() counts every allocation in between: the
    pieces are built directly (no menus on the way, which the board unloads on the device)
    and the garbage of the one drawing is counted too. An upper bound, then."""
    from sim.bench.workloads import on_device_modules

    def measure():
        import engine.record  # noqa: F401  (the rules engine and the computer opponent:
        import engine.ai  # noqa: F401  not counted here)
        before = gc.mem_alloc()
        from engine.ui.app import App
        from engine.ui.play import Play
        from engine.ui.session import Session
        app = App(board, MemStorage(), 5)
        app.go(Play(app, Session(5, "2p")))  # the computer opponent is not the screens'
        app.frame(0, 0)
        return gc.mem_alloc() - before
    return on_device_modules(measure)


def screens_heap_bytes():
    return _heap(LCD_114)


def screens_heap_bytes_240x240():
    return _heap(LCD_13)


SCREEN_WORKLOADS = [
    ("draw_board_ms", "ms", draw_board_ms),
    ("cursor_move_ms", "ms", cursor_move_ms),
    ("screens_heap_bytes", "bytes", screens_heap_bytes),
    ("screens_heap_bytes_240x240", "bytes", screens_heap_bytes_240x240),
]
