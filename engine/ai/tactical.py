# The computer opponents in the tactical variant: make_tactical_ai(level, seed).
#
# Every candidate action (a clan card or an elite troop at a stone, a combat mode on a stone,
# a ruse with its choices, a pass) is tried on a copy of the round, and the position it leaves
# is valued: each stone's chance from the best formation each side can still reach there
# (elite troops at their best, the stone's combat modes: engine/tactical/tactics.py), the AI's side
# from its hand and the unknown cards, the opponent's from the unknown cards only; then the
# chance of winning the game from the nine (outlook.Outlook). It reads only what a player may
# know: its hand, the table, the discard pile and the counts.
#
# - hard: every candidate, ruses included. A stone of three cards a side (no combat mode) is
#   valued by the classic computer's side models instead (engine/ai/judge.py: what each side
#   may still get, card by card; elite troops as wild cards, ai/wild.py), calibrated for
#   tactical games (ai/tcal.py); a clan card played also costs what it would have done
#   where it helps most (_cost), and the best formation the side played on can reach
#   breaks ties (as the classic hard). Late in the round its best few actions are weighed
#   again by the opponent's best reply with each clan card it may hold (_chosen).
# - normal: ruses and combat modes only when no clan card or elite troop can be played.
# - easy: as normal, each value blurred by noise.
# Every level refills its hand with clan cards until the clan deck runs low (_TACTICS_FROM).
# Work is counted in candidates, one per slice, never in time: the same moves everywhere.
from array import array
from micropython import const
from engine.ai.base import Search, NONE, decision_seed, level_of, danger, ONE, taken, wins, WIN
from engine.ai.outlook import Outlook
from engine.core.game import STONES, SLOTS, OVER, TO_PLAY, PLAY, PASS, action
from engine.tactical.round import RECRUIT, STRATEGIST, BANSHEE, TRAITOR
from engine.tactical.trial import UNDO, make, unmake
from engine.core.rng import Rng
from engine.tactical import tactics as T
# a side's need, where the computer asks it for every action, is written out (4 if the stone's
# modes hold MODE_MUD, else 3) rather than the round's need(): a method call costs more
from engine.tactical.tactics import MODE_MUD
from engine.core.cards import NO_CARD
from engine.ai.judge import Knowledge, MODEL
from engine.ai.tstones import StoneChances, WORK, KEEP_THEIRS, READ, CUT

_KEEP = const(25)  # what a tactic card must gain beyond a clan card's play, in 1024ths
_NOISE = const(160)  # easy's misjudgement, in 1024ths of the game
# hard: weight of the best formation a played card's side can still reach (strength: 64 a
# rank), in 1024ths, as the classic computer's _REACH: the chances are rough, and aiming
# high breaks their ties the way that wins games
_REACH = const(240)
# Tactic cards are drawn only once the clan deck (40 cards after the deal) is down to this:
# early on a clan card in the hand builds more than a tactic card held for later.
_TACTICS_FROM = const(25)
# hard, once the clan deck is down to _LOOK cards: its best few actions are weighed again by
# the opponent's best reply with each clan card it may hold (see base.Search._chosen).
_LOOK = const(5)


def make_tactical_ai(level, seed):
    return TacticalAi(level_of(level), seed)


# The buffers of a decision (made by TacticalAi._buffers); those only the weighing reads go first
_WEIGHING = ("unseen_after", "undo", "cards", "best", "cut", "their_models")
_BUFFERS = ("out", "p", "work", "pool", "unknown", "their_reach", "k", "my_model", "their_model",
            "top", "after", "their_cards", "worth", "weight", "needs") + _WEIGHING


