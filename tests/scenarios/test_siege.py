# The siege's round (RULES.md section 3): the wall's sections, the 0/11 rule, the attacker's
# control, retreat and the defender's boiling oil, the end by the deck. Player 1 attacks.
from engine.core.game import IllegalMove, TO_END, TO_PLAY, OVER, PASS, action
from engine.core.formation import RULE_ANY, RULE_HIGH, RULE_LOW, RULE_RUN, RULE_KIND
from engine.core.rng import Rng
from engine.siege.round import SiegeGame, deal, RETREAT, OIL, SECTIONS
from tests.scenarios.util import cs, put, raises, snapshot

_ALL = [col * 16 + v for col in range(5) for v in range(12)]


def siege(attack, defend, deck=None):
    """A siege with chosen hands (the attacker's, player 1, then the defender's); the deck
    (names, in drawing order) defaults to the other cards in notation order."""
    order = cs(attack) + cs(defend)
    rest = cs(deck) if deck is not None else [c for c in _ALL if c not in order]
    return SiegeGame(bytearray(order + rest), 0)


def turn(g, p, c, section):
    """p plays card c (a name) at a section and ends the turn."""
    g.play(p, cs(c)[0], section)
    g.end_turn(p)


def test_a_siege_deals_six_each_from_sixty_cards_and_the_attacker_starts():
    g = deal(Rng(4), 1)
    assert g.attacker == 1 and g.player == 1
    assert g.hand_n[0] == g.hand_n[1] == 6 and g.deck_left() == 48
    cards = sorted(list(g.hand(0)) + list(g.hand(1)) + list(g.deck[g.top:]))
    assert cards == _ALL and g.cauldrons == 3


def test_each_section_has_its_cards_and_rule_intact_then_damaged():
    g = siege("R0 R1 R2 R3 R4 R5", "O0 O1 O2 O3 O4 O5")
    assert [g.need(s) for s in range(SECTIONS)] == [3, 4, 3, 2, 3, 4, 3]
    assert g.rule(0) == RULE_HIGH and g.rule(3) == RULE_ANY and g.rule(6) == RULE_LOW
    g.damaged[:] = bytes([1] * SECTIONS)
    assert [g.need(s) for s in range(SECTIONS)] == [3, 2, 3, 4, 3, 2, 3]
    assert g.rule(0) == RULE_RUN and g.rule(1) == RULE_KIND and g.rule(3) == RULE_LOW


def test_a_side_holds_no_more_than_its_section_allows():
    g = siege("R0 R1 R2 R3 R4 R5", "O0 O1 O2 O3 O4 O5")
    turn(g, 0, "R1", 3)
    turn(g, 1, "O1", 0)
    turn(g, 0, "R2", 3)  # the gate: two cards a side
    turn(g, 1, "O2", 0)
    before = snapshot(g)
    assert raises(lambda: g.play(0, cs("R3")[0], 3)).reason == "your side of section 4 is full"
    assert raises(lambda: g.play(0, cs("R3")[0], 7)).reason == "there is no section 8"
    assert snapshot(g) == before


def test_a_zero_and_an_eleven_of_one_colour_facing_each_other_are_both_discarded():
    g = siege("R0 B3 B4 B5 B6 B7", "R11 G3 G4 G5 G6 G7")
    turn(g, 0, "R0", 2)
    g.play(1, cs("R11")[0], 2)
    assert g.count[4] == g.count[5] == 0 and sorted(g.discard) == cs("R0 R11")
    g.end_turn(1)
    turn(g, 0, "B3", 2)  # another colour's 11 would not have
    assert g.count[4] == 1


def test_the_attacker_takes_a_section_by_comparison_and_it_is_damaged():
    g = siege("R9 R10 R11 B0 B1 B2", "G1 G3 G5 Y0 Y1 Y2")
    for a, d in (("R9", "G1"), ("R10", "G3")):
        turn(g, 0, a, 2)
        turn(g, 1, d, 2)
    g.play(0, cs("R11")[0], 2)  # a colour run against a side that can no longer be one
    g.claim(0, 2)
    assert g.damaged[2] == 1 and g.count[4] == g.count[5] == 0
    assert sorted(g.discard) == sorted(cs("R9 R10 R11 G1 G3"))
    assert g.need(2) == 3 and g.phase != OVER


