# Waveshare Pico-LCD-1.3: ST7789 240x240 on SPI1 (the same bus pins as the 1.14), keys A, B,
# X, Y and a five-way joystick, all to ground (pull-ups, low when pressed).
# Checked against Waveshare's Pico_code examples (Python/Pico-LCD-1.3): MADCTL 0x70, inversion
# on; the 240x240 panel needs no offset in this orientation (80 only when turned 180 degrees).
from engine.ui.keys import UP, DOWN, LEFT, RIGHT, A, B, X, Y

NAME = "pico_lcd_13"
WIDTH = 240
HEIGHT = 240
SPI_BUS = 1
SCK = 10
MOSI = 11
CS = 9
DC = 8
RST = 12
BL = 13
MADCTL = 0x70
INVERT = True
XOFF = 0
YOFF = 0
KEYS = ((2, UP), (18, DOWN), (16, LEFT), (20, RIGHT), (3, A), (15, A), (17, B), (19, X),
        (21, Y))
LED = None
