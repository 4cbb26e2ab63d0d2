# The computer opponents' judgement of a position, in integers: probabilities are fixed point
# with ONE = 1024.
#
# A side of a stone is modelled by the chance of each formation it can still reach with the
# cards its player may still get: for the AI, the cards in its hand surely, every card unknown
# to it (the other hand and the deck) with probability `a`, the share of those it can expect
# to draw. For the opponent every unknown card comes with its own, larger, share (its hand and
# its draws). Cards in the AI's hand never reach the opponent. Two sides give the stone's win
# chance (ai_game.py turns nine of them into the chance to win the game).
#
# A side model is a list of 11 ints: [0] the exact strength of a complete side (else 0),
# [1..5] the chance of reaching a formation of rank 1..5 (ranks counted independently),
# [6..10] a typical sum of that formation.
from array import array
from micropython import const
from engine.formation import strength

ONE = const(1024)  # (ai_base.ONE: the same)
KNOTS = const(17)  # calibration tables (ai_cal.py, ai_tcal.py): modelled chances 0, 64, ..., 1024
PHASES = const(3)  # thirds of the deck: 0 = nearly empty
DECK = const(43)  # one more than the cards in the deck after the deal
HALF = const(512)
CAP = const(48)  # most unknown cards a chance table covers (42 after the deal)
ROW = const(49)  # CAP + 1: one row of a chance table
MODEL = const(11)
DISCOUNT = const(400)  # of the share of the deck drawn: a card drawn late often comes too late
# An empty side: one typical end for both players (chances of each rank, sums), so an empty
# stone is even; modelling it from every possible formation makes it look far too good.
TYPICAL = (0, 1024, 120, 360, 120, 300, 17, 15, 16, 16, 16)

POP = bytearray(64)
LOW = bytearray(64)
for _m in range(1, 64):
    POP[_m] = POP[_m >> 1] + (_m & 1)
    LOW[_m] = 0 if _m & 1 else LOW[_m >> 1] + 1


