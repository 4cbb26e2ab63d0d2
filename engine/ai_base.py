# What the computer opponents of both variants share (engine/ai.py, engine/ai_tactical.py),
# kept apart so that a tactical game does not load the classic computer.
from micropython import const
from engine.game import STONES

LEVELS = ("easy", "normal", "hard")
ONE = const(1024)  # a sure thing, as chances go (also ai_eval.ONE)
HALF = const(512)
_MASK30 = const(0x3FFFFFFF)


def level_of(name):
    """The level's number (0 easy, 1 normal, 2 hard); ValueError for an unknown name."""
    if name not in LEVELS:
        raise ValueError("unknown level %r (known: %s)" % (name, ", ".join(LEVELS)))
    return LEVELS.index(name)


def finish(it):
    """Run a thinking generator to its end: its return value (the decision)."""
    try:
        while True:
            next(it)
    except StopIteration as e:
        return e.value


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


def wins_with(g, me, mask):
    """Does taking the stones of mask (bit t: stone t) win the game for `me` at once?"""
    mine = me + 1
    total = 0
    run = 0
    for t in range(STONES):
        if mask >> t & 1 or g.owner[t] == mine:
            total += 1
            run += 1
            if run == 3:
                return True
        else:
            run = 0
    return total >= 5


def danger(g, me):
    """The opponent's complete sides at open stones (bit t: stone t), when taking them all
    would win it the game; else 0. Only then are they worth proving move by move."""
    other = 1 - me
    mask = 0
    for t in range(STONES):
        if not g.owner[t] and g.count[t * 2 + other] == g.need(t):
            mask |= 1 << t
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


def worst_of_hands(worth, n, held):
    """The mean, over the hands of `held` cards the opponent may hold of the n cards it may
    get, of the worst worth[x] of each hand (worth: a reply's value with each card; sorted
    here, lowest first): the i-th lowest is the worst of a hand with chance
    C(n - 1 - i, k - 1) / C(n, k)."""
    _sort(worth, n)
    k = min(held, n)
    total = 0
    ways = 0
    for i in range(n - k + 1):
        w = _choose(n - 1 - i, k - 1)
        total += worth[i] * w
        ways += w
    return total // ways


def may_exceed(worth, spare, done, n, v, held, bar):
    """Can worst_of_hands(worth, n, held) still come above bar, when only worth[:done] are
    known yet? Each reply leaves at most v (the chance before it: a reply never helps), and
    the mean of the hands' worst never falls as a worth rises, so the others are taken at v.
    spare: a buffer of n ints."""
    for x in range(n):
        spare[x] = worth[x] if x < done else v
    return worst_of_hands(spare, n, held) > bar


def _sort(a, n):
    """Sort a[:n] in place, lowest first (a few dozen values: insertion sort, no heap)."""
    for i in range(1, n):
        x = a[i]
        k = i
        while k and a[k - 1] > x:
            a[k] = a[k - 1]
            k -= 1
        a[k] = x


def _choose(n, k):
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r
