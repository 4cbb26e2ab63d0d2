# A match: rounds of one variant (1, 3 or 5; the siege's 1 or 2 games), the seed that deals them,
# the points, and the log of every action (the body of the game record, see core/record.py).
# How a round scores and who starts the next are the round's own (engine/core/game.py).
from micropython import const
from engine.core.game import IllegalMove, OVER, DRAW, PLAY, CLAIM, PASS, END, ROUND, TO_PLAY
from engine.core.game import action
from engine.core.rng import Rng
MAX_SEED = const(0x3FFFFFFF)

ENTRY = const(4)  # bytes a logged action: kind * 2 + player, then its three bytes


class Match:
    def __init__(self, seed, variant="classic", expert=False, rounds=1, first=None):
        """first: who starts the first round where the players choose it (the siege's
        attacker: the declaration's CHOSEN_FIRST); else it follows from the seed."""
        # what this game is (engine/games/): its declaration, held here for the match's
        # length, the device unloading the others once a game is set up
        from engine.games import declared, made
        d = declared(variant)
        self.declared = d
        self.dealer = made(d.RULES, "deal")
        if rounds not in d.LENGTHS:
            n = d.LENGTHS
            raise ValueError("a %s match has %s or %d rounds, not %r" % (
                variant, ", ".join(str(x) for x in n[:-1]), n[-1], rounds))
        if first is not None and (not d.CHOSEN_FIRST or first not in (0, 1)):
            raise ValueError("who starts a %s match follows from the seed" % variant
                             if not d.CHOSEN_FIRST else "the first player is 0 or 1")
        if not 0 <= seed <= MAX_SEED:
            raise ValueError("the seed must be 0 to %d" % MAX_SEED)
        self.seed = seed
        self.variant = variant
        self.expert = expert
        self.rounds = rounds
        self.rng = Rng(seed)
        self.first = self.rng.below(2)  # who starts the first round [choice: from the seed]
        if first is not None:
            self.first = first
        self.points = [0, 0]
        # per finished round: (winner or DRAW, stones of player 1, of player 2, their points)
        self.results = []
        self.log = bytearray()  # ENTRY bytes per action
        self.game = None
        self._deal(self.first)

    def round_no(self):
        """The number of the round being played (or just finished), from 1."""
        return len(self.results) + (0 if self.scored else 1)

    def chosen_first(self):
        """Who started the match where the players chose (the siege's attacker), else None:
        what a rematch of the same kind starts with."""
        return self.first if self.declared.CHOSEN_FIRST else None

    def over(self):
        return len(self.results) == self.rounds

    def winner(self):
        """Who won the match (0, 1 or DRAW), once it is over; equal points draw [choice]."""
        a, b = self.points
        return 0 if a > b else 1 if b > a else DRAW

    # --- actions: each made by the round (which refuses an illegal one), then logged ----

    def act(self, p, a):
        """Make action a (engine/core/game.py's action; a game's own kinds too) for player p."""
        a = self.game.act(p, a)
        self._log(a >> 24, p, a >> 16 & 255, a >> 8 & 255, a & 255)

    def play(self, p, c, stone):
        self.act(p, action(PLAY, c, stone))

    def claim(self, p, stone):
        self.act(p, action(CLAIM, stone))

    def pass_turn(self, p):
        self.act(p, action(PASS))

    def end_turn(self, p, deck=0):
        """deck (tactical variant): 0 draws from the clan deck, 1 from the tactic deck."""
        self.act(p, action(END, deck))

    def turn(self, player, claimed):
        """A computer's whole turn as a generator, a slice of its thinking a step. The player
        has think(round), a generator returning its action, and deck(round), the deck it
        draws from. The stones it claims are added to `claimed`. Returns the deck it drew a
        card from (seen by both players), -1 for none."""
        g = self.game
        p = g.player
        self.claim_all(p, claimed)  # (where the round lets p claim before the play)
        while g.phase == TO_PLAY:  # (after a preparation, the play is still to make)
            a = yield from player.think(g)
            self.act(p, a)
        self.claim_all(p, claimed)
        if g.phase == OVER:
            return -1
        d = player.deck(g)
        n = g.hand_n[p]
        self.end_turn(p, d)
        return d if g.hand_n[p] > n else -1

    def claim_all(self, p, claimed):
        """Claim every stone p can prove now; each added to `claimed`."""
        g = self.game
        for s in g.claimable():
            self.claim(p, s)
            claimed.append(s)
            if g.phase == OVER:
                return

    def next_round(self):
        """Deal the next round (who starts it: the round's next_first)."""
        if self.game.phase != OVER:
            raise IllegalMove("the round is still being played")
        if self.over():
            raise IllegalMove("the match is over")
        self._deal(self.game.next_first(self.game_first))
        self._log(ROUND, 0, 0, 0, 0)

    # --- inside ------------------------------------------------------------------------

    def _deal(self, first):
        self.game_first = first
        self.game = self.dealer(self.rng, first, self.expert)
        self.scored = False

    def _log(self, kind, p, a, b, c):
        self.log.append(kind * 2 + p)
        self.log.append(a)
        self.log.append(b)
        self.log.append(c)
        if self.game.phase == OVER and not self.scored:
            self._score()

    def _score(self):
        g = self.game
        stones = (g.stones_of(0), g.stones_of(1))
        won = g.points()
        self.points[0] += won[0]
        self.points[1] += won[1]
        self.results.append((g.winner, stones[0], stones[1], won[0], won[1]))
        self.scored = True
