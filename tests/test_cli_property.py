"""Generated bad command lines: each names one thing wrong (a number out of its range or not a
number, an unknown option or name, a file where a folder goes, a folder or a missing path
where a file goes) on an otherwise good command. Every one ends with exit status 2 and one
line saying what was wrong, no traceback, and no file written or lost. Run in-process (a
subprocess each would take minutes)."""
import contextlib
import io
import os
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
NOT_NUMBERS = ["", "abc", "1.5", "1e3", "0x10", " 7x", "--", "NaN", "½",
               # what int() takes or trips on: other digits, signs, spaces, "_", thousands
               "\u0663", "\u00b2", "\uff15", "+5", " 5", "5 ", "1_0", "9" * 5000]


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
    kinds += ["folder"] * (command in (None, "shot", "fuzz", "selfplay"))
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
    elif kind == "folder":  # a file where a folder goes or in its way, or a place not made
        extra = ["--records" if command == "selfplay" else "--storage",
                 rng.choice([tmp + "/kept.txt", tmp + "/kept.txt/saves", tmp + "/" + "x" * 300,
                             "/proc/no-such-place/saves" if os.path.isdir("/proc/self")
                             else tmp + "/kept.txt/x"])]
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


# Numbers written otherwise than in ASCII digits, which CPython's int() (argparse's type=int,
# and isdigit() before it) takes or trips on: other scripts' digits and superscripts, signs,
# spaces, underscores, thousands of digits.
ODD_NUMBERS = ["\u0663", "\u00b2", "\uff15", "+5", " 5", "5 ", "1_0", "0x1", "9" * 5000,
               "1" + "0" * 4400]


def _said(argv, stdin=None):
    """(exit status, stderr, stdout) of `python -m sim ARGV` run in-process; stdin: bytes."""
    import sys
    err, out = io.StringIO(), io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            try:
                code = main(argv)
            except SystemExit as e:
                code = e.code
    finally:
        sys.stdin = old
    return code, err.getvalue(), out.getvalue()


def _one_line(code, said, argv):
    assert code == 2, (argv, said[:300])
    assert said.count("\n") == 1 and said.endswith("\n"), (argv, said[:300])
    assert "Traceback" not in said and len(said) < 400, (argv, said[:300])


@pytest.fixture
def no_window(monkeypatch):
    """The window (no command) not opened: its run only noted."""
    import sys
    import types
    import sim
    ran = []
    fake = types.ModuleType("sim.window")
    fake.main = lambda args: ran.append(args) or 0
    monkeypatch.setitem(sys.modules, "sim.window", fake)
    monkeypatch.setattr(sim, "window", fake, raising=False)
    return ran


def test_every_number_option_written_otherwise_is_refused_in_one_line(tmp_path, no_window):
    """Each number option of each command, given a number in other digits, with a sign, a
    space, an underscore or thousands of digits (before the command too, for the screens'
    options): exit status 2 and one line saying what was wrong, nothing run."""
    kept = tmp_path / "kept.txt"
    kept.write_text("kept\n")
    (tmp_path / "record.txt").write_text("")
    before = sorted(p.name for p in tmp_path.iterdir())
    for command, (good, ints) in COMMANDS.items():
        argv = [a.replace("{tmp}", str(tmp_path)) for a in good]
        for option in sorted(ints):
            for odd in ODD_NUMBERS:
                for bad in (argv + [option, odd], [option, odd] + argv):
                    if bad[0] != option or option in ("--seed", "--scale"):
                        code, said, _ = _said(bad)
                        _one_line(code, said, bad)
    assert not no_window
    assert kept.read_text() == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == before


# The options every command is given: a good value of each, and the commands that use it
COMMON = {"--board": "pico_display", "--seed": "7", "--scale": "2", "--storage": "{tmp}/store",
          "--lang": "hu", "--records": "{tmp}/records"}
USED_BY = {"--board": (None, "shot", "fuzz"), "--seed": (None, "shot", "fuzz", "selfplay",
                                                         "tournament"),
           "--scale": (None, "shot"), "--storage": (None, "shot", "fuzz"),
           "--lang": (None, "shot", "fuzz"), "--records": ("selfplay",)}


