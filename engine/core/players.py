# The built-in players `random` and `greedy`: frozen baselines that every later strength figure
# is measured against. Do not change how they choose.
from engine.core.formation import strength, best_completion
from engine.core.game import IllegalMove, STONES, SIDE, PLAY, PASS, action
from engine.core.rng import Rng
from engine.core.steps import finish, Player


def take_turn(m, player):
    """Play one whole turn of match m for the player to move (Match.turn at once)."""
    return finish(m.turn(player, []))


def legal(g, a):
    """Is action a legal for the player to move in round g? (Made on g when it is: the other
    games' random baselines try actions on a copy.)"""
    try:
        g.act(g.player, a)
        return True
    except IllegalMove:
        return False


def _open_stones(g, p):
    return [s for s in range(STONES) if g.open_for(s, p)]


class RandomPlayer(Player):
    """A uniformly random legal play."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def think(self, g):
        yield
        p = g.player
        hand = g.hand(p)
        stones = _open_stones(g, p)
        if not hand or not stones:
            return action(PASS)
        i = self.rng.below(len(hand) * len(stones))
        return action(PLAY, hand[i // len(stones)], stones[i % len(stones)])


class GreedyPlayer(Player):
    """For each legal play, the best formation its own side there can still reach, completing
    from the cards not on the table (its hand included); the strongest wins. Ties: the stone
    where its side has more cards, then the lower stone, then the lower card code."""

    def think(self, g):
        yield
        p = g.player
        best = None
        side = bytearray(SIDE)
        for s in _open_stones(g, p):
            k = g.count[s * 2 + p]
            side[0:k] = g.side(s, p)
            for c in sorted(g.hand(p)):
                side[k] = c
                key = (_reach(g, side, k + 1, c), k, -s, -c)
                if best is None or key > best[0]:
                    best = (key, c, s)
        return action(PASS) if best is None else action(PLAY, best[1], best[2])


def _reach(g, side, k, c):
    """Strength of the best completion of side[:k] (c just added), or -1 when none is left."""
    if k == SIDE:
        return strength(side, 0, SIDE)
    u = g.unseen
    bit = 1 << (c >> 4)
    u[c & 15] &= ~bit  # c is on the table now
    found = best_completion(side, 0, k, SIDE, u)
    u[c & 15] |= bit
    return -1 if found is None else found[0]
