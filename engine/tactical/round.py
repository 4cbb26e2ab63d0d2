# One round of the tactical variant (RULES.md section 2): the base round with hands of 7, a
# second deck of the 10 tactic cards (tactics.py), the choice of deck to draw from, the tactic
# limit, combat modes on stones (Mud Fight: 4-card sides) and the four ruses. Loaded only for
# tactical games.
#
# The hand holds clan and tactic cards alike. Tactic cards are never in `unseen` (only clan
# cards are): a proof ignores tactic cards not yet played, and counts the elite troops and
# combat modes on the table (tactics.counter). Discarded cards lie face up on `discard`.
from micropython import const
from engine.core.cards import classic_deck, NO_CARD
from engine.core.game import Game, IllegalMove, TO_PLAY, TO_END, STONES, SLOTS, PLAY, action
from engine.tactical import tactics as T

HAND7 = const(7)
CLAN = const(0)  # the decks, as end_turn's choice
TACTICS = const(1)

# The ruses' actions (engine/core/game.py's action), after the kinds of every game (the tactic
# table, tactics.CARDS, names each ruse's):
RECRUIT = const(5)  # a: clan cards drawn * 4 + tactic cards drawn, b and c: the cards put
#                     back (NO_CARD where fewer)
STRATEGIST = const(6)  # a: the stone, b: the card, c: the stone it goes to + 1, 0: discarded
BANSHEE = const(7)  # a: the stone, b: the card
TRAITOR = const(8)  # a: the stone, b: the card, c: the stone it goes to + 1


def deal(rng, first, expert):
    """A round of the tactical variant: the clan cards, then the tactic cards, shuffled by rng
    (the match's)."""
    deck = classic_deck()
    rng.shuffle(deck)
    tdeck = bytearray(range(T.TACTIC, T.TACTIC + len(T.CARDS)))
    rng.shuffle(tdeck)
    return TacticalGame(deck, tdeck, first, expert)


