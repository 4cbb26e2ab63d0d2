"""The device code is type-checked against MicroPython's stubs alone (mypy-device.ini): the
check passes on engine/ and firmware/, and fails on what MicroPython lacks."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _mypy(*files):
    if not os.path.isdir(os.path.join(ROOT, ".stubs", "stdlib")):
        pytest.fail("MicroPython's stubs are missing: run `make stubs`")
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", "mypy-device.ini",
                           "--no-incremental"] + list(files),
                          cwd=ROOT, capture_output=True, text=True)


def test_cpython_only_imports_fail_the_device_check(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from dataclasses import dataclass\nimport time\n"
                     "time.sleep_ms(5)\ntime.perf_counter()\n")
    r = _mypy(str(probe))
    assert r.returncode != 0
    assert 'module named "dataclasses"' in r.stdout
    assert 'no attribute "perf_counter"' in r.stdout
    assert "sleep_ms" not in r.stdout  # MicroPython's own time functions are known


def test_the_device_code_passes_the_device_check():
    r = _mypy()
    assert r.returncode == 0, r.stdout
