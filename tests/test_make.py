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

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAKEFILE = open(os.path.join(ROOT, "Makefile")).read()
HERE = {"sim", "clean", "distclean"}  # run by the tests below
BY_TOOL = {"flash": "tools/virtual_pico.py"}  # run by that tool, itself run by make test
# A part of what make test runs: `make check`, the fast tier of its pytest (the tests marked
# slow or device left out: pytest.ini), checked by unmade_targets as a part of that line.
PARTS = {"check"}
SMALL_FORMS = ("bench SMOKE=1", "bench-pico ONLY=boot", "soak-pico GAMES=1",
               "goldens GOLDENS=build/", "pictures PICTURES=build/")


def _targets(makefile=MAKEFILE):
    return set(re.findall(r"^([a-z][\w-]*):(?!=)", makefile, re.M))


def _recipe(target, makefile=MAKEFILE):
    """(prerequisites, recipe lines) of a target."""
    m = re.search(r"^%s:([^\n]*)\n((?:\t[^\n]*\n)*)" % re.escape(target), makefile, re.M)
    assert m, target
    return m.group(1).split(), [x.strip() for x in m.group(2).split("\n") if x.strip()]


def unmade_targets(makefile=MAKEFILE):
    """The guard over a Makefile's text: the targets `make test` never runs (by a line of
    its recipe, a prerequisite, or a tool it runs), that no test here runs either; and a
    part (check) that is not a part of what make test runs."""
    needs, lines = _recipe("test", makefile)
    made = set(needs)
    for line in lines:
        m = re.match(r"\$\(MAKE\)(?: --no-print-directory)? ([a-z][\w-]*)", line)
        if m:
            made.add(m.group(1))
    for target, tool in BY_TOOL.items():
        text = open(os.path.join(ROOT, tool)).read()
        if '"make"' in text and '"%s"' % target in text and tool in makefile:
            made.add(target)
    out = sorted(_targets(makefile) - made - HERE - PARTS - {"test", "all"})
    pytest_line = "$(PY) -m pytest -q tests"
    for part in sorted(PARTS & _targets(makefile)):
        part_needs, part_lines = _recipe(part, makefile)
        if pytest_line not in lines or not set(part_needs) <= set(needs) or part_lines != [
                '$(PY) -m pytest -q -m "not slow and not device" tests']:
            out.append(part + " (not a part of make test's pytest)")
    return out


def long_targets_in_full(makefile=MAKEFILE):
    """The long targets that make test runs otherwise than in their small form."""
    text = "\n".join(_recipe("test", makefile)[1])
    return [small for small in SMALL_FORMS if small not in text]


def test_make_test_runs_every_target():
    all_needs, _ = _recipe("all")
    assert all_needs == ["test"]  # `make` alone is `make test`
    assert PARTS <= _targets()
    missing = unmade_targets()
    assert not missing, "targets that make test never runs: %s" % missing


def test_the_long_targets_run_in_their_small_form():
    assert long_targets_in_full() == []


# (guard, the Makefile with a fault planted: (text replaced, by), what the guard says)
PLANTS = [
    (unmade_targets, ("\nclean:", "\nplanted:\n\techo planted\n\nclean:"), ["planted"]),
    (unmade_targets, ("\t$(MAKE) --no-print-directory build\n", ""), ["build"]),
    (unmade_targets, ("test: venv node_modules stubs\n", "test: venv node_modules stubs\n"
                                                          "\tnode tools/mprun.mjs x.py\n"
                                                          "\t$(MAKE) sim\n"), []),
    (unmade_targets, ('-m "not slow and not device" tests', '-m "not slow" tests'),
     ["check (not a part of make test's pytest)"]),
    (unmade_targets, ("\t$(PY) -m pytest -q tests\n", "\t$(PY) -m pytest -q tests/test_ai.py\n"),
     ["check (not a part of make test's pytest)"]),
    (long_targets_in_full, ("bench SMOKE=1", "bench"), ["bench SMOKE=1"]),
    (long_targets_in_full, ("soak-pico GAMES=1", "soak-pico"), ["soak-pico GAMES=1"]),
]


@pytest.mark.parametrize("guard, plant, said", PLANTS,
                         ids=["%s-%d" % (p[0].__name__, i) for i, p in enumerate(PLANTS)])
def test_a_planted_fault_fails_its_guard(guard, plant, said):
    """The guards read a Makefile's text: the project's with a fault planted gives that fault
    (and a harmless change none)."""
    assert plant[0] in MAKEFILE
    assert guard(MAKEFILE.replace(plant[0], plant[1], 1)) == sorted(guard() + said)


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


@pytest.mark.slow
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
