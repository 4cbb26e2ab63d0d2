"""`python -m sim shot`'s first power-on (--first-boot) and held keys (HOLD:key:ms)."""
import os
import subprocess
import sys

import goldens
import ui_driver as D
from sim.headless import Runner
from test_goldens import read_png

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def shot(*args):
    return subprocess.run([sys.executable, "-m", "sim", "shot"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def one_line_error(out, text):
    """A command-line error: exit status 2, one line on stderr, no traceback."""
    assert out.returncode == 2, out
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    assert text in out.stderr, out.stderr


def test_first_boot_shows_the_language_question(tmp_path):
    asked = tmp_path / "asked.png"
    plain = tmp_path / "plain.png"
    assert shot("--first-boot", "--out", str(asked)).returncode == 0
    assert shot("--out", str(plain)).returncode == 0
    question = read_png(goldens.path("pico_lcd_114", "language"))
    assert read_png(str(asked)) == question
    assert read_png(str(plain)) != question  # (without it: English, the title)


def test_first_boot_keys_answer_the_question_and_keep_the_answer(tmp_path):
    out = shot("--first-boot", "--storage", str(tmp_path), "--keys", "DOWN,A",
               "--out", str(tmp_path / "x.png"))
    assert out.returncode == 0, out.stderr
    assert "lang ru" in (tmp_path / "settings.txt").read_text()


def test_first_boot_refuses_what_would_skip_the_question(tmp_path):
    png_out = str(tmp_path / "x.png")
    one_line_error(shot("--first-boot", "--lang", "hu", "--out", png_out),
                   "--first-boot starts at the language question, which --lang would skip")
    one_line_error(subprocess.run([sys.executable, "-m", "sim", "--lang", "hu", "shot",
                                   "--first-boot", "--out", png_out], cwd=ROOT,
                                  capture_output=True, text=True, timeout=300),
                   "--lang would skip")
    kept = tmp_path / "kept"
    assert shot("--first-boot", "--storage", str(kept), "--keys", "DOWN,DOWN,A",
                "--out", str(tmp_path / "answered.png")).returncode == 0
    settings = (kept / "settings.txt").read_bytes()
    one_line_error(shot("--first-boot", "--storage", str(kept), "--out", png_out),
                   "--storage already holds a chosen language (uk)")
    assert (kept / "settings.txt").read_bytes() == settings
    assert not os.path.exists(png_out)


def test_a_held_key_on_the_four_button_board_does_what_a_press_does_not(tmp_path):
    r = Runner("pico_display", str(tmp_path), 1)
    r.keys("A,X,X,A")  # the rules, from the menu's third row
    rules = r.app.screen
    assert D.on(rules, "Rules") and (rules.page, rules.top) == (0, 0)
    r.keys("HOLD:X:600")  # held: down, a line
    assert (rules.page, rules.top) == (0, 1)
    r.keys("HOLD:Y:600")  # held: up
    assert (rules.page, rules.top) == (0, 0)
    r.keys("X")  # pressed: the next page
    assert rules.page == 1


def test_a_hold_from_the_command_line_is_the_board_s_hold(tmp_path):
    out = tmp_path / "x.png"
    assert shot("--board", "pico_display", "--keys", "A,X,X,A,hold:x:600",
                "--out", str(out)).returncode == 0
    r = Runner("pico_display", str(tmp_path / "store"), 1)
    D.keys(r, "A,DOWN,DOWN,A,DOWN")  # the driver holds X for 700 ms for a DOWN
    assert read_png(str(out)) == (r.pixels(), r.app.w, r.app.h)


def test_bad_hold_words_are_refused_in_one_line(tmp_path):
    png_out = str(tmp_path / "x.png")
    for word in ("HOLD:X:\u0663", "HOLD:X:\u00b2", "HOLD:X:600000000000000000000", "HOLD:X",
                 "HOLD:X:", "HOLD:X:-5", "HOLD:X:+5", "HOLD:X:1_000", "HOLD:X:600:1",
                 "HOLD:X:600001"):
        one_line_error(shot("--keys", "A," + word, "--out", png_out),
                       "HOLD takes a key and milliseconds up to 600000")
    one_line_error(shot("--keys", "HOLD:Q:600", "--out", png_out), "unknown key 'Q'")
    one_line_error(shot("--keys", "HOLD::600", "--out", png_out), "unknown key ''")
    assert not os.path.exists(png_out)
    assert shot("--keys", "HOLD:X:600000", "--out", png_out).returncode == 0  # the longest
