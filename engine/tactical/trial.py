# Actions tried on a round of the tactical variant and taken back: the computer weighs each
# candidate on the round itself, not on a copy (engine/ai/tactical.py), so the moves here make
# what the round's own moves (round.TacticalGame: play, strategist, banshee, traitor) make, as
# far as a valuation reads it: the sides, their counts, the moments they became complete
# (done, tick), the combat modes and the unseen cards. The hands, the discard pile, the tactic
# cards played and the turn stay as they are. tests/test_tactical_trial.py holds every move
# here to the round's.
#
# A move saves what it overwrites in `undo`, a bytearray of UNDO bytes that the caller keeps
# (a decision tries a hundred actions and allocates nothing for them), and its unmaking puts
# it back. place and unplace keep their frames small enough for MicroPython's stack (11
# words): no garbage for each. (The computer places a card played on its own side itself, as
# place does: that step comes for every card it weighs, and a call costs there.)
from micropython import const
from engine.core.game import SLOTS, PLAY
from engine.tactical.round import STRATEGIST, BANSHEE
from engine.tactical.tactics import BLIND, MUD, MODE_MUD, mode_of

UNDO = const(5)
# undo's bytes: a card placed (what its slot held, the side's done, its value's unseen mask);
# a card lifted (its slot, the side's done); a combat mode (the stone's modes, the done of
# its two sides)
_HELD = const(0)
_DONE = const(1)
_UNSEEN = const(2)
_SLOT = const(3)
_LIFTED_DONE = const(4)
_MODES = const(0)
_DONE_0 = const(1)
_DONE_1 = const(2)


def make(g, me, a, undo):
    """Make action a of player me on g: a clan card, an elite troop or a combat mode played,
    a Strategist, a Banshee or a Traitor (a Recruiter's draw is hidden: not here). False, g as
    it was, when it is not legal: a combat mode the stone has already. (Nothing else is
    checked: the computer offers every other action only where it may be made.)"""
    kind = a >> 24
    if kind == PLAY:
        c = a >> 16 & 255
        s = a >> 8 & 255
        if c != BLIND and c != MUD:
            place(g, s * 2 + me, c, undo)
            return True
        # a combat mode, as TacticalGame.play puts it on the stone
        bit = mode_of(c)
        if g.modes[s] & bit:
            return False
        undo[_MODES] = g.modes[s]
        undo[_DONE_0] = g.done[s * 2]
        undo[_DONE_1] = g.done[s * 2 + 1]
        g.modes[s] |= bit
        if bit == MODE_MUD:  # sides of three are complete no more
            for i in range(s * 2, s * 2 + 2):
                if g.count[i] < 4:
                    g.done[i] = 0
        return True
    # a ruse: the card off its side (the Strategist's own, the others' the opponent's), then
    # but for the Banshee's (and a Strategist's discard) onto the player's side of stone c - 1
    x = a >> 8 & 255
    lift(g, (a >> 16 & 255) * 2 + (me if kind == STRATEGIST else 1 - me), x, undo)
    if kind != BANSHEE and a & 255:
        place(g, ((a & 255) - 1) * 2 + me, x, undo)
    return True


def unmake(g, me, a, undo):
    """Take back action a of player me that make made on g."""
    kind = a >> 24
    if kind == PLAY:
        c = a >> 16 & 255
        s = a >> 8 & 255
        if c != BLIND and c != MUD:
            unplace(g, s * 2 + me, undo)
            return
        g.modes[s] = undo[_MODES]
        g.done[s * 2] = undo[_DONE_0]
        g.done[s * 2 + 1] = undo[_DONE_1]
        return
    if kind != BANSHEE and a & 255:
        unplace(g, ((a & 255) - 1) * 2 + me, undo)
    unlift(g, (a >> 16 & 255) * 2 + (me if kind == STRATEGIST else 1 - me), a >> 8 & 255, undo)


def place(g, i, c, undo):
    """Card c onto side i (stone * 2 + player), which has room, as Game._place puts it: the
    moment the side becomes complete numbered, c face up. (A tactic card has no bit in
    unseen: clearing one is nothing.)"""
    n = g.count[i]
    undo[_HELD] = g.sides[i * SLOTS + n]
    undo[_DONE] = g.done[i]
    undo[_UNSEEN] = g.unseen[c & 15]
    g.sides[i * SLOTS + n] = c
    n += 1
    g.count[i] = n
    if n == (4 if g.modes[i >> 1] & MODE_MUD else 3):  # (the round's need)
        g.tick += 1
        g.done[i] = g.tick
    g.unseen[c & 15] = undo[_UNSEEN] & ~(1 << (c >> 4))


def unplace(g, i, undo):
    """Take back the card place put on side i last."""
    n = g.count[i]
    if n == (4 if g.modes[i >> 1] & MODE_MUD else 3):  # (the round's need)
        g.tick -= 1
    n -= 1
    g.count[i] = n
    at = i * SLOTS + n
    g.unseen[g.sides[at] & 15] = undo[_UNSEEN]
    g.sides[at] = undo[_HELD]
    g.done[i] = undo[_DONE]


def lift(g, i, x, undo):
    """Card x off side i (its first such card), as Game._lift takes it: the later ones close
    up, the side is complete no more."""
    at = i * SLOTS
    while g.sides[at] != x:
        at += 1
    undo[_SLOT] = at
    undo[_LIFTED_DONE] = g.done[i]
    last = i * SLOTS + g.count[i] - 1
    while at < last:
        g.sides[at] = g.sides[at + 1]
        at += 1
    g.sides[last] = 0
    g.count[i] -= 1
    g.done[i] = 0


def unlift(g, i, x, undo):
    """Take back lift's card x, off side i."""
    at = undo[_SLOT]
    j = i * SLOTS + g.count[i]
    while j > at:
        g.sides[j] = g.sides[j - 1]
        j -= 1
    g.sides[at] = x
    g.count[i] += 1
    g.done[i] = undo[_LIFTED_DONE]
