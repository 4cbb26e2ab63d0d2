"""The README and the pages under docs/, run: every record, command line and JSON line they show
does what they say, every command shown runs (the long ones in a small form), every link and
picture is there, and the front page stays short (the front door must tell the truth)."""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _pages(root):
    """The README and the pages under docs/ of the project at root."""
    return ["README.md"] + sorted("docs/" + n for n in os.listdir(os.path.join(root, "docs"))
                                  if n.endswith(".md"))


def _text(root, page):
    with open(os.path.join(root, page), encoding="utf-8") as f:
        return f.read()


def _read(page):
    return _text(ROOT, page)


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


def _shown_commands(root=ROOT):
    """(page, words) of every `python -m sim ...` and `make ...` line the pages show: in a code
    block (optional parts included, comments cut) or in backquotes, on one line or wrapped
    onto the next (the window's options are: they once went unchecked)."""
    for page in _pages(root):
        text = _text(root, page)
        found = [line.split("  #")[0].strip() for line in text.split("\n")
                 if line.startswith("    ") and line.split()[:1] in (["python"], ["make"])]
        found += [" ".join(m.split()) for m in
                  re.findall(r"`((?:python -m sim|make) [^`\n]*(?:\n[^`\n]*)?)`", text)]
        for words in found:
            words = re.sub(r"\[([^\]]*)\]", r"\1", words)  # [--expert] -> --expert
            words = re.sub(r"\b(\w+)(?:\|\w+)+", r"\1", words)  # en|ru|uk|hu -> en
            yield page, shlex.split(words)


# The small form of a long command: its options' values where they set how much work it does.
SMALL = {"--games": "2", "--frames": "300"}


def _small(words, tmp_path):
    names = {"FILE": str(_record(tmp_path)), "game.txt": str(_record(tmp_path)),
             "DIR": str(tmp_path / "records"), "NAME": "pico_lcd_13", "N": "5", "K": "2",
             "KEYS": "A,A", "ADDRESS": "listen:5555"}
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
    assert {"shot", "fuzz", "analyze", "selfplay", "replay", "review", "tournament"} <= commands


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


# The guards below over the pages and the tree are functions of a root (the project's by
# default), so that each can be run on a copy with a fault planted in it
# (test_a_planted_fault_fails_its_guard): a guard that stops looking fails there.

def unknown_make_targets(root=ROOT):
    """The `make X` the pages show (in a code block or in backquotes) that the Makefile has
    no target X for; and a fault if they show none at all (the scan has gone blind)."""
    targets = set(re.findall(r"^([a-z][\w-]*):", _text(root, "Makefile"), re.M))
    named = {w[1] for _, w in _shown_commands(root) if w[0] == "make"}
    for page in _pages(root):
        named |= set(re.findall(r"`make ([a-z][\w-]*)", _text(root, page)))
    return sorted(named - targets) if named else ["no make command shown"]


def dead_links(root=ROOT):
    """(page, target) of each link or picture of the pages that is not in the project, and
    any link to the shared folder outside it (the project carries its own rules and
    figures)."""
    out = []
    for page in _pages(root):
        text = _text(root, page)
        for target in re.findall(r"\]\(([^)#]+)\)", text):
            if target.startswith("http"):
                continue
            path = os.path.normpath(os.path.join(root, os.path.dirname(page), target))
            if not os.path.exists(path):
                out.append((page, target))
        out += [(page, shared) for shared in ("../shared/RULES", "../shared/BENCH")
                if shared in text]
    return out


def front_page_faults(root=ROOT):
    """What keeps the front page from being a short door to every page: a page it does not
    link, too many words, no picture."""
    readme = _text(root, "README.md")
    out = ["does not link %s" % page for page in _pages(root)[1:]
           if "(%s)" % page not in readme]
    if len(readme.split()) >= 1500:
        out.append("%d words" % len(readme.split()))
    if "](docs/pictures/" not in readme:
        out.append("no picture")
    return out


# Folders of the project that hold no module of ours (installed, built or cached things).
NOT_OURS = {"node_modules", "build", "out", "__pycache__"}


def module_folders(root=ROOT):
    """Every folder of the project holding a module (.py, .mjs), however deep: none is left
    out of the layout's check (a new package is named there as it comes)."""
    out = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in NOT_OURS)
        if any(n.endswith((".py", ".mjs")) for n in names):
            out.append(os.path.relpath(folder, root).replace(os.sep, "/"))
    return out


