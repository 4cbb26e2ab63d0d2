# The claim checker's judgement at a stone of the tactical variant (engine/core/verdict.py's
# judge): elite troops on its sides, combat modes on it. Apart from tactics.py so that a game
# in play does not load it: the claim checker and `sim analyze` do.
from engine.tactical.tactics import counter, side_strength


class Judge:
    """The judge of a stone with combat `modes`."""

    def __init__(self, modes):
        self.modes = modes
        self.work = bytearray(4)

    def counter(self, mb, tb, k, n, unseen, mine_first):
        return counter(mb, 0, tb, 0, k, n, unseen, mine_first, self.modes, self.work)

    def strength(self, buf, off, n):
        return side_strength(buf, off, n, self.modes, self.work)
