"""Static guards on engine/: it must run unchanged on the Pico's MicroPython, with integer
arithmetic only (a float would round differently on the Pico, single precision)."""
import ast
import os

ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine")
# What the engine's rules may import: itself and these of MicroPython's built-in modules
# (the device type check, mypy-device.ini, covers engine/ui and firmware against the stubs).
ALLOWED = {"micropython", "engine", "array"}


def modules():
    """(path under engine/, syntax tree) of every module of the engine, its packages' too."""
    for folder, _, names in sorted(os.walk(ENGINE)):
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path) as f:
                    yield os.path.relpath(path, ENGINE), ast.parse(f.read())


def test_no_floats_in_the_engine():
    for name, tree in modules():
        for node in ast.walk(tree):
            assert not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)), \
                "%s:%d true division gives a float" % (name, node.lineno)
            assert not (isinstance(node, ast.Constant) and isinstance(node.value, float)), \
                "%s:%d float literal" % (name, node.lineno)
            assert not (isinstance(node, ast.Name) and node.id == "float"), \
                "%s:%d float()" % (name, node.lineno)


def test_engine_imports_only_what_micropython_has():
    for name, tree in modules():
        if name.startswith("ui" + os.sep):
            continue  # the screens import more of MicroPython (sys, gc ...): mypy-device.ini
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            for root in roots:
                assert root in ALLOWED, "%s:%d imports %s" % (name, node.lineno, root)


def test_no_cpython_only_constructs():
    for name, tree in modules():
        for node in ast.walk(tree):
            assert not isinstance(node, ast.JoinedStr), "%s:%d f-string" % (name, node.lineno)
            assert not isinstance(node, (ast.AnnAssign,)), "%s:%d annotation" % (name, node.lineno)
            if isinstance(node, ast.FunctionDef):
                assert not node.returns and not any(a.annotation for a in node.args.args), \
                    "%s:%d annotations" % (name, node.lineno)
