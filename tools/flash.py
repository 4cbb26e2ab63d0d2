"""Put the game on a Pico: `make flash [BOARD=name] [PORT=device]`.

    python tools/flash.py [--board NAME] [--port DEVICE]

Asks the Pico for its MicroPython version (1.24 or newer) and architecture, builds the bundle
for that architecture (tools/build.py), copies only the files that differ (by SHA-256, worked
out on the Pico), deletes files of an earlier install that are no longer in the bundle (a
stale x.py would shadow x.mpy; the saves at the top level are never touched), records the
board in board.txt and resets the Pico, which then starts the game.
"""
import argparse
import hashlib
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402  (tools/build.py)

ROOT = build.ROOT
BOARDS_DIR = os.path.join(ROOT, "firmware", "boards")
# The virtual Pico (tools/virtual_pico.py) gets its board and a stand-in `machine` module.
VIRTUAL = {"firmware/boards/virtual.py": "sim/virtual/board.py",
           "machine.py": "sim/virtual/machine.py"}
OURS = ("engine", "firmware")  # folders wholly ours: anything in them not in the bundle goes
ROOT_FILES = ("main.py", "board.txt", "machine.py", "emu_probe.mpy", "emu_timers.mpy",
              "emu.txt")  # ours at the top
# The emulated Pico (tools/pico_emu.py) gets its instrumentation, tools/emu_probe.py, and a board
# module that is the real board's profile with the probe as its host (firmware/device.py play).
PROBE = "tools/emu_probe.py"
PROBE_TIMERS = "tools/emu_timers.py"  # (its options `imports` and `words`, a module apart)
# PROBE_BYTES: the heap the probe's code takes, which a Pico without it does not spend (the
# heap figures are also given without it). Its second import is the one measured: its names,
# interned by the first, stay counted in the figures, as do its few objects.
PROBE_BOARD = """from firmware.boards.%s import *  # noqa
import gc
import sys
import emu_probe
del sys.modules["emu_probe"], emu_probe
gc.collect()
PROBE_BYTES = -gc.mem_alloc()
from emu_probe import host  # noqa
gc.collect()
PROBE_BYTES += gc.mem_alloc()
"""
MIN_VERSION = (1, 24)
PICO_VID = 0x2E8A  # Raspberry Pi

# Run on the Pico: every file of ours with its SHA-256 ("F path hash"), every folder ("D").
_LIST = """
import os, hashlib, binascii
def _h(p):
    h = hashlib.sha256()
    b = bytearray(512)
    with open(p, 'rb') as f:
        while True:
            n = f.readinto(b)
            if not n:
                break
            h.update(b[:n])
    return binascii.hexlify(h.digest()).decode()
def _walk(d):
    for e in os.ilistdir(d):
        p = d + '/' + e[0]
        if e[1] & 0x4000:
            print('D', p)
            _walk(p)
        else:
            print('F', p, _h(p))
for _d in %r:
    try:
        os.stat(_d)
    except OSError:
        continue
    print('D', _d)
    _walk(_d)
for _f in %r:
    try:
        print('F', _f, _h(_f))
    except OSError:
        pass
"""


class FlashError(Exception):
    pass


def boards():
    return sorted(f[:-3] for f in os.listdir(BOARDS_DIR)
                  if f.endswith(".py") and not f.startswith("_"))


def find_port():
    from serial.tools import list_ports
    for p in list_ports.comports():
        if p.vid == PICO_VID:
            return p.device
    raise FlashError(
        "no Pico found. Connect it by USB (a data cable, not a charging-only one) and run\n"
        "  make flash\nagain, or name its serial port: make flash PORT=/dev/ttyACM0.\n"
        "A Pico without MicroPython shows up as a drive instead: copy MicroPython's .uf2 file\n"
        "(https://micropython.org/download/RPI_PICO/) onto it first (README: Flashing).")


def bundle(board, arch, probe=None):
    """{device path: bytes} of everything to install; probe: the options of the emulated
    Pico's instrumentation (None: none installed)."""
    # a folder of its own: flashes may run side by side (the emulated Pico's bench and tests)
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    out = tempfile.mkdtemp(prefix="flash-" + arch + "-", dir=os.path.join(ROOT, "build"))
    try:
        return _bundle(board, arch, probe, out)
    finally:
        shutil.rmtree(out, ignore_errors=True)


