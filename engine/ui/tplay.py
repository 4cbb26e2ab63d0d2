# The board of the tactical variant (RULES.md section 2): the classic board (play.py) with
# hands of 7, room for 4 cards a side (Mud Fight), the tactic cards with their choices, and the
# deck to draw from at the end of a turn. Loaded only for tactical games.
#
# As on the classic board the rules are the engine's (engine/tactical.py): where a card may go
# (stones_for), what a ruse may take (targets) and where to (destinations), the Recruiter's
# draws (recruit_draws), the decks to draw from (decks_for), why a card cannot be played now
# (why_not). The screen moves cursors over what the engine offers.
from micropython import const
from engine import tactics as T
from engine.cards import name, NO_CARD
from engine.game import IllegalMove, OVER, PLAY, action
from engine.tactical import RECRUIT, STRATEGIST, BANSHEE, TRAITOR
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.play import Play, CARD, STONE, CLAIMING, PASSING, sentence, said
from engine.ui.play import REDRAW, REDRAW_HAND, REDRAW_BAR, REDRAW_HINTS
from engine.ui.text import SMALL, MEDIUM

# What the player is doing, beyond play.py's modes
PICK = const(7)  # a ruse: the card it takes (the stone, then the card there)
DEST = const(8)  # the Strategist's or the Traitor's: where the card goes
DRAW = const(9)  # the Recruiter: how many cards from each deck
BACK = const(10)  # the Recruiter: the two cards put back
DECK = const(11)  # the deck to draw from at the end of the turn
_FLOWS = (PICK, DEST, DRAW, BACK)


# Each tactic card in one line (by code - TACTIC), shown while it is chosen
ABOUT = ("Joker: any colour, any value", "Joker: any colour, any value",
         "Spy: a 7 of any colour", "Shield Bearer: a 1, 2 or 3, any colour",
         "Blind-Man's Bluff: only sums count here", "Mud Fight: 4 cards a side here",
         "Recruiter: draw 3 cards, put 2 back", "Strategist: move or discard your card",
         "Banshee: discard a card of theirs", "Traitor: their clan card to your side")


