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
        """Fisher-Yates shuffle of a bytearray or list (up to 32768 items), in place.

        This deals every round and every AI playout, so it is tuned: the lanes stay in locals
        and each lane's 15-bit word serves as one draw (with the rejection that keeps a draw
        unbiased, rare for a deck of cards)."""
        x1, c1, x2, c2 = self.x1, self.c1, self.x2, self.c2
        i = len(buf) - 1
        while i > 0:
            t = _A1 * x1 + c1
            x1 = t & _MASK15
            c1 = t >> 15
            t = _A2 * x2 + c2
            x2 = t & _MASK15
            c2 = t >> 15
            n = i + 1
            if x1 < n * (0x8000 // n):
                j = x1 % n
                buf[i], buf[j] = buf[j], buf[i]
                i -= 1
                n = i + 1
            if i > 0 and x2 < n * (0x8000 // n):
                j = x2 % n
                buf[i], buf[j] = buf[j], buf[i]
                i -= 1
        self.x1, self.c1, self.x2, self.c2 = x1, c1, x2, c2
