"""The desktop command line: analyze, selfplay, replay (run as a user would)."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(args, stdin=""):
    return subprocess.run([sys.executable, "-m", "sim"] + args, input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def analyze(*requests):
    lines = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in requests)
    out = run(["analyze"], lines)
    return out.returncode, [json.loads(x) for x in out.stdout.splitlines()]


def test_analyze_answers_each_line_in_order():
    code, out = analyze({"mine": ["R7", "R8", "R9"], "theirs": []},
                        {"mine": ["B6", "B7", "B8"], "theirs": ["R7", "R8"], "seen": []},
                        {"mine": ["B6", "B7", "B8"], "theirs": ["R7", "R8"], "seen": ["R9"]})
    assert code == 0
    assert out[0] == {"claimable": True, "counter": None, "why": out[0]["why"]}
    assert out[1]["claimable"] is False and out[1]["counter"] == ["R9"]
    assert "R9" in out[1]["why"]
    assert out[2]["claimable"] is True and out[2]["counter"] is None


def test_analyze_compares_complete_sides():
    code, out = analyze({"mine": ["B4", "B5", "B6"], "theirs": ["P4", "P5", "P6"], "first": "theirs"},
                        {"mine": ["B4", "B5", "B6"], "theirs": ["P4", "P5", "P6"], "first": "mine"},
                        {"mine": ["B1", "B2", "B4"], "theirs": ["P4", "P5", "P6"], "first": "mine"})
    assert code == 0
    assert [o["claimable"] for o in out] == [False, True, False]
    assert out[0]["counter"] == [] and out[2]["counter"] == []


def test_analyze_incomplete_mine():
    code, out = analyze({"mine": ["B4", "B5"], "theirs": []})
    assert code == 0 and out[0]["claimable"] is False and "not complete" in out[0]["why"]


def test_analyze_with_tactic_cards_and_combat_modes():
    code, out = analyze(
        {"mine": ["G8", "O8", "B8"], "theirs": ["R9", "JK"], "seen": ["R1"]},
        {"mine": ["P4", "P5", "P6", "B7"], "theirs": ["R3", "R4", "JK"], "modes": ["mud"]},
        {"mine": ["P4", "P5", "P6"], "theirs": [], "modes": ["mud"]},
        {"mine": ["R9", "G8", "B7"], "theirs": ["SHB"], "modes": ["blind"]},
        {"mine": ["R1", "R2", "R3"], "theirs": ["SPY", "B9", "G9"], "first": "mine",
         "modes": ["blind"]},
        {"mine": ["JK", "SPY", "SHB"], "theirs": ["R9", "G9", "P8"], "first": "mine"},
        {"mine": ["B9", "B8", "JK", "R1"], "theirs": [], "modes": ["mud", "blind"]})
    assert code == 0
    assert out[0]["claimable"] is False  # the Joker completes a colour-run with R7 or R8
    assert out[0]["counter"] in (["R7"], ["R8"])
    assert out[1]["claimable"] is False and out[1]["counter"] == ["R6"]
    assert out[2]["claimable"] is False and "needs 4 cards" in out[2]["why"]
    assert out[3]["claimable"] is True and "sum (24)" in out[3]["why"]
    assert out[4]["claimable"] is False and "sum (25)" in out[4]["why"]
    assert out[5]["claimable"] is True and "colour (19)" in out[5]["why"]
    assert out[6]["claimable"] is False  # sums only, 4 cards: 9+8+9+1 = 27 is beatable


def test_analyze_reports_each_bad_line_and_exits_2():
    code, out = analyze({"mine": ["R7", "R8", "R9"], "theirs": []},
                        {"mine": ["Q7"], "theirs": []},
                        {"mine": ["R7", "R7"], "theirs": []},
                        {"mine": ["R1", "R2", "R3", "R4"], "theirs": []},
                        {"mine": ["R1", "R2", "R3"], "theirs": ["B1", "B2", "B3"]},
                        {"mine": ["R1", "R2", "R3"], "theirs": [], "first": "both"},
                        "not json",
                        {"mine": ["JK", "JK", "R3"], "theirs": []},
                        {"mine": ["R1", "R2", "R3"], "theirs": ["BMB"]},
                        {"mine": ["R1", "R2", "R3"], "theirs": [], "modes": ["swim"]},
                        {"mine": ["R7", "R8", "R9"], "theirs": []})
    assert code == 2
    assert len(out) == 11
    assert out[0]["claimable"] is True and out[10]["claimable"] is True
    errors = [o["error"] for o in out[1:10]]
    for needle, e in zip(["unknown card", "twice", "at most 3", "first", "first", "JSON",
                          "two Jokers", "not a card of a side", "modes"], errors):
        assert needle in e, (needle, e)


def test_selfplay_prints_a_summary_and_writes_replayable_records(tmp_path):
    out = run(["selfplay", "--games", "6", "--seed", "3", "--rounds", "3", "--expert",
               "--records", str(tmp_path)])
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("greedy vs random: ")
    w, l, d = map(int, lines[0].split(": ")[1].split("-"))
    assert w + l + d == 6
    assert lines[1].startswith("average turns: ") and lines[2].startswith("games per second: ")
    files = sorted(os.listdir(tmp_path))
    assert len(files) == 6
    rep = run(["replay", str(tmp_path / files[0])])
    assert rep.returncode == 0 and "match over" in rep.stdout


def test_selfplay_bad_options_exit_non_zero():
    for args in (["--a", "wizard"], ["--games", "0"], ["--rounds", "2"], ["--variant", "chess"],
                 ["--seed", "-4"], ["--variant", "tactical", "--a", "mc50"], ["--a", "greedy_tactical"]):
        out = run(["selfplay"] + args)
        assert out.returncode == 2 and out.stderr.startswith("selfplay: "), (args, out.stderr)


def test_replay_plays_back_a_tactical_record(tmp_path):
    from engine.core import record
    from engine.core.match import Match
    m = Match(3, "tactical")
    g = m.game
    p = g.player
    m.play(p, g.hand(p)[0], 4)
    m.end_turn(p, 1)
    path = tmp_path / "t.txt"
    path.write_text(record.text(m))
    out = run(["replay", str(path)])
    assert out.returncode == 0, out.stderr


def test_replay_reports_the_bad_line(tmp_path):
    out = run(["selfplay", "--games", "1", "--seed", "9", "--records", str(tmp_path)])
    path = tmp_path / "game-9.txt"
    lines = path.read_text().splitlines()
    lines[8] = lines[8].replace("play", "plya")
    path.write_text("\n".join(lines) + "\n")
    out = run(["replay", str(path)])
    assert out.returncode == 1 and "line 9: expected" in out.stderr


def test_replay_of_bytes_that_are_not_text_says_so_in_one_line(tmp_path):
    for name, data in (("garbage", bytes(range(256)) * 4),
                       ("utf16", "schotten-totten 1\n".encode("utf-16"))):
        path = tmp_path / name
        path.write_bytes(data)
        out = run(["replay", str(path)])
        assert out.returncode == 1 and "Traceback" not in out.stderr
        assert out.stderr == "replay: %s: line 1: not a game record (not UTF-8 text)\n" % path


def test_replay_reads_the_device_s_saved_game(tmp_path):
    """game.sav (the seal, the save's header, then the record) replays as the record does."""
    from engine.ui.files import seal
    run(["selfplay", "--games", "1", "--seed", "9", "--records", str(tmp_path)])
    text = (tmp_path / "game-9.txt").read_text()
    save = tmp_path / "game.sav"
    save.write_text(seal("schotten-save 1\nopponent hard\n" + text))
    out = run(["replay", str(save)])
    assert out.returncode == 0, out.stderr
    assert out.stdout == run(["replay", str(tmp_path / "game-9.txt")]).stdout
    save.write_text(seal("schotten-save 1\nopponent hard\n" + text).replace("play", "plya", 1))
    out = run(["replay", str(save)])
    assert out.returncode == 1
    assert out.stderr == "replay: %s: line 1: a saved game whose seal does not match " \
        "(damaged)\n" % save


def test_replay_of_a_saved_game_names_the_line_a_user_finds_in_the_file(tmp_path):
    """A bad line of game.sav is named by its line in that file: after the seal's line and
    the save's own two (sealed or not)."""
    from engine.ui.files import seal
    run(["selfplay", "--games", "1", "--seed", "9", "--records", str(tmp_path)])
    lines = (tmp_path / "game-9.txt").read_text().split("\n")
    lines[8] = lines[8].replace("play", "plya")
    save = "schotten-save 1\nopponent hard\n" + "\n".join(lines)
    for text, before in ((seal(save), 3), (save, 2)):  # the lines before the record
        path = tmp_path / "game.sav"
        path.write_text(text)
        out = run(["replay", str(path)])
        file_lines = text.split("\n")
        no = file_lines.index(lines[8]) + 1
        assert no == 9 + before
        assert out.returncode == 1 and out.stderr.startswith(
            "replay: %s: line %d: expected" % (path, no)), out.stderr


def test_replay_missing_file():
    out = run(["replay", "/nonexistent/record.txt"])
    assert out.returncode == 2 and "cannot read" in out.stderr


def test_selfplay_tactical_prints_a_summary_and_writes_replayable_records(tmp_path):
    out = run(["selfplay", "--variant", "tactical", "--games", "2", "--seed", "5",
               "--records", str(tmp_path)])
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("greedy_tactical vs random: ")  # the tactical default
    w, l, d = map(int, lines[0].split(": ")[1].split("-"))
    assert w + l + d == 2
    assert lines[1].startswith("average turns: ") and lines[2].startswith("games per second: ")
    assert float(lines[1].split(": ")[1]) > 0
    files = sorted(os.listdir(tmp_path))
    assert files == ["game-5.txt", "game-6.txt"]
    rep = run(["replay", str(tmp_path / files[0])])
    assert rep.returncode == 0 and "match over" in rep.stdout, rep.stderr


def test_tournament_tactical_prints_the_summary_line():
    args = ["tournament", "--variant", "tactical", "--a", "greedy_tactical", "--b", "random",
            "--games", "2", "--seed", "5"]
    one = run(args)
    assert one.returncode == 0, one.stderr
    assert one.stdout.startswith("greedy_tactical vs random: ") and one.stdout.count("\n") == 1
    assert " wins " in one.stdout and "(95% CI " in one.stdout
    w, l, d = map(int, one.stdout.split(": ")[1].split(",")[0].split("-"))
    assert w + l + d == 2
    assert "2/2 games" in one.stderr
    two = run(args + ["--jobs", "2"])
    assert two.returncode == 0 and two.stdout == one.stdout


def test_analyze_answers_every_line_of_damaged_input_once_and_goes_on():
    import random
    rng = random.Random(23)
    good = [{"mine": ["R7", "R8", "R9"], "theirs": ["B1"], "seen": ["G5"]},
            {"mine": ["JK", "B1"], "theirs": [], "modes": ["mud"]},
            {"mine": ["B6", "B7", "B8"], "theirs": ["R7", "R8", "R9"], "first": "mine"}]
    odd = [[], {}, [[["R5"]]], [{}], None, 1e300, -1, "R5", True, "\u0000", "x" * 500]
    lines = ['{"mine":["B1"],"modes":[["mud"]]}', "[{}]", "[" * 5000 + "]" * 5000,
             "{" * 3000, "\u00ff\u00fe", "null", "{\"mine\": \"B1\"}"]
    for _ in range(300):
        req = dict(rng.choice(good))
        kind = rng.randrange(3)
        if kind == 0:  # a field given a value of another kind
            req[rng.choice(["mine", "theirs", "seen", "modes", "first"])] = rng.choice(odd)
        elif kind == 1:  # a card replaced
            side = rng.choice(["mine", "theirs"])
            req[side] = list(req.get(side, [])) + [rng.choice(odd)]
        text = json.dumps(req)
        if kind == 2:  # cut short or a character changed
            i = rng.randrange(len(text))
            if rng.random() < 0.5:
                text = text[:i]
            else:
                text = text[:i] + chr(rng.randrange(33, 127)) + text[i + 1:]
        lines.append(text)
    lines = [x for x in lines if x.strip()]
    out = run(["analyze"], "".join(x + "\n" for x in lines))
    assert "Traceback" not in out.stderr and out.returncode == 2
    answers = [json.loads(x) for x in out.stdout.splitlines()]
    assert len(answers) == len(lines)  # exactly one answer a line, in order
    assert all(set(a) == {"error"} or set(a) == {"claimable", "counter", "why"} for a in answers)
    assert answers[0] == {"error": "modes may hold only \"mud\" and \"blind\""}


def _one_line_error(out, text):
    """A command-line error: exit status 2, one line on stderr, no traceback."""
    assert out.returncode == 2, out
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    assert text in out.stderr, out.stderr


def test_command_line_errors_say_what_was_wrong_in_one_line(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("kept\n")
    png_out = str(tmp_path / "x.png")
    cases = [
        (["shot", "--bogus", "--out", png_out], "unrecognized arguments: --bogus"),
        (["shot", "--keys", "WAIT:abc", "--out", png_out], "WAIT takes milliseconds"),
        (["shot", "--scale", "0", "--out", png_out], "--scale must be 1 to 16, not 0"),
        (["--scale", "-1"], "--scale must be 1 to 16, not -1"),
        (["--scale", "100"], "--scale must be 1 to 16, not 100"),
        (["--board", "nope"], "unknown board 'nope'"),
        (["--storage", str(a_file), "shot", "--out", png_out], "that is a file"),
        (["shot", "--storage", str(a_file), "--out", png_out], "that is a file"),
        (["--storage", str(a_file)], "that is a file"),
        (["selfplay", "--records", str(a_file), "--games", "1"], "that is a file"),
        (["selfplay", "--games", "x"], "invalid int value"),
        (["--seed", "99999999999999999999", "shot", "--out", png_out], "--seed must be 0 to"),
        (["shot", "--seed", "-1", "--out", png_out], "--seed must be 0 to"),
        (["shot", "--keys", "WAIT:99999999999999", "--out", png_out], "WAIT takes"),
        (["selfplay", "--games", "-5"], "--games must be at least 1"),
        (["tournament", "--a", "hard", "--b", "greedy", "--jobs", "0"], "--jobs must be"),
        (["replay", str(tmp_path)], "cannot read"),
        (["shot", "--out", str(tmp_path)], "cannot write"),
        (["fuzz", "--start", "BOGUS"], "unknown key 'BOGUS'"),
    ]
    for args, text in cases:
        _one_line_error(run(args), text)
    assert a_file.read_text() == "kept\n"  # never written over


def test_options_before_the_command_count(tmp_path):
    out = tmp_path / "x.png"
    assert run(["--board", "pico_lcd_13", "shot", "--out", str(out)]).returncode == 0
    data = out.read_bytes()
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (240, 240)
    # given after the command, it wins
    assert run(["--board", "pico_lcd_13", "shot", "--board", "pico_lcd_114",
                "--out", str(out)]).returncode == 0
    assert int.from_bytes(out.read_bytes()[20:24], "big") == 135


def test_shot_and_fuzz_leave_no_temporary_folder_behind(tmp_path):
    env = dict(os.environ, TMPDIR=str(tmp_path))
    for args in (["shot", "--keys", "A,A", "--out", str(tmp_path / "x.png")],
                 ["fuzz", "--frames", "300"]):
        out = subprocess.run([sys.executable, "-m", "sim"] + args, cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.png"]


@pytest.mark.slow
def test_fuzz_tells_its_progress_and_ctrl_c_ends_it_without_a_traceback():
    import signal
    import time
    p = subprocess.Popen([sys.executable, "-m", "sim", "fuzz", "--frames", "10000000"],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         # (Ctrl-C as at a terminal: a shell's background job, `make test &`,
                         # passes SIGINT on ignored)
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    line = p.stderr.readline()  # the first 10,000 frames
    assert line == "fuzz: 10000 of 10000000 frames\n"
    time.sleep(0.2)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130 and err.endswith("interrupted\n") and "Traceback" not in err


def test_analyze_siege_lines_under_each_section_s_rule():
    code, out = analyze(
        {"variant": "siege", "section": 2, "damaged": False, "attacker": ["R11", "O11", "Y11",
         "G11"], "defender": [], "seen": [], "first": "attacker"},
        {"variant": "siege", "section": 1, "attacker": ["R11", "O11", "Y10"],
         "defender": ["B11", "B10"]},
        {"variant": "siege", "section": 7, "attacker": ["R0", "O0", "Y1"],
         "defender": ["B1", "G2"]},
        {"variant": "siege", "section": 4, "damaged": True, "attacker": ["R0", "O0", "Y1", "G1"],
         "defender": ["B0"], "seen": ["B1"]},
        {"variant": "siege", "section": 3, "damaged": True, "attacker": ["R0", "R1", "R5"],
         "defender": ["B0", "B1", "B7"], "first": "defender"})
    assert code == 0
    # a colour-run still beats four of a kind on the left tower
    assert out[0] == {"claimable": False, "counter": ["B8", "B9", "B10", "B11"],
                      "why": out[0]["why"]} and "colour-run" in out[0]["why"]
    assert out[1]["claimable"] is True  # highest sum: 32 at best for them, a tie, ours first
    assert out[2]["claimable"] is True  # lowest sum: 1 cannot be undercut with 3 already there
    assert out[3]["claimable"] is False and out[3]["counter"] == ["Y0", "G0", "R1"]
    assert out[4] == {"claimable": False, "counter": [],
                      "why": "their colour (8) beats your colour (6)"}


def test_analyze_refuses_bad_siege_lines_one_by_one():
    code, out = analyze({"variant": "siege", "section": 8},
                        {"variant": "siege", "section": True},
                        {"variant": "siege", "section": 1, "attacker": ["P1"]},
                        {"variant": "siege", "section": 1, "attacker": ["JK"]},
                        {"variant": "siege", "section": 1, "mine": []},
                        {"variant": "siege", "section": 2, "damaged": True,
                         "attacker": ["R1", "O1", "Y1"]},
                        {"variant": "siege", "section": 4, "attacker": ["R1", "O1"],
                         "defender": ["R1"]},
                        {"variant": "siege", "section": 4, "attacker": ["R1", "O1"],
                         "defender": ["Y1", "G1"]},
                        {"variant": "siege", "section": 1, "damaged": "yes"},
                        {"variant": "bogus"})
    assert code == 2
    assert [o["error"] for o in out] == [
        "section must be a number from 1 to 7", "section must be a number from 1 to 7",
        'attacker: unknown card "P1"', 'attacker: unknown card "JK"', "unknown field mine",
        "attacker holds 3 cards; a side of this section holds 2", "card R1 appears twice",
        'both sides are complete: say which was completed first ("first")',
        "damaged must be true or false",
        'variant must be "classic", "tactical" or "siege"']


def test_selfplay_siege_alternates_who_attacks_and_writes_replayable_records(tmp_path):
    out = run(["selfplay", "--variant", "siege", "--games", "4", "--seed", "5",
               "--records", str(tmp_path)])
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("greedy_siege vs random: ")  # the siege's default
    assert lines[1].startswith("greedy_siege attacking first: ")
    attacks = []  # per game, does greedy_siege (in seat seed % 2) attack?
    for i in range(4):
        text = open(tmp_path / ("game-%d.txt" % (5 + i))).read()
        assert "variant siege" in text
        attacks.append(int(text.split("starts ")[1][0]) - 1 == (5 + i) % 2)
        rep = run(["replay", str(tmp_path / ("game-%d.txt" % (5 + i)))])
        assert rep.returncode == 0 and "match over" in rep.stdout, rep.stderr
        assert "attacker player " in rep.stdout and "intact" in rep.stdout
    assert attacks == [True, False, True, False]


def test_tournament_siege_gives_each_role_apart():
    out = run(["tournament", "--variant", "siege", "--a", "greedy_siege", "--b", "random",
               "--games", "4", "--seed", "5"])
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("greedy_siege vs random: ") and len(lines) == 3
    total = lines[0].split(": ")[1].split(",")[0]
    att = lines[1].split(": ")[1].split(",")[0]
    dfd = lines[2].split(": ")[1].split(",")[0]
    assert lines[1].startswith("greedy_siege as attacker: ")
    assert lines[2].startswith("greedy_siege as defender: ")
    assert [a + b for a, b in zip(map(int, att.split("-")), map(int, dfd.split("-")))] == \
        list(map(int, total.split("-")))


def _weak_record(tmp_path, variant, seed):
    """A record of Easy (player 1) against Hard, and the match."""
    from engine.core import record
    from tests.scenarios.test_coach import _weak_against_hard
    m = _weak_against_hard(variant, seed)
    path = tmp_path / ("%s.txt" % variant)
    path.write_text(record.text(m))
    return path, m


@pytest.mark.parametrize("variant", ["classic", "tactical", "siege"])
def test_review_prints_the_costliest_moves_with_their_lines_positions_and_reasons(
        tmp_path, variant):
    path, m = _weak_record(tmp_path, variant, 5)
    out = run(["review", str(path), "--player", "1"])
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[1] == "round 1"
    told = [x for x in lines if x.startswith("  player 1, line ")]
    assert 0 < len(told) <= 3  # (Easy errs against Hard)
    file_lines = path.read_text().split("\n")
    for x in told:
        no = int(x.split("line ")[1].split(":")[0])
        played = x.split("played '")[1].split("'")[0]
        assert file_lines[no - 1] == played  # the move named is the record's line
        assert "the computer '1 " in x and "% more chance to win)" in x
        k = lines.index(x)
        assert lines[k + 1].startswith("    why: ") and lines[k + 2] == "    before it:"
        assert lines[k + 3].startswith("      round 1 of ")  # the position, as replay prints it
    assert not any(x.startswith("  player 2") for x in lines)  # (--player 1 only)


def test_review_of_a_saved_game_reads_it_as_replay_does(tmp_path):
    from engine.core import record
    from engine.ui.files import seal
    path, m = _weak_record(tmp_path, "classic", 5)
    saved = tmp_path / "game.sav"
    saved.write_text(seal("schotten-save 1\nopponent hard\n" + record.text(m)))
    out = run(["review", str(saved)])
    assert out.returncode == 0, out.stderr
    assert "\n  player 1, line " in out.stdout and "\n  player 2" in out.stdout


def test_review_refuses_what_is_not_a_record_in_one_line(tmp_path):
    out = run(["review", "/nonexistent/record.txt"])
    assert out.returncode == 2 and out.stderr.startswith("review: cannot read")
    for name, data in (("garbage", bytes(range(256)) * 4), ("huge", b"x" * (1 << 21)),
                       ("bad", b"schotten-totten 1\nseed 1\nvariant classic\nexpert no\n"
                               b"rounds 1\nstarts 2\n1 plya R5 3\n")):
        path = tmp_path / name
        path.write_bytes(data)
        out = run(["review", str(path)])
        assert out.returncode == 1 and out.stderr.count("\n") == 1, out.stderr
        assert out.stderr.startswith("review: %s: line " % path) and "Traceback" not in out.stderr
    _one_line_error(run(["review", str(path), "--player", "3"]), "invalid choice: '3'")
    _one_line_error(run(["review", str(path), "--player", "١"]), "invalid choice")
    _one_line_error(run(["review", str(path), "--seed", "4"]),
                    "review only reads the record it is given")
