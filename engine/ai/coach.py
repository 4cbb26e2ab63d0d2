# The coach: the computer's judgement of a player's moves, for a hint (what it would play, and
# why) and a round's review (the player's moves that cost most, and why).
#
# The judge is the game's hard computer (its declaration's MAKER at level "hard"). What it
# would play is its choice (think); what an action changes is its valuation of the position
# the action leaves (judged): the mover's chance to win the game, and each place's chance. A
# move's cost is how far the chance after it falls below the chance after the computer's
# choice, both valued alike.
#
# A reason is a tuple (kind, place, first, second), the chances in whole percent; its kind
# (0-3):
#   WINS    the action wins the game
#   TAKES   the place is the player's for sure after it (claimed, or beyond the other's reach)
#   CHANCE  the chance at the place before the action (first) and after it (second)
#   VERSUS  (a cost) the chance at the place after the move played (first) and after the
#           computer's choice (second)
# The place is the one whose change gains most in the chance to win the game; said() puts a
# reason in words.
#
# (Few names, and private ones where the desktop does not need them: each name a module
# holds is interned on the device for good, and the tactical game on the 240x240 board has
# no room for a seventh pool of them, some 8 KB, which opens at about 1260.)
from micropython import const
from engine.ai.base import ONE, LEVELS
from engine.core.game import CLAIM, PASS, ROUND, TO_PLAY, action
from engine.core.match import ENTRY

_WINS = const(0)
_TAKES = const(1)
_CHANCE = const(2)
_VERSUS = const(3)
# A move costing less than this (1024ths of the chance to win the game: 15%) is not shown by
# a review: below it the judgement too often flags a move that does as well
# (tools/coach_bench.py replays each flagged move over many deals)
WORTH = const(154)
_REVIEWED = const(3)  # the costliest moves a round's review shows


def judge(declared, seed):
    """The game's hard computer, as the coach's judge."""
    from engine.games import made
    return made(declared.COMPUTER, declared.MAKER)(LEVELS[-1], seed)


def judged(cpu, g, a=None):
    """The chance to win the game (1024ths, ONE: won) of the player to move in g, or after
    their action a (made on a copy of g), as the computer `cpu` values a position; its p then
    holds each place's chance (unless won). A generator: the position made ready (a
    siege's futures imagined, a slice each: most of its work), then valued in a slice that
    it yields True before (the next is long, best begun in a frame of its own: so its
    callers need not yield True before it)."""
    me = g.player
    h = g
    if a is not None:
        h = cpu.after = g.copy(cpu.after)
        cpu._make(h, me, a)
    yield from cpu._ready(g, me, h)
    yield True
    return cpu.value(g, me) if a is None else cpu._after(h, me)


def reason(cpu, g, a):
    """Why action a: what it changes, from the position as it stands; a generator (a
    valuation a slice, as judged's) returning the reason."""
    n = g.places
    yield from judged(cpu, g)
    before = cpu.p[:n]
    slopes = cpu.out.dv[:n] if cpu.out else (1,) * n  # (the siege's computer: sections alike)
    if (yield from judged(cpu, g, a)) >= ONE:
        return _WINS, 0, 0, 0
    after = cpu.p
    t = _weightiest(before, after, slopes, n)
    if after[t] >= ONE:
        return _TAKES, t, _percent(before[t]), 100
    return _CHANCE, t, _percent(before[t]), _percent(after[t])


def cost(cpu, g, a, best):
    """What action a (played) cost against the computer's choice `best` in g: a generator (a
    valuation a slice, as reason's) returning (cost in 1024ths of the chance to win the
    game, reason), (0, None) when it cost nothing."""
    if a == best:
        return 0, None
    n = g.places
    yield from judged(cpu, g)
    slopes = cpu.out.dv[:n] if cpu.out else (1,) * n  # (the siege's computer: sections alike)
    v_best = yield from judged(cpu, g, best)
    chosen = cpu.p[:n]
    v = yield from judged(cpu, g, a)
    if v >= v_best:
        return 0, None
    if v_best >= ONE:
        return v_best - v, (_WINS, 0, 0, 0)
    t = _weightiest(cpu.p, chosen, slopes, n)
    return v_best - v, (_VERSUS, t, _percent(cpu.p[t]), _percent(chosen[t]))


