# One round of Schotten Totten (RULES.md section 1): the state and every move, validated.
#
# Players are 0 and 1 (1 and 2 in records and on screen), stones 0-8 (1-9 in records, from the
# left as player 1 sees them). A move by anyone but the player to move, or at the wrong moment,
# is refused with IllegalMove and leaves the state as it was.
from micropython import const
from engine.core.cards import all_cards, names, classic_deck, OWN
from engine.core import cards
from engine.core.proof import counter
from engine.core.formation import strength, best_completion

STONES = const(9)
HAND = const(6)
SIDE = const(3)  # cards a complete side holds
SLOTS = const(4)  # room per side in `sides` (a later variant has 4-card sides)

# Phases of a turn.
TO_PLAY = const(0)  # the player to move plays a card or passes; in expert games claims first
TO_END = const(1)  # after the play or pass: claims (not in expert games), then end_turn
OVER = const(2)

# Actions: what a player does, one small int (see action), logged as it is by the match. The
# kinds of every game; a game with more (tactical/round.py) numbers its own after these.
PLAY = const(0)  # a: the card, b: the stone
CLAIM = const(1)  # a: the stone
PASS = const(2)
END = const(3)  # a: the deck drawn from
ROUND = const(4)  # the match's: the next round dealt

DRAW = const(2)  # `winner` of a round that ended even
WIN_POINTS = const(5)  # a match's points for a round won


def action(kind, a=0, b=0, c=0):
    """An action: its kind and three bytes (a card, a stone, a stone + 1 where 0 is none...),
    one int below 2**30, so that a hundred candidates cost no heap."""
    return kind << 24 | a << 16 | b << 8 | c


class IllegalMove(Exception):
    """A refused move: `why` in English with at most one %-field, `arg` its value (the screens
    show `why` in their language: engine/ui/lang.py); `reason` the two together; `counter` the
    refuting cards of an unprovable claim."""

    def __init__(self, why, arg=None, counter=None):
        self.reason = why if arg is None else why % arg
        super().__init__(self.reason)
        self.why = why
        self.arg = arg
        self.counter = counter


def deal(rng, first, expert):
    """A round of the classic game: the clan cards shuffled by rng (the match's)."""
    deck = classic_deck()
    rng.shuffle(deck)
    return Game(deck, first, expert)


