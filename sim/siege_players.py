"""Reference players of the siege (desktop only): `random` and `greedy_siege`.

Both are computer players (engine.core.steps.Player) for either role; Match.turn takes the
attacker's controls around them (everything provable, before and after the play). They are
frozen baselines that strength figures are measured against: do not change how they choose.

greedy_siege, a rule per decision:
- The play: for each card of its hand and each section with room on its side, the best
  formation its side there can still reach under the section's rule, completing from the cards
  not face up (its hand included); the strongest wins; ties: more cards there, the lower
  section, the lower card code. No play: it passes.
- The attacker's retreat, before the play: from the leftmost section where its side is
  complete and the defender's complete side there is stronger, or as strong and completed
  first (it can no longer win there).
- The defender's boiling oil, before the play, while a cauldron is left: at the leftmost
  section where the attacker's side is complete and stronger than anything the defender's side
  there can reach with the cards in the defender's hand.
"""
from engine.core.game import PLAY, PASS, action
from engine.core.formation import best_completion
from engine.core.rng import Rng
from engine.core.steps import Player
from engine.core.players import legal
from engine.siege.round import SECTIONS, RETREAT, OIL


class RandomSiege(Player):
    """Random legal actions: a preparation one turn in four when one is legal (a random
    section), then a card of the hand at a random section with room, else a pass."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def think(self, g):
        yield
        p = g.player
        rng = self.rng
        if not g.prepared and rng.below(4) == 0:
            a = action(RETREAT if p == g.attacker else OIL, rng.below(SECTIONS))
            if legal(g.copy(), a):
                return a
        hand = g.hand(p)
        open_ = [s for s in range(SECTIONS) if g.open_for(s, p)]
        if not hand or not open_:
            return action(PASS)
        i = rng.below(len(hand) * len(open_))
        return action(PLAY, hand[i // len(open_)], open_[i % len(open_)])


class GreedySiege(Player):
    """The frozen baseline described at the top of this module."""

    def __init__(self):
        self.side = bytearray(4)

    def think(self, g):
        yield
        p = g.player
        if not g.prepared:
            a = self._retreat(g, p) if p == g.attacker else self._oil(g, p)
            if a is not None:
                return a
        best = None
        for s in range(SECTIONS):
            if not g.open_for(s, p):
                continue
            k = g.count[s * 2 + p]
            for c in sorted(g.hand(p)):
                key = (self._reach(g, s, p, c), k, -s, -c)
                if best is None or key > best[0]:
                    best = (key, c, s)
        return action(PASS) if best is None else action(PLAY, best[1], best[2])

    def _reach(self, g, s, p, c):
        """The best strength p's side of section s can reach with c added (-1: none)."""
        side = self.side
        k = g.count[s * 2 + p]
        side[0:k] = g.side(s, p)
        side[k] = c
        n = g.need(s)
        if k + 1 == n:
            return g.side_strength(side, s, n)
        u = g.unseen
        bit = 1 << (c >> 4)
        u[c & 15] &= ~bit  # c is on the table now
        found = best_completion(side, 0, k + 1, n, u, g.rule(s))
        u[c & 15] |= bit
        return -1 if found is None else found[0]

    def _retreat(self, g, p):
        for s in range(SECTIONS):
            n = g.need(s)
            mine = g.side(s, p)
            theirs = g.side(s, 1 - p)
            if len(mine) != n or len(theirs) != n:
                continue
            a = g.side_strength(mine, s, n)
            d = g.side_strength(theirs, s, n)
            if d > a or d == a and g.done[s * 2 + 1 - p] < g.done[s * 2 + p]:
                return action(RETREAT, s)
        return None

    def _oil(self, g, p):
        if not g.cauldrons:
            return None
        held = bytearray(16)  # the defender's hand as colour masks per value
        for c in g.hand(p):
            held[c & 15] |= 1 << (c >> 4)
        for s in range(SECTIONS):
            n = g.need(s)
            theirs = g.side(s, g.attacker)
            if len(theirs) != n:
                continue
            mine = g.side(s, p)
            if len(mine) == n:
                reach = g.side_strength(mine, s, n)
            else:
                found = best_completion(mine, 0, len(mine), n, held, g.rule(s))
                reach = -1 if found is None else found[0]
            if g.side_strength(theirs, s, n) > reach:
                return action(OIL, s)
        return None
