# 200 seeded games between the built-in players (on both runtimes): every one ends legally.
from engine.core import record
from engine.core.game import OVER, DRAW, STONES, SIDE
from engine.core.match import Match
from engine.core.players import take_turn, GreedyPlayer, RandomPlayer

GAMES = 200


def three_adjacent(g, p):
    run = 0
    for s in range(STONES):
        run = run + 1 if g.owner[s] == p + 1 else 0
        if run == 3:
            return True
    return False


def check_end(g):
    assert g.phase == OVER
    table = []
    for s in range(STONES):
        for p in (0, 1):
            table += list(g.side(s, p))
        if g.owner[s]:
            assert len(g.side(s, g.owner[s] - 1)) == SIDE
    every = table + list(g.hand(0)) + list(g.hand(1)) + list(g.deck[g.top:])
    assert sorted(every) == sorted(set(every)) and len(every) == 54
    if g.idle >= 2:  # the stalemate end
        a, b = g.stones_of(0), g.stones_of(1)
        assert g.winner == (0 if a > b else 1 if b > a else DRAW)
    else:
        w = g.winner
        assert w in (0, 1) and (g.stones_of(w) >= 5 or three_adjacent(g, w))


def test_200_seeded_games_end_legally():
    kinds = [(GreedyPlayer, RandomPlayer), (RandomPlayer, RandomPlayer), (RandomPlayer, GreedyPlayer)]
    for seed in range(GAMES):
        m = Match(seed * 7919 + 1, expert=seed % 2 == 1)
        a, b = kinds[seed % 3]
        seats = [a(seed) if a is RandomPlayer else a(), b(seed + 1) if b is RandomPlayer else b()]
        turns = 0
        while m.game.phase != OVER:
            take_turn(m, seats[m.game.player])
            turns += 1
            assert turns < 200
        check_end(m.game)
        if seed % 25 == 0:
            assert record.text(record.replay(record.text(m))) == record.text(m)
