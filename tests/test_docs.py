"""The README and the pages under docs/, run: every record, command line and JSON line they show
does what they say, every command shown runs (the long ones in a small form), every link and
picture is there, and the front page stays short (the front door must tell the truth)."""
import json
import os
import re
import shlex
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = ["README.md"] + sorted("docs/" + n for n in os.listdir(os.path.join(ROOT, "docs"))
                               if n.endswith(".md"))


def _read(page):
    return open(os.path.join(ROOT, page), encoding="utf-8").read()


README = _read("README.md")
COMMANDS = _read("docs/COMMANDS.md")
RECORDS = _read("docs/RECORDS.md")


def run(args, stdin=""):
    return subprocess.run([sys.executable, "-m", "sim"] + args, input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def block_after(text, words):
    """The indented block that follows the paragraph ending in `words`."""
    rest = text[text.index(words) + len(words):]
    lines = rest.split("\n")[1:]
    while lines and not lines[0].strip():
        lines.pop(0)
    out = []
    for line in lines:
        if line and not line.startswith("    "):
            break
        out.append(line[4:])
    return "\n".join(out).strip("\n") + "\n"


def _record(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(block_after(RECORDS, "is the start of a\nthree-round match, four turns:"))
    return path


def test_the_record_shown_replays_to_the_position_shown(tmp_path):
    out = run(["replay", str(_record(tmp_path))])
    assert out.returncode == 0, out.stderr
    assert out.stdout == block_after(RECORDS, "checks it and shows where it ends:")


def _claim_line():
    return block_after(COMMANDS, "The claim checker answers, for each line like")


def test_the_claim_checker_answers_as_shown():
    request = _claim_line()
    shown = " ".join(COMMANDS.split(request.strip(), 1)[1].split("with `", 1)[1]
                     .split("`.", 1)[0].split())
    out = run(["analyze"], request)
    assert out.returncode == 0 and json.loads(out.stdout) == json.loads(shown)


def test_the_siege_line_of_the_claim_checker_answers_as_shown():
    request = block_after(COMMANDS, "control of a section (sections 1-7, its intact or damaged "
                          "side, cards `R0`-`B11`), for a line\nlike")
    shown = " ".join(COMMANDS.split(request.strip(), 1)[1].split("answers `", 1)[1]
                     .split("` (", 1)[0].split())
    out = run(["analyze"], request)
    assert out.returncode == 0 and json.loads(out.stdout) == json.loads(shown)


def _shown_commands():
    """(page, words) of every `python -m sim ...` and `make ...` line the pages show: in a code
    block (optional parts included, comments cut) or in backquotes on one line."""
    for page in PAGES:
        for line in _read(page).split("\n"):
            found = []
            if line.startswith("    ") and line.split()[:1] in (["python"], ["make"]):
                found.append(line.split("  #")[0].strip())
            found += re.findall(r"`((?:python -m sim|make) [^`]*)`", line)
            for text in found:
                text = re.sub(r"\[([^\]]*)\]", r"\1", text)  # [--expert] -> --expert
                yield page, shlex.split(text)


# The small form of a long command: its options' values where they set how much work it does.
SMALL = {"--games": "2", "--frames": "300"}


def _small(words, tmp_path):
    names = {"FILE": str(_record(tmp_path)), "game.txt": str(_record(tmp_path)),
             "DIR": str(tmp_path / "records"), "NAME": "pico_lcd_13", "N": "5", "K": "2",
             "KEYS": "A,A"}
    out = []
    for i, w in enumerate(words):
        if i and words[i - 1] in SMALL:
            w = SMALL[words[i - 1]]
        elif i and words[i - 1] == "--out":
            w = str(tmp_path / os.path.basename(w))
        out.append(names.get(w, w))
    return out


SIM = [(page, words[3:]) for page, words in _shown_commands() if words[:3] == ["python", "-m", "sim"]]


def test_the_pages_show_the_commands_of_the_simulator():
    commands = {w[0] for _, w in SIM if w}
    assert {"shot", "fuzz", "analyze", "selfplay", "replay", "tournament"} <= commands


@pytest.mark.parametrize("page,args", SIM, ids=[" ".join(a)[:60] for _, a in SIM])
def test_every_command_shown_runs(page, args, tmp_path):
    """Each `python -m sim` command a page shows, run in its small form: it ends with status 0
    and prints no traceback (the window's, with no command, runs in tests/test_make.py)."""
    if not args or args[0].startswith("-"):
        from sim.__main__ import _parser, _check  # the window: its options are accepted
        parsed, extra = _parser().parse_known_args(_small(args, tmp_path))
        assert not extra and _check(parsed) is None, (page, args)
        return
    stdin = _claim_line() if args[0] == "analyze" else ""
    out = run(_small(args, tmp_path), stdin)
    assert out.returncode == 0 and "Traceback" not in out.stderr, (page, args, out.stderr)


def test_every_make_target_shown_exists():
    makefile = _read("Makefile")
    targets = set(re.findall(r"^([a-z][\w-]*):", makefile, re.M))
    named = {w[1] for _, w in _shown_commands() if w[0] == "make"}
    for page in PAGES:
        named |= set(re.findall(r"`make ([a-z][\w-]*)", _read(page)))
    assert named and named <= targets, named - targets


def test_every_link_and_picture_of_the_pages_is_in_the_project():
    for page in PAGES:
        for target in re.findall(r"\]\(([^)#]+)\)", _read(page)):
            if target.startswith("http"):
                continue
            path = os.path.normpath(os.path.join(ROOT, os.path.dirname(page), target))
            assert os.path.exists(path), (page, target)
    text = "".join(_read(p) for p in PAGES)  # the project carries its own rules and figures
    assert "../shared/RULES" not in text and "../shared/BENCH" not in text


def test_the_front_page_links_every_page_and_stays_short():
    for page in PAGES[1:]:
        assert "(%s)" % page in README, page
    assert len(README.split()) < 1500
    assert "](docs/pictures/" in README


def test_the_layout_names_every_module():
    """Keep the layout true as the code moves: each module of the product and its tools is
    named in docs/LAYOUT.md (by its name, as the page lists them)."""
    words = set(re.findall(r"[\w.]+", _read("docs/LAYOUT.md")))
    missing = []
    for folder in ("engine", "engine/games", "engine/core", "engine/tactical", "engine/siege",
                   "engine/ai", "engine/ui", "firmware", "firmware/boards", "sim", "sim/bench",
                   "sim/virtual", "sim/cpython", "tools", "tests"):
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            stem, ext = os.path.splitext(name)
            if ext not in (".py", ".mjs") or stem.startswith(("__", "test_")):
                continue
            if stem not in words and name not in words:
                missing.append(folder + "/" + name)
    assert not missing, missing
