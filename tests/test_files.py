"""Kept files: sealed with a version and a checksum, written atomically, damaged ones set
aside. A save cut off at every byte position never loses the previous save."""
import builtins
import os
import zlib

import pytest

from engine.ui.files import Files, seal
from engine.ui.files_read import checksum, unseal, aside, KEEP
from firmware.storage import FlashStorage
from sim.storage import DirStorage

OLD = "schotten-save 1\nopponent hard\nthe old game\n"
NEW = "schotten-save 1\nopponent easy\nthe new game, a little longer \u00e9\n"


def test_checksum_is_crc32():
    for data in (b"", b"a", bytes(range(256)) * 40, NEW.encode()):
        assert checksum(data) == "%08x" % zlib.crc32(data)


def test_files_sealed_by_earlier_builds_are_still_read_and_checked():
    """Version 1 sealed with Adler-32: a player's statistics and saved game outlive an
    update of the game."""
    data = NEW.encode()
    old = "ST1 %d %08x\n" % (len(data), zlib.adler32(data)) + NEW
    assert unseal(old) == NEW
    for i in range(len(old)):  # any one character changed
        ch = "#" if old[i] != "#" else "%"
        assert unseal(old[:i] + ch + old[i + 1:]) is None
    long = "x" * 5000  # (the sums carried over many blocks)
    assert unseal("ST1 5000 %08x\n" % zlib.adler32(long.encode()) + long) == long


def test_seal_round_trip_and_every_damage_is_caught():
    sealed = seal(NEW)
    assert sealed.startswith("ST2 ")
    assert unseal(sealed) == NEW
    for cut in range(len(sealed)):  # torn at every length
        assert unseal(sealed[:cut]) is None
    for i in range(len(sealed)):  # any one character changed
        ch = "#" if sealed[i] != "#" else "%"
        assert unseal(sealed[:i] + ch + sealed[i + 1:]) is None
    assert unseal(sealed.replace("ST2", "ST3", 1)) is None  # a future version is not misread
    assert unseal(sealed.replace("ST2", "ST1", 1)) is None  # nor another one's checksum


class PowerCut(Exception):
    pass


def _cut_after(monkeypatch, budget):
    """From now on, files opened for writing take `budget` more bytes, then the power goes."""
    real_open = builtins.open
    left = [budget]

    class Torn:
        def __init__(self, f):
            self.f = f

        def write(self, s):
            n = min(len(s), left[0])
            self.f.write(s[:n])
            left[0] -= n
            if n < len(s):
                raise PowerCut()
            return n

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def close(self):
            self.f.close()

    def fake_open(path, mode="r", *a, **k):
        f = real_open(path, mode, *a, **k)
        return Torn(f) if "w" in mode else f
    monkeypatch.setattr(builtins, "open", fake_open)


@pytest.mark.parametrize("kind", [DirStorage, FlashStorage])
def test_a_save_cut_at_every_byte_keeps_the_previous_one(tmp_path, monkeypatch, kind):
    size = len(seal(NEW))
    for budget in range(size + 1):
        folder = str(tmp_path / ("cut%d" % budget))
        os.makedirs(folder)
        Files(kind(folder)).write("game.sav", OLD)
        with monkeypatch.context() as m:
            _cut_after(m, budget)
            try:
                Files(kind(folder)).write("game.sav", NEW)
                cut = False
            except PowerCut:
                cut = True
        after = Files(kind(folder))  # power on again
        assert after.read("game.sav") == (OLD if cut else NEW), budget
        assert not after.damaged
        assert cut == (budget < size)


