# Claims: may a complete side take its stone now? By comparison when the other side is complete,
# by proof when it is not (RULES.md section 1, "Claiming").
from engine.cards import names
from engine.formation import strength, best_completion, ruled, RANK, KIND, RULE_ANY, RULE_LOW


def counter(mine, moff, theirs, toff, k, n, unseen, mine_first, rule=RULE_ANY):
    """None when the claim holds, else the cards that, added to theirs, beat mine.

    mine[moff:moff + n] is the claimer's complete side, theirs[toff:toff + k] the other side,
    unseen the colour masks per value of every card not face up on the table (the claimer's
    own hand included), rule the place's (engine/formation.py). The list is empty when their
    complete side already wins. A side still incomplete completes after the claimer's, so it
    needs a strictly stronger formation.
    """
    s = ruled(strength(mine, moff, n), rule)
    if k == n:
        t = ruled(strength(theirs, toff, n), rule)
        return [] if t > s or (t == s and not mine_first) else None
    best = best_completion(theirs, toff, k, n, unseen, rule)
    if best is None or best[0] <= s:
        return None
    return best[1]


FORMATIONS = ("", "sum", "run", "colour", "", "colour-run")  # by rank
_KINDS = ("", "", "pair", "three of a kind", "four of a kind")  # (KIND, by cards a side)


def describe(s, n=3, rule=RULE_ANY):
    """A strength of an n-card side (at a place with this rule) in words: "colour (20)"."""
    rank = s // RANK
    total = 63 - s % RANK if rule == RULE_LOW else s % RANK  # (formation.ruled)
    return "%s (%d)" % (_KINDS[n] if rank == KIND else FORMATIONS[rank], total)


def analyze(mine, theirs, seen, n, unseen, mine_first=True, modes=0, named=names):
    """The claim checker. mine and theirs are the two sides (lists of card codes, elite troops
    among them in the tactical variant), seen every other face-up card, unseen the colour
    masks of the whole deck (changed here), modes the stone's combat modes (tactics.MODE_*).
    Returns (claimable, counter, why), counter as in `counter`: None when the claim holds;
    named: how cards are named in it."""
    if len(mine) < n:
        return False, None, "your side is not complete: a claim needs %d cards" % n
    for c in mine + theirs + seen:
        if c < 0x60:  # tactic cards are not in unseen
            unseen[c & 15] &= ~(1 << (c >> 4))
    mb = bytes(mine)
    tb = bytes(theirs)
    judge = _Tactical(modes) if modes or max(mb + tb) >= 0x60 else None
    if judge:
        cards = judge.counter(mb, tb, len(theirs), n, unseen, mine_first)
        strong = judge.strength
    else:
        cards = counter(mb, 0, tb, 0, len(theirs), n, unseen, mine_first)
        strong = strength
    s = strong(mb, 0, n)
    t = strong(tb + bytes(cards or ()), 0, n) if len(theirs) + len(cards or ()) == n else 0
    if cards is None:
        if len(theirs) < n:
            return True, None, "no way to complete their side beats your " + describe(s, n)
        if t == s:
            return True, None, "equal formations: you completed your side first"
        return True, None, "your %s beats their %s" % (describe(s, n), describe(t, n))
    return False, cards, beaten(s, t, cards, n, named)


def beaten(s, t, cards, n=3, named=names, rule=RULE_ANY):
    """Why a claim fails, in words: s the claimer's strength, t the other side's with `cards`
    added (those it could still get: empty when it is complete), at a place with this rule.
    The board says it too."""
    theirs = describe(t, n, rule)
    if cards:
        return "they could still add %s: %s beats your %s" % (named(cards), theirs,
                                                               describe(s, n, rule))
    if t == s:
        return "equal formations: they completed their side first"
    return "their %s beats your %s" % (theirs, describe(s, n, rule))


class _Tactical:
    """Sides with elite troops, stones with combat modes (engine/tactics.py, loaded only
    when the claim checker meets them)."""

    def __init__(self, modes):
        from engine import tactics
        self.t = tactics
        self.modes = modes
        self.work = bytearray(4)

    def counter(self, mb, tb, k, n, unseen, mine_first):
        return self.t.counter(mb, 0, tb, 0, k, n, unseen, mine_first, self.modes, self.work)

    def strength(self, buf, off, n):
        return self.t.side_strength(buf, off, n, self.modes, self.work)
