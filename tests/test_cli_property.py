"""Generated bad command lines: each names one thing wrong (a number out of its range or not a
number, an unknown option or name, a file where a folder goes, a folder or a missing path
where a file goes) on an otherwise good command. Every one ends with exit status 2 and one
line saying what was wrong, no traceback, and no file written or lost. Run in-process (a
subprocess each would take minutes)."""
import contextlib
import io
import random
import string

import pytest

from engine.core.match import MAX_SEED
from sim.__main__ import main
from sim.fuzz import MAX_FRAMES
from sim.selfplay import MAX_GAMES
from sim.tournament import MAX_JOBS

# command: (good arguments, {int option: its good values (a range or a tuple)})
SCREENS = {"--seed": range(0, MAX_SEED + 1), "--scale": range(1, 17)}
COMMANDS = {
    None: ([], SCREENS),
    "shot": (["shot", "--out", "{tmp}/shot.png"], SCREENS),
    "fuzz": (["fuzz", "--frames", "1"], {"--seed": range(0, MAX_SEED + 1),
                                          "--frames": range(1, MAX_FRAMES + 1)}),
    "selfplay": (["selfplay", "--games", "1"], {"--games": range(1, MAX_GAMES + 1),
                                                 "--seed": range(0, MAX_SEED + 1),
                                                 "--rounds": (1, 3, 5)}),
    "tournament": (["tournament", "--a", "greedy", "--b", "random", "--games", "1"],
                   {"--games": range(1, MAX_GAMES + 1), "--seed": range(0, MAX_SEED + 1),
                    "--jobs": range(1, MAX_JOBS + 1)}),
    "replay": (["replay", "{tmp}/record.txt"], {}),
    "analyze": (["analyze"], {}),
}
NAMES = {None: ["--board"], "shot": ["--board"], "fuzz": ["--board"],
         "selfplay": ["--variant", "--a", "--b"], "tournament": ["--variant", "--a", "--b"]}
OPTIONS = {"--board", "--seed", "--scale", "--storage", "--keys", "--out", "--frames",
           "--start", "--games", "--variant", "--expert", "--rounds", "--a", "--b",
           "--records", "--jobs", "--help"}
NOT_NUMBERS = ["", "abc", "1.5", "1e3", "0x10", " 7x", "--", "NaN", "½"]


def _bad_number(rng, good):
    if rng.random() < 0.3:
        return rng.choice(NOT_NUMBERS)
    lo, hi = good[0], good[-1]
    for _ in range(100):
        v = rng.choice([lo - 1, hi + 1, lo - rng.randrange(1, 10 ** 6),
                        hi + 10 ** rng.randrange(1, 30), -(2 ** rng.randrange(31, 80)),
                        2 ** rng.randrange(31, 80), rng.randrange(lo, hi + 1)])
        if v not in good:
            return str(v)
    return "abc"


def _unknown_option(rng):
    while True:  # (argparse takes any unambiguous prefix of an option: none of those)
        word = "--" + "".join(rng.choice(string.ascii_lowercase)
                              for _ in range(rng.randrange(2, 9)))
        if not any(o.startswith(word) for o in OPTIONS):
            return word


def _case(rng, tmp):
    """(argv, what kind of wrong) of one generated bad command line."""
    command = rng.choice(list(COMMANDS))
    good, ints = COMMANDS[command]
    argv = [a.replace("{tmp}", tmp) for a in good]
    kinds = ["option"] + ["number"] * bool(ints) + ["name"] * bool(NAMES.get(command))
    kinds += ["folder"] * (command in (None, "shot", "selfplay"))
    kinds += ["file"] * (command in ("shot", "replay"))
    kind = rng.choice(kinds)
    if kind == "option":
        extra = [_unknown_option(rng)] + [str(rng.randrange(100))] * (rng.random() < 0.5)
    elif kind == "number":
        option = rng.choice(sorted(ints))
        extra = [option, _bad_number(rng, ints[option])]
    elif kind == "name":
        extra = [rng.choice(NAMES[command]), rng.choice(["nope", "", "HARD", "greedy ", "x" * 300,
                                                         "../etc", "mc", "mc-5", "mcX"])]
    elif kind == "folder":  # a file where a folder goes
        extra = ["--records" if command == "selfplay" else "--storage", tmp + "/kept.txt"]
    else:  # a folder, or a path in a missing folder, where a file goes
        path = rng.choice([tmp, tmp + "/missing/x", tmp + "/kept.txt/x"])
        return ([command, "--out", path] if command == "shot" else [command, path]), kind
    # between two options (the command's name first), or a screens' option before the command
    at = rng.randrange(0 if command is None else 1, len(argv) + 1, 2)
    if extra[0] in argv:  # given twice: the last one counts
        at = len(argv)
    elif command in ("shot", "fuzz") and rng.random() < 0.3 and kind in ("folder", "number") \
            and extra[0] in ("--storage", "--seed", "--scale", "--board"):
        at = 0
    return argv[:at] + extra + argv[at:], kind


@pytest.mark.parametrize("seed", range(4))
def test_generated_bad_command_lines_say_what_was_wrong_in_one_line(tmp_path, seed):
    rng = random.Random(seed)
    kept = tmp_path / "kept.txt"
    kept.write_text("kept\n")
    (tmp_path / "record.txt").write_text("schotten-totten 1\nseed 1\nvariant classic\n"
                                         "expert no\nrounds 1\nstarts 1\n")
    before = sorted(p.name for p in tmp_path.iterdir())
    for _ in range(50):
        argv, kind = _case(rng, str(tmp_path))
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            try:
                code = main(argv)
            except SystemExit as e:
                code = e.code
        said = err.getvalue()
        assert code == 2, (argv, kind, said)
        assert said.count("\n") == 1 and said.endswith("\n"), (argv, said)
        assert "Traceback" not in said, (argv, said)
        assert kept.read_text() == "kept\n"
        assert sorted(p.name for p in tmp_path.iterdir()) == before, argv
