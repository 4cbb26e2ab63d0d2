# From nine stone chances to the chance of winning the game (5 stones, or 3 adjacent).
#
# The stones are taken as independent and are walked left to right through the states
# (the AI's stones so far, capped at 5; its current run of adjacent stones, 3 = has three;
# the opponent's run), 6 * 4 * 4 states. At the end: three adjacent for one player only wins;
# both having three is an even chance (who claimed first is not modelled); otherwise five
# stones win.
#
# A move changes one stone, so the win chance is linear in that stone's chance p:
# v0[s] + p * dv[s]. `prepare` finds v0 and dv of all nine stones with one pass forwards and
# one backwards, and then every candidate move costs one multiplication.
#
# Only the states that can be reached before each stone are walked (138 of the 9 * 96; 33
# after the last stone): they are numbered layer by layer, layer s (the states before stone s)
# from AT[s], and each knows the number of the state after the AI takes the stone (NEXT_WIN)
# and after the opponent does (NEXT_LOSE). The other states have no chance at all, so leaving
# them out changes no sum.
from array import array
from micropython import const
from engine.ai.base import ONE, HALF

# the reachable states (of count * 16 + run * 4 + their run) of the ten layers (before each
# stone, and at the end)
ALL = const(171)
FINAL = const(33)  # of them in the last layer (after the last stone)


# The tables (made by tools/outlook_tables.py): where each layer's states start (and one
# past the last), the state after the AI takes the stone and after the opponent does (for
# the states before the last stone), and the AI's chance in each state of the last layer,
# in halves.
AT = (
    b"\x00\x01\x03\x07\x0f\x1d\x31\x4b\x6a\x8a\xab")
NEXT_WIN = (
    b"\x02\x05\x06\x0a\x0c\x0d\x0e\x13\x16\x16\x17\x18\x19\x1a\x1c\x20\x24\x24\x25\x26\x28\x28"
    b"\x29\x2a\x2d\x2e\x2e\x2e\x30\x33\x37\x38\x39\x3c\x3c\x3d\x3e\x3f\x42\x44\x45\x46\x46\x46"
    b"\x46\x49\x49\x49\x49\x4d\x51\x52\x56\x56\x57\x58\x59\x5b\x5e\x5e\x5f\x60\x61\x64\x61\x61"
    b"\x64\x65\x66\x67\x67\x67\x67\x67\x67\x6c\x6f\x70\x74\x74\x75\x76\x77\x7b\x7b\x7c\x7d\x7e"
    b"\x7f\x82\x7f\x82\x84\x84\x85\x86\x89\x86\x86\x86\x89\x85\x86\x86\x86\x86\x8c\x8e\x8f\x93"
    b"\x94\x95\x96\x9a\x9a\x9b\x9c\x9d\xa0\xa0\xa3\xa3\xa4\xa5\xa6\xa7\xaa\xa7\xa7\xa7\xaa\xa3"
    b"\xa5\xa7\xa7\xa7\xa7\xaa")
NEXT_LOSE = (
    b"\x01\x03\x04\x07\x09\x08\x0b\x0f\x11\x12\x10\x15\x14\x14\x1b\x1d\x1e\x1f\x1f\x1f\x22\x23"
    b"\x21\x21\x27\x27\x2b\x2c\x2f\x31\x32\x32\x32\x35\x36\x36\x34\x36\x36\x3b\x3a\x3a\x40\x41"
    b"\x42\x43\x47\x48\x4a\x4b\x4c\x4c\x4f\x50\x50\x4e\x50\x50\x54\x55\x53\x55\x53\x55\x5a\x5b"
    b"\x5b\x5d\x5c\x5c\x62\x63\x64\x68\x69\x6a\x6b\x6b\x6d\x6e\x6e\x6e\x6e\x72\x73\x73\x71\x73"
    b"\x71\x73\x77\x77\x79\x7a\x78\x78\x7a\x80\x81\x82\x82\x83\x83\x87\x88\x89\x8a\x8b\x8b\x8d"
    b"\x8d\x8d\x8d\x91\x92\x92\x90\x92\x92\x96\x98\x99\x99\x97\x99\x97\x99\x9e\x9f\xa0\xa0\xa2"
    b"\xa1\xa1\xa8\xa9\xaa\xaa")
END = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x02\x02"
    b"\x01\x02\x02\x02\x00\x02\x00\x02\x02\x02\x01")


class Outlook:
    """Buffers for `prepare` (one per AI object: nothing is allocated while thinking)."""

    def __init__(self):
        # the chance of each state (fwd: reaching it; b: the AI's chance to win from it), up
        # to ONE, so 16 bits an entry
        self.fwd = array("H", bytes(2 * ALL))
        self.b = b = array("H", bytes(2 * ALL))
        for i in range(FINAL):
            b[ALL - FINAL + i] = END[i] * HALF
        self.v0 = [0] * 9
        self.dv = [0] * 9

    def prepare(self, p):
        """p: the AI's chance for each stone (0 or ONE once claimed). Returns the chance to
        win the game."""
        self.forward(p)
        return self.backward(p)

    def forward(self, p):
        """The first half of prepare (a slice of thinking of its own)."""
        f = self.fwd
        win = NEXT_WIN
        lose = NEXT_LOSE
        f[0] = ONE
        for s in range(9):
            a = AT[s]
            z = AT[s + 1]
            for i in range(z, AT[s + 2]):
                f[i] = 0
            q = p[s]
            for i in range(a, z):
                m = f[i]
                if m:
                    w = m * q >> 10
                    f[win[i]] += w
                    f[lose[i]] += m - w

    def backward(self, p):
        """The second half of prepare, after forward(p)."""
        f = self.fwd
        b = self.b
        win = NEXT_WIN
        lose = NEXT_LOSE
        for s in range(8, -1, -1):
            v0 = 0
            dv = 0
            q = p[s]
            for i in range(AT[s], AT[s + 1]):
                bw = b[win[i]]
                bl = b[lose[i]]
                m = f[i]
                if m:
                    v0 += m * bl
                    dv += m * (bw - bl)
                b[i] = bl + ((bw - bl) * q >> 10)
            self.v0[s] = v0 >> 10
            self.dv[s] = dv >> 10
        return b[0]
