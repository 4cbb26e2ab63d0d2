# A round of the base game: deal, turns, passing, the end, and refused moves.
from engine.core.game import TO_PLAY, TO_END, OVER, DRAW, HAND
from engine.core.match import Match
from tests.scenarios.util import cs, new_game, put, raises, snapshot, empty_handed

H1 = "R1 R2 R3 O1 O2 O3"
H2 = "Y1 Y2 Y3 G1 G2 G3"


def test_deal():
    m = Match(77)
    g = m.game
    assert len(g.hand(0)) == HAND and len(g.hand(1)) == HAND
    assert g.deck_left() == 54 - 12
    assert set(g.hand(0)).isdisjoint(set(g.hand(1)))
    assert g.player == m.first and g.phase == TO_PLAY


def test_first_player_comes_from_the_seed():
    firsts = [Match(seed).first for seed in range(40)]
    assert 0 in firsts and 1 in firsts
    assert firsts == [Match(seed).first for seed in range(40)]


def test_a_turn_plays_then_draws():
    g = new_game(H1, H2)
    top = g.deck[g.top]
    g.play(0, cs("R2")[0], 4)
    assert g.side(4, 0) == bytes(cs("R2"))
    assert g.hand(0) == bytes(cs("R1 O3 R3 O1 O2")) and g.phase == TO_END  # O3 fills the gap
    g.end_turn(0)
    assert g.hand(0) == bytes(cs("R1 O3 R3 O1 O2")) + bytes([top])
    assert g.deck_left() == 41 and g.player == 1 and g.phase == TO_PLAY


def test_no_draw_from_an_empty_deck():
    g = new_game(H1, H2, deck="")
    g.play(0, cs("R1")[0], 0)
    g.end_turn(0)
    assert len(g.hand(0)) == 5 and g.deck_left() == 0


def test_a_side_holds_three_cards():
    g = new_game(H1, H2)
    put(g, 0, 2, "B1 B2 B3")
    before = snapshot(g)
    e = raises(g.play, 0, cs("R1")[0], 2)
    assert "full" in e.reason
    assert snapshot(g) == before


def test_refused_plays_leave_the_state_unchanged():
    g = new_game(H1, H2)
    before = snapshot(g)
    assert "player 1's turn" in raises(g.play, 1, cs("Y1")[0], 0).reason
    assert "not in your hand" in raises(g.play, 0, cs("Y1")[0], 0).reason
    assert "no stone" in raises(g.play, 0, cs("R1")[0], 9).reason
    assert "no stone" in raises(g.play, 0, cs("R1")[0], -1).reason
    assert "play a card" in raises(g.end_turn, 0).reason
    assert "can play" in raises(g.pass_turn, 0).reason
    assert snapshot(g) == before
    g.play(0, cs("R1")[0], 0)
    before = snapshot(g)
    assert "already played" in raises(g.play, 0, cs("R2")[0], 1).reason
    assert "already played" in raises(g.pass_turn, 0).reason
    assert "player 1's turn" in raises(g.end_turn, 1).reason
    assert snapshot(g) == before


# Player 1's sides of all nine stones, full: stone 9 holds an unbeatable G7 G8 G9.
FULL = ["B1 B2 B3", "B4 B5 B6", "B7 B8 B9", "P1 P2 P3", "P4 P5 P6", "P7 P8 P9",
        "Y4 Y5 Y6", "Y7 Y8 Y9", "G7 G8 G9"]


def test_pass_when_no_card_can_be_played_and_no_draw():
    g = new_game(H1, H2)
    for s, side in enumerate(FULL):
        put(g, 0, s, side)
    left = g.deck_left()
    assert not g.can_play()
    g.pass_turn(0)
    assert g.phase == TO_END
    g.end_turn(0)
    assert len(g.hand(0)) == HAND and g.deck_left() == left
    assert g.player == 1 and g.idle == 1


def test_a_passing_player_may_still_claim():
    g = new_game(H1, H2)
    for s, side in enumerate(FULL):
        put(g, 0, s, side)
    g.pass_turn(0)
    assert 8 in g.claimable()
    g.claim(0, 8)
    g.end_turn(0)
    assert g.idle == 0 and g.owner[8] == 1


def claim_stones(stones):
    """Player 1 claims `stones`, each with an unbeatable colour-run; returns the game."""
    g = new_game(H1, H2)
    g.play(0, cs("R1")[0], min(s for s in range(9) if s not in stones))
    runs = ["G7 G8 G9", "B7 B8 B9", "P7 P8 P9", "Y7 Y8 Y9", "O7 O8 O9"]
    for s, run in zip(stones, runs):
        put(g, 0, s, run)
    return g


def test_five_stones_anywhere_win():
    g = claim_stones([0, 2, 4, 6])
    for s in (0, 2, 4, 6):
        g.claim(0, s)
    assert g.phase == TO_END
    put(g, 0, 8, "R4 R5 R6")
    put(g, 1, 8, "Y4 Y5 G6")
    g.claim(0, 8)
    assert g.phase == OVER and g.winner == 0


def test_three_adjacent_stones_win():
    g = claim_stones([3, 5, 4])
    g.claim(0, 3)
    g.claim(0, 5)
    assert g.phase == TO_END
    g.claim(0, 4)
    assert g.phase == OVER and g.winner == 0


def test_three_stones_apart_do_not_win():
    g = claim_stones([0, 1, 3])
    for s in (0, 1, 3):
        g.claim(0, s)
    assert g.phase == TO_END and g.winner == -1


def test_every_move_after_the_end_is_refused():
    g = claim_stones([6, 7, 8])
    for s in (6, 7, 8):
        g.claim(0, s)
    before = snapshot(g)
    for fn, args in ((g.play, (0, cs("R2")[0], 0)), (g.play, (1, cs("Y1")[0], 0)),
                     (g.claim, (0, 0)), (g.pass_turn, (0,)), (g.end_turn, (0,))):
        assert "over" in raises(fn, *args).reason
    assert snapshot(g) == before
    assert g.claimable() == []


def test_two_turns_without_a_play_or_claim_end_the_round():
    g = empty_handed()
    assert g.player == 0 and not g.can_play()
    g.pass_turn(0)
    g.end_turn(0)
    assert g.phase == TO_PLAY
    g.pass_turn(1)
    g.end_turn(1)
    assert g.phase == OVER and g.winner == DRAW


def test_the_stalemate_goes_to_the_player_with_more_stones():
    g = empty_handed()
    g.pass_turn(0)
    mine = g.claimable()
    assert mine
    g.claim(0, mine[0])
    g.end_turn(0)
    g.pass_turn(1)
    g.end_turn(1)
    assert g.phase == TO_PLAY  # one idle turn so far: player 1 claimed in theirs
    g.pass_turn(0)
    g.end_turn(0)
    assert g.phase == OVER and g.winner == 0
