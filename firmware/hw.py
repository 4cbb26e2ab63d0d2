# A board's hardware from its profile (firmware/boards/): the panel, the buttons, the LED.
import machine
from firmware.st7789 import ST7789, BAUD


def fast_peripheral_clock():
    """The RP2040 makes SPI clocks from its peripheral clock, at most half of it. MicroPython
    runs that clock at 48 MHz (SPI at most 24 MHz) unless machine.freq(cpu, peripheral)
    raises it to the CPU's 125 MHz: then SPI runs at the panel's 62.5 MHz, a 240x135 frame in
    8.3 ms instead of 21.6 ms."""
    cpu = machine.freq()
    try:
        machine.freq(cpu, cpu)
    except (TypeError, ValueError):  # an older MicroPython: SPI stays at 24 MHz
        pass


def display(board):
    fast_peripheral_clock()
    Pin = machine.Pin
    # The bus first: its default MISO pin may be the DC pin (GP8 on SPI1, GP16 on SPI0), and
    # making DC an output afterwards takes that pin back from the SPI block.
    spi = machine.SPI(board.SPI_BUS, baudrate=BAUD, polarity=0, phase=0,
                      sck=Pin(board.SCK), mosi=Pin(board.MOSI))
    cs = Pin(board.CS, Pin.OUT, value=1)
    dc = Pin(board.DC, Pin.OUT, value=0)
    rst = None if board.RST is None else Pin(board.RST, Pin.OUT, value=1)
    bl = machine.PWM(Pin(board.BL))
    bl.freq(1000)
    bl.duty_u16(0)
    return ST7789(spi, cs, dc, rst, bl, board)


def held(board, button):
    """Is `button` held now (read straight from the pins, before anything else starts)?"""
    Pin = machine.Pin
    for gpio, bit in board.KEYS:
        if bit == button and not Pin(gpio, Pin.IN, Pin.PULL_UP).value():
            return True
    return False


class Led:
    """An RGB LED wired active low (Pimoroni Pico Display), by PWM."""

    def __init__(self, pins):
        self.pwm = []
        for gpio in pins:
            p = machine.PWM(machine.Pin(gpio))
            p.freq(1000)
            p.duty_u16(65535)
            self.pwm.append(p)

    def show(self, rgb565, percent):
        """Light the LED in an RGB565 colour at `percent` of full; 0 turns it off."""
        r = (rgb565 >> 11) * 65535 // 31
        g = ((rgb565 >> 5) & 63) * 65535 // 63
        b = (rgb565 & 31) * 65535 // 31
        for p, level in zip(self.pwm, (r, g, b)):
            p.duty_u16(65535 - level * percent // 100)
