# Pimoroni Pico Display Pack: ST7789 240x135 on SPI0, no reset line (software reset), buttons
# A, B, X, Y to ground (pull-ups), an RGB LED (active low) that shows whose turn it is.
# Checked against pimoroni-pico (common/pimoroni_common.hpp, drivers/st7789): MADCTL 0x70
# (rotation 0, RGB), inversion on, visible area from column 40, row 53.
from engine.ui.keys import A, B, X, Y

NAME = "pico_display"
WIDTH = 240
HEIGHT = 135
SPI_BUS = 0
SCK = 18
MOSI = 19
CS = 17
DC = 16
RST = None
BL = 20
MADCTL = 0x70
INVERT = True
XOFF = 40
YOFF = 53
KEYS = ((12, A), (13, B), (14, X), (15, Y))
LED = (6, 7, 8)  # red, green, blue; low lights them
# The panel settings of Pimoroni's driver for this 240x135 panel (drivers/st7789): porch,
# power and voltages, then its gamma curves.
INIT = (
    (0xB2, b"\x0c\x0c\x00\x33\x33"),
    (0xC0, b"\x2c"),
    (0xC2, b"\x01"),
    (0xC3, b"\x00"),
    (0xC4, b"\x20"),
    (0xC6, b"\x0f"),
    (0xD0, b"\xa4\xa1"),
    (0xB7, b"\x75"),
    (0xBB, b"\x3d"),
    (0xD6, b"\xa1"),
    (0xE0, b"\x70\x04\x08\x09\x09\x05\x2a\x33\x41\x07\x13\x13\x29\x2f"),
    (0xE1, b"\x70\x03\x09\x0a\x09\x06\x2b\x34\x41\x07\x12\x14\x28\x2e"),
)
