# The board screen: the turn played with the buttons, a state machine of modes (whose turn it
# is, the card and stone chosen, the claims, the turn's end) over the round, composed of the
# board's other jobs: its drawing (play_draw.py, which also holds the modes and damage bits,
# imported here for the variants' boards and flows), its words (play_narration.py), and its
# work over frames, the saves and the computer's turn (play_steps.py).
#
# The screen holds no rules: what may be played or claimed, and why not, comes from the engine
# (Game.open_for, Game.claimable, IllegalMove). It only moves a cursor and shows things.
from engine.core.game import IllegalMove, OVER, TO_PLAY
from engine.core.game import PLAY, END, ROUND, action
from engine.core.match import ENTRY
from engine.core.cards import OWN
from engine.ui import keys as K
from engine.ui.app import Screen
from engine.ui.loading import OFF_BOARD
from engine.ui.lang import t, refusal
from engine.ui.play_draw import CARD, STONE, CLAIMING, PASSING, CPU, SHOWN, HANDOVER, FLOW
from engine.ui.play_draw import REDRAW_HAND, REDRAW_HINTS, REDRAW, Drawing
from engine.ui.play_narration import Narration, sentence
from engine.ui.text import MEDIUM
from engine.ui.play_steps import Steps


def _by_value(c):
    """The hand's order by value: value, then clan; a game's own card (a tactic card) after
    all."""
    return c if c >= OWN else (c & 15) << 4 | c >> 4


def board(app, session):
    """The board screen of the session's game (its declaration's BOARD)."""
    from engine.games import made
    d = session.match.declared
    return made(d.BOARD, d.SCREEN)(app, session, d.CHOICES)


class Flow:
    """A choice a variant adds to a turn (the tactical ruses' card and destination, the
    Recruiter's draw and put-back, the deck to draw from): while the board's mode is FLOW it
    takes the keys, draws the area under the table and says the hints; the board owns the
    damage bits and the cursors."""
    aims = False  # does the stone under the cursor show in gold
    busy = False  # has it work under way that needs no key (engine/ui/app.py Screen.busy)

    def __init__(self, board):
        self.b = board

    def column(self, fb, s, me, glyphs):
        """Drawn over stone s's column, after the board's own drawing of it."""
        pass

    def shown(self, s, p, side):
        """p's side of stone s as the close-up shows it."""
        return side

    def asks(self):
        """The question the bar asks while the choice is under way (None: the board's bar)."""
        return None

    def tick(self):
        """Each frame's work while the choice is under way (the board's drawn first)."""
        pass


