"""The device firmware's `make bench` figures: the frame's way to the panel."""
from firmware.st7789 import BAUD
from sim.bench.timing import pico_ms_of


def _wire_ms(w, h):
    return w * h * 2 * 8 * 1000 / BAUD  # 16 bits a pixel on the SPI wire


def frame_push_ms():
    """Wire time of a full 240x135 frame at the SPI clock the driver asks for (62.5 MHz)."""
    return _wire_ms(240, 135)


def frame_push_ms_240x240():
    return _wire_ms(240, 240)


def frame_expand_plain_ms():
    """The plain twin's 4-bit -> RGB565 expansion of a 240x135 frame (the Pico runs the viper
    version, which this MicroPython cannot: an upper bound)."""
    from firmware.px_plain import expand
    src = bytearray(bytes(range(256)) * 64)
    lut = bytearray(1024)
    band = bytearray(240 * 2 * 4)
    n = 120 * 4

    def frame():
        for y in range(0, 135, 4):
            expand(band, lut, src, y * 120, n if y + 4 <= 135 else 120 * (135 - y))
    return pico_ms_of(frame, 5)


FIRMWARE_WORKLOADS = [
    ("frame_push_ms", "ms", frame_push_ms),
    ("frame_push_ms_240x240", "ms", frame_push_ms_240x240),
    ("frame_expand_plain_ms", "ms", frame_expand_plain_ms),
]
