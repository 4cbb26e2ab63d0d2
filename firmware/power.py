# Saving the battery: the backlight dims after 30 s without a key and the panel sleeps after
# 2 minutes; any key wakes it, and that key is not acted on (it only woke the screen).
from micropython import const

DIM_AFTER = const(30000)
OFF_AFTER = const(120000)
ON = const(0)
DIM = const(1)
OFF = const(2)


class Power:
    def __init__(self, now):
        self.last = now  # the last key press
        self.state = ON
        self.mask = 0  # keys that woke the screen, ignored until released

    def update(self, held, now):
        """The keys the game should see this frame (`held` is every key held); updates
        `state`, and returns the keys with those that woke the screen taken out."""
        self.mask &= held
        if held:
            if self.state != ON:
                self.mask = held
            self.state = ON
            self.last = now
        elif now - self.last >= OFF_AFTER:
            self.state = OFF
        elif now - self.last >= DIM_AFTER:
            self.state = DIM
        return held & ~self.mask

