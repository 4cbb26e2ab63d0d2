# Formations and their comparison (RULES.md section 1, "Formations").
from engine.core.formation import strength, best_completion, SUM, RUN, COLOUR, KIND, COLOUR_RUN, RANK
from engine.core.formation import ruled, RULE_ANY, RULE_HIGH, RULE_LOW, RULE_RUN
from engine.core.formation import RULE_COLOUR, RULE_KIND
from engine.core.cards import all_cards
from tests.scenarios.util import cs


def st(text):
    return strength(bytes(cs(text)), 0, 3)


def rank(text):
    return st(text) // RANK


def test_each_formation_of_the_table():
    assert rank("B5 B6 B7") == COLOUR_RUN
    assert rank("R5 G5 P5") == KIND
    assert rank("B1 B4 B9") == COLOUR
    assert rank("B5 R6 G7") == RUN
    assert rank("B2 R5 G9") == SUM
    assert st("B2 R5 G9") % RANK == 16


def test_order_of_play_does_not_matter():
    assert st("B7 B5 B6") == st("B5 B6 B7")
    assert st("G7 B5 R6") == st("B5 R6 G7")


def test_no_wrap_around():
    assert rank("R8 G9 B1") == SUM
    assert rank("R8 R9 R1") == COLOUR


def test_ranks_order():
    ladder = ["B1 B2 B3", "R1 G1 P1", "B1 B2 B4", "B1 R2 G3", "B9 R9 G8"]
    # colour-run 1-2-3 beats three 1s beats a colour beats a run beats any sum
    for weaker, stronger in zip(ladder[1:], ladder):
        assert st(stronger) > st(weaker), (stronger, weaker)


def test_three_of_a_kind_beats_colour():
    assert st("R2 O2 Y2") > st("P9 P8 P5")
    assert st("P6 P7 P8") > st("R2 O2 Y2")


def test_same_rank_higher_sum_wins():
    assert st("B6 B7 B8") > st("R5 R6 R7")
    assert st("R9 G9 P9") > st("R8 G8 P8")
    assert st("B1 B4 B9") > st("R1 R4 R8")
    assert st("R9 G8 P7") > st("R8 G7 B6")
    assert st("R9 G9 P7") > st("R9 G9 P6")


def test_same_rank_same_sum_is_equal():
    assert st("B1 R2 G3") == st("P1 Y2 O3")
    assert st("B1 B4 B9") == st("R2 R4 R8")


def best(have, seen=""):
    unseen = all_cards()
    for c in cs(have) + cs(seen):
        unseen[c & 15] &= ~(1 << (c >> 4))
    return best_completion(bytes(cs(have)), 0, len(cs(have)), 3, unseen)


def test_best_completion_of_an_empty_side():
    s, added = best("")
    assert s == COLOUR_RUN * RANK + 24 and len(added) == 3
    assert strength(bytes(added), 0, 3) == s


def test_best_completion_respects_seen_cards():
    # with every 8 seen, 6-7-8 and 7-8-9 are gone: the best left is a 5-6-7 colour-run
    s, added = best("", "R8 O8 Y8 G8 B8 P8")
    assert s == COLOUR_RUN * RANK + 18
    # with every 2, 5 and 8 seen, no run of three is left: three 9s is the best
    s, added = best("", "R8 O8 Y8 G8 B8 P8 R5 O5 Y5 G5 B5 P5 R2 O2 Y2 G2 B2 P2")
    assert s == KIND * RANK + 27 and sorted(c & 15 for c in added) == [9, 9, 9]


def test_best_completion_keeps_the_cards_already_there():
    s, added = best("R5")
    assert s == COLOUR_RUN * RANK + 5 + 6 + 7
    assert sorted(added) == cs("R6 R7")
    s, added = best("R5 G5", "Y5 O5 B5 P5")
    assert s // RANK == SUM and s % RANK == 19


def test_no_completion_when_the_cards_are_gone():
    everything = " ".join(c + str(v) for c in "ROYGBP" for v in range(1, 10) if c + str(v) != "R1")
    assert best("", everything) is None


def test_best_strength_is_best_completions_strength_without_the_cards():
    from engine.core.formation import best_strength, ruled_strength
    from engine.core.rng import Rng
    rng = Rng(17)
    for trial in range(400):
        unseen = all_cards()
        for _ in range(rng.below(40)):  # some cards gone
            unseen[1 + rng.below(9)] &= ~(1 << rng.below(6))
        n = 3 + rng.below(2)
        k = rng.below(n + 1)
        side = bytes([rng.below(6) * 16 + 1 + rng.below(9) for _ in range(k)])
        found = best_completion(side, 0, k, n, unseen)
        assert best_strength(side, 0, k, n, unseen) == (found[0] if found else -1)
        for rule in range(6):
            found = best_completion(side, 0, k, n, unseen, rule)
            assert ruled_strength(side, 0, k, n, unseen, rule) == (found[0] if found else -1)


