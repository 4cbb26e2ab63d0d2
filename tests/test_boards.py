"""The boards' descriptions (sizes and buttons) as the issue names them."""
from engine.ui import keys as K
from sim import boards

JOYSTICK = K.UP | K.DOWN | K.LEFT | K.RIGHT


def test_the_three_boards():
    assert boards.get("pico_lcd_114").buttons == JOYSTICK | K.A | K.B
    assert boards.get("pico_display").buttons == K.A | K.B | K.X | K.Y
    assert boards.get("pico_lcd_13").buttons == JOYSTICK | K.A | K.B | K.X | K.Y
    assert (boards.get("pico_lcd_114").width, boards.get("pico_lcd_114").height) == (240, 135)
    assert (boards.get("pico_display").width, boards.get("pico_display").height) == (240, 135)
    assert (boards.get("pico_lcd_13").width, boards.get("pico_lcd_13").height) == (240, 240)
    assert boards.DEFAULT == "pico_lcd_114"


def test_an_unknown_board_is_refused_by_name():
    try:
        boards.get("pico_tv")
    except ValueError as e:
        assert "pico_tv" in str(e) and "pico_lcd_114" in str(e)
    else:
        raise AssertionError("accepted")


def test_input_events_edges_repeats_and_long_presses():
    inp = K.Input(JOYSTICK | K.A | K.B)
    assert inp.update(K.RIGHT, 0) == [K.RIGHT]
    assert inp.update(K.RIGHT, 100) == []
    assert inp.update(K.RIGHT, 400) == [K.RIGHT | K.REPEAT]
    assert inp.update(K.RIGHT, 520) == [K.RIGHT | K.REPEAT]
    assert inp.update(0, 600) == []
    assert inp.update(K.A, 700) == [K.A]
    assert inp.update(K.A, 1300) == [K.A | K.LONG]
    assert inp.update(K.A, 1400) == []
    assert inp.update(0, 1500) == []


def test_the_four_button_scheme():
    inp = K.Input(K.A | K.B | K.X | K.Y)
    assert inp.update(K.X, 0) == []  # short presses act on release
    assert inp.update(0, 100) == [K.RIGHT]
    assert inp.update(K.Y, 200) == []
    assert inp.update(0, 300) == [K.LEFT]
    assert inp.update(K.X, 400) == []
    assert inp.update(K.X, 1000) == [K.DOWN]  # held: the other direction
    assert inp.update(K.X, 1400) == [K.DOWN | K.REPEAT]
    assert inp.update(0, 1450) == []  # no RIGHT on release after a long press
    assert inp.update(K.A, 1500) == [K.A]
