# A board's hardware from its profile (firmware/boards/): the panel, the buttons, the LED.
import machine
from firmware.st7789 import ST7789, BAUD, SSPDR


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
    return ST7789(spi, cs, dc, rst, bl, board, _dma(board.SPI_BUS))


def _dma(bus):
    """For the panel's pushes (st7789): a DMA channel that writes bytes to SPI `bus`'s data
    register, one each time its transmit FIFO has room (the RP2040's DREQ 16 for SPI0, 18
    for SPI1), machine.mem32 and the SPI's register block; None where there is no rp2.DMA.
    Set up here, once: this module is unloaded once the device is made. (machine.mem32 from
    here, where machine is imported anyway: each import of machine, as of time, os or
    array, first looks for a machine.py on the file system, ~4 ms on the Pico.)"""
    mem32 = getattr(machine, "mem32", None)
    if mem32 is None:
        return None
    try:
        from rp2 import DMA
        dma = DMA()
    except (ImportError, OSError):  # no rp2 module, or every channel already claimed
        return None
    base = 0x40040000 if bus else 0x4003C000
    dma.config(write=base + SSPDR, ctrl=dma.pack_ctrl(size=0, inc_read=True, inc_write=False,
                                                        treq_sel=18 if bus else 16))
    return dma, mem32, base


def held(board, button):
    """Is `button` held now (read straight from the pins, before anything else starts)?"""
    Pin = machine.Pin
    for gpio, bit in board.KEYS:
        if bit == button and not Pin(gpio, Pin.IN, Pin.PULL_UP).value():
            return True
    return False
