"""`make flash` (tools/flash.py): its messages, the version check, the incremental install
against fake Picos (a canned file listing, and a folder running the real listing script), and
the bundles it builds."""
import hashlib
import importlib
import os
import sys
import types

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
# the player's files: in data/, and at the top level as an earlier build left them
SAVES = ("data/game.sav", "data/settings.txt", "data/stats.txt", "data/game.bad", "game.sav",
         "stats.bad", "crash.txt")


def _forget(monkeypatch, name):
    """Take module `name` out of sys.modules for this test; put back what was there after."""
    monkeypatch.setitem(sys.modules, name, None)
    del sys.modules[name]


@pytest.fixture
def flash(monkeypatch):
    """tools/flash.py imported afresh (it imports tools/build.py as `build`); sys.path and
    sys.modules as they were afterwards."""
    monkeypatch.setattr(sys, "path", [TOOLS] + sys.path)
    for name in ("flash", "build"):
        _forget(monkeypatch, name)
    return importlib.import_module("flash")


def sha(data):
    return hashlib.sha256(data).hexdigest()


def ours(flash, path):
    """Is `path` one install may touch: in our folders or one of our top-level files?"""
    return path.split("/")[0] in flash.OURS or path in flash.ROOT_FILES


# --- the command line -----------------------------------------------------------------------