# A reason's words by kind, the place named by the round's PLACE
_REASONS = const(("wins the game", "%s is yours for sure (was %d%%)",  # keys
           "%s: your chance %d%% -> %d%%", "%s: your chance %d%% after your move, %d%% after this"))


def said(reason, g, t):
    """A reason in words: t, the screens' translation of a key (English: as it is)."""
    kind, place, first, second = reason
    words = t(_REASONS[kind])
    if kind == _WINS:
        return words
    name = t(g.PLACE) % (place + 1)
    return words % ((name, first) if kind == _TAKES else (name, first, second))


def _weightiest(a, b, dv, n):
    """The place where going from chances a to b gains most in the game's chance (a move's
    side effects may lose elsewhere: the reason is what it gains); when it gains nowhere, the
    place where it loses most."""
    gain = loss = 0
    gained = lost = 0
    for t in range(n):
        w = (b[t] - a[t]) * dv[t]
        if w > gain:
            gain = w
            gained = t
        elif -w > loss:
            loss = -w
            lost = t
    return gained if gain else lost


def _percent(p):
    return (p * 100 + 512) >> 10


def decisions(m):
    """Each decision made in match m's rounds, replayed from its log on a match of its own: a
    generator yielding (the round's number from 1, the action's place in the log, the
    position before it (the replay's round: to be left as it is), the action). A decision:
    an action chosen while its player's turn is to play (not a claim, a pass or the turn's
    end)."""
    from engine.core.steps import finish
    r = finish(replaying(m, 0))  # (a match like m, as it began: replayed on as it goes)
    no = 1
    for i in range(0, len(m.log), ENTRY):
        kind = m.log[i] >> 1
        g = r.game
        if kind == ROUND:
            no += 1
        elif kind != CLAIM and kind != PASS and g.phase == TO_PLAY and \
                g.player == m.log[i] & 1:  # (the turn's end comes after its play)
            yield no, i, g, action(kind, m.log[i + 1], m.log[i + 2], m.log[i + 3])
        _step(r, m.log, i)


def replaying(m, end):
    """A match of its own: match m as it stood before the action at `end` in its log; a
    generator, an action a step (a claim's proof may take a frame's share)."""
    from engine.core.match import Match
    r = Match(m.seed, m.variant, m.expert, m.rounds, m.chosen_first())
    for i in range(0, end, ENTRY):
        _step(r, m.log, i)
        yield
    return r


def _step(m, log, i):
    """The logged action at i made on match m."""
    if log[i] >> 1 == ROUND:
        m.next_round()
    else:
        m.act(log[i] & 1, action(log[i] >> 1, log[i + 1], log[i + 2], log[i + 3]))


def worth(c, why):
    """Is a move that cost c, for reason `why`, worth a review's mention? WORTH or more, or a
    win missed (always a lesson, whatever the chance it left)."""
    return c >= WORTH or c > 0 and why[0] == _WINS


def review(cpu, m, player, round_no):
    """The costliest moves (up to 3, each worth its mention) of `player` in round
    `round_no` of match m, by the computer's judgement: a generator (each decision's thinking
    in slices) returning a list of (cost, the move's place in the log, the move played, the
    computer's choice, reason), costliest first."""
    out = []
    for no, i, g, a in decisions(m):
        if no == round_no and g.player == player:
            yield True  # (a thinking may begin with a valuation: the tactical computer's does)
            best = yield from cpu.think(g)
            c, why = yield from cost(cpu, g, a, best)
            if worth(c, why):
                out.append((c, i, a, best, why))
        yield  # (the other decisions replayed a slice each)
    out.sort(key=lambda x: -x[0])
    return out[:_REVIEWED]