def test_only_the_attacker_takes_control_and_a_weaker_side_is_refused():
    g = siege("R1 R2 R3 B0 B1 B2", "G9 G10 G11 Y0 Y1 Y2")
    for a, d in (("R1", "G9"), ("R2", "G10")):
        turn(g, 0, a, 4)
        turn(g, 1, d, 4)
    g.play(0, cs("R3")[0], 4)
    g.end_turn(0)
    g.play(1, cs("G11")[0], 4)
    assert raises(lambda: g.claim(1, 4)).reason == "only the attacker takes control of a section"
    g.end_turn(1)
    assert raises(lambda: g.claim(0, 4)).reason == "the defender's side of section 5 is stronger"


def test_a_claim_is_proved_against_every_card_not_face_up():
    """The defender's incomplete side could still be completed with any card not on the table
    nor discarded, the attacker's own hand included."""
    g = siege("R4 O5 Y6 G3 B0 B1", "G1 G2 Y0 Y1 Y2 Y3")
    turn(g, 0, "R4", 2)
    turn(g, 1, "G1", 2)
    turn(g, 0, "O5", 2)
    turn(g, 1, "G2", 2)
    g.play(0, cs("Y6")[0], 2)  # a run against G1 G2: a colour run with G3 (or G0) beats it
    before = snapshot(g)
    refused = raises(lambda: g.claim(0, 2))
    assert refused.reason == "not provable: the defender could still add G3"  # (held by
    assert refused.counter == cs("G3") and snapshot(g) == before  # the attacker itself)


def test_the_discarded_cards_count_as_seen_in_a_proof():
    """Three 5s against G1 G2: only G0 or G3 (a colour run) would beat them. With G0 on the
    table, G3 in the attacker's hand still counts against the claim; discarded, it does not."""
    for retreat in (False, True):
        g = siege("R5 O5 Y5 G3 B0 B1", "G1 G2 G0 Y1 Y2 Y3")
        turn(g, 0, "G3" if retreat else "B0", 0)
        turn(g, 1, "G0", 1)
        if retreat:
            g.act(0, action(RETREAT, 0))  # G3 to the discard, face up
        turn(g, 0, "R5", 2)
        turn(g, 1, "G1", 2)
        turn(g, 0, "O5", 2)
        turn(g, 1, "G2", 2)
        g.play(0, cs("Y5")[0], 2)
        if retreat:
            g.claim(0, 2)
            assert g.damaged[2] == 1
        else:
            assert raises(lambda: g.claim(0, 2)).counter == cs("G3")


def test_a_damaged_section_taken_or_a_fourth_one_damaged_wins_the_attacker_the_game():
    # the left wall damaged (colour only), or three others: R9 R10 R11 takes the left wall
    for damaged in ((2,), (0, 1, 5)):
        g = siege("R9 R10 R11 O9 O10 O11", "G0 G1 G2 Y0 Y1 Y2")
        for s in damaged:
            g.damaged[s] = 1
        for a, d in (("R9", "G0"), ("R10", "G1")):
            turn(g, 0, a, 2)
            turn(g, 1, d, 2)
        g.play(0, cs("R11")[0], 2)
        g.claim(0, 2)
        assert g.phase == OVER and g.winner == 0, damaged


def test_retreat_discards_the_attacker_s_cards_at_one_section_once_a_turn():
    g = siege("R1 R2 R3 B0 B1 B2", "G1 G2 G3 Y0 Y1 Y2")
    turn(g, 0, "R1", 1)
    turn(g, 1, "G1", 1)
    turn(g, 0, "R2", 1)
    turn(g, 1, "G2", 1)
    assert raises(lambda: g.act(0, action(RETREAT, 0))).reason == "you have no card at section 1"
    g.act(0, action(RETREAT, 1))
    assert g.count[2] == 0 and g.count[3] == 2 and sorted(g.discard) == cs("R1 R2")
    before = snapshot(g)
    assert raises(lambda: g.act(0, action(RETREAT, 1))).reason.startswith("one preparation a turn")
    assert snapshot(g) == before
    g.play(0, cs("R3")[0], 1)
    played = raises(lambda: g.act(0, action(RETREAT, 1))).reason
    assert played == "you have already played this turn"
    g.end_turn(0)
    assert raises(lambda: g.act(1, action(RETREAT, 1))).reason == "only the attacker retreats"