def unnamed_modules(root=ROOT):
    """The modules of the product, its tools and its tests that docs/LAYOUT.md does not name
    (by its name, as the page lists them; test_*.py files are named by their folder)."""
    words = set(re.findall(r"[\w.]+", _text(root, "docs/LAYOUT.md")))
    missing = []
    for folder in module_folders(root):
        for name in sorted(os.listdir(os.path.join(root, folder))):
            stem, ext = os.path.splitext(name)
            if ext not in (".py", ".mjs") or stem.startswith(("__", "test_")):
                continue
            if stem not in words and name not in words:
                missing.append(folder + "/" + name)
    return missing


def test_every_make_target_shown_exists():
    assert unknown_make_targets() == []


def test_every_link_and_picture_of_the_pages_is_in_the_project():
    assert dead_links() == []


def test_the_front_page_links_every_page_and_stays_short():
    assert front_page_faults() == []


def test_the_layout_names_every_module():
    """Keep the layout true as the code moves: each module of the product and its tools is
    named in docs/LAYOUT.md."""
    folders = module_folders()
    assert {"engine/ai", "engine/core", "engine/ui", "firmware/boards", "sim/bench", "tools",
            "tests", "tests/scenarios"} <= set(folders), folders
    assert unnamed_modules() == []


def _copy(tmp_path):
    """A stand-in of the project for the guards: its pages, Makefile and the folders of its
    modules, each module an empty file of its name (what the guards read)."""
    root = tmp_path / "project"
    for folder in module_folders() + ["docs"]:
        for name in os.listdir(os.path.join(ROOT, folder)):
            path = os.path.join(ROOT, folder, name)
            if os.path.isfile(path) and name.endswith((".py", ".mjs", ".md")):
                (root / folder).mkdir(parents=True, exist_ok=True)
                (root / folder / name).write_text(_text(ROOT, folder + "/" + name)
                                                  if name.endswith(".md") else "")
    shutil.copytree(os.path.join(ROOT, "docs", "pictures"), root / "docs" / "pictures")
    for name in ("README.md", "Makefile"):
        shutil.copy(os.path.join(ROOT, name), root / name)
    return root


def _add(path, text):
    with open(path, "a", encoding="utf-8") as f:
        f.write(text)


# (guard, a fault planted in the stand-in: (file, text appended), what the guard says)
PLANTS = [
    (unknown_make_targets, ("docs/COMMANDS.md", "\n    make nosuch-target\n"),
     ["nosuch-target"]),
    (unknown_make_targets, ("README.md", "\nAnd `make nosuch-either`.\n"), ["nosuch-either"]),
    (dead_links, ("docs/RULES.md", "\n[gone](GONE.md)\n"), [("docs/RULES.md", "GONE.md")]),
    (dead_links, ("README.md", "\n![x](docs/pictures/gone.png)\n"),
     [("README.md", "docs/pictures/gone.png")]),
    (dead_links, ("docs/BENCH.md", "\nSee ../shared/BENCH.md.\n"),
     [("docs/BENCH.md", "../shared/BENCH")]),
    (front_page_faults, ("docs/NEW.md", "# A new page\n"), ["does not link docs/NEW.md"]),
    (front_page_faults, ("README.md", " word" * 1500), ["%d words"]),
    (unnamed_modules, ("engine/core/planted_mod.py", ""), ["engine/core/planted_mod.py"]),
    (unnamed_modules, ("engine/newpkg/deep/planted_mod.mjs", ""),
     ["engine/newpkg/deep/planted_mod.mjs"]),
    (unnamed_modules, ("tests/scenarios/planted_helper.py", ""),
     ["tests/scenarios/planted_helper.py"]),
]


@pytest.mark.parametrize("guard, plant, said", PLANTS,
                         ids=["%s-%d" % (p[0].__name__, i) for i, p in enumerate(PLANTS)])
def test_a_planted_fault_fails_its_guard(tmp_path, guard, plant, said):
    """On a stand-in of the project the guard finds what the project's own check finds;
    with the fault planted, that fault more."""
    root = _copy(tmp_path)
    before = guard(str(root))
    assert before == guard(), "the stand-in is not the project, for %s" % guard.__name__
    path = root / plant[0]
    path.parent.mkdir(parents=True, exist_ok=True)
    _add(path, plant[1])
    after = guard(str(root))
    if said == ["%d words"]:
        said = ["%d words" % len(_text(str(root), "README.md").split())]
    assert sorted(after) == sorted(before + said)
