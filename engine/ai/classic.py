# The computer opponents: make_ai("easy" | "normal" | "hard", seed).
#
# Each is a computer player (core.steps.Player) driven by Match.turn, which makes the claims:
# think(game) is its decision as a generator that yields after every slice of work (a move
# weighed, or a like share), so the screens can draw a frame between slices; it returns the
# action (a card played, or a pass).
#
# The work of a decision is fixed by the position (a model per side and candidate move), never
# by a clock: a level plays the same moves on the desktop and the device. A player reads only
# what it may know: its hand, the table, the unseen cards and the counts.
#
# - hard: every legal move is scored by the chance to win the game (ai/outlook.py) from the
#   chance of each stone (ai/judge.py, corrected by ai/cal.py from logged games), counting
#   what the card played can no longer do at the other stones; the stone it plays on is
#   corrected as such stones turned out with the opponent to move (cal.AFTER). Once the
#   deck is down to _LOOK cards, its best few moves are weighed again by the opponent's best
#   reply with each card it may hold (_chosen).
# - normal: the same without those last two, so it spends cards it will miss.
# - easy: looks only at its own side of each stone, like a beginner, and often misjudges.
from micropython import const
# (LEVELS, finish and wins_with also for those who import them from here)
from engine.ai.base import LEVELS, Search, NONE, level_of, decision_seed  # noqa: F401
from engine.ai.base import finish, wins_with  # noqa: F401
from engine.ai.base import danger, taken, wins, WIN
from engine.ai.judge import Knowledge, side, stone, ONE, MODEL
from engine.ai.outlook import Outlook
from engine.ai.cal import TABLE, AFTER
from engine.ai.judge import calibrated
from engine.core.formation import strength, best_strength
from engine.core.game import STONES, SLOTS, SIDE, HAND, OVER, PLAY, PASS, action
from engine.core.rng import Rng

_MASK30 = const(0x3FFFFFFF)

# Weight of the best formation the side can still reach (strength: 64 a rank) in a move's
# score, in 1024ths: the chances are rough, and aiming high breaks their ties the way that
# wins games.
_REACH = const(320)
_NOISE = const(320)  # easy's misjudgement, in strength (64 a rank)
# hard, once the deck is down to _LOOK cards: its best few moves are weighed again by the
# opponent's best reply with each card it may hold (see base.Search._chosen): late in the round few cards
# are unseen, so the replies can be weighed card by card within the device's budget.
_LOOK = const(12)
# A stone the AI cannot lose, though it cannot claim it yet (ONE: provable, claimed at once)
_SURE = const(1023)


def make_ai(level, seed):
    return Ai(level_of(level), seed)


