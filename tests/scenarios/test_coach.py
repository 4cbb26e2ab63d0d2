"""The coach (engine/ai/coach.py): the computer's choice as a hint, with what it changes, and
a round's review, the player's moves that cost most by the computer's judgement."""
from engine.ai import coach as C
from engine.core.cards import parse
from engine.core.game import OVER, PLAY, CLAIM, PASS, END, action
from engine.core.match import Match
from engine.core.players import take_turn
from engine.core.steps import finish
from engine.games import declared, made
from tests.scenarios.util import new_game, put


# The kinds of reason (engine/ai/coach.py: private there, each public name costs the device)
WINS, TAKES, CHANCE, VERSUS = range(4)


def _judge(variant="classic"):
    return C.judge(declared(variant), 1)


def _advice(g):
    """The hint: the judge's choice, and why."""
    ai = _judge()
    a = finish(ai.think(g))
    return a, finish(C.reason(ai, g, a))


def _kind_of_eights():
    """Player 1 to move, Y8 B8 on its side of stone 4 against a run of 5-6-7 there, G8 and
    small cards in hand: the 8 takes the stone at once."""
    g = new_game("G8 R1 P2 O3 B1 Y2", "R9 P9 O9 B9 G9 Y9")
    put(g, 1, 3, "R5 G6 B7")
    put(g, 0, 3, "Y8 B8")
    return g


def test_the_hint_is_what_the_hard_computer_plays():
    for seed in range(4):
        m = Match(seed)
        cpu = made(m.declared.COMPUTER, m.declared.MAKER)
        for _ in range(seed * 3):  # (a few turns into the round)
            take_turn(m, cpu("normal", seed))
        g = m.game
        a, why = _advice(g)
        assert a == finish(cpu("hard", 1).think(g))
        assert 0 <= why[1] < g.places and why[0] in (WINS, TAKES, CHANCE)


def test_a_move_that_makes_a_stone_sure_says_so():
    g = _kind_of_eights()
    why = finish(C.reason(_judge(), g, action(PLAY, parse("G8"), 3)))  # the three 8s
    kind, place, before, after = why
    assert kind == TAKES and place == 3 and before <= after == 100
    assert C.said(why, g, str) == "Stone 4 is yours for sure (was %d%%)" % before


def test_a_plain_move_says_how_the_chance_changes_where_it_weighs_most():
    g = new_game("G8 R1 P2 O3 B1 Y2", "R9 P9 O9 B9 G9 Y9")
    put(g, 0, 3, "Y8 B8")
    put(g, 1, 3, "R5 G5")
    kind, place, before, after = finish(C.reason(_judge(), g, action(PLAY, parse("R1"), 3)))
    assert kind == CHANCE and place == 3 and after < before  # (the kind of 8s spoilt)


def _won_with_the_seven():
    g = new_game("R7 G1 P2 O3 B1 Y2", "R1 P1 O1 G2 B2 Y3")
    g.owner[0] = g.owner[1] = 1  # stones 1 and 2 are player 1's
    put(g, 0, 2, "R9 R8")  # the 7 makes a colour-run no one can beat: three stones in a row
    return g


def test_a_move_that_wins_the_game_says_so():
    g = _won_with_the_seven()
    a, why = _advice(g)
    assert a == action(PLAY, parse("R7"), 2) and why == (WINS, 0, 0, 0)
    assert C.said(why, g, str) == "wins the game"


def test_a_move_that_gives_a_stone_away_costs_and_says_where():
    g = _kind_of_eights()
    ai = _judge()
    best = finish(ai.think(g))
    cost, why = finish(C.cost(ai, g, action(PLAY, parse("G8"), 7), best))  # the 8 spent elsewhere
    assert cost >= C.WORTH
    kind, place, played, chosen = why
    assert kind == VERSUS and place == 3 and played < chosen == 100


def test_a_move_that_misses_the_win_costs_the_win():
    g = _won_with_the_seven()
    ai = _judge()
    best = finish(ai.think(g))
    cost, why = finish(C.cost(ai, g, action(PLAY, parse("G1"), 5), best))
    assert cost > 0 and why == (WINS, 0, 0, 0)
    assert C.worth(cost, why)  # a review flags it, whatever it cost
    plain = (VERSUS, 0, 10, 60)
    assert C.worth(C.WORTH, plain) and not C.worth(C.WORTH - 1, plain)


