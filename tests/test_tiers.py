"""The tests in two tiers (pytest.ini's markers): `make check` leaves out those marked slow or
device, so a test that needs node must say so, and the slow scenarios named in conftest.py
(their modules run under MicroPython too, without pytest to mark them) must exist."""
import os
import re

import conftest

TESTS = os.path.dirname(os.path.abspath(__file__))
# What runs node (the npm MicroPython, the virtual or the emulated Pico) from a test.
NODE = re.compile(r"""["'](?:node|tools/(?:mprun|vpico|pico_emu)\.mjs)["']""")
DEVICE = re.compile(r"^pytestmark = pytest\.mark\.device$|^@pytest\.mark\.device$", re.M)


def unmarked_node_users(folder=TESTS):
    """The test modules in `folder` that run node without the device marker (this one names
    node only in the modules it plants)."""
    out = []
    for name in sorted(os.listdir(folder)):
        if name.startswith("test_") and name.endswith(".py") and name != "test_tiers.py":
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                text = f.read()
            if NODE.search(text) and not DEVICE.search(text):
                out.append(name)
    return out


def test_every_test_that_runs_node_is_marked_device():
    assert unmarked_node_users() == []


def test_a_test_planted_running_node_unmarked_is_named(tmp_path):
    (tmp_path / "test_marked.py").write_text(
        'import pytest\n\npytestmark = pytest.mark.device\n\n\n'
        'def test_x():\n    run(["node", "tools/mprun.mjs", "x.py"])\n')
    (tmp_path / "test_plain.py").write_text('def test_x():\n    assert "nodes"\n')
    assert unmarked_node_users(str(tmp_path)) == []
    (tmp_path / "test_planted_node.py").write_text(
        'import subprocess\n\n\ndef test_x():\n    subprocess.run(["node", "-e", "1"])\n')
    (tmp_path / "test_planted_tool.py").write_text(
        'import subprocess\n\n\ndef test_x():\n    subprocess.run([NODE, "tools/pico_emu.mjs"])\n')
    assert unmarked_node_users(str(tmp_path)) == ["test_planted_node.py", "test_planted_tool.py"]


def test_the_slow_scenarios_named_in_conftest_exist():
    """A scenario renamed would silently fall into the fast tier: each name is a test of its
    module."""
    import importlib
    assert conftest.SLOW_SCENARIOS
    for entry in conftest.SLOW_SCENARIOS:
        module, name = entry.split("::")
        scenarios = importlib.import_module("tests.scenarios." + module[:-3])
        assert callable(getattr(scenarios, name, None)) and name.startswith("test_"), entry
