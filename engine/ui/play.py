# The board: both sides of every stone, the hand, and the turn played with the buttons.
#
# The screen holds no rules: what may be played or claimed, and why not, comes from the engine
# (Game.open_for, Game.claimable, IllegalMove). It only moves a cursor and shows things.
from micropython import const
from engine.core.game import IllegalMove, OVER, TO_PLAY, SIDE, SLOTS
from engine.core.game import PLAY, CLAIM, PASS, END, ROUND, action
from engine.core.match import ENTRY
from engine.core.formation import RULE_ANY
from engine.core.proof import formation, beaten
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.app import Screen
from engine.ui.loading import OFF_BOARD
from engine.ui.text import SMALL, MEDIUM, wrap
from engine.ui.lang import t, capital, refusal, rest

# What the player is doing.
CARD = const(0)  # choosing a card from the hand
STONE = const(1)  # choosing the stone for it
CLAIMING = const(2)  # claiming after the play (or, in expert games, before it)
PASSING = const(3)  # told that no card can be played
CPU = const(4)  # the computer is thinking
SHOWN = const(5)  # the computer's move that ended the round, shown until a key
HANDOVER = const(6)  # two players: the device changes hands, the hand is hidden
FLOW = const(7)  # a choice the variant adds to the turn: self.flow has the keys (class Flow)

# What to draw anew (a screen's `damage`, bits): 0-8 the stones' columns, 9-15 the hand's
# cards, then the hand's area, the top bar, the hints; REDRAW all of the board
REDRAW_HAND = const(1 << 16)
REDRAW_BAR = const(1 << 17)
REDRAW_HINTS = const(1 << 18)
REDRAW = const(0x7FFFF)
_TOWARD = const(3)  # how far a claimed stone moves toward its owner's side (pixels)
# tactic cards played onto a stone, not a side (engine/tactical/tactics.py)
_ON_STONE = (0x64, 0x65)
_TOLD = ()  # (self.thinking) the computer's move made and its words read: shown next frame


# Where the board puts things, for each screen size: a layout per resolution, not a stretched
# picture (240x240 gets larger cards and a log of the last moves).
class Layout:
    def __init__(self, w, h, places, rows, hand):
        """places: the stones (a column each); rows: cards a side may hold (4 in the tactical
        variant: Mud Fight); hand: cards a hand holds (7 there)."""
        self.w = w
        self.h = h
        self.rows = rows
        self.hand = hand
        self.col = 26  # a stone's column
        self.x0 = (w - places * self.col) // 2 + 1
        self.tile_w = 24
        big = h >= 200
        # the visible strip of a card on the table
        self.tile_h = (16 if big else 10) if rows == 3 else (13 if big else 8)
        top = draw.BAR_H + (2 if big else 1)
        self.opp_y = top  # the opponent's cards, the nearest the stone lowest
        self.stone_y = top + rows * self.tile_h + 1
        self.stone_h = 18 if big else 12 if rows == 3 else 11
        self.me_y = self.stone_y + self.stone_h + 1
        # the rows free between the table and the hand: the hand card under the cursor is
        # raised into them (lift), its 2-pixel cursor frame included
        self.gap = 5 if big else 3
        self.lift = self.gap - 2
        self.hand_y = self.me_y + rows * self.tile_h + self.gap
        self.card_w = 36 if hand == 6 else 30
        self.card_h = 44 if big else 32 if rows == 3 else 29
        self.hand_x = (w - hand * self.card_w - (hand - 1) * 3) // 2
        self.log_y = self.hand_y + self.card_h + 4 if big else 0  # 0: no room for the log
        self.text, self.line = draw.body(h)  # the words' font and line step (close-up, log)
        self.log_lines = (h - draw.HINTS_H - 1 - self.log_y) // self.line if big else 0
        # the y of each card of a side, nearest the stone first
        self.opp_ys = [self.stone_y - 1 - (k + 1) * self.tile_h for k in range(rows)]
        self.me_ys = [self.me_y + k * self.tile_h for k in range(rows)]

    def hand_x_of(self, i):
        return self.hand_x + i * (self.card_w + 3)