def test_boiling_oil_discards_the_attacker_s_first_card_three_times_at_most():
    g = siege("R1 R2 R3 R4 B0 B1", "G1 G2 G3 G4 Y0 Y1")
    for a, d in (("R1", "G1"), ("R2", "G2"), ("R3", "G3")):
        turn(g, 0, a, 1)
        turn(g, 1, d, 1)
    turn(g, 0, "R4", 1)  # R1 R2 R3 R4: the left tower's side complete
    g.act(1, action(OIL, 1))
    assert g.side(1, 0) == bytes(cs("R2 R3 R4")) and g.done[2] == 0 and g.cauldrons == 2
    assert raises(lambda: g.act(1, action(OIL, 1))).reason.startswith("one preparation a turn")
    assert raises(lambda: g.act(0, action(OIL, 1))).reason == "it is player 2's turn"
    g.cauldrons = 0
    g.prepared = False
    assert raises(lambda: g.act(1, action(OIL, 1))).reason == "no cauldron is left"


def test_a_player_who_cannot_play_passes_and_the_game_goes_on():
    g = siege("R1 R2 R3 R4 B0 B1", "G1 G2 G3 G4 Y0 Y1")
    for s in range(SECTIONS):
        g.count[s * 2] = g.need(s)  # (every side of the attacker full)
    assert not g.can_play()
    g.act(0, action(PASS))
    g.end_turn(0)
    assert g.phase == TO_PLAY and g.player == 1 and g.hand_n[0] == 6


def test_the_attacker_s_turn_begun_with_the_deck_empty_is_its_last():
    g = siege("R1 R2 R3 R4 R5 R6", "G1 G2 G3 G4 G5 G6", deck="B1 B2")
    turn(g, 0, "R1", 0)  # draws B1
    turn(g, 1, "G1", 0)  # draws B2: the deck is empty
    assert g.player == 0 and g.last and g.phase == TO_PLAY
    turn(g, 0, "R2", 0)
    assert g.phase == OVER and g.winner == 1


def test_every_card_of_a_siege_can_be_named():
    from engine.core.cards import names
    assert names(cs("R0 P11 B10")) == "R0 P11 B10"


def test_a_copy_plays_on_without_touching_the_siege():
    g = siege("R1 R2 R3 R4 R5 R6", "G1 G2 G3 G4 G5 G6")
    g.damaged[3] = 1
    h = g.copy()
    before = snapshot(g)
    h.play(0, cs("R1")[0], 3)
    h.end_turn(0)
    assert snapshot(g) == before and h.need(3) == 4 and h.player == 1
    assert h.phase == TO_PLAY and h.cauldrons == 3 and g.phase != TO_END


def _state(g):
    """Every field of the siege (its BYTES and VALUES), to prove a refused move changed
    nothing."""
    return tuple(bytes(getattr(g, n)) for n in g.BYTES) + tuple(getattr(g, n) for n in g.VALUES)


def test_random_moves_are_played_or_refused_with_the_siege_unchanged():
    """Seeded sieges: each turn, random actions of any kind by either player (most of them
    illegal) are tried first; a refused one leaves every field as it was. Then a legal turn."""
    from engine.core.game import PLAY, CLAIM, END
    rng = Rng(8)
    for seed in range(6):
        g = deal(Rng(seed), seed % 2)
        for _ in range(200):
            if g.phase == OVER:
                break
            for _ in range(6):
                kind = (PLAY, CLAIM, PASS, END, RETREAT, OIL)[rng.below(6)]
                a = action(kind, rng.below(80), rng.below(9), rng.below(3))
                before = _state(g)
                try:
                    g.act(rng.below(2), a)
                except IllegalMove:
                    assert _state(g) == before, (seed, a)
            p = g.player
            if g.phase == TO_PLAY:
                hand = g.hand(p)
                open_ = [s for s in range(SECTIONS) if g.open_for(s, p)]
                if open_:
                    g.play(p, hand[rng.below(len(hand))], open_[rng.below(len(open_))])
                else:
                    g.act(p, action(PASS))
            for s in g.claimable():
                if g.phase != OVER:
                    g.claim(p, s)
            if g.phase != OVER:
                g.end_turn(p)
        assert g.phase == OVER and g.winner in (0, 1)


