"""`mcgN`: Monte Carlo over the root's moves with greedy-guided playouts, the search reference
player (desktop only, the classic game).

N playouts a decision in total, shared out by sequential halving: in each of log2(M) rounds
(M legal moves) an equal part of the playouts goes evenly to the moves still in, and the
better half by win rate goes on, until one is left (of equal rates, the first in card, stone
order); a decision with one legal move plays it at once. (Spread evenly over 40-odd moves,
500 playouts gave each a dozen: noise chose the move, and greedy won 3 games of 4.) In a round
the moves in play the same deals (the rates differ by the moves, not by the luck of the deal):
a deal gives the cards unknown to the player (not on the table, not in its hand) at random to
the opponent's hand (as many as it holds) and the deck.

A playout makes the move, then both players play on as the greedy baseline would
(engine/core/players.py: the best formation the side can still reach from the cards not on the
table; ties to the fuller side, the lower stone, the lower card), each turn a random choice
among greedy's best three, drawing while the deck lasts. After each play its player claims
what it can prove, as the round's claims do (its side complete, the other unable to beat it
with the cards not on the table); the first to three adjacent stones or five wins. If no card
can be played before that, the open stones are decided as sim/mc.py decides them.

Cards are indexes 0-53 (colour * 9 + value - 1) and a set of cards one int, a bit a card, so
a playout's greedy looks up tables made once: the strength of every three cards, and for each
pair and each card its completions strongest first.
"""
import random

from engine.core.formation import strength
from engine.core.game import STONES, SIDE, PLAY, PASS, action
from engine.core.steps import Player
from sim.mc import plays, table_winner

_CARDS = 54
_TOP = 3  # the playouts choose among greedy's best three
_PLACES = 2 * STONES