class TacticalAi(StoneChances, Search):
    zero_stops, long_after = False, True  # (base.Search: _after some 55 ms on the emulated Pico)
    # the chances asked for every action weighed, in this class's own table (MicroPython looks
    # for a method in each base in turn: a lookup more for every call)
    _stone, _reach, _strength, _lone = (StoneChances._stone, StoneChances._reach,
                                        StoneChances._strength, StoneChances._lone)

    def __init__(self, level, seed):
        self.level = level
        self.seed = seed
        self.rng = Rng(seed)
        self.k = None  # (see _buffers)

    def _buffers(self):
        """The buffers a decision works in (made once a decision: weighing its candidates
        allocates nothing), dropped as it ends (_drop): about 4 KB the device's heap needs
        only then, at the tactical game's peak (so 16-bit arrays where they fit)."""
        self.out = Outlook()
        self.p = [0] * STONES
        self.work = bytearray(4)
        self.pool = bytearray(16)  # colour masks per value: the cards the AI may still get
        self.unknown = bytearray(16)  # the cards the opponent may still get
        self.base = 0  # the game's chance before the move
        self.sure = 0  # the stones (bit s) provable before the move
        # the stones where its side is complete, theirs not, and not provable: a clan card
        # played may have been the last unseen card to beat it (see _freed)
        self.unsure = 0
        # normal and hard: the opponent's complete sides, when taking them all would win it the
        # game (else 0): an action after which it could claim enough of them loses (_theirs)
        self.danger = 0
        self.unseen_after = bytearray(16)  # the unseen cards without the one played
        self.freed_card = -1  # the last card _freed was asked about, and its answer
        # hard: the clan card of the hand taken from the knowledge (Knowledge.take) for the
        # actions that play it, -1 for none: the candidates come card by card, so it is
        # taken once for all of that card's actions and given back when the next comes
        self.gone = -1
        self.freed_won = 0
        self.undo = bytearray(UNDO)  # what the action tried covered (trial.make, unmake)
        # the stones each side has taken in that position (masks, for base.wins)
        self.taken_me = self.taken_them = 0
        # What the opponent's side of each stone can still reach in the position before the
        # move (-2: not known): a card played on the AI's own side leaves it as it was, so
        # those actions read it here instead of working it out again (Jokers make that dear).
        self.their_reach = [-2] * STONES
        # A card alone on the AI's side reaches the same at every stone of the same combat
        # modes, and (hard, no combat mode) against an empty side it has the same chance: the
        # candidates come card by card, so the last card's are kept (lone: code * 16 + cards
        # a side needs * 4 + modes, -1 for none; lone_model: the code, -1 for none).
        self.lone = -1
        self.lone_reach = 0
        self.lone_model = -1
        self.lone_q = 0
        # hard: per clan card of the hand (cards), what its leaving the cards the AI may still
        # get costs at each stone (cut, [card * 9 + stone]) and at the dearest (best), in
        # 1024ths of the game (see _cost)
        self.cards = bytearray(7)
        self.ncards = 0
        self.best = [0] * 7
        self.cut = array("h", bytes(2 * 7 * STONES))
        # hard: stones of three cards a side (no combat mode) by the classic computer's side
        # models (engine/ai/judge.py, ai/wild.py, ai/tcal.py)
        self.k = Knowledge() if self.level == 2 else None
        self.my_model = [0] * MODEL
        self.their_model = [0] * MODEL
        # the other side's model at each stone before the move (as their_reach: READ reads
        # it), views of one array
        models = memoryview(array("h", bytes(2 * MODEL * STONES)))
        self.their_models = [models[s * MODEL:s * MODEL + MODEL] for s in range(STONES)]
        self._look_buffers()  # hard's look at the replies (base.Search)

    def _drop(self, names=_BUFFERS):
        for name in names:
            setattr(self, name, None)

    # --- the player interface (Match.turn) ----------------------------------------------

    def deck(self, g):
        """A tactic card while it holds none and may play one, once the clan deck is down to
        _TACTICS_FROM cards; else a clan card (whichever deck is not empty)."""
        if not g.tdeck_left():
            return 0
        if not g.deck_left():
            return 1
        me = g.player
        if g.deck_left() >= _TACTICS_FROM or not g.may_play_tactic(me):
            return 0
        return 0 if any(c >= T.TACTIC for c in g.hand(me)) else 1

    def think(self, g):
        """The decision as a generator: one candidate a slice; returns the action."""
        self.rng.seed(decision_seed(self.seed, g))
        me = g.player
        cands = candidates(g, me, self.level == 2)
        self._ready(g, me, g)
        self.base = self.value(g, me)  # also fills p and the outlook's v0, dv
        self.danger = danger(g, me) if self.level else 0
        self.freed_card = -1
        self.gone = -1  # (the knowledge is started afresh: nothing taken)
        yield
        self.ncards = 0
        if self.level == 2:
            for c in sorted(set(g.hand(me))):
                if c < T.TACTIC:
                    self._cost(g, me, c)
                    yield
        # (never kept: some action is always legal; hard, late in the round: the best
        # actions are kept for a look at the replies)
        self._start(action(PASS), self.k and g.deck_left() <= _LOOK and self.held > 0)
        for a in cands:
            v = self._value(g, me, a)
            if v == NONE:  # not legal
                yield
                continue
            kind = a >> 24
            if kind != PASS and (kind != PLAY or a >> 16 & 255 >= T.TACTIC):
                v -= _KEEP  # a tactic card is spent only for a clear gain
            if self.level == 0:
                v += self.rng.below(_NOISE)
            if v > self.lead_v or self.looking and v > self.top[-2]:  # (see _weigh)
                self._weigh(v, a)
            yield
        self._give_back(me)
        self._drop(_WEIGHING)  # (room for the look's copy of the round)
        best = yield from self._chosen(g, me)
        self._drop()
        if best >> 24 == RECRUIT:  # its choices made as the Recruiter draws
            clan, tactic, back = _recruit_choice(g, me)
            back += [NO_CARD, NO_CARD]
            best = action(RECRUIT, clan * 4 + tactic, back[0], back[1])
        return best

    def _ready(self, g, me, h):
        """A decision's buffers, and (hard) how many clan cards the other hand holds in g."""
        self._buffers()
        if self.k:  # (its tactic cards: those neither played, in the deck nor in the AI's hand)
            self.held = g.hand_n[1 - me] - 10 + g.tdeck_left() + sum(g.tactics_played) + \
                sum(1 for c in g.hand(me) if c >= T.TACTIC)
            self.k.start(g, self.held)
        return ()  # (no slices)

    # --- hard, late in the round: the opponent's reply ---------------------------------

    def _unknown_cards(self, g, me):
        """The clan cards the opponent may hold, into their_cards: unseen, not in its hand;
        from the highest down (a high card tends to hurt most: see _replied)."""
        self._masks(g, me)
        return self._cards_of(self.unknown)

    def _make(self, h, me, a):
        if a >> 24 != RECRUIT:  # (what it would draw is hidden: the table as it is)
            h.act(me, a)

    def _after(self, h, me):
        for s in h.claimable():
            h.claim(me, s)
            if h.phase == OVER:
                return ONE
        self.k.start(h, self.held)
        v = self.value(h, me, WORK)
        for s in range(STONES):
            self.needs[s] = 4 if h.modes[s] & MODE_MUD else 3
        h.player = 1 - me  # the opponent's turn (the AI's draw unknown: left out)
        h.phase = TO_PLAY
        return v

    def _see(self, c, d):
        """(base.Search._worst) Card c leaves (d = -1) or rejoins the cards still to come."""
        bit = 1 << (c >> 4)
        if d < 0:
            self.pool[c & 15] &= ~bit
            self.unknown[c & 15] &= ~bit
        else:
            self.pool[c & 15] |= bit
            self.unknown[c & 15] |= bit

    # --- valuing a position -------------------------------------------------------------

    def _value(self, g, me, a):
        """The chance (in 1024ths) to win the game after action a; NONE if it is not legal.
        Only the stones the action changes are valued again; each change moves the game's
        chance along that stone's slope (exact for one stone, first order for two)."""
        kind = a >> 24
        if kind == PASS:
            return self.base
        if kind == RECRUIT:  # (what it would draw is hidden: the table as it is, a card spent)
            return self.base - 1
        # the stones it changes: from one stone to another (Traitor, Strategist) or one
        first = (a >> 8 if kind == PLAY else a >> 16) & 255
        last = (a & 255) - 1 if kind in (TRAITOR, STRATEGIST) and a & 255 else first
        c = a >> 16 & 255 if kind == PLAY else T.TACTIC
        # a clan card or an elite troop on its own side: their side as it was
        mode = READ if kind == PLAY and c != T.BLIND and c != T.MUD else WORK
        # Every action is made on g itself and taken back at the end: the valuation reads
        # only the sides, their counts and the moments they became complete, the combat
        # modes, the unseen cards and the masks; the hand, the discard pile, the tactic cards
        # played and the turn's phase, left as they are, play no part.
        # (engine/tactical/trial.py makes it as the round would, as far as the valuation reads)
        h = g
        if mode == READ:
            # (such an action is always legal: candidates offers it only where it may go)
            # The card placed as trial.place would place it, written out: this is the step
            # of every card the computer weighs, and two calls an action cost Easy and Normal
            # about 6% of their thinking on the emulated Pico (tests/test_tactical_trial.py
            # holds trial.place to the round, test_same_games this to both)
            i = first * 2 + me
            n = g.count[i]
            at = i * SLOTS + n
            was = g.sides[at]
            when = g.done[i]
            full = n + 1 == (4 if g.modes[first] & MODE_MUD else 3)
            g.sides[at] = c
            g.count[i] = n + 1
            if full:
                g.tick += 1
                g.done[i] = g.tick
            bit = 1 << (c >> 4)
            if c < T.TACTIC:
                g.unseen[c & 15] &= ~bit
                # the masks of the round after the action: the pool without the card played
                # (the unknown cards are the same: the card left the hand and the unseen
                # cards alike)
                self.pool[c & 15] &= ~bit
        elif not make(g, me, a, self.undo):  # (a ruse or a combat mode: the masks stay)
            return NONE
        v = self.base
        dv = self.out.dv
        if c < T.TACTIC:
            for k in range(self.ncards):
                if self.cards[k] == c:
                    v += self.best[k] - self.cut[k * STONES + first]
            if self.k and self.gone != c:
                self._give_back(me)
                self.k.take(me, c, -1)
                self.gone = c
        elif self.gone >= 0:
            self._give_back(me)
        # the stones it may claim after the action: those provable before that it leaves as
        # they were (they stay so), those it changes that are provable now, and those a clan
        # card played makes provable by leaving the unseen cards
        won = self.sure & ~(1 << first | 1 << last)
        if c < T.TACTIC and self.unsure:
            if self.freed_card != c:  # (the candidates come card by card: worked out once a card)
                self.freed_card = c
                self.freed_won = self._freed(g, me, c)
            won |= self.freed_won & ~(1 << first)
        for j in range(1 if last == first else 2):
            s = last if j else first
            q = self._stone(h, me, s, mode)
            if q == ONE and not h.owner[s]:
                won |= 1 << s
            v += (q - self.p[s]) * dv[s] >> 10
        # the opponent's next claims would win it the game: below any other action (valued
        # as usual among such actions: a player may miss its claims)
        lost = False
        won |= self.taken_me
        if wins(won) and not h.expert:
            v = WIN  # it ends the game (claimed at once, after the action)
        elif self.danger and wins(self._theirs(h, me, self.danger) | self.taken_them):
            lost = True
        elif wins(won):
            v = WIN  # expert games: claimed at the start of the next turn, theirs first
        if self.k and mode == READ and v != WIN:
            modes = h.modes[first]
            if h.count[i] == 1:
                r = self._lone(h, i, 4 if modes & MODE_MUD else 3, modes)
            else:
                r = self._reach(h, i, h.count[i], 4 if modes & MODE_MUD else 3, modes, self.pool)
            if r > 0:
                v += r * _REACH >> 10
        if mode == READ:  # (g as it was)
            if full:
                g.done[i] = when
                g.tick -= 1
            g.count[i] = n
            g.sides[at] = was
            if c < T.TACTIC:
                g.unseen[c & 15] |= bit
                self.pool[c & 15] |= bit
        else:
            unmake(g, me, a, self.undo)
        return v - 2 * WIN if lost else v

    def _give_back(self, me):
        """The clan card taken from the knowledge for the actions that play it (gone), back."""
        if self.gone >= 0:
            self.k.take(me, self.gone, 1)
            self.gone = -1

    def value(self, g, me, mode=KEEP_THEIRS):
        """The chance to win the game in position g, stone by stone (kept in p); with
        KEEP_THEIRS the other side's reach and model kept for the weighing (the look: WORK)."""
        self._masks(g, me)
        self.taken_me = taken(g, me)
        self.taken_them = taken(g, 1 - me)
        self.lone = self.lone_model = -1
        self.sure = self.unsure = 0
        for s in range(STONES):
            self.their_reach[s] = -2
            self.p[s] = self._stone(g, me, s, mode)
            if not g.owner[s]:
                i = s * 2 + me
                if self.p[s] == ONE:
                    self.sure |= 1 << s
                elif g.count[i] == (4 if g.modes[s] & MODE_MUD else 3) > g.count[i ^ 1]:
                    self.unsure |= 1 << s
        return self.out.prepare(self.p)

    def _freed(self, g, me, c):
        """The stones of `unsure` whose side of the AI becomes provable once clan card c (of
        its hand, played) is no longer among the unseen cards."""
        won = 0
        u = self.unseen_after
        for v in range(16):
            u[v] = g.unseen[v]
        u[c & 15] &= ~(1 << (c >> 4))
        for s in range(STONES):
            if self.unsure >> s & 1 and self._holds(g, s * 2 + me, u):
                won |= 1 << s
        return won

    def _theirs(self, h, me, stones):
        """The stones of mask `stones` the opponent could claim in position h (after the AI's
        action): its complete side there that the AI's can no longer beat."""
        out = 0
        for s in range(STONES):
            if stones >> s & 1 and not h.owner[s]:
                j = s * 2 + 1 - me
                # (h.need: a Mud Fight played there leaves their side short again)
                if h.count[j] == (4 if h.modes[s] & MODE_MUD else 3) and self._holds(h, j, h.unseen):
                    out |= 1 << s
        return out

    def _holds(self, g, i, unseen):
        """Is the complete side i (stone * 2 + player) unbeatable: the other side complete and
        weaker (or as strong, completed later), or unable to reach more from `unseen`?
        (_stone has this proof written out: it keeps the strengths it works out.)"""
        modes = g.modes[i >> 1]
        n = 4 if modes & MODE_MUD else 3
        mine = self._strength(g, i, n, modes)
        j = i ^ 1
        if g.count[j] == n:
            theirs = self._strength(g, j, n, modes)
            return theirs < mine or (theirs == mine and g.done[i] < g.done[j])
        return self._reach(g, j, g.count[j], n, modes, unseen) <= mine

    def _cost(self, g, me, c):
        """What clan card c of the hand leaving costs at each stone where it may still come to
        the AI's unfinished side (pool without c), and at the dearest of them. The stones'
        chances count a card of the hand at every stone it may help, but it is played once:
        so playing it at a stone costs what it would do where it helps most, less what it
        does at that stone (nothing there when that is the place), not what it does at all
        the others. (The classic computer does without: calibrated otherwise, it played worse.)"""
        k = self.ncards
        self.cards[k] = c
        self.ncards = k + 1
        pool = self.pool
        bit = 1 << (c >> 4)
        pool[c & 15] &= ~bit
        if self.k:
            self.k.take(me, c, -1)
        dv = self.out.dv
        best = 0  # (costs: below 0)
        for s in range(STONES):
            e = 0
            km = g.count[s * 2 + me]
            if not g.owner[s] and 0 < km < (4 if g.modes[s] & MODE_MUD else 3):
                e = (self._stone(g, me, s, CUT) - self.p[s]) * dv[s] >> 10
                if e < best:
                    best = e
            self.cut[k * STONES + s] = e
        self.best[k] = best
        pool[c & 15] |= bit
        if self.k:
            self.k.take(me, c, 1)


