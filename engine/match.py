# A match: 1, 3 or 5 rounds of one variant, the seed that deals them, the points, and the log of
# every action (the body of the game record, see record.py).
from micropython import const
from engine.game import IllegalMove, OVER, DRAW
from engine.rng import Rng
ROUNDS = (1, 3, 5)
MAX_SEED = const(0x3FFFFFFF)
WIN_POINTS = const(5)

# Kinds of logged actions.
PLAY = const(0)
CLAIM = const(1)
PASS = const(2)
END = const(3)
ROUND = const(4)
RECRUIT = const(5)  # the ruses of the tactical variant
STRATEGIST = const(6)
BANSHEE = const(7)
TRAITOR = const(8)
_JOKER2 = const(0x61)  # the second Joker (engine/tactics.py)
ENTRY = const(4)  # bytes a logged action: kind * 2 + player, then three arguments


class Match:
    def __init__(self, seed, variant="classic", expert=False, rounds=1):
        # what this game is (the table is imported here only: the device unloads it once a
        # game is set up, and this keeps no reference to it)
        from engine.variants import row, made, RULES, TACTIC_CARDS
        r = row(variant)
        self.row = r
        self.tactics = r[TACTIC_CARDS]  # (tactic cards: ruses, a discard pile, two decks)
        self.dealer = made(r[RULES], "deal")
        if rounds not in ROUNDS:
            raise ValueError("a match has 1, 3 or 5 rounds, not %r" % (rounds,))
        if not 0 <= seed <= MAX_SEED:
            raise ValueError("the seed must be 0 to %d" % MAX_SEED)
        self.seed = seed
        self.variant = variant
        self.expert = expert
        self.rounds = rounds
        self.rng = Rng(seed)
        self.first = self.rng.below(2)  # who starts the first round [choice: from the seed]
        self.points = [0, 0]
        # per finished round: (winner or DRAW, stones of player 1, of player 2, their points)
        self.results = []
        self.log = bytearray()  # ENTRY bytes per action
        self.game = None
        self._deal(self.first)

    def round_no(self):
        """The number of the round being played (or just finished), from 1."""
        return len(self.results) + (0 if self.scored else 1)

    def over(self):
        return len(self.results) == self.rounds

    def winner(self):
        """Who won the match (0, 1 or DRAW), once it is over; equal points draw [choice]."""
        a, b = self.points
        return 0 if a > b else 1 if b > a else DRAW

    # --- actions: each validated by the round, then logged ------------------------------

    def play(self, p, c, stone):
        if c == _JOKER2 and self.game.hand(p).find(bytes((_JOKER2 - 1,))) >= 0:
            c = _JOKER2 - 1  # both Jokers held: they are alike, the record names the first
        self.game.play(p, c, stone)
        self._log(PLAY, p, c, stone)

    def claim(self, p, stone):
        self.game.claim(p, stone)
        self._log(CLAIM, p, stone)

    def pass_turn(self, p):
        self.game.pass_turn(p)
        self._log(PASS, p)

    def end_turn(self, p, deck=0):
        """deck (tactical variant): 0 draws from the clan deck, 1 from the tactic deck."""
        self.game.end_turn(p, deck)
        self._log(END, p, deck)

    # --- the ruses (tactical variant) ---------------------------------------------------

    def recruit(self, p, clan, tactic, back):
        g = self._tactical()
        back = list(back)
        if _JOKER2 in back and _JOKER2 - 1 not in back:  # as in play: the first Joker
            if _JOKER2 - 1 in g.recruited_hand(p, clan, tactic):
                back[back.index(_JOKER2)] = _JOKER2 - 1
        g.recruit(p, clan, tactic, back)
        back += [0, 0]
        self._log(RECRUIT, p, clan * 4 + tactic, back[0], back[1])

    def strategist(self, p, stone, c, to):
        """Move p's card c at `stone` to stone `to`, or discard it (to = -1)."""
        self._tactical().strategist(p, stone, c, to)
        self._log(STRATEGIST, p, stone, c, to + 1)

    def banshee(self, p, stone, c):
        self._tactical().banshee(p, stone, c)
        self._log(BANSHEE, p, stone, c)

    def traitor(self, p, stone, c, to):
        self._tactical().traitor(p, stone, c, to)
        self._log(TRAITOR, p, stone, c, to)

    def next_round(self):
        """Deal the next round: the loser of the last one starts [choice]; after a drawn
        round, the player who did not start it."""
        if self.game.phase != OVER:
            raise IllegalMove("the round is still being played")
        if self.over():
            raise IllegalMove("the match is over")
        w = self.results[-1][0]
        self._deal(1 - self.game_first if w == DRAW else 1 - w)
        self._log(ROUND, 0)

    # --- inside ------------------------------------------------------------------------

    def _deal(self, first):
        self.game_first = first
        self.game = self.dealer(self.rng, first, self.expert)
        self.scored = False

    def _tactical(self):
        if not self.tactics:
            raise IllegalMove("ruses belong to the tactical variant")
        return self.game

    def _log(self, kind, p, a=0, b=0, c=0):
        self.log.append(kind * 2 + p)
        self.log.append(a)
        self.log.append(b)
        self.log.append(c)
        if self.game.phase == OVER and not self.scored:
            self._score()

    def _score(self):
        g = self.game
        stones = (g.stones_of(0), g.stones_of(1))
        won = [stones[0], stones[1]]  # a drawn round: each scores their stones
        if g.winner != DRAW:
            won[g.winner] = WIN_POINTS  # the loser keeps 1 point a stone
        self.points[0] += won[0]
        self.points[1] += won[1]
        self.results.append((g.winner, stones[0], stones[1], won[0], won[1]))
        self.scored = True
