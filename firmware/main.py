# Schotten Totten on a Raspberry Pi Pico. Hold B while powering on to skip the game and keep
# the REPL free (e.g. to reflash a broken build). See README.md.
import gc

gc.collect()
from firmware import start  # noqa: E402

dev = start.boot()
del start  # (its code back to the heap before the game)
gc.collect()
if dev:
    dev.play()
