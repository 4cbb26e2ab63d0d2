# The desktop side: command line, (later) the simulator window, benchmarks.
# On CPython the engine's `from micropython import const` needs the shim in sim/cpython.
import os
import sys

_shim = os.path.join(os.path.dirname(__file__), "cpython")
if _shim not in sys.path:
    sys.path.append(_shim)
