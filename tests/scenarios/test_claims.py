# Claiming a stone (RULES.md section 1, "Claiming"): by comparison, by proof, and when.
from engine.core.game import TO_END, TO_PLAY, OVER
from tests.scenarios.util import cs, new_game, put, raises, snapshot

H1 = "R1 R2 R3 O1 O2 O3"
H2 = "Y1 Y2 Y3 G1 G2 G3"


def after_play(expert=False):
    """A game where player 1 has just played R1 on stone 9 (claims are now allowed)."""
    g = new_game(H1, H2, expert=expert)
    if not expert:
        g.play(0, cs("R1")[0], 8)
    return g


def test_claim_by_comparison():
    g = after_play()
    put(g, 0, 0, "B6 B7 B8")
    put(g, 1, 0, "P4 P5 P6")
    assert g.claimable() == [0]
    g.claim(0, 0)
    assert g.owner[0] == 1 and g.phase == TO_END


def test_weaker_complete_side_is_refused_with_an_empty_counter():
    g = after_play()
    put(g, 0, 0, "P4 P5 P6")
    put(g, 1, 0, "B6 B7 B8")
    before = snapshot(g)
    e = raises(g.claim, 0, 0)
    assert e.counter == [] and "stronger" in e.reason
    assert snapshot(g) == before


def test_equal_formations_go_to_who_completed_first():
    g = after_play()
    put(g, 1, 0, "P4 P5 P6")  # player 2 completes first
    put(g, 0, 0, "B4 B5 B6")
    e = raises(g.claim, 0, 0)
    assert e.counter == [] and "stone 1" in e.reason
    g = after_play()
    put(g, 0, 0, "B4 B5 B6")  # now player 1 completes first
    put(g, 1, 0, "P4 P5 P6")
    g.claim(0, 0)
    assert g.owner[0] == 1


def test_completed_first_counts_the_last_card_not_the_first():
    g = after_play()
    put(g, 0, 0, "B4 B5")
    put(g, 1, 0, "P4 P5 P6")
    put(g, 0, 0, "B6")
    assert g.claimable() == []


def test_top_colour_run_is_claimable_at_once():
    g = after_play()
    put(g, 0, 3, "G7 G8 G9")
    assert g.claimable() == [3]
    g.claim(0, 3)
    assert g.owner[3] == 1


def test_proof_counts_the_claimers_own_hand():
    # Their R7 R8 needs R9 for a colour-run 7-8-9 that beats my B6 B7 B8. R9 is in my hand,
    # which the opponent cannot see or know: the proof must still count it as available.
    g = new_game("R9 R1 R2 R3 O1 O2", H2)
    g.play(0, cs("R1")[0], 8)
    put(g, 0, 0, "B6 B7 B8")
    put(g, 1, 0, "R7 R8")
    e = raises(g.claim, 0, 0)
    assert e.counter == cs("R9") and e.reason == "not provable: they could still add R9"


def test_proof_needs_a_strictly_stronger_completion():
    # With R9 face up elsewhere, R6 gives them 6-7-8 (equal sum): not enough, I completed first.
    g = after_play()
    put(g, 0, 0, "B6 B7 B8")
    put(g, 1, 0, "R7 R8")
    put(g, 1, 5, "R9")
    g.claim(0, 0)
    assert g.owner[0] == 1


def test_proof_uses_cards_on_claimed_stones_and_both_sides():
    # Three of a kind 8 against two 9s: only a third 9 can beat it; all four others are seen,
    # on either side of any stone.
    g = after_play()
    put(g, 0, 0, "R8 O8 Y8")
    put(g, 1, 0, "G9 B9")
    assert g.claimable() == []
    put(g, 0, 1, "R9 O9")
    put(g, 1, 2, "Y9")
    assert g.claimable() == []
    put(g, 1, 2, "P9")
    assert g.claimable() == [0]


def test_claim_needs_a_complete_own_side():
    g = after_play()
    put(g, 0, 0, "G8 G9")
    before = snapshot(g)
    e = raises(g.claim, 0, 0)
    assert "not complete" in e.reason
    assert snapshot(g) == before


def test_a_claimed_stone_is_closed_to_both_players():
    g = after_play()
    put(g, 0, 2, "G7 G8 G9")
    put(g, 1, 2, "B1")
    g.claim(0, 2)
    g.end_turn(0)
    before = snapshot(g)
    e = raises(g.play, 1, g.hand(1)[0], 2)
    assert "claimed" in e.reason
    assert snapshot(g) == before
    g.play(1, g.hand(1)[0], 0)
    e = raises(g.claim, 1, 2)
    assert "claimed" in e.reason


