# Claims: may a complete side take its stone now? By comparison when the other side is complete,
# by proof when it is not (RULES.md section 1, "Claiming"); a refused claim in words. (The claim
# checker's verdicts: engine/core/verdict.py.)
from micropython import const
from engine.core.cards import names
from engine.core.formation import strength, best_completion, ruled, RANK, KIND, RULE_ANY, RULE_LOW


def counter(mine, moff, theirs, toff, k, n, unseen, mine_first, rule=RULE_ANY):
    """None when the claim holds, else the cards that, added to theirs, beat mine.

    mine[moff:moff + n] is the claimer's complete side, theirs[toff:toff + k] the other side,
    unseen the colour masks per value of every card not face up on the table (the claimer's
    own hand included), rule the place's (engine/core/formation.py). The list is empty when their
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


FORMATIONS = ("", "sum", "run", "colour", "", "colour-run")  # keys (by rank)
_KINDS = const(("", "", "pair", "three of a kind", "four of a kind"))  # keys (KIND, by cards a side)


def same(words):
    return words


def formation(s, n=3, rule=RULE_ANY):
    """(the formation's name, its sum) of a strength s of an n-card side at a place with this
    rule."""
    rank = s // RANK
    total = 63 - s % RANK if rule == RULE_LOW else s % RANK  # (formation.ruled)
    return (_KINDS[n] if rank == KIND else FORMATIONS[rank]), total


def describe(s, n=3, rule=RULE_ANY, say=same):
    """A strength of an n-card side (at a place with this rule) in words: "colour (20)".
    say(english): the words in the language they are shown in (the screens: lang.t)."""
    name, total = formation(s, n, rule)
    return "%s (%d)" % (say(name) if name else name, total)


def beaten(s, t, cards, n=3, named=names, rule=RULE_ANY, say=same):
    """Why a claim fails, in words: s the claimer's strength, t the other side's with `cards`
    added (those it could still get: empty when it is complete), at a place with this rule.
    The board says it too."""
    theirs = describe(t, n, rule, say)
    if cards:
        return say("they could still add %s: %s beats your %s") % (
            named(cards), theirs, describe(s, n, rule, say))
    if t == s:
        return say("equal formations: they completed their side first")
    return say("their %s beats your %s") % (theirs, describe(s, n, rule, say))
