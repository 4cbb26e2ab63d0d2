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
    # machine.mem32 from here, where machine is imported anyway: each import of machine (as of
    # time, os, array) first looks for a machine.py on the file system, ~4 ms on the Pico
    return ST7789(spi, cs, dc, rst, bl, board, getattr(machine, "mem32", None))


def held(board, button):
    """Is `button` held now (read straight from the pins, before anything else starts)?"""
    Pin = machine.Pin
    for gpio, bit in board.KEYS:
        if bit == button and not Pin(gpio, Pin.IN, Pin.PULL_UP).value():
            return True
    return False