def test_claim_before_playing_is_refused_in_the_base_game():
    g = new_game(H1, H2)
    put(g, 0, 0, "G7 G8 G9")
    before = snapshot(g)
    e = raises(g.claim, 0, 0)
    assert "after you play" in e.reason
    assert snapshot(g) == before
    assert g.claimable() == []


def test_expert_claims_only_at_the_start_of_the_turn():
    g = new_game(H1, H2, expert=True)
    put(g, 0, 0, "G7 G8 G9")
    put(g, 0, 1, "B7 B8 B9")
    g.claim(0, 0)
    assert g.owner[0] == 1 and g.phase == TO_PLAY
    g.play(0, cs("R1")[0], 8)
    before = snapshot(g)
    e = raises(g.claim, 0, 1)
    assert "expert" in e.reason
    assert snapshot(g) == before
    assert g.claimable() == []


def test_claim_by_the_wrong_player_is_refused():
    g = after_play()
    put(g, 1, 0, "G7 G8 G9")
    before = snapshot(g)
    e = raises(g.claim, 1, 0)
    assert "player 1's turn" in e.reason
    assert snapshot(g) == before


def test_several_claims_in_one_turn():
    g = after_play()
    put(g, 0, 0, "G7 G8 G9")
    put(g, 0, 4, "B7 B8 B9")
    assert g.claimable() == [0, 4]
    g.claim(0, 0)
    g.claim(0, 4)
    assert g.stones_of(0) == 2




def test_a_claim_at_a_place_with_a_rule_is_proved_under_that_rule():
    """The siege's "lowest sum only": their side may still go lower; a sum of 0 cannot be
    beaten. Five colours, values 0-11, the cards on the table seen."""
    from engine.core.formation import RULE_LOW, RULE_ANY, strength, ruled, best_completion
    from engine.core.proof import counter, beaten
    unseen = bytearray([31] * 12 + [0] * 4)
    for c in cs("R0 O1 Y2 G0 B1"):
        unseen[c & 15] &= ~(1 << (c >> 4))
    mine = bytes(cs("R0 O1 Y2"))
    theirs = bytes(cs("G0 B1"))
    found = counter(mine, 0, theirs, 0, 2, 3, unseen, True, RULE_LOW)
    assert found == cs("O0")  # the lowest card they may still get: a sum of 1 beats 3
    s = ruled(strength(mine, 0, 3), RULE_LOW)
    t = best_completion(theirs, 0, 2, 3, unseen, RULE_LOW)[0]
    assert beaten(s, t, found, 3, rule=RULE_LOW).endswith(": sum (1) beats your sum (3)")
    # where any formation counts, the same claim holds: their best is a run as low as mine
    assert counter(mine, 0, theirs, 0, 2, 3, unseen, True, RULE_ANY) is None
    zero = bytes(cs("O0 Y0 B0"))
    assert counter(zero, 0, theirs, 0, 2, 3, unseen, True, RULE_LOW) is None


def test_a_claim_holds_under_each_rule_exactly_when_no_completion_beats_it():
    """Sides of 2, 3 and 4 cards of values 0-11 (the siege's), at a place of each rule: the
    proof against every completion of the other side from the unseen cards, tried one by
    one; against a complete side, the comparison with who completed first."""
    from engine.core.formation import strength, ruled, RULE_ANY, RULE_HIGH, RULE_LOW
    from engine.core.formation import RULE_RUN, RULE_COLOUR, RULE_KIND
    from engine.core.proof import counter
    from engine.core.rng import Rng
    from tests.scenarios.test_formation import _brute, _pool
    rng = Rng(5)
    for trial in range(60):
        n = 2 + trial % 3
        mine = _pool(rng, [], n)
        k = rng.below(n + 1)  # their side: from empty to complete
        theirs = _pool(rng, mine, k)
        pool = _pool(rng, mine + theirs, 5 + rng.below(4))  # the unseen cards
        unseen = bytearray(16)
        for c in pool:
            unseen[c & 15] |= 1 << (c >> 4)
        first = rng.below(2) == 0
        for rule in (RULE_ANY, RULE_HIGH, RULE_LOW, RULE_RUN, RULE_COLOUR, RULE_KIND):
            s = ruled(strength(bytes(mine), 0, n), rule)
            found = counter(bytes(mine), 0, bytes(theirs), 0, k, n, unseen, first, rule)
            if k == n:
                t = ruled(strength(bytes(theirs), 0, n), rule)
                holds = s > t or s == t and first
            else:  # (an incomplete side completes later: it must be stronger)
                holds = _brute(theirs, n, pool, rule) <= s
            assert (found is None) == holds, (mine, theirs, pool, n, rule, first)
            if found:  # the cards that beat it, from the unseen ones
                assert len(found) == n - k and all(c in pool for c in found)
                assert ruled(strength(bytes(theirs + found), 0, n), rule) > s
