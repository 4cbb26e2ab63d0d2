"""Guards on the engine's structure: small modules, a core that knows no game and no computer,
and shared screens that never ask which game is played (each game is its declaration in
engine/games/). Each guard is a function over a tree's root, run on the engine and on a copy
with its violation planted, where it must fail."""
import ast
import os
import shutil

ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine")
LONGEST = 500  # lines a module of the engine may have
# what the core may import: itself, the games' declarations (by name: a match is made from its
# game's name) and MicroPython's built-in modules
CORE_MAY_IMPORT = ("engine.core", "engine.games", "micropython", "array")
GAME_NAMES = ("classic", "tactical", "siege")


def _modules(root, under=""):
    """(path under root, source) of every module in root/under, however deep."""
    for folder, dirs, names in os.walk(os.path.join(root, under)):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    yield os.path.relpath(path, root), f.read()


def too_long(root=ENGINE):
    return ["%s: %d lines" % (name, src.count("\n")) for name, src in _modules(root)
            if src.count("\n") > LONGEST]


def core_imports(root=ENGINE):
    """The core's imports of anything but itself, the declarations and built-in modules."""
    out = []
    for name, src in _modules(root, "core"):
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [node.module or ""]
            else:
                continue
            out += ["%s:%d imports %s" % (name, node.lineno, m) for m in mods
                    if not m.startswith(CORE_MAY_IMPORT)]
    return out


def game_names(root=ENGINE):
    """Where a module outside the declarations names a game: a string of a game's name
    (comparing it, or picking by it). The defaults that make a classic game when none is
    named (a function's default argument) are the one use allowed."""
    out = []
    for name, src in _modules(root):
        if name.startswith("games" + os.sep):
            continue
        tree = ast.parse(src)
        defaults = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.Lambda)):
                defaults.update(id(d) for d in node.args.defaults)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in GAME_NAMES and \
                    id(node) not in defaults:
                out.append("%s:%d names the game %r" % (name, node.lineno, node.value))
    return out


def desktop_names(root=ENGINE):
    """Where the engine names a module of the desktop (sim, tools, tests)."""
    out = []
    for name, src in _modules(root):
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    node.value.startswith(("sim.", "tools.", "tests.")):
                out.append("%s:%d names %s" % (name, node.lineno, node.value))
            elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in \
                    ("sim", "tools", "tests"):
                out.append("%s:%d imports %s" % (name, node.lineno, node.module))
    return out


GUARDS = (too_long, core_imports, game_names, desktop_names)


def test_no_module_of_the_engine_is_over_500_lines():
    assert too_long() == []


def test_the_core_knows_no_game_and_no_computer():
    assert core_imports() == []


def test_no_module_but_the_declarations_asks_which_game_is_played():
    assert game_names() == []


def test_the_engine_names_no_desktop_module():
    assert desktop_names() == []



def _planted(tmp_path, path, text):
    root = str(tmp_path / "engine")
    shutil.copytree(ENGINE, root, ignore=shutil.ignore_patterns("__pycache__"))
    with open(os.path.join(root, path), "a", encoding="utf-8") as f:
        f.write(text)
    return root


def test_each_guard_fails_on_its_planted_violation(tmp_path):
    plants = {
        too_long: ("ui/draw.py", "\n" * LONGEST),
        core_imports: ("core/record.py", "\nfrom engine.tactical import tactics\n"),
        game_names: ("ui/pause.py", "\nSIEGE = 'siege'\n"),
        desktop_names: ("ai/base.py", "\nBASELINE = 'sim.players'\n"),
    }
    assert set(plants) == set(GUARDS)
    for guard, (path, text) in plants.items():
        root = _planted(tmp_path / guard.__name__, path, text)
        found = guard(root)
        assert any(f.startswith(path) for f in found), (guard.__name__, found)
