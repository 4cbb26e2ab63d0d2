# Waveshare Pico-LCD-1.14 (the joystick version): ST7789 240x135 on SPI1, keys A and B and a
# five-way joystick, all to ground (pull-ups, low when pressed).
# Checked against Waveshare's Pico_code examples (Python/Pico-LCD-1.14): MADCTL 0x70
# (landscape, RGB), inversion on, visible area from column 40, row 53.
from engine.ui.keys import UP, DOWN, LEFT, RIGHT, A, B

NAME = "pico_lcd_114"
WIDTH = 240
HEIGHT = 135
SPI_BUS = 1
SCK = 10
MOSI = 11
CS = 9
DC = 8
RST = 12
BL = 13
MADCTL = 0x70
INVERT = True
XOFF = 40
YOFF = 53
# (GPIO, logical button); the joystick's press is A.
KEYS = ((2, UP), (18, DOWN), (16, LEFT), (20, RIGHT), (3, A), (15, A), (17, B))
LED = None
