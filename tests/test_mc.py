"""The flat Monte Carlo reference player (sim/mc.py): N playouts a decision spread evenly
over the legal moves, seeded, blind to hidden cards."""
from engine.core.match import Match
from engine.core.players import take_turn, GreedyPlayer
from sim.mc import MonteCarloPlayer
from test_ai import _hidden_twin


def _middle_game(seed, turns=8):
    m = Match(seed)
    for _ in range(turns):
        take_turn(m, GreedyPlayer())
    return m.game


def test_n_playouts_spread_evenly_over_the_legal_moves():
    g = _middle_game(3)
    me = g.player
    moves = [(c, s) for c in sorted(g.hand(me)) for s in range(9) if g.open_for(s, me)]
    for n in (len(moves) * 2 + 5, 7):
        mc = MonteCarloPlayer(n, 1)
        counts = {}
        play = mc._playout

        def counting(start, me_, hand, unknown, mv, their_n):
            counts[mv] = counts.get(mv, 0) + 1
            return play(start, me_, hand, unknown, mv, their_n)

        mc._playout = counting
        mc.move(g)
        assert sum(counts.values()) == n
        tried = [counts.get(mv, 0) for mv in moves]
        assert max(tried) - min(tried) <= 1


def test_the_same_seed_gives_the_same_move_and_hidden_cards_do_not_matter():
    for seed in range(6):
        g = _middle_game(seed, 4 + seed)
        mv = MonteCarloPlayer(60, seed).move(g)
        assert MonteCarloPlayer(60, seed).move(g) == mv
        assert MonteCarloPlayer(60, seed).move(_hidden_twin(g)) == mv
