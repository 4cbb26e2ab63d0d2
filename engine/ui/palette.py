# The 16 colours of the 4-bit framebuffer, and their RGB565 values for the panel.
from micropython import const

BG = const(0)  # the table
PANEL = const(1)  # bars and boxes
WHITE = const(2)
GREY = const(3)  # quieter text
DARK = const(4)  # lines, empty slots
GOLD = const(5)  # the cursor and highlights
CLAN = const(6)  # the six clans, in card colour order (colour c is CLAN + c): red first
STONE = const(12)
ME = const(13)  # player 1 (against the computer: the player), in every view
THEM = const(14)  # player 2 (against the computer: the computer)
BLACK = const(15)

# RGB565, one 16-bit value per colour index (the panel takes the high byte first).
RGB565 = (
    0x1A27,  # table: dark green-blue
    0x0904,  # panel
    0xFFFF,  # white
    0xA534,  # grey
    0x4208,  # dark grey
    0xFE60,  # gold
    0xE8E4,  # red
    0xFC40,  # orange
    0xFF20,  # yellow
    0x2E68,  # green
    0x2B9F,  # blue
    0xA13F,  # purple
    0x8C71,  # stone
    0x5EDF,  # me: light blue
    0xFB56,  # them: pink
    0x0000,  # black
)

