# The siege's computers (engine/ai/siege.py) in either role: legal whole games at every level,
# the same choices for the same seed, a control that wins taken, a lost section left.
from engine.core import record
from engine.core.game import OVER, PLAY, action
from engine.core.match import Match
from engine.core.players import take_turn
from engine.ai.siege import make_siege_ai
from engine.siege.round import RETREAT
from tests.scenarios.test_siege import siege
from tests.scenarios.test_siege_match import FirstFit
from tests.scenarios.util import cs, put


def _game(seed, level, attacks):
    m = Match(seed, "siege", first=0 if attacks else 1)
    seats = [make_siege_ai(level, seed), FirstFit(3)]
    while m.game.phase != OVER:
        take_turn(m, seats[m.game.player])
    return m


def test_every_level_plays_whole_games_in_either_role():
    for level in ("easy", "normal", "hard"):
        for attacks in (True, False):
            m = _game(3, level, attacks)
            again = record.replay(record.text(m))  # every action was legal
            assert again.game.winner == m.game.winner


def test_a_seed_replays_the_same_choices():
    assert record.text(_game(5, "hard", True)) == record.text(_game(5, "hard", True))


def _moves(g, level):
    m = Match(1, "siege")
    m.game = g
    take_turn(m, make_siege_ai(level, 7))
    return [(m.log[i] >> 1, m.log[i + 1], m.log[i + 2]) for i in range(0, len(m.log), 4)]


def test_the_attacker_completes_the_side_that_takes_a_damaged_section():
    for level in ("normal", "hard"):
        g = siege("R11 O2 Y3 G4 B5 R6", "R0 O0 Y0 G0 B0 R1")
        g.damaged[3] = 1  # the gate, damaged: 4 cards, lowest sum
        g.damaged[0] = 1  # the left pit, damaged: a run of 3
        put(g, 0, 0, "Y4 G5")  # Y3 or R6 makes a run the defender cannot beat
        put(g, 1, 0, "O1 Y2 G3")
        done = _moves(g, level)
        assert done[0][0] == PLAY and done[0][2] == 0, done
        assert g.phase == OVER and g.winner == 0


def test_easy_retreats_from_a_section_it_has_lost():
    g = siege("R1 R2 O5 Y9 G0 B3", "R4 O4 Y4 G4 B4 R5")
    put(g, 0, 2, "R6 O7 B8")
    put(g, 1, 2, "G9 G10 G11")
    done = _moves(g, "easy")
    assert done[0] == (RETREAT, 2, 0), done
    assert all(c in list(g.discard) for c in cs("R6 O7 B8"))


def test_an_attacker_with_no_room_left_retreats_at_every_level():
    # (with the defender's sides full too, no card would ever be drawn again)
    junk = ("R5 O6 Y8", "G5 B6 R8 O9", "Y5 G6 B8", "R6 O8", "Y6 G8 B9", "R7 O5 Y9 G7",
            "B5 R9 O7")
    for level in ("normal", "hard"):
        g = siege("R0 O0 Y0 G0 B0 R1", "O1 Y1 G1 B1 R2 O2")
        for s, text in enumerate(junk):
            put(g, 0, s, text)
        assert not g.can_play()
        done = _moves(g, level)
        assert done[0][0] == RETREAT and done[1][0] == PLAY, done


def test_the_hard_computer_and_the_coach_think_a_future_at_most_a_slice():
    # A slice of work is what a frame's spare time runs in one go (engine/ui/app.py's run):
    # its longest is the longest frame. A siege's unit of work is a side's likely end (a
    # best completion); a slice may weigh both sides of every section in one imagined
    # future, no more: a decision with all its futures in one slice drew a frame of 118 ms
    # on the emulated Pico.
    from engine.ai import coach, siege as S
    m = Match(4, "siege")
    seats = [make_siege_ai("normal", 4), make_siege_ai("normal", 5)]
    for _ in range(14):
        take_turn(m, seats[m.game.player])
    g = m.game
    ends = [0]
    whole = S.ruled_strength

    def counted(*args):
        ends[0] += 1
        return whole(*args)

    S.ruled_strength = counted
    try:
        ai = make_siege_ai("hard", 9)
        busiest = total = 0
        for work in (ai.think(g), coach.reason(ai, g, action(PLAY, g.hand(g.player)[0], 0))):
            while True:
                ends[0] = 0
                try:
                    next(work)
                except StopIteration:
                    break
                finally:
                    busiest = max(busiest, ends[0])
                    total += ends[0]
    finally:
        S.ruled_strength = whole
    assert total > 8 * 2 * S.SECTIONS  # (hard's six futures, and more, were weighed)
    assert busiest <= 2 * S.SECTIONS
