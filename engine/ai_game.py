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
from array import array
from micropython import const
from engine.ai_base import ONE, HALF

STATES = const(96)  # count * 16 + run * 4 + their run

WIN = bytearray(STATES)  # the state after the AI takes the next stone
LOSE = bytearray(STATES)  # after the opponent takes it
END = [0] * STATES  # the AI's chance to win in each final state


def _step(r):
    return 3 if r >= 2 else r + 1


for _s in range(STATES):
    _n, _r, _t = _s >> 4, (_s >> 2) & 3, _s & 3
    WIN[_s] = min(_n + 1, 5) * 16 + _step(_r) * 4 + (3 if _t == 3 else 0)
    LOSE[_s] = _n * 16 + (3 if _r == 3 else 0) * 4 + _step(_t)
    if _r == 3 and _t == 3:
        END[_s] = HALF
    elif _r == 3 or (_t != 3 and _n >= 5):
        END[_s] = ONE


class Outlook:
    """Buffers for `prepare` (one per AI object: nothing is allocated while thinking)."""

    def __init__(self):
        # the state distribution before each stone: chances up to ONE, so 16 bits an entry
        self.fwd = array("H", bytes(2 * 10 * STATES))
        self.b = [0] * STATES
        self.nb = [0] * STATES
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
        for i in range(10 * STATES):
            f[i] = 0
        f[0] = ONE
        for s in range(9):
            base = s * STATES
            nxt = base + STATES
            q = p[s]
            for st in range(min(s, 5) * 16 + 16):
                m = f[base + st]
                if m:
                    w = m * q >> 10
                    f[nxt + WIN[st]] += w
                    f[nxt + LOSE[st]] += m - w

    def backward(self, p):
        """The second half of prepare, after forward(p)."""
        f = self.fwd
        b = self.b
        nb = self.nb
        for st in range(STATES):
            b[st] = END[st]
        for s in range(8, -1, -1):
            base = s * STATES
            v0 = 0
            dv = 0
            q = p[s]
            for st in range(min(s, 5) * 16 + 16):
                bw = b[WIN[st]]
                bl = b[LOSE[st]]
                m = f[base + st]
                if m:
                    v0 += m * bl
                    dv += m * (bw - bl)
                nb[st] = bl + ((bw - bl) * q >> 10)
            self.v0[s] = v0 >> 10
            self.dv[s] = dv >> 10
            b, nb = nb, b
        return b[0]