class Play(Steps, Narration, Drawing, Screen):
    """The board screen: the turn's state machine here, its drawing, words and work over
    frames from the mixins (bases searched left to right, Screen last)."""
    # the claim step's note when nothing can be claimed (the siege's: take)
    none_now = "No stone can be claimed now."  # keys
    # the coach's hint at the card step (engine/ui/hint.py): its key, and its words (keys: the
    # four-button board's last)
    hint_key = (K.UP, "\x12 hint", "hold Y hint")  # keys

    def __init__(self, app, session, choices=()):
        """choices: the modules of the board's choices (the variant's row): unloaded while
        the computer thinks, the heap's peak."""
        super().__init__(app)
        app.unload(OFF_BOARD)
        self.s = session
        self.choices = choices
        self.lay = self._layout()
        self.card = 0  # cursor in the hand
        self.stone = 0  # cursor on the stones
        self.chosen = None  # the card being played
        self.note = ""  # a message over the hints (a refused claim, a pass)
        # a claim refused because they could still beat it: (stone, the cards that would),
        # shown in the close-up, blinking, while the note is (None: none)
        self.refused = None
        self.blink = 0
        self.said = ""  # the computer's move in words, over the hints until the next key
        self.damage = REDRAW
        # 240x240: the entries of the match's log drawn so far (-1: the log is not on screen)
        # and the lines of it shown (engine/ui/words.py)
        self.log_at = -1
        self.log_rows = 0
        self.thinking = None  # the computer's turn under way (a generator; play_steps.py's
        # _TOLD: made, its words read, to be shown)
        self.telling = ""  # the computer's move in words, until it is shown
        self.saving = None  # the save under way (a generator: tick runs it over frames)
        self.owed = False  # the player's turn, not saved yet: it is saved with the reply
        self.spin = 0
        self.thinking_words = ""  # (read as the computer's turn begins: the dots that move
        # while it thinks read no words)
        # Each player's hand as it was when they last chose a card (None: not yet): a card
        # not in it is new, and is underlined until they choose again.
        self.seen = [None, None]
        # (player, stone) of the card the other side placed last turn: marked on the table
        # until the player at the bottom ends their turn (None: none)
        self.mark = None
        self.mode = CARD  # (until _begin_turn finds where the turn stands)
        self.flow = None  # the choice under way while the mode is FLOW
        self.held = None  # a frame (app.now) whose work leaves the whole board to the next
        self.halfway = False  # the whole board's drawing half done: its table in this frame
        # the next whole drawing in two frames whatever the clock says: the first after the
        # computer's thinking, whose garbage fills the heap (the collector, 10-25 ms on the
        # emulated Pico, may run in the frame of either half)
        self.split = False
        self.marked = ()  # the stones the drawing marks claimable, as the log's length was
        self.marked_at = -1
        self.pausing = None  # the frame of the pause menu's last step (B, its code): shown next
        # no card can be played on a side, but another (a tactic card) could: DOWN passes
        self.may_pass = False
        self._begin_turn()

    # --- whose turn, and what they do first -------------------------------------------

    @property
    def g(self):
        return self.s.match.game

    def me(self):
        """The player at the bottom of the screen."""
        if self.s.link:
            return self.s.link.me()
        if self.s.cpu is not None:
            return 0
        return self.g.player

    def _begin_turn(self):
        g = self.g
        self.chosen = None
        if g.phase == OVER:
            self._round_over()
        elif self.s.is_cpu(g.player):
            self.mode = CPU
            self.flow = None
            self.app.unload(self.choices)
            self.thinking_words = t(self.s.link.SAID[0]) % (g.player + 1) if self.s.link else \
                t("Thinking")
            self.thinking = self.s.link.turn(self.s) if self.s.link else self.s.computer_turn()
        elif self.s.cpu is None and not self.s.link:
            self.mode = HANDOVER  # two players: hide the hand until the next one is ready
        else:
            self._start_human()
        self.damage = REDRAW
        self.app.dirty = True

    def _start_human(self):
        g = self.g
        self.damage = REDRAW
        if g.phase != TO_PLAY:  # a game continued after its card was played (saved then)
            self._after_play()
        elif not (self._claims_first() and self._to_claims(self._claim_step())):
            self._to_play()

    def _to_play(self):
        if self.g.can_play():
            self.mode = CARD
            self.card = min(self.card, self.g.hand_n[self.me()] - 1)
        else:
            self.mode = PASSING
            self.note = t("No card can be played: you pass.")

    def _claim_step(self):
        """The stones the claim step this turn starts among, none when there is no step. Only
        with a complete side of one's own; with the claim hints on, only the stones that can
        really be taken (the hint would say so anyway: a key press spared in most turns);
        with them off, the complete sides (the cursor gives away no more than hints would)."""
        complete = self._complete_sides()
        if not complete or not self.app.settings.hints:
            return complete
        return self.claimable()

    def claimable(self):
        """The stones the player to move can claim now, kept for the drawing to mark (the
        proofs are the claim step's costliest work: once a move)."""
        self.marked = self.g.claimable()
        self.marked_at = len(self.s.match.log)
        return self.marked

    def _to_claims(self, ready):
        """On to the claim step when there is one (`ready`: _claim_step's stones), the cursor
        on the nearest of them; returns whether it is."""
        if not ready:
            return False
        self.mode = CLAIMING
        self.damage = REDRAW
        if self.stone not in ready:
            here = self.stone
            self.stone = min(ready, key=lambda s: abs(s - here))
        return True

    def _complete_sides(self):
        """The open stones where the player to move has a complete side."""
        g = self.g
        p = g.player
        return [s for s in range(g.places)
                if not g.owner[s] and g.count[s * 2 + p] == g.need(s)]

    # --- keys -------------------------------------------------------------------------

    def key(self, ev):
        if self.pausing is not None:  # (the pause menu opening: the key is for it)
            if len(self.app.queued) < 8:
                self.app.queued.append(ev)
            return
        b = ev & 0xFF
        if ev & K.LONG or (ev & K.REPEAT and b not in (K.LEFT, K.RIGHT)):
            return  # a held key repeats moves only: never a pass, a claim or a turn's end
        if self.note and self.mode != PASSING:
            self.note = ""
            self.refused = None
            self.damage = REDRAW  # (a long note's box lies over the table)
        if self.said:
            self.said = ""
            self.damage |= REDRAW_HINTS
        mode = self.mode
        if mode == CPU:
            # While the computer thinks the hand can still be looked through, and B pauses
            # (the thinking goes on after Resume); A has nothing to confirm yet.
            if b in (K.LEFT, K.RIGHT):
                self._key_card(b)
            elif b == K.B:
                self._pause()
            return
        if b == K.B and (mode == CARD or mode == CLAIMING and not self.app.four()):
            self._pause()
        elif mode == CARD:
            if b == self.hint_key[0] and self.coached():
                from engine.ui.hint import Hint
                self._go(Hint(self))
            else:
                self._key_card(b)
        elif mode == STONE:
            self._key_stone(b)
        elif mode == CLAIMING:
            self._key_claim(b)
        elif mode == PASSING and b in (K.A, K.B):
            self.note = ""
            self.pass_turn()
        elif mode == SHOWN and b in (K.A, K.B):
            self._begin_turn()
        elif mode == HANDOVER and b == K.A:
            self._start_human()
        elif mode == FLOW:
            self.flow.key(b)
        if self.damage == REDRAW:  # (a move, a choice's code loaded: 20-40 ms on the Pico;
            self.held = self.app.now  # the whole board another 35-50: not in one frame)
        self.app.dirty = True

    def _go(self, flow):
        """On to a choice of the variant's (a Flow), drawn from the next frame: its code may
        have been loaded in this one (the two together made the longest frames)."""
        self.flow = flow
        self.mode = FLOW
        self.damage = REDRAW
        self.held = self.app.now

    def coached(self):
        """Does the coach give hints here? (Set on in the settings; not in a linked match: the
        cable's work and the other handheld leave it no room.)"""
        return self.app.settings.coach and not self.s.link

    def hinted(self, text):
        """The card step's keys' hints and the coach's key, when it is on and has room."""
        if self.coached():
            more = text + "  " + t(self.hint_key[1 + self.app.four()])
            if MEDIUM.width(more) <= self.app.w - 4:
                return more
        return text

    def preparation(self):
        """The preparation the player may take now, as the pause menu names it (None: none;
        the siege's)."""
        return None

    def pass_turn(self):
        """Pass: told that no card can be played (PASSING), or instead of playing one that
        could (may_pass: down, or the pause menu's Pass on the four-button board)."""
        self.s.match.pass_turn(self.g.player)
        self._after_play()

    def _key_card(self, b):
        if b == K.DOWN and self.may_pass:
            self.pass_turn()
            return
        n = self.g.hand_n[self.me()]
        if not n:
            return
        if b in (K.LEFT, K.RIGHT):
            self._move_card((self.card + (1 if b == K.RIGHT else -1)) % n)
        elif b == K.A:
            hand = self._hand()
            self.seen[self.me()] = hand
            self._choose(hand[self.card])

    def _choose(self, c):
        """A on card c of the hand: on to choosing its stone."""
        self.chosen = c
        self.where = self.g.stones_for(self.g.player, c)
        self.mode = STONE
        self.stone = self._next_open(self.stone, 0)
        self.damage = REDRAW

    def _key_stone(self, b):
        if b in (K.LEFT, K.RIGHT):
            self._move_stone(self._next_open(self.stone, 1 if b == K.RIGHT else -1))
        elif b == K.B:
            self._back()
        elif b == K.A:
            self._do(action(PLAY, self.chosen, self.stone))

    def _back(self):
        """B out of a choice: the card is not played."""
        self.chosen = None
        self.mode = CARD
        self.damage = REDRAW

    def _key_claim(self, b):
        g = self.g
        if b in (K.LEFT, K.RIGHT):
            self._move_stone((self.stone + (1 if b == K.RIGHT else -1)) % g.places)
        elif b == K.DOWN or b == K.B:  # (B: the four-button board, with no hold to make)
            if g.phase == TO_PLAY:  # expert: claims done, now play
                self._to_play()
                self.damage = REDRAW
            else:
                self._end_turn()
        elif b == K.A or b == K.UP:  # the stone under the cursor, or all that can be taken
            found = [self.stone] if b == K.A else g.claimable()
            if not found:
                self.note = t(self.none_now)
                self.damage |= REDRAW_HINTS
            for s in found:
                self._claim(s)
            if not self.note and g.phase != OVER:
                self._keep()  # the claims made (once for all of them)

    # --- the play, the claims, the turn's end -----------------------------------------

    def _do(self, a):
        """Make the chosen card's action a; a refusal is shown and the choice stays open (the
        cursors only stop where the engine allows, so it is a slip of the board's)."""
        try:
            self.s.match.act(self.g.player, a)
        except IllegalMove as e:
            self.note = sentence(refusal(e))
            self.damage |= REDRAW_HINTS
            return False
        self.chosen = None
        self.damage = REDRAW
        self._after_play()
        return True

    def _claims_first(self):
        """Is there a claim step before the play? (Expert games; the siege's attacker.)"""
        return self.g.expert

    def _claims_after(self):
        return not self.g.expert

    def _after_play(self):
        if self._claims_after() and self._to_claims(self._claim_step()):
            self._keep()
        else:
            self._end_turn()

    def _claim(self, s):
        g = self.g
        try:
            self.s.match.claim(g.player, s)
        except IllegalMove as e:  # (the claim checker's words when it is the cards)
            self.note = sentence(refusal(e) if e.counter is None else self._beaten(s, e.counter))
            self.refused = (s, e.counter) if e.counter else None
        self.damage = REDRAW
        if g.phase == OVER:
            self._end_turn()

    def _end_turn(self):
        g = self.g
        p = g.player
        if g.phase != OVER:
            self.s.match.end_turn(p)
        self._turn_ended(p)
        self._begin_turn()

    def _turn_ended(self, p):
        """Player p's turn has ended: saved, and its card marked for the other player (with
        two players; the computer's own move is marked as it is shown)."""
        self.mark = None if self.s.cpu is not None or self.s.link else self._placed(p)
        self._save_turn()

    def _on_side(self, c):
        """Does card c, played, go onto its player's side (not onto the place itself)?"""
        return True

    def _placed(self, p):
        """(p, stone) of the card p placed on a side in their last turn, None if none: the
        match's log read back to where that turn began."""
        log = self.s.match.log
        i = len(log) - ENTRY
        while i >= 0 and log[i] & 1 == p and log[i] >> 1 != ROUND:
            if log[i] >> 1 == PLAY and self._on_side(log[i + 1]):
                return (p, log[i + 2])
            i -= ENTRY
            if i >= 0 and log[i] >> 1 == END:
                break  # (p's turn before)
        return None

    # --- off the board ----------------------------------------------------------------

    def _pause(self):
        """The pause menu in two frames' time: the menus' code is read in this one (20 ms on
        the emulated Pico), the pause menu's in the next (30), the menu made and drawn with
        its words in the one after (play_steps.py)."""
        __import__("engine.ui.menu")
        self.pausing = self.app.now

    def _round_over(self):
        """To the round's end, the save under way finished first, a step a frame (none when
        the match is over: the round's end removes the saved game)."""
        from engine.ui import loading
        saving = self.saving
        self.saving = None
        if saving and self.s.match.over():
            saving.close()
            saving = None
        self.app.go(loading.Loading(self.app, loading.round_end(self.app, self.s, saving), None))

    # --- cursor -----------------------------------------------------------------------

    def _hand(self):
        """The hand of the player at the bottom (never the computer's), sorted as the settings
        say: by clan then value (the cards' codes), or by value then clan; tactic cards last.
        The game keeps it in the order it was dealt and drawn (a played card's gap filled by
        the last one): sorted here, a card keeps its place among the others."""
        hand = self.g.hand(self.me())
        return bytes(sorted(hand, key=_by_value) if self.app.settings.by_value else sorted(hand))

    def _playable(self, c):
        """Can the player at the bottom play card c now? (In the classic game every card
        can, or none: then the turn is a pass.)"""
        return True

    def _next_open(self, s, step):
        """The next stone of `where` from s (s itself when step is 0 and it is one)."""
        n = self.g.places
        for i in range(n):
            k = (s + step * (i + 1)) % n if step else (s + i) % n
            if k in self.where:
                return k
        return s

    def _move_card(self, i):
        self.damage |= (1 << (9 + self.card)) | (1 << (9 + i))
        self.card = i

    def _move_stone(self, s):
        self.damage |= (1 << self.stone) | (1 << s) | REDRAW_HAND
        self.stone = s
