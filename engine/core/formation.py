# Formations: how strong a side is, and the strongest way an incomplete side can still end.
#
# A side's strength is one int, rank * 64 + sum, so comparing two formations is comparing two
# ints (a sum of at most 4 cards of value <= 11 stays below 64). Ties in strength go to the
# side completed first; the caller knows that moment, not this module.
#
# Every game's sides: n, the cards a side needs, is 2, 3 or 4, values run 0-11, colours are
# bits of a mask (5 or 6 colours), and a place may have a rule (below) that lets only some
# formations count there.
from micropython import const

SUM = const(1)
RUN = const(2)
COLOUR = const(3)
KIND = const(4)  # same value ("three of a kind")
COLOUR_RUN = const(5)
RANK = const(64)  # strength = rank * RANK + sum
_TOP_VALUE = const(11)  # highest value of any deck

# The rule of a place: which formations count there (a siege's wall section; a stone with a
# Blind-Man's Bluff is RULE_HIGH). Under a rule a side ranks as the rule's formation when it
# shows it (a colour-run shows a run and a colour), else as a sum; then its sum decides.
RULE_ANY = const(0)
RULE_HIGH = const(1)  # the highest sum only
RULE_LOW = const(2)  # the lowest sum only
RULE_RUN = const(3)
RULE_COLOUR = const(4)
RULE_KIND = const(5)  # same value
_LOW_SUM = const(63)  # under RULE_LOW a side counts 63 - its sum: the lower, the stronger

# Bit counts and lowest set bit of the 6-bit colour masks (the computers read them too: one
# copy of each in the heap).
POP = bytearray(64)
LOW = bytearray(64)
for _m in range(1, 64):
    POP[_m] = POP[_m >> 1] + (_m & 1)
    LOW[_m] = 0 if _m & 1 else LOW[_m >> 1] + 1
del _m


def strength(buf, off, n):
    """Strength of the complete side buf[off:off + n]. (Written with few locals and shallow
    expressions so that its frame stays on the stack: MicroPython puts a frame of more than
    11 words on the heap, an allocation and a free for each call, and the computer asks this
    at every proof.)"""
    total = 0  # the sum, and 256 a card
    x = 0  # the value bits, and from bit 16 the colour bits
    n += off
    while off < n:
        c = buf[off]
        off += 1
        total += (c & 15) + 256
        x |= 1 << (c & 15)
        x |= 0x10000 << (c >> 4)
    c = x & 0xFFFF
    x >>= 16
    # distinct consecutive values, one a card: the value bits, shifted down to the lowest,
    # are as many ones as there are cards
    n = c // (c & -c) == (1 << (total >> 8)) - 1
    total &= 255
    if x & (x - 1) == 0:  # one colour
        if n:
            return COLOUR_RUN * RANK + total
        return (KIND if c & (c - 1) == 0 else COLOUR) * RANK + total
    if c & (c - 1) == 0:
        return KIND * RANK + total
    return (RUN if n else SUM) * RANK + total


def ruled(s, rule):
    """Strength s (of strength()) as it counts at a place with this rule."""
    if not rule:
        return s
    rank = s // RANK
    total = s % RANK
    if rule == RULE_LOW:
        return SUM * RANK + _LOW_SUM - total
    if rule == RULE_RUN and (rank == RUN or rank == COLOUR_RUN):
        return RUN * RANK + total
    if rule == RULE_COLOUR and (rank == COLOUR or rank == COLOUR_RUN):
        return COLOUR * RANK + total
    if rule == RULE_KIND and rank == KIND:
        return s
    return SUM * RANK + total


def best_completion(buf, off, k, n, unseen, rule=RULE_ANY):
    """The strongest way the side buf[off:off + k] can be completed to n cards (under the
    place's rule).

    unseen[v] is the mask of colours whose card of value v may still come (bit c for colour c).
    Returns (strength, added cards) or None when too few cards remain to complete the side.
    Formations are tried from the top: the first rank that can be reached at all is the best
    one, and within it the best sum is taken, so no completion is ever enumerated. (A set found
    for a lower rank cannot secretly be of a higher one: that rank was tried first.)
    """
    added = []
    s = _complete(buf, off, k, n, unseen, added, rule)
    return None if s < 0 else (s, added)


