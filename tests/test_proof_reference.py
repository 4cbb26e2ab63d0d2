"""The analytic proof against an exhaustive enumeration of every completion (CPython only:
20,000 seeded positions with near-misses, ties and full sides)."""
import itertools

import pytest

from engine.core.cards import classic_deck
from engine.core.formation import best_completion, strength, RANK
from engine.core.proof import counter
from engine.core.rng import Rng

# 20,000 positions against an enumeration of every completion: make test's, not make check's.
pytestmark = pytest.mark.slow

DECK = list(classic_deck())


def ref_strength(cards):
    """RULES.md's table, written plainly: (rank, sum)."""
    vals = sorted(c & 15 for c in cards)
    flush = len({c >> 4 for c in cards}) == 1
    run = all(vals[i + 1] == vals[i] + 1 for i in range(len(vals) - 1))
    kind = vals[0] == vals[-1]
    rank = 5 if run and flush else 4 if kind else 3 if flush else 2 if run else 1
    return rank, sum(vals)


def ref_claim_holds(mine, theirs, unseen_cards, mine_first):
    s = ref_strength(mine)
    if len(theirs) == 3:
        t = ref_strength(theirs)
        return s > t or (s == t and mine_first)
    for extra in itertools.combinations(unseen_cards, 3 - len(theirs)):
        if ref_strength(theirs + list(extra)) > s:
            return False
    return True


def mask(cards):
    m = bytearray(16)
    for c in cards:
        m[c & 15] |= 1 << (c >> 4)
    return m


def position(rng, i):
    """A seeded position: mine (complete), theirs, the rest seen or unseen."""
    deck = list(DECK)
    rng.shuffle(deck)
    mine = deck[:3]
    kind = i % 4
    if kind == 0:
        # near-miss or tie: theirs mirrors mine in other colours (same values)
        shift = 1 + rng.below(5)
        mirror = [((c >> 4) + shift) % 6 * 16 + (c & 15) for c in mine]
        k = 1 + rng.below(3)
        theirs = mirror[:k]  # the rest of the mirror is seen or unseen, at random below
    else:
        k = rng.below(4)
        theirs = deck[3:3 + k]
    rest = [c for c in deck if c not in mine and c not in theirs]
    # few unseen cards for empty sides (the enumeration is cubic), any number otherwise
    low = 24 if len(theirs) == 0 else 0
    nseen = low + rng.below(len(rest) - low + 1)
    return mine, theirs, rest[:nseen], rest[nseen:]


def test_analytic_proof_matches_enumeration_on_20000_positions():
    rng = Rng(2024)
    outcomes = {"holds": 0, "refuted": 0, "tie": 0}
    for i in range(20000):
        mine, theirs, seen, unseen = position(rng, i)
        first = rng.below(2) == 0
        u = mask(unseen)
        got = counter(bytes(mine), 0, bytes(theirs), 0, len(theirs), 3, u, first)
        want = ref_claim_holds(mine, theirs, unseen, first)
        assert (got is None) == want, (mine, theirs, seen, first, got)
        if got:
            assert set(got) <= set(unseen) and len(set(got)) == len(got) == 3 - len(theirs)
            assert ref_strength(theirs + got) > ref_strength(mine)
        elif got == []:
            assert len(theirs) == 3
        if len(theirs) < 3:
            best = best_completion(bytes(theirs), 0, len(theirs), 3, u)
            exhaustive = max((ref_strength(theirs + list(e))
                              for e in itertools.combinations(unseen, 3 - len(theirs))), default=None)
            if exhaustive is None:
                assert best is None
            else:
                assert (best[0] // RANK, best[0] % RANK) == exhaustive
                if exhaustive == ref_strength(mine):
                    outcomes["tie"] += 1
        outcomes["holds" if got is None else "refuted"] += 1
    # the sample really exercises both answers and exact ties
    print(outcomes)
    assert outcomes["holds"] > 2000 and outcomes["refuted"] > 2000 and outcomes["tie"] > 200, outcomes


def test_strength_matches_the_plain_table_on_every_hand():
    for hand in itertools.combinations(DECK, 3):
        s = strength(bytes(hand), 0, 3)
        assert (s // RANK, s % RANK) == ref_strength(list(hand))
