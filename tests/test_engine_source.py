"""Static guards on engine/: it must run unchanged on the Pico's MicroPython, with integer
arithmetic only (a float would round differently on the Pico, single precision).

Each guard is a function over a tree's root (the engine's own by default) giving its faults
as "path:line what" lines, so that it can be run on a copy of the engine with a fault
planted in every package (test_a_planted_fault_fails_its_guard): a guard that no longer
looks, or no longer walks some package, fails there."""
import ast
import os

import pytest

ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine")
# What the engine's rules may import: itself and these of MicroPython's built-in modules
# (the device type check, mypy-device.ini, covers engine/ui and firmware against the stubs;
# binascii: the link's round hash, its crc32 as the Pico's firmware and the npm MicroPython
# both have it).
ALLOWED = {"micropython", "engine", "array", "binascii"}


def modules(root=ENGINE):
    """(path under root, syntax tree) of every module of the tree, its packages' too, however
    deep."""
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    yield os.path.relpath(path, root), ast.parse(f.read(), path)


def float_uses(root=ENGINE):
    """Where the tree may make a float: true division, a float literal, float()."""
    out = []
    for name, tree in modules(root):
        for node in ast.walk(tree):
            if isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, ast.Div):
                out.append("%s:%d true division gives a float" % (name, node.lineno))
            elif isinstance(node, ast.Constant) and isinstance(node.value, float):
                out.append("%s:%d float literal" % (name, node.lineno))
            elif isinstance(node, ast.Name) and node.id == "float":
                out.append("%s:%d float()" % (name, node.lineno))
    return out


def foreign_imports(root=ENGINE):
    """Imports of modules MicroPython lacks, outside the screens (engine/ui imports more of
    MicroPython's, sys, gc ...: mypy-device.ini checks those against its stubs)."""
    out = []
    for name, tree in modules(root):
        if name.startswith("ui" + os.sep):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            out += ["%s:%d imports %s" % (name, node.lineno, r) for r in roots
                    if r not in ALLOWED]
    return out


def cpython_constructs(root=ENGINE):
    """What the Pico's MicroPython does not take, or spends RAM on: f-strings and
    annotations (of a name, a parameter of any kind, a return)."""
    out = []
    for name, tree in modules(root):
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                out.append("%s:%d f-string" % (name, node.lineno))
            elif isinstance(node, ast.AnnAssign):
                out.append("%s:%d annotation" % (name, node.lineno))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                a = node.args
                params = a.posonlyargs + a.args + a.kwonlyargs + [
                    p for p in (a.vararg, a.kwarg) if p]
                if node.returns or any(p.annotation for p in params):
                    out.append("%s:%d annotations" % (name, node.lineno))
    return out


def interned_characters(root=ENGINE):
    """chr(): on MicroPython its character is interned, a name for good (as is a str's single
    character taken by index or by iterating it; those the guard cannot see), and the names'
    pool grows by doubling: a few more may cost the device a new pool of some 8 KB."""
    out = []
    for name, tree in modules(root):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "chr":
                out.append("%s:%d chr() interns its character" % (name, node.lineno))
    return out


def consts_used_before_defined(root=ENGINE):
    """A module's own constant (`_NAME = const(...)`: MicroPython's compiler keeps no such
    name and puts its value where it is used) named in code above its definition: the
    compiler then looks the name up at run time, where it does not exist (NameError)."""
    out = []
    for name, tree in modules(root):
        defined = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                    isinstance(node.targets[0], ast.Name) and \
                    node.targets[0].id.startswith("_") and isinstance(node.value, ast.Call) \
                    and getattr(node.value.func, "id", None) == "const":
                defined.setdefault(node.targets[0].id, node.lineno)
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.lineno < defined.get(node.id, 0):
                out.append("%s:%d %s used before its const()" % (name, node.lineno, node.id))
    return out


def test_no_floats_in_the_engine():
    assert float_uses() == []


def test_engine_imports_only_what_micropython_has():
    assert foreign_imports() == []


def test_no_cpython_only_constructs():
    assert cpython_constructs() == []


def test_no_character_is_made_by_chr():
    assert interned_characters() == []
    assert interned_characters(os.path.join(os.path.dirname(ENGINE), "firmware")) == []


def test_no_constant_is_used_above_its_definition():
    assert consts_used_before_defined() == []
    assert consts_used_before_defined(os.path.join(os.path.dirname(ENGINE), "firmware")) == []


def _packages(root=ENGINE):
    """Every folder of the tree that holds a module, under root ("" the root itself)."""
    return sorted({os.path.dirname(name) for name, _ in modules(root)})


