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
    """The seed of one decision: the player's seed and the moment of the game (cards on the
    table and in the deck), so a replay makes the same choices."""
    placed = 0
    for n in g.count:
        placed += n
    return (seed ^ ((placed * 64 + g.deck_left()) * 40503)) & _MASK30


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