def _code(i):
    """The card code (engine/core/cards.py) of card index i."""
    return (i // 9) << 4 | (i % 9 + 1)


def _index(c):
    return (c >> 4) * 9 + (c & 15) - 1


_tables = None


def tables():
    """(STRENGTH, PAIRS, SINGLES, ANY), made on first use: STRENGTH[set of three] its
    strength; PAIRS[set of two] and SINGLES[index] their completions to three cards, (strength,
    the set added), strongest first; ANY every three cards so, (strength, the set)."""
    global _tables
    if _tables is None:
        three = {}
        pairs = {}
        singles = [[] for _ in range(_CARDS)]
        for a in range(_CARDS):
            for b in range(a + 1, _CARDS):
                for c in range(b + 1, _CARDS):
                    s = strength(bytes((_code(a), _code(b), _code(c))), 0, SIDE)
                    three[1 << a | 1 << b | 1 << c] = s
                    for x, y, z in ((a, b, c), (a, c, b), (b, c, a)):
                        pairs.setdefault(1 << x | 1 << y, []).append((s, 1 << z))
                        singles[z].append((s, 1 << x | 1 << y))
        every = [(s, m) for m, s in three.items()]
        for row in list(pairs.values()) + singles + [every]:
            row.sort(key=lambda e: -e[0])  # (stable: equal strengths keep their order)
        _tables = (three, pairs, singles, every)
    return _tables


class GreedyPlayoutPlayer(Player):
    def __init__(self, playouts, seed):
        self.n = playouts
        self.rand = random.Random(seed)
        self.three, self.pairs, self.singles, _ = tables()

    def think(self, g):
        yield
        me = g.player
        hand, moves = plays(g)
        if not moves:
            return action(PASS)
        if len(moves) == 1:
            return action(PLAY, *moves[0])
        start = _Table(g)
        mine = [_index(c) for c in hand]
        unknown = [i for i in range(_CARDS) if start.off_table >> i & 1 and i not in mine]
        wins = [0] * len(moves)
        runs = [0] * len(moves)
        alive = list(range(len(moves)))
        rounds = 1  # halvings from every move down to one
        while 1 << rounds < len(moves):
            rounds += 1
        left = self.n
        for r in range(rounds):
            budget = left // (rounds - r)
            left -= budget
            for i in range(budget):
                j = i % len(alive)
                if j == 0:  # a new deal, played by each move alive
                    pool = unknown[:]
                    self.rand.shuffle(pool)
                    theirs = pool[:g.hand_n[1 - me]]
                    deck = pool[g.hand_n[1 - me]:]
                c, s = moves[alive[j]]
                wins[alive[j]] += self._playout(start, me, mine, theirs, deck, _index(c), s)
                runs[alive[j]] += 1
            # the better half goes on (a stable sort: of equal rates, the first move)
            alive.sort(key=lambda m: -(wins[m] * 4096 // runs[m]) if runs[m] else 1)
            alive = sorted(alive[:(len(alive) + 1) // 2])
        return action(PLAY, *moves[alive[0]])

    def _playout(self, start, me, mine, theirs, deck, c, s):
        """1 if `me` wins the playout that plays card index c at stone s, else 0."""
        t = start.copy()
        hands = [None, None]
        hands[me] = [x for x in mine if x != c]
        hands[1 - me] = theirs[:]
        deck = deck[:]
        t.place(s * 2 + me, c)
        won = t.claims(me)
        if won >= 0:
            return 1 if won == me else 0
        if deck:
            hands[me].append(deck.pop())
        p = 1 - me
        idle = 0
        while idle < 2:
            h = hands[p]
            move = self._greedy(t, p, h) if h else None
            if move is None:
                idle += 1
            else:
                idle = 0
                i, k = move
                h.remove(k)
                t.place(i, k)
                won = t.claims(p)
                if won >= 0:
                    return 1 if won == me else 0
                if deck:
                    h.append(deck.pop())
            p = 1 - p
        return 1 if t.winner() == me else 0

    def _greedy(self, t, p, hand):
        """(side, card index) of a random one of greedy's best three plays, None for none."""
        keys = []
        self._keys(t, p, hand, keys)
        if not keys:
            return None
        keys.sort(reverse=True)
        _, i, k = keys[self.rand.randrange(min(_TOP, len(keys)))]
        return i, k

    def _keys(self, t, p, hand, keys):
        avail = t.off_table
        three = self.three
        pairs = self.pairs
        singles = self.singles
        lone = {}  # a card's reach on an empty side: the same at every such stone
        for s in range(STONES):
            i = s * 2 + p
            n = t.count[i]
            if t.owner[s] or n == SIDE:
                continue
            side = t.sides[i]
            for k in hand:
                b = 1 << k
                if n == 2:
                    r = three[side | b]
                elif n == 1:
                    r = -1
                    for st, x in pairs[side | b]:
                        if avail & x:
                            r = st
                            break
                else:
                    r = lone.get(k)
                    if r is None:
                        r = -1
                        for st, x in singles[k]:
                            if avail & x == x:
                                r = st
                                break
                        lone[k] = r
                # greedy's order: reach, cards on the side, the lower stone, the lower card
                keys.append(((r + 1) << 16 | n << 14 | (15 - s) << 7 | 127 - _code(k), i, k))


class _Table:
    """A playout's table: each side a set of card indexes, its count and when it became
    complete; the stones' owners (as the round has them); the cards not on the table."""

    def __init__(self, g=None):
        if g is None:
            return
        self.sides = [0] * _PLACES
        for i in range(_PLACES):
            for k in range(g.count[i]):
                self.sides[i] |= 1 << _index(g.sides[i * 4 + k])
        self.count = list(g.count)
        self.done = list(g.done)
        self.owner = list(g.owner)
        self.tick = g.tick
        self.off_table = 0
        for v in range(1, 10):
            for col in range(6):
                if g.unseen[v] >> col & 1:
                    self.off_table |= 1 << (col * 9 + v - 1)

    def copy(self):
        t = _Table()
        t.sides = self.sides[:]
        t.count = self.count[:]
        t.done = self.done[:]
        t.owner = self.owner[:]
        t.tick = self.tick
        t.off_table = self.off_table
        return t

    def place(self, i, k):
        """Card index k onto side i (stone * 2 + player)."""
        self.sides[i] |= 1 << k
        self.off_table &= ~(1 << k)
        n = self.count[i] + 1
        self.count[i] = n
        if n == SIDE:
            self.tick += 1
            self.done[i] = self.tick

    def claims(self, p):
        """p claims every stone it can prove (as the round's claims: its side complete, the
        other side unable to beat it with the cards not on the table); the winner once that
        wins the game, else -1."""
        three, pairs, singles, every = tables()
        avail = self.off_table
        mine = p + 1
        for s in range(STONES):
            i = s * 2 + p
            if self.owner[s] or self.count[i] != SIDE:
                continue
            held = three[self.sides[i]]
            j = i ^ 1
            n = self.count[j]
            if n == SIDE:
                other = three[self.sides[j]]
                if other > held or other == held and self.done[j] < self.done[i]:
                    continue
            else:
                # their completions stronger than held (a tie is p's: its side was first)
                row = every if n == 0 else singles[self.sides[j].bit_length() - 1] \
                    if n == 1 else pairs[self.sides[j]]
                beaten = False
                for st, x in row:
                    if st <= held:
                        break
                    if avail & x == x:
                        beaten = True
                        break
                if beaten:
                    continue
            self.owner[s] = mine
            if self.owner.count(mine) >= 5:
                return p
            run = 0
            for t in range(max(0, s - 2), min(STONES, s + 3)):
                run = run + 1 if self.owner[t] == mine else 0
                if run == 3:
                    return p
        return -1

    def winner(self):
        """The playout's winner once no card can be played (as sim/mc.py decides)."""
        return table_winner(self.owner, self.done, self._strength)

    def _strength(self, i):
        return tables()[0][self.sides[i]] if self.count[i] == SIDE else -1
