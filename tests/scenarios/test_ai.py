# The computer opponents in a few positions: quick enough for the MicroPython run too.
from engine.ai.classic import make_ai
from engine.core.game import TO_PLAY
from engine.core.match import Match
from engine.core.players import take_turn
from tests.scenarios.util import claims_win, cs, new_game, put, played


def _run(ai, g):
    """think() to the end, counting its slices."""
    it = ai.think(g)
    slices = 0
    while True:
        try:
            next(it)
            slices += 1
        except StopIteration as e:
            return e.value, slices


def test_think_yields_slices_and_ends_with_the_move():
    g = Match(5).game
    ai = make_ai("hard", 1)
    a, slices = _run(ai, g)
    mv = played(a)
    assert slices > 10
    assert mv == played(make_ai("hard", 1).move(g))
    assert mv[0] in g.hand(g.player) and g.open_for(mv[1], g.player)


def test_takes_an_immediate_win():
    # stones 1 and 2 are ours; B9 completes 7-8-9 blue at stone 3, provable at once
    g = new_game("B9 R1 O2 Y3 G4 P5", "R9 O9 Y9 G9 P9 R8")
    put(g, 0, 0, "R7 O7 Y7")
    put(g, 0, 1, "R6 O6 Y6")
    g.owner[0] = g.owner[1] = 1
    put(g, 0, 2, "B7 B8")
    for level in ("easy", "normal", "hard"):
        assert played(make_ai(level, 3).move(g)) == (cs("B9")[0], 2), level


def _wins_at_once(g, mv):
    """Make move mv of the player to move and every claim it allows: has that player won?"""
    me = g.player
    g.play(me, mv[0], mv[1])
    return claims_win(g, me)


def _won_by_a_card_played_anywhere():
    # stones 1 and 2 are ours. At stone 3 our R1 R2 R3 is beaten only by a colour-run of
    # their O5 O6 with O4 (on the table) or O7 (in our hand): played anywhere, O7 makes
    # stone 3 provable, and three adjacent stones win. Stone by stone, R9 looks better.
    g = new_game("O7 R9 Y8 G9 B9 P2", "R8 O9 Y9 G8 B8 P8")
    put(g, 0, 0, "R7 O8 Y7")
    put(g, 1, 0, "R4 G4 Y4")
    put(g, 0, 1, "G7 B7 P7")
    put(g, 1, 1, "G1 B1 P1")
    g.owner[0] = g.owner[1] = 1
    put(g, 0, 2, "R1 R2 R3")
    put(g, 1, 2, "O5 O6")
    put(g, 0, 5, "O4")
    assert not g.claimable()
    return g


def test_takes_a_win_that_the_card_played_makes_at_another_stone():
    for level in ("easy", "normal", "hard"):
        g = _won_by_a_card_played_anywhere()
        mv = played(make_ai(level, 3).move(g))
        assert mv[0] == cs("O7")[0] and _wins_at_once(g, mv), (level, mv)


def _they_hold_stones_1_and_2(mine, theirs):
    """A round where we hold `mine` and they `theirs`, and stones 1 and 2 are theirs."""
    g = new_game(mine, theirs)
    put(g, 1, 0, "R4 O4 Y4")
    put(g, 1, 1, "R6 O6 Y6")
    g.owner[0] = g.owner[1] = 2
    return g


def test_blocks_an_immediate_loss():
    # they hold stones 1 and 2 and threaten stone 3: B7 on their B8 B9 makes a 7-8-9 that
    # our R8 R9 can at best equal, so they could claim it at once and win. R7 there now makes
    # our 7-8-9 first, claimed at once.
    g = _they_hold_stones_1_and_2("R7 R1 O1 Y1 G2 B2", "G1 G3 Y3 O3 P3 P2")
    put(g, 1, 2, "B8 B9")
    put(g, 0, 2, "R8 R9")
    for level in ("normal", "hard"):
        assert played(make_ai(level, 3).move(g)) == (cs("R7")[0], 2), level