def test_every_common_option_is_taken_or_refused_with_why_by_every_command(tmp_path,
                                                                          monkeypatch):
    """Each of --board --seed --scale --storage --lang --records, before or after each
    command: a command that can use it takes it (after the command it wins); one that
    cannot refuses it in one line saying what it is for, exit status 2, nothing run."""
    import sim.__main__ as cli
    got = []
    monkeypatch.setattr(cli, "_run", lambda args: got.append(args) or 0)
    for command, (good, _) in COMMANDS.items():
        argv = [a.replace("{tmp}", str(tmp_path)) for a in good]
        for option, value in COMMON.items():
            value = value.replace("{tmp}", str(tmp_path))
            uses = command in USED_BY[option]
            for bad in ([option, value] + argv, argv[:1] + [option, value] + argv[1:]):
                del got[:]
                code, said, _ = _said(bad)
                if uses:
                    assert code == 0 and not said, (bad, said)
                    given = getattr(got[0], option[2:])
                    assert str(given) == value, bad
                else:
                    _one_line(code, said, bad)
                    assert ": %s is for " % option in said, said
                    assert not got
            if uses and command is not None:  # after the command it wins
                other = {"--board": "pico_lcd_13", "--seed": "8", "--scale": "3",
                         "--lang": "ru"}.get(option, value + "2")
                del got[:]
                assert _said([option, value] + argv + [option, other])[0] == 0
                assert str(getattr(got[0], option[2:])) == other
    assert not os.path.exists(tmp_path / "store") and not os.path.exists(tmp_path / "records")


def test_fuzz_keeps_its_screens_files_in_the_storage_folder_given(tmp_path):
    """fuzz --storage DIR: the screens it presses keep their files in DIR (the README: the
    options go before or after any command)."""
    for argv in (["fuzz", "--frames", "300", "--start", "A,A", "--storage",
                  str(tmp_path / "after")],
                 ["--storage", str(tmp_path / "before"), "fuzz", "--frames", "300", "--start",
                  "A,A"]):
        code, said, _ = _said(argv)
        assert code == 0, said
    assert os.path.isdir(tmp_path / "after") and os.path.isdir(tmp_path / "before")


def _unwritable(tmp_path):
    """An existing folder where nothing can be written, honestly: /sys refuses even root;
    else a folder without write permission when not running as root (root writes past
    permissions: such a folder is writable for root)."""
    import tempfile
    if os.path.isdir("/sys"):
        try:
            os.rmdir(tempfile.mkdtemp(dir="/sys"))
        except OSError:
            return "/sys"
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        ro = tmp_path / "read-only"
        ro.mkdir()
        ro.chmod(0o500)
        return str(ro)
    pytest.skip("no folder here refuses this user's writes (root, and /sys writable)")


PLACES = {None: "--storage", "shot": "--storage", "fuzz": "--storage", "selfplay": "--records"}


def test_every_folder_option_at_a_place_where_nothing_can_be_kept_is_refused(tmp_path,
                                                                             no_window):
    """--storage and --records, before or after each command that takes them, inside a
    file, at a place that cannot be made (under /proc) or in a folder that cannot be
    written: one line saying what is wrong, exit status 2, before any game starts, and
    nothing written anywhere."""
    kept = tmp_path / "a-file.txt"
    kept.write_text("kept\n")
    bad_places = [str(kept / "saves"), str(kept / "saves" / "deeper"), str(kept),
                  str(tmp_path / ("x" * 300) / "saves")]  # (a name too long to be made)
    if os.path.isdir("/proc/self"):
        bad_places += ["/proc/no-such-place/saves", "/proc/self/saves"]
    unwritable = _unwritable(tmp_path)
    bad_places += [unwritable, os.path.join(unwritable, "saves")]
    before = sorted(p.name for p in tmp_path.iterdir())
    inside = sorted(os.listdir(unwritable))
    for command, option in PLACES.items():
        good = [a.replace("{tmp}", str(tmp_path)) for a in COMMANDS[command][0]]
        for place in bad_places:
            for argv in ([option, place] + good, good[:1] + [option, place] + good[1:]):
                code, said, _ = _said(argv)
                _one_line(code, said, argv)
                assert option + " " in said, said
    assert not no_window
    assert kept.read_text() == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert sorted(os.listdir(unwritable)) == inside


def _records():
    """A record of each game (classic over three rounds, tactical, the siege)."""
    from engine.core import record
    from sim.selfplay import play_match
    return {v: record.text(play_match(3, row_a, "random", v, rounds=n, a_first=a)[0])
            for v, row_a, n, a in (("classic", "greedy", 3, None),
                                   ("tactical", "greedy_tactical", 1, None),
                                   ("siege", "greedy_siege", 1, True))}


