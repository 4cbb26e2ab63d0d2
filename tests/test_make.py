"""The Makefile's targets: each one runs in `make test` (the long ones in a small form), and
the three that cannot run there run here: `sim` (a window on SDL's dummy display), `clean` and
`distclean` (in a copy of the Makefile, over a tree of stand-ins)."""
import os
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAKEFILE = open(os.path.join(ROOT, "Makefile")).read()
HERE = {"sim", "clean", "distclean"}  # run by the tests below
BY_TOOL = {"flash": "tools/virtual_pico.py"}  # run by that tool, itself run by make test


def _targets():
    return set(re.findall(r"^([a-z][\w-]*):(?!=)", MAKEFILE, re.M))


def _recipe(target):
    """(prerequisites, recipe lines) of a target."""
    m = re.search(r"^%s:([^\n]*)\n((?:\t[^\n]*\n)*)" % re.escape(target), MAKEFILE, re.M)
    assert m, target
    return m.group(1).split(), [x.strip() for x in m.group(2).split("\n") if x.strip()]


def test_make_test_runs_every_target():
    needs, lines = _recipe("test")
    made = set(needs)
    for line in lines:
        m = re.match(r"\$\(MAKE\)(?: --no-print-directory)? ([a-z][\w-]*)", line)
        if m:
            made.add(m.group(1))
    all_needs, _ = _recipe("all")
    assert all_needs == ["test"]  # `make` alone is `make test`
    for target, tool in BY_TOOL.items():
        text = open(os.path.join(ROOT, tool)).read()
        assert '"make"' in text and '"%s"' % target in text and tool in MAKEFILE
        made.add(target)
    missing = _targets() - made - HERE - {"test", "all"}
    assert not missing, "targets that make test never runs: %s" % sorted(missing)


def test_the_long_targets_run_in_their_small_form():
    _, lines = _recipe("test")
    text = "\n".join(lines)
    for small in ("bench SMOKE=1", "bench-pico ONLY=boot", "soak-pico GAMES=1",
                  "goldens GOLDENS=build/", "pictures PICTURES=build/"):
        assert small in text, small


def _tree(tmp_path):
    """A copy of the Makefile over stand-ins of what the targets make and what they keep."""
    shutil.copy(os.path.join(ROOT, "Makefile"), tmp_path / "Makefile")
    made = [".venv/bin/python", "node_modules/x/index.js", ".stubs/machine.pyi",
            "build/device/main.py", "out/x.png", ".pytest_cache/v", ".mypy_cache/v",
            "engine/__pycache__/game.cpython-311.pyc", "engine/core/game.mpy"]
    kept = ["engine/core/game.py", "README.md", "tests/goldens/a.png"]
    for name in made + kept:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    return tmp_path


def _make(tmp_path, target):
    out = subprocess.run(["make", "--no-print-directory", "-C", str(tmp_path), target],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return {str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()}


def test_clean_removes_what_the_build_made_and_keeps_the_sources(tmp_path):
    left = _make(_tree(tmp_path), "clean")
    assert left == {"Makefile", "engine/core/game.py", "README.md", "tests/goldens/a.png",
                    ".venv/bin/python", "node_modules/x/index.js", ".stubs/machine.pyi"}


def test_distclean_also_removes_what_was_installed(tmp_path):
    left = _make(_tree(tmp_path), "distclean")
    assert left == {"Makefile", "engine/core/game.py", "README.md", "tests/goldens/a.png"}


def test_make_sim_opens_the_game_and_closes_on_an_interrupt(tmp_path):
    """`make sim` on SDL's dummy display: the window's loop runs (the storage folder is made,
    nothing is printed) until Ctrl-C ends it without a traceback."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", HOME=str(tmp_path),
               PYTHONPATH="", PY=sys.executable)
    p = subprocess.Popen(["make", "--no-print-directory", "-C", ROOT, "sim", "PY=" + sys.executable],
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    storage = tmp_path / ".schotten-totten"
    deadline = time.time() + 30
    while not storage.exists() and p.poll() is None and time.time() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)  # some 30 frames
    running = p.poll() is None
    os.killpg(p.pid, signal.SIGINT)
    out, err = p.communicate(timeout=30)
    assert running and storage.is_dir(), err
    assert "Traceback" not in err and "cannot open a window" not in err, err