def _gives_away_stone_3():
    # they hold stones 1 and 2; at stone 3 their complete B6 B7 B8 (a colour-run) can be beaten
    # only by our R7 with R8 and R9, both in our hand: they cannot prove their claim while
    # both stay unseen. R9 at stone 5 (three 9s there) or R8 anywhere but stone 3 would let
    # them claim stone 3 after their next play, and win; so would a card on our stone-3 side
    # that spoils the run (O1: R7 O1 can beat nothing). Stone by stone, R9 at 5 looks best.
    g = _they_hold_stones_1_and_2("R9 R8 O1 Y2 G3 P1", "G1 G2 P2 P3 B1 B2")
    put(g, 1, 2, "B6 B7 B8")
    put(g, 0, 2, "R7")
    put(g, 0, 4, "Y9 G9")
    assert not g.claimable()
    return g


def _they_win_next(g, mv):
    """Make our move mv and end the turn: can they then claim stone 3 (and so win)?"""
    me = g.player
    g.play(me, mv[0], mv[1])
    assert not claims_win(g, me)
    g.end_turn(me)
    o = g.player
    g.play(o, g.hand(o)[0], 8)  # any play: then come their claims
    return 2 in g.claimable()


def test_does_not_give_away_a_claim_that_wins_them_the_game():
    for bad in (("R9", 4), ("R8", 6), ("O1", 2)):  # the position's trap is real
        assert _they_win_next(_gives_away_stone_3(), (cs(bad[0])[0], bad[1])), bad
    for level in ("normal", "hard"):
        g = _gives_away_stone_3()
        mv = played(make_ai(level, 3).move(g))
        assert not _they_win_next(g, mv), (level, mv)


def test_claims_what_is_provable_in_expert_games():
    g = new_game("R1 O2 Y3 G4 B5 P6", "R9 O9 Y9 B9 P9 R8", expert=True)
    put(g, 0, 4, "G7 G8 G9")
    m = Match(1, expert=True)
    m.game = g
    take_turn(m, make_ai("hard", 2))
    assert g.owner[4] == 1


def test_the_same_seed_and_position_give_the_same_move():
    g = Match(9).game
    assert played(make_ai("easy", 4).move(g)) == played(make_ai("easy", 4).move(g))
    assert g.phase == TO_PLAY


def _race(expert):
    # We hold stones 1 and 2, they hold 6 and 7. B9 at stone 3 makes our R9 O9 three 9s
    # there, unbeatable by their R1 O2: three adjacent. But B9 is also the last card that
    # could beat their colour-run Y6 Y7 Y8 at stone 8 (with our B7 B8; B6 is on the table):
    # once it is played, they can prove stone 8, three adjacent for them.
    g = new_game("B9 G2 P2 Y3 G3 P3", "R2 O3 R4 O5 G5 P5", expert=expert)
    put(g, 0, 0, "R5 O4 Y4")
    put(g, 0, 1, "G4 B4 P4")
    g.owner[0] = g.owner[1] = 1
    put(g, 1, 5, "G6 B5 P6")
    put(g, 1, 6, "R3 O6 B3")
    g.owner[5] = g.owner[6] = 2
    put(g, 0, 2, "R9 O9")
    put(g, 1, 2, "R1 O2")
    put(g, 1, 7, "Y6 Y7 Y8")
    put(g, 0, 7, "B7 B8")
    put(g, 0, 8, "B6")
    return g


def test_a_race_of_claims_is_won_by_whoever_claims_first():
    win = (cs("B9")[0], 2)
    for level in ("normal", "hard"):
        # claims after the play: B9 at stone 3 wins at once
        g = _race(False)
        assert played(make_ai(level, 3).move(g)) == win, level
        assert _wins_at_once(g, win)
        # expert games: claims at the start of a turn, so theirs would come first (B9 at
        # stone 8 instead takes that stone from them)
        g = _race(True)
        mv = played(make_ai(level, 3).move(g))
        g.play(0, mv[0], mv[1])
        g.player = 1  # (their claims, at the start of their turn)
        assert g.claim_counter(7) is not None, (level, mv)
