"""The claim checker with tactic cards (elite troops on either side, Mud Fight, Blind-Man's
Bluff) against a plain enumeration: every completion of their side from the unseen cards and
every colour and value of every elite troop (CPython only: 20,000 seeded positions)."""
import itertools

import pytest

from engine.tactical import tactics as T
from engine.tactical.judge import Judge
from engine.core.cards import all_cards, classic_deck
from engine.core.verdict import analyze
from engine.core.rng import Rng
from test_proof_reference import ref_strength as ref_plain  # RULES.md's table, plainly

# 20,000 positions against an enumeration of every completion: make test's, not make check's.
pytestmark = pytest.mark.slow

DECK = list(classic_deck())
ELITES = (T.JOKER, T.SPY, T.SHIELD)
CHOICES = {T.JOKER: range(1, 10), T.JOKER + 1: range(1, 10), T.SPY: (7,), T.SHIELD: (1, 2, 3)}


def ref_strength(cards, blind):
    """The best (rank, sum) over every assignment of the elite troops."""
    if blind:  # sums only: each elite troop at its highest value
        return 1, sum(max(CHOICES[c]) if c >= T.TACTIC else c & 15 for c in cards)
    options = [[col * 16 + v for col in range(6) for v in CHOICES[c]] if c >= T.TACTIC
               else [c] for c in cards]
    return max(ref_plain(list(pick)) for pick in itertools.product(*options))


def ref_holds(mine, theirs, unseen, n, blind, mine_first):
    s = ref_strength(mine, blind)
    if len(theirs) == n:
        t = ref_strength(theirs, blind)
        return s > t or (s == t and mine_first)
    for extra in itertools.combinations(unseen, n - len(theirs)):
        if ref_strength(theirs + list(extra), blind) > s:
            return False
    return True


def position(rng, i):
    """mine (complete), theirs, unseen and the stone's modes; elite troops on either side.
    The enumeration is costly, so the more it must try, the fewer unseen cards."""
    modes = (0, 0, T.MODE_MUD, T.MODE_BLIND, T.MODE_MUD | T.MODE_BLIND)[i % 5]
    n = T.side_size(modes)
    deck = list(DECK)
    rng.shuffle(deck)
    jokers = [T.JOKER, T.JOKER + 1]
    spare = [T.SPY, T.SHIELD]

    def side(k):
        out = []
        for _ in range(k):
            if rng.below(3) == 0 and (jokers or spare):
                pool = ([jokers.pop(0)] if jokers and not any(c in (T.JOKER, T.JOKER + 1)
                                                             for c in out) else []) + spare
                if pool:
                    c = pool[rng.below(len(pool))]
                    if c in spare:
                        spare.remove(c)
                    out.append(c)
                    continue
            out.append(deck.pop())
        return out
    mine = side(n)
    theirs = side(rng.below(n + 1))
    elites = sum(1 for c in theirs if c >= T.TACTIC)
    need = n - len(theirs)
    cap = 40 if need <= 1 else 16 if need == 2 and not elites else 9 if need <= 2 else 7
    unseen = deck[:rng.below(cap) + need]
    return mine, theirs, unseen, n, modes


def test_tactical_proofs_match_enumeration_on_20000_positions():
    rng = Rng(77)
    outcomes = {"holds": 0, "refuted": 0}
    with_elites = 0
    for i in range(20000):
        mine, theirs, unseen, n, modes = position(rng, i)
        first = rng.below(2) == 0
        u = bytearray(16)
        for c in unseen:
            u[c & 15] |= 1 << (c >> 4)
        seen = [c for c in DECK if c not in unseen and c not in mine and c not in theirs]
        # (the tactical rules judge a stone with combat modes or elite troops, as the
        # claim checker asks them)
        judge = Judge(modes) if modes or max(mine + theirs) >= T.TACTIC else None
        ok, counter, why = analyze(mine, theirs, seen, n, all_cards(), first, judge)
        blind = bool(modes & T.MODE_BLIND)
        want = ref_holds(mine, theirs, unseen, n, blind, first)
        assert ok == want, (mine, theirs, unseen, modes, first, counter, why)
        if counter:  # the cards it names do beat the claim
            assert set(counter) <= set(unseen) and len(counter) == n - len(theirs)
            assert ref_strength(theirs + counter, blind) > ref_strength(mine, blind)
        outcomes["holds" if ok else "refuted"] += 1
        with_elites += any(c >= T.TACTIC for c in mine + theirs)
    assert min(outcomes.values()) > 3000, outcomes
    assert with_elites > 5000
