# One game of Schotten Totten 2, the siege (RULES.md section 3): the attacker against the
# defender at seven wall sections, each with its cards a side and its formation rule, intact
# and then damaged; the defender's three cauldrons of boiling oil, the attacker's retreat, the
# 0/11 rule, the attacker's control of a section by comparison or by proof.
#
# The core round's state (engine/core/game.py) with sections for stones; `owner` stays 0 (a
# section taken is damaged, not owned). Cards taken off the table lie face up on `discard`
# and stay out of `unseen`: a proof counts them as seen, and every card not face up (the
# attacker's own hand too) as one the defender may still get.
from micropython import const
from engine.core.formation import RULE_ANY, RULE_HIGH, RULE_LOW, RULE_RUN, RULE_COLOUR
from engine.core.formation import RULE_KIND, strength, ruled, best_completion
from engine.core.cards import names
from engine.core.game import Game, IllegalMove, TO_PLAY, TO_END, OVER, SLOTS
from engine.core.proof import counter

SECTIONS = const(7)
CAULDRONS = const(3)
# The preparation actions (engine/core/game.py's action), after the kinds of every game:
RETREAT = const(5)  # the attacker's: a: the section
OIL = const(6)  # the defender's boiling oil: a: the section

# Per section, left to right: the intact side's cards a side and rule, then the damaged
# side's (RULES.md's table).
_TABLE = bytes((3, RULE_HIGH, 3, RULE_RUN,  # left pit
                4, RULE_ANY, 2, RULE_KIND,  # left tower
                3, RULE_ANY, 3, RULE_COLOUR,  # left wall
                2, RULE_ANY, 4, RULE_LOW,  # gate
                3, RULE_ANY, 3, RULE_COLOUR,  # right wall
                4, RULE_ANY, 2, RULE_KIND,  # right tower
                3, RULE_LOW, 3, RULE_RUN))  # right pit
# How a siege ended (SiegeGame.how)
BY_DECK = const(0)  # the deck ran out: the defender held
BY_FOURTH = const(1)  # a fourth section damaged
BY_DAMAGED = const(2)  # a damaged section taken
_DAMAGED_WINS = const(4)  # a fourth damaged section wins the attacker the game
_ZERO_ELEVEN = const(11)  # a 0 and an 11 of one colour facing each other: both discarded


SIEGE_CARDS = bytes([31] * 12 + [0] * 4)  # per value 0-11, the mask of its five colours


def section(s, damaged):
    """(cards a side, formation rule) of section s (0-6) on its intact or damaged side."""
    i = s * 4 + 2 * damaged
    return _TABLE[i], _TABLE[i + 1]


def deal(rng, first, expert=False):
    """A siege, `first` the attacker: the 60 siege cards (5 colours, values 0-11) shuffled by
    rng (the match's)."""
    deck = bytearray([col * 16 + v for col in range(5) for v in range(12)])
    rng.shuffle(deck)
    return SiegeGame(deck, first)


