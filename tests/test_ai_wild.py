"""The hard computer's side model for unfinished sides holding elite troops (engine/ai/wild.py):
an elite troop fills whichever gap the cards still to come leave."""
from engine.ai.judge import Knowledge, MODEL, ONE, at_least
from engine.ai.wild import wild_side
from tests.scenarios.test_tactical import new, lay, cs

RUN5, KIND4, COLOUR3, RUN2, ANY1 = 5, 4, 3, 2, 1


def _model(g, p, text, viewer=None):
    """The model of p's side of `text`, from what `viewer` (p itself unless given) knows in
    round g."""
    k = Knowledge()
    g.player = p if viewer is None else viewer
    k.start(g)
    out = [0] * MODEL
    buf = bytearray(cs(text))
    wild_side(k, p, buf, 0, len(buf), out)
    return k, out


def _seen(g, text):
    """These clan cards are on the table (on a side of stone 8, out of the way)."""
    lay(g, 1, 8, text)


def test_a_joker_beside_a_card_makes_a_colour_run_with_any_of_four_cards():
    g = new("B1 B2 B3 O1 O2 O3 Y1", "P1 P2 P3 Y2 Y3 Y4 O4")
    k, out = _model(g, 0, "JK R5")
    # red 3, 4, 6 and 7 are all unknown to player 1: one of the four is enough
    assert out[RUN5] == at_least(k.atl[0], 1, 0, 4)
    assert out[10] == 18  # at best 5, 6 and the Joker as 7
    _seen(g, "R3 R7")
    k, fewer = _model(g, 0, "JK R5")
    assert fewer[RUN5] == at_least(k.atl[0], 1, 0, 2) < out[RUN5]
    g2 = new("B1 B2 B3 O1 O2 O3 Y1", "P1 P2 P3 Y2 Y3 Y4 O4")
    lay(g2, 1, 8, "R3 R4 R6")
    lay(g2, 1, 7, "R7")
    k, none = _model(g2, 0, "JK R5")
    assert none[RUN5] == 0
    assert none[RUN2] > 0  # a run of any colours is still there


def test_a_card_in_hand_makes_the_jokers_colour_run_sure():
    g = new("R6 B2 B3 O1 O2 O3 Y1", "P1 P2 P3 Y2 Y3 Y4 O4")
    k, out = _model(g, 0, "JK R5")
    assert out[RUN5] == ONE


def test_a_spy_is_three_of_a_kind_only_in_sevens():
    g = new("B1 B2 B3 O1 O2 O3 Y1", "P1 P2 P3 Y2 Y3 Y4 O4")
    k, out = _model(g, 0, "SPY")
    assert out[KIND4] > 0 and out[9] == 21
    _seen(g, "R7 B7 G7")
    lay(g, 1, 7, "Y7 O7 P7")
    k, out = _model(g, 0, "SPY")
    assert out[KIND4] == 0


def test_a_shield_bearer_and_a_joker_make_three_of_a_kind_only_in_low_values():
    g = new("B1 B2 B3 O1 O9 O8 Y9", "P1 P2 P3 Y2 Y3 Y4 O4")
    k, out = _model(g, 0, "SHB JK")
    assert out[KIND4] == ONE  # B1, B2 or B3 in hand: three of that value
    assert out[9] == 9  # the highest of them: three 3s
    k, spy = _model(g, 0, "SHB SPY")
    assert spy[KIND4] == 0  # a 7 and a value of 1 to 3 never match


def test_two_elite_troops_take_the_colour_of_the_card_that_comes():
    g = new("B1 B2 B3 O1 O2 O3 Y1", "P1 P2 P3 Y2 Y3 Y4 O4")
    k, out = _model(g, 1, "SHB SPY", viewer=0)  # the opponent's side: no card sure
    assert 0 < out[COLOUR3] == out[ANY1] < ONE  # any third card: a colour
    assert out[RUN5] == 0  # 7 and at most 3: never a run
    k, out = _model(g, 0, "JK SPY")
    assert 0 < out[RUN5] == out[RUN2] < ONE  # a 5, 6, 8 or 9 of any colour to come
    g = new("B6 B2 B3 O1 O2 O3 Y1", "P1 P2 P3 Y2 Y3 Y4 O4")
    k, out = _model(g, 0, "JK SPY")
    assert out[RUN5] == ONE  # B6 in hand: B6, the Spy as B7, the Joker as B5 or B8


def test_a_lone_joker_needs_two_cards_of_a_run():
    g = new("R5 R6 B2 O1 O9 B8 Y9", "P1 P2 P3 Y2 Y3 Y4 O4")
    k, out = _model(g, 0, "JK")
    assert out[RUN5] == ONE and out[10] == 18  # R5 R6 in hand: the Joker as R7
    g = new("R5 B2 O1 O9 G7 Y9 Y1", "P1 P2 P3 Y2 Y3 Y4 O4")
    k, one = _model(g, 0, "JK")
    assert 0 < one[RUN5] < ONE
