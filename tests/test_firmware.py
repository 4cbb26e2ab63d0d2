"""The device firmware (firmware/) on CPython: the pixel expansion, the ST7789 driver, the
buttons, the power states, the main loop, power-on and the crash screen, driven through the
virtual Pico's stand-in `machine` (sim/virtual/machine.py) with every SPI write, pin level,
PWM duty and sleep recorded."""
import importlib
import importlib.util
import os
import random
import shutil
import sys
import time
import traceback
import types

import pytest

import framebuf  # the CPython shim (sim/cpython)
from engine.ui import keys as K
from engine.ui import palette

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MACHINE_PY = os.path.join(ROOT, "sim", "virtual", "machine.py")
BOARDS = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "firmware", "boards"))
                if f.endswith(".py") and not f.startswith("_"))

# ST7789 commands (from the datasheet, not from the driver)
SWRESET, SLPIN, SLPOUT, INVON, DISPOFF, DISPON = 0x01, 0x10, 0x11, 0x21, 0x28, 0x29
CASET, RASET, RAMWR, MADCTL, COLMOD = 0x2A, 0x2B, 0x2C, 0x36, 0x3A

FULL = 65535  # a PWM duty of 100 %


def duty(percent):
    return percent * FULL // 100


def rgb565_bytes(buf):
    """What the panel should get for a GS4_HMSB framebuffer: two bytes a pixel, high first,
    the left pixel (high nibble) first."""
    out = bytearray()
    for b in buf:
        for c in (b >> 4, b & 15):
            out += palette.RGB565[c].to_bytes(2, "big")
    return bytes(out)


def lut(colours=palette.RGB565):
    """The 1 KB table of the expansion: for each byte value v (two pixels, the left one in the
    high nibble) the panel's 4 bytes at 4v: the left colour's RGB565 high and low byte, then
    the right one's."""
    return bytes(b for v in range(256) for c in (colours[v >> 4], colours[v & 15])
                 for b in c.to_bytes(2, "big"))


def two_pixel_expand(src, start, count, lut32, dst):
    """The expansion as it was before the table of byte values: two pixels a byte, each through
    the 32-byte table of the 16 colours' RGB565 bytes (colour i at 2i, 2i+1)."""
    j = 0
    for i in range(start, start + count):
        b = src[i]
        h = (b >> 4) << 1
        lo = (b & 15) << 1
        dst[j:j + 4] = bytes((lut32[h], lut32[h + 1], lut32[lo], lut32[lo + 1]))
        j += 4


def _forget(monkeypatch, name):
    """Take module `name` out of sys.modules for this test; put back what was there after."""
    monkeypatch.setitem(sys.modules, name, None)
    del sys.modules[name]


@pytest.fixture(autouse=True)
def fresh_firmware(monkeypatch):
    """Every firmware module imported afresh in each test (they capture `machine` at import),
    and the earlier ones (or none) back in sys.modules afterwards."""
    names = ["firmware", "firmware.boards"]
    for folder, prefix in (("firmware", "firmware."), ("firmware/boards", "firmware.boards.")):
        names += [prefix + f[:-3] for f in os.listdir(os.path.join(ROOT, folder))
                  if f.endswith(".py") and f != "__init__.py"]
    for name in names:
        _forget(monkeypatch, name)


def fw(name):
    """Import firmware.<name> (fresh in each test: see fresh_firmware)."""
    return importlib.import_module("firmware." + name)


def board(name):
    return fw("boards." + name)


class Rig:
    """The stand-in `machine`, with what reaches it recorded in one log: ("spi", pin levels,
    bytes) for each SPI write, ("pin", gpio, level) for each output write, ("sleep", ms)."""

    def __init__(self, machine):
        self.machine = machine
        self.log = []
        self.duty = {}  # gpio: the last PWM duty set on it
        self.ms = 0  # what time.ticks_ms() answers
        self.on_sleep = None  # called with the ms of each time.sleep_ms
        self.on_pin = None  # called after each output pin write
        self.on_spi = None  # called with the bytes of each machine.SPI.write, before it

    def sleep_ms(self, ms):
        self.log.append(("sleep", ms))
        if self.on_sleep:
            self.on_sleep(ms)

    def commands(self, b, since=0):
        """[(command, data bytes)] the panel of board `b` got since log entry `since`: a byte
        written with DC low is a command, bytes with DC high are its data."""
        out = []
        for entry in self.log[since:]:
            if entry[0] != "spi":
                continue
            _, levels, data = entry
            assert levels.get(b.CS) == 0, "an SPI write while the panel is not selected"
            if levels.get(b.DC) == 0:
                assert len(data) == 1, "a command is one byte"
                out.append((data[0], bytearray()))
            else:
                assert out, "data before any command"
                out[-1][1].extend(data)
        return [(c, bytes(d)) for c, d in out]

    def codes(self, b, since=0):
        return [c for c, _ in self.commands(b, since)]

    def pixels(self, b, since=0):
        """The pixel bytes of each RAMWR since `since`."""
        return [d for c, d in self.commands(b, since) if c == RAMWR]

    def writes(self, b, since=0):
        """Each RAMWR since `since` as (first column, last column, first row, last row, pixel
        bytes), in the visible area's coordinates: the CASET and RASET windows it wrote in."""
        cols = rows = None
        out = []
        for c, d in self.commands(b, since):
            if c in (CASET, RASET):
                first, last = (d[0] << 8) | d[1], (d[2] << 8) | d[3]
                off = b.XOFF if c == CASET else b.YOFF
                if c == CASET:
                    cols = (first - off, last - off)
                else:
                    rows = (first - off, last - off)
            elif c == RAMWR:
                assert cols and rows, "RAMWR before a window"
                out.append(cols + rows + (d,))
        return out

    def screen(self, b):
        """What the panel shows: its memory of the visible area (2 bytes a pixel, row by row)
        after every write since power-on, each RAMWR filling its window row by row."""
        w, h = b.WIDTH, b.HEIGHT
        ram = bytearray(w * h * 2)
        for x0, x1, y0, y1, d in self.writes(b):
            assert 0 <= x0 <= x1 < w and 0 <= y0 <= y1 < h, "a window off the visible area"
            assert len(d) <= (x1 - x0 + 1) * (y1 - y0 + 1) * 2, "more pixels than the window"
            span = (x1 - x0 + 1) * 2
            for i in range(0, len(d), span):
                y = y0 + i // span
                ram[(y * w + x0) * 2:(y * w + x0) * 2 + span] = d[i:i + span]
        return bytes(ram)

    def hold(self, *gpios):
        self.machine.low.clear()
        self.machine.low.update(gpios)

    def frames(self, dev, t, until, held=()):
        """Frames every 33 ms from time t while t < until, the GPIOs `held` low; the next t."""
        self.hold(*held)
        while t < until:
            dev.frame(t)
            t += 33
        return t

    def press(self, dev, t, gpio):
        """A key held for two frames (the debounce) then released for two; the next t."""
        t = self.frames(dev, t, t + 66, (gpio,))
        return self.frames(dev, t, t + 66)


@pytest.fixture
def rig(monkeypatch, tmp_path):
    """The virtual Pico's `machine` as sys.modules["machine"] (loaded afresh: its pins, stats
    and levels start empty), a fake `vpico`, and time.sleep_ms/ticks_ms/ticks_diff; the
    current folder (the device's flash) an empty one."""
    monkeypatch.chdir(tmp_path)
    vpico = types.ModuleType("vpico")
    vpico.reset = lambda: None
    vpico.host_loop = lambda: None
    monkeypatch.setitem(sys.modules, "vpico", vpico)
    spec = importlib.util.spec_from_file_location("machine", MACHINE_PY)
    machine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(machine)
    monkeypatch.setitem(sys.modules, "machine", machine)
    r = Rig(machine)

    def spi_write(self, buf):
        if r.on_spi:
            r.on_spi(bytes(buf))
        r.log.append(("spi", dict(machine._levels), bytes(buf)))

    def pwm_duty(self, d):
        r.duty[self.pin.gpio] = d

    pin_value = machine.Pin.value

    def pin_write(self, v=None):
        if v is not None:
            r.log.append(("pin", self.gpio, v))
        out = pin_value(self, v)
        if v is not None and r.on_pin:
            r.on_pin()
        return out

    monkeypatch.setattr(machine.SPI, "write", spi_write)
    monkeypatch.setattr(machine.PWM, "duty_u16", pwm_duty)
    monkeypatch.setattr(machine.Pin, "value", pin_write)
    monkeypatch.setattr(time, "sleep_ms", r.sleep_ms, raising=False)
    monkeypatch.setattr(time, "ticks_ms", lambda: r.ms, raising=False)
    monkeypatch.setattr(time, "ticks_diff", lambda a, b: a - b, raising=False)
    return r


def panel(name):
    """(display, board) of a board profile, built as the device does."""
    b = board(name)
    return fw("hw").display(b), b