def sentence(words):
    """An engine's reason in words ("their side of stone 3 is stronger": lang.refusal, or a
    reason key translated) as a sentence of the board's."""
    return capital(words) + "."


def said(who, you, cpu, other, *fields):
    """A move in words, one key for each kind of subject (a verb agrees with its subject in
    every language): `you`'s ("You play %s at %d"), `cpu`'s ("CPU plays %s at %d") or
    `other`'s ("P%d plays %s at %d": the player's number, then the fields), for `who` the
    subject's code: "You", "CPU", "P1" or "P2" (codes, never shown: engine/ui/words.py). The
    callers' keys are marked `# keys`: only the one said is translated."""
    if who == "You":
        return t(you) % fields
    if who == "CPU":
        return t(cpu) % fields
    return t(other) % ((int(who[1:]),) + fields)


def _by_value(c):
    """The hand's order by value: value, then clan; a tactic card (codes 0x60 up) after all."""
    return c if c >= 0x60 else (c & 15) << 4 | c >> 4


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

    def __init__(self, board):
        self.b = board

    def column(self, fb, s, me, glyphs):
        """Drawn over stone s's column, after the board's own drawing of it."""
        pass

    def shown(self, s, p, side):
        """p's side of stone s as the close-up shows it."""
        return side


class Play(Screen):
    # the claim step's hints, by the buttons (the four-button board's last) and whether the
    # card is played yet; and its note when nothing can be claimed (the siege's: take)
    claim_hints = ("\x11\x10 stone  A claim  \x12 all  \x13 play",  # keys
                   "\x11\x10 stone  A claim  \x12 all  \x13 end turn",
                   "X/Y stone  A claim  B play", "X/Y stone  A claim  B end turn")
    none_now = "No stone can be claimed now."  # keys
    # the hint while a card's place is chosen (the four-button board's last)
    place_hints = ("\x11\x10 stone  A play  B back", "X/Y stone  A play  B back")  # keys

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
        self.thinking = None  # the computer's turn under way (a generator; _TOLD: made, its
        # words read, to be shown)
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
        # no card can be played on a side, but another (a tactic card) could: DOWN passes
        self.may_pass = False
        self._begin_turn()

    def _layout(self):
        g = self.g
        return Layout(self.app.w, self.app.h, g.places, self._rows(), g.hand_size)

    def _rows(self):
        """Cards a side the board has room for: the most any stone's sides need (the tactical
        game's Mud Fight makes 4, and the strips are then narrower: 8 pixels on 240x135,
        where three have 10)."""
        g = self.g
        most = 0
        for s in range(g.places):
            n = g.need(s)
            if n > most:
                most = n
        return most

    # --- whose turn, and what they do first -----------------------------------------

    @property
    def g(self):
        return self.s.match.game

    def me(self):
        """The player at the bottom of the screen."""
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
            self.thinking_words = t("Thinking")
            self.thinking = self.s.computer_turn()
        elif self.s.cpu is None:
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
        elif self._claims_first() and self._claim_step():
            self.mode = CLAIMING
        else:
            self._to_play()

    def _to_play(self):
        if self.g.can_play():
            self.mode = CARD
            self.card = min(self.card, self.g.hand_n[self.me()] - 1)
        else:
            self.mode = PASSING
            self.note = t("No card can be played: you pass.")

    def _claim_step(self):
        """Is there a claim step this turn? Only with a complete side of one's own; and with
        the claim hints on, only when a stone can really be taken (the hint would say so
        anyway), which spares a key press in most turns."""
        if not self._my_complete():
            return False
        return not self.app.settings.hints or bool(self.g.claimable())

    def _my_complete(self):
        g = self.g
        p = g.player
        for s in range(g.places):
            if not g.owner[s] and g.count[s * 2 + p] == g.need(s):
                return True
        return False

    # --- keys -----------------------------------------------------------------------

    def key(self, ev):
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
        self.app.dirty = True

    def _go(self, flow):
        """On to a choice of the variant's (a Flow)."""
        self.flow = flow
        self.mode = FLOW
        self.damage = REDRAW

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
        if self._claims_after() and self._claim_step():
            self.mode = CLAIMING
            self.damage = REDRAW
            self._keep()
        else:
            self._end_turn()

    def _keep(self):
        """Save the game in the middle of a turn: quitting (or cutting the power) at the
        claim step must not take back the card played, nor the claims made."""
        self._save()

    def _save(self):
        """Save the game over the next frames (tick): on the Pico's flash a save may take
        100 ms or more, too long for one frame. A save still under way gives way to this
        newer one."""
        if self.saving:
            self.saving.close()
        self.saving = self.s.save_steps(self.app.storage)
        self.owed = False

    def _save_turn(self):
        """Save the turn just ended: with two players at once (over the next frames), against
        the computer together with its reply (tick), so that no save delays the move. A power
        cut while the computer thinks takes back only the player's turn, to be played again;
        leaving the board saves it first (_saved)."""
        if self.s.cpu is not None and self.g.phase != OVER:
            self.owed = True
        else:
            self._save()

    def _save_now(self):
        """Save the game before this frame ends (what the player sees next must be saved)."""
        if self.saving:
            self.saving.close()
            self.saving = None
        self.s.save(self.app.storage)
        self.owed = False

    def _saved(self):
        """Finish the save under way, if any, or make the one owed: before leaving the board."""
        if self.owed:
            self._save_now()
        if self.saving:
            for _ in self.saving:
                pass
            self.saving = None

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
        self.mark = None if self.s.cpu is not None else self._placed(p)
        self._save_turn()

    def _placed(self, p):
        """(p, stone) of the card p placed on a side in their last turn, None if none: the
        match's log read back to where that turn began."""
        log = self.s.match.log
        i = len(log) - ENTRY
        while i >= 0 and log[i] & 1 == p and log[i] >> 1 != ROUND:
            if log[i] >> 1 == PLAY and log[i + 1] not in _ON_STONE:
                return (p, log[i + 2])
            i -= ENTRY
            if i >= 0 and log[i] >> 1 == END:
                break  # (p's turn before)
        return None

    def _pause(self):
        from engine.ui.pause import pause_menu
        self._saved()
        self.app.go(pause_menu(self.app, self))

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

    # --- each frame -------------------------------------------------------------------

    def busy(self):
        return self.thinking is not None or self.saving is not None

    def tick(self):
        if self.refused:  # the cards that would beat the claim blink, 300 ms on, 300 off
            blink = (self.app.now // 300) & 1
            if blink != self.blink:
                self.blink = blink
                self.damage |= REDRAW_HAND
                self.app.dirty = True
        if self.mode == CPU:
            spin = (self.app.now // 200) % 4
            if spin != self.spin:  # the dots move every 200 ms: only then is there news to draw
                self.spin = spin
                self.damage |= REDRAW_HINTS
                self.app.dirty = True
        # a step of the save a frame (it may erase a sector: 45 ms); none in a frame that
        # redraws the whole board (50 ms in the tactical variant), nor while the computer
        # thinks (a save then under way gives way to the one after the move)
        if self.saving and self.mode != CPU and not (self.app.dirty and self.damage == REDRAW):
            try:
                next(self.saving)
            except StopIteration:
                self.saving = None
        if self.mode != CPU or self.app.dirty and self.damage == REDRAW:
            return  # (the board is drawn first, its words read; the thinking from the next frame)
        if self.thinking is _TOLD:
            self._show_move()
            return
        rest()  # (the words' reader and the words kept: the computer needs the room)
        try:
            next(self.thinking)
            while self.app.spare():  # the device fills its frame (the moves do not change)
                next(self.thinking)
        except StopIteration:
            # The move's words are read in this frame (the words' reader loaded again: 20 ms
            # on the Pico) and the board drawn anew in the next (40-60 ms): not both in one.
            self.thinking = _TOLD
            self.telling = self._cpu_words()

    def _show_move(self):
        """The computer's move, made and told last frame, on the board: marked, said, saved."""
        self.thinking = None
        self._save()  # (both turns) in the frames after the one that shows the move
        self.mark = self._placed(1)
        if self.g.phase == OVER:  # the move that won: shown before the round's end
            self.mode = SHOWN
        else:
            self._start_human()  # the player's turn at once, the move said and marked
        self.said = self.telling
        if self.mode == SHOWN:  # (the key's hint after the words, when they leave room)
            more = self.said + "  " + t("A continue")
            if MEDIUM.width(more) < self.app.w - 4:
                self.said = more
        self.damage = REDRAW
        self.app.dirty = True

    def _cpu_words(self):
        """The computer's last turn in words, read from the match's log: its moves' sentences
        joined by commas, its claims last ("claims 2 5" after another move)."""
        log = self.s.match.log
        parts = []
        claims = []
        for i in range(self.s.first, len(log), ENTRY):
            kind = log[i] >> 1
            if kind == CLAIM:
                claims.append(str(log[i + 1] + 1))
            else:
                words = self._logged(kind, "CPU", log[i + 1], log[i + 2], log[i + 3])
                if words:
                    parts.append(words)
        if claims:  # (in an expert game its claims may end the round before it plays)
            parts.append((t("claims %s") if parts else t("CPU claims %s")) % " ".join(claims))
        return self._drew(", ".join(parts)) + "."

    def _drew(self, words):
        """The computer's turn in words with what it drew, when both players see it (the
        tactical board)."""
        return words

    # --- drawing ----------------------------------------------------------------------

    def draw(self, fb):
        if self.lay.rows != self._rows():
            self.lay = self._layout()  # (a Mud Fight was played: the board makes room)
            self.damage = REDRAW
        d = self.damage
        self.damage = 0
        self.app.turn = 0 if self.g.phase == OVER else 1 + self.g.player
        # the stones to mark as claimable (worked out once a drawing)
        hint = self.mode == CLAIMING and self.app.settings.hints
        self.marked = self.g.claimable() if hint else ()
        if self.app.shown is not self:
            self.log_at = -1  # another screen was drawn since: the log is gone too
        if d == REDRAW:
            if self.log_at < 0:
                self.app.clear(fb)
            else:  # all but the log, which draws only what changed (_draw_log)
                fb.fill_rect(0, 0, self.lay.w, self.lay.log_y, P.BG)
        if d & REDRAW_BAR:
            self._draw_bar(fb)
        me = self.me()
        glyphs = self.app.settings.glyphs
        for s in range(self.g.places):
            if d & (1 << s):
                self._draw_column(fb, s, me, glyphs, d != REDRAW)
        if d & REDRAW_HAND or (d >> 9) & 127:
            self._draw_lower(fb, d)
        if d & REDRAW_HINTS:
            self._draw_hints(fb)
        if self.lay.log_lines:
            self._draw_log(fb)

    def _draw_bar(self, fb):
        draw.bar(fb, self.app.w, "", t("Deck %d") % self.g.deck_left())
        self._draw_scores(fb)

    def _names(self):
        """The players' names on the bar: you and the computer, or player 1 and player 2."""
        if self.s.cpu is not None:
            return t("You"), t("CPU")
        return t("P%d") % 1, t("P%d") % 2

    def _draw_scores(self, fb):
        """The bar's left: the round (in a match), then each player's stones, the name of the
        one to move drawn inverted (whose turn it is: by shape, not by colour alone)."""
        m = self.s.match
        g = m.game
        x = 2
        if m.rounds > 1:
            x = MEDIUM.draw(fb, t("R%d/%d") % (m.round_no(), m.rounds) + "  ", x, 1, P.WHITE) + 1
        names = self._names()
        for p in (0, 1):
            ink = P.WHITE
            if p == g.player and g.phase != OVER:
                fb.fill_rect(x - 1, 0, MEDIUM.width(names[p]) + 2, draw.BAR_H, P.WHITE)
                ink = P.PANEL
            x = MEDIUM.draw(fb, names[p], x, 1, ink) + 1
            x = MEDIUM.draw(fb, " %d  " % g.stones_of(p), x, 1, P.WHITE) + 1

    def _draw_column(self, fb, s, me, glyphs, clear):
        """Stone s with both its sides, `me` at the bottom (the hot path of a full redraw:
        locals, few lookups); `clear` first when the screen was not just cleared."""
        lay = self.lay
        g = self.g
        x = lay.x0 + s * lay.col
        tw = lay.tile_w
        th = lay.tile_h
        if clear:
            top = lay.opp_y
            # (the gaps on both sides too: a cursor's frame reaches into them)
            fb.fill_rect(x - 2, top - 1, lay.col + 2, lay.me_y + lay.rows * th - top + 2, P.BG)
        sides = g.sides
        for p in (1 - me, me):
            ys = lay.me_ys if p == me else lay.opp_ys
            i = s * 2 + p
            n = g.count[i]
            for k in range(n):
                draw.card(fb, sides[i * SLOTS + k], x, ys[k], tw, th, glyphs)
            if n and self.mark == (p, s):  # the other side's last card
                draw.mark(fb, sides[i * SLOTS + n - 1], x, ys[n - 1], tw, th)
            if p == me and self.mode == STONE and s == self.stone and self._onto_side():
                draw.card(fb, self.chosen, x, ys[n], tw, th, glyphs)  # where it would go,
                draw.outline(fb, x, ys[n], tw, th)  # framed
        self._draw_stone(fb, s, x)
        if self.mode == FLOW:
            self.flow.column(fb, s, me, glyphs)

    def _stone_box(self, s):
        """(y, height) of stone s: a claimed stone is drawn lower, against its owner's side,
        when that side is at the bottom, else higher (who holds it by place, not only by
        colour, as when the stones are moved on a real table)."""
        lay = self.lay
        owner = self.g.owner[s]
        if not owner:
            return lay.stone_y, lay.stone_h
        return lay.stone_y + (_TOWARD if owner - 1 == self.me() else 0), lay.stone_h - _TOWARD

    def _draw_stone(self, fb, s, x):
        lay = self.lay
        y, h = self._stone_box(s)
        owner = self.g.owner[s]
        fill = P.STONE
        if owner:
            fill = P.ME if owner == 1 else P.THEM  # each player's colour, whoever looks
        mode = self.mode
        at = (mode == STONE or mode == CLAIMING or mode == FLOW and self.flow.aims) \
            and s == self.stone
        fb.fill_rect(x, y, lay.tile_w, h, P.GOLD if at else fill)
        if owner and at:  # its owner's colour kept, a frame round the cursor's gold
            fb.rect(x, y, lay.tile_w, h, fill)
            fb.rect(x + 1, y + 1, lay.tile_w - 2, h - 2, fill)
            fb.rect(x + 2, y + 2, lay.tile_w - 4, h - 4, fill)
        SMALL.glyph(fb, SMALL.map[49 + s], x + lay.tile_w // 2 - 2,  # its number, 1 + s
                    y + (h - 8) // 2 + 1, P.BLACK)
        if s in self.marked:  # claimable: a ring two pixels thick
            fb.rect(x - 1, y - 1, lay.tile_w + 2, lay.stone_h + 2, P.GOLD)
            fb.rect(x, y, lay.tile_w, lay.stone_h, P.GOLD)

    def _draw_lower(self, fb, d):
        lay = self.lay
        mode = self.mode
        if mode == FLOW:
            self.flow.lower(fb)
            return
        if mode in (STONE, CLAIMING):
            if d & REDRAW_HAND or (d >> 9) & 127:
                self._draw_zoom(fb)
            return
        if d & REDRAW_HAND:
            fb.fill_rect(0, lay.hand_y - lay.gap, lay.w, lay.card_h + lay.gap + 1, P.BG)
        if mode == HANDOVER:
            self._draw_handover(fb)
            return
        hand = self._hand()
        at = self.card  # drawn last: its cursor reaches over its neighbours' edges
        for i in range(lay.hand):
            if i != at and (d & REDRAW_HAND or d & (1 << (9 + i))):
                self._draw_hand_card(fb, i, hand, not d & REDRAW_HAND)
        if at < lay.hand and (d & REDRAW_HAND or d & (1 << (9 + at))):
            self._draw_hand_card(fb, at, hand, not d & REDRAW_HAND)

    def _draw_hand_card(self, fb, i, hand, clear):
        lay = self.lay
        x = lay.hand_x_of(i)
        y = lay.hand_y
        if clear:
            fb.fill_rect(x - 2, y - lay.gap, lay.card_w + 4, lay.card_h + lay.gap + 1, P.BG)
        if i >= len(hand):
            draw.slot(fb, x, y, lay.card_w, lay.card_h)
            return
        up = lay.lift if self.mode == CARD and i == self.card else 0
        draw.card(fb, hand[i], x, y - up, lay.card_w, lay.card_h, self.app.settings.glyphs, True)
        if not self._playable(hand[i]):
            draw.crossed(fb, hand[i], x, y - up, lay.card_w, lay.card_h)
        seen = self.seen[self.me()]
        if seen is not None and hand[i] not in seen:  # drawn since the player last chose
            fb.hline(x, y + lay.card_h, lay.card_w, P.GOLD)
        if up:
            draw.cursor(fb, x, y - up, lay.card_w, lay.card_h)
        elif self.mode == CPU and i == self.card:  # (looked through while the computer
            draw.cursor(fb, x, y, lay.card_w, lay.card_h, True)  # thinks: not the turn's)

    def _draw_zoom(self, fb):
        """The stone under the cursor, enlarged: their side, then yours; an incomplete side's
        empty places show, dark, the cards that would make its best formation (the lens)."""
        lay = self.lay
        me = self.me()
        s = self.stone
        y = lay.hand_y - 4
        fb.fill_rect(0, y, lay.w, lay.card_h + 5, P.BG)
        n = self._need(s)
        glyphs = self.app.settings.glyphs
        cx = lay.w // 2
        font = lay.text
        font.centre(fb, self._place_title(s), cx, y + 3, P.GOLD)
        for p in (1 - me, me):
            side = self._side_shown(s, p)
            lens = self._lens(s, p, side, n) if len(side) < n else None
            counter = p != me and self.refused and self.refused[0] == s
            if counter:  # the cards that beat the claim (the proof counts your hand too)
                cards = self.refused[1]
                lens = (self._strength(side + bytes(cards), s), cards)
            for k in range(n):
                x, w = self._zoom_x(p, k, n)
                if k < len(side):
                    draw.card(fb, side[k], x, y + 2, w, lay.card_h, glyphs, n == SIDE)
                elif lens:
                    draw.ghost(fb, lens[1][k - len(side)], x, y + 2, w, lay.card_h, glyphs)
                    if counter and self.blink:
                        draw.outline(fb, x, y + 2, w, lay.card_h)
                else:
                    draw.slot(fb, x, y + 2, w, lay.card_h)
            font.centre(fb, self._side_words(p, side, n, lens), cx,
                        y + 3 + lay.line * (2 if p == me else 1) + 1,
                        P.ME if (p == me) == (me == 0) else P.THEM)

    def _zoom_x(self, p, k, n):
        """(x, width) of card k of p's side in the close-up of a stone with sides of n: their
        side at the left, the player's at the right."""
        w = 23 if n == SIDE else 16  # (the middle between: 82 or 86 pixels for the words)
        x0 = self.lay.w - 4 - n * (w + 2) if p == self.me() else 4
        return x0 + k * (w + 2), w

    def _side_shown(self, s, p):
        """p's side of stone s, with the card being placed there (the player's)."""
        side = self.g.side(s, p)
        if self.mode == STONE and p == self.me() and self._onto_side():
            side = side + bytes([self.chosen])
        elif self.mode == FLOW:
            side = self.flow.shown(s, p, side)
        return side

    def _need(self, s):
        """Cards a complete side holds at stone s, as the close-up shows it."""
        return self.g.need(s)

    def _onto_side(self):
        """Does the chosen card go onto a side (not onto the stone itself)?"""
        return True

    def _side_words(self, p, side, n, lens):
        """p's side in words: its formation once complete, else (the lens) the best it could
        still make, or how many cards it holds when it cannot be completed."""
        font = self.lay.text
        _, w = self._zoom_x(p, 0, n)
        room = self.lay.w - 10 - 2 * n * (w + 2)  # (between the two sides' cards)
        rule = self._rule(self.stone)
        if len(side) == n:  # (its sum left out when there is no room for it)
            name, total = formation(self._strength(side, self.stone), n, rule)
            words = "%s (%d)" % (t(name), total)
            return words if font.width(words) <= room else t(name)
        mine = p == self.me()
        if lens is None:
            return (t("You %d of %d") if mine else t("They %d of %d")) % (len(side), n)
        name = t(formation(lens[0], n, rule)[0])  # (whose left out when there is no room)
        words = (t("You: %s") if mine else t("They: %s")) % name
        return words if font.width(words) <= room else name

    def _place_title(self, s):
        """The close-up's title: the stone under the cursor."""
        return t("Stone %d") % (s + 1)

    def _rule(self, s):
        """The formation rule of stone s (the siege's sections have theirs)."""
        return RULE_ANY

    def _lens(self, s, p, side, n):
        """The strongest way p's side of stone s (`side`, as shown) can still be completed
        with cards the player at the bottom has not seen played (for the other side: not in
        their own hand either): (strength, cards added), or None when it cannot."""
        g = self.g
        unseen = bytearray(g.unseen)
        me = self.me()
        if p != me:
            gone = g.hand(me)
        elif len(side) > g.count[s * 2 + p]:
            gone = (self.chosen,)  # (being placed: shown on the side already)
        else:
            gone = ()
        for c in gone:
            if c < 0x60:  # (tactic cards never come in a completion)
                unseen[c & 15] &= ~(1 << (c >> 4))
        return g.completion(side, s, n, unseen)

    def _strength(self, side, s):
        """The strength of a complete side of stone s, as the close-up shows it."""
        return self.g.side_strength(side, s, self._need(s))

    def _beaten(self, s, cards):
        """Why the player's claim of stone s fails, `cards` the engine's counter-example."""
        g = self.g
        p = g.player
        return beaten(self._strength(g.side(s, p), s),
                      self._strength(g.side(s, 1 - p) + bytes(cards), s), cards, self._need(s),
                      self._labels, self._rule(s), t)

    def _labels(self, cards):
        return draw.labels(cards, self.app.settings.glyphs)

    def _draw_handover(self, fb):
        lay = self.lay
        y = lay.hand_y
        draw.box(fb, 8, y - 2, lay.w - 16, lay.card_h)
        SMALL.centre(fb, t("Pass the device to player %d") % (self.g.player + 1), lay.w // 2,
                     y + 6, P.WHITE)
        SMALL.centre(fb, t("then press A"), lay.w // 2, y + 18, P.GOLD)

    def _draw_hints(self, fb):
        app = self.app
        words = self.note or self.said
        if words and MEDIUM.width(words) <= app.w - 4:
            draw.hints(fb, app.w, app.h, words, P.WHITE)
            return
        if words:  # in a box over the table (the close-up stays in view), the keys' hints under
            rows = wrap(MEDIUM, words, app.w - 12)
            y = draw.BAR_H + 2
            draw.box(fb, 2, y, app.w - 4, 12 * len(rows) + 4)
            for k in range(len(rows)):
                MEDIUM.draw(fb, rows[k], 6, y + 3 + 12 * k, P.WHITE)
        four = app.four()
        mode = self.mode
        if mode == CPU:
            text = self.thinking_words + "." * (self.spin + 1)
        elif mode == HANDOVER:
            text = t("A ready")
        elif mode == FLOW:
            text = self.flow.hints(four)
        elif mode == CARD:
            text = t("X/Y card  A choose  B menu") if four else \
                t("\x11\x10 card  A choose  B menu")
        elif mode == STONE:
            text = t(self.place_hints[1 if four else 0])
        elif mode == CLAIMING:
            text = t(self.claim_hints[(2 if four else 0) + (self.g.phase != TO_PLAY)])
        else:
            text = t("A continue")
        draw.hints(fb, app.w, app.h, text)

    def _draw_log(self, fb):
        from engine.ui.words import draw_log
        draw_log(self, fb)

    def _logged(self, kind, who, a, b, c):
        """A logged action in words, `who` its subject (said); None: not shown."""
        if kind == PLAY:
            return said(who, "You play %s at %d", "CPU plays %s at %d",  # keys
                        "P%d plays %s at %d", self._labels((a,)), b + 1)
        if kind == CLAIM:
            return said(who, "You claim stone %d", "CPU claims stone %d",  # keys
                        "P%d claims stone %d", a + 1)
        if kind == PASS:
            return said(who, "You pass", "CPU passes", "P%d passes")  # keys
        return None