class Ai(Search):
    zero_stops = True  # (base.Search._worst)
    long_after = None  # (base.Search._replied: short enough, the review's frames under 50 ms)

    def __init__(self, level, seed):
        self.level = level
        self.seed = seed & _MASK30
        self.rng = Rng(self.seed)
        self.k = Knowledge()
        self.out = Outlook()
        self.p = [0] * STONES  # each stone's chance now
        self.mine = [[0] * MODEL for _ in range(STONES)]  # model of the AI's side per stone
        self.theirs = [[0] * MODEL for _ in range(STONES)]
        self.tmp = [0] * MODEL
        self.cut = [0] * (HAND * STONES)  # [card * 9 + stone]: change of p when the card goes
        self.loss = [0] * HAND  # per hand card: the game chance lost at every stone when it goes
        self.buf = bytearray(SLOTS)
        # stones (bit s: stone s) the AI may claim after this move: provable before it (they stay so),
        # or once the card played is no longer among the unseen cards
        self.sure = 0
        # normal and hard: the opponent's complete sides, when taking them all would win it the
        # game (else 0: no such danger this decision), and of those, the ones it could claim
        # after its next play: the AI's side can no longer beat them once the card played has
        # left the unseen cards
        self.danger = 0
        self.risk = 0
        # the stones each player has taken at this decision (masks, for base.wins; the
        # AI's claims in its look leave the opponent's as they are)
        self.taken_me = 0
        self.taken_them = 0
        # normal and hard: the card last played on an empty side against an empty side (-1:
        # none this decision), the stone's chance by the models there and the reach of its
        # side (such a card makes the same at every such stone); easy: the card last played
        # on an empty side, and its worth there (_naive)
        self.lone = -1
        self.lone_p = 0
        self.lone_reach = 0
        self._look_buffers()  # hard's look at the replies (base.Search)

    def think(self, g):
        me = g.player
        if not g.can_play():
            return action(PASS)
        self.rng.seed(decision_seed(self.seed, g))
        hand = sorted(g.hand(me))
        k = self.k
        k.start(g)
        self.taken_me = taken(g, me)
        self.taken_them = taken(g, 1 - me)
        self.lone = -1
        yield
        for s in range(STONES):
            self._stone_now(g, s)
        yield
        # the game's outlook in two slices (its halves: one would be a slice as long as both)
        self.out.forward(self.p)
        yield
        self.out.backward(self.p)
        yield
        if self.level == 2:
            for ci in range(len(hand)):
                self._cost(g, hand[ci], ci)
                yield
        # (hard, late in the round: the best moves are kept for a look at the replies)
        self._start(None, self.level == 2 and g.deck_left() <= _LOOK)
        self.danger = danger(g, me) if self.level else 0
        for ci in range(len(hand)):
            c = hand[ci]
            k.take(me, c, -1)
            self.sure = self._provable(g)
            self.risk = self._theirs_next(g, self.danger, g.sides, -1, 0) if self.danger else 0
            for s in range(STONES):
                if g.open_for(s, me):
                    v = self._value(g, c, ci, s)
                    if v > self.lead_v or self.looking and v > self.top[-2]:  # (_weigh)
                        self._weigh(v, c << 16 | s << 8)  # (action(PLAY, c, s))
                    yield
            k.take(me, c, 1)
        return (yield from self._chosen(g, me))

    # --- hard, late in the round: the opponent's reply ---------------------------------

    def _unknown_cards(self, g, me):
        self.held = g.hand_n[1 - me]  # (the AI's draw unknown)
        return self._cards_of(self.k.maybe)

    def _make(self, h, me, a):
        h.act(me, a)

    def _after(self, h, me):
        if not h.expert:
            for s in h.claimable():
                h.claim(me, s)
                if h.phase == OVER:
                    return ONE
        return self.value(h, me)

    def _ready(self, g, me, h):
        return ()  # (nothing to make ready)

    def value(self, g, me):
        """The chance to win the game in position g, stone by stone (kept in p)."""
        self.k.start(g)
        for s in range(STONES):
            self._stone_now(g, s)
        return self.out.prepare(self.p)

    def _see(self, c, d):
        self.k.see(c, d)

    def _theirs(self, h, me, stones):
        """The stones of mask `stones` the opponent could claim in h: its complete side there
        that the AI's can no longer beat."""
        out = 0
        for s in range(STONES):
            j = s * 2 + 1 - me
            if stones >> s & 1 and not h.owner[s] and h.count[j] == SIDE and \
                    self._holds(h, j, h.unseen):
                out |= 1 << s
        return out

    def _holds(self, g, i, unseen):
        """Is the complete side i (stone * 2 + player) unbeatable by the other side's best
        completion from `unseen`? (A proof without its counter-example: no garbage.)"""
        j = i ^ 1
        held = strength(g.sides, i * SLOTS, SIDE)
        n = g.count[j]
        if n == SIDE:
            other = strength(g.sides, j * SLOTS, SIDE)
            return other < held or (other == held and g.done[i] < g.done[j])
        return best_strength(g.sides, j * SLOTS, n, SIDE, unseen) <= held

    def _stone(self, h, me, s):
        """The AI's chance at stone s in the look's position h, a reply just made there: their
        side modelled again (theirs[s] is free to overwrite: each move weighed values every
        stone again first), the AI's as _after modelled it (mine[s])."""
        j = s * 2 + 1 - me
        i = j ^ 1
        side(self.k, 1 - me, h.sides, j * SLOTS, h.count[j], self.theirs[s])
        return self._chance(h, s, h.sides, i * SLOTS, h.count[i], self.mine[s], h.done[i],
                            TABLE)

    def _stone_now(self, g, s):
        me = g.player
        o = g.owner[s]
        if o:
            self.p[s] = ONE if o == me + 1 else 0
            return
        i = (s * 2 + me) * SLOTS
        j = (s * 2 + 1 - me) * SLOTS
        side(self.k, me, g.sides, i, g.count[s * 2 + me], self.mine[s])
        side(self.k, 1 - me, g.sides, j, g.count[s * 2 + 1 - me], self.theirs[s])
        self.p[s] = self._chance(g, s, g.sides, i, g.count[s * 2 + me], self.mine[s],
                                 g.done[s * 2 + me], TABLE)

    def _provable(self, g):
        """The stones the AI could claim now (its side complete and unbeatable)."""
        me = g.player
        sure = 0
        for t in range(STONES):
            if self.p[t] == ONE and not g.owner[t]:
                sure |= 1 << t
            elif not g.owner[t] and g.count[t * 2 + me] == SIDE and \
                    self._proves(g, t, g.sides, (t * 2 + me) * SLOTS, g.done[t * 2 + me]):
                sure |= 1 << t
        return sure

    def _theirs_next(self, g, mask, buf, s, n):
        """Those stones of mask the opponent could claim after its next play (the card played
        gone from the unseen cards); at stone s the AI's side is buf[:n] instead."""
        me = g.player
        out = 0
        for t in range(STONES):
            if mask >> t & 1:
                i = t * 2 + me
                j = i ^ 1
                if t == s:
                    mine, off, mn = buf, 0, n
                else:
                    mine, off, mn = g.sides, i * SLOTS, g.count[i]
                # their side is complete: it was first unless the AI's completed earlier (at
                # stone s the AI's completes only now); a proof as proof.counter's, without
                # its counter-example (no garbage)
                held = strength(g.sides, j * SLOTS, SIDE)
                if mn == SIDE:
                    other = strength(mine, off, SIDE)
                    if other < held or (other == held and (t == s or g.done[j] < g.done[i])):
                        out |= 1 << t
                elif best_strength(mine, off, mn, SIDE, self.k.unseen) <= held:
                    out |= 1 << t
        return out

    def _loses(self, g, s, buf, n):
        """Would playing on stone s (the AI's side there becoming buf[:n]) let the opponent
        win the game at once?"""
        risk = self.risk & ~(1 << s)
        if self.danger >> s & 1:
            risk |= self._theirs_next(g, 1 << s, buf, s, n)
        return wins(risk | self.taken_them)

    def _proves(self, g, s, buf, off, done):
        """Is the AI's complete side buf[off:off + 3] at stone s unbeatable? (proof.counter's
        proof, without its counter-example: no garbage.)"""
        j = s * 2 + 1 - g.player
        tn = g.count[j]
        held = strength(buf, off, SIDE)
        if tn == SIDE:
            other = strength(g.sides, j * SLOTS, SIDE)
            return other < held or (other == held and 0 < done < g.done[j])
        return best_strength(g.sides, j * SLOTS, tn, SIDE, self.k.unseen) <= held

    def _chance(self, g, s, buf, off, n, model, done, table):
        """The AI's chance at stone s with its side buf[off:off + n] (done: when it became
        complete, 0 = now), calibrated by `table` (ai/cal.py: TABLE for the stones as they
        stand, the AI to move; AFTER for the stone it has just played on)."""
        j = (s * 2 + 1 - g.player) * SLOTS
        tn = g.count[s * 2 + 1 - g.player]
        if n == SIDE:
            if self._proves(g, s, buf, off, done):
                return ONE
            if tn == SIDE:
                return 0
            # sure, though not provable yet: the cards that could beat it are the AI's own
            if best_strength(g.sides, j, tn, SIDE, self.k.maybe) <= strength(buf, off, SIDE):
                return _SURE
        elif tn == SIDE and best_strength(buf, off, n, SIDE, self.k.unseen) <= \
                strength(g.sides, j, SIDE):
            return 0  # dead: nothing the AI may still get beats their side (theirs was first)
        return calibrated(table, stone(model, self.theirs[s]), n, tn,
                          len(g.deck) - g.top)  # (deck_left)

    def _cost(self, g, c, ci):
        """What playing c costs at each stone where it could help an unfinished side."""
        me = g.player
        k = self.k
        k.take(me, c, -1)
        loss = 0
        for t in range(STONES):
            n = g.count[t * 2 + me]
            d = 0
            if not g.owner[t] and 0 < n < SIDE:
                side(k, me, g.sides, (t * 2 + me) * SLOTS, n, self.tmp)
                d = self._chance(g, t, g.sides, (t * 2 + me) * SLOTS, n, self.tmp, 0,
                                 TABLE) - self.p[t]
                loss += d * self.out.dv[t] >> 10
            self.cut[ci * STONES + t] = d
        self.loss[ci] = loss
        k.take(me, c, 1)

    def _value(self, g, c, ci, s):
        """The score of playing c at stone s (c already taken from the knowledge)."""
        me = g.player
        n = g.count[s * 2 + me]
        buf = self.buf
        off = (s * 2 + me) * SLOTS
        for i in range(n):
            buf[i] = g.sides[off + i]
        buf[n] = c
        if self.level == 0:  # (a beginner too sees a win in front of it)
            won = self.sure | self.taken_me
            if n + 1 == SIDE and self._proves(g, s, buf, 0, 0):
                return WIN if wins(won | 1 << s) else self._naive(g, s, SIDE)
            return WIN if wins(won) else self._naive(g, s, n + 1)
        table = AFTER if self.level == 2 else TABLE
        lone = not n and not g.count[s * 2 + 1 - me]
        if not lone:
            side(self.k, me, buf, 0, n + 1, self.tmp)
            q = self._chance(g, s, buf, 0, n + 1, self.tmp, 0, table)
        else:
            # a first card against an empty side: the same model and reach at every such
            # stone, and the candidates come card by card (see lone)
            if c != self.lone:
                side(self.k, me, buf, 0, 1, self.tmp)
                self.lone = c
                self.lone_p = stone(self.tmp, self.theirs[s])
                self.lone_reach = _reach(buf, 1, self.k.unseen)
            q = calibrated(table, self.lone_p, 1, 0, len(g.deck) - g.top)  # (_chance's)
        win = wins(self.sure | self.taken_me | (1 << s if q == ONE else 0))
        if win and not g.expert:
            return WIN  # claimed at once, after the play
        # the opponent's next claims would win it the game: below any other move (valued as
        # usual among such moves: a player may miss its claims)
        lost = self.danger and self._loses(g, s, buf, n + 1)
        if win and not lost:
            return WIN  # expert games: claimed at the start of the next turn, theirs first
        out = self.out
        v = out.v0[s] + (q * out.dv[s] >> 10)
        if self.level == 2:
            v += self.loss[ci] - (self.cut[ci * STONES + s] * out.dv[s] >> 10)
        v += (self.lone_reach if lone else _reach(buf, n + 1, self.k.unseen)) * _REACH >> 10
        return v - 2 * WIN if lost else v

    def _naive(self, g, s, n):
        """Easy: the formation its side can reach (expected rank and sum), blurred by noise
        as large as the difference between neighbouring formations. (A lone card is worth
        the same at every stone: the last card's worth is kept, in lone and lone_p.)"""
        if n == 1 and self.buf[0] == self.lone:
            e = self.lone_p
        else:
            side(self.k, g.player, self.buf, 0, n, self.tmp)
            e = 0
            rest = ONE
            model = self.tmp
            for r in range(5, 0, -1):
                x = rest * model[r] >> 10
                e += x * (r * 64 + model[5 + r]) >> 10
                rest -= x
            if n == 1:
                self.lone = self.buf[0]
                self.lone_p = e
        return e + self.rng.below(_NOISE) + n * 8


def _reach(buf, n, unseen):
    """Strength of the best completion of buf[:n] from the cards not on the table."""
    if n == SIDE:
        return strength(buf, 0, SIDE)
    s = best_strength(buf, 0, n, SIDE, unseen)
    return s if s > 0 else 0
