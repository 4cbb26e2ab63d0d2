# A stand-in for MicroPython's `machine` module on the virtual Pico (tools/virtual_pico.py):
# pins, SPI, PWM and reset, enough for the firmware's drivers. It records what reaches the
# display and lets the virtual board (sim/virtual/board.py) press keys. Never on a real Pico.
import vpico  # the host's hooks (tools/vpico.mjs)

_CASET = 0x2A
_RASET = 0x2B
_RAMWR = 0x2C
DC = 8  # the virtual board's data/command pin (as on the Pico-LCD-1.14): low for a command
low = set()  # type: set[int]  # GPIOs of the keys held now (pulled to ground)
# frames: RAMWRs (a whole frame, or the rows that changed); pixel_bytes: their data;
# window_bytes: what their windows (CASET, RASET) hold, 2 bytes a pixel
stats = {"spi_bytes": 0, "frames": 0, "pixel_bytes": 0, "window_bytes": 0, "backlight": 0,
         "asleep": 0}
_cmd = [0]
_win = [0, 0]  # the columns and rows of the last CASET and RASET
_levels = {}  # type: dict[int, int]  # output pins' levels


def freq(*args):
    return 125_000_000


def reset():
    vpico.reset()
    raise SystemExit  # a real reset never returns


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, gpio, mode=-1, pull=-1, value=None):
        self.gpio = gpio
        if value is not None:
            _levels[gpio] = value

    def value(self, v=None):
        if v is None:
            return 0 if self.gpio in low else 1
        _levels[self.gpio] = v
        return None

    def __call__(self, v=None):
        return self.value(v)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING):
        """Edge interrupts: the virtual board sets levels between frames (`low`), which the
        firmware's reads see; `edge` runs a pin's handler as a real edge would."""
        irqs[self.gpio] = (handler, self)


irqs = {}  # type: dict  # GPIO: (handler, pin) of the pins with edge interrupts


def edge(gpio):
    """An edge on `gpio` (its level already set in `low`): its handler runs."""
    if gpio in irqs and irqs[gpio][0]:
        irqs[gpio][0](irqs[gpio][1])


class SPI:
    def __init__(self, bus, baudrate=1_000_000, polarity=0, phase=0, sck=None, mosi=None):
        self.baudrate = baudrate

    def write(self, buf):
        n = len(buf)
        stats["spi_bytes"] += n
        if not _levels.get(DC, 1):  # a command
            _cmd[0] = buf[0]
            if buf[0] == _RAMWR:
                stats["frames"] += 1
                stats["window_bytes"] += _win[0] * _win[1] * 2
            elif buf[0] == 0x10:
                stats["asleep"] = 1
            elif buf[0] == 0x11:
                stats["asleep"] = 0
        elif _cmd[0] == _RAMWR:
            stats["pixel_bytes"] += n
        elif n == 4 and (_cmd[0] == _CASET or _cmd[0] == _RASET):
            _win[_cmd[0] - _CASET] = ((buf[2] << 8) | buf[3]) - ((buf[0] << 8) | buf[1]) + 1


class PWM:
    def __init__(self, pin):
        self.pin = pin

    def freq(self, f):
        pass

    def duty_u16(self, d):
        stats["backlight"] = d
