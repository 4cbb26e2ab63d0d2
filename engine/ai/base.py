# What the computer opponents share (engine/ai/classic.py, engine/ai/tactical.py; the protocol
# and the levels also engine/ai/siege.py), kept apart so that one game does not load another's
# computer.
from micropython import const
from engine.core.game import STONES, SIDE, SLOTS, OVER
from engine.core.formation import POP
from engine.core.steps import finish, Player

LEVELS = ("easy", "normal", "hard")
ONE = const(1024)  # a sure thing, as chances go (also judge.ONE)
NONE = const(-1048576)  # below any value of an action
HALF = const(512)
_MASK30 = const(0x3FFFFFFF)
WIN = const(4096)  # above any chance: an action that wins the game at once (every computer's)
_BEST_N = const(4)  # the actions kept for the look at the replies
_TOP_VALUE = const(11)  # the highest value of any game's deck (core/cards.py)
_EVERY_STONE = const(511)  # every stone, as a mask


class Search(Player):
    """A decision of the computers: its candidate actions weighed one a slice (_start, then
    _weigh for each, then _chosen), the best kept. The hard levels, late in a round, keep
    their best few (top, NONE where fewer) and weigh them again by what each leaves after the
    opponent's best reply with each card it may hold, averaged over the hands it may hold;
    the best first of equals. For that look each game gives
    - _unknown_cards(g, me): those cards into their_cards by _cards_of, highest first (a high
      card tends to hurt most, so an action that cannot beat the best so far shows it
      sooner), `held` set to how many the opponent holds;
    - _make(h, me, a): action a on the copy h;
    - _after(h, me): the chance in h before the reply, its claims made, p holding each
      stone's chance and the outlook its slopes (and `needs` its stones' need, where that
      is not three cards);
    and for _worst, the reply of each card:
    - _see(c, d): d = -1: card c, unknown to the AI, is on the table; d = 1: unknown again;
    - _theirs(h, me, stones): the stones of that mask the opponent could claim in h;
    - _holds(h, i, unseen): is the complete side i (stone * 2 + player) unbeatable by the
      other's best completion from `unseen`?
    - _stone(h, me, s): the AI's chance at stone s in h, a reply just made there;
    - zero_stops (True or False, see _worst);
    - long_after (True or None): is _after a long step, begun in a frame of its own (_replied)?
    and for the coach (engine/ai/coach.py's judged): _ready(g, me, h), what valuing h (g,
    or g after an action of me's) needs made first, an iterable of its slices, and value(g,
    me), the chance in g as it stands, p holding each stone's."""

    def _look_buffers(self):
        """The look's buffers: the best actions so far (value, action), the round after one of
        them (each reply is placed on it and taken back), the cards the opponent may hold
        and what each leaves."""
        self.top = [0] * (2 * _BEST_N)
        self.after = None
        self.their_cards = bytearray(54)
        self.held = 0  # how many cards the opponent holds
        self.worth = None  # (made by _chosen, as many as the cards it may hold)
        self.weight = None  # (hand_weights)
        # the cards a complete side holds at each stone of the look's position
        self.needs = bytearray(STONES)
        for s in range(STONES):
            self.needs[s] = SIDE

    def _start(self, best, look):
        """A decision's candidates are about to be weighed: `best` until one is; with `look`,
        the best few are kept for the look."""
        top = self.top
        for i in range(len(top)):
            top[i] = NONE
        self.lead = best  # the best action so far, and its value
        self.lead_v = NONE
        self.looking = look

    def _weigh(self, v, a):
        """Candidate action a is worth v. (A decision calls it only when v is above the best
        so far, or when looking, above the last kept, top[-2]: a call costs more on the
        Pico than the comparison.)"""
        if v > self.lead_v:
            self.lead_v = v
            self.lead = a
        if self.looking and v > -WIN:  # (not one that lets the opponent win)
            keep_best(self.top, v, a)

    def _chosen(self, g, me):
        """The best action weighed, late in the round looked at again: a generator (the
        look itself, not one around it: each of its many slices would pass through both)."""
        best = self.lead
        if not self.looking or self.lead_v >= WIN:
            return best
        n = self._unknown_cards(g, me)
        if not n:
            return best
        self.worth = [0] * n
        self.weight = [0] * n
        ways = hand_weights(self.weight, n, self.held)
        bv = NONE
        top = self.top
        for i in range(0, len(top), 2):
            if top[i] == NONE:
                break
            a = top[i + 1]
            h = self.after = g.copy(self.after)
            self._make(h, me, a)
            v = yield from self._replied(h, me, n, ways, bv)
            if v > bv:
                bv = v
                best = a
        return best

    def _cards_of(self, masks):
        """The cards of masks (the colours per value), into their_cards from the highest
        value down; how many."""
        n = 0
        for v in range(_TOP_VALUE, -1, -1):
            m = masks[v]
            for col in range(6):
                if m >> col & 1:
                    self.their_cards[n] = col << 4 | v
                    n += 1
        return n

    def _replied(self, h, me, n, ways, bar):
        """The chance after the AI's action in h, the opponent's best reply weighed in; NONE
        once it can no longer come above bar (the best action's so far)."""
        yield self.long_after  # (True: the screens begin the valuation in a frame of its own)
        v = self._after(h, me)
        if h.phase == OVER:  # (the action won)
            return ONE
        yield  # (a valuation and a reply: too long a slice)
        worth = self.worth
        wt = self.weight
        for x in range(n):
            if bar > NONE and mean_worst(worth, wt, x, v, ways) <= bar:
                return NONE
            insert(worth, x, self._worst(h, me, self.their_cards[x], v))
            yield
        return mean_worst(worth, wt, n, v, ways)

    def _worst(self, h, me, c, v):
        """The chance left after the opponent plays card c at its best stone (v: the chance
        before; p and the outlook hold the stones' chances in h); never more than v (the
        look's early stop rests on it). A reply that lets it claim a win leaves 0, and the
        look at c's replies stops at the first reply worth 0 (zero_stops: nothing is worth
        less, a win counted 0) or else at the first that wins (then 0, whatever came before:
        a reply worth less than 0 is a first-order slope's error). Each reply is placed on h
        and taken back (h is the AI's own copy; a clan card on a side changes only the side,
        the moment it is complete and the unseen cards)."""
        other = 1 - me
        bit = 1 << (c >> 4)
        self._see(c, -1)
        h.unseen[c & 15] &= ~bit
        p = self.p
        dv = self.out.dv
        # the stones they could claim with c on the table, wherever it goes (where it goes
        # their side was open, so only that one may join them), and the chance they take away
        pre = self._theirs(h, me, _EVERY_STONE)
        cut = 0
        for s in range(STONES):
            if pre >> s & 1:
                cut += p[s] * dv[s] >> 10
        low = v
        needs = self.needs
        zero_stops = self.zero_stops
        taken_them = self.taken_them
        stone = self._stone  # (the hooks bound once: looked up for every reply, they cost)
        holds = self._holds
        for s in range(STONES):
            j = s * 2 + other
            n = h.count[j]
            if h.owner[s] or n >= needs[s]:  # (not open for them)
                continue
            at = j * SLOTS + n
            was = h.sides[at]
            h.sides[at] = c
            h.count[j] = n + 1
            full = n + 1 == needs[s]
            claimed = pre
            w = v - cut
            if full:
                h.tick += 1
                h.done[j] = h.tick
                if holds(h, j, h.unseen):
                    claimed |= 1 << s
                    w -= p[s] * dv[s] >> 10
            won = wins(claimed | taken_them)
            if won:
                w = 0
            elif not claimed >> s & 1:
                w += (stone(h, me, s) - p[s]) * dv[s] >> 10
            if full:
                h.done[j] = 0
                h.tick -= 1
            h.count[j] = n
            h.sides[at] = was
            if won and not zero_stops:
                low = 0
                break
            if w < low:
                low = w
                if not w and zero_stops:
                    break
        h.unseen[c & 15] |= bit
        self._see(c, 1)
        return low