def test_an_unknown_board_is_refused_naming_the_boards(flash, capsys):
    assert flash.main(["--board", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert "nonsense" in err
    for name in ("pico_lcd_114", "pico_display", "pico_lcd_13"):
        assert name in err


def _ports(monkeypatch, ports):
    from serial.tools import list_ports
    monkeypatch.setattr(list_ports, "comports", lambda: ports)


@pytest.mark.parametrize("ports", [[], [types.SimpleNamespace(vid=0x0403, device="/dev/ttyUSB0")],
                                   [types.SimpleNamespace(vid=None, device="/dev/ttyS0")]])
def test_no_pico_found_says_how_to_connect_one(flash, monkeypatch, capsys, ports):
    """No port given and no Raspberry Pi USB device: exit 1 with what to do."""
    _ports(monkeypatch, ports)
    assert flash.main([]) == 1
    err = capsys.readouterr().err
    assert "no Pico found" in err
    assert "USB" in err and "PORT=" in err and ".uf2" in err


def test_the_pico_is_found_among_serial_ports(flash, monkeypatch):
    _ports(monkeypatch, [types.SimpleNamespace(vid=0x0403, device="/dev/ttyUSB0"),
                         types.SimpleNamespace(vid=0x2E8A, device="/dev/ttyACM1")])
    assert flash.find_port() == "/dev/ttyACM1"


# --- the version check ----------------------------------------------------------------------

class Asker:
    """A transport answering the version question with (version, sys.implementation._mpy)."""

    def __init__(self, version, mpy):
        self.answer = (version, mpy)
        self.ran = []

    def exec(self, cmd):
        self.ran.append(cmd)
        return b""

    def eval(self, expr):
        assert "sys.implementation" in expr
        return self.answer


def test_micropython_older_than_1_24_is_refused(flash):
    with pytest.raises(flash.FlashError) as e:
        flash.check_version(Asker((1, 23, 0), 6 | (4 << 10)))
    assert "1.24" in str(e.value) and "1.23.0" in str(e.value)
    assert "micropython.org" in str(e.value)


def test_version_and_architecture_are_read(flash):
    mpy = 6 | (4 << 10) | (3 << 8)  # .mpy version 6.3, armv6m (a Pico)
    assert flash.check_version(Asker((1, 26, 1), mpy)) == ("1.26.1", "armv6m")
    assert flash.check_version(Asker((1, 24, 0), 6 | (5 << 10))) == ("1.24.0", "armv7m")
    assert flash.check_version(Asker((2, 0, 0), 6 | (11 << 10))) == ("2.0.0", "rv32imc")


def test_no_native_architecture_is_none(flash):
    assert flash.check_version(Asker((1, 26, 1), 6 | (3 << 8))) == ("1.26.1", "none")
    assert flash.check_version(Asker((1, 25, 0), 0))[1] == "none"  # no _mpy at all
    assert flash.check_version(Asker((1, 25, 0), 6 | (60 << 10)))[1] == "none"  # unknown


# --- the install ----------------------------------------------------------------------------

class Pico:
    """A transport for a Pico whose listing of our files (the answer to flash._LIST) is given;
    records every file system change."""

    def __init__(self, flash, listing):
        self.flash = flash
        self.listing = listing
        self.calls = []

    def exec(self, cmd):
        assert cmd == self.flash._LIST % (self.flash.OURS, self.flash.ROOT_FILES)
        return self.listing.encode()

    def fs_mkdir(self, path):
        self.calls.append(("mkdir", path))

    def fs_writefile(self, path, data, chunk_size=None):
        self.calls.append(("write", path, bytes(data)))

    def fs_rmfile(self, path):
        self.calls.append(("rmfile", path))

    def fs_rmdir(self, path):
        self.calls.append(("rmdir", path))

    def did(self, kind):
        return [c[1] for c in self.calls if c[0] == kind]


def listing(dirs, files):
    """The listing script's output: "D folder" lines, "F path sha256" lines."""
    return "".join("D %s\n" % d for d in dirs) + "".join(
        "F %s %s\n" % (p, sha(data)) for p, data in files.items())


BUNDLE = {
    "main.py": b"# main\nfrom firmware import start\n",
    "board.txt": b"pico_lcd_114\n",
    "engine/a.mpy": b"A",
    "engine/b.mpy": b"new B",
    "engine/x.mpy": b"X compiled",
    "engine/ui/c.mpy": b"C",
    "engine/ui/d.mpy": b"D",
    "firmware/st7789.mpy": b"panel",
    "firmware/boards/pico_lcd_114.mpy": b"board",
}


def test_install_copies_what_differs_and_removes_what_is_stale(flash):
    pico = Pico(flash, listing(
        ["engine", "engine/old", "firmware"],
        {"engine/a.mpy": b"A", "engine/b.mpy": b"old B",
         "engine/x.py": b"x source",  # an earlier install's source: it would shadow x.mpy
         "engine/old/z.mpy": b"gone", "firmware/st7789.mpy": b"panel",
         "main.py": b"# old main\n", "machine.py": b"# a virtual Pico's stand-in\n"}))
    copied, removed, same = flash.install(pico, BUNDLE)
    written = {c[1]: c[2] for c in pico.calls if c[0] == "write"}
    assert set(written) == set(BUNDLE) - {"engine/a.mpy", "firmware/st7789.mpy"}
    assert all(written[p] == BUNDLE[p] for p in written)
    assert sorted(pico.did("mkdir")) == ["engine/ui", "firmware/boards"]  # each once
    assert sorted(pico.did("rmfile")) == ["engine/old/z.mpy", "engine/x.py", "machine.py"]
    assert pico.did("rmdir") == ["engine/old"]
    assert (copied, removed, same) == (7, 3, 2)
    order = [c[:2] for c in pico.calls]
    assert order.index(("mkdir", "engine/ui")) < order.index(("write", "engine/ui/c.mpy"))
    assert order.index(("rmfile", "engine/old/z.mpy")) < order.index(("rmdir", "engine/old"))
    assert all(ours(flash, c[1]) for c in pico.calls)


def test_install_on_an_empty_pico_makes_folders_parents_first(flash):
    pico = Pico(flash, "")
    assert flash.install(pico, BUNDLE) == (len(BUNDLE), 0, 0)
    made = pico.did("mkdir")
    assert sorted(made) == ["engine", "engine/ui", "firmware", "firmware/boards"]
    assert made.index("engine") < made.index("engine/ui")
    assert made.index("firmware") < made.index("firmware/boards")
    assert set(pico.did("write")) == set(BUNDLE)
    assert pico.did("rmfile") == [] and pico.did("rmdir") == []


def test_install_of_the_same_bundle_again_changes_nothing(flash):
    pico = Pico(flash, listing(["engine", "engine/ui", "firmware", "firmware/boards"], BUNDLE))
    assert flash.install(pico, BUNDLE) == (0, 0, len(BUNDLE))
    assert pico.calls == []


def test_a_virtual_install_s_machine_py_stays_while_the_bundle_has_one(flash):
    virtual = dict(BUNDLE, **{"machine.py": b"# stand-in\n", "board.txt": b"virtual\n"})
    pico = Pico(flash, listing(["engine", "engine/ui", "firmware", "firmware/boards"], virtual))
    flash.install(pico, virtual)
    assert pico.calls == []
    pico = Pico(flash, listing(["engine", "engine/ui", "firmware", "firmware/boards"], virtual))
    flash.install(pico, BUNDLE)  # a real board's bundle over it
    assert pico.did("rmfile") == ["machine.py"]
    assert pico.did("write") == ["board.txt"]


def test_the_listing_script_names_only_our_folders_and_files(flash):
    script = flash._LIST % (flash.OURS, flash.ROOT_FILES)
    assert repr(tuple(flash.OURS)) in script and repr(tuple(flash.ROOT_FILES)) in script
    assert set(flash.OURS) == {"engine", "firmware"}
    assert set(flash.ROOT_FILES) == {"main.py", "board.txt", "machine.py", "emu_probe.mpy",
                                     "emu_timers.mpy", "emu.txt"}  # (the emulated Pico's)
    for name in SAVES:
        assert name not in script


class FolderPico(Pico):
    """A Pico whose flash is a folder: the real listing script runs on it (CPython standing
    in for MicroPython, os.ilistdir added) and the file system calls change it."""

    def __init__(self, flash, folder, monkeypatch, capsys):
        super().__init__(flash, None)
        self.folder = folder
        self.monkeypatch = monkeypatch
        self.capsys = capsys

    def exec(self, cmd):
        def ilistdir(d):
            for e in sorted(os.scandir(d), key=lambda e: e.name):
                yield (e.name, 0x4000 if e.is_dir() else 0x8000, 0)

        self.monkeypatch.setattr(os, "ilistdir", ilistdir, raising=False)
        self.monkeypatch.chdir(self.folder)
        self.capsys.readouterr()
        exec(cmd, {})
        return self.capsys.readouterr().out.encode()

    def _at(self, path):
        assert ours(self.flash, path), path
        return os.path.join(self.folder, path)

    def fs_mkdir(self, path):
        super().fs_mkdir(path)
        os.mkdir(self._at(path))

    def fs_writefile(self, path, data, chunk_size=None):
        super().fs_writefile(path, data)
        with open(self._at(path), "wb") as f:
            f.write(data)

    def fs_rmfile(self, path):
        super().fs_rmfile(path)
        os.remove(self._at(path))

    def fs_rmdir(self, path):
        super().fs_rmdir(path)
        os.rmdir(self._at(path))


def tree(folder):
    """{path: bytes} of every file under `folder`, and the set of its folders."""
    files, dirs = {}, set()
    for here, subdirs, names in os.walk(folder):
        rel = os.path.relpath(here, folder).replace(os.sep, "/")
        if rel != ".":
            dirs.add(rel)
        for n in names:
            with open(os.path.join(here, n), "rb") as f:
                files[n if rel == "." else rel + "/" + n] = f.read()
    return files, dirs


def test_install_on_a_pico_folder_keeps_the_saves(flash, tmp_path, monkeypatch, capsys):
    """The real listing script on a folder with the player's saves, an earlier install and a
    virtual Pico's leftovers: afterwards the folder holds the bundle and the saves, unchanged."""
    saves = {name: ("kept %s\n" % name).encode() for name in SAVES}
    old = {"engine/a.mpy": b"A", "engine/x.py": b"x source", "engine/old/z.mpy": b"gone",
           "firmware/boards/virtual.py": b"virtual", "machine.py": b"stand-in",
           "main.py": b"# old\n", "lib/other.py": b"someone else's library"}
    for path, data in dict(saves, **old).items():
        target = tmp_path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    pico = FolderPico(flash, str(tmp_path), monkeypatch, capsys)
    have, dirs = flash.device_files(pico)
    assert have == {p: sha(d) for p, d in old.items() if ours(flash, p)}
    assert set(dirs) == {"engine", "engine/old", "firmware", "firmware/boards"}
    flash.install(pico, BUNDLE)
    files, folders = tree(str(tmp_path))
    assert files == dict(BUNDLE, **saves, **{"lib/other.py": b"someone else's library"})
    assert folders == {"data", "engine", "engine/ui", "firmware", "firmware/boards", "lib"}
    assert "engine/a.mpy" not in pico.did("write")  # unchanged: not copied


# --- the bundles (mpy-cross: a few seconds) -------------------------------------------------

@pytest.fixture
def built(flash, tmp_path, monkeypatch):
    """flash.bundle, building into a temporary folder rather than the repo's build/."""
    os.symlink(os.path.join(ROOT, "sim"), tmp_path / "sim")
    monkeypatch.setattr(flash, "ROOT", str(tmp_path))
    return flash.bundle


@pytest.mark.slow
def test_the_bundle_for_a_pico(built):
    files = built("pico_lcd_114", "armv6m")
    assert files["main.py"].startswith(b"#")  # source: MicroPython runs main.py, not .mpy
    assert files["board.txt"] == b"pico_lcd_114\n"
    assert files["engine/core/game.mpy"][:1] == b"M"
    assert "engine/ui/fonts.bin" in files
    viper = files["firmware/px_viper.mpy"]
    assert viper[:1] == b"M" and viper[2] >> 2 == 4  # native code for armv6m
    assert "firmware/px_plain.mpy" in files and "firmware/boards/pico_display.mpy" in files
    assert [p for p in files if p.endswith(".py")] == ["main.py"]
    assert "machine.py" not in files
    assert all(p.split("/")[0] in ("engine", "firmware") or p in (
        "main.py", "board.txt", "build.bin") for p in files)
    # the build's stamp, for linked handhelds to compare: a CRC-32 of the build's files
    import zlib
    crc = 0
    for p in sorted(x for x in files if x not in ("board.txt", "build.bin")):
        crc = zlib.crc32(files[p], zlib.crc32(p.encode(), crc))
    assert files["build.bin"] == crc.to_bytes(4, "big")
    # the source names tracebacks show are the modules' dotted names (interned by their
    # import anyway: a path would be one more name for good in the Pico's heap), never this
    # checkout's folder: the same bundle from any checkout, so a flash from another one
    # copies nothing
    assert b"engine.core.game" in files["engine/core/game.mpy"]
    assert b"engine.ui" in files["engine/ui/__init__.mpy"]
    assert not [p for p, data in files.items() if p.endswith(".mpy") and b".py" in data]
    assert not [p for p, data in files.items() if p.endswith(".mpy") and ROOT.encode() in data]


@pytest.mark.slow
def test_the_bundle_for_the_virtual_pico(built):
    files = built("virtual", "none")
    with open(os.path.join(ROOT, "sim", "virtual", "machine.py"), "rb") as f:
        assert files["machine.py"] == f.read()
    with open(os.path.join(ROOT, "sim", "virtual", "board.py"), "rb") as f:
        assert files["firmware/boards/virtual.py"] == f.read()
    assert files["board.txt"] == b"virtual\n"
    assert "firmware/px_viper.mpy" not in files  # no native code there: the plain twin
    assert "firmware/px_plain.mpy" in files and "engine/core/game.mpy" in files


@pytest.mark.slow
def test_the_bundle_for_the_emulated_pico_adds_the_probe_and_its_board(built):
    files = built("pico_lcd_13", "armv6m", "collect")
    plain = built("pico_lcd_13", "armv6m")
    assert files["emu_probe.mpy"][:1] == b"M" and files["emu_timers.mpy"][:1] == b"M"
    assert files["board.txt"] == b"emu\n"  # firmware/start.py loads firmware/boards/emu.py
    board = files["firmware/boards/emu.py"].decode()
    assert "from firmware.boards.pico_lcd_13 import *" in board  # the real board's profile
    assert "from emu_probe import host" in board  # the probe runs the frames
    assert files["emu.txt"] == b"collect\n"
    extra = {"emu_probe.mpy", "emu_timers.mpy", "firmware/boards/emu.py", "emu.txt"}
    assert set(files) - set(plain) == extra
    assert not extra & set(plain)  # the product bundle has none of it
    assert all(files[p] == plain[p] for p in plain if p != "board.txt")