def device(name):
    """(Device, board) for a board profile, with its framebuffer."""
    b = board(name)
    dev = fw("device").Device(b, bytearray(b.WIDTH * b.HEIGHT // 2))
    return dev, b


# --- the pixel expansion --------------------------------------------------------------------

def test_expand_gives_two_rgb565_pixels_a_byte_left_one_first():
    """Every byte value: the high nibble's colour, then the low nibble's, high bytes first."""
    expand = fw("px_plain").expand
    src = bytes(range(256))
    dst = bytearray(4 * 256)
    expand(dst, lut(), src, 0, 256)
    assert bytes(dst) == rgb565_bytes(src)
    assert dst[4 * 0x5D:4 * 0x5D + 4] == bytes((0xFE, 0x60, 0x5E, 0xDF))  # gold, then ME


def test_expand_from_an_offset_fills_only_the_start_of_dst():
    """src[start:start+count] lands in dst[0:4*count]; the rest of dst is left alone."""
    expand = fw("px_plain").expand
    rng = random.Random(7)
    src = bytes(rng.randrange(256) for _ in range(300))
    dst = bytearray(b"\xee" * 1000)
    expand(dst, lut(), src, 37, 200)
    assert bytes(dst[:800]) == rgb565_bytes(src[37:237])
    assert dst[800:] == b"\xee" * 200


# the game's colours, and others that try every bit of both bytes
PALETTES = [palette.RGB565, tuple(range(16)), tuple(0xFFFF - c for c in range(16)),
            tuple((0x00FF, 0xFF00, 0x8001, 0x7FFE) * 4)] + [
    tuple(random.Random(seed).randrange(65536) for _ in range(16)) for seed in range(4)]


@pytest.mark.parametrize("colours", PALETTES)
def test_the_drivers_table_expands_as_the_two_pixel_formula(colours):
    """The ST7789's 1 KB table of byte values (palette()), through expand, gives for every
    byte value and any palette what the 16 colours' table gave two pixels at a time."""
    b = board("pico_lcd_114")
    disp = fw("st7789").ST7789(None, None, None, None, None, b)
    disp.palette(colours)
    assert bytes(disp.lut) == lut(colours)
    src = bytes(range(256)) + bytes(random.Random(1).randrange(256) for _ in range(120))
    old32 = bytes(x for c in colours for x in c.to_bytes(2, "big"))
    want = bytearray(4 * len(src))
    two_pixel_expand(src, 0, len(src), old32, want)
    got = bytearray(4 * len(src))
    fw("px_plain").expand(got, disp.lut, src, 0, len(src))
    assert got == want


P22 = 4194301  # px_plain's prime (the largest below 2**22)


def rabin(row, h):
    """px_plain's hash of a row, straight from its definition: the bytes after h as one big
    number, modulo the prime."""
    return (h * 256 ** len(row) + int.from_bytes(row, "big")) % P22


def runs_of(rows):
    """[(first, after last)] of the sorted row numbers, in runs of consecutive rows."""
    out = []
    for y in rows:
        if out and out[-1][1] == y:
            out[-1][1] = y + 1
        else:
            out.append([y, y + 1])
    return [tuple(r) for r in out]


def changed(fn, buf, hashes, runs, w, h, seed=0x2B7E15):
    """[(first, after last)] of the runs fn (changed_rows) reports for a w x h frame."""
    n = fn(buf, seed, hashes, runs, w >> 3, h)
    return [(runs[2 * i], runs[2 * i + 1]) for i in range(n)]


@pytest.mark.parametrize("w, h", [(240, 135), (240, 240), (16, 3)])
def test_changed_rows_are_the_rows_whose_bytes_changed(w, h):
    """Frame after frame (bytes, pixels, whole rows and nothing changed, alternate rows, the
    first and last row), the plain twin reports exactly the rows that differ from the frame
    before, in runs, and keeps each row's hash as its definition says."""
    fn = fw("px_plain").changed_rows
    from array import array
    row = w // 2
    rng = random.Random(w * h)
    buf = bytearray(rng.randrange(256) for _ in range(row * h))
    hashes = array("I", bytes(4 * h))
    assert hashes.itemsize == 4
    runs = bytearray(h + 1)
    first = changed(fn, buf, hashes, runs, w, h)
    assert first == runs_of([y for y in range(h) if rabin(buf[y * row:(y + 1) * row], 0x2B7E15)])
    plans = [[], [0], [h - 1], list(range(0, h, 2)), list(range(1, h, 2)), list(range(h))]
    plans += [sorted(rng.sample(range(h), rng.randrange(1, h))) for _ in range(12)]
    for rows in plans:
        before = bytes(buf)
        for y in rows:
            kind = rng.randrange(3)
            if kind == 0:  # one byte
                i = y * row + rng.randrange(row)
                buf[i] ^= 1 << rng.randrange(8)
            elif kind == 1:  # one pixel's colour (a nibble)
                i = y * row + rng.randrange(row)
                buf[i] ^= rng.choice((0x80, 0x08, 0xF0, 0x0F, 0x10))
            else:  # the whole row
                buf[y * row:(y + 1) * row] = bytes(rng.randrange(256) for _ in range(row))
        diff = [y for y in range(h) if buf[y * row:(y + 1) * row] != before[y * row:(y + 1) * row]]
        assert changed(fn, buf, hashes, runs, w, h) == runs_of(diff), rows
        assert list(hashes) == [rabin(buf[y * row:(y + 1) * row], 0x2B7E15) for y in range(h)]
        assert changed(fn, buf, hashes, runs, w, h) == []  # and then nothing more


def test_changed_rows_a_one_byte_change_is_never_missed():
    """Every value of every byte of a row, changed from the row's: always a changed row (a
    prime divides no change to a single byte)."""
    fn = fw("px_plain").changed_rows
    from array import array
    rng = random.Random(3)
    base = bytes(rng.randrange(256) for _ in range(120))
    hashes = array("I", bytes(4))
    runs = bytearray(2)
    changed(fn, base, hashes, runs, 240, 1)
    for i in range(120):
        for v in range(256):
            if v != base[i]:
                row = bytearray(base)
                row[i] = v
                keep = array("I", hashes)
                assert changed(fn, row, keep, runs, 240, 1) == [(0, 1)], (i, v)


def twin_functions(folder, name):
    """{function: (its parameters, the first paragraph of its docstring)} of module `name`."""
    import ast
    with open(os.path.join(folder, name + ".py")) as f:
        tree = ast.parse(f.read())
    return {n.name: ([a.arg for a in n.args.args],
                     (ast.get_docstring(n) or "").split("\n\n")[0])
            for n in tree.body if isinstance(n, ast.FunctionDef)}


def twin_differences(folder=os.path.join(ROOT, "firmware")):
    """Where px_viper.py and px_plain.py in `folder` part: a function one has and the other
    lacks, or whose parameters or contract (the first paragraph of its docstring) differ."""
    viper, plain = twin_functions(folder, "px_viper"), twin_functions(folder, "px_plain")
    return sorted(n for n in set(viper) | set(plain) if viper.get(n) != plain.get(n))


def test_the_viper_and_plain_twins_share_their_contracts():
    """Each function of px_viper has its plain twin: the same parameters and the same
    contract, the first paragraph of its docstring, word for word."""
    folder = os.path.join(ROOT, "firmware")
    assert set(twin_functions(folder, "px_viper")) == {"expand", "changed_rows", "dma_start"}
    assert twin_differences() == []


@pytest.mark.parametrize("name, old, new, said", [
    ("px_plain", "def expand(d, ", "def expand(dst, ", ["expand"]),
    ("px_viper", "def changed_rows(", "def changed_rowz(", ["changed_rows", "changed_rowz"]),
    ("px_plain", '    """Wait until', '    """Planted: wait until', ["dma_start"]),
])
def test_twins_planted_apart_are_named(tmp_path, name, old, new, said):
    """Copies of the twins, one changed in a parameter's name, a function's name or its
    contract: the guard names the function."""
    for twin in ("px_viper", "px_plain"):
        shutil.copy(os.path.join(ROOT, "firmware", twin + ".py"), tmp_path / (twin + ".py"))
    assert twin_differences(str(tmp_path)) == []
    path = tmp_path / (name + ".py")
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    assert twin_differences(str(tmp_path)) == said


def test_st7789_falls_back_to_the_plain_expansion_on_cpython():
    """The shim's micropython.viper refuses native code: the driver takes px_plain's."""
    st7789 = fw("st7789")
    assert st7789.expand is fw("px_plain").expand


# --- the ST7789 driver on each board --------------------------------------------------------

@pytest.mark.parametrize("name", BOARDS)
def test_init_sets_the_panel_up_for_the_board(rig, name):
    """Orientation, 16-bit colour, inversion, out of sleep, display on; a hardware reset
    pulse, or a software reset where there is no reset line; 120 ms before SLPOUT."""
    disp, b = panel(name)
    start = len(rig.log)
    disp.init()
    cmds = rig.commands(b, start)
    codes = [c for c, _ in cmds]
    assert dict(cmds)[MADCTL] == bytes((b.MADCTL,))
    assert dict(cmds)[COLMOD] == b"\x05"
    assert (INVON in codes) == bool(b.INVERT)
    assert codes.index(MADCTL) < codes.index(SLPOUT) < codes.index(DISPON) == len(codes) - 1
    if b.RST is None:
        assert codes[0] == SWRESET
        reset_at = next(i for i, e in enumerate(rig.log) if e[0] == "spi" and i >= start)
    else:
        assert SWRESET not in codes
        rst = [(i, e[2]) for i, e in enumerate(rig.log) if e[:2] == ("pin", b.RST)]
        assert [v for _, v in rst][-2:] == [0, 1]  # pulled low, then released
        reset_at = rst[-1][0]
    slpout_at = [i for i, e in enumerate(rig.log)
                 if e[0] == "spi" and e[1].get(b.DC) == 0 and e[2] == bytes((SLPOUT,))][0]
    waited = sum(e[1] for e in rig.log[reset_at:slpout_at] if e[0] == "sleep")
    assert waited >= 120


# Each maker's voltage and gamma settings (VCOM 0xBB, gate voltages 0xB7, first gamma byte).
MAKERS = {"pico_lcd_114": (b"\x19", b"\x35", 0xD0), "pico_lcd_13": (b"\x19", b"\x35", 0xD0),
          "pico_display": (b"\x3d", b"\x75", 0x70)}


@pytest.mark.parametrize("name", BOARDS)
def test_init_sends_the_makers_panel_settings(rig, name):
    disp, b = panel(name)
    start = len(rig.log)
    disp.init()
    sent = dict(rig.commands(b, start))
    vcom, gate, gamma = MAKERS[name]
    assert sent[0xBB] == vcom and sent[0xB7] == gate
    assert sent[0xE0][0] == gamma and len(sent[0xE0]) == len(sent[0xE1]) == 14


def test_init_without_inversion_sends_no_invon(rig):
    """A panel that does not need inverting is not inverted."""
    b = board("pico_lcd_114")
    plain = types.SimpleNamespace(**{k: v for k, v in vars(b).items() if k.isupper()})
    plain.INVERT = False
    disp = fw("st7789").ST7789(*_parts(rig, b), plain)
    disp.init()
    codes = rig.codes(b)
    assert DISPON in codes and INVON not in codes


def _parts(rig, b):
    """spi, cs, dc, rst, bl of board b on the stand-in, as hw.display makes them."""
    m = rig.machine
    return (m.SPI(b.SPI_BUS), m.Pin(b.CS, m.Pin.OUT, value=1), m.Pin(b.DC, m.Pin.OUT, value=0),
            m.Pin(b.RST, m.Pin.OUT, value=1), m.PWM(m.Pin(b.BL)))


@pytest.mark.parametrize("name", BOARDS)
def test_show_sends_the_window_then_the_whole_frame_in_rgb565(rig, name):
    """CASET/RASET cover the visible area at the board's offsets (16-bit big-endian), then
    RAMWR and exactly W*H*2 bytes: the framebuffer expanded through the palette."""
    disp, b = panel(name)
    disp.palette(palette.RGB565)
    disp.init()
    rng = random.Random(name)
    buf = bytearray(rng.randrange(256) for _ in range(b.WIDTH * b.HEIGHT // 2))
    start = len(rig.log)
    disp.show(buf)
    cmds = rig.commands(b, start)
    assert [c for c, _ in cmds] == [CASET, RASET, RAMWR]
    x0, y0 = b.XOFF, b.YOFF
    x1, y1 = x0 + b.WIDTH - 1, y0 + b.HEIGHT - 1
    assert cmds[0][1] == bytes((x0 >> 8, x0 & 255, x1 >> 8, x1 & 255))
    assert cmds[1][1] == bytes((y0 >> 8, y0 & 255, y1 >> 8, y1 & 255))
    assert len(cmds[2][1]) == b.WIDTH * b.HEIGHT * 2
    assert cmds[2][1] == rgb565_bytes(buf)
    assert rig.machine._levels[b.CS] == 1  # deselected at the end


def test_sleep_and_wake(rig):
    """Asleep: display off, then sleep in; awake: sleep out, then display on."""
    disp, b = panel("pico_display")
    disp.init()
    start = len(rig.log)
    disp.sleep(True)
    assert rig.codes(b, start) == [DISPOFF, SLPIN]
    start = len(rig.log)
    disp.sleep(False)
    assert rig.codes(b, start) == [SLPOUT, DISPON]


def _command_at(rig, b, code, since=0):
    """The log index of the first command `code` sent from entry `since` on."""
    return next(i for i, e in enumerate(rig.log) if i >= since and e[0] == "spi"
                and e[1].get(b.DC) == 0 and e[2] == bytes((code,)))


def _slept(rig, start, end):
    return sum(e[1] for e in rig.log[start:end] if e[0] == "sleep")


def _reset_done(rig, b, since=0):
    """The log index where the panel's reset ends: its reset line released, or SWRESET."""
    if b.RST is None:
        return _command_at(rig, b, SWRESET, since)
    return max(i for i, e in enumerate(rig.log) if i >= since and e == ("pin", b.RST, 1))


@pytest.mark.parametrize("name", BOARDS)
def test_init_after_reset_waits_only_what_is_left_of_the_120_ms(rig, name):
    """reset() returns at once; init() sends its first command 120 ms after the reset (the
    panel may have been awake), counting the time spent since, and sleeps no longer."""
    disp, b = panel(name)
    for work in (0, 30, 100, 119, 200):
        start = len(rig.log)
        disp.reset()
        done = _reset_done(rig, b, start)
        assert rig.codes(b, start) == ([SWRESET] if b.RST is None else [])
        assert _slept(rig, done, len(rig.log)) == 0  # nothing waited for yet
        rig.ms += work  # other work meanwhile
        disp.init()
        first = next(i for i, e in enumerate(rig.log) if i > done and e[0] == "spi")
        waited = _slept(rig, done, first)
        assert work + waited >= 120
        assert waited <= max(0, 120 - work) + 1  # (ticks_ms counts whole ms)
        assert rig.codes(b, first)[-1] == DISPON


@pytest.mark.parametrize("name", BOARDS)
def test_init_waits_after_slpout_before_the_next_command_and_no_longer(rig, name):
    """5 ms after SLPOUT before DISPON (the datasheet's), and init on its own waits about the
    reset's 120 ms and those, no more."""
    disp, b = panel(name)
    start = len(rig.log)
    disp.init()
    slpout = _command_at(rig, b, SLPOUT, start)
    assert _slept(rig, slpout, _command_at(rig, b, DISPON, slpout)) >= 5
    assert _slept(rig, start, len(rig.log)) <= 135


def test_sleep_in_and_out_keep_120_ms_apart(rig):
    """SLPIN no sooner than 120 ms after SLPOUT, SLPOUT no sooner than 120 ms after SLPIN:
    waited for when they come close together, not when minutes apart."""
    disp, b = panel("pico_lcd_114")
    disp.init()
    for apart in (0, 50, 60_000):
        rig.ms += apart
        asleep = len(rig.log)
        disp.sleep(True)
        assert rig.codes(b, asleep) == [DISPOFF, SLPIN]
        slpin = _command_at(rig, b, SLPIN, asleep)
        assert apart + _slept(rig, asleep, slpin) >= 120
        rig.ms += apart
        start = len(rig.log)
        disp.sleep(False)
        assert rig.codes(b, start) == [SLPOUT, DISPON]
        slpout = _command_at(rig, b, SLPOUT, start)
        assert apart + _slept(rig, slpin, slpout) >= 120
        assert _slept(rig, slpout, _command_at(rig, b, DISPON, slpout)) >= 5
        if apart >= 120:  # nothing left to wait for
            assert _slept(rig, asleep, slpin) == _slept(rig, slpin, slpout) == 0


@pytest.mark.parametrize("name", BOARDS)
def test_backlight_percent_is_a_pwm_duty_on_the_bl_pin(rig, name):
    disp, b = panel(name)
    assert rig.duty[b.BL] == 0  # dark until the first frame
    for percent in (0, 8, 37, 80, 100):
        disp.backlight(percent)
        assert rig.duty[b.BL] == percent * 65535 // 100
    disp.backlight(37)  # and down again: each level as it is asked, not only brighter
    assert rig.duty[b.BL] == duty(37) < FULL


def _shown(rig, name):
    """(display, board, framebuffer) with a random frame already pushed whole."""
    disp, b = panel(name)
    disp.palette(palette.RGB565)
    disp.init()
    rng = random.Random(name)
    buf = bytearray(rng.randrange(256) for _ in range(b.WIDTH * b.HEIGHT // 2))
    disp.show(buf)
    assert rig.screen(b) == rgb565_bytes(buf)
    return disp, b, buf


def _row(b, buf, y):
    row = b.WIDTH // 2
    return rgb565_bytes(buf[y * row:(y + 1) * row])


@pytest.mark.parametrize("name", BOARDS)
def test_show_of_an_unchanged_frame_sends_nothing(rig, name):
    disp, b, buf = _shown(rig, name)
    start = len(rig.log)
    disp.show(buf)
    disp.show(bytearray(buf))  # the same pixels in another buffer
    assert [e for e in rig.log[start:] if e[0] in ("spi", "pin")] == []  # not even a window


@pytest.mark.parametrize("name", BOARDS)
def test_show_pushes_only_the_row_that_changed(rig, name):
    """One pixel of row 57 changed: the columns' window (the full width), a row window for
    row 57 alone and RAMWR with that row's W*2 bytes."""
    disp, b, buf = _shown(rig, name)
    buf[57 * b.WIDTH // 2 + 33] ^= 0x30
    start = len(rig.log)
    disp.show(buf)
    assert rig.codes(b, start) == [CASET, RASET, RAMWR]
    assert rig.writes(b, start) == [(0, b.WIDTH - 1, 57, 57, _row(b, buf, 57))]
    assert len(rig.pixels(b, start)[0]) == b.WIDTH * 2
    assert rig.screen(b) == rgb565_bytes(buf)
    assert rig.machine._levels[b.CS] == 1


@pytest.mark.parametrize("name", BOARDS)
def test_show_pushes_each_run_of_changed_rows_in_its_own_window(rig, name):
    """Rows 0-6 (more than a band), 20, 22 and the last row changed: a row window and RAMWR
    for each run, in order, each with exactly its rows; one columns' window before them."""
    disp, b, buf = _shown(rig, name)
    row = b.WIDTH // 2
    last = b.HEIGHT - 1
    for y in list(range(7)) + [20, 22, last]:
        buf[y * row + (y * 7) % row] ^= 0xFF
    start = len(rig.log)
    disp.show(buf)
    assert rig.codes(b, start) == [CASET] + [RASET, RAMWR] * 4
    want = [(0, 6), (20, 20), (22, 22), (last, last)]
    got = rig.writes(b, start)
    assert [(y0, y1) for _, _, y0, y1, _ in got] == want
    for (x0, x1, y0, y1, data) in got:
        assert (x0, x1) == (0, b.WIDTH - 1)
        assert data == b"".join(_row(b, buf, y) for y in range(y0, y1 + 1))
    assert rig.screen(b) == rgb565_bytes(buf)


@pytest.mark.parametrize("name", BOARDS)
def test_show_pushes_every_row_the_first_time_and_after_init_palette_or_wake(rig, name):
    disp, b, buf = _shown(rig, name)  # (the first push: checked whole there)
    full = [(0, b.WIDTH - 1, 0, b.HEIGHT - 1, rgb565_bytes(buf))]
    for again in (disp.init, lambda: disp.palette(palette.RGB565),
                  lambda: (disp.sleep(True), disp.sleep(False))):
        again()
        start = len(rig.log)
        disp.show(buf)  # the frame has not changed
        assert rig.writes(b, start) == full
        start = len(rig.log)
        disp.show(buf)
        assert rig.pixels(b, start) == []  # and then nothing again


def test_show_cut_short_pushes_every_row_next_time(rig):
    """An error in the middle of a push (the rows' hashes are already the new frame's): the
    next push is whole, so no row is left stale."""
    disp, b, buf = _shown(rig, "pico_lcd_114")
    buf[10 * 120] ^= 0x11
    buf[100 * 120] ^= 0x11
    real = disp.spi.write
    calls = []

    def failing(data):
        calls.append(len(data))
        if len(calls) == 6:  # within the first run's RAMWR
            raise OSError("bus")
        real(data)

    disp.spi.write = failing
    with pytest.raises(OSError):
        disp.show(buf)
    disp.spi.write = real
    disp.cs(1)
    start = len(rig.log)
    disp.show(buf)
    assert rig.writes(b, start) == [(0, b.WIDTH - 1, 0, b.HEIGHT - 1, rgb565_bytes(buf))]


# --- the push by DMA (rp2.DMA on a Pico) -----------------------------------------------------

SPI_BASE = (0x4003C000, 0x40040000)  # SPI0, SPI1 (RP2040 datasheet)
DREQ_TX = (16, 18)  # their transmit FIFOs' DMA requests
BUSY = 1 << 24  # a DMA channel's CTRL_TRIG: running


class Chip:
    """rp2.DMA, uctypes.addressof and machine.mem32 as a Pico's DMA and SPI behave, on the
    rig. A channel started through its registers (rp2.DMA.registers) stays busy for `polls`
    reads of its CTRL_TRIG, then takes the bytes at its read address (as they are then: a
    band overwritten while it is sent shows) into the SPI; the SPI reports itself busy
    (SSPSR) for `polls` reads more, then the bytes go out with the pins' levels of that
    moment (logged as an SPI write). Whatever is still under way when a pin changes or
    machine.SPI.write is called goes out then, after the change: so data sent after CS rose
    or DC fell shows in the log. Each byte sent also arrives in the receive FIFO (8 bytes,
    then an overrun), which machine.SPI.write of 32 bytes or more counts on being empty."""

    def __init__(self, rig, polls=3):
        self.rig = rig
        self.polls = polls
        self.bufs = []  # (address, buffer) of each addressof
        self.channels = []
        self.tx = []  # bytes in the SPI, not sent yet
        self.spi_wait = 0
        self.rx = 0  # bytes in the receive FIFO
        self.overrun = False
        self.dma_bytes = 0  # bytes the DMA moved to the SPI
        self.bus = None  # the SPI whose registers were touched

    # uctypes.addressof
    def addressof(self, buf):
        at = 0x20000000 + 0x10000 * len(self.bufs)
        self.bufs.append((at, buf))
        return at

    def read(self, at, n):
        for base, buf in self.bufs:
            if base <= at and at + n <= base + len(buf):
                return bytes(buf[at - base:at - base + n])
        raise AssertionError("the DMA reads outside every buffer: %x" % at)

    # machine.mem32
    def _reg(self, at):
        for bus, base in enumerate(SPI_BASE):
            if base <= at < base + 0x1000:
                if self.bus is None:
                    self.bus = bus
                assert bus == self.bus, "registers of both SPIs"
                return at - base
        raise AssertionError("mem32 at %x" % at)

    def __getitem__(self, at):
        reg = self._reg(at)
        if reg == 0x0C:  # SSPSR
            self.finish_dma()
            if self.tx:
                self.spi_wait -= 1
                if self.spi_wait > 0:
                    return 0x10 | 0x02  # BSY, TNF
                self.shift()
            return 0x03 | (0x04 if self.rx else 0)  # TNF, TFE, RNE
        if reg == 0x08:  # SSPDR: a received byte
            assert self.rx, "SSPDR read with the receive FIFO empty"
            self.rx -= 1
            return 0
        raise AssertionError("mem32 read of SPI register %x" % reg)

    def __setitem__(self, at, v):
        reg = self._reg(at)
        assert reg == 0x20 and v == 1, "only SSPICR's overrun bit is written"
        self.overrun = False

    def shift(self):
        """The SPI's bytes out now, with the pins as they are."""
        for data in self.tx:
            self.rig.log.append(("spi", dict(self.rig.machine._levels), data))
            self.rx = min(8, self.rx + len(data))
            self.overrun = self.overrun or self.rx + len(data) > 8
        self.tx = []

    def finish_dma(self):
        for ch in self.channels:
            if ch.busy:
                ch.done()

    def settle(self):
        """A pin changed or machine.SPI.write began: what is under way goes out now."""
        self.finish_dma()
        self.shift()

    def spi_write(self, data):
        self.settle()
        if len(data) >= 32:  # MicroPython's DMA write: done once it received as many bytes
            assert self.rx == 0, "machine.SPI.write with %d old bytes received" % self.rx
        else:  # pico-sdk's spi_write_blocking: drains the FIFO and clears the overrun
            self.rx = 0
            self.overrun = False


class FakeDMA:
    """rp2.DMA's channel (Chip has the behaviour)."""
    made = []

    def __init__(self):
        self.chip = Chip.current
        self.chip.channels.append(self)
        FakeDMA.made.append(self)
        self.configs = []
        self.ctrl = 0
        self.write = None
        self.reload = 0
        self.src = 0
        self.busy = 0
        self.starts = []  # (read address, count) of each start
        self.registers = Registers(self)

    def pack_ctrl(self, size=2, inc_read=True, inc_write=True, treq_sel=0x3F):
        return (1 | size << 2 | int(inc_read) << 4 | int(inc_write) << 5 | treq_sel << 15
                | 1 << 21)

    def config(self, read=None, write=None, count=None, ctrl=None, trigger=False):
        self.configs.append(dict(read=read, write=write, count=count, ctrl=ctrl,
                                 trigger=trigger))
        if write is not None:
            self.write = write
        if ctrl is not None:
            self.ctrl = ctrl
        assert not trigger and read is None and count is None, "started by its registers"

    def start(self):
        assert not self.busy, "a busy channel started again (the real one ignores it)"
        assert self.ctrl & 1, "started disabled"
        self.busy = self.chip.polls
        self.starts.append((self.src, self.reload))

    def done(self):
        self.busy = 0
        size = (self.ctrl >> 2) & 3
        assert size == 0 and not self.ctrl & 0x20, "bytes, to one register"
        reg = self.chip._reg(self.write)
        assert reg == 0x08, "the DMA writes to SSPDR"
        assert (self.ctrl >> 15) & 0x3F == DREQ_TX[self.chip.bus], "paced by that SPI's TX"
        self.chip.tx.append(self.chip.read(self.src, self.reload))
        self.chip.spi_wait = self.chip.polls
        self.chip.dma_bytes += self.reload


class Registers:
    """rp2.DMA.registers: the channel's 16 words (those the driver may use)."""

    def __init__(self, dma):
        self.dma = dma

    def __getitem__(self, i):
        d = self.dma
        if i == 3:  # CTRL_TRIG
            if d.busy:
                d.busy -= 1
                if not d.busy:
                    d.busy = 1
                    d.done()
            return d.ctrl | (BUSY if d.busy else 0)
        raise AssertionError("registers[%d] read" % i)

    def __setitem__(self, i, v):
        d = self.dma
        assert not d.busy, "registers written while the channel runs"
        if i == 14:  # AL3_TRANS_COUNT
            d.reload = v
        elif i == 15:  # AL3_READ_ADDR_TRIG
            d.src = v
            d.start()
        else:
            raise AssertionError("registers[%d] written" % i)


@pytest.fixture
def chip(rig, monkeypatch):
    """The rig with rp2.DMA, uctypes.addressof and machine.mem32 of a Pico (Chip)."""
    c = Chip(rig)
    monkeypatch.setattr(Chip, "current", c, raising=False)
    monkeypatch.setattr(FakeDMA, "made", [])
    _fake_module(monkeypatch, "rp2", DMA=FakeDMA)
    _fake_module(monkeypatch, "uctypes", addressof=c.addressof)
    monkeypatch.setattr(rig.machine, "mem32", c, raising=False)
    rig.on_pin = c.settle
    rig.on_spi = c.spi_write
    return c


@pytest.mark.parametrize("name", BOARDS)
def test_show_by_dma_sends_the_window_then_the_whole_frame(rig, chip, name):
    """With rp2.DMA the pixels go through one DMA channel to the board's SPI data register,
    byte by byte, paced by its transmit FIFO (Chip checks each): the same windows and
    bytes as by machine.SPI.write, CS raised only once they have all left the SPI."""
    disp, b = panel(name)
    assert len(FakeDMA.made) == 1 and disp.dma is FakeDMA.made[0]
    disp.palette(palette.RGB565)
    disp.init()
    rng = random.Random(name)
    buf = bytearray(rng.randrange(256) for _ in range(b.WIDTH * b.HEIGHT // 2))
    start = len(rig.log)
    disp.show(buf)
    assert chip.bus == b.SPI_BUS
    assert rig.codes(b, start) == [CASET, RASET, RAMWR]  # (every byte sent with CS low)
    assert rig.writes(b, start) == [(0, b.WIDTH - 1, 0, b.HEIGHT - 1, rgb565_bytes(buf))]
    assert chip.dma_bytes == b.WIDTH * b.HEIGHT * 2  # all of them by the DMA
    assert rig.log[-1] == ("pin", b.CS, 1)  # deselected after the last byte went out
    starts = [src for src, _ in disp.dma.starts]
    assert len(set(starts)) == 2  # two buffers in turn: one filled while the other is sent
    assert all(x != y for x, y in zip(starts, starts[1:]))


@pytest.mark.parametrize("name", BOARDS)
def test_show_by_dma_pushes_each_run_of_changed_rows_in_its_own_window(rig, chip, name):
    disp, b, buf = _shown(rig, name)
    row = b.WIDTH // 2
    last = b.HEIGHT - 1
    for y in list(range(7)) + [20, 22, last]:
        buf[y * row + (y * 7) % row] ^= 0xFF
    start = len(rig.log)
    sent = chip.dma_bytes
    disp.show(buf)
    assert rig.codes(b, start) == [CASET] + [RASET, RAMWR] * 4
    got = rig.writes(b, start)
    assert [(y0, y1) for _, _, y0, y1, _ in got] == [(0, 6), (20, 20), (22, 22), (last, last)]
    for (x0, x1, y0, y1, data) in got:
        assert (x0, x1) == (0, b.WIDTH - 1)
        assert data == b"".join(_row(b, buf, y) for y in range(y0, y1 + 1))
    assert chip.dma_bytes - sent == 10 * b.WIDTH * 2
    assert rig.screen(b) == rgb565_bytes(buf)
    start = len(rig.log)
    disp.show(buf)
    assert [e for e in rig.log[start:] if e[0] in ("spi", "pin")] == []  # nothing changed


@pytest.mark.parametrize("polls", [1, 2, 7])
def test_show_by_dma_waits_for_the_spi_before_cs_and_the_next_command(rig, chip, polls):
    """However long the DMA and the SPI take (Chip's polls), each run's bytes all go out
    with CS low and DC high, before the next run's RASET; the band's two rows are never
    overwritten while they are sent; and the SPI's receive FIFO is left empty, its overrun
    cleared, so that a later machine.SPI.write of many bytes is not ended early."""
    chip.polls = polls
    disp, b, buf = _shown(rig, "pico_lcd_114")
    for y in (3, 4, 5, 6, 7, 40, 41, 90):
        buf[y * 120 + y] ^= 0x5A
    start = len(rig.log)
    disp.show(buf)
    assert [(y0, y1) for _, _, y0, y1, _ in rig.writes(b, start)] == [(3, 7), (40, 41),
                                                                       (90, 90)]
    assert rig.screen(b) == rgb565_bytes(buf)
    assert chip.rx == 0 and not chip.overrun
    start = len(rig.log)
    disp._cmd(RAMWR, bytes(range(64)))  # 64 bytes by machine.SPI.write (Chip checks it)
    assert rig.commands(b, start) == [(RAMWR, bytes(range(64)))]


def test_show_by_dma_sets_the_channel_up_once(rig, chip):
    """The channel is claimed and configured when the driver is made (its write address and
    control word); a push only starts it through its registers."""
    disp, b, buf = _shown(rig, "pico_display")
    dma = disp.dma
    assert [c["write"] for c in dma.configs] == [SPI_BASE[0] + 0x08]
    for y in range(0, 135, 7):
        buf[y * 120] ^= 0x33
        disp.show(buf)
    assert len(FakeDMA.made) == 1 and len(dma.configs) == 1
    assert rig.screen(b) == rgb565_bytes(buf)


def test_without_rp2_dma_each_band_goes_by_spi_write(rig):
    """No rp2 module (CPython, the npm MicroPython): bands of at most 2 rows by
    machine.SPI.write."""
    disp, b = panel("pico_lcd_114")
    assert disp.dma is None
    disp.palette(palette.RGB565)
    disp.init()
    buf = bytearray(range(256)) * (b.WIDTH * b.HEIGHT // 2 // 256) + bytearray(
        b.WIDTH * b.HEIGHT // 2 % 256)
    start = len(rig.log)
    disp.show(buf)
    data = [e[2] for e in rig.log[start:] if e[0] == "spi" and e[1].get(b.DC) == 1]
    pixels = data[2:]  # (after the two windows' four bytes each)
    assert [len(d) for d in data[:2]] == [4, 4]
    assert max(len(d) for d in pixels) == b.WIDTH * 2 * 2
    assert b"".join(pixels) == rgb565_bytes(buf)


# --- buttons and power ----------------------------------------------------------------------

def test_buttons_are_active_low_and_a_press_counts_after_two_reads(rig):
    buttons = fw("buttons").Buttons(board("pico_lcd_114").KEYS)
    assert buttons.read() == 0  # all pins high: nothing held
    rig.hold(17)  # B
    assert buttons.read() == 0  # one read: maybe a bounce
    assert buttons.read() == K.B
    assert buttons.read() == K.B
    rig.hold()
    assert buttons.read() == K.B  # the release needs two reads too
    assert buttons.read() == 0


def test_buttons_ignore_a_one_read_glitch(rig):
    buttons = fw("buttons").Buttons(board("pico_lcd_114").KEYS)
    buttons.read()
    rig.hold(2)  # UP for one read only
    assert buttons.read() == 0
    rig.hold()
    assert buttons.read() == 0
    assert buttons.read() == 0
    rig.hold(18)  # DOWN held, with a one-read drop-out
    buttons.read()
    assert buttons.read() == K.DOWN
    rig.hold()
    assert buttons.read() == K.DOWN
    rig.hold(18)
    assert buttons.read() == K.DOWN
    assert buttons.read() == K.DOWN


def test_a_press_the_edges_saw_held_counts_at_the_first_read(rig):
    """A key answers a frame sooner: a pin its edge saw go down 8 ms or more ago counts at
    the next read; one down for less (maybe a bounce) waits for a second read to agree."""
    buttons = fw("buttons").Buttons(board("pico_lcd_114").KEYS)
    buttons.read()
    rig.hold(17)  # B
    rig.machine.edge(17)
    rig.ms += 5
    assert buttons.read() == 0
    assert buttons.read() == K.B
    rig.hold()
    rig.machine.edge(17)
    assert [buttons.read() for _ in range(2)] == [K.B, 0]
    rig.hold(17)
    rig.machine.edge(17)
    rig.ms += 12
    assert buttons.read() == K.B
    rig.hold(17, 18)  # DOWN too, its edge unseen: it waits for the second read
    assert buttons.read() == K.B
    assert buttons.read() == K.B | K.DOWN


def _tap(rig, gpio, ms):
    """gpio pressed for `ms` and let go, between two reads, its edges seen as interrupts."""
    rig.hold(gpio)
    rig.machine.edge(gpio)
    rig.ms += ms
    rig.hold()
    rig.machine.edge(gpio)


def test_a_tap_between_two_reads_counts_as_one_press(rig):
    buttons = fw("buttons").Buttons(board("pico_lcd_114").KEYS)
    assert buttons.read() == 0
    _tap(rig, 18, 20)  # DOWN, 20 ms: no read saw it
    assert buttons.read() == K.DOWN
    assert buttons.read() == 0 and buttons.read() == 0


def test_a_tap_seen_by_one_read_counts_once_and_noise_not_at_all(rig):
    buttons = fw("buttons").Buttons(board("pico_lcd_114").KEYS)
    buttons.read()
    rig.hold(2)  # UP, 40 ms: one read sees it held
    rig.machine.edge(2)
    assert buttons.read() == 0  # (one read: maybe a bounce)
    rig.ms += 40
    rig.hold()
    rig.machine.edge(2)
    assert [buttons.read() for _ in range(3)] == [K.UP, 0, 0]
    _tap(rig, 2, 2)  # 2 ms: a bounce or noise, not a press
    assert buttons.read() == 0


def test_the_bounces_of_a_release_are_no_press(rig):
    buttons = fw("buttons").Buttons(board("pico_lcd_114").KEYS)
    rig.hold(17)  # B held
    rig.machine.edge(17)
    buttons.read()
    assert buttons.read() == K.B
    rig.ms += 300
    for _ in range(3):  # let go, with bounces
        rig.hold()
        rig.machine.edge(17)
        rig.ms += 1
        rig.hold(17)
        rig.machine.edge(17)
    rig.hold()
    rig.machine.edge(17)
    assert buttons.read() == K.B  # (the release needs two reads)
    assert [buttons.read() for _ in range(3)] == [0, 0, 0]


def test_an_error_before_the_device_is_made_still_reaches_the_crash_screen(rig, tmp_path,
                                                                          monkeypatch):
    """A damaged file of the bundle (fonts.bin, which engine/ui/text.py refuses) stops the
    game before the device is made: the crash screen sets up the panel and buttons again and
    says what is wrong, and A restarts."""
    monkeypatch.chdir(tmp_path)

    class Failing(_FakeDevice):
        def __init__(self, b, buf):
            raise OSError("fonts.bin is missing or damaged: flash the game again")

    _fake_module(monkeypatch, "firmware.device", Device=Failing)
    texts = []

    def text(fb, s, x, y, c=1):
        texts.append(s)
        fb.fill_rect(x, y, 8 * len(s), 8, c)

    monkeypatch.setattr(framebuf.FrameBuffer, "text", text, raising=False)
    monkeypatch.setattr(sys, "print_exception", lambda e, file=None: None, raising=False)

    def reset():
        raise Restarted

    monkeypatch.setattr(rig.machine, "reset", reset)
    b = board("pico_lcd_114")
    start = len(rig.log)
    waits = []

    def on_sleep(ms):
        if rig.pixels(b, start):
            waits.append(ms)
            if len(waits) == 2:
                rig.hold(15)

    rig.on_sleep = on_sleep
    with pytest.raises(Restarted):
        _power_on()
    assert "Something went wrong" in texts
    assert "flash the game again" in "".join(texts)
    assert rig.pixels(b, start) and rig.duty[b.BL] == duty(60)


def test_joystick_press_and_key_a_are_both_a(rig):
    """On the Pico-LCD-1.14 the joystick's press (GP3) and key A (GP15) are one button."""
    buttons = fw("buttons").Buttons(board("pico_lcd_114").KEYS)
    for gpio in (3, 15):
        rig.hold(gpio)
        buttons.read()
        assert buttons.read() == K.A
        rig.hold()
        buttons.read()
        assert buttons.read() == 0
    rig.hold(3, 15, 20)
    buttons.read()
    assert buttons.read() == K.A | K.RIGHT


def test_a_linked_device_rests_until_the_other_handhelds_bytes_come(rig, monkeypatch):
    """Between frames the device sleeps out the frame; in a linked game it wakes as the
    cable's bytes come (a few ms more for the rest of the message), the next frame sooner."""
    dev, b = device("pico_lcd_114")
    sleeps = []

    def on_sleep(ms):
        sleeps.append(ms)
        rig.ms += ms
    rig.on_sleep = on_sleep
    dev._rest(30)
    assert sleeps == [30]  # (no link: the whole rest at once)

    class Line:
        at = None  # when the bytes come (ms)

        def any(self):
            return 0 if self.at is None or rig.ms < self.at else 5
    line = Line()
    monkeypatch.setattr(fw("device"), "_cable", lambda: (line, b"test"))
    dev.app.link = object()
    del sleeps[:]
    dev._rest(30)
    assert sum(sleeps) == 30 and max(sleeps) <= 2  # (silence: the whole frame, looking)
    del sleeps[:]
    line.at = rig.ms + 7
    dev._rest(30)
    assert sum(sleeps) < 14 and sleeps[-1] == 3  # (woken at 8 ms, then the message's rest)
    del sleeps[:]
    line.at = rig.ms  # (bytes already there: the frame, 3 ms so far, lasts 10 ms at least)
    dev._rest(30)
    assert 7 <= sum(sleeps) - 3 < 10 and sleeps[-1] == 3


def _collected(rig, monkeypatch, used, plan):
    """The device's loop over the frames of `plan`, each (ms it takes, bytes it allocates, a
    long step next) on a heap of 200,000 bytes with `used` in use after a collection: after
    which frames (1 the first) it collected."""
    dev, b = device("pico_lcd_114")
    done = []
    ran = []

    class Heap:
        def mem_alloc(self):
            return self.used

        def mem_free(self):
            return 200_000 - self.used

        def collect(self):
            done.append(len(ran))
            self.used = used
    heap = Heap()
    heap.used = used
    monkeypatch.setattr(fw("device"), "gc", heap)

    class Over(Exception):
        pass

    def frame(now):
        if len(ran) == len(plan):
            raise Over
        ms, grown, long_next = plan[len(ran)]
        ran.append(now)
        rig.ms += ms
        heap.used += grown
        dev.app.long_next = long_next
    dev.frame = frame
    rig.on_sleep = lambda ms: setattr(rig, "ms", rig.ms + ms)
    with pytest.raises(Over):
        dev.run()
    return done


def test_the_device_collects_the_garbage_piled_up_in_a_frame_s_spare_time(rig, monkeypatch):
    """Between frames, only in a frame with time to spare, once 16 KB have been allocated
    since the last collection: the computer's thinking (frames full, garbage piling up) is
    never stopped for it, and the first light frame after collects it, so that the player's
    next key does not meet a full heap (the collector inside a frame: 20-25 ms on the
    emulated Pico)."""
    plan = [(30, 8000), (30, 8000), (30, 8000), (2, 0), (2, 0), (2, 20000), (30, 20000),
            (2, 0), (2, 9000), (2, 9000)]
    assert _collected(rig, monkeypatch, 100_000, [x + (False,) for x in plan]) == [4, 6, 8, 10]


def test_a_nearly_full_heap_is_collected_before_a_long_step(rig, monkeypatch):
    """Under 16 KB free, a frame whose work stopped before a long step (the screens' run)
    collects, spare time or not: a review's frames leave none, and the collector running of
    itself inside one of the computer's long steps (some 55 ms on the emulated Pico) made a
    frame of 70-90 ms. Other frames do not: the computer's thinking would collect more often."""
    # free after each frame: 20, 17 KB, 16 KB (collected), 11 KB without and with a long
    # step next
    plan = [(30, 0, True), (35, 3000, True), (30, 1000, True), (55, 9000, False), (20, 0, True)]
    assert _collected(rig, monkeypatch, 180_000, plan) == [3, 5]


def test_the_screens_work_stopped_before_a_long_step_says_so(rig):
    """App.run: a step yielding 1 ends the frame's work, the next step being long; the
    device's loop reads long_next after the frame (and clears it)."""
    app = device("pico_lcd_114")[0].app
    app.spare = lambda: True

    def work():
        yield
        yield
        yield 1
        yield
    steps = work()
    app.run(steps)
    assert app.long_next and next(steps) is None
    app.long_next = False
    app.spare = lambda: False
    app.run(work())
    assert not app.long_next


def test_power_dims_after_30s_and_sleeps_after_2min_without_a_key():
    power = fw("power")
    p = power.Power(0)
    assert p.update(0, 29_999) == 0 and p.state == power.ON
    assert p.update(0, 30_000) == 0 and p.state == power.DIM
    assert p.update(0, 119_999) == 0 and p.state == power.DIM
    assert p.update(0, 120_000) == 0 and p.state == power.OFF


def test_power_keys_while_on_pass_and_restart_the_wait():
    power = fw("power")
    p = power.Power(0)
    assert p.update(K.A, 20_000) == K.A
    assert p.update(0, 20_033) == 0
    assert p.update(K.LEFT, 25_000) == K.LEFT
    assert p.update(0, 54_999) == 0 and p.state == power.ON  # 30 s from the last key
    assert p.update(0, 55_000) == 0 and p.state == power.DIM


@pytest.mark.parametrize("asleep", [30_000, 120_000])
def test_power_the_waking_key_is_masked_until_released(asleep):
    """A key in DIM or OFF wakes (ON) and is not passed on, however long it is held; another
    key pressed meanwhile passes; after the release the same key acts again."""
    power = fw("power")
    p = power.Power(0)
    p.update(0, asleep)
    assert p.state != power.ON
    assert p.update(K.A, asleep + 33) == 0 and p.state == power.ON
    assert p.update(K.A, asleep + 66) == 0
    assert p.update(K.A, asleep + 5000) == 0
    assert p.update(K.A | K.DOWN, asleep + 5033) == K.DOWN
    assert p.update(K.A, asleep + 5066) == 0
    assert p.update(0, asleep + 5099) == 0
    assert p.update(K.A, asleep + 5132) == K.A


# --- the device's main loop -----------------------------------------------------------------

def _language_chosen(folder, code="en"):
    """The kept settings of a device whose language was chosen (at an earlier power-on)."""
    from engine.ui.files import seal
    (folder / "data").mkdir()
    (folder / "data" / "settings.txt").write_text(seal("lang %s\n" % code))


def test_device_asks_the_language_at_its_first_power_on_only(rig, tmp_path, monkeypatch):
    """A new device asks, each language written in itself; the choice is kept, the title
    follows, and the next power-on goes straight to the title in that language."""
    from engine.ui import lang
    monkeypatch.chdir(tmp_path)
    dev, b = device("pico_lcd_114")
    t = rig.frames(dev, 0, 200)
    ask = dev.app.screen
    assert type(ask).__name__ == "Menu" and [r[0] for r in ask.rows] == [
        "English", "Русский", "Українська", "Magyar"]
    assert rig.screen(b) == rgb565_bytes(dev.buf)
    t = rig.press(dev, t, 18)  # DOWN
    t = rig.press(dev, t, 18)  # DOWN
    t = rig.press(dev, t, 15)  # A: Українська
    rig.frames(dev, t, t + 200)
    assert type(dev.app.screen).__name__ == "Title" and lang.code == "uk"
    assert "lang uk" in (tmp_path / "data" / "settings.txt").read_text()
    lang.use("en")
    again, _ = device("pico_lcd_114")
    again.frame(0)
    assert type(again.app.screen).__name__ == "Title" and lang.code == "uk"
    lang.use("en")


def test_device_shows_the_title_on_its_first_frame(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _language_chosen(tmp_path)
    dev, b = device("pico_lcd_114")
    assert DISPON in rig.codes(b)  # the panel set up
    assert rig.pixels(b) == [] and rig.duty[b.BL] == 0  # nothing shown yet, backlight off
    start = len(rig.log)
    dev.frame(0)
    assert type(dev.app.screen).__name__ == "Title"
    shown = rig.pixels(b, start)
    assert shown == [rgb565_bytes(dev.buf)]
    colours = {x >> 4 for x in dev.buf} | {x & 15 for x in dev.buf}
    assert {palette.BG, palette.GOLD} <= colours  # the title drawn on the table
    assert rig.duty[b.BL] == duty(80)  # default brightness 4 of 5
    start = len(rig.log)
    dev.frame(33)
    assert rig.pixels(b, start) == []  # nothing changed: nothing sent


@pytest.mark.parametrize("name", BOARDS)
def test_device_resets_the_panel_before_loading_the_title_and_sets_it_up_after(
        rig, tmp_path, monkeypatch, name):
    """The panel's 120 ms after its reset are spent loading (App.start: the title's module,
    fonts and files): the reset comes before it, the panel's first command after it, and the
    device waits only what the loading left of the 120 ms."""
    monkeypatch.chdir(tmp_path)
    from engine.ui.app import App
    real = App.start

    def start(self):
        rig.log.append(("app start",))
        rig.ms += 90  # the loading's time
        real(self)

    monkeypatch.setattr(App, "start", start)
    dev, b = device(name)
    reset = _reset_done(rig, b)
    loaded = rig.log.index(("app start",))
    first = next(i for i, e in enumerate(rig.log) if i > reset and e[0] == "spi")
    assert reset < loaded < first
    assert 90 + _slept(rig, reset, first) >= 120
    assert _slept(rig, reset, first) <= 31
    assert rig.codes(b)[-1] == DISPON
    dev.frame(0)
    assert rig.screen(b) == rgb565_bytes(dev.buf)


def test_device_a_press_leaves_the_title_for_the_main_menu(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _language_chosen(tmp_path)
    dev, b = device("pico_lcd_114")
    t = rig.frames(dev, 0, 1000)
    rig.hold(15)
    dev.frame(t)
    assert type(dev.app.screen).__name__ == "Title"  # one read is not a press yet
    start = len(rig.log)
    t = rig.frames(dev, t + 33, t + 66, (15,))
    rig.frames(dev, t, t + 200)  # released
    menu = dev.app.screen
    assert type(menu).__name__ == "Menu" and menu.title == "SCHOTTEN TOTTEN"
    assert rig.pixels(b, start)  # the rows that changed were pushed: the panel shows the menu
    assert rig.screen(b) == rgb565_bytes(dev.buf)


def test_device_dims_sleeps_and_a_key_only_wakes_it(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _language_chosen(tmp_path)
    dev, b = device("pico_lcd_114")
    t = rig.frames(dev, 0, 29_999)
    dev.frame(29_999)
    assert rig.duty[b.BL] == duty(80)
    dev.frame(30_000)
    assert rig.duty[b.BL] == duty(8)  # dimmed
    rig.frames(dev, 30_033, 119_999)
    start = len(rig.log)
    dev.frame(119_999)
    assert SLPIN not in rig.codes(b, start)
    dev.frame(120_000)
    assert rig.codes(b, start)[-2:] == [DISPOFF, SLPIN]
    assert rig.duty[b.BL] == 0
    start = len(rig.log)
    dev.app.dirty = True  # a screen that changed while the panel sleeps
    t = rig.frames(dev, 120_033, 180_000)
    assert rig.pixels(b, start) == []  # not sent to a sleeping panel
    start = len(rig.log)
    t = rig.press(dev, t, 15)
    cmds = rig.codes(b, start)
    assert cmds[:3] == [SLPOUT, DISPON, CASET]
    assert rig.pixels(b, start) == [rgb565_bytes(dev.buf)]  # what was drawn meanwhile
    assert rig.duty[b.BL] == duty(80)
    assert type(dev.app.screen).__name__ == "Title"  # the key only woke the panel
    rig.press(dev, t, 15)
    assert type(dev.app.screen).__name__ == "Menu"  # the next press acts


def test_device_a_key_when_dimmed_restores_the_backlight_only(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _language_chosen(tmp_path)
    dev, b = device("pico_lcd_114")
    t = rig.frames(dev, 0, 40_000)
    assert rig.duty[b.BL] == duty(8)
    start = len(rig.log)
    rig.press(dev, t, 15)
    assert rig.duty[b.BL] == duty(80)
    assert SLPOUT not in rig.codes(b, start)  # it never slept
    assert type(dev.app.screen).__name__ == "Title"


def test_kept_files_live_in_their_folder_and_an_earlier_build_s_are_moved_there(rig,
                                                                                 tmp_path):
    """An update finds the saved game, settings, statistics and damaged copies where the
    earlier build kept them (the top level) and moves them into data/, never over a file;
    the game's own files and the board's name stay where they are."""
    from engine.ui.files import seal
    for name, text in (("game.sav", "x"), ("settings.txt", "brightness 2\n"),
                       ("stats.txt", "hard 1 0\n"), ("game.bad", "bad"), ("board.txt", "b"),
                       ("main.py", "m")):
        (tmp_path / name).write_text(seal(text) if name.endswith(".txt") else text)
    dev, b = device("pico_lcd_114")
    data = tmp_path / "data"
    assert sorted(p.name for p in data.iterdir()) == ["game.bad", "game.sav", "settings.txt",
                                                      "stats.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.txt", "data", "main.py"]
    assert dev.app.settings.brightness == 2  # read from where it went
    (tmp_path / "stats.txt").write_text("an older copy")  # (put back by hand)
    device("pico_lcd_114")  # the folder is there: nothing more is moved
    assert (tmp_path / "stats.txt").read_text() == "an older copy"
    assert (data / "stats.txt").read_text() == seal("hard 1 0\n")


def test_device_brightness_setting_is_20_to_100_percent(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    dev, b = device("pico_lcd_114")
    t = 0
    for level in (1, 2, 3, 4, 5, 2):
        dev.app.settings.brightness = level
        dev.frame(t)
        t += 33
        assert rig.duty[b.BL] == duty(20 * level)
    from engine.ui.settings_file import write
    write(dev.app.settings)  # kept in data/settings.txt on the flash: read at power-on
    assert (tmp_path / "data" / "settings.txt").exists()
    again, _ = device("pico_lcd_114")
    again.frame(0)
    assert rig.duty[b.BL] == duty(40)
    t = rig.frames(again, 33, 30_100)
    assert rig.duty[b.BL] == duty(8)  # dimmed below even the dimmest setting


def test_device_led_shows_the_turn_only_on_the_board(rig, tmp_path, monkeypatch):
    """Pimoroni Pico Display: the RGB LED (GP6-8, active low) is lit while a game is shown,
    off on other screens and while the screen is dimmed."""
    monkeypatch.chdir(tmp_path)
    from engine.ui.play import Play
    from engine.ui.session import Session
    dev, b = device("pico_display")
    assert b.LED == (6, 7, 8)

    def led():
        return [rig.duty[g] for g in b.LED]

    dev.frame(0)
    assert led() == [FULL] * 3  # the title: off
    app = dev.app
    app.go(Play(app, Session(5, "easy")))
    t = rig.frames(dev, 33, 2000)
    assert app.turn in (1, 2)
    colour = palette.RGB565[palette.ME if app.turn == 1 else palette.THEM]
    lit = led()
    assert all(d < FULL for d in lit)  # both players' colours have red, green and blue
    share = ((colour >> 11) / 31, ((colour >> 5) & 63) / 63, (colour & 31) / 31)
    # the player's colour: its strongest channel driven lowest (active low), and so on
    assert sorted(range(3), key=lambda i: lit[i]) == sorted(range(3), key=lambda i: -share[i])
    t = rig.frames(dev, t, 40_000)  # no key for 30 s: dimmed
    assert led() == [FULL] * 3
    t = rig.press(dev, t, 12)  # A wakes it
    assert led() != [FULL] * 3
    from engine.ui.title import Title
    app.go(Title(app))
    rig.frames(dev, t, t + 100)
    assert led() == [FULL] * 3


def test_device_while_the_computer_thinks_only_the_moving_dots_are_pushed(rig, tmp_path,
                                                                        monkeypatch):
    """A frame whose dots do not move pushes nothing (the frame's time all goes to the
    thinking); when they move, only rows of the hint line go to the panel."""
    monkeypatch.chdir(tmp_path)
    from engine.ui.play import Play, CPU
    from engine.ui.session import Session
    dev, b = device("pico_lcd_114")
    dev.frame(0)
    app = dev.app
    session = Session(5, "hard")
    assert session.match.game.player == 1  # the computer plays first
    app.go(Play(app, session))
    play = app.screen
    app.spare = lambda: False  # one slice of its work a frame (the rig's clock stands still)
    dev.frame(33)  # the board, drawn whole: its first drawing over two frames
    dev.frame(66)
    t = 99
    moves = 0
    while play.mode == CPU:
        start = len(rig.log)
        spin = play.spin
        dev.frame(t)
        t += 33
        if play.mode != CPU:
            break
        if play.spin == spin:
            assert [e for e in rig.log[start:] if e[0] == "spi"] == []
        else:
            moves += 1
            rows = [y for _, _, y0, y1, _ in rig.writes(b, start) for y in range(y0, y1 + 1)]
            assert rows and min(rows) >= b.HEIGHT - 9  # the hint line: its bottom 9 rows
        assert rig.screen(b) == rgb565_bytes(dev.buf)
    assert moves >= 3


# --- power-on -------------------------------------------------------------------------------

def test_board_name_comes_from_board_txt(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    start = fw("start")
    assert start.board_name() == "pico_lcd_114"  # no board.txt
    (tmp_path / "board.txt").write_text("pico_display\n")
    assert start.board_name() == "pico_display"
    (tmp_path / "board.txt").write_text("  pico_lcd_13 \r\n")
    assert start.board_name() == "pico_lcd_13"
    (tmp_path / "board.txt").write_text(" \n")
    assert start.board_name() == "pico_lcd_114"


def test_a_board_txt_in_other_scripts_letters_or_digits_names_the_default(tmp_path,
                                                                          monkeypatch):
    """A module name is ASCII letters, digits and "_", read alike on both runtimes (CPython's
    isalpha and isdigit take any script's): others give the default board."""
    monkeypatch.chdir(tmp_path)
    start = fw("start")
    for name in ("pico_lcd_\u0661\u0661\u0664", "pico_lcd_11\u00b2", "pico_lcd_\uff11\uff13",
                 "pico_\u0434isplay", "pico_display\u00a0x"):
        (tmp_path / "board.txt").write_text(name + "\n", encoding="utf-8")
        assert start.board_name() == "pico_lcd_114", name


def test_a_damaged_board_txt_never_stops_the_game(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    start = fw("start")
    for data in (b"\xff\xfe\x00garbage", b"../../main", b"os.path", b"x" * 5000, b"\x00"):
        (tmp_path / "board.txt").write_bytes(data)
        name = start.board_name()
        assert start.load_board(name).WIDTH == 240
    (tmp_path / "board.txt").write_text("pico_lcd_99\n")  # no such board here
    assert start.load_board(start.board_name()).__name__.endswith("pico_lcd_114")
    assert "no board of this bundle (pico_lcd_99)" in capsys.readouterr().out
    (tmp_path / "board.txt").unlink()
    (tmp_path / "board.txt").mkdir()  # a folder of that name
    assert start.board_name() == "pico_lcd_114"


@pytest.mark.parametrize("name", BOARDS)
def test_load_board_gives_the_profile(name):
    assert fw("start").load_board(name).NAME == name


def _power_on():
    """firmware/main.py, run as the Pico runs it at power-on."""
    path = os.path.join(ROOT, "firmware", "main.py")
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), {"__name__": "__main__"})


class _FakeDevice:
    """The device's hardware left out: its own play() (the crash screen's guard) runs."""
    made = []
    play = None  # (the real Device.play: _fake_device)

    def __init__(self, b, buf):
        self.board = b
        self.made.append((b.NAME, len(buf)))

    def run(self):
        self.made.append("run")
        self.made.append("boot code loaded" if "firmware.start" in sys.modules else "boot code gone")


def _fake_device(monkeypatch, cls=_FakeDevice):
    monkeypatch.setattr(_FakeDevice, "made", [])
    monkeypatch.setattr(_FakeDevice, "play", fw("device").Device.play)
    _fake_module(monkeypatch, "firmware.device", Device=cls)


def _fake_module(monkeypatch, name, **attrs):
    mod = types.ModuleType(name)
    vars(mod).update(attrs)
    monkeypatch.setitem(sys.modules, name, mod)
    return mod


@pytest.mark.parametrize("name, gpio", [("pico_lcd_114", 17), ("pico_display", 13),
                                        ("pico_lcd_13", 17)])
def test_b_held_at_power_on_leaves_the_repl_free(rig, tmp_path, monkeypatch, capsys, name,
                                                 gpio):
    monkeypatch.chdir(tmp_path)
    if name != "pico_lcd_114":
        (tmp_path / "board.txt").write_text(name + "\n")
    _fake_device(monkeypatch)
    rig.hold(gpio)
    _power_on()
    assert _FakeDevice.made == []
    assert "REPL" in capsys.readouterr().out


def test_power_on_builds_the_device_for_board_txt_and_runs_it(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "board.txt").write_text("pico_lcd_13\n")
    _fake_device(monkeypatch)
    rig.hold(15)  # A held: not the escape key
    _power_on()
    # (the power-on's own code let go before the game: 1 KB of the Pico's heap)
    assert _FakeDevice.made == [("pico_lcd_13", 240 * 240 // 2), "run", "boot code gone"]


def test_power_on_an_error_in_the_game_goes_to_the_crash_screen(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    crashes = []

    class Failing(_FakeDevice):
        def run(self):
            raise RuntimeError("bang")

    _fake_device(monkeypatch, Failing)
    _fake_module(monkeypatch, "firmware.crash", show=lambda dev, e: crashes.append((dev, e)))
    _power_on()
    assert len(crashes) == 1
    dev, err = crashes[0]
    assert isinstance(dev, Failing) and str(err) == "bang"


# --- the crash screen -----------------------------------------------------------------------

class Restarted(Exception):
    pass


def test_crash_screen_writes_crash_txt_shows_the_error_and_restarts_on_a(rig, tmp_path,
                                                                          monkeypatch):
    """A held at the crash does not restart at once: A must be let go and pressed again."""
    monkeypatch.chdir(tmp_path)
    dev, b = device("pico_lcd_114")
    rig.frames(dev, 0, 200_000)  # long enough for the panel to be asleep
    assert rig.duty[b.BL] == 0
    before = bytes(dev.buf)
    texts = []

    def text(fb, s, x, y, c=1):  # MicroPython's built-in 8x8 font, as blocks
        texts.append((s, x, y))
        fb.fill_rect(x, y, 8 * len(s), 8, c)

    def print_exception(e, file=None):  # MicroPython's sys.print_exception
        traceback.print_exception(type(e), e, e.__traceback__, file=file or sys.stderr)

    monkeypatch.setattr(framebuf.FrameBuffer, "text", text, raising=False)
    monkeypatch.setattr(sys, "print_exception", print_exception, raising=False)
    resets = []

    def reset():
        resets.append(set(rig.machine.low))
        raise Restarted

    monkeypatch.setattr(rig.machine, "reset", reset)
    start = len(rig.log)
    waits = []

    def on_sleep(ms):  # once the crash screen is up: A released, then pressed
        if rig.pixels(b, start):
            waits.append(ms)
            if len(waits) == 2:
                rig.hold()
            elif len(waits) == 5:
                rig.hold(15)

    rig.on_sleep = on_sleep
    rig.hold(15)  # A held when the error came
    err = ValueError("the deck ran out of cards in a way nobody expected " * 3)
    with pytest.raises(Restarted):
        fw("crash").show(dev, err)
    assert resets == [{15}]  # after the new press
    assert len(waits) >= 5  # not while A was still held from before
    saved = (tmp_path / "crash.txt").read_text()
    assert "ValueError: the deck ran out of cards" in saved
    lines = [s for s, _, _ in texts]
    assert "Something went wrong" in lines and "A: restart" in lines
    assert any(s.startswith("ValueError: the deck") for s in lines)
    assert all(x >= 0 and x + 8 * len(s) <= b.WIDTH and y + 8 <= b.HEIGHT for s, x, y in texts)
    assert bytes(dev.buf) != before
    assert rig.pixels(b, start) == [rgb565_bytes(dev.buf)]
    assert [SLPOUT, DISPON] == [c for c in rig.codes(b, start) if c in (SLPOUT, DISPON)]
    assert rig.duty[b.BL] == duty(60)


# --- the board profiles ---------------------------------------------------------------------

PINS = {  # (SPI bus, SCK, MOSI, CS, DC, RST, BL, LED): from the makers' documentation
    "pico_lcd_114": (1, 10, 11, 9, 8, 12, 13, None),
    "pico_lcd_13": (1, 10, 11, 9, 8, 12, 13, None),
    "pico_display": (0, 18, 19, 17, 16, None, 20, (6, 7, 8)),
}


def test_the_boards_are_the_three_known_ones():
    assert BOARDS == sorted(PINS)


@pytest.mark.parametrize("name", BOARDS)
def test_board_profile_keys_and_bus_pins(name):
    b = board(name)
    gpios = [g for g, _ in b.KEYS]
    assert len(gpios) == len(set(gpios))
    assert (b.SPI_BUS, b.SCK, b.MOSI, b.CS, b.DC, b.RST, b.BL, b.LED) == PINS[name]
    used = [b.SCK, b.MOSI, b.CS, b.DC, b.RST, b.BL] + list(b.LED or ())
    assert not set(gpios) & set(used)  # no key on a bus or LED pin


def test_an_edge_up_without_a_press_is_no_tap(rig):
    buttons = fw("buttons").Buttons(board("pico_lcd_114").KEYS)
    buttons.read()
    rig.ms += 1000
    for gpio in (2, 3, 15, 16, 17, 18, 20):  # every pin reports an edge, all still up
        rig.machine.edge(gpio)
    assert buttons.read() == 0