def level_of(name):
    """The level's number (0 easy, 1 normal, 2 hard); ValueError for an unknown name."""
    if name not in LEVELS:
        raise ValueError("unknown level %r (known: %s)" % (name, ", ".join(LEVELS)))
    return LEVELS.index(name)


def decision_seed(seed, g):
    """The seed of one decision: the player's seed, the moment of the game (cards on the
    table and in the deck) and the hand it holds, so a replay makes the same choices and each
    round of a match (a new deal, the same player) makes its own."""
    placed = 0
    for n in g.count:
        placed += n
    me = g.player
    size = len(g.hands) >> 1  # (6 cards a hand, 7 in the tactical variant)
    h = 0
    for i in range(me * size, me * size + g.hand_n[me]):
        h = (h * 31 + g.hands[i]) & 0x3FFF  # (small ints throughout: none above 2**30)
    return (seed ^ ((placed * 64 + g.deck_left()) * 40503) ^ h << 16) & _MASK30


def taken(g, p):
    """The stones p has claimed, as a mask (bit s: stone s)."""
    mask = 0
    mine = p + 1
    owner = g.owner
    for s in range(STONES):
        if owner[s] == mine:
            mask |= 1 << s
    return mask


def wins(mask):
    """Do the stones of mask (bit s: stone s) win the game: three adjacent, or five? (The
    computers ask it for every move they weigh, with the stones already taken in the mask:
    a few operations, not a walk over the stones.)"""
    return mask & mask >> 1 & mask >> 2 != 0 or POP[mask & 63] + POP[mask >> 6] >= 5


