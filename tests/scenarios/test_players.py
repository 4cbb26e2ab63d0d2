# The built-in players are frozen baselines: these exact moves must never change.
from engine.core import record
from engine.core.game import OVER
from engine.core.match import Match
from engine.core.players import take_turn, GreedyPlayer, RandomPlayer
from tests.scenarios.util import cs, new_game, put, played


def play_out(seed, expert):
    """Greedy (seat 1) against random (seat 2, seeded by the match seed)."""
    m = Match(seed, expert=expert)
    seats = [GreedyPlayer(), RandomPlayer(seed)]
    while m.game.phase != OVER:
        take_turn(m, seats[m.game.player])
    return m


def digest(text):
    h = 0
    for ch in text:
        h = (h * 31 + ord(ch)) & 0x3FFFFFF
    return h


def test_pinned_games():
    m = play_out(3, False)
    lines = record.text(m).split("\n")
    # greedy opens with its lowest card that can still reach a 7-8-9 colour-run
    assert lines[6:14] == ["1 play O7 1", "1 end", "2 play Y5 2", "2 end",
                           "1 play B5 2", "1 end", "2 play P6 2", "2 end"]
    got = {}
    for seed, expert in ((3, False), (4, True), (11, False)):
        m = play_out(seed, expert)
        text = record.text(m)
        got[(seed, expert)] = (len(text.split("\n")), digest(text), m.game.winner)
    assert got == {(3, False): (93, 38863667, 0), (4, True): (104, 11822464, 0),
                   (11, False): (101, 45144166, 0)}


def test_greedy_completes_the_strongest_formation():
    g = new_game("G7 G8 R1 O2 Y4 B9", "Y1 Y2 Y3 G1 G2 G3")
    put(g, 0, 4, "G9")
    put(g, 0, 2, "P5 P6")
    # G7 or G8 at stone 5 still reaches 7-8-9 green (24); P4 or P7 makes only a purple run.
    # G7 and G8 tie there: the lower card code goes.
    assert played(GreedyPlayer().move(g)) == (cs("G7")[0], 4)


def test_greedy_ties_go_to_the_fuller_side_then_the_lower_stone_then_the_lower_card():
    g = new_game("R1 O1 Y4 B9 P9 G9", "Y1 Y2 Y3 G1 G2 G3")
    # Each 9 still reaches a 7-8-9 colour-run on any empty side: the lowest stone, and of the
    # three 9s the lowest card code (colours in the order R O Y G B P).
    assert played(GreedyPlayer().move(g)) == (cs("G9")[0], 0)
    # B9 completing B7 B8 reaches the same 24, on a fuller side: that wins the tie.
    put(g, 0, 6, "B7 B8")
    assert played(GreedyPlayer().move(g)) == (cs("B9")[0], 6)


def test_random_plays_are_seeded_and_legal():
    g = new_game("R1 O1 Y4 B9 P9 G9", "Y1 Y2 Y3 G1 G2 G3")
    put(g, 0, 0, "B1 B2 B3")
    moves = [played(RandomPlayer(9).move(g)) for _ in range(3)]
    assert moves[0] == moves[1] == moves[2]
    r = RandomPlayer(9)
    seen = set()
    for _ in range(300):
        c, s = played(r.move(g))
        assert c in g.hand(0) and s != 0
        seen.add((c, s))
    assert len(seen) == 6 * 8  # every legal play comes up


def test_players_claim_everything_provable():
    for expert in (False, True):
        g = new_game("R1 O1 Y4 B9 P9 G9", "Y1 Y2 Y3 G1 G2 G3", expert=expert)
        put(g, 0, 0, "Y7 Y8 Y9")
        put(g, 0, 4, "O7 O8 O9")
        m = Match(1, expert=expert)
        m.game = g
        take_turn(m, RandomPlayer(1))
        assert g.owner[0] == 1 and g.owner[4] == 1 and g.player == 1