@pytest.mark.parametrize("variant", ["classic", "tactical", "siege"])
def test_a_record_with_a_number_written_otherwise_or_a_huge_field_is_refused(tmp_path,
                                                                             variant):
    """Each number field of a record (the header's, the players', the stones', the cards'
    values, the rounds'), in other digits, with a sign, a space or thousands of digits, and
    a card, a stone or the variant of a megabyte: replay refuses it in one line of a few
    dozen characters of what it refuses, never reading it as a number."""
    import re
    text = _records()[variant]
    rng = random.Random(variant)
    odds = [odd for odd in ODD_NUMBERS if odd.strip() == odd]  # (spaces part a record's words)
    spans = [m.span() for m in re.finditer("[0-9]+", text)]
    header = [s for s in spans if s[0] < text.index("\nstarts ") + 8]
    cases = [text[:a] + odd + text[b:] for a, b in header for odd in odds]
    cases += [text[:a] + odd + text[b:] for a, b in rng.sample(spans[len(header):], 30)
              for odd in rng.sample(odds, 3)]
    card = re.search(" [ROYGBP][0-9]+ ", text).span()
    stone = re.search(" [ROYGBP][0-9]+ ([0-9])", text).span(1)
    for big in ("R" + "5" * 500000, "5" * 500000):  # (a file of a record's bound, 1 MB, at most)
        cases.append(text[:card[0] + 1] + big + text[card[1] - 1:])
        cases.append(text[:stone[0]] + big + text[stone[1]:])
    cases.append(text.replace("variant " + variant, "variant " + "v" * 500000))
    path = tmp_path / "record.txt"
    for case in cases:
        path.write_text(case)
        code, said, _ = _said(["replay", str(path)])
        assert code == 1, (case[:200], said[:300])
        assert said.count("\n") == 1 and said.startswith("replay: %s: line " % path), said[:300]
        assert len(said) < 200 + len(str(path)), said[:300]


def _analyze_lines(rng):
    """Lines of `analyze` with one thing wrong each, of every game: a number (the section, a
    card's value) written otherwise, nested a thousand deep, a field of megabytes, bytes that
    are not UTF-8 (a latin-1 card name); and good lines between them."""
    import json
    good = [{"mine": ["R7", "R8", "R9"], "theirs": ["B1"]},
            {"variant": "tactical", "mine": ["JK", "B1"], "modes": ["mud"]},
            {"variant": "siege", "section": 2, "attacker": ["R5", "R6"], "defender": ["B10"]}]
    lines = []
    for req in good:
        lines.append((json.dumps(req).encode(), True))
        for odd in ODD_NUMBERS:
            for field in ("mine", "theirs", "attacker", "defender"):
                if field in req:
                    cards = list(req[field])
                    cards[rng.randrange(len(cards))] = rng.choice("ROYGBP") + odd
                    lines.append((json.dumps(dict(req, **{field: cards})).encode(), False))
            if "section" in req and odd.strip() == odd:  # (spaces: JSON's, between values)
                lines.append((json.dumps(req).replace('"section": 2', '"section": ' + odd)
                              .encode(), False))
                lines.append((json.dumps(dict(req, section=odd)).encode(), False))
        side = "attacker" if "section" in req else "mine"
        for deep in (990, 5000):
            lines.append((json.dumps(dict(req, **{side: "@"})).replace(
                '"@"', "[" * deep + "]" * deep).encode(), False))
        for big in ("R" + "5" * (1 << 20), "B" * 30000, "R" + "5" * 30000):
            lines.append((json.dumps(dict(req, **{side: [big]})).encode(), False))
        lines.append((json.dumps(dict(req, **{"x" * 30000: 1})).encode(), False))
        lines.append((json.dumps(dict(req, **{side: ["R\u00e9"]}), ensure_ascii=False)
                      .encode("latin-1"), False))
    lines.append((json.dumps({"variant": "v" * (1 << 20)}).encode(), False))
    return lines


def test_analyze_answers_every_generated_bad_line_in_one_short_line(monkeypatch):
    """Every line of every game's analyze with a number written otherwise, nested deep, a
    field of megabytes or bytes that are not UTF-8: an error line of its own quoting a few
    dozen characters at most, the good lines between them answered, no traceback."""
    import json
    monkeypatch.setenv("PYTHONIOENCODING", "utf-8")
    lines = _analyze_lines(random.Random(44))
    code, said, out = _said(["analyze"], b"".join(x + b"\n" for x, _ in lines))
    assert code == 2 and not said, said[:300]
    answers = out.splitlines()
    assert len(answers) == len(lines)
    for (line, ok), answer in zip(lines, answers):
        assert len(answer) < 300, (line[:100], answer[:300])
        assert ("error" not in json.loads(answer)) == ok, (line[:100], answer)
