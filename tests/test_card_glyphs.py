"""Every card on screen whole (issue 46): each digit and clan glyph drawn on a card at least a
pixel inside its edges and a pixel clear of every other glyph and of the last move's marks, on
every golden screen of every board (tests/goldens.py's replays) and on positions made for it:
siege sections of two to four cards, Mud Fight sides of four, values 10 and 11, in the hand
and in the close-up."""
import pytest

import card_faces
import goldens as G
import ui_driver as D
from engine.core.game import SLOTS
from engine.ui import play as P
from sim.boards import BOARDS, DEFAULT
from sim.headless import Runner


@pytest.mark.parametrize("board", G.tiered(sorted(BOARDS), DEFAULT))
@pytest.mark.parametrize("name", sorted(G.SHOTS))
def test_card_glyphs_stay_whole_on_every_golden_screen(board, name, screens):
    cards, marks = screens.get(board, name).cards
    assert not card_faces.faults(cards, marks)


@pytest.mark.slow
@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("lang", G.LANGS)
@pytest.mark.parametrize("name", G.LANG_SHOTS)
def test_card_glyphs_stay_whole_in_every_language(board, lang, name, screens):
    """(The tactic cards' faces are named in the language.)"""
    cards, marks = screens.get(board, name, lang).cards
    assert not card_faces.faults(cards, marks)


def _widest(g, count, seed):
    """`count` cards of the game's deck, the highest values first (10 and 11 in the siege),
    their colours mixed by `seed`: the widest faces it has."""
    cards = sorted(set(g.deck) | set(g.hands), key=lambda c: (-(c & 15), (c * seed) % 7))
    return [c for c in cards if c < 0x60][:count]


def _fill(s, seed):
    """Every side of the board full (one side of each stone a card short: the close-up's
    lens shows its ghosts), with the game's widest cards; the hand of them too."""
    g = s.g
    n = g.hand_size
    cards = _widest(g, 200, seed)
    k = 0
    for stone in range(g.places):
        for p in (0, 1):
            i = stone * 2 + p
            full = g.need(stone) - (1 if (stone + p + seed) % 3 == 0 else 0)
            for j in range(full):
                g.sides[i * SLOTS + j] = cards[k % len(cards)]
                k += 1
            g.count[i] = full
    g.hands[0:n] = bytes(cards[:n])
    g.hand_n[0] = n


def _positions(r, game, seed):
    """The screens of one made position: the hand, then the close-up of every stone."""
    from engine.tactical import tactics as T
    s = D.to_card(r)
    g = s.g
    if game == "tactical":  # Mud Fights (sides of four), a Blind-Man's Bluff; elite troops
        for stone in range(0, g.places, 2):
            g.modes[stone] |= T.MODE_MUD
        g.modes[1] |= T.MODE_BLIND
    _fill(s, seed)
    if game == "tactical":
        D.give(g, 0, [T.SPY, T.SHIELD])
        g.sides[0 * 8 + 0] = T.JOKER  # (an elite troop on a side of four)
    s.lay = s._layout()
    yield "hand"
    s.chosen = g.hand(0)[0]
    for stone in range(g.places):  # (a claim's cursor: every stone's close-up)
        s.mode, s.stone = P.CLAIMING, stone
        yield "close-up of %d" % (stone + 1)
        if g.count[stone * 2] < g.need(stone):  # the card being placed shown there too
            s.mode = P.STONE
            yield "a card placed at %d" % (stone + 1)


GAMES = {"classic": {}, "tactical": {"tactical": True}, "siege": {"role": 0}}


@pytest.mark.parametrize("seed", (1, 2, 3))
@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("board", sorted(BOARDS))
def test_card_glyphs_stay_whole_on_made_positions(board, game, seed, tmp_path):
    r = Runner(board, str(tmp_path), seed, None)
    D.new_game(r, **GAMES[game])
    for what in _positions(r, game, seed):
        cards, marks = G.redrawn(r)[1]
        assert cards, what
        faults = card_faces.faults(cards, marks)
        assert not faults, (what, faults[:3])
