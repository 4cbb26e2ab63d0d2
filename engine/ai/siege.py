# The siege's computer opponents, for either role: make_siege_ai("easy" | "normal" | "hard", seed).
#
# A computer player (core.steps.Player) driven by Match.turn, which takes the attacker's controls.
# It reads only what its player may know: its hand, the wall, the discard, the counts.
#
# Judgement: a few imagined futures (samples). In each, the cards the AI cannot see are
# shuffled (by a seed from the position: a replay thinks alike); the opponent gets its hand and
# its next draws from them, the AI its next draws. At every section each side's likely end is
# then its best completion from its player's cards (hand and draws) under the section's rule,
# and the two ends give the attacker's chance there. The sections' chances, averaged over the
# samples, give the attacker's chance to win the game: a fourth damaged section or a damaged
# one taken. (The deck running out is in the draws: late in the game few cards come.)
#
# A play's value adds a share of its side's likely end there (aim high); a retreat or boiling
# oil is made when it raises the chance enough.
#
# - hard: six samples; a card's value counts what it can no longer do at other sections.
# - normal: one sample; the same.
# - easy: one sample and only its own side's end at each section (like a beginner), misjudged
#   by noise; it retreats from a section it has lost, never pours oil.
from micropython import const
from engine.ai.base import level_of, decision_seed, ONE, HALF
from engine.core.steps import Player
from engine.core.formation import ruled_strength, strength, ruled
from engine.core.game import SLOTS, PLAY, PASS, action
from engine.core.proof import counter
from engine.core.rng import Rng
from engine.siege.round import SECTIONS, RETREAT, OIL

_MASK30 = const(0x3FFFFFFF)
_SAMPLES = (1, 1, 6)  # per level
_SLOPE = const(48)  # the attacker's chance per point of strength between the two likely ends
_LEAD = const(160)  # per card the attacker's side lacks more than the defender's, its chance less
_LOST = const(128)  # a section where the attacker's chance is below this: it may retreat
_THREAT = const(512)  # one where it is above this: the defender may pour oil
_SHARE = const(8)  # of 16: the share of the deck each player is imagined to draw
# the weight of the AI's side's likely end where it plays (strength: 64 a rank), in 1024ths
# as the other computers' _REACH: the chances are rough, and aiming high breaks their ties
# the way that wins games
_REACH = const(256)
_TAKEN_END = const(400)  # the likely end of a side that takes its section at once
_RETREAT_GAIN = const(200)  # the chance (of ONE) a retreat must add to be made
_OIL_GAIN = const(120)  # a cauldron's (there are three)
_NOISE = const(48)  # easy's misjudgement, in strength
_TO_WIN = const(4)  # damaged sections that win the attacker the game
_TAKEN = const(8192)  # an end that stands for a section taken at once


def make_siege_ai(level, seed):
    return SiegeAi(level_of(level), seed)


