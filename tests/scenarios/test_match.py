# Matches of 1, 3 or 5 rounds (RULES.md section 1, "Matches").
from engine.core.game import IllegalMove, OVER, DRAW
from engine.core.match import Match
from engine.core.players import take_turn, GreedyPlayer, RandomPlayer
from tests.scenarios.util import empty_handed


def finish_round(m, seats):
    while m.game.phase != OVER:
        take_turn(m, seats[m.game.player])


def refused(fn, *args):
    """The message of the IllegalMove (a move) or ValueError (bad options) fn(*args) raises."""
    try:
        fn(*args)
    except (IllegalMove, ValueError) as e:
        return str(e)
    raise AssertionError("accepted")


def test_points_and_the_loser_starts_the_next_round():
    m = Match(31, rounds=3)
    seats = [GreedyPlayer(), RandomPlayer(5)]
    expected = [0, 0]
    for r in range(3):
        assert m.round_no() == r + 1
        finish_round(m, seats)
        w, a, b, pa, pb = m.results[-1]
        assert w in (0, 1) and (a, b) == (m.game.stones_of(0), m.game.stones_of(1))
        expected[w] += 5
        expected[1 - w] += b if w == 0 else a
        assert m.points == expected
        assert (pa, pb) == ((5, b) if w == 0 else (a, 5))
        if r < 2:
            m.next_round()
            assert m.game.player == 1 - w and m.game_first == 1 - w
            assert m.game.deck_left() == 42
    assert m.over()
    assert m.winner() == (0 if expected[0] > expected[1] else 1)
    assert "over" in refused(m.next_round)


def test_next_round_waits_for_the_end_of_the_round():
    m = Match(4, rounds=3)
    assert "still" in refused(m.next_round)


def test_a_drawn_round_scores_stones_and_the_other_player_starts():
    m = Match(8, rounds=3)
    m.game = empty_handed()
    m.game_first = 0
    m.pass_turn(0)
    m.end_turn(0)
    m.pass_turn(1)
    m.end_turn(1)
    assert m.results == [(DRAW, 0, 0, 0, 0)] and m.points == [0, 0]
    m.next_round()
    assert m.game.player == 1 and m.round_no() == 2


def test_equal_points_draw_the_match():
    m = Match(8)
    m.game = empty_handed()
    for p in (0, 1):
        m.pass_turn(p)
        m.end_turn(p)
    assert m.over() and m.winner() == DRAW


def test_match_options_are_checked():
    assert "variant" in refused(Match, 1, "chess")
    assert "rounds" in refused(Match, 1, "classic", False, 2)
    assert "seed" in refused(Match, -1)
    assert "seed" in refused(Match, 0x40000000)