def ruled_strength(buf, off, k, n, unseen, rule):
    """best_completion's strength alone at a place with this rule, -1 for None, allocating
    nothing (see best_strength, its twin where any formation counts)."""
    return _complete(buf, off, k, n, unseen, None, rule)


def best_strength(buf, off, k, n, unseen):
    """best_completion's strength alone, -1 for None; it allocates nothing (the computer
    opponents ask this thousands of times a decision). The same search as _complete's, written
    out in one function: on the Pico each call of the five helpers (most of them with frames
    too large for the stack) cost more than the search itself."""
    cols = 0
    vals = 0
    lo = 15
    hi = -1
    total = 0
    for i in range(off, off + k):
        c = buf[i]
        v = c & 15
        cols |= 1 << (c >> 4)
        vals |= 1 << v
        total += v
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    one_colour = cols & (cols - 1) == 0
    distinct = POP[vals & 63] + POP[vals >> 6] == k
    # the first values of the n-card runs that hold lo..hi, from top down to stop (_top,
    # _bottom)
    top = _TOP_VALUE - n + 1
    stop = 0
    if k:
        if lo < top:
            top = lo
        if hi - n + 1 > 0:
            stop = hi - n + 1
    if distinct and one_colour:
        start = cols or 63
        v = top
        while v >= stop:
            m = start
            w = v
            while w < v + n and m:
                if not vals >> w & 1:
                    m &= unseen[w]
                w += 1
            if m:
                return COLOUR_RUN * RANK + _run_sum(v, n)
            v -= 1
    need = n - k
    if lo >= hi:
        v = lo if k else _TOP_VALUE
        while v >= (lo if k else 0):
            if POP[unseen[v]] >= need:
                return KIND * RANK + v * n
            v -= 1
    if one_colour:
        s = _one_colour(cols, need, unseen)
        if s >= 0:
            return COLOUR * RANK + total + s
    if distinct:
        v = top
        while v >= stop:
            w = v
            while w < v + n and (vals >> w & 1 or unseen[w]):
                w += 1
            if w == v + n:
                return RUN * RANK + _run_sum(v, n)
            v -= 1
    s = _highest(63, need, unseen, None)
    return -1 if s < 0 else SUM * RANK + total + s


def _one_colour(cols, need, unseen):
    """The highest sum of `need` unseen cards of one colour: the colour of mask cols, or any
    one when cols is 0; -1 when no colour has that many (_colour's search, allocating
    nothing)."""
    best = -1
    for col in range(6):
        bit = 1 << col
        if cols and not cols & bit:
            continue
        total = 0
        got = 0
        v = _TOP_VALUE
        while v >= 0 and got < need:
            if unseen[v] & bit:
                total += v
                got += 1
            v -= 1
        if got == need and total > best:
            best = total
    return best


def _complete(buf, off, k, n, unseen, added, rule):
    """The best completion's strength (-1: none); its cards appended to `added` unless None."""
    cols = 0
    vals = 0
    lo = 15
    hi = -1
    total = 0
    for i in range(off, off + k):
        c = buf[i]
        v = c & 15
        cols |= 1 << (c >> 4)
        vals |= 1 << v
        total += v
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    distinct = POP[vals & 63] + POP[vals >> 6] == k
    one_colour = cols & (cols - 1) == 0
    s = -1
    if rule == RULE_LOW:
        return _lowest(total, k, n, unseen, added)
    if not rule:
        if distinct and one_colour:
            s = _colour_run(vals, lo, hi, k, n, unseen, cols or 63, added)
        if s < 0 and lo >= hi:
            s = _kind(lo, k, n, unseen, added)
        if s < 0 and one_colour:
            s = _colour(cols, total, k, n, unseen, added)
        if s < 0 and distinct:
            s = _run(vals, lo, hi, k, n, unseen, added)
    elif rule == RULE_RUN and distinct:
        s = _run(vals, lo, hi, k, n, unseen, added)
    elif rule == RULE_COLOUR and one_colour:
        s = _colour(cols, total, k, n, unseen, added)
    elif rule == RULE_KIND and lo >= hi:
        s = _kind(lo, k, n, unseen, added)
    if s < 0:
        s = _sum(total, k, n, unseen, added)
    return s


