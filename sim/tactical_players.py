"""Reference players of the tactical variant (desktop only): `random` and `greedy_tactical`.

Both are computer players (engine.core.steps.Player: their action, ruses included, and the deck
to draw from); Match.turn does the claims around them. They are frozen
baselines that strength figures are measured against: do not change how they choose.

greedy_tactical:
- Clan cards and elite troops (JK, SPY, SHB, within the tactic limit and one Joker a player)
  are played like `greedy` plays clan cards: for each card and open stone, the best formation
  its side there can still reach (elite troops at their best, 4 cards in a Mud Fight, sums
  only in a Blind-Man's Bluff); the strongest wins; ties: more cards there, the lower stone,
  the lower card code.
- Before that, two ruses when their moment comes (tactic limit allowing):
  Banshee, when the opponent has a complete side of a colour or better at an unclaimed stone:
  it discards that side's highest card, elite troops above clan cards (the leftmost stone). Traitor, when the opponent
  has a clan card of value 8 or more at an unclaimed stone: the highest one goes to the open
  stone where it lets its side reach most.
- When no clan card or elite troop can be played: Mud Fight on the leftmost stone where its
  complete side is beaten by their complete side; Blind-Man's Bluff on the leftmost stone where
  its complete side has the higher sum but the weaker formation; Strategist discarding its
  lowest card from its weakest incomplete side; Recruiter drawing clan cards (then tactic cards)
  and putting back its two lowest cards; else it passes.
- It draws a tactic card when it holds none and the tactic deck has one, else a clan card.
- Claims: everything provable (in expert games at the start of the turn).
"""
from engine.tactical import tactics as T
from engine.core.game import IllegalMove, STONES, PLAY, PASS, action
from engine.tactical.round import RECRUIT, STRATEGIST, BANSHEE, TRAITOR
from engine.core.cards import NO_CARD
from engine.core.steps import Player
from engine.core.players import legal
from engine.core.formation import RANK, COLOUR
from engine.core.rng import Rng