def candidates(g, me, ruses_always):
    """Every action worth trying for `me` (see action; some may turn out not to be legal:
    they are valued NONE), made one at a time as they are tried: a list of them took 1 KB of
    the Pico's heap at the thinking's peak. (The computer tries each on g and takes it back
    before the next is made.)"""
    placed = False
    hand = sorted(set(g.hand(me)))
    tactic_ok = g.may_play_tactic(me)
    opened = 0  # the stones open for it (bit s), asked once
    for s in range(STONES):
        if g.open_for(s, me):
            opened |= 1 << s
    for c in hand:
        if c >= T.TACTIC and (not tactic_ok or not T.is_elite(c)):
            continue
        if c <= T.JOKER + 1 and c >= T.JOKER and g.joker_played[me]:
            continue
        for s in range(STONES):
            if opened >> s & 1:
                placed = True
                yield PLAY << 24 | c << 16 | s << 8  # (action(PLAY, c, s))
    if tactic_ok and (ruses_always or not placed):
        for c in hand:
            if T.kind(c) == T.MODE:
                for s in range(STONES):
                    if not g.owner[s]:
                        yield action(PLAY, c, s)
            elif c == T.BANSHEE:
                for s in range(STONES):
                    if not g.owner[s]:
                        for x in g.side(s, 1 - me):
                            yield action(BANSHEE, s, x)
            elif c == T.TRAITOR:
                for s in range(STONES):
                    if not g.owner[s]:
                        for x in g.side(s, 1 - me):
                            if x < T.TACTIC:  # (to its own side of the same stone too)
                                for to in range(STONES):
                                    if opened >> to & 1:
                                        yield action(TRAITOR, s, x, to + 1)
            elif c == T.STRATEGIST:
                for s in range(STONES):
                    if not g.owner[s]:
                        for x in g.side(s, me):
                            yield action(STRATEGIST, s, x)
                            for to in range(STONES):
                                if to != s and opened >> to & 1:
                                    yield action(STRATEGIST, s, x, to + 1)
            elif c == T.RECRUITER and g.deck_left() + g.tdeck_left():
                yield action(RECRUIT)
    if not placed:
        yield action(PASS)


def _recruit_choice(g, me):
    """The Recruiter's draw and return: clan cards first; back a Joker it may no longer play
    (one a player), then the lowest clan cards, two in all."""
    n = min(3, g.deck_left() + g.tdeck_left())
    clan = min(n, g.deck_left())
    pool = g.recruited_hand(me, clan, n - clan)
    jk = g.joker_played[me]
    pool.sort(key=lambda x: (not (jk and T.JOKER <= x <= T.JOKER + 1), x >= T.TACTIC, x & 15))
    return clan, n - clan, pool[:min(2, len(pool))]