def _bundle(board, arch, probe, out):
    files = {}
    for path in build.build(out, arch):
        with open(os.path.join(out, path), "rb") as f:
            files[path] = f.read()
    if board == "virtual":
        for dest, src in VIRTUAL.items():
            with open(os.path.join(ROOT, src), "rb") as f:
                files[dest] = f.read()
    files["board.txt"] = (board + "\n").encode()
    if probe is not None:
        files["emu_probe.mpy"] = build.compile_one(PROBE, os.path.join(out, "emu_probe.mpy"),
                                                   arch)
        files["emu_timers.mpy"] = build.compile_one(PROBE_TIMERS,
                                                   os.path.join(out, "emu_timers.mpy"), arch)
        files["firmware/boards/emu.py"] = (PROBE_BOARD % board).encode()
        files["board.txt"] = b"emu\n"
        files["emu.txt"] = (" ".join(probe.split(",")) + "\n").encode()
    return files


def device_files(t):
    """({path: sha256 hex}, [folders]) of our files on the device."""
    text = t.exec(_LIST % (OURS, ROOT_FILES)).decode()
    files = {}
    dirs = []
    for line in text.splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "F":
            files[words[1]] = words[2]
        elif len(words) == 2 and words[0] == "D":
            dirs.append(words[1])
    return files, dirs


def check_version(t):
    t.exec("import sys")
    version, mpy = t.eval("(tuple(sys.implementation.version[:3]), "
                          "getattr(sys.implementation, '_mpy', 0))")
    shown = ".".join(str(v) for v in version)
    if tuple(version[:2]) < MIN_VERSION:
        raise FlashError(
            "the Pico runs MicroPython %s; the game needs 1.24 or newer. Install a newer one:\n"
            "hold BOOTSEL while plugging the Pico in and copy the .uf2 file from\n"
            "https://micropython.org/download/RPI_PICO/ onto the drive that appears." % shown)
    arch = mpy >> 10
    return shown, build.ARCHES[arch] if arch < len(build.ARCHES) else "none"


def install(t, files):
    """Copy what differs, remove what is stale; returns (copied, removed, unchanged)."""
    have, dirs = device_files(t)
    made = set(dirs)
    copied = 0
    for path in sorted(files):
        data = files[path]
        if have.get(path) == hashlib.sha256(data).hexdigest():
            continue
        parts = path.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            d = "/".join(parts[:i])
            if d not in made:
                t.fs_mkdir(d)
                made.add(d)
        t.fs_writefile(path, data, chunk_size=1024)
        copied += 1
    wanted_dirs = set()
    for path in files:
        parts = path.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            wanted_dirs.add("/".join(parts[:i]))
    removed = 0
    for path in sorted(have):
        if path not in files:
            t.fs_rmfile(path)
            removed += 1
    for d in sorted(dirs, key=len, reverse=True):
        if d not in wanted_dirs:
            t.fs_rmdir(d)
    return copied, removed, len(files) - copied


def main(argv=None):
    ap = argparse.ArgumentParser(description="Put the game on a Pico.")
    ap.add_argument("--board", default="pico_lcd_114",
                    help="the board: " + ", ".join(boards()) + " (default pico_lcd_114)")
    ap.add_argument("--port", default="", help="the Pico's serial port (default: found)")
    ap.add_argument("--probe", metavar="OPTIONS", default=None,
                    help="the emulated Pico only (tools/pico_emu.py): also install its "
                    "instrumentation, with these comma-separated options (- for none)")
    args = ap.parse_args(argv)
    if args.board not in boards() + ["virtual"]:
        print("flash: unknown board %r; the boards are: %s"
              % (args.board, ", ".join(boards())), file=sys.stderr)
        return 2
    from mpremote.transport import TransportError
    from mpremote.transport_serial import SerialTransport
    try:
        port = args.port or find_port()
        try:
            t = SerialTransport(port, baudrate=115200)
        except TransportError:
            raise FlashError("cannot open %s: is it the Pico, and is no other program (a serial "
                             "terminal, Thonny) using it?" % port) from None
        t.enter_raw_repl(soft_reset=True)
        shown, arch = check_version(t)
        print("flash: %s, MicroPython %s (%s), board %s" % (port, shown, arch, args.board))
        files = bundle(args.board, arch, args.probe)
        copied, removed, same = install(t, files)
        print("flash: %d files copied, %d removed, %d unchanged; %d bytes in all"
              % (copied, removed, same, sum(len(d) for d in files.values())))
        t.exec_raw_no_follow("import machine\nmachine.reset()")
        t.close()
        print("flash: reset; the game starts (hold B while plugging in to skip it)")
    except FlashError as e:
        print("flash: " + str(e), file=sys.stderr)
        return 1
    except TransportError as e:
        print("flash: the Pico stopped answering (%s). Unplug it, plug it in again and retry; "
              "if the game starts and will not stop, hold B while plugging in." % e,
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
