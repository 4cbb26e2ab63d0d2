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
        self.down = 0  # pins (a bit each, in the order of `pins`) gone down and not up since
        self.since = [0] * len(self.pins)  # when each went down (ms)
        edge = self._edge  # one handler for every pin (a bound method is made at each use)
        for pin, _ in self.pins:
            pin.irq(edge, Pin.IRQ_FALLING | Pin.IRQ_RISING)

    def _edge(self, _):
        """An edge on a pin: each pin's level looked at (an interrupt may come late, or for
        a pin whose level did not change): when a pin went down, and a tap when it comes up
        long enough after."""
        now = time.ticks_ms()
        for i in range(len(self.pins)):
            pin, bit = self.pins[i]
            mask = 1 << i
            if not pin.value():
                if not self.down & mask:
                    self.since[i] = now
                    self.down |= mask
            elif self.down & mask:
                self.down &= ~mask
                if time.ticks_diff(now, self.since[i]) >= _TAP_MS:
                    self.tapped |= bit

    def raw(self):
        held = 0
        for pin, bit in self.pins:
            if not pin.value():
                held |= bit
        return held

    def read(self):
        """The buttons held: a change counts once two reads a frame apart agree (contacts
        bounce for a few ms; a frame is 33 ms), and a press sooner, at the first read, once
        the edges saw its pin down for _TAP_MS (the key answers a frame earlier). A tap that
        no two reads saw counts as held for this read (the next one lets it go); the release
        of a button held counts for nothing."""
        held = self.raw()
        taps = self.tapped & ~self.state
        self.tapped = 0
        if held == self.last:
            self.state = held
        elif self.down:
            self.state |= held & self._steady()
        self.last = held
        return self.state | taps

    def _steady(self):
        """The buttons whose pins the edges saw go down _TAP_MS ago or more (and not up)."""
        now = time.ticks_ms()
        sure = 0
        for i in range(len(self.pins)):
            if self.down >> i & 1 and time.ticks_diff(now, self.since[i]) >= _TAP_MS:
                sure |= self.pins[i][1]
        return sure
