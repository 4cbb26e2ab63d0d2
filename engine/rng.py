# The one pseudo-random generator of the game, identical on the Pico and the desktop.
#
# Two multiply-with-carry lanes in base 2**15 (Marsaglia). For a multiplier a, a*2**15 - 1 and
# (a*2**15 - 2) / 2 are both prime, so each lane has a period of about 2**29 and the pair about
# 2**58. Every intermediate value stays below 2**30: on the Pico larger ints are heap objects
# (slow, and they would allocate while the AI thinks).
from micropython import const

_A1 = const(32760)
_A2 = const(32730)
_MASK15 = const(0x7FFF)
_MAX30 = const(0x3FFFFFFF)


class Rng:
    def __init__(self, seed):
        self.seed(seed)

    def seed(self, seed):
        """Restart the sequence from `seed`, an int in 0 .. 2**30 - 1."""
        lo = seed & _MASK15
        hi = (seed >> 15) & _MASK15
        # A carry in 1 .. a-2 keeps each lane off its two fixed points.
        self.x1 = lo
        self.c1 = hi % (_A1 - 2) + 1
        self.x2 = hi
        self.c2 = lo % (_A2 - 2) + 1
        for _ in range(8):
            self.next30()

    def next30(self):
        """The next 30 random bits, 0 .. 2**30 - 1."""
        t = _A1 * self.x1 + self.c1
        self.x1 = t & _MASK15
        self.c1 = t >> 15
        t = _A2 * self.x2 + self.c2
        self.x2 = t & _MASK15
        self.c2 = t >> 15
        return (self.x1 << 15) | self.x2

    def below(self, n):
        """A uniform int in 0 .. n - 1 (rejection keeps it unbiased)."""
        limit = n * (_MAX30 // n)
        r = self.next30()
        while r >= limit:
            r = self.next30()
        return r % n

    def shuffle(self, buf):
        """Fisher-Yates shuffle of a bytearray or list, in place."""
        for i in range(len(buf) - 1, 0, -1):
            j = self.below(i + 1)
            buf[i], buf[j] = buf[j], buf[i]
