# The virtual Pico's board (installed as firmware/boards/virtual.py by `make flash
# BOARD=virtual`): the Pico-LCD-1.14's panel and keys on the stand-in `machine`
# (sim/virtual/machine.py), and a scripted player. Its main loop is run by the host
# (tools/vpico.mjs), one frame per call, so garbage is collected between frames as on a Pico.
import gc
import os
import machine
import vpico
from firmware.boards.pico_lcd_114 import *  # noqa: F401,F403 - the same pins and panel

NAME = "virtual"
FRAME = 33  # ms of virtual time a frame
LIMIT = 20000  # frames: a game that has not ended by then is a failure
# The script: English at the first power-on's question (A), from the title to a new game
# against Hard (Opponent: RIGHT from Normal), then A, RIGHT, UP, DOWN in turn: a card, a stone
# (the next one when the stone is full), all claims, end of the turn. Once the game is over:
# B back to the menu, and the same again.
INTRO = ("A", "A", "A", "RIGHT", "DOWN", "DOWN", "DOWN", "DOWN", "A")
AGAIN = ("B", "A", "RIGHT", "DOWN", "DOWN", "DOWN", "DOWN", "A")
# The same in the tactical variant (Variant: RIGHT from Classic); its tactic cards' choices go
# on with the same four keys (a card refused: RIGHT; no clan card to play: DOWN passes).
TACTICAL = ("A", "A", "A", "RIGHT", "DOWN", "RIGHT", "DOWN", "DOWN", "DOWN", "A")
PLAY = ("A", "RIGHT", "UP", "DOWN")
GPIO = {"A": 15, "B": 17, "UP": 2, "DOWN": 18, "LEFT": 16, "RIGHT": 20}
AFTER = 400  # frames played in the second game before the power is cut

_dev = None
_run = {"frame": 0, "peak": 0, "live": 0, "at": 0, "ended": -1, "intro": INTRO, "start": 0}


def host(dev):
    global _dev
    _dev = dev
    print("virtual-pico: the game runs (scripted keys)")
    vpico.host_loop()


def _exists(name):
    try:
        os.stat(name)
        return True
    except OSError:
        return False


def _key(frame):
    """The key held in `frame`: each key is held 2 frames and released 2 (the buttons are
    debounced over two reads)."""
    press, phase = divmod(frame - _run["start"], 4)
    if phase >= 2:
        return None
    intro = _run["intro"]
    if press < len(intro):
        return intro[press]
    return PLAY[press % len(PLAY)]


def step():
    """One frame; False when the run is over (then the summary is printed)."""
    r = _run
    n = r["frame"]
    r["frame"] = n + 1
    live = gc.mem_alloc()  # what the last frame left, its garbage collected since
    if live > r["live"]:
        r["live"] = live
    k = _key(n)
    machine.low.clear()
    if k:
        machine.low.add(GPIO[k])
    _dev.frame(n * FRAME)
    used = gc.mem_alloc()
    if used > r["peak"]:
        r["peak"] = used
        r["at"] = n
    gc.collect()  # done as this call returns to the host
    if r["ended"] < 0 and _exists("data/stats.txt"):
        r["ended"] = n  # the first game is over and counted: a second one
        r["intro"] = AGAIN
        r["start"] = n + 1
    over = r["ended"] >= 0 and n - r["ended"] >= AFTER
    if over or n >= LIMIT:
        st = machine.stats
        print("virtual-pico: frames %d game_over_at %d shown %d pixel_bytes %d window_bytes %d "
              "save %d peak_mem_alloc %d live_peak %d peak_frame %d" % (
                  n + 1, r["ended"], st["frames"], st["pixel_bytes"], st["window_bytes"],
                  int(_exists("data/game.sav")), r["peak"], r["live"], r["at"]))
        return False
    return True