class SiegeAi(Player):
    out = None  # (no outlook: the coach weighs its sections alike)

    def __init__(self, level, seed):
        self.level = level
        self.seed = seed & _MASK30
        self.rng = Rng(self.seed)
        n = _SAMPLES[level]
        self.n = n
        self.pool = bytearray(64)  # the cards the AI cannot see
        # per sample and player [sample * 2 + player]: the cards it is imagined to hold by the
        # end (colour masks per value)
        self.res = [bytearray(16) for _ in range(2 * n)]
        # each side's likely end [(sample * 2 + player) * SECTIONS + section] as the wall
        # stands; one side's (`alt_p`) in the position being weighed [sample * SECTIONS + ...]
        self.ends = [0] * (2 * SECTIONS * n)
        self.alt = [0] * (SECTIONS * n)
        self.alt_p = 0
        self.keep = [0] * n
        self.x = [0] * SECTIONS  # the attacker's chance per section, in the last _game
        self.x0 = [0] * SECTIONS  # the same with no change weighed (_chances)
        self.p = None  # (value) the player's chance per section, made when first asked
        self.after = None  # (the coach's) a copy of the round to try an action on
        self.buf = bytearray(SLOTS)
        # the change being weighed: its section (-1: none) and the cards it adds to each side
        # there (the attacker's, the defender's; fewer for a retreat or boiling oil)
        self.at = -1
        self.add_a = 0
        self.add_d = 0

    # --- a decision ---------------------------------------------------------------------

    def think(self, g):
        """The decision as a generator: a future imagined a slice, then for each card what it
        leaves in each future and its play at each section a slice; returns the action."""
        me = g.player
        yield from self._ready(g, me, g)
        if not g.prepared:
            a = yield from self._prepare(g, me)
            if a:
                return a
        if not g.can_play():
            return action(PASS)
        best = None
        best_v = -8 * ONE
        for c in sorted(g.hand(me)):
            if self.level:
                yield from self._without(g, me, c)
                self._chances(g)
            for s in range(SECTIONS):
                if g.open_for(s, me):
                    v = self._play_value(g, me, c, s)
                    if v > best_v:
                        best_v = v
                        best = action(PLAY, c, s)
                    yield
        return best

    def _play_value(self, g, me, c, s):
        """The value of playing c at section s for the AI: its chance to win the game (the
        attacker's, or its complement); easy: its own side's end there, misjudged."""
        if not self.level:
            return self._with(g, me, c, s, 0) + self.rng.below(2 * _NOISE + 1) - _NOISE
        taken = me == g.attacker and g.count[s * 2 + me] + 1 == g.need(s) and \
            self._proved(g, me, c, s)
        keep = self.keep
        alt = self.alt
        for i in range(self.n):
            keep[i] = alt[i * SECTIONS + s]
            alt[i * SECTIONS + s] = _TAKEN if taken else self._with(g, me, c, s, i)
        att = me == g.attacker
        v = self._game(g, s, 1 if att else 0, 0 if att else 1)
        r = 0  # its side's likely end there, summed over the samples
        for i in range(self.n):
            e = alt[i * SECTIONS + s]
            r += e if e < _TAKEN else _TAKEN_END
            alt[i * SECTIONS + s] = keep[i]
        r = r * _REACH // self.n >> 10
        return (v if att else ONE - v) + r

    def _prepare(self, g, me):
        """A retreat or boiling oil when one raises the AI's chance enough (None: none): a
        generator, a section weighed a slice. An attacker with no room left retreats at any
        cost: else, the defender's sides full too, no card would ever be drawn again."""
        att = g.attacker
        if me != att and (not g.cauldrons or not self.level):
            return None
        if not self.level:  # easy: a retreat from a side that can no longer win
            for s in range(SECTIONS):
                if self._lost(g, me, s):
                    return action(RETREAT, s)
            return None
        self._alt(att)
        self._chances(g)
        base = self._game(g, -1, 0, 0)
        stuck = me == att and not g.can_play()
        gain = -8 * ONE if stuck else _RETREAT_GAIN if me == att else _OIL_GAIN
        best = None
        alt = self.alt
        keep = self.keep
        x = self.x0
        for s in range(SECTIONS):
            if not g.count[s * 2 + att] or not stuck and (
                    x[s] > _LOST if me == att else x[s] < _THREAT):
                continue
            for i in range(self.n):
                keep[i] = alt[i * SECTIONS + s]
                alt[i * SECTIONS + s] = self._stripped(g, att, s, i)
            k = g.count[s * 2 + att]
            v = self._game(g, s, -k if me == att else -1, 0) - base
            for i in range(self.n):
                alt[i * SECTIONS + s] = keep[i]
            if me != att:
                v = -v
            if v > gain:
                gain = v
                best = action(RETREAT if me == att else OIL, s)
            yield
        return best

    # --- the coach's measure ------------------------------------------------------------

    # (engine/ai/coach.py's judged: a position valued as the decisions value it)

    def _ready(self, g, me, h):
        """h's futures imagined (h: g, or g after an action of me's), a slice a future."""
        self.rng.seed(decision_seed(self.seed, h))
        return self._imagine(h, me)

    def value(self, g, me):
        """The chance to win the game of `me` in g as the wall stands (its futures imagined:
        _ready); p then holds its chance at each section."""
        att = g.attacker
        self._alt(me)
        self._chances(g)
        v = self._game(g, -1, 0, 0)
        if self.p is None:
            self.p = [0] * SECTIONS
        for s in range(SECTIONS):
            self.p[s] = self.x[s] if me == att else ONE - self.x[s]
        return v if me == att else ONE - v

    def _make(self, h, me, a):
        h.act(me, a)

    _after = value  # (h's own futures imagined: _ready)

    # --- the imagined futures -----------------------------------------------------------

    def _imagine(self, g, me):
        """Each sample's cards for both players (res), and every side's likely end (ends): a
        generator, a sample a slice."""
        pool = self.pool
        unseen = g.unseen
        hands = g.hands
        base = me * g.hand_size
        held = g.hand_n[me]
        k = 0
        for v in range(12):
            m = unseen[v]
            for col in range(5):
                if m >> col & 1:
                    c = col << 4 | v
                    for j in range(base, base + held):  # (its own hand is seen)
                        if hands[j] == c:
                            break
                    else:
                        pool[k] = c
                        k += 1
        draws = g.deck_left() * _SHARE >> 4
        theirs = g.hand_n[1 - me] + draws
        rng = self.rng
        ends = self.ends
        for i in range(self.n):
            a = self.res[i * 2 + me]
            b = self.res[i * 2 + 1 - me]
            for v in range(16):
                a[v] = 0
                b[v] = 0
            for j in range(base, base + held):
                c = hands[j]
                a[c & 15] |= 1 << (c >> 4)
            # the first cards of a fresh shuffle: the opponent's hand and draws, the AI's draws
            for j in range(min(k, theirs + draws)):
                x = j + rng.below(k - j)
                c = pool[x]
                pool[x] = pool[j]
                pool[j] = c
                if j < theirs:
                    b[c & 15] |= 1 << (c >> 4)
                else:
                    a[c & 15] |= 1 << (c >> 4)
            for p in (0, 1):
                for s in range(SECTIONS):
                    ends[(i * 2 + p) * SECTIONS + s] = self._end(g, s, p, i)
            yield

    def _alt(self, p):
        """alt: p's side's ends as the wall stands."""
        self.alt_p = p
        alt = self.alt
        ends = self.ends
        for i in range(self.n):
            for s in range(SECTIONS):
                alt[i * SECTIONS + s] = ends[(i * 2 + p) * SECTIONS + s]

    def _without(self, g, me, c):
        """alt: the AI's ends once card c has left its hand: a generator, a sample a slice."""
        self._alt(me)
        alt = self.alt
        v = c & 15
        bit = 1 << (c >> 4)
        for i in range(self.n):
            r = self.res[i * 2 + me]
            r[v] &= ~bit
            for s in range(SECTIONS):
                if alt[i * SECTIONS + s] >= 0 and g.count[s * 2 + me] < g.need(s):
                    alt[i * SECTIONS + s] = self._end(g, s, me, i)
            r[v] |= bit
            yield

    def _end(self, g, s, p, i):
        """p's side of section s: its strength when complete, else its best completion with
        p's cards of sample i (-1: it cannot complete)."""
        n = g.need(s)
        k = g.count[s * 2 + p]
        off = (s * 2 + p) * SLOTS
        if k == n:
            return ruled(strength(g.sides, off, n), g.rule(s))
        return ruled_strength(g.sides, off, k, n, self.res[i * 2 + p], g.rule(s))

    def _with(self, g, p, c, s, i):
        """p's side of s with c added: its end in sample i (c not among p's cards there)."""
        buf = self.buf
        k = g.count[s * 2 + p]
        off = (s * 2 + p) * SLOTS
        for j in range(k):
            buf[j] = g.sides[off + j]
        buf[k] = c
        n = g.need(s)
        if k + 1 == n:
            return ruled(strength(buf, 0, n), g.rule(s))
        r = self.res[i * 2 + p]
        bit = 1 << (c >> 4)
        had = r[c & 15] & bit
        r[c & 15] &= ~bit
        e = ruled_strength(buf, 0, k + 1, n, r, g.rule(s))
        r[c & 15] |= had
        return e

    def _stripped(self, g, att, s, i):
        """The attacker's side at s after a retreat (all its cards gone, the AI attacking)
        or boiling oil (its first card gone): its end in sample i."""
        k = g.count[s * 2 + att]
        keep = 0 if att == g.player else k - 1
        buf = self.buf
        off = (s * 2 + att) * SLOTS + k - keep
        for j in range(keep):
            buf[j] = g.sides[off + j]
        return ruled_strength(buf, 0, keep, g.need(s), self.res[i * 2 + att], g.rule(s))

    def _proved(self, g, me, c, s):
        """Would the attacker's side at s, completed by c, be provable at once?"""
        buf = self.buf
        n = g.need(s)
        off = (s * 2 + me) * SLOTS
        for j in range(n - 1):
            buf[j] = g.sides[off + j]
        buf[n - 1] = c
        j = s * 2 + 1 - me
        u = g.unseen
        bit = 1 << (c >> 4)
        u[c & 15] &= ~bit
        out = counter(buf, 0, g.sides, j * SLOTS, g.count[j], n, u, g.count[j] < n, g.rule(s))
        u[c & 15] |= bit
        return out is None

    # --- the chances --------------------------------------------------------------------

    def _section(self, g, s):
        """The attacker's chance at section s, averaged over the samples, with alt for one
        side's likely ends (-1: never complete), after the change being weighed (at, add_a,
        add_d)."""
        att = g.attacker
        need = g.need(s)
        left_a = need - g.count[s * 2 + att]
        left_d = need - g.count[s * 2 + 1 - att]
        if s == self.at:
            left_a -= self.add_a
            left_d -= self.add_d
            last = ONE if self.add_d else 0  # (a side completed now completed last)
        else:
            last = ONE if g.done[s * 2 + att] < g.done[s * 2 + 1 - att] else 0
        full = not left_a and not left_d
        lead = (left_a - left_d) * _LEAD
        mine = self.alt_p
        alt = self.alt
        ends = self.ends
        x = 0
        for i in range(self.n):
            a = alt[i * SECTIONS + s]
            d = ends[(i * 2 + 1 - mine) * SECTIONS + s]
            if mine != att:
                a, d = d, a
            if a < 0:
                continue
            if d < 0 or a >= _TAKEN:
                x += ONE
            elif full:
                x += last if a == d else ONE if a > d else 0
            else:
                y = HALF + (a - d) * _SLOPE - lead
                x += 0 if y < 0 else ONE if y > ONE else y
        return x // self.n

    def _chances(self, g):
        """x0: each section's chance with alt for one side's ends, no change weighed."""
        self.at = -1
        for s in range(SECTIONS):
            self.x0[s] = self._section(g, s)

    def _game(self, g, at, add_a, add_d):
        """The attacker's chance to win the game after a change at section `at` (-1: none)
        adding add_a cards to the attacker's side and add_d to the defender's, the other
        sections' chances those of x0 (_chances): a damaged section taken, or enough intact
        ones to make four damaged. x then holds each section's chance."""
        x = self.x
        for s in range(SECTIONS):
            x[s] = self.x0[s]
        if at >= 0:
            self.at = at
            self.add_a = add_a
            self.add_d = add_d
            x[at] = self._section(g, at)
        need = _TO_WIN
        for s in range(SECTIONS):
            need -= g.damaged[s]
        d0 = ONE  # the chance that no intact section falls, then one, two, three, four
        d1 = d2 = d3 = d4 = 0
        hold = ONE  # the chance that every damaged section holds
        for s in range(SECTIONS):
            c = x[s]
            if g.damaged[s]:
                hold = hold * (ONE - c) >> 10
                continue
            y = ONE - c
            d4 += d3 * c >> 10
            d3 = (d3 * y >> 10) + (d2 * c >> 10)
            d2 = (d2 * y >> 10) + (d1 * c >> 10)
            d1 = (d1 * y >> 10) + (d0 * c >> 10)
            d0 = d0 * y >> 10
        short = d0  # the chance that too few fall
        if need > 1:
            short += d1
        if need > 2:
            short += d2
        if need > 3:
            short += d3
        return ONE - (hold * short >> 10)

    # --- easy ----------------------------------------------------------------------------

    def _lost(self, g, me, s):
        """Is the attacker's complete side at s beaten by the defender's complete side?"""
        n = g.need(s)
        if g.count[s * 2 + me] < n or g.count[s * 2 + 1 - me] < n:
            return False
        i = s * 2 + me
        j = s * 2 + 1 - me
        return counter(g.sides, i * SLOTS, g.sides, j * SLOTS, n, n, g.unseen,
                       g.done[i] < g.done[j], g.rule(s)) is not None
