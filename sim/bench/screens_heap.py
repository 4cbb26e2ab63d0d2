"""`make bench`: the screens' heap while a game is played, on one screen size.

    node tools/mprun.mjs sim/bench/screens_heap.py [240x240]

Heap held by the screens on top of the rules engine and the computer opponent: their modules
(as .mpy from the device build, as the Pico loads them), the App with its framebuffer, a game
on the board, drawn (which fills the glyph caches). Measured between top-level calls (mprun's
`step`), where this MicroPython collects its garbage: what stays in use, not what was made on
the way. Prints screens_heap_bytes (240x135) or screens_heap_bytes_240x240. One size a run:
the names the screens intern (MicroPython's qstrs, never freed) are theirs to pay for, and a
second measurement in the same run would find them interned already.
"""
import gc
import sys

try:
    import os
    os.stat("/device/engine/core/game.mpy")
    sys.path.insert(0, "/device")
except OSError:
    print("(no build/device: importing from source)")

from sim.fakes import LCD_114, LCD_13, MemStorage  # noqa: E402

_JOBS = [("screens_heap_bytes_240x240", LCD_13) if sys.argv[1:] == ["240x240"] else
         ("screens_heap_bytes", LCD_114)]
_at = {"job": 0, "phase": 0, "base": 0, "keep": None}


def _engine():
    import engine.core.record  # noqa: F401  (the rules engine and the computer opponent:
    import engine.ai.classic  # noqa: F401  not counted)


def _screens(board):
    from engine.ui.app import App
    from engine.ui.play import Play
    from engine.ui.session import Session
    app = App(board, MemStorage(), 5)
    app.go(Play(app, Session(5, "2p")))  # two players: the computer is not the screens'
    app.frame(0, 0)
    return app


def _forget():
    for name in list(sys.modules):
        if name == "engine" or name.startswith("engine."):
            del sys.modules[name]


def step():
    a = _at
    if a["job"] == len(_JOBS):
        return False
    name, board = _JOBS[a["job"]]
    if a["phase"] == 0:  # the engine alone
        _forget()
        _engine()
    elif a["phase"] == 1:
        a["base"] = gc.mem_alloc()
        a["keep"] = _screens(board)
    else:
        print("%s: %d bytes" % (name, gc.mem_alloc() - a["base"]))
        a["keep"] = None
        a["job"] += 1
        a["phase"] = -1
    a["phase"] += 1
    gc.collect()  # done when this call returns
    return True