@pytest.mark.parametrize("kind", [DirStorage, FlashStorage])
def test_a_torn_or_changed_file_is_set_aside_and_reported(tmp_path, kind):
    raw = kind(str(tmp_path))
    sealed = seal(NEW)
    texts = (sealed[:len(sealed) // 2], sealed.replace("new", "bad"), "", "hello\n")
    for n, text in enumerate(texts):
        raw.write("game.sav", text)
        files = Files(raw)
        assert files.read("game.sav") is None
        assert files.damaged == ["game.sav"]
        assert raw.read("game.sav") is None
        assert files.kept_as["game.sav"] == aside("game.sav", n + 1)
    for n, text in enumerate(texts):
        assert raw.read(aside("game.sav", n + 1)) == text  # kept for a look, never lost


def test_undecodable_bytes_count_as_damage(tmp_path):
    (tmp_path / "stats.txt").write_bytes(b"ST1 2 00000000\n\xff\xfe")
    files = Files(DirStorage(str(tmp_path)))
    assert files.read("stats.txt") is None
    assert files.damaged == ["stats.txt"]
    assert (tmp_path / "stats.bad").exists()


def test_aside_names():
    assert aside("game.sav") == "game.bad"
    assert aside("settings.txt") == "settings.bad"
    assert aside("noext") == "noext.bad"
    assert aside("game.sav", 2) == "game2.bad"


@pytest.mark.parametrize("kind", [DirStorage, FlashStorage])
def test_every_damaged_file_is_kept_numbered_within_a_bound(tmp_path, kind):
    raw = kind(str(tmp_path))
    for n in range(KEEP + 2):
        raw.write("game.sav", "damaged %d" % n)
        files = Files(raw)
        assert files.read("game.sav") is None
        assert files.kept_as["game.sav"] == aside("game.sav", min(n + 1, KEEP))
    kept = [raw.read(aside("game.sav", n)) for n in range(1, KEEP + 1)]
    # the first KEEP - 1 in order, the last place holds the newest: never more than KEEP
    assert kept == ["damaged %d" % n for n in range(KEEP - 1)] + ["damaged %d" % (KEEP + 1)]
    assert raw.read(aside("game.sav", KEEP + 1)) is None


def test_missing_file_is_not_damage(tmp_path):
    files = Files(FlashStorage(str(tmp_path)))
    assert files.read("settings.txt") is None
    assert files.damaged == []


@pytest.mark.parametrize("kind", [DirStorage, FlashStorage])
def test_a_write_in_steps_replaces_the_file_only_at_its_last_step(tmp_path, kind):
    files = Files(kind(str(tmp_path)))
    files.write("game.sav", OLD)
    steps = files.write_steps("game.sav", NEW)
    n = 0
    for _ in steps:
        n += 1
        assert Files(kind(str(tmp_path))).read("game.sav") == OLD  # the power cut here
    assert n >= (4 if kind is FlashStorage else 1)  # creation, writing, closing, the rename
    assert Files(kind(str(tmp_path))).read("game.sav") == NEW


def test_a_write_in_steps_given_up_halfway_leaves_the_old_file(tmp_path):
    files = Files(FlashStorage(str(tmp_path)))
    files.write("game.sav", OLD)
    steps = files.write_steps("game.sav", NEW)
    for _ in range(3):
        next(steps)
    steps.close()  # a newer save replaces it
    files.write("game.sav", NEW + "more\n")
    again = Files(FlashStorage(str(tmp_path)))
    assert again.read("game.sav") == NEW + "more\n" and not again.damaged


def test_a_long_save_goes_to_the_flash_a_part_a_step(tmp_path):
    """A new 4 KB block of the Pico's flash is erased (45 ms) as the writing reaches it: a
    long match's save (several KB) is written a quarter of a block a step."""
    text = "".join("1 play R%d %d\n" % (i % 9 + 1, i % 9 + 1) for i in range(600))
    files = Files(FlashStorage(str(tmp_path)))
    n = sum(1 for _ in files.write_steps("game.sav", text))
    assert n >= len(seal(text)) // 1024 + 4  # the seal, opening, the parts, closing, the rename
    assert Files(FlashStorage(str(tmp_path))).read("game.sav") == text


@pytest.mark.parametrize("kind", [DirStorage, FlashStorage])
def test_a_write_in_parts_keeps_the_parts_in_order_under_one_seal(tmp_path, kind):
    """A save is written as the parts of its record (never joined into one copy on the
    device); the file is their text, sealed as one."""
    parts = ["head\n", "é" * 1500 + "\n", "", "x" * 2500 + "\n", "tail\n"]
    files = Files(kind(str(tmp_path)))
    for _ in files.write_steps("game.sav", list(parts)):
        pass
    assert Files(kind(str(tmp_path))).read("game.sav") == "".join(parts)
    assert (tmp_path / "game.sav").read_text() == seal("".join(parts))


@pytest.mark.parametrize("kind", [DirStorage, FlashStorage])
def test_a_write_that_fails_leaves_the_file_as_it_was_and_no_copy(tmp_path, kind):
    """A folder where the file goes (as a full flash would): the write raises, the folder
    and what is in it stay, and no half-written temporary copy is left behind."""
    (tmp_path / "game.sav").mkdir()
    (tmp_path / "game.sav" / "inside").write_text("kept\n")
    raw = kind(str(tmp_path))
    with pytest.raises(OSError):
        raw.write("game.sav", NEW)
    assert (tmp_path / "game.sav" / "inside").read_text() == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.sav"]


@pytest.mark.parametrize("kind", [DirStorage, FlashStorage])
def test_a_write_of_parts_made_on_demand_reads_them_twice_and_holds_one(tmp_path, kind):
    """A save's record is made a part at a time, once for its seal and once to be written
    (a long match's record is never whole in the Pico's heap): the file is its text."""
    made = []
    live = [0]

    def record():
        for i in range(6):
            live[0] += 1
            made.append(i)
            yield "part %d %s\n" % (i, "é" * i)
            live[0] -= 1
    seen = []
    for _ in Files(kind(str(tmp_path))).write_steps("game.sav", record):
        seen.append(live[0])
    assert made == list(range(6)) * 2 and max(seen) <= 1
    assert Files(kind(str(tmp_path))).read("game.sav") == "".join(
        "part %d %s\n" % (i, "é" * i) for i in range(6))


def test_a_step_of_a_save_makes_one_part_of_its_record_at_most(tmp_path, monkeypatch):
    """A record's part takes some 13 ms to make on the emulated Pico, and a write to the
    flash may erase a block (45 ms): the steps of a long save (a frame each) make one part
    at most, for its seal and for its writing, however short the parts (they once went four
    or five to a step, 126 ms), and a step that writes makes none."""
    import builtins
    made = [0]
    wrote = [0]
    plain_open = builtins.open

    class Counted:
        def __init__(self, f):
            self.f = f

        def write(self, text):
            wrote[0] += 1
            return self.f.write(text)

        def close(self):
            self.f.close()

    def counted_open(path, *args, **kw):
        f = plain_open(path, *args, **kw)
        return Counted(f) if str(path).endswith(".tmp") else f
    monkeypatch.setattr(builtins, "open", counted_open)

    def record():
        for i in range(40):
            made[0] += 1
            yield "1 play R%d %d\n" % (i % 9 + 1, i % 9 + 1)
    steps = []
    for _ in Files(FlashStorage(str(tmp_path))).write_steps("game.sav", record):
        steps.append((made[0], wrote[0]))
        made[0] = wrote[0] = 0
    assert sum(m for m, w in steps) == 80 and max(m for m, w in steps) == 1
    assert sum(w for m, w in steps) == 41 and max(m + w for m, w in steps) == 1
    monkeypatch.undo()
    assert Files(FlashStorage(str(tmp_path))).read("game.sav") == "".join(
        "1 play R%d %d\n" % (i % 9 + 1, i % 9 + 1) for i in range(40))


def test_a_save_under_way_while_the_match_goes_on_is_the_match_as_it_began(tmp_path):
    """The board saves over frames while the game goes on (the player's next keys, the
    computer's reply): the save is sound, and it is the match as it stood at its start."""
    from engine.ui.session import Session
    from engine.ui.resume import load
    s = Session(5, "easy", "tactical")
    m = s.match
    for _ in range(6):
        for _ in m.turn(s.cpu.made(), []):
            pass
    want = Files(DirStorage(str(tmp_path / "want")))
    s.save(want)
    files = Files(FlashStorage(str(tmp_path)))
    steps = s.save_steps(files)
    next(steps)
    n = len(m.log)
    for _ in range(4):  # the match goes on mid-save
        for _ in m.turn(s.cpu.made(), []):
            pass
    assert len(m.log) > n
    for _ in steps:
        pass
    assert files.read("game.sav") == want.read("game.sav") and not files.damaged
    assert len(load(files).match.log) == n