class TacticalPlay(Play):
    AIMING = [STONE, CLAIMING, PICK, DEST]

    def __init__(self, app, session):
        self.may_pass = False  # no clan card can be played: DOWN passes
        self.pick = 0  # PICK: which of the cards the ruse may take at the stone
        self.taken = None  # DEST: (stone, card) the ruse took
        self.draws = None  # DRAW: the Recruiter's possible draws, `split` the one shown
        self.split = 0
        self.drawn = None  # BACK: the hand after the Recruiter's draw, `putback` the places of the cards put back
        self.putback = []
        self.deck = 0  # DECK: 0 the clan deck, 1 the tactic deck
        super().__init__(app, session)

    def _start_human(self):
        if self.s.pending:  # a game continued in the middle of a Recruiter's draw
            self._put_back()
        else:
            super()._start_human()

    def _to_play(self):
        g = self.g
        p = g.player
        self.may_pass = not g.can_play()
        if self.may_pass:
            for c in g.hand(p):
                if g.why_not(p, c) is None:  # a tactic card to play instead of passing
                    break
            else:
                self.mode = PASSING
                self.note = "No card can be played: you pass."
                return
        self.mode = CARD
        self.card = max(0, min(self.card, g.hand_n[self.me()] - 1))

    # --- keys -----------------------------------------------------------------------

    def _key_card(self, b):
        if b == K.DOWN and self.mode == CARD and self.may_pass:
            self.pass_turn()
        else:
            super()._key_card(b)

    def pass_turn(self):
        """Pass instead of playing a tactic card (no clan card can be played): down, or the
        pause menu's Pass (the four-button board, where down is a hold)."""
        self.s.match.pass_turn(self.g.player)
        self._after_play()

    def _move_card(self, i):
        super()._move_card(i)
        self.damage |= REDRAW_BAR | REDRAW_HINTS  # what a tactic card does, or why not now

    def _choose(self, c):
        g = self.g
        why = g.why_not(g.player, c)
        if why:
            self.note = sentence(why)
            self.damage |= REDRAW_HINTS
        elif c == T.RECRUITER:
            self.chosen = c
            self.draws = g.recruit_draws()
            self.split = len(self.draws) - 1  # clan cards first
            self._go(DRAW)
        elif c >= T.STRATEGIST:
            self.chosen = c
            self.where = g.stones_for(g.player, c)
            self.stone = self._next_open(self.stone, 0)
            self.pick = 0
            self._go(PICK)
        else:
            super()._choose(c)

    def _go(self, mode):
        self.mode = mode
        self.damage = REDRAW

    def _key_more(self, b):
        mode = self.mode
        if mode == PICK:
            self._key_pick(b)
        elif mode == DEST:
            self._key_dest(b)
        elif mode == DRAW:
            self._key_draw(b)
        elif mode == BACK:
            self._key_back(b)
        elif mode == DECK:
            if b in (K.LEFT, K.RIGHT):
                self.deck = 1 - self.deck
                self.damage |= REDRAW_HAND
            elif b == K.A:
                self._end_turn()
            elif b == K.B:
                self._pause()

    def _key_pick(self, b):
        g = self.g
        if b in (K.LEFT, K.RIGHT):
            self._move_stone(self._next_open(self.stone, 1 if b == K.RIGHT else -1))
            self.pick = 0
        elif b in (K.UP, K.DOWN):
            n = len(self._targets())
            if n:
                self.pick = (self.pick + (1 if b == K.DOWN else -1)) % n
                self.damage |= (1 << self.stone) | REDRAW_HAND
        elif b == K.B:
            self.chosen = None
            self._go(CARD)
        elif b == K.A and self._targets():
            c = self._targets()[self.pick]
            if self.chosen == T.BANSHEE:
                self._do(action(BANSHEE, self.stone, c))
            else:
                self.taken = (self.stone, c)
                self.where = g.destinations(g.player, self.chosen, self.stone)
                self.stone = self._next_open(self.stone, 1)
                self._go(DEST)

    def _key_dest(self, b):
        stone, c = self.taken
        if b in (K.LEFT, K.RIGHT):
            self._move_stone(self._next_open(self.stone, 1 if b == K.RIGHT else -1))
        elif b == K.B:
            g = self.g
            self.stone = stone
            self.where = g.stones_for(g.player, self.chosen)
            self._go(PICK)
        elif b == K.A and self.stone not in self.where:
            self.note = "No stone has room for it" + (
                ": down discards it." if self.chosen == T.STRATEGIST else ".")
            self.damage |= REDRAW_HINTS
        elif b == K.A:
            if self.chosen == T.TRAITOR:
                self._do(action(TRAITOR, stone, c, self.stone + 1))
            else:
                self._do(action(STRATEGIST, stone, c, self.stone + 1))
        elif b == K.DOWN and self.chosen == T.STRATEGIST:
            self._do(action(STRATEGIST, stone, c))  # discard it

    def _do(self, a):
        """Play the chosen ruse, action a; a refusal is shown and the choice stays open."""
        try:
            self.s.match.act(self.g.player, a)
        except IllegalMove as e:
            self.note = sentence(e.reason)
            self.damage |= REDRAW_HINTS
            return
        self.chosen = None
        self.damage = REDRAW
        self._after_play()

    def _key_draw(self, b):
        g = self.g
        if b in (K.LEFT, K.RIGHT):
            self.split = (self.split + (1 if b == K.RIGHT else -1)) % len(self.draws)
            self.damage |= REDRAW_HAND | REDRAW_HINTS
        elif b == K.B:
            self.chosen = None
            self._go(CARD)
        elif b == K.A:  # the cards are drawn: from here on there is no going back
            self.s.pending = self.draws[self.split]
            self._save_now()  # not even by cutting the power
            self._put_back()

    def _put_back(self):
        """The Recruiter's cards are drawn (session.pending): on to the two put back."""
        g = self.g
        self.chosen = T.RECRUITER
        self.drawn = g.recruited_hand(g.player, *self.s.pending)
        self.putback = []
        self.card = 0
        self._go(BACK)

    def _key_back(self, b):
        n = len(self.drawn)
        if b in (K.LEFT, K.RIGHT):
            self.card = (self.card + (1 if b == K.RIGHT else -1)) % n
        elif b == K.B and self.putback:
            self.putback.pop()
        elif b == K.A:
            if self.card in self.putback:
                self.putback.remove(self.card)
            else:
                self.putback.append(self.card)
            if len(self.putback) == min(2, n):
                clan, tactic = self.s.pending
                back = [self.drawn[i] for i in self.putback] + [NO_CARD, NO_CARD]
                self.putback = []
                self.card = 0
                self._do(action(RECRUIT, clan * 4 + tactic, back[0], back[1]))
                if self.chosen is None:  # done (never refused: the engine offered the draw)
                    self.s.pending = None
                return
        self.damage |= REDRAW_HAND | REDRAW_HINTS

    def _end_turn(self):
        g = self.g
        if g.phase != OVER:
            decks = g.decks_for(g.player)
            if len(decks) > 1 and self.mode != DECK:
                self.deck = 0  # the clan deck unless the player moves to the other
                self._go(DECK)
                self._keep()
                return
            deck = self.deck if len(decks) > 1 else decks[0] if decks else 0
            self.s.match.end_turn(g.player, deck)
        self._save_turn()
        self._begin_turn()

    def _targets(self):
        g = self.g
        return g.targets(g.player, self.chosen, self.stone)

    # --- the computer's turn in words -------------------------------------------------

    def _drew(self, words):
        # the deck it drew from is seen by both players: said when the line has room
        if self.s.drew == 1 and MEDIUM.width(words) < self.app.w - 90:
            return ", draws a tactic"
        return ""

    def _logged(self, kind, who, a, b, c):
        if kind == PLAY and a in (T.BLIND, T.MUD):
            return "%s %s on %d" % (said(who, "put"), name(a), b + 1)
        if kind == RECRUIT:
            return "%s %d clan, %d tactic" % (said(who, "recruit"), a >> 2, a & 3)
        if kind == STRATEGIST:
            if not c:
                return "%s own %s at %d" % (said(who, "discard"), self._labels((b,)), a + 1)
            return "%s %s from %d to %d" % (said(who, "move"), self._labels((b,)), a + 1, c)
        if kind == BANSHEE:
            return "%s %s at %d" % (said(who, "discard"), self._labels((b,)), a + 1)
        if kind == TRAITOR:
            return "%s %s at %d to %d" % (said(who, "take"), self._labels((b,)), a + 1, c)
        return super()._logged(kind, who, a, b, c)

    # --- drawing ----------------------------------------------------------------------

    def _onto_side(self):
        return self.chosen not in (T.BLIND, T.MUD)

    def _playable(self, c):
        return self.g.why_not(self.me(), c) is None

    def _need(self, s):
        if self.mode == STONE and self.chosen == T.MUD and s == self.stone:
            return 4  # the close-up of the stone a Mud Fight goes on: sides of 4
        return self.g.need(s)

    def _side_shown(self, s, p):
        if self.mode == DEST and s == self.stone and p == self.me() and s in self.where:
            return self.g.side(s, p) + bytes((self.taken[1],))
        return super()._side_shown(s, p)

    def _draw_bar(self, fb):
        g = self.g
        c = self.chosen
        if self.mode == CARD:
            hand = self._hand()
            c = hand[self.card] if self.card < len(hand) else None
        if c is not None and c >= T.TACTIC and self.mode in (CARD, STONE) + _FLOWS:
            draw.bar(fb, self.app.w, ABOUT[c - T.TACTIC])
            return
        me = self.me()
        draw.bar(fb, self.app.w, "", "Deck %d+%d" % (g.deck_left(), g.tdeck_left()))
        self._draw_scores(fb)
        # the tactic cards played, in the order of the scores, gold when the player at the
        # bottom is at the limit
        t = g.tactics_played
        MEDIUM.centre(fb, "Tactics %d:%d" % (t[0], t[1]), self.app.w // 2 + 8, 1,
                     P.WHITE if g.may_play_tactic(me) else P.GOLD)

    def _draw_stone(self, fb, s, x):
        super()._draw_stone(fb, s, x)
        lay = self.lay
        modes = self.g.modes[s]
        if self.mode == STONE and s == self.stone and not self._onto_side():
            modes |= T.mode_of(self.chosen)  # where it goes
        y, h = self._stone_box(s)
        y += (h - 8) // 2 + 1
        if modes & T.MODE_BLIND:
            SMALL.draw(fb, "B", x + 2, y, P.BLACK)
        if modes & T.MODE_MUD:
            SMALL.draw(fb, "M", x + lay.tile_w - 7, y, P.BLACK)

    def _draw_column(self, fb, s, me, glyphs, clear):
        super()._draw_column(fb, s, me, glyphs, clear)
        mode = self.mode
        if mode not in (PICK, DEST):
            return
        lay = self.lay
        x = lay.x0 + s * lay.col
        th = lay.tile_h
        if mode == PICK and s == self.stone:
            found = self._targets()
            at = (s, found[self.pick]) if found else None
        else:
            at = self.taken if mode == DEST and s == self.taken[0] else None
        if at:  # the card the ruse takes, in the cursor's frame (grey once it is taken)
            p = self._taken_side()
            y = (lay.me_ys if p == me else lay.opp_ys)[self._slot(s, at[1])]
            draw.card(fb, at[1], x, y, lay.tile_w, th, glyphs)
            draw.outline(fb, x, y, lay.tile_w, th, mode == DEST)
        if mode == DEST and s == self.stone and s in self.where:  # where it would go
            y = lay.me_ys[self.g.count[s * 2 + me]]
            draw.card(fb, self.taken[1], x, y, lay.tile_w, th, glyphs)
            draw.outline(fb, x, y, lay.tile_w, th)

    def _draw_lower(self, fb, d):
        mode = self.mode
        if mode in (PICK, DEST):
            self._draw_zoom(fb)
            if mode == PICK and self._targets():  # the card it takes, framed
                self._frame_zoomed(fb)
        elif mode in (DRAW, DECK):
            self._draw_choice(fb)
        elif mode == BACK:
            self._draw_back(fb)
        else:
            super()._draw_lower(fb, d)

    def _frame_zoomed(self, fb):
        """Frame, in the close-up of the stone (play.py's _draw_zoom), the card picked."""
        s = self.stone
        c = self._targets()[self.pick]
        x, w = self._zoom_x(self._taken_side(), self._slot(s, c), self._need(s))
        draw.cursor(fb, x, self.lay.hand_y - 2, w, self.lay.card_h)

    def _taken_side(self):
        """Whose side the chosen ruse takes a card from (the Strategist: one's own)."""
        return self.me() if self.chosen == T.STRATEGIST else 1 - self.me()

    def _slot(self, s, c):
        """Where card c lies on that side of stone s."""
        return self.g.side(s, self._taken_side()).find(bytes((c,)))

    def _draw_choice(self, fb):
        """The Recruiter's draw, or the deck to draw from: two piles and their counts."""
        lay = self.lay
        g = self.g
        y = lay.hand_y - 4
        fb.fill_rect(0, lay.hand_y - lay.gap, lay.w, lay.card_h + lay.gap + 1, P.BG)
        cx = lay.w // 2
        if self.mode == DRAW:
            clan, tactic = self.draws[self.split]
            title = "Draw %d: how many from each deck?" % (clan + tactic)
            counts = (clan, tactic)
        else:
            title = "Draw a card from which deck?"
            counts = None
        SMALL.centre(fb, title, cx, y + 2, P.WHITE)
        for i, label in ((0, "Clan"), (1, "Tactics")):
            x = cx - 70 + i * 80
            left = g.tdeck_left() if i else g.deck_left()
            draw.box(fb, x, y + 13, 60, lay.card_h - 12, P.DARK)
            SMALL.centre(fb, "%s (%d)" % (label, left), x + 30, y + 16, P.GREY)
            if counts is not None:
                SMALL.centre(fb, "take %d" % counts[i], x + 30, y + 27, P.GOLD)
            elif i == self.deck:
                draw.cursor(fb, x, y + 13, 60, lay.card_h - 12)

    def _draw_back(self, fb):
        """The hand after the Recruiter's draw (the new cards underlined); the cards marked
        to go back raised and framed."""
        lay = self.lay
        y = lay.hand_y
        fb.fill_rect(0, y - lay.gap, lay.w, lay.card_h + lay.gap + 1, P.BG)
        cards = self.drawn
        n = len(cards)
        w = 24
        x0 = (lay.w - n * (w + 2) + 2) // 2
        new = len(self._hand()) - 1  # where the drawn cards begin (the Recruiter left)
        glyphs = self.app.settings.glyphs
        for i in range(n):
            x = x0 + i * (w + 2)
            up = lay.lift if i in self.putback else 0
            draw.card(fb, cards[i], x, y - up, w, lay.card_h - 2, glyphs, True)
            if up:
                fb.rect(x, y - up, w, lay.card_h - 2, P.THEM)
            if i >= new:
                fb.hline(x, y + lay.card_h, w, P.GOLD)
            if i == self.card:
                draw.cursor(fb, x, y - up, w, lay.card_h - 2)

    def _draw_hints(self, fb):
        mode = self.mode
        app = self.app
        if self.note or self.said or mode not in (CARD, DECK) + _FLOWS:
            return super()._draw_hints(fb)
        four = app.four()
        move = "X/Y" if four else "\x11\x10"
        down = "hold X" if four else "\x13"
        if mode == CARD:
            hand = self._hand()
            c = hand[self.card] if self.card < len(hand) else 0
            why = self.g.why_not(self.g.player, c) if c >= T.TACTIC else None
            if why:
                text = sentence(why)[:-1]
            elif self.may_pass:
                text = move + " card  A choose  " + ("B menu: pass" if four else
                                                     down + " pass  B menu")
            else:
                return super()._draw_hints(fb)
        elif mode == PICK:
            text = move + " stone  " + ("hold X/Y" if four else "\x12\x13") + " card  A take  B back"
        elif mode == DEST:
            text = move + " stone  " + ("A put here  " if self.where else "")
            if self.chosen == T.STRATEGIST:
                text += down + " discard  "
            text += "B back"
        elif mode == DRAW:
            text = move + " how many  A draw  B back"
        elif mode == BACK:
            more = min(2, len(self.drawn)) - len(self.putback)
            text = move + " card  A put back (%d more)" % more
            if self.putback:
                text += "  B undo " + self._labels((self.drawn[self.putback[-1]],))
        else:
            text = move + " deck  A draw  B menu"
        draw.hints(fb, app.w, app.h, text)
