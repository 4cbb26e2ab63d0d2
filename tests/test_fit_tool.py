"""tools/fit_ai_chances.py end to end, on a copy of the tree (it rewrites engine/ai/cal.py and
engine/ai/tcal.py in place): a few games fit tables of the right shape, each row never
falling as the modelled chance rises, that the engine then loads."""
import os
import re
import shutil
import subprocess
import sys

import pytest

# The tool run end to end, its games and fit (seconds): make test's, not make check's.
pytestmark = pytest.mark.slow

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _fit(tmp_path, *args):
    for d in ("engine", "sim", "tools"):
        shutil.copytree(os.path.join(ROOT, d), str(tmp_path / d),
                        ignore=shutil.ignore_patterns("__pycache__"))
    r = subprocess.run([sys.executable, str(tmp_path / "tools" / "fit_ai_chances.py"),
                        "--games", "6", "--rounds", "2", "--jobs", "1"] + list(args),
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    # each round fitted from the decisions it logged (none logged: the tool no longer hooks
    # the computer's chances, and its table is the identity's)
    rounds = re.findall(r"round (\d+): (\d+) samples", r.stderr)
    assert [n for n, _ in rounds] == ["1", "2"] and all(int(k) > 0 for _, k in rounds), r.stderr
    return r


def _tables(tmp_path, module, names):
    """The tables of the rewritten module, loaded as the engine loads them."""
    code = ("import sys; sys.path[:0] = [%r, %r]; import engine.%s as m; "
            "print(repr([getattr(m, n) for n in %r]))"
            % (str(tmp_path), str(tmp_path / "sim" / "cpython"), module, names))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return eval(out)


def _check(table):
    from engine.ai.judge import KNOTS, PHASES
    assert isinstance(table, bytes) and len(table) == 16 * PHASES * KNOTS
    for r in range(16 * PHASES):
        row = table[r * KNOTS:(r + 1) * KNOTS]
        assert list(row) == sorted(row), r


def test_the_classic_fit_rewrites_both_tables(tmp_path):
    r = _fit(tmp_path)
    # AFTER is fitted on the moves played: each round found some (the match asks the computer
    # for think, not move: a fit that watched move recorded none and left AFTER flat)
    played = [int(line.split(", ")[1].split()[0]) for line in r.stderr.splitlines()
              if line.startswith("round ")]
    assert len(played) == 2 and min(played) > 0, r.stderr
    table, after = _tables(tmp_path, "ai.cal", ["TABLE", "AFTER"])
    _check(table)
    _check(after)
    from engine.ai import cal as ai_cal
    assert (table, after) != (ai_cal.TABLE, ai_cal.AFTER)  # fitted anew from 12 games


def test_the_tactical_fit_rewrites_its_table(tmp_path):
    _fit(tmp_path, "--tactical")
    (table,) = _tables(tmp_path, "ai.tcal", ["TABLE"])
    _check(table)
    from engine.ai import tcal as ai_tcal
    assert table != ai_tcal.TABLE