def test_each_section_s_rule_decides_what_any_formation_would_not():
    """Per section and face, complete sides where only the rule there makes the attacker's
    win: it takes the section (and under any formation the defender's side would win)."""
    from engine.core.formation import strength
    cases = ((0, 0, "R9 O10 B11", "G1 G2 G3"),  # highest sum: 30 beats a colour-run of 6
             (6, 0, "R0 O1 Y2", "G1 G2 G3"),  # lowest sum: 3 beats 6
             (1, 1, "R5 O5", "G8 G9"),  # same value: a pair beats a colour-run
             (3, 1, "R0 O0 Y1 G1", "B3 B4 B5 B6"),  # lowest sum, four cards
             (2, 1, "B2 B7 B11", "O4 O5 O6"),  # colour: a colour-run is a colour, by sum
             (4, 1, "B2 B7 B11", "O4 O5 O6"),
             (0, 1, "R1 O2 Y3", "G5 G7 G9"),  # run: beats a colour
             (6, 1, "R1 O2 Y3", "G5 G7 G9"),
             (5, 1, "R7 O7", "B10 B11"))
    for s, damaged, mine, theirs in cases:
        g = siege("R2 R3 O3 Y4 Y5 G10", "R8 O8 Y8 G11 B8 Y9")
        g.damaged[s] = damaged
        put(g, 1, s, theirs)  # the defender completed first: only a stronger side takes it
        put(g, 0, s, mine)
        n = g.need(s)
        assert strength(bytes(cs(theirs)), 0, n) > strength(bytes(cs(mine)), 0, n)
        assert g.claimable() == [s], (s, damaged)
        g.claim(0, s)
        assert g.damaged[s] == 1 and (g.phase == OVER) == bool(damaged)


def test_equal_sides_go_to_the_side_completed_last_no_more():
    """A tie goes to who completed first; boiling oil makes a complete side incomplete, and
    its new completion counts from then."""
    g = siege("R4 O5 Y6 B9 B10 B11", "G4 B5 G6 R9 R10 R11")
    turn(g, 0, "R4", 3)  # the gate: two cards a side
    turn(g, 1, "G4", 3)
    g.play(0, cs("O5")[0], 3)  # 4 + 5, completed first
    g.end_turn(0)
    g.play(1, cs("B5")[0], 3)  # the same sum, later
    g.end_turn(1)
    assert g.claimable() == [3]  # the tie is the attacker's
    turn(g, 0, "B9", 0)
    g.act(1, action(OIL, 3))  # the attacker's R4 goes
    g.play(1, cs("G6")[0], 0)
    g.end_turn(1)
    g.play(0, cs("Y6")[0], 3)  # 5 + 6 against 4 + 5: stronger, completed last
    assert g.claimable() == [3]
    g.end_turn(0)
    g = siege("R4 O5 Y4 B9 B10 B11", "G4 B5 G6 R9 R10 R11")
    turn(g, 0, "R4", 3)
    turn(g, 1, "G4", 3)
    turn(g, 0, "O5", 3)  # 4 + 5, complete first
    g.act(1, action(OIL, 3))  # R4 off: the attacker's side incomplete again
    turn(g, 1, "B5", 3)  # the defender's 4 + 5 complete now
    g.play(0, cs("Y4")[0], 3)  # 5 + 4 again, but completed last
    before = snapshot(g)
    refused = raises(lambda: g.claim(0, 3))
    assert refused.reason == "the defender's side of section 4 is stronger"
    assert refused.counter == [] and snapshot(g) == before


def test_an_eleven_played_onto_a_zero_takes_both_off_too():
    g = siege("R11 B3 B4 B5 B6 B7", "R0 G3 G4 G5 G6 G7")
    turn(g, 0, "B3", 2)
    turn(g, 1, "R0", 2)  # the defender's 0 first
    g.play(0, cs("R11")[0], 2)
    assert g.count[4] == 1 and g.count[5] == 0 and sorted(g.discard) == cs("R0 R11")
