"""The device firmware (firmware/) on CPython: the pixel expansion, the ST7789 driver, the
buttons, the power states, the main loop, power-on and the crash screen, driven through the
virtual Pico's stand-in `machine` (sim/virtual/machine.py) with every SPI write, pin level,
PWM duty and sleep recorded."""
import importlib
import importlib.util
import os
import random
import sys
import time
import traceback
import types

import pytest

import framebuf  # the CPython shim (sim/cpython)
from engine.ui import keys as K
from engine.ui import palette
from sim.bench import fakes

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MACHINE_PY = os.path.join(ROOT, "sim", "virtual", "machine.py")
BOARDS = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "firmware", "boards"))
                if f.endswith(".py") and not f.startswith("_"))
# The bench's description of each board (sim/bench/fakes.py), by name.
BENCH = {b.name: b for b in vars(fakes).values() if isinstance(b, fakes.Board)}

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


def lut():
    """The 32-byte table of the 16 colours' RGB565 bytes (colour i at 2i, 2i+1)."""
    return bytes(b for c in palette.RGB565 for b in c.to_bytes(2, "big"))


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
def rig(monkeypatch):
    """The virtual Pico's `machine` as sys.modules["machine"] (loaded afresh: its pins, stats
    and levels start empty), a fake `vpico`, and time.sleep_ms/ticks_ms/ticks_diff."""
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
        r.log.append(("spi", dict(machine._levels), bytes(buf)))

    def pwm_duty(self, d):
        r.duty[self.pin.gpio] = d

    pin_value = machine.Pin.value

    def pin_write(self, v=None):
        if v is not None:
            r.log.append(("pin", self.gpio, v))
        return pin_value(self, v)

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
    expand(src, 0, 256, lut(), dst)
    assert bytes(dst) == rgb565_bytes(src)
    assert dst[4 * 0x5D:4 * 0x5D + 4] == bytes((0xFE, 0x60, 0x5E, 0xDF))  # gold, then ME


def test_expand_from_an_offset_fills_only_the_start_of_dst():
    """src[start:start+count] lands in dst[0:4*count]; the rest of dst is left alone."""
    expand = fw("px_plain").expand
    rng = random.Random(7)
    src = bytes(rng.randrange(256) for _ in range(300))
    dst = bytearray(b"\xee" * 1000)
    expand(src, 37, 200, lut(), dst)
    assert bytes(dst[:800]) == rgb565_bytes(src[37:237])
    assert dst[800:] == b"\xee" * 200


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


@pytest.mark.parametrize("name", BOARDS)
def test_backlight_percent_is_a_pwm_duty_on_the_bl_pin(rig, name):
    disp, b = panel(name)
    assert rig.duty[b.BL] == 0  # dark until the first frame
    for percent in (0, 8, 37, 80, 100):
        disp.backlight(percent)
        assert rig.duty[b.BL] == percent * 65535 // 100
    assert rig.duty[b.BL] == FULL


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

def test_device_shows_the_title_on_its_first_frame(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
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


def test_device_a_press_leaves_the_title_for_the_main_menu(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
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
    assert rig.pixels(b, start)[-1] == rgb565_bytes(dev.buf)


def test_device_dims_sleeps_and_a_key_only_wakes_it(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
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
    dev, b = device("pico_lcd_114")
    t = rig.frames(dev, 0, 40_000)
    assert rig.duty[b.BL] == duty(8)
    start = len(rig.log)
    rig.press(dev, t, 15)
    assert rig.duty[b.BL] == duty(80)
    assert SLPOUT not in rig.codes(b, start)  # it never slept
    assert type(dev.app.screen).__name__ == "Title"


def test_device_brightness_setting_is_20_to_100_percent(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    dev, b = device("pico_lcd_114")
    t = 0
    for level in (1, 2, 3, 4, 5, 2):
        dev.app.settings.brightness = level
        dev.frame(t)
        t += 33
        assert rig.duty[b.BL] == duty(20 * level)
    dev.app.settings.save()  # kept in settings.txt in the current folder: read at power-on
    assert (tmp_path / "settings.txt").exists()
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


@pytest.mark.parametrize("name", BOARDS)
def test_load_board_gives_the_profile(name):
    assert fw("start").load_board(name).NAME == name


class _FakeDevice:
    made = []

    def __init__(self, b, buf):
        self.made.append((b.NAME, len(buf)))

    def run(self):
        self.made.append("run")


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
    monkeypatch.setattr(_FakeDevice, "made", [])
    _fake_module(monkeypatch, "firmware.device", Device=_FakeDevice)
    rig.hold(gpio)
    assert fw("start").main() is None
    assert _FakeDevice.made == []
    assert "REPL" in capsys.readouterr().out


def test_power_on_builds_the_device_for_board_txt_and_runs_it(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "board.txt").write_text("pico_lcd_13\n")
    monkeypatch.setattr(_FakeDevice, "made", [])
    _fake_module(monkeypatch, "firmware.device", Device=_FakeDevice)
    rig.hold(15)  # A held: not the escape key
    fw("start").main()
    assert _FakeDevice.made == [("pico_lcd_13", 240 * 240 // 2), "run"]


def test_power_on_an_error_in_the_game_goes_to_the_crash_screen(rig, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    crashes = []

    class Failing(_FakeDevice):
        def run(self):
            raise RuntimeError("bang")

    monkeypatch.setattr(_FakeDevice, "made", [])
    _fake_module(monkeypatch, "firmware.device", Device=Failing)
    _fake_module(monkeypatch, "firmware.crash", show=lambda dev, e: crashes.append((dev, e)))
    fw("start").main()
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
def test_board_profile_matches_the_bench_description(name):
    b = board(name)
    assert b.NAME == name
    bench = BENCH[name]
    assert (b.WIDTH, b.HEIGHT) == (bench.width, bench.height)
    buttons = 0
    for _, bit in b.KEYS:
        buttons |= bit
    assert buttons == bench.buttons


@pytest.mark.parametrize("name", BOARDS)
def test_board_profile_keys_and_bus_pins(name):
    b = board(name)
    gpios = [g for g, _ in b.KEYS]
    assert len(gpios) == len(set(gpios))
    assert (b.SPI_BUS, b.SCK, b.MOSI, b.CS, b.DC, b.RST, b.BL, b.LED) == PINS[name]
    used = [b.SCK, b.MOSI, b.CS, b.DC, b.RST, b.BL] + list(b.LED or ())
    assert not set(gpios) & set(used)  # no key on a bus or LED pin
