# Card codes and the card notation of RULES.md.
#
# A clan card is one small int: colour * 16 + value (colour 0-5 in the order of COLOURS, value
# 0-11), so a formation check needs only `& 15` and `>> 4`. Codes stay below OWN: a game's own
# cards (the tactical variant's tactic cards) take the codes from there up, named by that game
# (its round's card_name and card_code).
from micropython import const

COLOURS = "ROYGBP"  # red, orange, yellow, green, blue, purple (RULES.md)
CLASSIC_VALUES = const(9)  # values 1-9
_TOP_VALUE = const(11)  # the highest value of any game's deck
NO_CARD = const(255)  # where a card may be missing (never a card's code)
OWN = const(0x60)  # the first code of a game's own cards


def card(colour, value):
    return colour * 16 + value


def value(c):
    return c & 15


def colour(c):
    return c >> 4


_CLASSIC = bytes([col * 16 + v for col in range(6) for v in range(1, CLASSIC_VALUES + 1)])


# Per value, the mask of colours that have a card of that value: every card of the deck.
_EVERY_CARD = bytes([0] + [63] * CLASSIC_VALUES + [0] * (15 - CLASSIC_VALUES))


def all_cards():
    """A new 16-byte table of every clan card (bit c of byte v: the card of colour c, value v)."""
    return bytearray(_EVERY_CARD)


def classic_deck():
    """A new bytearray of the 54 clan cards of Schotten Totten in order (R1..R9, O1..O9, ...)."""
    return bytearray(_CLASSIC)


def name(c):
    """Clan card c's name, like "R5". (Its letter sliced: a str's single character would be
    interned on MicroPython, a name for good.)"""
    col = c >> 4
    return COLOURS[col:col + 1] + str(c & 15)


def parse(text):
    """The code of a clan card named like "R5", values 0-11 ("B11" too: a deck of any game);
    None when the text is not one."""
    from engine.core.parse import number  # (records and the checker: not read in a game)
    col = COLOURS.find(text[:1]) if 2 <= len(text) <= 3 else -1
    v = number(text[1:], _TOP_VALUE)
    if col < 0 or v is None or str(v) != text[1:]:
        return None
    return col * 16 + v


def names(cards):
    return " ".join(name(c) for c in cards)