class TacticalGame(Game):
    card_name = staticmethod(T.name)
    card_code = staticmethod(T.code)
    hand_size = HAND7
    # The state, by kind (see Game.copy).
    BYTES = ("deck", "tdeck", "hands", "hand_n", "sides", "count", "done", "owner", "unseen",
             "modes", "tactics_played", "joker_played", "discard")
    VALUES = ("top", "ttop", "expert", "tick", "player", "phase", "acted", "idle", "winner",
              "recruited")

    def __init__(self, deck, tdeck, first, expert=False):
        """deck: the clan cards (a bytearray, drawn from the front); tdeck: the 10 tactic
        cards, likewise; `first` to move. Seven clan cards to each player. (deck None: an
        empty shell for copy to fill.)"""
        if deck is None:
            return
        Game.__init__(self, deck, first, expert)
        self.tdeck = tdeck
        self.ttop = 0
        self.modes = bytearray(STONES)  # combat modes per stone (tactics.MODE_*)
        self.tactics_played = bytearray(2)
        self.joker_played = bytearray(2)
        self.discard = bytearray()  # face up, in the order discarded
        self.recruited = False  # a Recruiter this turn: no draw at its end
        self.work = bytearray(4)

    def shell(self):
        h = TacticalGame(None, None, 0)
        h.work = bytearray(4)
        return h

    # --- reading the state -------------------------------------------------------------

    def need(self, stone):
        """Cards a complete side holds at this stone: 4 in a Mud Fight, else 3."""
        return T.side_size(self.modes[stone])

    def side_strength(self, side, stone, n):
        return T.side_strength(side, 0, n, self.modes[stone], self.work)

    def completion(self, side, stone, n, unseen):
        return T.completion(side, 0, len(side), n, unseen, self.modes[stone], self.work)

    def tdeck_left(self):
        return len(self.tdeck) - self.ttop

    def open_for(self, stone, p):
        return not self.owner[stone] and self.count[stone * 2 + p] < self.need(stone)

    def recruited_hand(self, p, clan, tactic):
        """p's hand (a list) once a Recruiter has drawn `clan` clan cards and `tactic` tactic
        cards, the Recruiter itself gone, before any card is put back."""
        hand = list(self.hand(p))
        if T.RECRUITER in hand:
            hand.remove(T.RECRUITER)
        return (hand + list(self.deck[self.top:self.top + clan]) +
                list(self.tdeck[self.ttop:self.ttop + tactic]))

    def may_play_tactic(self, p):
        """The limit: never more than one tactic card more than the opponent."""
        return self.tactics_played[p] <= self.tactics_played[1 - p]

    def may_resume(self, draw):
        """May the player to move put back the cards of a Recruiter's `draw` (clan, tactic
        cards), seen but not finished when the game was saved? They hold it, may play it,
        and the decks allow that draw."""
        p = self.player
        return (self.phase == TO_PLAY and T.RECRUITER in self.hand(p) and
                not self.why_not(p, T.RECRUITER) and draw in self.recruit_draws())

    # --- what a card may do now (the screens ask: they hold no rules) ---------------------

    def why_not(self, p, c):
        """Why p cannot play card c of the hand now (None when it can, somewhere)."""
        if c >= T.TACTIC:
            why = self._tactic_refusal(p, c)
            if why:
                return why
            if c == T.RECRUITER:
                return None if self.recruit_draws() != [(0, 0)] else "both decks are empty"  # keys
        if self.stones_for(p, c):
            return None
        kind = T.kind(c)
        if kind == T.MODE:
            return "every open stone has that combat mode"  # keys
        if kind == T.RUSE:
            return "no card on the table for it to take"  # keys
        return "no stone has room for it"  # keys

    def stones_for(self, p, c):
        """The stones where p may play card c (for a ruse: where it may take a card)."""
        out = []
        kind = T.kind(c)
        for s in range(STONES):
            if self.owner[s]:
                continue
            if kind == T.MODE:
                ok = not self.modes[s] & T.mode_of(c)
            elif kind == T.RUSE:
                ok = len(self.targets(p, c, s)) > 0
            else:
                ok = self.open_for(s, p)
            if ok:
                out.append(s)
        return out

    def targets(self, p, c, stone):
        """The cards at an unclaimed stone that ruse c of p may take."""
        if c == T.STRATEGIST:
            return self.side(stone, p)
        if c == T.BANSHEE:
            return self.side(stone, 1 - p)
        if c == T.TRAITOR and self.destinations(p, c, stone):
            return bytes([x for x in self.side(stone, 1 - p) if x < T.TACTIC])
        return b""

    def destinations(self, p, c, stone):
        """Where ruse c of p may put the card it took at `stone` (the Strategist may also
        discard it)."""
        return [t for t in range(STONES) if self.open_for(t, p) and
                (t != stone or c == T.TRAITOR)]

    def recruit_draws(self):
        """The Recruiter's possible draws, as (clan cards, tactic cards)."""
        a = self.deck_left()
        b = self.tdeck_left()
        n = min(3, a + b)
        return [(k, n - k) for k in range(n + 1) if k <= a and n - k <= b]

    def decks_for(self, p):
        """The decks p may draw from at the end of the turn: () when no card is drawn."""
        if self.hand_n[p] >= HAND7 or self.recruited:
            return ()
        return tuple(d for d in (CLAN, TACTICS) if (self.tdeck_left() if d else self.deck_left()))

    def _counter(self, stone, i, j, n, first):
        return T.counter(self.sides, i * SLOTS, self.sides, j * SLOTS, self.count[j], n,
                         self.unseen, first, self.modes[stone], self.work)

    # --- moves -------------------------------------------------------------------------

    def act(self, p, a):
        """Make action a for p, a ruse's too; returns it as the match logs it: both Jokers are
        alike (records name them JK), so a Joker in it is the first one where it is taken."""
        kind = a >> 24
        x = a >> 16 & 255
        y = a >> 8 & 255
        z = a & 255
        if kind == PLAY:
            if x == T.JOKER or x == T.JOKER + 1:  # (the hand copied only for a Joker)
                x = _alike((x,), self.hand(p))[0]
            self.play(p, x, y)
        elif kind == RECRUIT:
            back = _alike([c for c in (y, z) if c != NO_CARD],
                          self.recruited_hand(p, x >> 2, x & 3))
            self.recruit(p, x >> 2, x & 3, back)
            back += [NO_CARD, NO_CARD]
            y, z = back[0], back[1]
        elif kind == STRATEGIST:
            y = _alike((y,), self.side(x, p) if 0 <= x < STONES else b"")[0]
            self.strategist(p, x, y, z - 1)
        elif kind == BANSHEE:
            y = _alike((y,), self.side(x, 1 - p) if 0 <= x < STONES else b"")[0]
            self.banshee(p, x, y)
        elif kind == TRAITOR:
            self.traitor(p, x, y, z - 1)
        else:
            return Game.act(self, p, a)
        return action(kind, x, y, z)

    def play(self, p, c, stone):
        """Play a clan card or an elite troop on p's side of a stone, or a combat mode on the
        stone itself. (Ruses have moves of their own.)"""
        self._may_play(p)
        self._unclaimed(stone)
        k = self._in_hand(p, c)
        if c >= T.TACTIC:
            self._tactic_allowed(p, c)
        kind = T.kind(c)
        if kind == T.MODE:
            bit = T.mode_of(c)
            if self.modes[stone] & bit:
                raise IllegalMove("stone %d already has that combat mode", stone + 1)
            self._take(p, k)
            self.modes[stone] |= bit
            if bit == T.MODE_MUD:  # sides of three are complete no more
                for i in (stone * 2, stone * 2 + 1):
                    if self.count[i] < 4:
                        self.done[i] = 0
        elif kind == T.RUSE:
            raise IllegalMove("a ruse is not played on a stone")
        else:
            i = stone * 2 + p
            if self.count[i] >= self.need(stone):
                raise IllegalMove(self.SIDE_FULL, stone + 1)
            self._take(p, k)
            self._place(i, c)
        if c >= T.TACTIC:
            self._count_tactic(p, c)
        self.acted = True
        self.phase = TO_END

    def pass_turn(self, p):
        self._may_play(p)
        if self.can_play():
            raise IllegalMove("you can play a clan card, so you cannot pass")
        self.phase = TO_END

    def end_turn(self, p, deck=CLAN):
        """Finish the turn: refill the hand to 7 from the chosen deck (not after a Recruiter),
        then pass on. An empty deck cannot be chosen while the other has cards."""
        if p != self.player or self.phase != TO_END:
            self._refuse(p, TO_END)
        if deck not in (CLAN, TACTICS):
            raise IllegalMove("draw from the clan deck or the tactic deck")
        n = self.hand_n[p]
        if n < HAND7 and not self.recruited:
            left = self.deck_left() if deck == CLAN else self.tdeck_left()
            other = self.tdeck_left() if deck == CLAN else self.deck_left()
            if not left and other:
                raise IllegalMove("that deck is empty: draw from the other one")
            if left:
                self._draw(p, deck)
        self.recruited = False
        self._pass_on(p)

    # --- ruses -------------------------------------------------------------------------

    def recruit(self, p, clan, tactic, back):
        """Recruiter: draw `clan` + `tactic` = 3 cards (fewer only when the decks hold fewer),
        then put the two cards of `back` from the hand under their own decks (fewer only when
        the hand holds fewer)."""
        self._ruse(p, T.RECRUITER)
        if clan < 0 or tactic < 0 or clan > self.deck_left() or tactic > self.tdeck_left():
            raise IllegalMove("the decks do not hold that many cards")
        if clan + tactic != min(3, self.deck_left() + self.tdeck_left()):
            raise IllegalMove("the Recruiter draws 3 cards (fewer only if the decks run out)")
        hand = self.recruited_hand(p, clan, tactic)
        if len(back) != min(2, len(hand)):
            raise IllegalMove("put 2 cards back (all you hold, when that is fewer)")
        for c in back:
            if c not in hand:
                raise IllegalMove("%s is not in your hand after drawing", T.name(c))
            hand.remove(c)
        # valid: now change the state
        self.top += clan
        self.ttop += tactic
        for c in back:  # under its own deck: after its last card
            if c >= T.TACTIC:
                self.tdeck.append(c)
            else:
                self.deck.append(c)
        self.hands[p * HAND7:p * HAND7 + len(hand)] = bytes(hand)
        self.hand_n[p] = len(hand)
        self.recruited = True
        self._ruse_done(p, T.RECRUITER)

    def strategist(self, p, stone, c, to):
        """Strategist: move p's card c at `stone` to p's side of stone `to` (an unclaimed
        stone with room), or discard it (to = -1)."""
        self._ruse(p, T.STRATEGIST)
        at = self._card_at(stone, p, c)
        if to >= 0:
            self._room(to, p)
            if to == stone:
                raise IllegalMove("move it to another stone")
        self._take(p, self._in_hand(p, T.STRATEGIST))
        self._lift(at)
        if to >= 0:
            self._place(to * 2 + p, c)
        else:
            self.discard.append(c)
        self._ruse_done(p, T.STRATEGIST)

    def banshee(self, p, stone, c):
        """Banshee: discard the opponent's card c at `stone`."""
        self._ruse(p, T.BANSHEE)
        at = self._card_at(stone, 1 - p, c)
        self._take(p, self._in_hand(p, T.BANSHEE))
        self.discard.append(self._lift(at))
        self._ruse_done(p, T.BANSHEE)

    def traitor(self, p, stone, c, to):
        """Traitor: take the opponent's clan card c at `stone` to p's side of stone `to`."""
        self._ruse(p, T.TRAITOR)
        at = self._card_at(stone, 1 - p, c)
        if c >= T.TACTIC:
            raise IllegalMove("the Traitor takes clan cards only")
        self._room(to, p)
        self._take(p, self._in_hand(p, T.TRAITOR))
        self._place(to * 2 + p, self._lift(at))
        self._ruse_done(p, T.TRAITOR)

    # --- inside ------------------------------------------------------------------------

    def _may_play(self, p):
        if p != self.player or self.phase != TO_PLAY:
            self._refuse(p, TO_PLAY)

    def _tactic_allowed(self, p, c):
        why = self._tactic_refusal(p, c)
        if why:
            raise IllegalMove(why)

    def _tactic_refusal(self, p, c):
        if not self.may_play_tactic(p):
            return "you are a tactic card ahead: wait for theirs"  # keys
        if T.JOKER <= c <= T.JOKER + 1 and self.joker_played[p]:
            return "one Joker a player, and yours is played"  # keys
        return None

    def _ruse(self, p, c):
        self._may_play(p)
        k = self._in_hand(p, c)
        self._tactic_allowed(p, c)
        return k

    def _ruse_done(self, p, c):
        self.discard.append(c)
        self._count_tactic(p, c)
        self.acted = True
        self.phase = TO_END

    def _count_tactic(self, p, c):
        self.tactics_played[p] += 1
        if T.JOKER <= c <= T.JOKER + 1:
            self.joker_played[p] = 1

    def _card_at(self, stone, p, c):
        """The place in sides of card c on p's side of an unclaimed stone (one int: a tuple
        would be heap for each ruse the computer tries)."""
        self._unclaimed(stone)
        i = stone * 2 + p
        for slot in range(self.count[i]):  # (no slice: the computer asks this a lot)
            if self.sides[i * SLOTS + slot] == c:
                return i * SLOTS + slot
        raise IllegalMove("there is no such card at stone %d", stone + 1)

    def _room(self, to, p):
        if not 0 <= to < STONES:
            raise IllegalMove("there is no stone %d", to + 1)
        if not self.open_for(to, p):
            raise IllegalMove("stone %d has no room for it", to + 1)

    def _draw(self, p, deck):
        n = self.hand_n[p]
        if deck == CLAN:
            c = self.deck[self.top]
            self.top += 1
        else:
            c = self.tdeck[self.ttop]
            self.ttop += 1
        self.hands[p * HAND7 + n] = c
        self.hand_n[p] = n + 1


def _alike(cards, pool):
    """cards (a list), each Joker among them the first Joker of pool not yet named."""
    out = list(cards)
    for i in range(len(out)):
        if out[i] == T.JOKER or out[i] == T.JOKER + 1:
            out[i] = T.JOKER if T.JOKER in pool and T.JOKER not in out[:i] else T.JOKER + 1
    return out
