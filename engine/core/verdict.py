# The claim checker's verdict (its screen, engine/ui/checker.py, and `sim analyze`): may this
# side claim, and why, in words. Apart from core/proof.py so that a game in play does not load it.
from engine.core.cards import names
from engine.core.formation import strength, ruled, RULE_ANY
from engine.core.proof import counter, describe, beaten, same


def analyze(mine, theirs, seen, n, unseen, mine_first=True, modes=0, named=names,
            rule=RULE_ANY, say=same):
    """The claim checker. mine and theirs are the two sides (lists of card codes, elite troops
    among them in the tactical variant), seen every other face-up card, unseen the colour
    masks of the whole deck (changed here), modes the stone's combat modes (tactics.MODE_*),
    rule a siege section's (engine/core/formation.py).
    Returns (claimable, counter, why), counter as in `counter`: None when the claim holds;
    named: how cards are named in it; say(english): why in the language it is shown in."""
    if len(mine) < n:
        return False, None, say("your side is not complete: a claim needs %d cards") % n
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
        cards = counter(mb, 0, tb, 0, len(theirs), n, unseen, mine_first, rule)
        strong = strength
    s = ruled(strong(mb, 0, n), rule)
    t = ruled(strong(tb + bytes(cards or ()), 0, n), rule) \
        if len(theirs) + len(cards or ()) == n else 0
    if cards is None:
        if len(theirs) < n:
            return True, None, say("no way to complete their side beats your %s") % describe(
                s, n, rule, say)
        if t == s:
            return True, None, say("equal formations: you completed your side first")
        return True, None, say("your %s beats their %s") % (describe(s, n, rule, say),
                                                             describe(t, n, rule, say))
    return False, cards, beaten(s, t, cards, n, named, rule, say)


class _Tactical:
    """Sides with elite troops, stones with combat modes (engine/tactical/tactics.py, loaded only
    when the claim checker meets them)."""

    def __init__(self, modes):
        from engine.tactical import tactics
        self.t = tactics
        self.modes = modes
        self.work = bytearray(4)

    def counter(self, mb, tb, k, n, unseen, mine_first):
        return self.t.counter(mb, 0, tb, 0, k, n, unseen, mine_first, self.modes, self.work)

    def strength(self, buf, off, n):
        return self.t.side_strength(buf, off, n, self.modes, self.work)