class RandomTactical(Player):
    """Random legal actions: a card of the hand at a stone, or a ruse with random choices,
    tried at random until one is legal (else a pass); a random deck that has cards."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def deck(self, g):
        d = self.rng.below(2)
        left = (g.deck_left(), g.tdeck_left())
        return d if left[d] or not left[1 - d] else 1 - d

    def think(self, g):
        yield
        p = g.player
        hand = g.hand(p)
        rng = self.rng
        h = g.copy()  # (each action is tried on it: a refused one leaves it as it was)
        for _ in range(40):
            if not hand:
                break
            c = hand[rng.below(len(hand))]
            s = rng.below(STONES)
            to = rng.below(STONES + 1) - 1
            if c == T.RECRUITER:
                n = min(3, g.deck_left() + g.tdeck_left())
                clan = min(g.deck_left(), rng.below(n + 1))
                pool = g.recruited_hand(p, clan, n - clan)
                back = [pool.pop(rng.below(len(pool))) for _ in range(min(2, len(pool)))]
                back += [NO_CARD, NO_CARD]
                a = action(RECRUIT, clan * 4 + n - clan, back[0], back[1])
                if legal(h, a):
                    return a
            elif c in (T.STRATEGIST, T.BANSHEE, T.TRAITOR):
                side = g.side(s, p if c == T.STRATEGIST else 1 - p)
                if side:
                    x = side[rng.below(len(side))]
                    kind = T.CARDS[c - T.TACTIC][2]  # (the ruse's action)
                    a = action(kind, s, x, 0 if kind == BANSHEE else to + 1)
                    if (kind != TRAITOR or to >= 0) and legal(h, a):
                        return a
            elif legal(h, action(PLAY, c, s)):
                return action(PLAY, c, s)
        if legal(h, action(PASS)):
            return action(PASS)
        for c in hand:  # nothing found at random: the first legal play
            for s in range(STONES):
                if legal(h, action(PLAY, c, s)):
                    return action(PLAY, c, s)
        raise IllegalMove("no legal play found")


class GreedyTactical(Player):
    """The frozen baseline described at the top of this module."""

    def __init__(self):
        self.work = bytearray(4)
        self.side = bytearray(4)

    def think(self, g):
        yield
        p = g.player
        a = None
        if g.may_play_tactic(p):
            a = self._banshee(g) or self._traitor(g)
        if a:
            return a
        best = self._best_placement(g, p)
        if best is not None:
            return action(PLAY, best[1], best[2])
        if g.may_play_tactic(p):
            a = self._stuck(g)
        return a or action(PASS)

    # --- placing cards ------------------------------------------------------------------

    def _reach(self, g, s, p, c):
        """The best strength p's side of stone s can reach with c added (-1: none)."""
        side = self.side
        k = g.count[s * 2 + p]
        side[0:k] = g.side(s, p)
        side[k] = c
        n = g.need(s)
        if k + 1 == n:
            return T.side_strength(side, 0, n, g.modes[s], self.work)
        u = g.unseen
        if c < T.TACTIC:
            bit = 1 << (c >> 4)
            u[c & 15] &= ~bit  # c is on the table now
        found = T.completion(side, 0, k + 1, n, u, g.modes[s], self.work)
        if c < T.TACTIC:
            u[c & 15] |= bit
        return -1 if found is None else found[0]

    def _playable(self, g, p, c):
        if c < T.TACTIC:
            return True
        if not T.is_elite(c) or not g.may_play_tactic(p):
            return False
        return not (c <= T.JOKER + 1 and g.joker_played[p])

    def _best_placement(self, g, p):
        best = None
        for s in range(STONES):
            if not g.open_for(s, p):
                continue
            for c in sorted(g.hand(p)):
                if not self._playable(g, p, c):
                    continue
                key = (self._reach(g, s, p, c), g.count[s * 2 + p], -s, -c)
                if best is None or key > best[0]:
                    best = (key, c, s)
        return best

    # --- ruses and modes ----------------------------------------------------------------

    def _holds(self, g, p, c):
        return g.hand(p).find(bytes((c,))) >= 0

    def _banshee(self, g):
        p = g.player
        if not self._holds(g, p, T.BANSHEE):
            return None
        for s in range(STONES):
            j = s * 2 + 1 - p
            n = g.need(s)
            if g.owner[s] or g.count[j] < n:
                continue
            their = g.side(s, 1 - p)
            if T.side_strength(their, 0, n, g.modes[s], self.work) >= COLOUR * RANK:
                return action(BANSHEE, s, _highest(their))
        return None

    def _traitor(self, g):
        p = g.player
        if not self._holds(g, p, T.TRAITOR):
            return None
        target = None
        for s in range(STONES):
            if g.owner[s]:
                continue
            for c in g.side(s, 1 - p):
                if c < T.TACTIC and c & 15 >= 8 and (target is None or c & 15 > target[0] & 15):
                    target = (c, s)
        if target is None:
            return None
        c, s = target
        best = None
        for to in range(STONES):
            if to != s and g.open_for(to, p):
                r = self._reach(g, to, p, c)
                if best is None or r > best[0]:
                    best = (r, to)
        if best is None:
            return None
        return action(TRAITOR, s, c, best[1] + 1)

    def _stuck(self, g):
        """No clan card or elite troop to play: a combat mode or a ruse, in the order of the
        module's description; None when none applies."""
        p = g.player
        w = self.work
        for s in range(STONES):
            n = g.need(s)
            if g.owner[s] or g.count[s * 2 + p] < n or g.count[s * 2 + 1 - p] < n:
                continue
            mine = T.side_strength(g.side(s, p), 0, n, g.modes[s], w)
            theirs = T.side_strength(g.side(s, 1 - p), 0, n, g.modes[s], w)
            if self._holds(g, p, T.MUD) and theirs > mine and not g.modes[s] & T.MODE_MUD:
                return action(PLAY, T.MUD, s)
            if self._holds(g, p, T.BLIND) and theirs > mine and not g.modes[s] & T.MODE_BLIND \
                    and _sum(g.side(s, p)) > _sum(g.side(s, 1 - p)):
                return action(PLAY, T.BLIND, s)
        if self._holds(g, p, T.STRATEGIST):
            weakest = None
            for s in range(STONES):
                k = g.count[s * 2 + p]
                if not g.owner[s] and 0 < k < g.need(s):
                    v = _sum(g.side(s, p))
                    if weakest is None or v < weakest[0]:
                        weakest = (v, s)
            if weakest:
                s = weakest[1]
                return action(STRATEGIST, s, _lowest(g.side(s, p)))
        if self._holds(g, p, T.RECRUITER) and g.deck_left() + g.tdeck_left():
            n = min(3, g.deck_left() + g.tdeck_left())
            clan = min(n, g.deck_left())
            pool = g.recruited_hand(p, clan, n - clan)
            pool.sort(key=lambda x: (x >= T.TACTIC, x & 15))  # clan cards, lowest first
            back = pool[:min(2, len(pool))] + [NO_CARD, NO_CARD]
            return action(RECRUIT, clan * 4 + n - clan, back[0], back[1])
        return None


    def deck(self, g):
        """A tactic card when it holds none and the tactic deck has one; else a clan card."""
        holds_tactic = any(c >= T.TACTIC for c in g.hand(g.player))
        if g.tdeck_left() and (not holds_tactic or not g.deck_left()):
            return 1
        return 0


def _sum(side):
    return sum(c & 15 for c in side if c < T.TACTIC)


def _highest(side):
    return max(side, key=lambda c: (c >= T.TACTIC, c & 15))


def _lowest(side):
    return min(side, key=lambda c: (c >= T.TACTIC, c & 15))
