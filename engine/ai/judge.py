# The computer opponents' judgement of a position, in integers: probabilities are fixed point
# with ONE = 1024.
#
# A side of a stone is modelled by the chance of each formation it can still reach with the
# cards its player may still get: for the AI, the cards in its hand surely, every card unknown
# to it (the other hand and the deck) with probability `a`, the share of those it can expect
# to draw. For the opponent every unknown card comes with its own, larger, share (its hand and
# its draws). Cards in the AI's hand never reach the opponent. Two sides give the stone's win
# chance (ai/outlook.py turns nine of them into the chance to win the game).
#
# A side model is a list of 11 ints: [0] the exact strength of a complete side (else 0),
# [1..5] the chance of reaching a formation of rank 1..5 (ranks counted independently),
# [6..10] a typical sum of that formation.
from array import array
from micropython import const
from engine.core.formation import strength, POP, LOW
from engine.core.cards import OWN

ONE = const(1024)  # (base.ONE: the same)
KNOTS = const(17)  # calibration tables (ai/cal.py, ai/tcal.py): modelled chances 0, 64, ..., 1024
PHASES = const(3)  # thirds of the deck: 0 = nearly empty
DECK = const(43)  # one more than the cards in the deck after the deal
HALF = const(512)
CAP = const(48)  # most unknown cards a chance table covers (42 after the deal)
ROW = const(49)  # CAP + 1: one row of a chance table
# Rows of a chance table: at least 1 or 2 cards coming (at least none: surely, never read). A
# side is modelled once it holds a card (an empty one is TYPICAL), so no model awaits more.
ROWS = const(2)
MODEL = const(11)
DISCOUNT = const(400)  # of the share of the deck drawn: a card drawn late often comes too late
# An empty side: one typical end for both players (chances of each rank, sums), so an empty
# stone is even; modelling it from every possible formation makes it look far too good.
TYPICAL = (0, 1024, 120, 360, 120, 300, 17, 15, 16, 16, 16)