# --- the rule of a place (RULES.md section 3: the siege's wall; a Blind-Man's Bluff) ---------

def ru(text, rule):
    side = cs(text)
    return ruled(strength(bytes(side), 0, len(side)), rule)


def test_a_restricted_place_counts_its_formation_then_the_sum():
    # a side that shows the formation beats one that does not, whatever their sums
    assert ru("R1 O2 Y3", RULE_RUN) > ru("R9 O9 Y9", RULE_RUN)
    assert ru("B1 B4 B6", RULE_COLOUR) > ru("R9 G8 B7", RULE_COLOUR)
    assert ru("R2 O2", RULE_KIND) > ru("R9 O11", RULE_KIND)
    # both show it, or neither: the higher sum
    assert ru("R7 O8 Y9", RULE_RUN) > ru("B1 B2 B3", RULE_RUN)  # a colour-run is a run here
    assert ru("B1 B2 B3", RULE_COLOUR) < ru("G4 G9 G11", RULE_COLOUR)  # and a colour here
    assert ru("R9 G9 B9", RULE_HIGH) < ru("R10 O11 Y7", RULE_HIGH)  # sums only
    assert ru("R9 G9 B9", RULE_HIGH) == ru("R8 G9 B10", RULE_HIGH)  # (then who completed first)


def test_the_lowest_sum_wins_where_it_is_the_rule():
    assert ru("R0 O1 Y2", RULE_LOW) > ru("R3 O3 Y3", RULE_LOW) > ru("B9 B10 B11", RULE_LOW)
    from engine.core.proof import describe
    assert describe(ru("R0 O4 Y2 G5", RULE_LOW), 4, RULE_LOW) == "sum (11)"
    assert describe(ru("R0 O4 Y2 G5", RULE_ANY), 4) == "sum (11)"
    assert describe(ru("R4 O4", RULE_ANY), 2) == "pair (8)"


def test_sides_of_two_and_four_cards_with_values_0_to_11():
    assert ru("R10 R11", RULE_ANY) // RANK == COLOUR_RUN
    assert ru("R0 G0", RULE_ANY) // RANK == KIND
    assert ru("R0 O1 Y2 G3", RULE_ANY) // RANK == RUN
    assert ru("P8 P9 P10 P11", RULE_ANY) == COLOUR_RUN * RANK + 38
    assert ru("R10 R8", RULE_ANY) < ru("R11 O11", RULE_ANY) < ru("R0 R1", RULE_ANY)


def _pool(rng, side, size):
    """size cards of the 72 (6 colours, values 0-11) not in side, at random."""
    out = []
    while len(out) < size:
        c = rng.below(6) * 16 + rng.below(12)
        if c not in side and c not in out:
            out.append(c)
    return out


def _brute(side, n, pool, rule):
    """The best strength under the rule over every way to add n - len(side) cards of pool."""
    best = [-1]

    def add(i, chosen):
        if len(chosen) == n - len(side):
            s = ruled(strength(bytes(side + chosen), 0, n), rule)
            if s > best[0]:
                best[0] = s
            return
        for j in range(i, len(pool)):
            add(j + 1, chosen + [pool[j]])
    add(0, [])
    return best[0]


def test_the_best_completion_under_each_rule_is_the_best_of_every_completion():
    from engine.core.rng import Rng
    rng = Rng(2)
    for trial in range(120):
        n = 2 + trial % 3
        k = rng.below(n)
        side = _pool(rng, [], k)
        pool = _pool(rng, side, 6 + rng.below(5))
        unseen = bytearray(16)
        for c in pool:
            unseen[c & 15] |= 1 << (c >> 4)
        for rule in (RULE_ANY, RULE_HIGH, RULE_LOW, RULE_RUN, RULE_COLOUR, RULE_KIND):
            found = best_completion(bytes(side), 0, k, n, unseen, rule)
            best = _brute(side, n, pool, rule)
            assert (found[0] if found else -1) == best, (side, pool, n, rule)
            if found:  # and its cards make it
                assert all(c in pool for c in found[1]) and len(found[1]) == n - k
                assert ruled(strength(bytes(side + found[1]), 0, n), rule) == best
