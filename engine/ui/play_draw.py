# The board's drawing: the table (both sides of every stone), the bar, the hand or the close-up
# of the stone under the cursor, the hints, and on 240x240 the log; where each thing goes on
# each screen size (Layout). A mixin of the board screen (engine/ui/play.py), drawing what its
# turn's state says. It is the lowest of the board's modules, so the words the others share are
# here: the modes (what the player is doing, set by play.py's turn) and the damage bits (what
# to draw anew).
from micropython import const
from engine.core.game import OVER, TO_PLAY, SIDE, SLOTS
from engine.core.formation import RULE_ANY
from engine.core.proof import formation
from engine.core.cards import OWN
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.text import SMALL, MEDIUM, wrap
from engine.ui import lang
from engine.ui.lang import t

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
# A key's work that took at most this (ms, the device's clock) leaves time in its frame for the
# whole board (35-50 ms on the emulated Pico): drawn at once, else in the next frame (play.py)
_WITH_KEY_MS = const(12)
# A whole drawing draws first what may read new words (a block decoded takes 10 ms on the
# emulated Pico, the reader's import 20): the hand or the close-up, the bar, the hint line's
# words. If they decoded words or left the frame past this (ms, the device's clock: the table
# and the push take 30-35 ms more), the table is drawn in the next frame, shown then; so is
# the board's first drawing after another screen, whose words were not all kept, and the
# first after the computer's thinking (Play.split). (Splitting sooner puts a frame more before
# many a move is shown. The simulator's frames count as just full, never past it.) So does
# the 240x240 log, when the table and a words' box left the frame past it (+30 ms with push).
_LOWER_MS = const(40)
_TOWARD = const(3)  # how far a claimed stone moves toward its owner's side (pixels)


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
        self.tile_h = (16 if big else 10) if rows == 3 else (13 if big else 9)
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
        # (240x135: what the table leaves, 32 with sides of three, 21 with sides of four)
        self.card_h = 44 if big else h - draw.HINTS_H - 1 - self.hand_y
        self.hand_x = (w - hand * self.card_w - (hand - 1) * 3) // 2
        self.log_y = self.hand_y + self.card_h + 4 if big else 0  # 0: no room for the log
        self.text, self.line = draw.body(h)  # the words' font and line step (close-up, log)
        self.log_lines = (h - draw.HINTS_H - 1 - self.log_y) // self.line if big else 0
        # the close-up's three lines of words (its title, their side, yours): on short cards
        # closer together, from the table's edge
        ty = self.hand_y - 1
        self.zoom_ys = (ty, ty + self.line + 1, ty + 2 * self.line + 1) if self.card_h >= 32 \
            else (ty - 2, ty + 6, ty + 14)
        # the y of each card of a side, nearest the stone first
        self.opp_ys = [self.stone_y - 1 - (k + 1) * self.tile_h for k in range(rows)]
        self.me_ys = [self.me_y + k * self.tile_h for k in range(rows)]

    def hand_x_of(self, i):
        return self.hand_x + i * (self.card_w + 3)


