# Text read as numbers alike on MicroPython and CPython (engine/core/parse.py): ASCII digits
# only, within a bound, never a big int on the Pico.
from engine.core import cards, record
from engine.core.parse import number, quoted, TOP

# What CPython's isdigit() or int() take and the game must not: other scripts' digits,
# superscripts, fullwidth digits, signs, spaces, underscores, hex, thousands of digits
ODD = ["\u0663", "\u00b2", "\uff15", "+5", "-5", " 5", "5 ", "1_0", "0x1", "", "9" * 5000,
       "1" + "0" * 4400, "\x00", "5\x00"]


def test_ascii_digits_within_the_bound_are_numbers():
    assert number("0") == 0 and number("007") == 7 and number("42") == 42
    assert number(str(TOP)) == TOP and number(str(TOP + 1)) is None
    assert number("4", 3) is None and number("3", 3) == 3
    assert number("12345678901", 10 ** 11, 11) == 12345678901 // 1  # (a wider bound, asked)
    assert number("00000000001") is None  # (more digits than the bound, whatever their value)


def test_numbers_written_otherwise_are_none():
    for text in ODD:
        assert number(text) is None, text


def test_a_card_with_other_digits_is_no_card():
    for odd in ODD:
        assert cards.parse("R" + odd) is None, odd
    assert cards.parse("R5") == 5 and cards.parse("B11") == 4 * 16 + 11


def test_a_record_with_a_number_written_otherwise_is_refused():
    text = record.text(_played())
    for key in ("seed", "rounds", "starts"):
        line = [x for x in text.split("\n") if x.startswith(key + " ")][0]
        for odd in ODD:
            if odd.strip() != odd:
                continue  # (spaces part a record's words)
            try:
                record.replay(text.replace(line, key + " " + odd, 1))
            except record.RecordError as e:
                assert str(e).startswith("line "), e
            else:
                raise AssertionError("%s %r read as a number" % (key, odd))


def test_a_refused_record_names_its_line_from_where_it_starts():
    lines = record.text(_played()).split("\n")
    lines[8] = "1 plya R5 3"
    for first in (1, 4):
        try:
            record.replay("\n".join(lines), first)
        except record.RecordError as e:
            assert e.line == 9 + first - 1 and str(e).startswith("line %d: " % e.line), e
        else:
            raise AssertionError("a bad line replayed")


def test_an_error_quotes_a_few_dozen_characters_of_a_long_text():
    assert quoted("R5") == repr("R5")
    long = "x" * 100000
    assert len(quoted(long)) < 80 and quoted(long).startswith(repr("x" * 40))


def _played():
    from engine.core.match import Match
    from engine.core.players import take_turn, GreedyPlayer
    m = Match(7)
    for _ in range(12):
        take_turn(m, GreedyPlayer())
    return m
