"""`mcN`: the flat Monte Carlo reference player (desktop only).

N playouts per decision in total, spread evenly over the legal moves (the first N % moves get
one more). Each playout deals the cards unknown to the player at random to the opponent's
hand (as many as it holds) and the deck, makes the move, and plays on randomly: each turn a
random card of the hand on a random open stone, drawing while the deck lasts, until no card
can be played. Every open stone is then complete on both sides (54 cards fill 54 places) and
is decided by comparison; the winner is the player with three adjacent stones (if only one
has them), else the one with five. The move with the best win rate is played (ties: the
first in card, stone order). Plain Python lists: this runs on CPython only.
"""
import random

from engine.core.formation import strength
from engine.core.game import STONES, SLOTS, SIDE, PLAY, PASS, action
from engine.core.steps import Player


def plays(g):
    """The hand of the player to move, sorted, and its plays (card, stone) in card, stone
    order: none when it must pass."""
    me = g.player
    hand = sorted(g.hand(me))
    stones = [s for s in range(STONES) if g.open_for(s, me)]
    return hand, [(c, s) for c in hand for s in stones]


def table_winner(owner, done, side_strength):
    """The winner (0 or 1) of a playout in which no card can be played: each open stone goes
    to the stronger side (side_strength(stone * 2 + player): -1 for one never completed; a tie
    to the side completed first); then three adjacent stones win if only one player has
    them, else five."""
    won = [0] * STONES  # 1 or 2: who holds each stone
    for s in range(STONES):
        if owner[s]:
            won[s] = owner[s]
            continue
        a = side_strength(s * 2)
        b = side_strength(s * 2 + 1)
        won[s] = 1 if a > b or (a == b and done[s * 2] < done[s * 2 + 1]) else 2
    three = [False, False]
    for s in range(STONES - 2):
        if won[s] == won[s + 1] == won[s + 2]:
            three[won[s] - 1] = True
    if three[0] != three[1]:
        return 0 if three[0] else 1
    return 0 if won.count(1) >= 5 else 1


class MonteCarloPlayer(Player):
    def __init__(self, playouts, seed):
        self.n = playouts
        self.rand = random.Random(seed)

    def think(self, g):
        yield
        me = g.player
        hand, moves = plays(g)
        if not moves:
            return action(PASS)
        unknown = [col * 16 + v for v in range(1, 10) for col in range(6)
                   if g.unseen[v] >> col & 1 and (col * 16 + v) not in hand]
        start = _State(g)
        best = None
        for i, mv in enumerate(moves):
            runs = self.n // len(moves) + (i < self.n % len(moves))
            wins = 0
            for _ in range(runs):
                wins += self._playout(start, me, hand, unknown, mv, g.hand_n[1 - me])
            rate = (wins * 1000 // runs) if runs else -1
            if best is None or rate > best[0]:
                best = (rate, mv)
        return action(PLAY, *best[1])

    def _playout(self, start, me, hand, unknown, mv, their_n):
        rand = self.rand
        pool = unknown[:]
        rand.shuffle(pool)
        st = start.copy()
        hands = [None, None]
        hands[me] = [c for c in hand if c != mv[0]]
        hands[1 - me] = pool[:their_n]
        deck = pool[their_n:]
        st.place(me, mv[0], mv[1])
        if deck:
            hands[me].append(deck.pop())
        p = 1 - me
        idle = 0
        while idle < 2:
            h = hands[p]
            open_ = [s for s in range(STONES) if not st.owner[s] and st.count[s * 2 + p] < SIDE]
            if h and open_:
                c = h.pop(rand.randrange(len(h)))
                st.place(p, c, open_[rand.randrange(len(open_))])
                if deck:
                    h.append(deck.pop())
                idle = 0
            else:
                idle += 1
            p = 1 - p
        return st.winner() == me


class _State:
    """The table of a playout: sides, counts, completion order, owners (plain lists)."""

    def __init__(self, g=None):
        if g is not None:
            self.sides = [[g.sides[i * SLOTS + k] for k in range(g.count[i])]
                          for i in range(STONES * 2)]
            self.count = list(g.count)
            self.done = list(g.done)
            self.owner = list(g.owner)
            self.tick = g.tick

    def copy(self):
        st = _State()
        st.sides = [s[:] for s in self.sides]
        st.count = self.count[:]
        st.done = self.done[:]
        st.owner = self.owner
        st.tick = self.tick
        return st

    def place(self, p, c, s):
        i = s * 2 + p
        self.sides[i].append(c)
        self.count[i] += 1
        if self.count[i] == SIDE:
            self.tick += 1
            self.done[i] = self.tick

    def winner(self):
        return table_winner(self.owner, self.done, self._strength)

    def _strength(self, i):
        """A complete side's strength; -1 for one that could not be completed."""
        return strength(bytes(self.sides[i]), 0, SIDE) if self.count[i] == SIDE else -1

