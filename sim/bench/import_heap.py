"""`make bench`: the heap the rules modules keep once imported, as the Pico loads them.

    node tools/mprun.mjs sim/bench/import_heap.py

Every module of the rules engine (engine.core.record pulls in each one; not the computer
opponents, not the screens), as .mpy from the device build, imported into a fresh
MicroPython. Measured between top-level calls (mprun's `step`), where this MicroPython
collects its garbage: what the modules keep (their code, tables and interned names), not
what importing them made on the way. Prints engine_import_bytes.
"""
import gc
import sys

try:
    import os
    os.stat("/device/engine/core/game.mpy")
    sys.path.insert(0, "/device")
except OSError:
    print("(no build/device: importing from source)")

_at = {"phase": 0, "base": 0}


def step():
    a = _at
    if a["phase"] == 0:
        a["base"] = gc.mem_alloc()
    elif a["phase"] == 1:
        import engine.core.record  # noqa: F401
    elif a["phase"] == 2:
        print("engine_import_bytes: %d bytes" % (gc.mem_alloc() - a["base"]))
    else:
        return False
    a["phase"] += 1
    gc.collect()  # done when this call returns
    return True
