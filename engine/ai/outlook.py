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


def _step(r):
    return 3 if r >= 2 else r + 1


def _win(st):
    """The state after the AI takes the next stone."""
    n, r, t = st >> 4, (st >> 2) & 3, st & 3
    return min(n + 1, 5) * 16 + _step(r) * 4 + (3 if t == 3 else 0)


def _lose(st):
    """The state after the opponent takes it."""
    n, r, t = st >> 4, (st >> 2) & 3, st & 3
    return n * 16 + (3 if r == 3 else 0) * 4 + _step(t)


def _end(st):
    """The AI's chance to win in a final state."""
    r, t = (st >> 2) & 3, st & 3
    if r == 3 and t == 3:
        return HALF
    return ONE if r == 3 or (t != 3 and st >> 4 >= 5) else 0


AT = bytearray(11)  # layer s holds the states numbered AT[s] .. AT[s + 1] - 1
NEXT_WIN = bytearray(ALL)  # (the last layer's entries unused)
NEXT_LOSE = bytearray(ALL)
END = array("H", bytes(2 * FINAL))  # the AI's chance in each state of the last layer


def _layers():
    layer = [0]
    at = 0
    for s in range(10):
        AT[s] = at
        nxt = sorted(set([_win(st) for st in layer] + [_lose(st) for st in layer]))
        for i in range(len(layer)):
            st = layer[i]
            if s < 9:
                NEXT_WIN[at + i] = at + len(layer) + nxt.index(_win(st))
                NEXT_LOSE[at + i] = at + len(layer) + nxt.index(_lose(st))
            else:
                END[i] = _end(st)
        at += len(layer)
        layer = nxt
    AT[10] = at


_layers()


class Outlook:
    """Buffers for `prepare` (one per AI object: nothing is allocated while thinking)."""

    def __init__(self):
        # the chance of each state (fwd: reaching it; b: the AI's chance to win from it), up
        # to ONE, so 16 bits an entry
        self.fwd = array("H", bytes(2 * ALL))
        self.b = b = array("H", bytes(2 * ALL))
        for i in range(FINAL):
            b[ALL - FINAL + i] = END[i]
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