class Game:
    # The state, by kind (see copy).
    BYTES = ("deck", "hands", "hand_n", "sides", "count", "done", "owner",
             "unseen")  # type: tuple[str, ...]
    VALUES = ("top", "expert", "tick", "player", "phase", "acted", "idle",
              "winner")  # type: tuple[str, ...]

    places = STONES  # the places sides are played to
    hand_size = HAND
    # a card's name in records and its code by name: a game with cards of its own names them
    card_name = staticmethod(cards.name)
    card_code = staticmethod(cards.parse)
    # the refusals that name a place (a game whose places are not stones has its own words)
    SIDE_INCOMPLETE = "your side of stone %d is not complete"  # keys
    SIDE_FULL = "your side of stone %d is full"  # keys
    NO_PLACE = "there is no stone %d"  # keys
    PLACE = "Stone %d"  # keys (a place by its number, in the coach's reasons)

    def __init__(self, deck, first, expert=False):
        """A round dealt from `deck` (a bytearray, drawn from the front), `first` to move.
        (deck None: an empty shell for copy to fill.)"""
        if deck is None:
            return
        n = self.hand_size
        places = self.places
        self.deck = deck
        self.expert = expert
        self.hands = bytearray(2 * n)
        self.hand_n = bytearray(2)
        self.sides = bytearray(places * 2 * SLOTS)  # (place * 2 + player) * SLOTS + slot
        self.count = bytearray(places * 2)  # cards on each side
        self.done = bytearray(places * 2)  # when each side last became complete: 1, 2, ...
        self.owner = bytearray(places)  # 0 open, else the claiming player + 1
        self.unseen = all_cards()  # per value, the colours of the cards not face up
        self.tick = 0  # sides completed so far
        self.player = first
        self.phase = TO_PLAY
        self.acted = False  # a card played or a stone claimed this turn
        self.idle = 0  # turns in a row without either
        self.winner = -1
        # The deal: the first hand to `first`, the next to the other player.
        self.hands[first * n:first * n + n] = deck[0:n]
        self.hands[n - first * n:2 * n - first * n] = deck[n:2 * n]
        self.hand_n[0] = self.hand_n[1] = n
        self.top = 2 * n  # index of the next card to draw

    def copy(self, into=None):
        """A copy to try moves on (the computer's look-ahead). `into`: an earlier copy to
        overwrite, so that trying a hundred moves does not make a hundred copies' garbage."""
        h = into or self.shell()
        for name in self.BYTES:
            src = getattr(self, name)
            dst = getattr(h, name) if into else None
            if dst is not None and len(dst) == len(src):
                dst[:] = src
            else:
                setattr(h, name, bytearray(src))
        for name in self.VALUES:
            setattr(h, name, getattr(self, name))
        return h

    def shell(self):
        return Game(None, 0)

    # --- reading the state -------------------------------------------------------------

    def hand(self, p):
        n = self.hand_size
        return bytes(self.hands[p * n:p * n + self.hand_n[p]])

    def side(self, stone, p):
        i = stone * 2 + p
        return bytes(self.sides[i * SLOTS:i * SLOTS + self.count[i]])

    def deck_left(self):
        return len(self.deck) - self.top

    def stones_of(self, p):
        n = 0
        for o in self.owner:
            if o == p + 1:
                n += 1
        return n

    def points(self):
        """The match points of this round, over: 5 to the winner, 1 a stone to the loser; a
        drawn round, each player's stones."""
        won = [self.stones_of(0), self.stones_of(1)]
        if self.winner != DRAW:
            won[self.winner] = WIN_POINTS
        return won

    def next_first(self, first):
        """Who starts the match's next round, `first` having started this one: the loser
        [choice]; after a drawn round, the other player."""
        return 1 - first if self.winner == DRAW else 1 - self.winner

    def open_for(self, stone, p):
        """May p put a card at this stone?"""
        return not self.owner[stone] and self.count[stone * 2 + p] < SIDE

    def need(self, stone):
        """Cards a complete side holds at this stone."""
        return SIDE

    def side_strength(self, side, place, n):
        """The strength of `side` (bytes), a complete side of n cards at this place."""
        return strength(side, 0, n)

    def completion(self, side, place, n, unseen):
        """The strongest way `side` can still be completed to n cards at this place with the
        cards of `unseen`: (strength, cards added), or None when too few remain."""
        return best_completion(side, 0, len(side), n, unseen)

    def stones_for(self, p, c):
        """The stones where p may play card c."""
        return [s for s in range(self.places) if self.open_for(s, p)]

    def can_play(self):
        """Can the player to move play a card on a side? (If not, they pass; in the tactical
        game they may play a tactic card instead.)"""
        p = self.player
        for c in self.hand(p):
            if c < OWN:  # (only a clan card obliges: with tactic cards alone one may pass)
                break
        else:
            return False
        for s in range(self.places):
            if self.open_for(s, p):
                return True
        return False

    def claim_counter(self, stone):
        """None when the player to move may take this stone now by its cards; else the
        counter-example (see proof.counter). Raises IllegalMove if no claim is possible at all."""
        self._unclaimed(stone)
        n = self.need(stone)
        i = stone * 2 + self.player
        if self.count[i] < n:
            raise IllegalMove(self.SIDE_INCOMPLETE, stone + 1)
        j = i ^ 1
        return self._counter(stone, i, j, n, self.count[j] < n or self.done[i] < self.done[j])

    def _counter(self, stone, i, j, n, first):
        """proof.counter for side i against side j (complete sides of n cards at the stone;
        `first`: i was completed first, or j is incomplete)."""
        return counter(self.sides, i * SLOTS, self.sides, j * SLOTS, self.count[j], n,
                       self.unseen, first)

    def may_resume(self, values):
        """May the player to move go on with the half-made choice a save names (`values`, its
        numbers)? Not in a game that has none (the declaration's PENDING)."""
        return False

    def claimable(self):
        """The stones the player to move can claim now (empty when it is no time to claim)."""
        if self._claim_refusal():
            return []
        p = self.player
        return [s for s in range(self.places) if not self.owner[s] and
                self.count[s * 2 + p] == self.need(s) and self.claim_counter(s) is None]

    # --- moves -------------------------------------------------------------------------

    def act(self, p, a):
        """Make action a (see action) for player p; returns it as the match logs it."""
        kind = a >> 24
        if kind == PLAY:
            self.play(p, a >> 16 & 255, a >> 8 & 255)
        elif kind == CLAIM:
            self.claim(p, a >> 16 & 255)
        elif kind == PASS:
            self.pass_turn(p)
        elif kind == END:
            self.end_turn(p, a >> 16 & 255)
        else:
            raise IllegalMove("that is not a move of this game")
        return a

    def play(self, p, c, stone):
        if p != self.player or self.phase != TO_PLAY:
            self._refuse(p, TO_PLAY)
        self._unclaimed(stone)
        i = stone * 2 + p  # the side being played to
        if self.count[i] >= self.need(stone):
            raise IllegalMove(self.SIDE_FULL, stone + 1)
        self._take(p, self._in_hand(p, c))
        self._place(i, c)
        self.acted = True
        self.phase = TO_END

    def pass_turn(self, p):
        """Skip the play: allowed only when no card can be played."""
        if p != self.player or self.phase != TO_PLAY:
            self._refuse(p, TO_PLAY)
        if self.can_play():
            raise IllegalMove("you can play a card, so you cannot pass")
        self.phase = TO_END

    def claim(self, p, stone):
        if p != self.player or self.phase == OVER:
            self._refuse(p, -1)
        refusal = self._claim_refusal()
        if refusal:
            raise IllegalMove(refusal)
        cards = self.claim_counter(stone)  # (IllegalMove for a stone that cannot be claimed)
        if cards is not None:
            if cards:
                raise IllegalMove("not provable: they could still add %s", names(cards), cards)
            raise IllegalMove("their side of stone %d is stronger", stone + 1, cards)
        self.owner[stone] = p + 1
        self.acted = True
        self._check_win(p, stone)

    def end_turn(self, p, deck=0):
        """Finish the turn: draw if a card was played (and the deck has one), then pass on."""
        if p != self.player or self.phase != TO_END:
            self._refuse(p, TO_END)
        if deck:
            raise IllegalMove("there is only one deck")
        n = self.hand_n[p]
        top = self.top
        if n < self.hand_size and top < len(self.deck):
            self.hands[p * self.hand_size + n] = self.deck[top]
            self.hand_n[p] = n + 1
            self.top = top + 1
        self._pass_on(p)

    def _pass_on(self, p):
        """The turn is over: the other player's turn, or the end of a round stuck for two
        turns."""
        if self.acted:
            self.idle = 0
            self.acted = False
        else:
            self.idle += 1
            if self.idle >= 2:
                # Two turns in a row without a play or a claim: more stones wins [choice].
                a = self.stones_of(0)
                b = self.stones_of(1)
                self._end(0 if a > b else 1 if b > a else DRAW)
                return
        self.player = 1 - p
        self.phase = TO_PLAY

    # --- inside: the moves' parts, shared by every game ---------------------------------

    def _in_hand(self, p, c):
        """Where card c is in p's hand (IllegalMove when it is not there)."""
        hands = self.hands
        base = p * self.hand_size
        for k in range(self.hand_n[p]):  # (no slice: the computer asks this a lot)
            if hands[base + k] == c:
                return k
        raise IllegalMove("that card is not in your hand")

    def _take(self, p, k):
        """Take the card at place k out of p's hand (the last card fills the gap: the board
        sorts the hand)."""
        base = p * self.hand_size
        n = self.hand_n[p]
        self.hands[base + k] = self.hands[base + n - 1]
        self.hand_n[p] = n - 1

    def _place(self, i, c):
        """Put c on side i (place * 2 + player); number the moment the side (last) becomes
        complete. (A game's own card, OWN and above, has no bit in unseen: clearing one is
        nothing.)"""
        n = self.count[i] + 1
        self.sides[i * SLOTS + n - 1] = c
        self.count[i] = n
        if n == self.need(i >> 1):
            self.tick += 1
            self.done[i] = self.tick
        self.unseen[c & 15] &= ~(1 << (c >> 4))

    def _lift(self, at):
        """Take the card at place `at` of sides off its side (a ruse's, a siege's discard; the
        later ones close up): the side is complete no more."""
        i = at // SLOTS
        base = i * SLOTS
        n = self.count[i]
        c = self.sides[at]
        for j in range(at, base + n - 1):
            self.sides[j] = self.sides[j + 1]
        self.sides[base + n - 1] = 0
        self.count[i] = n - 1
        self.done[i] = 0
        return c

    def _unclaimed(self, stone):
        """IllegalMove unless stone is a stone and not claimed."""
        if not 0 <= stone < self.places:
            raise IllegalMove(self.NO_PLACE, stone + 1)
        if self.owner[stone]:
            raise IllegalMove("stone %d is already claimed", stone + 1)

    def _refuse(self, p, phase):
        """Raise the reason why p may not make a move that belongs to `phase` now."""
        if self.phase == OVER:
            raise IllegalMove("the round is over")
        if p != self.player:
            raise IllegalMove("it is player %d's turn", self.player + 1)
        if phase == TO_PLAY:
            raise IllegalMove("you have already played this turn")
        raise IllegalMove("play a card (or pass) before you end the turn")

    def _claim_refusal(self):
        if self.phase == OVER:
            return "the round is over"  # keys
        if self.expert and self.phase != TO_PLAY:
            return "expert rules: claim at the start of your turn, before you play"  # keys
        if not self.expert and self.phase != TO_END:
            return "claim after you play a card"  # keys
        return None

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