def test_the_computer_s_own_choice_costs_nothing():
    g = _kind_of_eights()
    ai = _judge()
    best = finish(ai.think(g))
    assert finish(C.cost(ai, g, best, best)) == (0, None)


def _weak_against_hard(variant, seed):
    """A whole game of Easy (player 1) against Hard (player 2)."""
    d = declared(variant)
    maker = made(d.COMPUTER, d.MAKER)
    m = Match(seed, variant, False, 1, 0 if d.CHOSEN_FIRST else None)
    seats = (maker("easy", seed), maker("hard", seed + 1))
    while m.game.phase != OVER:
        take_turn(m, seats[m.game.player])
    return m


def test_a_round_s_review_shows_its_player_s_costliest_decisions_in_every_game():
    for variant in ("classic", "tactical", "siege"):
        m = _weak_against_hard(variant, 5)
        ai = _judge(variant)
        moves = finish(C.review(ai, m, 0, 1))
        assert 0 < len(moves) <= 3, variant  # (Easy errs against Hard)
        costs = [x[0] for x in moves]
        assert costs == sorted(costs, reverse=True) and costs[-1] >= C.WORTH
        for cost, at, played, best, why in moves:
            log = m.log
            assert log[at] & 1 == 0 and log[at] >> 1 not in (CLAIM, PASS, END)  # player 1's
            assert played == action(log[at] >> 1, log[at + 1], log[at + 2], log[at + 3])
            r = finish(C.replaying(m, at))
            assert r.game.player == 0 and played != best
            r.game.act(0, best)  # (the computer's choice is legal there)
            words = C.said(why, r.game, str)
            assert ("Section " if variant == "siege" else "Stone ") in words or \
                why[0] == WINS


def _steps(cpu, work):
    """Each step of `work` (a generator): what it yielded (StopIteration: the last) and how
    many positions the computer `cpu` valued in it."""
    valued = []
    for name in ("value", "_after"):
        own = getattr(cpu, name)
        setattr(cpu, name, lambda *args, own=own: valued.append(1) or own(*args))
    out = []
    while True:
        n = len(valued)
        try:
            y = next(work)
        except StopIteration:
            y = StopIteration
        out.append((y, len(valued) - n))
        if y is StopIteration:
            return out


def test_a_frame_the_coach_asks_of_its_own_holds_a_valuation_in_every_game():
    """A step yielding True asks the screens to begin the next in a frame of its own (a
    valuation: 50-60 ms on the emulated Pico): a True before anything else would cost the
    player a frame's wait for nothing."""
    for variant in ("classic", "tactical", "siege"):
        m = _weak_against_hard(variant, 5)
        ai = _judge(variant)
        for no, i, g, a in C.decisions(m):
            best = finish(ai.think(g))
            if a != best:
                break
        for work in (C.reason(ai, g, a), C.cost(ai, g, a, best)):
            steps = _steps(ai, work)
            asked = [steps[k + 1][1] for k in range(len(steps) - 1) if steps[k][0] is True]
            assert asked and min(asked) >= 1, (variant, steps)


def test_a_tactical_review_values_a_position_only_in_a_frame_of_its_own():
    """Its thinking's and its costs' valuations alike (the tactical computer's: some 55 ms on
    the emulated Pico), each in a step after one yielding True, the screens' sign that the
    next is long: begun mid-frame, after the frame's 30 ms of other work, it made frames of
    85 ms. (The classic computer's look values a position in some 20 ms: a slice like any
    other, its thinking's frames not cut short for it.)"""
    for variant in ("tactical",):
        m = _weak_against_hard(variant, 5)
        ai = _judge(variant)
        steps = _steps(ai, C.review(ai, m, 0, 1))
        late = [k for k in range(1, len(steps)) if steps[k][1] and steps[k - 1][0] is not True]
        assert not late and sum(n for y, n in steps) > 20, (variant, late[:5])


def test_the_decisions_are_each_player_s_choices_replayed_as_they_stood():
    m = _weak_against_hard("classic", 2)
    seen = 0
    for no, at, g, a in C.decisions(m):
        assert no == 1 and g.player == m.log[at] & 1
        assert a >> 24 == PLAY  # (the classic game's only choice: a claim, a pass, an end are
        seen += 1               # not decisions)
    plays = sum(1 for i in range(0, len(m.log), 4) if m.log[i] >> 1 == PLAY)
    assert seen == plays