class Knowledge:
    """What one player knows at a decision, with the tables the models read. Built once per
    AI object (its buffers are reused), filled by `start` at each decision."""

    def __init__(self):
        self.sure = (bytearray(16), bytearray(16))  # per player: colour masks held for sure
        self.maybe = bytearray(16)  # the colour masks of the cards unknown to the AI
        self.unseen = bytearray(16)  # the game's unseen cards (for proofs), updated by moves
        self.a = [0, 0]
        # [n * ROW + m]: the chance (up to ONE) that >= n of m unknown cards come
        self.atl = (array("H", bytes(8 * ROW)), array("H", bytes(8 * ROW)))
        # per player and colour (index p * 7 + colour, 6 = every colour): cards that may come
        # for sure, unknown, and the sum of their values
        self.nsure = [0] * 14
        self.nmaybe = [0] * 14
        self.vsum = [0] * 14

    def start(self, g, their=-1):
        """their: the clan cards in the other hand, when not all of it (tactical variant)."""
        me = g.player
        sure = self.sure[me]
        other = self.sure[1 - me]
        hands = g.hands
        for v in range(16):
            sure[v] = 0
            other[v] = 0
            self.unseen[v] = g.unseen[v]
        size = len(hands) >> 1  # 6 cards a hand, 7 in the tactical variant
        for i in range(me * size, me * size + g.hand_n[me]):
            c = hands[i]
            if c < 0x60:  # (tactic cards: above every clan card)
                sure[c & 15] |= 1 << (c >> 4)
        u = 0
        for v in range(16):
            m = g.unseen[v] & ~sure[v]
            self.maybe[v] = m
            u += POP[m]
        d = g.deck_left()
        h = g.hand_n[1 - me] if their < 0 else their
        # each unknown card: drawn by the AI about half the deck, else with the other player
        self.a[me] = (d * HALF // u if u else 0) * DISCOUNT >> 10
        self.a[1 - me] = min(ONE, (h * ONE + (d * HALF * DISCOUNT >> 10)) // u) if u else 0
        for p in (0, 1):
            _chances(self.atl[p], self.a[p])
        self.count_all()

    def count_all(self):
        for p in (0, 1):
            for col in range(7):
                self.nsure[p * 7 + col] = 0
                self.nmaybe[p * 7 + col] = 0
                self.vsum[p * 7 + col] = 0
            sure = self.sure[p]
            for v in range(1, 10):
                for col in range(6):
                    bit = 1 << col
                    if sure[v] & bit:
                        self._add(p, col, v, self.nsure, 1)
                    elif self.maybe[v] & bit:
                        self._add(p, col, v, self.nmaybe, 1)

    def _add(self, p, col, v, counts, d):
        i = p * 7
        counts[i + col] += d
        counts[i + 6] += d
        self.vsum[i + col] += v * d
        self.vsum[i + 6] += v * d

    def take(self, p, c, d):
        """d = -1: p's sure card c leaves (played); d = 1: it comes back."""
        v = c & 15
        bit = 1 << (c >> 4)
        if d < 0:
            self.sure[p][v] &= ~bit
            self.unseen[v] &= ~bit
        else:
            self.sure[p][v] |= bit
            self.unseen[v] |= bit
        self._add(p, c >> 4, v, self.nsure, d)

    def see(self, c, d):
        """d = -1: card c, unknown to the AI, is on the table (the AI's look at a reply of the
        opponent's); d = 1: unknown again."""
        v = c & 15
        col = c >> 4
        bit = 1 << col
        if d < 0:
            self.maybe[v] &= ~bit
            self.unseen[v] &= ~bit
        else:
            self.maybe[v] |= bit
            self.unseen[v] |= bit
        for p in (0, 1):
            if not self.sure[p][v] & bit:
                self._add(p, col, v, self.nmaybe, d)


def _chances(t, a):
    """t[n * ROW + m]: the chance that at least n of m unknown cards come (each with chance a)."""
    for m in range(ROW):
        t[m] = ONE
    for n in range(1, 4):
        r = n * ROW
        t[r] = 0
        for m in range(CAP):
            t[r + m + 1] = t[r + m] + (a * (t[r - ROW + m] - t[r + m]) >> 10)


def at_least(t, n, s, m):
    if s >= n:
        return ONE
    return t[(n - s) * ROW + (m if m < CAP else CAP)]


def avg(k, i):
    n = k.nsure[i] + k.nmaybe[i]
    return k.vsum[i] // n if n else 0


def side(k, p, buf, off, n, out):
    """The model of p's side buf[off:off + n] (n cards) into out."""
    if n == 3:
        complete(strength(buf, off, 3), out)
        return
    if n == 0:
        for i in range(MODEL):
            out[i] = TYPICAL[i]
        return
    sure = k.sure[p]
    maybe = k.maybe
    t = k.atl[p]
    a = k.a[p]
    cols = 0
    vals = 0
    lo = 15
    hi = 0
    tot = 0
    for i in range(off, off + n):
        c = buf[i]
        v = c & 15
        cols |= 1 << (c >> 4)
        vals |= 1 << v
        tot += v
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    need = 3 - n
    one_col = cols & (cols - 1) == 0
    runs = hi - lo <= 2 and (n == 1 or lo != hi)
    out[0] = 0
    out[5] = out[10] = out[4] = out[9] = out[3] = out[8] = out[2] = out[7] = 0
    if one_col and runs:
        _colour_run(sure, maybe, a, cols, vals, max(1, hi - 2), min(lo, 7), out)
    if lo == hi:
        out[4] = at_least(t, need, POP[sure[lo]], POP[maybe[lo]])
        out[9] = 3 * lo
    i = p * 7
    if one_col:
        col = LOW[cols]
        out[3] = at_least(t, need, k.nsure[i + col], k.nmaybe[i + col])
        out[8] = tot + need * avg(k, i + col)
    if runs:
        _run(sure, maybe, t, vals, max(1, hi - 2), min(lo, 7), out)
    out[1] = at_least(t, need, k.nsure[i + 6], k.nmaybe[i + 6])
    out[6] = tot + need * avg(k, i + 6)


def complete(s, out):
    """The model of a complete side of strength s into out: that formation, surely."""
    for i in range(MODEL):
        out[i] = 0
    out[0] = s
    out[s >> 6] = ONE
    out[5 + (s >> 6)] = s & 63


def _colour_run(sure, maybe, a, bit, vals, first, last, out):
    """Rank 5 of out: the likeliest colour-run of colour `bit` starting at first..last (the
    options share cards, so the likeliest one, not their union, is the chance)."""
    best = 0
    for v in range(first, last + 1):
        pp = ONE
        for w in range(v, v + 3):
            if vals >> w & 1 or sure[w] & bit:
                continue
            if maybe[w] & bit:
                pp = pp * a >> 10
            else:
                pp = 0
                break
        if pp and pp >= best:
            best = pp
            out[10] = 3 * v + 3
    out[5] = best


def _run(sure, maybe, t, vals, first, last, out):
    """Rank 2 of out: the likeliest run starting at first..last (any colours)."""
    best = 0
    for v in range(first, last + 1):
        pp = ONE
        for w in range(v, v + 3):
            if vals >> w & 1 or sure[w]:
                continue
            pp = pp * t[ROW + POP[maybe[w]]] >> 10
        if pp and pp >= best:
            best = pp
            out[7] = 3 * v + 3
    out[2] = best


def _ranks(o, d):
    """d[r]: the chance that the side ends with rank r exactly (d[0]: never complete)."""
    if o[0]:
        for r in range(6):
            d[r] = 0
        d[o[0] >> 6] = ONE
        return
    rest = ONE
    for r in range(5, 0, -1):
        x = rest * o[r] >> 10
        d[r] = x
        rest -= x
    d[0] = rest


def stone(mine, theirs, dm, dt):
    """The chance that the AI's side (model `mine`) beats `theirs`; dm, dt: 6-int buffers.
    Equal formations of two complete sides are decided by the caller (who completed first)."""
    _ranks(mine, dm)
    _ranks(theirs, dt)
    # with the same rank the sums decide; the side complete first wins a tie
    bias = 48 if mine[0] else -48 if theirs[0] else 0
    win = 0
    below = 0  # chance that theirs ends below rank r
    for r in range(1, 6):
        if dm[r]:
            tie = HALF + bias + (mine[5 + r] - theirs[5 + r]) * 96
            tie = 0 if tie < 0 else ONE if tie > ONE else tie
            win += dm[r] * (below + dt[0] + (dt[r] * tie >> 10)) >> 10
        below += dt[r]
    return win + (dm[0] * dt[0] >> 11)



def calibrated(table, p, mine, theirs, deck):
    """The real chance of a stone modelled at p with `mine` and `theirs` cards on the sides and
    `deck` cards left to draw, by a calibration table (ai_cal.TABLE, ai_tcal.TABLE): per deck
    third and card counts, the real chance at 17 knots of p, in 256ths."""
    if p >= ONE:
        p = ONE
    i = (((deck * PHASES // DECK) * 4 + mine) * 4 + theirs) * KNOTS + (p >> 6)
    f = p & 63
    lo = table[i]
    if f:
        lo += (table[i + 1] - lo) * f >> 6
    return lo << 2
