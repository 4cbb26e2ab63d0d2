"""The search reference player mcgN (sim/mcg.py): N greedy-guided playouts a decision shared
out by sequential halving, seeded, blind to hidden cards, its playouts played as greedy plays
and claiming as the round claims."""
import pytest

from engine.core.formation import strength, best_completion
from engine.core.game import OVER, PLAY, SIDE, STONES
from engine.core.match import Match
from engine.core.players import take_turn, GreedyPlayer
from sim import mcg
from sim.mcg import GreedyPlayoutPlayer, tables, _Table, _code, _index
from test_ai import _hidden_twin


def _position(seed, turns):
    m = Match(seed)
    for _ in range(turns):
        if m.game.phase == OVER:
            break
        take_turn(m, GreedyPlayer())
    return m.game


def _counted(player):
    """player, counting its playouts by move (card, stone)."""
    counts = {}
    play = player._playout

    def counting(start, me, mine, theirs, deck, c, s):
        counts[(_code(c), s)] = counts.get((_code(c), s), 0) + 1
        return play(start, me, mine, theirs, deck, c, s)

    player._playout = counting
    return counts


@pytest.mark.slow
def test_n_playouts_in_all_and_every_move_tried():
    g = _position(3, 8)
    me = g.player
    moves = [(c, s) for c in g.hand(me) for s in range(STONES) if g.open_for(s, me)]
    for n in (len(moves) * 6, 500):
        player = GreedyPlayoutPlayer(n, 1)
        counts = _counted(player)
        a = player.move(g)
        assert sum(counts.values()) == n
        assert set(counts) == set(moves)
        # halving: the move played was in the last round, one of the two tried most
        assert counts[(a >> 16 & 255, a >> 8 & 255)] >= sorted(counts.values())[-2]


def test_one_legal_move_is_played_at_once():
    g = _position(1, 10)
    me = g.player
    g.hand_n[me] = 1  # one card, and one stone open (the others shared out)
    for s in range(1, STONES):
        g.owner[s] = 1 + s % 2
    player = GreedyPlayoutPlayer(50, 1)
    counts = _counted(player)
    c = g.hand(me)[0]
    assert player.move(g) == PLAY << 24 | c << 16 | 0 << 8
    assert not counts


@pytest.mark.slow
def test_the_same_seed_gives_the_same_move_and_hidden_cards_do_not_matter():
    for seed in range(6):
        g = _position(seed, 4 + 5 * seed)
        if g.phase == OVER:
            continue
        mv = GreedyPlayoutPlayer(80, seed).move(g)
        assert GreedyPlayoutPlayer(80, seed).move(g) == mv
        assert GreedyPlayoutPlayer(80, seed).move(_hidden_twin(g)) == mv


def test_the_tables_hold_every_strength_and_completions_strongest_first():
    three, pairs, singles, every = tables()
    assert len(three) == 54 * 53 * 52 // 6 == len(every)
    assert three[1 << _index(0x17) | 1 << _index(0x18) | 1 << _index(0x19)] == \
        strength(bytes((0x17, 0x18, 0x19)), 0, SIDE)
    full = bytearray(16)
    for v in range(1, 10):
        full[v] = 63
    # the first completion of a pair and of a card is the best one from a full deck
    for pair in ((0x13, 0x14), (0x21, 0x52), (0x37, 0x47)):
        mask = 1 << _index(pair[0]) | 1 << _index(pair[1])
        u = bytearray(full)
        for c in pair:
            u[c & 15] &= ~(1 << (c >> 4))
        assert pairs[mask][0][0] == best_completion(bytes(pair), 0, 2, SIDE, u)[0]
        assert [e[0] for e in pairs[mask]] == sorted((e[0] for e in pairs[mask]), reverse=True)
    for c in (0x01, 0x25, 0x59):
        u = bytearray(full)
        u[c & 15] &= ~(1 << (c >> 4))
        assert singles[_index(c)][0][0] == best_completion(bytes((c,)), 0, 1, SIDE, u)[0]


def test_with_one_choice_the_playouts_play_as_greedy(monkeypatch):
    monkeypatch.setattr(mcg, "_TOP", 1)
    checked = 0
    for seed in range(8):
        m = Match(seed)
        while m.game.phase != OVER:
            g = m.game
            if g.can_play():
                player = GreedyPlayoutPlayer(1, 0)
                hand = [_index(c) for c in g.hand(g.player)]
                side, k = player._greedy(_Table(g), g.player, hand)
                a = GreedyPlayer().move(g)
                assert (_code(k), side >> 1, side & 1) == (a >> 16 & 255, a >> 8 & 255, g.player)
                checked += 1
            take_turn(m, GreedyPlayer())
    assert checked > 200


def test_a_playout_claims_what_it_proves_and_ends_at_three_adjacent():
    t = _Table(_position(2, 0))  # (the deal: no card on the table)
    # player 1 completes the colour-runs 7-8-9 of three colours on stones 1-3: none of them
    # can be beaten (an equal run elsewhere would come second)
    for s in range(3):
        for v in (7, 8, 9):
            t.place(s * 2, s * 9 + v - 1)
        if s < 2:
            assert t.claims(0) == -1 and t.owner[s] == 1
    assert t.claims(0) == 0 and t.owner[:3] == [1, 1, 1]


def test_a_stone_that_can_still_be_beaten_is_not_claimed():
    t = _Table(_position(2, 0))
    for k in (0, 1, 2):  # a low colour-run (red 1-2-3): higher ones can still come
        t.place(0, k)
    assert t.claims(0) == -1 and not t.owner[0]
    for k in (9 + 5, 9 + 6):  # green 6 and 7 against it: green 8 or 5 beats it
        t.place(1, k)
    assert t.claims(0) == -1
    t.place(3, 9 + 4)  # green 5 and 8 go elsewhere: a green run is no longer possible
    t.place(5, 9 + 7)
    assert t.claims(0) == -1 and t.owner[0] == 1