def wins_with(g, me, mask):
    """Does taking the stones of mask (bit s: stone s) win the game for `me` at once?"""
    return wins(mask | taken(g, me))


def danger(g, me):
    """The opponent's complete sides at open stones (bit s: stone s), when taking them all
    would win it the game; else 0. Only then are they worth proving move by move."""
    other = 1 - me
    mask = 0
    for s in range(STONES):
        if not g.owner[s] and g.count[s * 2 + other] == g.need(s):
            mask |= 1 << s
    return mask if wins_with(g, other, mask) else 0


def keep_best(top, v, x):
    """Keep x among the best: top holds (value, x) pairs, best first, as many as fit (the
    hard computers' candidates for a look at the replies)."""
    k = len(top) - 2
    if v <= top[k]:
        return
    while k and v > top[k - 2]:
        top[k] = top[k - 2]
        top[k + 1] = top[k - 1]
        k -= 2
    top[k] = v
    top[k + 1] = x


def hand_weights(wt, n, held):
    """For the mean, over the hands of `held` cards the opponent may hold of the n cards it may
    get, of the worst reply of each hand: wt[i] = the hands whose worst is the i-th lowest of
    the n replies, C(n - 1 - i, k - 1). Returns C(n, k), the hands in all."""
    k = min(held, n)
    ways = 0
    for i in range(n):
        wt[i] = _choose(n - 1 - i, k - 1)
        ways += wt[i]
    return ways


def insert(worth, x, w):
    """worth[:x] is sorted, lowest first: w goes into its place among them."""
    while x and worth[x - 1] > w:
        worth[x] = worth[x - 1]
        x -= 1
    worth[x] = w


def mean_worst(worth, wt, x, v, ways):
    """The mean over the hands of their worst reply (weights wt of hand_weights, `ways` hands
    in all), worth[:x] the replies weighed so far (sorted, lowest first), the others taken at
    v. Exact once all are weighed; before, the most it can still come to, as long as no reply
    is worth more than v (the hard computers' _worst starts from v) since the mean never
    falls as a reply's worth rises. (Called for every reply: few enough locals that its frame
    stays on the stack, where MicroPython puts frames of up to 11 words.)"""
    total = 0
    while x:
        x -= 1
        total += (worth[x] - v) * wt[x]
    return v + total // ways


def _choose(n, k):
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r
