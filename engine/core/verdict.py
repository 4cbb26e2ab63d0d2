# The claim checker's verdict (its screen, engine/ui/checker.py, and `sim analyze`): may this
# side claim, and why, in words. Apart from core/proof.py so that a game in play does not load it.
from engine.core.cards import names, OWN
from engine.core.formation import strength, ruled, RULE_ANY
from engine.core.proof import counter, describe, beaten, same


def analyze(mine, theirs, seen, n, unseen, mine_first=True, judge=None, named=names,
            rule=RULE_ANY, say=same):
    """The claim checker. mine and theirs are the two sides (lists of card codes, a game's
    own among them: the tactical variant's elite troops), seen every other face-up card,
    unseen the colour masks of the whole deck (changed here), rule a siege section's
    (engine/core/formation.py); judge: where a game's own cards or rules are in play, its
    counter and strength (engine/tactical/judge.py), else None.
    Returns (claimable, counter, why), counter as in `counter`: None when the claim holds;
    named: how cards are named in it; say(english): why in the language it is shown in."""
    if len(mine) < n:
        return False, None, say("your side is not complete: a claim needs %d cards") % n
    for c in mine + theirs + seen:
        if c < OWN:  # a game's own cards are not in unseen
            unseen[c & 15] &= ~(1 << (c >> 4))
    mb = bytes(mine)
    tb = bytes(theirs)
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
