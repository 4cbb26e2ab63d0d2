"""The desktop framebuf draws exactly what MicroPython's does: the same screens, byte for byte
(digests of the framebuffer after every step of tests/screens_trace.py on both runtimes)."""
import os
import subprocess
import sys

import pytest

# The screens under the npm MicroPython (node): make test's, not make check's.
pytestmark = pytest.mark.device

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def trace(cmd):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.path.join(ROOT, "sim", "cpython")]))
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_screens_are_pixel_identical_on_both_runtimes():
    env_py = [sys.executable, "tests/screens_trace.py"]
    cpython = trace(env_py)
    micropython = trace(["node", "tools/mprun.mjs", "tests/screens_trace.py"])
    assert len(cpython) == len(micropython) > 100
    from screens_trace import SCREENS
    lcd = [line.split()[-1] for line in cpython if line.startswith("pico_lcd_114 ")]
    assert set(SCREENS) <= set(lcd), "the trace no longer reaches every screen it means to"
    for a, b in zip(cpython, micropython):
        assert a == b, "first difference: CPython %s, MicroPython %s" % (a, b)
