# A stone's chance in the tactical game, for the tactical computer (engine/ai/tactical.py,
# whose TacticalAi takes these methods): from the best formation each side can still reach
# there (elite troops at their best, the stone's combat modes: engine/tactical/tactics.py), or
# for hard, at a stone without combat modes, by the classic side models (engine/ai/judge.py,
# elite troops as wild cards: ai/wild.py) calibrated for tactical games (ai/tcal.py).
from micropython import const
from engine.ai.base import ONE
from engine.ai.judge import side, stone, complete, calibrated
from engine.ai.tcal import TABLE as TTABLE
from engine.ai.wild import wild_side
from engine.core.formation import best_strength, strength
from engine.core.game import SLOTS
from engine.tactical import tactics as T
from engine.tactical.tactics import MODE_MUD, MODE_BLIND

_SPREAD = const(2)  # chance per strength unit of difference in what the sides can reach
_NEED = const(100)  # chance per card fewer than the other side still needs
# A stone neither provable nor lost, judged by what each side can still reach: its chance
# (in 1024ths) stays within these, as the reaches are rough; _HIGH also where their side can
# no longer be completed from the unknown cards (a tactic card may still come to it). Only a
# proof gives ONE, and a side of the AI's that can no longer be completed 0.
_LOW = const(40)
_HIGH = const(984)
# _stone's modes: what it may take over from the position before the action (the
# computer's _value)
WORK = const(0)  # nothing: both sides worked out (a position of its own, a reply's too)
KEEP_THEIRS = const(1)  # the same, and the other side's reach and model kept (value)
# the AI's card played on its own side (_value): the other side is as it was, so its reach
# and model are read where KEEP_THEIRS kept them, and a card alone on the AI's side reaches
# what the last such card did (lone)
READ = const(2)
# a card of the hand gone from the cards the AI may still get (_cost): the other side read as
# with READ, the AI's side worked out (a lone card's reach is not the last card's: the pool
# is not the one it was worked out with)
CUT = const(3)


class StoneChances:
    """The stones' chances (1024ths) of a tactical computer: its buffers (pool, unknown, work,
    their_reach, their_models, the lone card's) are the computer's own (TacticalAi._buffers)."""

    def _masks(self, g, me):
        pool = self.pool
        unknown = self.unknown
        for v in range(16):
            pool[v] = g.unseen[v]
            unknown[v] = g.unseen[v]
        hands = g.hands
        for k in range(me * 7, me * 7 + g.hand_n[me]):  # (no slice: asked for every action)
            c = hands[k]
            if c < T.TACTIC:
                unknown[c & 15] &= ~(1 << (c >> 4))

    def _stone(self, g, me, s, mode=WORK):
        """Stone s's chance for `me` (1024ths); mode: WORK works the other side's reach out,
        KEEP_THEIRS also keeps it in their_reach (the position before the move), READ reads it
        there, CUT too but with a card gone from the pool (so not the cards' `lone`).
        Hard values a stone of three cards a side by the classic side models (_models)."""
        o = g.owner[s]
        if o:
            return ONE if o == me + 1 else 0
        n = 4 if g.modes[s] & MODE_MUD else 3
        modes = g.modes[s]
        i = s * 2 + me
        j = i ^ 1
        km = g.count[i]
        kt = g.count[j]
        if km == n:
            mine = self._strength(g, i, n, modes)
            # tactics.counter's proof, written out: a call with its ten arguments would put
            # its frame on the heap (MicroPython keeps only small frames on the stack), and
            # counter also builds the list of cards
            if kt == n:
                theirs = self._strength(g, j, n, modes)
                if theirs < mine or (theirs == mine and g.done[i] < g.done[j]):
                    return ONE
            elif self._reach(g, j, kt, n, modes, g.unseen) <= mine:
                return ONE
            if kt == n and self.k:
                return 0  # their complete side beats it
        if self.k and not modes:
            return self._models(g, me, s, mode)
        if km < n:  # (a complete side's strength: above)
            if mode == READ and km == 1:
                mine = self._lone(g, i, n, modes)
            else:
                mine = self._reach(g, i, km, n, modes, self.pool)
        if kt == n:
            theirs = self._strength(g, j, n, modes)
        elif mode >= READ and self.their_reach[s] != -2:
            theirs = self.their_reach[s]
        else:
            theirs = self._reach(g, j, kt, n, modes, self.unknown)
            if mode == KEEP_THEIRS:
                self.their_reach[s] = theirs
        if mine < 0:
            return 0
        if theirs < 0:
            return _HIGH
        p = 512 + (mine - theirs) * _SPREAD + ((n - kt) - (n - km)) * _NEED
        return _LOW if p < _LOW else _HIGH if p > _HIGH else p

    def _models(self, g, me, s, mode):
        """Hard: stone s (no combat mode) by the classic side models (what each side may
        still get, card by card), calibrated for tactical games. The other side's model is
        kept in their_models[s] (KEEP_THEIRS) and read there when the move left that side as it
        was."""
        i = s * 2 + me
        km = g.count[i]
        kt = g.count[i ^ 1]
        lone = mode == READ and km == 1 and not kt  # (see lone)
        if lone and g.sides[i * SLOTS] == self.lone_model:
            return self.lone_q
        self._side(me, g.sides, i * SLOTS, km, self.my_model)
        other_model = self.their_models[s] if mode else self.their_model
        if mode < READ:
            self._side(1 - me, g.sides, (i ^ 1) * SLOTS, kt, other_model)
        q = calibrated(TTABLE, stone(self.my_model, other_model), km, kt,
                       len(g.deck) - g.top)  # (deck_left)
        if lone:
            self.lone_model = g.sides[i * SLOTS]
            self.lone_q = q
        return q

    def _side(self, p, buf, off, n, out):
        """The side model of p's side buf[off:off + n]; elite troops: at their best on a
        complete side, else as wild cards (ai/wild.py)."""
        for x in range(off, off + n):
            if buf[x] >= T.TACTIC:
                break
        else:
            side(self.k, p, buf, off, n, out)
            return
        if n < 3:
            wild_side(self.k, p, buf, off, n, out)
            return
        complete(T.side_strength(buf, off, 3, 0, self.work), out)

    def _lone(self, g, i, n, modes):
        """The reach of side i holding a single card, just played (READ: the pool is what
        the AI may still get after it), by the last card's (see lone)."""
        key = g.sides[i * SLOTS] * 16 + n * 4 + modes
        if key != self.lone:
            self.lone = key
            self.lone_reach = self._reach(g, i, 1, n, modes, self.pool)
        return self.lone_reach

    def _strength(self, g, i, n, modes):
        """tactics.side_strength of the complete side i (stone * 2 + player) of g; a side of
        clan cards alone, without a Blind-Man's Bluff, by formation.strength directly."""
        sides = g.sides
        i *= SLOTS
        if not modes & MODE_BLIND:
            for x in range(i, i + n):
                if sides[x] >= T.TACTIC:
                    break
            else:
                return strength(sides, i, n)
        return T.side_strength(sides, i, n, modes, self.work)

    def _reach(self, g, i, k, n, modes, masks):
        """tactics.reach of side i (stone * 2 + player) of g, its k cards completed to n; a
        side of clan cards alone, without a Blind-Man's Bluff, by formation's search directly
        (the same answer, without tactics.reach's copy of the side)."""
        sides = g.sides
        i *= SLOTS
        if not modes & MODE_BLIND:
            for x in range(i, i + k):
                if sides[x] >= T.TACTIC:
                    break
            else:
                return best_strength(sides, i, k, n, masks)
        return T.reach(sides, i, k, n, masks, modes, self.work)