class Drawing:
    """The board screen's drawing (a mixin of engine/ui/play.py's Play): `draw` redraws what
    the damage bits name; the methods a variant's board overrides say what the close-up
    shows."""
    # the claim step's hints, by the buttons (the four-button board's last) and whether the
    # card is played yet (the siege's: take)
    claim_hints = ("\x11\x10 stone  A claim  \x12 all  \x13 play",  # keys
                   "\x11\x10 stone  A claim  \x12 all  \x13 end turn",
                   "X/Y stone  A claim  B play", "X/Y stone  A claim  B end turn")
    # the hint while a card's place is chosen (the four-button board's last)
    place_hints = ("\x11\x10 stone  A play  B back", "X/Y stone  A play  B back")  # keys

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

    # --- the bar and the table --------------------------------------------------------

    def draw(self, fb):
        if self.held == self.app.now:
            if self.app.spent() > _WITH_KEY_MS:
                return  # (this frame did a key's or a choice's work: drawn in the next)
            self.held = None  # (light work: the whole board fits in the same frame)
        if self.lay.rows != self._rows():
            self.lay = self._layout()  # (a Mud Fight was played: the board makes room)
            self.damage = REDRAW
        d = self.damage
        self.damage = 0
        # (the hint line's words read before the split's decision below: they may decode)
        line = self.hint_line() if d & REDRAW_HINTS else None
        cleared = d == REDRAW or self.halfway  # (the columns then need no clearing)
        self.halfway = False
        self.app.turn = 0 if self.g.phase == OVER else 1 + self.g.player
        # the stones to mark as claimable (worked out once a move: the claim step's start
        # found them already, play.py)
        if self.mode == CLAIMING and self.app.settings.hints:
            if self.marked_at != len(self.s.match.log):
                self.claimable()
        else:
            self.marked = ()
        if self.app.shown is not self:
            self.log_at = -1  # another screen was drawn since: the log is gone too
        whole = d == REDRAW
        if whole:
            if self.log_at < 0:
                self.app.clear(fb)
            else:  # all but the log, which draws only what changed (_draw_log)
                fb.fill_rect(0, 0, self.lay.w, self.lay.log_y, P.BG)
            # the hand or the close-up first, then the bar: they may read new words
            self._draw_lower(fb, d)
        if d & REDRAW_BAR:
            asks = self.mode == FLOW and self.flow.asks()
            if asks:
                draw.bar(fb, self.app.w, asks)
            else:
                self._draw_bar(fb)
        if whole and (self.split or self.app.shown is not self or lang.decoded() or
                      self.app.spent() > _LOWER_MS):
            self.damage |= REDRAW & ~(REDRAW_HAND | REDRAW_BAR | 127 << 9)  # the rest next frame
            self.halfway = True
            self.split = False
            self.app.more = True
            return
        me = self.me()
        glyphs = self.app.settings.glyphs
        for s in range(self.g.places):
            if d & (1 << s):
                self._draw_column(fb, s, me, glyphs, not cleared)
        if not whole and (d & REDRAW_HAND or (d >> 9) & 127):
            self._draw_lower(fb, d)  # (after its columns' clearing: the lifted card's frame)
        if line:
            text, colour, boxed = line
            if boxed:
                self._words_box(fb, boxed)
            draw.hints(fb, self.app.w, self.app.h, text, colour)
        if self.lay.log_lines and self.log_at != len(self.s.match.log):
            if d and self.app.spent() > _LOWER_MS:  # (a long words' box drawn: 25 ms)
                self.app.more = True  # the log in the next frame (drawing nothing else)
            else:
                self._draw_log(fb)  # (changed only: its code rests while the CPU thinks)

    def _draw_bar(self, fb):
        draw.bar(fb, self.app.w, "", t("Deck %d") % self.g.deck_left())
        self._draw_scores(fb)

    def _names(self):
        """The players' names on the bar: you and the computer, or player 1 and player 2."""
        if self.s.cpu is not None:
            return t("You"), t("CPU")
        if self.s.link:  # (the other handheld's player by number: P1 hosts)
            other = t("P%d") % (2 - self.me())
            return (t("You"), other) if self.me() == 0 else (other, t("You"))
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

    def _draw_stone(self, fb, s, x):
        """Stone s: a claimed one in its owner's colour, drawn lower, against its owner's side,
        when that side is at the bottom, else higher (who holds it by place, not only by
        colour, as when the stones are moved on a real table); its number, the game's marks
        and the cursor. (Nine a whole drawing: each call here is a frame on the Pico's heap.)"""
        lay = self.lay
        y = lay.stone_y
        h = lay.stone_h
        owner = self.g.owner[s]
        fill = P.STONE
        if owner:
            fill = P.ME if owner == 1 else P.THEM  # each player's colour, whoever looks
            if owner - 1 == self.me():
                y += _TOWARD
            h -= _TOWARD
        elif s in self.marked:  # claimable: gold (the cursor is a frame: told by shape)
            fill = P.GOLD
        fb.fill_rect(x, y, lay.tile_w, h, fill)
        ty = y + (h - 8) // 2 + 1
        SMALL.glyph(fb, SMALL.map[49 + s], x + lay.tile_w // 2 - 2, ty, P.BLACK)  # 1 + s
        self._stone_marks(fb, s, x, ty)
        if s == self.stone:
            self._stone_cursor(fb, s, x, y, h)

    def _stone_marks(self, fb, s, x, ty):
        """What a game marks on stone s besides its number (ty: the number's top): nothing
        here."""

    def _stone_cursor(self, fb, s, x, y, h):
        """The cursor's frame round stone s (at x, y, h high) when it is on it: white outside,
        black inside, in the rows and columns free round the stone."""
        mode = self.mode
        if (mode == STONE or mode == CLAIMING or mode == FLOW and self.flow.aims) and \
                s == self.stone:
            fb.rect(x - 1, y - 1, self.lay.tile_w + 2, h + 2, P.WHITE)
            fb.rect(x, y, self.lay.tile_w, h, P.BLACK)

    # --- under the table: the hand, or the stone under the cursor ---------------------

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
        draw.card(fb, hand[i], x, y - up, lay.card_w, lay.card_h, self.app.settings.glyphs)
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
        y = lay.hand_y - 2  # the cards' top
        fb.fill_rect(0, lay.hand_y - lay.gap, lay.w, lay.card_h + lay.gap + 1, P.BG)
        n = self._need(s)
        glyphs = self.app.settings.glyphs
        cx = lay.w // 2
        font = lay.text
        ys = lay.zoom_ys
        font.centre(fb, self._place_title(s), cx, ys[0], P.GOLD)
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
                    draw.card(fb, side[k], x, y, w, lay.card_h, glyphs)
                elif lens:
                    draw.ghost(fb, lens[1][k - len(side)], x, y, w, lay.card_h, glyphs)
                    if counter and self.blink:
                        draw.outline(fb, x, y, w, lay.card_h)
                else:
                    draw.slot(fb, x, y, w, lay.card_h)
            font.centre(fb, self._side_words(p, side, n, lens), cx, ys[2 if p == me else 1],
                        P.ME if (p == me) == (me == 0) else P.THEM)

    def _zoom_x(self, p, k, n):
        """(x, width) of card k of p's side in the close-up of a stone with sides of n: their
        side at the left, the player's at the right."""
        w = 16 if n > SIDE else 23  # (the words between: 82 pixels or more)
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
        return self._on_side(self.chosen)

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
        name = t(formation(lens[0], n, rule)[0])
        words = (t("You: %s") if mine else t("They: %s")) % name
        if font.width(words) <= room:
            return words
        # no room for whose in words: an arrow at the side's cards (theirs left, yours right)
        return name + " \x10" if mine else "\x11 " + name

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
            if c < OWN:  # (a game's own cards never come in a completion)
                unseen[c & 15] &= ~(1 << (c >> 4))
        return g.completion(side, s, n, unseen)

    def _strength(self, side, s):
        """The strength of a complete side of stone s, as the close-up shows it."""
        return self.g.side_strength(side, s, self._need(s))

    def _labels(self, cards):
        """Cards in words as the settings draw them (clan glyphs or letters)."""
        return draw.labels(cards, self.app.settings.glyphs)

    def _draw_handover(self, fb):
        lay = self.lay
        y = lay.hand_y
        draw.box(fb, 8, y - 2, lay.w - 16, lay.card_h)
        SMALL.centre(fb, t("Pass the device to player %d") % (self.g.player + 1), lay.w // 2,
                     y + 6, P.WHITE)
        SMALL.centre(fb, t("then press A"), lay.w // 2, y + 18, P.GOLD)

    # --- the hints and the log --------------------------------------------------------

    def waiting_words(self):
        """The hint line while the other player's turn is played elsewhere."""
        link = self.s.link
        if link and link.lost(self.app.now):
            return t(link.SAID[1])
        return self.thinking_words + "." * (self.spin + 1)

    def hint_line(self):
        """What the hint line says, its colour, and the words boxed over the table (None:
        none): the move's words when they fit the line, else the keys' hints of the mode.
        Read before a whole drawing's table (draw): its words may decode a block."""
        words = self.note or self.said
        if words and MEDIUM.width(words) <= self.app.w - 4:
            return words, P.WHITE, None
        four = self.app.four()
        mode = self.mode
        if mode == CPU:
            text = self.waiting_words()
        elif mode == HANDOVER:
            text = t("A ready")
        elif mode == FLOW:
            text = self.flow.hints(four)
        elif mode == CARD:
            text = self.hinted(t("X/Y card  A choose  B menu") if four else
                               t("\x11\x10 card  A choose  B menu"))
        elif mode == STONE:
            text = t(self.place_hints[1 if four else 0])
        elif mode == CLAIMING:
            text = t(self.claim_hints[(2 if four else 0) + (self.g.phase != TO_PLAY)])
        else:
            text = t("A continue")
        return text, P.GREY, words or None

    def _words_box(self, fb, words):
        """Words too long for the hint line, in a box over the player's own side of the table
        (growing up over the stones when it must): the other side, where their last card is
        marked, and the close-up under it stay in view; the keys' hints under."""
        rows = wrap(MEDIUM, words, self.app.w - 12)
        h = 12 * len(rows) + 4
        lay = self.lay
        y = max(draw.BAR_H + 2, lay.hand_y - lay.gap - h)
        draw.box(fb, 2, y, self.app.w - 4, h)
        for k in range(len(rows)):
            draw.words(fb, MEDIUM, rows[k], 6, y + 3 + 12 * k, P.WHITE)

    def _draw_log(self, fb):
        from engine.ui.words import draw_log
        draw_log(self, fb)

