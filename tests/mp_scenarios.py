"""Tiny test runner for tests/scenarios/test_*.py; runs under MicroPython and CPython.

    node tools/mprun.mjs tests/mp_scenarios.py [FILTER...]
    python tests/mp_scenarios.py [FILTER...]

Calls every module-level callable named test_* (alphabetical order) with no arguments.
A FILTER selects the modules whose name contains it (e.g. `rules` or `test_rules`).
Prints `ok NAME` / `FAIL NAME: EXC`, then `N passed, M failed`; exits 1 if any failed.
"""
import gc
import os
import sys

MICROPYTHON = sys.implementation.name == "micropython"


def _dirname(p):
    i = p.rfind("/")
    return p[:i] if i > 0 else ("/" if i == 0 else ".")


_TESTS = _dirname(__file__.replace("\\", "/"))
_ROOT = _dirname(_TESTS)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)
if not MICROPYTHON:
    _shim = _ROOT + "/sim/cpython"
    if _shim not in sys.path:
        sys.path.insert(1, _shim)


def _print_exc(e):
    if MICROPYTHON:
        sys.print_exception(e)
    else:
        import traceback

        traceback.print_exception(type(e), e, e.__traceback__, file=sys.stdout)


def _modules(filters):
    try:
        names = os.listdir(_TESTS + "/scenarios")
    except OSError:
        return []
    mods = []
    for n in sorted(names):
        if n.startswith("test_") and n.endswith(".py"):
            m = n[:-3]
            if not filters or any(f in m for f in filters):
                mods.append(m)
    return mods


def main(filters):
    mods = _modules(filters)
    if filters and not mods:
        print("no scenario module matches", filters)
        return 2
    passed = failed = 0
    for m in mods:
        full = "tests.scenarios." + m
        try:
            __import__(full)
            mod = sys.modules[full]
        except Exception as e:
            failed += 1
            print("FAIL %s (import): %s: %s" % (m, type(e).__name__, e))
            _print_exc(e)
            continue
        for name in sorted(dir(mod)):
            fn = getattr(mod, name)
            if not (name.startswith("test_") and callable(fn)):
                continue
            gc.collect()
            try:
                fn()
            except Exception as e:
                failed += 1
                print("FAIL %s.%s: %s: %s" % (m, name, type(e).__name__, e))
                _print_exc(e)
            else:
                passed += 1
                print("ok %s.%s" % (m, name))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