class Knowledge:
    """What one player knows at a decision, with the tables the models read. Built once per
    AI object (its buffers are reused), filled by `start` at each decision."""

    def __init__(self):
        self.sure = (bytearray(16), bytearray(16))  # per player: colour masks held for sure
        self.maybe = bytearray(16)  # the colour masks of the cards unknown to the AI
        self.unseen = bytearray(16)  # the game's unseen cards (for proofs), updated by moves
        self.a = [0, 0]
        # [(n - 1) * ROW + m]: the chance (up to ONE) that >= n of m unknown cards come, worked out
        # for m up to made[p] with chance a[p] each (made[p] = -1: for none). They are read
        # only up to the unknown cards of the decision (no model counts more), and a table
        # made for as many or more with the same chance serves again (the hard computer's
        # look starts the knowledge afresh for each of its moves, with the same chances).
        self.atl = (array("H", bytes(2 * ROWS * ROW)), array("H", bytes(2 * ROWS * ROW)))
        self.made = [-1, -1]
        self.made_a = [0, 0]
        # per player and colour (index p * 7 + colour, 6 = every colour): cards that may come
        # for sure, unknown, and the sum of their values
        self.nsure = bytearray(14)  # (counts of cards: at most 54)
        self.nmaybe = bytearray(14)
        self.vsum = [0] * 14

    def start(self, g, their=-1):
        """their: the clan cards in the other hand, when not all of it (tactical variant)."""
        me = g.player
        sure = self.sure[me]
        other = self.sure[1 - me]
        unseen = self.unseen
        maybe = self.maybe
        known = g.unseen
        for v in range(16):
            sure[v] = 0
            other[v] = 0
            unseen[v] = known[v]
        hands = g.hands
        size = len(hands) >> 1  # 6 cards a hand, 7 in the tactical variant
        for i in range(me * size, me * size + g.hand_n[me]):
            c = hands[i]
            if c < OWN:  # (a clan card: a game's own cards are not in unseen)
                sure[c & 15] |= 1 << (c >> 4)
        u = 0
        for v in range(16):
            m = known[v] & ~sure[v]
            maybe[v] = m
            u += POP[m]
        d = g.deck_left()
        h = g.hand_n[1 - me] if their < 0 else their
        # each unknown card: drawn by the AI about half the deck, else with the other player
        a = self.a
        a[me] = (d * HALF // u if u else 0) * DISCOUNT >> 10
        a[1 - me] = min(ONE, (h * ONE + (d * HALF * DISCOUNT >> 10)) // u) if u else 0
        m = u if u < CAP else CAP
        for p in (0, 1):
            if self.made[p] < m or self.made_a[p] != a[p]:
                _chances(self.atl[p], a[p], m)
                self.made[p] = m
                self.made_a[p] = a[p]
        self.count_all()

    def count_all(self):
        nsure = self.nsure
        nmaybe = self.nmaybe
        vsum = self.vsum
        for i in range(14):
            nsure[i] = 0
            nmaybe[i] = 0
            vsum[i] = 0
        maybe = self.maybe
        for p in (0, 1):
            sure = self.sure[p]
            i = p * 7
            for v in range(1, 10):
                s = sure[v] & 63
                m = maybe[v] & 63 & ~s  # (a card held for sure counts as such)
                nsure[i + 6] += POP[s]
                nmaybe[i + 6] += POP[m]
                m |= s
                vsum[i + 6] += v * POP[m]
                while m:
                    col = LOW[m]
                    m &= m - 1
                    if s >> col & 1:
                        nsure[i + col] += 1
                    else:
                        nmaybe[i + col] += 1
                    vsum[i + col] += v

    def take(self, p, c, d):
        """d = -1: p's sure card c leaves (played); d = 1: it comes back."""
        v = c & 15
        col = c >> 4
        bit = 1 << col
        if d < 0:
            self.sure[p][v] &= ~bit
            self.unseen[v] &= ~bit
        else:
            self.sure[p][v] |= bit
            self.unseen[v] |= bit
        p *= 7
        counts = self.nsure
        counts[p + col] += d
        counts[p + 6] += d
        counts = self.vsum
        v *= d
        counts[p + col] += v
        counts[p + 6] += v

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
        nmaybe = self.nmaybe
        vsum = self.vsum
        for p in (0, 1):
            if not self.sure[p][v] & bit:
                i = p * 7
                nmaybe[i + col] += d
                nmaybe[i + 6] += d
                vsum[i + col] += v * d
                vsum[i + 6] += v * d


def _chances(t, a, last):
    """t[(n - 1) * ROW + m] for n = 1..ROWS and m up to last: the chance that at least n of m
    unknown cards come (each with chance a)."""
    t[0] = 0
    x = 0
    for m in range(last):  # (n = 1: from at least none, ONE throughout)
        x += a * (ONE - x) >> 10
        t[m + 1] = x
    for r in range(ROW, ROWS * ROW, ROW):
        t[r] = 0
        x = 0
        for m in range(r - ROW, r - ROW + last):  # (the row above, from m = 0)
            x += a * (t[m] - x) >> 10
            t[m + ROW + 1] = x


def at_least(t, n, s, m):
    """The chance that, with s cards surely coming and m unknown ones (by table t of
    Knowledge.atl), at least n come."""
    if s >= n:
        return ONE
    return t[(n - s - 1) * ROW + (m if m < CAP else CAP)]


def avg(k, i):
    n = k.nsure[i] + k.nmaybe[i]
    return k.vsum[i] // n if n else 0


def side(k, p, buf, off, n, out):
    """The model of p's side buf[off:off + n] (n cards) into out. (The formations' chances are
    written out here, at_least and avg among them: the computers ask for thousands of models
    a decision, and on the Pico each call of a helper cost about as much as its work.)"""
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
    c = buf[off]
    lo = hi = tot = c & 15
    cols = 1 << (c >> 4)
    vals = 1 << lo
    if n == 2:
        c = buf[off + 1]
        v = c & 15
        cols |= 1 << (c >> 4)
        vals |= 1 << v
        tot += v
        if v < lo:
            lo = v
        else:
            hi = v
    need = 3 - n
    one_col = cols & (cols - 1) == 0
    runs = hi - lo <= 2 and (n == 1 or lo != hi)
    for i in range(MODEL):
        out[i] = 0
    # the runs that may hold the side's values start at first..last
    first = hi - 2 if hi > 3 else 1
    last = lo if lo < 7 else 7
    if one_col and runs:
        # rank 5: the likeliest colour-run of the side's colour (the options share cards, so
        # the likeliest one, not their union, is the chance)
        a = k.a[p]
        best = 0
        for v in range(first, last + 1):
            pp = ONE
            for w in range(v, v + 3):
                if vals >> w & 1 or sure[w] & cols:
                    continue
                if maybe[w] & cols:
                    pp = pp * a >> 10
                else:
                    pp = 0
                    break
            if pp and pp >= best:
                best = pp
                out[10] = 3 * v + 3
        out[5] = best
    if lo == hi:
        c = POP[sure[lo]]
        out[4] = ONE if c >= need else t[(need - c - 1) * ROW + POP[maybe[lo]]]
        out[9] = 3 * lo
    i = p * 7
    if one_col:
        c = i + LOW[cols]
        v = k.nsure[c]
        w = k.nmaybe[c]
        out[3] = ONE if v >= need else t[(need - v - 1) * ROW + (w if w < CAP else CAP)]
        w += v
        out[8] = tot + need * (k.vsum[c] // w if w else 0)
    if runs:
        # rank 2: the likeliest run (any colours)
        best = 0
        for v in range(first, last + 1):
            pp = ONE
            for w in range(v, v + 3):
                if vals >> w & 1 or sure[w]:
                    continue
                pp = pp * t[POP[maybe[w]]] >> 10
            if pp and pp >= best:
                best = pp
                out[7] = 3 * v + 3
        out[2] = best
    c = i + 6
    v = k.nsure[c]
    w = k.nmaybe[c]
    out[1] = ONE if v >= need else t[(need - v - 1) * ROW + (w if w < CAP else CAP)]
    w += v
    out[6] = tot + need * (k.vsum[c] // w if w else 0)


def complete(s, out):
    """The model of a complete side of strength s into out: that formation, surely."""
    for i in range(MODEL):
        out[i] = 0
    out[0] = s
    out[s >> 6] = ONE
    out[5 + (s >> 6)] = s & 63


def stone(mine, theirs):
    """The chance that the AI's side (model `mine`) beats `theirs`. Equal formations of two
    complete sides are decided by the caller (who completed first).

    Each side ends with rank r exactly with the chance d(r) = rest(r) * model[r], rest(r)
    being what the ranks above left (a complete side: its rank surely), walked from rank 5
    down; with the same rank the sums decide, and the side complete first wins a tie. The AI
    wins at rank r when theirs ends below r or never completes: their rest after rank r."""
    cm = mine[0] >> 6  # the rank of a complete side, 0 for one still open
    ct = theirs[0] >> 6
    bias = 48 if cm else -48 if ct else 0
    rm = ONE
    rt = ONE
    win = 0
    for r in range(5, 0, -1):
        if cm:
            x = ONE if r == cm else 0
        else:
            x = rm * mine[r] >> 10
        rm -= x
        if ct:
            y = ONE if r == ct else 0
        else:
            y = rt * theirs[r] >> 10
        rt -= y
        if x:
            tie = HALF + bias + (mine[5 + r] - theirs[5 + r]) * 96
            tie = 0 if tie < 0 else ONE if tie > ONE else tie
            win += x * (rt + (y * tie >> 10)) >> 10
    return win + (rm * rt >> 11)


def calibrated(table, p, mine, theirs, deck):
    """The real chance of a stone modelled at p with `mine` and `theirs` cards on the sides and
    `deck` cards left to draw, by a calibration table (cal.TABLE, tcal.TABLE): per deck
    third and card counts, the real chance at 17 knots of p, in 256ths."""
    if p >= ONE:
        p = ONE
    # (the arguments reused as the locals: a frame small enough for the stack)
    mine = (((deck * PHASES // DECK) * 4 + mine) * 4 + theirs) * KNOTS + (p >> 6)
    theirs = table[mine]
    p &= 63
    if p:
        theirs += (table[mine + 1] - theirs) * p >> 6
    return theirs << 2
