"""A cable between two link ends in one process, with its faults chosen and seeded: bytes lost,
repeated, garbled and held back, and the cable pulled out and put back (engine/link/)."""
import random


class Wire:
    def __init__(self, seed=1, lose=0, repeat=0, garble=0, delay_ms=0):
        """lose, repeat, garble: the chance in 1000 of each for a byte; delay_ms: the most a
        byte is held back (bytes still come in order)."""
        self.rng = random.Random(seed)
        self.lose, self.repeat, self.garble, self.delay_ms = lose, repeat, garble, delay_ms
        self.now = 0
        self.plugged = True
        self.ends = (End(self), End(self))
        self.ends[0].other, self.ends[1].other = self.ends[1], self.ends[0]

    def carry(self, end, data):
        """The bytes `end` writes, on their way to the other end."""
        if not self.plugged:
            return
        rng = self.rng
        to = end.other
        for c in data:
            r = rng.randrange(1000)
            if r < self.lose:
                continue
            if r < self.lose + self.garble:
                c ^= 1 << rng.randrange(8)
            at = max(to.last, self.now + rng.randrange(self.delay_ms + 1))
            to.queue.append((at, c))
            to.last = at
            if rng.randrange(1000) < self.repeat:
                to.queue.append((at, c))


class End:
    """One end of the wire: the link's transport (write, read)."""

    def __init__(self, wire):
        self.wire = wire
        self.queue = []  # (when it arrives, byte)
        self.last = 0
        self.other = None

    def write(self, data):
        self.wire.carry(self, bytes(data))
        return len(data)

    def read(self):
        now = self.wire.now
        n = 0
        while n < len(self.queue) and self.queue[n][0] <= now:
            n += 1
        if not n:
            return None
        got = bytes(c for _, c in self.queue[:n])
        del self.queue[:n]
        return got
