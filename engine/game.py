# One round of Schotten Totten (RULES.md section 1): the state and every move, validated.
#
# Players are 0 and 1 (1 and 2 in records and on screen), stones 0-8 (1-9 in records, from the
# left as player 1 sees them). A move by anyone but the player to move, or at the wrong moment,
# is refused with IllegalMove and leaves the state as it was.
from micropython import const
from engine.proof import counter

STONES = const(9)
HAND = const(6)
SIDE = const(3)  # cards a complete side holds
_SLOTS = const(4)  # room per side in `sides` (a later variant has 4-card sides)

# Phases of a turn.
PLAY = const(0)  # the player to move plays a card or passes; in expert games claims come first
CLAIM = const(1)  # after the play or pass: claims (not in expert games), then end_turn
OVER = const(2)

DRAW = const(2)  # `winner` of a round that ended even


class IllegalMove(Exception):
    """A refused move. `counter` holds the refuting cards of an unprovable claim."""

    def __init__(self, reason, counter=None):
        super().__init__(reason)
        self.reason = reason
        self.counter = counter


class Game:
    def __init__(self, deck, first, expert=False):
        """A round dealt from `deck` (a bytearray, drawn from the front), `first` to move."""
        self.deck = deck
        self.top = 0  # index of the next card to draw
        self.expert = expert
        self.hands = bytearray(2 * HAND)
        self.hand_n = bytearray(2)
        self.sides = bytearray(STONES * 2 * _SLOTS)  # (stone * 2 + player) * _SLOTS + slot
        self.count = bytearray(STONES * 2)  # cards on each side
        self.done = bytearray(STONES * 2)  # tick at which each side last became complete
        self.owner = bytearray(STONES)  # 0 open, else the claiming player + 1
        self.unseen = bytearray(16)  # per value, the colours not face up on the table
        for c in deck:
            self.unseen[c & 15] |= 1 << (c >> 4)
        self.tick = 0  # cards placed so far
        self.player = first
        self.phase = PLAY
        self.acted = False  # a card played or a stone claimed this turn
        self.idle = 0  # turns in a row without either
        self.winner = -1
        for _ in range(HAND):
            self._draw(first)
            self._draw(1 - first)

    # --- reading the state -------------------------------------------------------------

    def hand(self, p):
        return bytes(self.hands[p * HAND:p * HAND + self.hand_n[p]])

    def side(self, stone, p):
        i = stone * 2 + p
        return bytes(self.sides[i * _SLOTS:i * _SLOTS + self.count[i]])

    def deck_left(self):
        return len(self.deck) - self.top

    def stones_of(self, p):
        n = 0
        for o in self.owner:
            if o == p + 1:
                n += 1
        return n

    def open_for(self, stone, p):
        """May p put a card at this stone?"""
        return not self.owner[stone] and self.count[stone * 2 + p] < SIDE

    def can_play(self):
        p = self.player
        if not self.hand_n[p]:
            return False
        for s in range(STONES):
            if self.open_for(s, p):
                return True
        return False

    def claim_counter(self, stone):
        """None when the player to move may take this stone now by its cards; else the
        counter-example (see proof.counter). Raises IllegalMove if no claim is possible at all."""
        p = self.player
        if self.owner[stone]:
            raise IllegalMove("stone %d is already claimed" % (stone + 1))
        i = stone * 2 + p
        if self.count[i] < SIDE:
            raise IllegalMove("your side of stone %d is not complete" % (stone + 1))
        j = i ^ 1
        return counter(self.sides, i * _SLOTS, self.sides, j * _SLOTS, self.count[j], SIDE,
                       self.unseen, self.count[j] < SIDE or self.done[i] < self.done[j])

    def claimable(self):
        """The stones the player to move can claim now (empty when it is no time to claim)."""
        if self._claim_refusal():
            return []
        found = []
        p = self.player
        for s in range(STONES):
            if not self.owner[s] and self.count[s * 2 + p] == SIDE and self.claim_counter(s) is None:
                found.append(s)
        return found

    # --- moves -------------------------------------------------------------------------

    def play(self, p, c, stone):
        self._check(p, PLAY, "play a card")
        if not 0 <= stone < STONES:
            raise IllegalMove("there is no stone %d" % (stone + 1))
        if self.owner[stone]:
            raise IllegalMove("stone %d is already claimed" % (stone + 1))
        i = stone * 2 + p
        if self.count[i] >= SIDE:
            raise IllegalMove("your side of stone %d is full" % (stone + 1))
        h = p * HAND
        n = self.hand_n[p]
        k = h
        while k < h + n and self.hands[k] != c:
            k += 1
        if k == h + n:
            raise IllegalMove("that card is not in your hand")
        while k < h + n - 1:  # close the gap, keeping the hand's order
            self.hands[k] = self.hands[k + 1]
            k += 1
        self.hand_n[p] = n - 1
        self._place(i, c)
        self.acted = True
        self.phase = CLAIM

    def pass_turn(self, p):
        """Skip the play: allowed only when no card can be played."""
        self._check(p, PLAY, "pass")
        if self.can_play():
            raise IllegalMove("you can play a card, so you cannot pass")
        self.phase = CLAIM

    def claim(self, p, stone):
        self._check(p, -1, "claim")
        refusal = self._claim_refusal()
        if refusal:
            raise IllegalMove(refusal)
        if not 0 <= stone < STONES:
            raise IllegalMove("there is no stone %d" % (stone + 1))
        cards = self.claim_counter(stone)
        if cards is not None:
            if cards:
                raise IllegalMove("not provable: they could still add a stronger hand", cards)
            raise IllegalMove("their side of stone %d is stronger" % (stone + 1), cards)
        self.owner[stone] = p + 1
        self.acted = True
        self._check_win(p, stone)

    def end_turn(self, p):
        """Finish the turn: draw if a card was played (and the deck has one), then pass on."""
        self._check(p, CLAIM, "end the turn")
        if self.hand_n[p] < HAND:
            self._draw(p)
        if self.acted:
            self.idle = 0
        else:
            self.idle += 1
            if self.idle >= 2:
                # Two turns in a row without a play or a claim: more stones wins [choice].
                a = self.stones_of(0)
                b = self.stones_of(1)
                self._end(0 if a > b else 1 if b > a else DRAW)
                return
        self.acted = False
        self.player = 1 - p
        self.phase = PLAY

    # --- inside ------------------------------------------------------------------------

    def _check(self, p, phase, what):
        if self.phase == OVER:
            raise IllegalMove("the round is over")
        if p != self.player:
            raise IllegalMove("it is player %d's turn" % (self.player + 1))
        if phase == PLAY and self.phase != PLAY:
            raise IllegalMove("you have already played this turn")
        if phase == CLAIM and self.phase != CLAIM:
            raise IllegalMove("play a card (or pass) before you %s" % what)

    def _claim_refusal(self):
        if self.phase == OVER:
            return "the round is over"
        if self.expert and self.phase != PLAY:
            return "expert rules: claim at the start of your turn, before you play"
        if not self.expert and self.phase != CLAIM:
            return "claim after you play a card"
        return None

    def _place(self, i, c):
        """Put card c face up on side i (stone * 2 + player)."""
        self.sides[i * _SLOTS + self.count[i]] = c
        self.count[i] += 1
        self.tick += 1
        if self.count[i] == SIDE:
            self.done[i] = self.tick
        self.unseen[c & 15] &= ~(1 << (c >> 4))

    def _draw(self, p):
        if self.top < len(self.deck):
            self.hands[p * HAND + self.hand_n[p]] = self.deck[self.top]
            self.hand_n[p] += 1
            self.top += 1

    def _check_win(self, p, stone):
        mine = p + 1
        if self.stones_of(p) >= 5:
            self._end(p)
            return
        run = 0
        for s in range(max(0, stone - 2), min(STONES, stone + 3)):
            run = run + 1 if self.owner[s] == mine else 0
            if run == 3:
                self._end(p)
                return

    def _end(self, winner):
        self.winner = winner
        self.phase = OVER