class SiegeGame(Game):
    places = SECTIONS
    SIDE_INCOMPLETE = "your side of section %d is not complete"  # keys
    SIDE_FULL = "your side of section %d is full"  # keys
    NO_PLACE = "there is no section %d"  # keys
    PLACE = "Section %d"  # keys
    BYTES = Game.BYTES + ("damaged", "discard")
    VALUES = Game.VALUES + ("attacker", "cauldrons", "prepared", "last", "how")

    def __init__(self, deck, attacker, expert=False):
        """deck: the siege cards (drawn from the front); the attacker plays first. (deck None:
        an empty shell for copy to fill.)"""
        if deck is None:
            return
        Game.__init__(self, deck, attacker)
        self.unseen = bytearray(SIEGE_CARDS)
        self.attacker = attacker
        self.damaged = bytearray(SECTIONS)
        self.discard = bytearray()  # face up, in the order discarded
        self.cauldrons = CAULDRONS
        self.prepared = False  # the preparation action taken this turn
        self.last = False  # the attacker's last turn: the deck is empty
        self.how = BY_DECK  # how it ended, once over

    def shell(self):
        return SiegeGame(None, 0)

    # --- the wall --------------------------------------------------------------------

    def need(self, section):
        """Cards a complete side holds at this section, as it stands (intact or damaged)."""
        return _TABLE[section * 4 + 2 * self.damaged[section]]

    def rule(self, section):
        """The formation rule of this section as it stands (engine/core/formation.py)."""
        return _TABLE[section * 4 + 1 + 2 * self.damaged[section]]

    def points(self):
        """The match's point for the game won (RULES.md: the player with more games wins)."""
        won = [0, 0]
        won[self.winner] = 1
        return won

    def next_first(self, first):
        """The match's second game: the roles swapped."""
        return 1 - first

    def open_for(self, section, p):
        return self.count[section * 2 + p] < self.need(section)

    def side_strength(self, side, section, n):
        return ruled(strength(side, 0, n), self.rule(section))

    def completion(self, side, section, n, unseen):
        return best_completion(side, 0, len(side), n, unseen, self.rule(section))

    def _counter(self, section, i, j, n, first):
        return counter(self.sides, i * SLOTS, self.sides, j * SLOTS, self.count[j], n,
                       self.unseen, first, self.rule(section))

    # --- moves -------------------------------------------------------------------------

    def act(self, p, a):
        kind = a >> 24
        if kind == RETREAT:
            self.retreat(p, a >> 16 & 255)
        elif kind == OIL:
            self.oil(p, a >> 16 & 255)
        else:
            return Game.act(self, p, a)
        return a

    def play(self, p, c, section):
        """Play card c on p's side of a section with room; a 0 or an 11 facing the other of
        its colour there takes both off the table."""
        Game.play(self, p, c, section)
        v = c & 15
        if v == 0 or v == _ZERO_ELEVEN:
            i = section * 2 + p
            j = i ^ 1
            other = c - v + _ZERO_ELEVEN - v
            for k in range(self.count[j]):
                if self.sides[j * SLOTS + k] == other:
                    self._off(j, k)
                    self._off(i, self.count[i] - 1)
                    break

    def claim(self, p, section):
        """The attacker takes control of a section (at any time in its turn): the section is
        damaged and every card at it discarded; a damaged section taken, or a fourth section
        damaged, wins the game."""
        if p != self.player or self.phase not in (TO_PLAY, TO_END):
            self._refuse(p, -1)
        if p != self.attacker:
            raise IllegalMove("only the attacker takes control of a section")
        cards = self.claim_counter(section)
        if cards is not None:
            if cards:
                raise IllegalMove("not provable: the defender could still add %s",
                                  names(cards), cards)
            raise IllegalMove("the defender's side of section %d is stronger", section + 1,
                              cards)
        if self.damaged[section]:
            self.how = BY_DAMAGED
            self._end(p)
            return
        for i in (section * 2, section * 2 + 1):
            while self.count[i]:
                self._off(i, 0)
        self.damaged[section] = 1
        if sum(self.damaged) >= _DAMAGED_WINS:
            self.how = BY_FOURTH
            self._end(p)

    def retreat(self, p, section):
        """The attacker's preparation: every card of its side of a section discarded."""
        self._prepare(p, self.attacker, "only the attacker retreats")  # keys
        self._unclaimed(section)  # (a section is never claimed: the check of its number)
        i = section * 2 + p
        if not self.count[i]:
            raise IllegalMove("you have no card at section %d", section + 1)
        while self.count[i]:
            self._off(i, 0)
        self.prepared = True

    def oil(self, p, section):
        """The defender's preparation: a cauldron of boiling oil discards the attacker's card
        nearest the wall at a section (the first played there)."""
        self._prepare(p, 1 - self.attacker, "only the defender pours boiling oil")  # keys
        if not self.cauldrons:
            raise IllegalMove("no cauldron is left")
        self._unclaimed(section)
        i = section * 2 + self.attacker
        if not self.count[i]:
            raise IllegalMove("the attacker has no card at section %d", section + 1)
        self._off(i, 0)
        self.cauldrons -= 1
        self.prepared = True

    def claimable(self):
        """The sections the attacker can take now (none in the defender's turn)."""
        p = self.player
        if self.phase == OVER or p != self.attacker:
            return []
        return [s for s in range(SECTIONS) if self.count[s * 2 + p] == self.need(s) and
                self.claim_counter(s) is None]

    def _pass_on(self, p):
        """The turn is over. An attacker's turn begun with the deck empty (it cannot draw at
        its end) was its last: if it has not won, the defender wins [choice: RULES.md]. No
        other end by idle turns: a player who cannot play only skips the play and the draw."""
        if p == self.attacker and self.last:
            self._end(1 - p)
            return
        self.acted = False
        self.prepared = False
        self.player = 1 - p
        self.phase = TO_PLAY
        self.last = self.player == self.attacker and self.top >= len(self.deck)

    # --- inside --------------------------------------------------------------------------

    def _prepare(self, p, role, whose):
        if p != self.player or self.phase != TO_PLAY:
            self._refuse(p, TO_PLAY)
        if p != role:
            raise IllegalMove(whose)
        if self.prepared:
            raise IllegalMove("one preparation a turn: you have taken yours")

    def _off(self, i, k):
        """Card k of side i (section * 2 + player) to the discard, face up (Game._lift: the
        side is incomplete again)."""
        self.discard.append(self._lift(i * SLOTS + k))
