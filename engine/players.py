# The built-in players `random` and `greedy`: frozen baselines that every later strength figure
# is measured against. Do not change how they choose.
from engine.formation import strength, best_completion
from engine.game import STONES, SIDE, OVER
from engine.rng import Rng


def take_turn(m, player):
    """Play one whole turn of match m for the player to move. A player of the tactical variant
    makes its play itself, `act(m)` (ruses included), and names the deck to draw from,
    `deck(game)`."""
    g = m.game
    p = g.player
    if g.expert:
        claim_all(m, p)
        if g.phase == OVER:
            return
    if hasattr(player, "act"):
        player.act(m)
    else:
        mv = player.move(g)
        if mv is None:
            m.pass_turn(p)
        else:
            m.play(p, mv[0], mv[1])
    if not g.expert:
        claim_all(m, p)
    if g.phase != OVER:
        if hasattr(player, "deck"):
            m.end_turn(p, player.deck(g))
        else:
            m.end_turn(p)


def claim_all(m, p):
    """Claim every stone p can prove now."""
    for s in m.game.claimable():
        m.claim(p, s)
        if m.game.phase == OVER:
            return


def _open_stones(g, p):
    return [s for s in range(STONES) if g.open_for(s, p)]


class RandomPlayer:
    """A uniformly random legal play."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def move(self, g):
        p = g.player
        hand = g.hand(p)
        stones = _open_stones(g, p)
        if not hand or not stones:
            return None
        i = self.rng.below(len(hand) * len(stones))
        return hand[i // len(stones)], stones[i % len(stones)]


class GreedyPlayer:
    """For each legal play, the best formation its own side there can still reach, completing
    from the cards not on the table (its hand included); the strongest wins. Ties: the stone
    where its side has more cards, then the lower stone, then the lower card code."""

    def move(self, g):
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
        return None if best is None else (best[1], best[2])


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
