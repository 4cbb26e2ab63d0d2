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
