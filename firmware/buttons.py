# The board's buttons: GPIOs to ground with pull-ups, read once a frame and debounced.
from machine import Pin


class Buttons:
    def __init__(self, keys):
        """keys: (GPIO, logical button bit) pairs; several GPIOs may give the same button."""
        self.pins = [(Pin(gpio, Pin.IN, Pin.PULL_UP), bit) for gpio, bit in keys]
        self.last = 0
        self.state = 0

    def raw(self):
        held = 0
        for pin, bit in self.pins:
            if not pin.value():
                held |= bit
        return held

    def read(self):
        """The buttons held: a change counts once two reads a frame apart agree (contacts
        bounce for a few ms; a frame is 33 ms)."""
        held = self.raw()
        if held == self.last:
            self.state = held
        self.last = held
        return self.state
