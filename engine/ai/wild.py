# The side model of ai/judge.py (chances of each formation, typical sums) for an unfinished side
# that holds elite troops (tactical variant, the hard computer).
#
# An elite troop takes its value and colour only when the stone is decided, so it fills
# whichever gap the cards still to come leave: a Joker beside a red 5 makes a colour-run with
# any of the red 3, 4, 6 and 7. Fixing it to one card first (the likeliest single assignment)
# would count only two of them. An unfinished side of three holds at most two cards, so
# the cases are few: one clan card or none, one elite troop or two, one or two cards to come.
# Chances read Knowledge's tables as judge.side does.
from micropython import const
from engine.tactical import tactics as T
from engine.ai.judge import ONE, MODEL, POP, at_least, avg

_HIGHEST = const((9, 9, 7, 3))  # the highest value each elite troop may take (JK, JK, SPY, SHB)


def wild_side(k, p, buf, off, n, out):
    """Model p's side buf[off:off + n] (n < 3, elite troops among them) into out."""
    x = -1  # its clan card, if any
    e0 = e1 = -1  # its elite troops (e1: -1 when only one), as codes - JOKER
    for i in range(off, off + n):
        c = buf[i]
        if c < T.TACTIC:
            x = c
        elif e0 < 0:
            e0 = c - T.JOKER
        else:
            e1 = c - T.JOKER
    d = 3 - n  # cards to come
    for i in range(MODEL):
        out[i] = 0
    top = _HIGHEST[e0] + (_HIGHEST[e1] if e1 >= 0 else 0)
    i = p * 7
    vx = x & 15 if x >= 0 else 0
    # any formation: the sum of what comes
    out[1] = at_least(k.atl[p], d, k.nsure[i + 6], k.nmaybe[i + 6])
    out[6] = vx + top + d * avg(k, i + 6)
    _colour(k, p, x, d, top, out)
    _kind(k, p, vx, e0, e1, d, out)
    if d == 1:
        _runs_one(k, p, x, vx, e0, e1, out)
    else:
        _runs_two(k, p, e0, out)


def _colour(k, p, x, d, top, out):
    """Rank 3: d cards of the clan card's colour (of any one colour with none: the elite
    troops take theirs)."""
    t = k.atl[p]
    i = p * 7
    if x >= 0:
        col = x >> 4
        out[3] = at_least(t, d, k.nsure[i + col], k.nmaybe[i + col])
        out[8] = (x & 15) + top + d * avg(k, i + col)
        return
    if d == 1:  # two elite troops: any third card, and they take its colour
        out[3] = out[1]
        out[8] = out[6]
        return
    for col in range(6):
        q = at_least(t, d, k.nsure[i + col], k.nmaybe[i + col])
        if q >= out[3]:
            out[3] = q
            out[8] = top + d * avg(k, i + col)


def _kind(k, p, vx, e0, e1, d, out):
    """Rank 4: d cards of a value every card of the side may take."""
    t = k.atl[p]
    for v in range(1, 10):
        if (vx and v != vx) or not _may(e0, v) or (e1 >= 0 and not _may(e1, v)):
            continue
        q = at_least(t, d, POP[k.sure[p][v]], POP[k.maybe[v]])
        if q and q >= out[4]:
            out[4] = q
            out[9] = 3 * v


def _may(e, v):
    """May elite troop e (code - JOKER) take value v?"""
    return e < 2 or (v == 7 if e == 2 else v <= 3)


def _fits(vx, e0, e1, v):
    """The values w (a mask) of a card to come that, with the side's cards (clan value vx or
    0, elite troops e0 and e1 or -1), fill the three values v, v+1, v+2."""
    ws = 0
    for w in range(v, v + 3):
        if w == vx:
            continue
        # the places left for the elite troops: a and b (b unused with a clan card)
        a = b = 0
        for u in range(v, v + 3):
            if u != w and u != vx:
                if a:
                    b = u
                else:
                    a = u
        if vx:
            if _may(e0, a):
                ws |= 1 << w
        elif (_may(e0, a) and _may(e1, b)) or (_may(e0, b) and _may(e1, a)):
            ws |= 1 << w
    return ws


def _runs_one(k, p, x, vx, e0, e1, out):
    """Ranks 5 and 2 with one card to come: the values it may have to make a run (with the
    clan card's colour for a colour-run; with no clan card the elite troops take the colour
    of the card that comes, so every run is a colour-run)."""
    sure = k.sure[p]
    maybe = k.maybe
    t = k.atl[p]
    wmask = 0
    hi = 0
    for v in range(1, 8):
        if vx and not v <= vx <= v + 2:
            continue
        f = _fits(vx, e0, e1, v)
        if f:
            wmask |= f
            hi = v
    if not wmask:
        return
    bit = 1 << (x >> 4) if x >= 0 else 63
    s = m = sr = mr = 0
    for w in range(1, 10):
        if wmask >> w & 1:
            s += POP[sure[w] & bit]
            m += POP[maybe[w] & bit]
            sr += POP[sure[w]]
            mr += POP[maybe[w]]
    out[5] = at_least(t, 1, s, m)
    out[10] = 3 * hi + 3
    out[2] = at_least(t, 1, sr, mr)
    out[7] = 3 * hi + 3


def _runs_two(k, p, e, out):
    """Ranks 5 and 2 for a lone elite troop e, two cards to come: the likeliest run of values
    it can join (a Joker anywhere: any two of the run's three cards; a Spy or Shield Bearer
    at its own values: the two others)."""
    sure = k.sure[p]
    maybe = k.maybe
    t = k.atl[p]
    for v in range(1, 8):
        free = 0  # the places of the run the elite troop may take
        for w in range(v, v + 3):
            if _may(e, w):
                free += 1
        if not free:
            continue
        # its place: any (a Joker: two of the three cards must come), else its highest one
        # (the other two must come)
        at = -1
        if free < 3:
            for w in range(v, v + 3):
                if _may(e, w):
                    at = w
        for col in range(6):
            bit = 1 << col
            s = m = 0
            for w in range(v, v + 3):
                if w != at:
                    s += (sure[w] & bit) != 0
                    m += (maybe[w] & bit) != 0
            q = at_least(t, 2, s, m)
            if q and q >= out[5]:
                out[5] = q
                out[10] = 3 * v + 3
        # a run of any colours: each value it needs from at least one card
        q = ONE
        if free == 3:
            q = _two_of_three(t, sure, maybe, v)
        else:
            for w in range(v, v + 3):
                if w != at:
                    q = q * (ONE if sure[w] else t[POP[maybe[w]]]) >> 10
        if q and q >= out[2]:
            out[2] = q
            out[7] = 3 * v + 3


def _two_of_three(t, sure, maybe, v):
    """The chance that cards of at least two of the values v, v+1, v+2 come."""
    a = ONE if sure[v] else t[POP[maybe[v]]]
    b = ONE if sure[v + 1] else t[POP[maybe[v + 1]]]
    c = ONE if sure[v + 2] else t[POP[maybe[v + 2]]]
    ab = a * b >> 10
    return ab + (a * c >> 10) + (b * c >> 10) - 2 * (ab * c >> 10)