# The first values of the n-card runs that contain values lo..hi, highest first: from _top
# down to _bottom (counted in loops, not in a range object: the computer opponents ask this
# for every move they weigh, and a range object would be garbage each time).
def _top(lo, k, n):
    return min(_TOP_VALUE - n + 1, lo) if k else _TOP_VALUE - n + 1


def _bottom(hi, k, n):
    return max(0, hi - n + 1) if k else 0


def _run_sum(v, n):
    return v * n + n * (n - 1) // 2


def _colour_run(vals, lo, hi, k, n, unseen, colours, added):
    v = _top(lo, k, n)
    stop = _bottom(hi, k, n)
    while v >= stop:
        m = colours
        for w in range(v, v + n):
            if not vals & (1 << w):
                m &= unseen[w]
        if m:
            if added is not None:
                col = LOW[m] * 16
                for w in range(v, v + n):
                    if not vals & (1 << w):
                        added.append(col + w)
            return COLOUR_RUN * RANK + _run_sum(v, n)
        v -= 1
    return -1


def _run(vals, lo, hi, k, n, unseen, added):
    v = _top(lo, k, n)
    stop = _bottom(hi, k, n)
    while v >= stop:
        w = v
        while w < v + n and (vals & (1 << w) or unseen[w]):
            w += 1
        if w == v + n:
            if added is not None:
                for w in range(v, v + n):
                    if not vals & (1 << w):
                        added.append(LOW[unseen[w]] * 16 + w)
            return RUN * RANK + _run_sum(v, n)
        v -= 1
    return -1


def _kind(lo, k, n, unseen, added):
    need = n - k
    v = lo if k else _TOP_VALUE
    stop = lo if k else 0
    while v >= stop:
        m = unseen[v]
        if POP[m] >= need:
            if added is not None:
                for _ in range(need):
                    added.append(LOW[m] * 16 + v)
                    m &= m - 1
            return KIND * RANK + v * n
        v -= 1
    return -1


def _highest(m, need, unseen, added):
    """The sum of the `need` highest unseen cards of the colours in mask m, -1 when there are
    fewer; the cards appended to `added` unless None (only call it so when they are there)."""
    total = 0
    got = 0
    for v in range(_TOP_VALUE, -1, -1):
        if got == need:
            break
        here = unseen[v] & m
        while here and got < need:
            if added is not None:
                added.append(LOW[here] * 16 + v)
            here &= here - 1
            total += v
            got += 1
    return total if got == need else -1


def _colour(cols, total, k, n, unseen, added):
    need = n - k
    best = -1
    at = 0
    for col in range(6):
        if cols and not cols & (1 << col):
            continue
        s = _highest(1 << col, need, unseen, None)
        if s > best:
            best = s
            at = col
    if best < 0:
        return -1
    if added is not None:
        _highest(1 << at, need, unseen, added)
    return COLOUR * RANK + total + best


def _sum(total, k, n, unseen, added):
    s = _highest(63, n - k, unseen, None)
    if s < 0:
        return -1
    if added is not None:
        _highest(63, n - k, unseen, added)
    return SUM * RANK + total + s


def _lowest(total, k, n, unseen, added):
    """RULE_LOW's best completion: the n - k lowest unseen cards (-1 when too few remain)."""
    need = n - k
    v = 0
    while need and v <= _TOP_VALUE:
        here = unseen[v]
        while here and need:
            if added is not None:
                added.append(LOW[here] * 16 + v)
            here &= here - 1
            total += v
            need -= 1
        v += 1
    return -1 if need else SUM * RANK + _LOW_SUM - total
