"""`make bench`, second part: the device's heap through a whole game, and a soak.

    node tools/mprun.mjs sim/bench/device_heap.py [SOAK_GAMES [tactical]]

Runs the firmware (firmware/device.py, from the .mpy build in /device) on the virtual board
(sim/virtual/board.py: the stand-in `machine`, scripted keys) through a whole game against
Hard and a few turns of a second one, one frame per top-level call (mprun's `step`): this
MicroPython collects garbage only between top-level calls (where nothing is on the stack).
Prints
  game_heap_peak_bytes        the largest heap in use between frames, garbage collected: the
                              framebuffer, every module loaded, the game and the computer
  game_heap_frame_peak_bytes  the largest gc.mem_alloc() at the end of a frame: what is in
                              use plus all the garbage the frame made (a Pico collects that
                              when it needs the room): an upper bound of the true peak
Then the soak: back at the main menu (as after a game), SOAK_GAMES (default 200) games of
the computer (Hard) against itself, saved after every turn as on the device, one turn per
call; prints the same two figures for it and whether they stayed under the
game's, and the heap in use after the first and the last game (a leak would show as
growth).
"""
import gc
import sys

try:
    import os
    os.stat("/device/engine/core/game.mpy")
    sys.path.insert(0, "/device")
except OSError:
    print("(no build/device: importing from source)")


class _Hooks:  # the virtual Pico host's module (tools/vpico.mjs): nothing to do here
    def reset(self):
        pass

    def host_loop(self):
        pass


sys.modules["vpico"] = _Hooks()  # type: ignore[assignment]
from sim.virtual import machine  # noqa: E402
sys.modules["machine"] = machine
from sim.virtual import board  # noqa: E402
sys.modules["firmware.boards.virtual"] = board
from firmware.device import Device  # noqa: E402

SOAK = int(sys.argv[1]) if len(sys.argv) > 1 else 200
# "tactical": the game is one of the tactical variant (figures named tactical_*), no soak
VARIANT = sys.argv[2] if len(sys.argv) > 2 else "classic"
if VARIANT == "tactical":
    board._run["intro"] = board.TACTICAL
    SOAK = 0
gc.collect()
_dev = Device(board, bytearray(board.WIDTH * board.HEIGHT // 2))
# The computer thinks in slices while a frame has spare time: about 3 ms a slice on a Pico,
# so some 6 slices in the frame's spare 22 ms; this machine would fit many more, and how many
# would vary from run to run. Counting 6 a frame makes the figures repeatable and Pico-like.
SLICES = 6
_slices = {"frame": -1, "n": 0}


def _pico_spare():
    f = board._run["frame"]
    if _slices["frame"] != f:
        _slices["frame"] = f
        _slices["n"] = 0
    _slices["n"] += 1
    return _slices["n"] <= SLICES


_dev.app.spare = _pico_spare
board.host(_dev)
_soak = {"games": 0, "peak": 0, "live": 0, "match": None, "ais": None, "first": 0, "last": 0, "game": 0}


def _game_step():
    more = board.step()
    if not more:
        r = board._run
        if r["ended"] < 0:  # (make test runs the tactical game as a check)
            print("device_heap: the game never ended")
            raise SystemExit(1)
        pre = "tactical_" if VARIANT == "tactical" else ""
        print("%sgame_heap_peak_bytes: %d bytes" % (pre, r["live"]))
        print("%sgame_heap_frame_peak_bytes: %d bytes" % (pre, r["peak"]))
    return more


def _soak_step():
    """One turn of the soak (a new game when the last one ended)."""
    from engine.ai.classic import make_ai
    from engine.core.game import OVER
    from engine.core.match import Match
    from engine.ui.session import Session
    s = _soak
    live = gc.mem_alloc()  # collected since the last turn
    if live > s["live"]:
        s["live"] = live
    if s["match"] is None:
        seed = 1000 + s["games"]
        s["match"] = Match(seed, "classic", False, 1)
        s["ais"] = make_ai("hard", seed)  # it plays whoever is to move
    m = s["match"]
    g = m.game
    p = g.player
    m.act(p, s["ais"].move(g))
    m.claim_all(p, [])
    if g.phase != OVER:
        m.end_turn(p)
    Session(m.seed, "hard", match=m).save(_dev.app.storage)
    used = gc.mem_alloc()
    if used > s["peak"]:
        s["peak"] = used
    if g.phase == OVER:
        s["games"] += 1
        s["match"] = None
        s["ais"] = None
        s["game"] = 1
    return True


def step():
    s = _soak
    if board._run["frame"] >= 0 and not s.get("soaking"):
        if _game_step():
            gc.collect()
            return True
        s["soaking"] = True
        if not SOAK:
            return False
        from engine.ui.title import main_menu
        _dev.app.go(main_menu(_dev.app))  # the game left for the menu: the board unloaded
        _dev.frame(board._run["frame"] * board.FRAME)
        gc.collect()
        return True
    if s["game"]:  # between games: the heap they leave
        s["game"] = 0
        live = gc.mem_alloc()
        if s["games"] == 1:
            s["first"] = live
        s["last"] = live
    if s["games"] >= SOAK:
        r = board._run
        print("soak_heap_peak_bytes: %d bytes over %d games (%s the game's %d)"
              % (s["live"], s["games"], "under" if s["live"] <= r["live"] else "OVER",
                 r["live"]))
        print("soak_heap_turn_peak_bytes: %d bytes (%s the game's frame peak %d)"
              % (s["peak"], "under" if s["peak"] <= r["peak"] else "OVER", r["peak"]))
        print("soak_live_after_games_bytes: %d after the first, %d after the last"
              % (s["first"], s["last"]))
        return False
    _soak_step()
    gc.collect()  # done when this call returns
    return True
