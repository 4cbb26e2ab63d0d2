# The board's buttons: GPIOs to ground with pull-ups, read once a frame and debounced, and
# taps shorter than that caught by the pins' edge interrupts.
import time
from machine import Pin
from micropython import const

# A press this long counts even when it began and ended between two reads (contacts bounce
# for 1-5 ms, and noise on a line is shorter still).
_TAP_MS = const(8)


class Buttons:
    def __init__(self, keys):
        """keys: (GPIO, logical button bit) pairs; several GPIOs may give the same button."""
        self.pins = [(Pin(gpio, Pin.IN, Pin.PULL_UP), bit) for gpio, bit in keys]
        self.last = 0
        self.state = 0
        self.tapped = 0  # buttons let go since the last read after a press of _TAP_MS or more
        for pin, bit in self.pins:
            pin.irq(self._edges(bit), Pin.IRQ_FALLING | Pin.IRQ_RISING)

    def _edges(self, bit):
        """The interrupt handler of a pin of button `bit`: the time it went down, and a tap
        when it comes up long enough after."""
        down = [0, False]  # when it went down, and whether it is down since

        def edge(pin):
            now = time.ticks_ms()
            if not pin.value():
                down[0] = now
                down[1] = True
            elif down[1]:  # (an edge up alone, as at power-on, is none)
                down[1] = False
                if time.ticks_diff(now, down[0]) >= _TAP_MS:
                    self.tapped |= bit
        return edge

    def raw(self):
        held = 0
        for pin, bit in self.pins:
            if not pin.value():
                held |= bit
        return held

    def read(self):
        """The buttons held: a change counts once two reads a frame apart agree (contacts
        bounce for a few ms; a frame is 33 ms). A tap that no two reads saw counts as held for
        this read (the next one lets it go); the release of a button held counts for nothing."""
        held = self.raw()
        taps = self.tapped & ~self.state
        self.tapped = 0
        if held == self.last:
            self.state = held
        self.last = held
        return self.state | taps
