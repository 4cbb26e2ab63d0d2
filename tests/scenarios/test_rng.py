# The game's PRNG gives the same numbers on CPython and MicroPython: these exact values are
# asserted on both runtimes, so a seed deals the same game on the desktop and on the Pico.
from engine.core.rng import Rng
from engine.core.match import Match
from engine.core import cards


def test_known_sequence_from_seed_0():
    r = Rng(0)
    assert [r.next30() for _ in range(5)] == [958221560, 755542925, 282449395, 643459438, 503623557]


def test_known_sequence_from_the_largest_seed():
    r = Rng(0x3FFFFFFF)
    assert [r.next30() for _ in range(3)] == [121284658, 512533434, 316037770]


def test_below_is_reproducible_and_in_range():
    r = Rng(12345)
    assert [r.below(54) for _ in range(10)] == [6, 53, 18, 10, 31, 21, 40, 21, 11, 19]
    r = Rng(99)
    for n in (1, 2, 3, 7, 54, 1000, 0x3FFFFFFF):
        for _ in range(50):
            assert 0 <= r.below(n) < n


def test_every_value_is_a_small_int():
    # Nothing may reach 2**30 (a heap object on the Pico).
    r = Rng(0x2AAAAAAA)
    for _ in range(2000):
        v = r.next30()
        assert 0 <= v < 0x40000000
        assert r.c1 < 0x8000 * 2 and r.c2 < 0x8000 * 2


def test_below_is_roughly_uniform():
    r = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert min(counts) > 900 and max(counts) < 1100


def test_shuffle_is_a_permutation():
    deck = cards.classic_deck()
    Rng(5).shuffle(deck)
    assert sorted(deck) == sorted(cards.classic_deck())
    assert deck != cards.classic_deck()


def test_a_seed_deals_the_same_game():
    m = Match(2024)
    assert m.first == 1
    assert cards.names(m.game.deck[:12]) == "Y4 B7 G8 R6 R7 R3 G5 R2 P5 R1 P6 P1"
    assert cards.names(m.game.hand(1)) == "Y4 B7 G8 R6 R7 R3"


def test_different_seeds_deal_differently():
    assert Match(1).game.deck != Match(2).game.deck


def test_shuffle_is_roughly_uniform():
    r = Rng(11)
    where = [[0] * 6 for _ in range(6)]  # where[card][position]
    for _ in range(3000):
        buf = bytearray(range(6))
        r.shuffle(buf)
        for pos in range(6):
            where[buf[pos]][pos] += 1
    for card in range(6):
        assert min(where[card]) > 400 and max(where[card]) < 600, where[card]