def test_the_guards_walk_every_package_of_the_engine():
    """The engine's packages, nested ones included: none is left out of the walk."""
    found = _packages()
    assert {"core", "ai", "ui", "games", "tactical", "siege"} <= set(found), found
    on_disk = {os.path.relpath(folder, ENGINE) for folder, _, names in os.walk(ENGINE)
               if any(n.endswith(".py") for n in names)}
    assert {p or "." for p in found} == on_disk


# (guard, the planted module's text, what the guard says of it, does the guard look at the
# screens' package?)
PLANTS = [
    (float_uses, "X = 1.5 / 2\n", ["1 true division gives a float", "1 float literal"], True),
    (float_uses, "def f(n):\n    n /= 2\n    return n\n", ["2 true division gives a float"],
     True),
    (float_uses, "Y = float(3)\n", ["1 float()"], True),
    (foreign_imports, "import dataclasses\n", ["1 imports dataclasses"], False),
    (foreign_imports, "from typing import List\n", ["1 imports typing"], False),
    (foreign_imports, "import os.path, array\n", ["1 imports os"], False),
    (consts_used_before_defined, "def f():\n    return _N\n\n\n_N = const(3)\n",
     ["2 _N used before its const()"], True),
    (interned_characters, "def f(c):\n    return chr(c) + 'x'\n", ["2 chr() interns its character"],
     True),
    (cpython_constructs, "S = f'{1}'\n", ["1 f-string"], True),
    (cpython_constructs, "n: int = 3\n", ["1 annotation"], True),
    (cpython_constructs, "def f(n: int):\n    return n\n", ["1 annotations"], True),
    (cpython_constructs, "def f(n) -> int:\n    return n\n", ["1 annotations"], True),
    (cpython_constructs, "def f(*, n: int = 1):\n    return n\n", ["1 annotations"], True),
]


def _copy(tmp_path):
    """A stand-in of the engine under tmp_path/engine: its every package and module, each
    module empty (the guards over the engine's own text run above; here what counts is that
    they reach every module and catch what is planted)."""
    copy = str(tmp_path / "engine")
    for name, _ in modules():
        path = os.path.join(copy, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w").close()
    return copy


@pytest.mark.parametrize("guard, text, said, in_ui", PLANTS,
                         ids=["%s-%d" % (p[0].__name__, i) for i, p in enumerate(PLANTS)])
def test_a_planted_fault_fails_its_guard(tmp_path, guard, text, said, in_ui):
    """A module holding the fault planted in every package of a stand-in of the engine (and
    in a new package two deep): the guard names each one, at its line, and nothing more."""
    copy = _copy(tmp_path)
    assert _packages(copy) == _packages() and guard(copy) == []
    deep = os.path.join(copy, "core", "planted_pkg")
    os.makedirs(deep)
    with open(os.path.join(deep, "__init__.py"), "w") as f:
        f.write("")
    planted = []
    for package in _packages(copy):
        path = os.path.join(copy, package, "planted_fault.py")
        with open(path, "w") as f:
            f.write(text)
        if in_ui or package.split(os.sep)[0] != "ui":
            name = os.path.relpath(path, copy)
            planted += ["%s:%s" % (name, s) for s in said]
    assert os.path.join("core", "planted_pkg", "planted_fault.py:" + said[0]) in planted
    assert sorted(guard(copy)) == sorted(planted)


def _code_free_inits(roots):
    """Package __init__ modules with no statement but a docstring: on the device each costs a
    name for good (the path of every module loaded is interned) and does nothing (MicroPython,
    like CPython, imports a folder without one as a package)."""
    found = []
    for root in roots:
        for folder, _, names in os.walk(root):
            if "__init__.py" in names:
                path = os.path.join(folder, "__init__.py")
                with open(path, encoding="utf-8") as f:
                    body = ast.parse(f.read()).body
                if all(isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
                       for n in body):
                    found.append(os.path.relpath(path, os.path.dirname(root)))
    return found


def test_no_package_holds_an_init_without_code(tmp_path):
    roots = [ENGINE, os.path.join(os.path.dirname(ENGINE), "firmware")]
    assert _code_free_inits(roots) == []
    for text in ("", "# a comment\n", '"""A docstring."""\n'):  # (each fails the guard)
        (tmp_path / "pkg").mkdir(exist_ok=True)
        (tmp_path / "pkg" / "__init__.py").write_text(text)
        assert _code_free_inits([str(tmp_path)]) == [os.path.join(tmp_path.name, "pkg",
                                                                  "__init__.py")]
