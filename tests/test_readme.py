"""The README's examples, run: every record, command line and JSON line it shows does what it
says (the front door must tell the truth)."""
import json
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()


def run(args, stdin=""):
    return subprocess.run([sys.executable, "-m", "sim"] + args, input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def block_after(words):
    """The indented block that follows the paragraph ending in `words`."""
    rest = README[README.index(words) + len(words):]
    lines = rest.split("\n")[1:]
    while lines and not lines[0].strip():
        lines.pop(0)
    out = []
    for line in lines:
        if line and not line.startswith("    "):
            break
        out.append(line[4:])
    return "\n".join(out).strip("\n") + "\n"


def test_the_record_shown_replays_to_the_position_shown(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(block_after("is the start of a\nthree-round match, four turns:"))
    out = run(["replay", str(path)])
    assert out.returncode == 0, out.stderr
    assert out.stdout == block_after("checks it and shows where it ends:")


def test_the_claim_checker_answers_as_shown():
    request = block_after("The claim checker answers, for each line like")
    shown = " ".join(README.split(request.strip(), 1)[1].split("with `", 1)[1]
                     .split("`.", 1)[0].split())
    out = run(["analyze"], request)
    assert out.returncode == 0 and json.loads(out.stdout) == json.loads(shown)


def test_the_siege_line_of_the_claim_checker_answers_as_shown():
    request = block_after("control of a section (sections 1-7, its intact or damaged side, "
                          "cards `R0`-`B11`), for a line\nlike")
    shown = " ".join(README.split(request.strip(), 1)[1].split("answers `", 1)[1]
                     .split("` (", 1)[0].split())
    out = run(["analyze"], request)
    assert out.returncode == 0 and json.loads(out.stdout) == json.loads(shown)


def _commands():
    """Every `python -m sim ...` line of the README's code blocks, optional parts included."""
    for line in README.split("\n"):
        if line.startswith("    python -m sim"):
            line = line.split("  #")[0].strip()
            line = re.sub(r"\[([^\]]*)\]", r"\1", line)  # [--expert] -> --expert
            yield shlex.split(line)[3:]


def test_every_command_line_shown_is_accepted(tmp_path):
    from sim.__main__ import _parser, _check
    names = {"FILE": str(tmp_path / "game.txt"), "DIR": str(tmp_path / "records"),
             "NAME": "pico_lcd_13", "N": "5", "K": "2", "KEYS": "A,A"}
    commands = list(_commands())
    assert len(commands) >= 7
    for args in commands:
        args = [names.get(a, a) for a in args]
        parsed, extra = _parser().parse_known_args(args)
        assert not extra and _check(parsed) is None, args


def test_the_shot_shown_writes_its_picture(tmp_path):
    shot = [a for a in _commands() if a[0] == "shot"][0]
    keys = shot[shot.index("--keys") + 1]
    out = run(["shot", "--keys", keys, "--out", str(tmp_path / "menu.png")])
    assert out.returncode == 0 and (tmp_path / "menu.png").read_bytes()[:4] == b"\x89PNG"


def test_every_make_target_named_exists():
    makefile = open(os.path.join(ROOT, "Makefile")).read()
    targets = set(re.findall(r"^([a-z][\w-]*):", makefile, re.M))
    named = set(re.findall(r"`make ([a-z][\w-]*)", README))
    assert named and named <= targets, named - targets


def test_the_documents_the_readme_points_to_are_in_the_project():
    links = re.findall(r"\]\(([^)#]+)\)", README)
    local = [x for x in links if not x.startswith("http")]
    assert "docs/RULES.md" in local and "docs/BENCH.md" in local
    for path in local:
        assert os.path.exists(os.path.join(ROOT, path)), path
    assert "../shared/RULES" not in README and "../shared/BENCH" not in README


def test_the_layout_names_every_module():
    """Keep the layout true as the code moves: each module of the product and its tools is
    named in the README's Layout section (by its name, as the section lists them)."""
    layout = README.split("## Layout", 1)[1].split("\n## ", 1)[0]
    words = set(re.findall(r"[\w.]+", layout))
    missing = []
    for folder in ("engine", "engine/core", "engine/tactical", "engine/siege", "engine/ai",
                   "engine/ui", "firmware", "firmware/boards", "sim", "sim/bench",
                   "sim/virtual", "sim/cpython", "tools", "tests"):
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            stem, ext = os.path.splitext(name)
            if ext not in (".py", ".mjs") or stem.startswith(("__", "test_")):
                continue
            if stem not in words and name not in words:
                missing.append(folder + "/" + name)
    assert not missing, missing
