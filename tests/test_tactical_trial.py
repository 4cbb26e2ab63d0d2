"""The tactical computer's trial moves (engine/tactical/trial.py) against the round's own:
on positions of seeded games, every candidate action made both ways leaves the same table,
and taking it back leaves the round as it was."""
from engine.ai.tactical import candidates
from engine.core.game import IllegalMove, OVER, TO_PLAY, PLAY
from engine.core.match import Match
from engine.core.players import take_turn
from engine.tactical import trial
from engine.tactical import tactics as T
from engine.tactical.round import STRATEGIST, TRAITOR, BANSHEE
from sim.tactical_players import RandomTactical

# what a valuation reads: the trial need not keep the hands, the discard pile or the turn
_TABLE = ("sides", "count", "owner", "unseen", "modes")


def _table(g):
    """The table as a valuation reads it: the two Jokers are alike (the round plays the
    first held, whichever the action names)."""
    t = [bytes(getattr(g, n)) for n in _TABLE]
    t[0] = t[0].replace(bytes((T.JOKER + 1,)), bytes((T.JOKER,)))
    return t


def _order(g):
    """The sides complete, in the order they became so (done is a moment, not a count)."""
    return [i for _, i in sorted((d, i) for i, d in enumerate(g.done) if d)]


def _positions(seeds, every):
    """Positions of seeded games between random players where the player to move may play."""
    for seed in seeds:
        m = Match(seed, "tactical", seed % 3 == 1)
        seats = [RandomTactical(seed), RandomTactical(seed + 1000)]
        turn = 0
        while m.game.phase != OVER:
            if m.game.phase == TO_PLAY and turn % every == seed % every:
                yield m.game
            take_turn(m, seats[m.game.player])
            turn += 1


def _mismatches(make, seeds, every):
    """Candidate actions on positions of seeded games made by `make` (trial.make's
    signature) and by the round on copies: the kinds of move tried, and the actions where
    the two tables differ, or where taking the trial's move back does not restore the round."""
    undo = bytearray(trial.UNDO)
    kinds = set()
    wrong = []
    for g in _positions(seeds, every):
        me = g.player
        for a in candidates(g, me, True):
            kind = a >> 24
            if kind != PLAY and not STRATEGIST <= kind <= TRAITOR:
                continue  # (a Recruiter's draw is hidden, a pass moves nothing)
            tried = g.copy()
            made = make(tried, me, a, undo)
            played = g.copy()
            try:
                played.act(me, a)
            except IllegalMove:
                played = None
            if made != (played is not None):
                wrong.append(a)
                continue
            if not made:
                if _table(tried) != _table(g):  # refused: nothing may change
                    wrong.append(a)
                continue
            if _table(tried) != _table(played) or _order(tried) != _order(played):
                wrong.append(a)
            trial.unmake(tried, me, a, undo)
            if _table(tried) != _table(g) or bytes(tried.done) != bytes(g.done) \
                    or tried.tick != g.tick:
                wrong.append(a)
            kinds.add(kind if kind != PLAY else (a >> 16 & 255) >= 0x60)
    return kinds, wrong


def test_every_trial_move_makes_the_rounds_table_and_takes_it_back():
    kinds, wrong = _mismatches(trial.make, range(40), 3)
    assert wrong == []
    # every kind was tried: clan cards, tactic cards, and the three ruses that move cards
    assert kinds == {False, True, STRATEGIST, BANSHEE, TRAITOR}


def test_a_trial_move_that_slips_is_caught():
    """The comparison is not blind: a trial that forgets to mark a card seen, or to number
    a completed side, differs from the round."""
    def unseen_kept(g, me, a, undo):
        was = bytes(g.unseen)
        made = trial.make(g, me, a, undo)
        g.unseen[:] = was
        return made

    def unnumbered(g, me, a, undo):
        made = trial.make(g, me, a, undo)
        for i in range(len(g.done)):
            g.done[i] = g.done[i] and 1
        return made

    assert _mismatches(unseen_kept, range(3), 3)[1]
    assert _mismatches(unnumbered, range(10), 3)[1]
