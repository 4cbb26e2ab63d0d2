# The siege's board (RULES.md section 3): the classic board (engine/ui/play.py) with the seven
# wall sections for stones. Each shows its number, the mark of its formation rule and the
# empty places its sides still need; a damaged section is dark and broken. The bar says who
# attacks, the sections damaged, the cauldrons left and the deck. A turn may begin with the
# preparation (up, or the pause menu on the four-button board: engine/ui/schoices.py); the
# attacker takes sections before and after its play. Loaded only for sieges.
#
# The rules are the engine's (engine/siege/round.py): where a card may go, what may be taken,
# why not. The screen moves cursors over what the engine offers and shows what happened.
from engine.core.game import PLAY, CLAIM, TO_PLAY, OVER
from engine.core.formation import RULE_HIGH, RULE_LOW, RULE_RUN, RULE_COLOUR, RULE_KIND
from engine.siege.round import RETREAT, OIL
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.play import Play, CARD, STONE, PASSING
from engine.ui.play_narration import phrase
from engine.ui.play import REDRAW_HINTS
from engine.ui.text import SMALL, MEDIUM
from engine.ui.lang import t

# Each rule's mark on its section: highest sum an up arrow, lowest a down arrow, a run a
# slope, the same value an equals sign; a colour is a small square (drawn); any: none
_MARKS = {RULE_HIGH: "\x12", RULE_LOW: "\x13", RULE_RUN: "/", RULE_KIND: "="}
# The close-up's title for each rule, in short words (its room: between two sides of cards)
RULES = ("Sect. %d: any", "Sect. %d: \x12 sum", "Sect. %d: \x13 sum", "Sect. %d: run",  # keys
         "Sect. %d: colour", "Sect. %d: same")


# The bar's pictures, 7 pixels wide: a row's pixels as bits, the leftmost the highest.
_SWORD = (8, 8, 8, 8, 8, 127, 8, 28)
_SHIELD = (127, 127, 127, 127, 62, 62, 28, 8)
_PIECE = (42, 62, 62, 62, 62, 62, 62, 62)  # a wall's piece, its merlons on top (5 wide)
_RUBBLE = (0, 0, 0, 0, 20, 62, 62, 62)  # ... once broken
_CAULDRON = (65, 127, 127, 127, 62, 34)


def _picture(fb, rows, x, y, ink):
    for r in range(len(rows)):
        bits = rows[r]
        for c in range(7):
            if bits & (64 >> c):
                fb.pixel(x + c, y + r, ink)


class SiegePlay(Play):
    claim_hints = ("\x11\x10 section  A take  \x12 all  \x13 play",  # keys
                   "\x11\x10 section  A take  \x12 all  \x13 end turn",
                   "X/Y section  A take  B play", "X/Y section  A take  B end turn")
    none_now = "No section can be taken now."  # keys
    place_hints = ("\x11\x10 section  A play  B back", "X/Y section  A play  B back")  # keys
    hint_key = (K.DOWN, "\x13 hint", "hold X hint")  # keys (up is the preparation's)

    def _claim_step(self):
        g = self.g
        return super()._claim_step() if g.player == g.attacker else []

    def _claims_first(self):
        return True  # (the attacker's, at any time in its turn: _claim_step)

    def _claims_after(self):
        return True

    def may_prepare(self):
        """Can the player to move take the preparation action now (at the card step, or
        told it cannot play: not yet played, none taken this turn)?"""
        g = self.g
        if g.phase != TO_PLAY or g.prepared or self.mode not in (CARD, PASSING):
            return False
        return bool(self.prepare_at())

    def preparation(self):
        if not self.may_prepare():
            return None
        return "Retreat" if self.g.player == self.g.attacker else "Boiling oil"  # keys

    def prepare_at(self):
        """The sections where the player to move's preparation may go."""
        g = self.g
        if g.player != g.attacker and not g.cauldrons:
            return []
        return [s for s in range(g.places) if g.count[s * 2 + g.attacker]]

    def prepare(self):
        """On to the preparation: the section to retreat from or to pour oil on."""
        from engine.ui.schoices import Prepare
        self._go(Prepare(self))

    # --- keys -----------------------------------------------------------------------

    def key(self, ev):
        # (no room for a card, the preparation may still be taken: a retreat makes room)
        if self.mode == PASSING and ev == K.UP and self.may_prepare():
            self.note = ""
            self.prepare()
            self.app.dirty = True
        else:
            super().key(ev)

    def _key_card(self, b):
        if b == K.UP and self.may_prepare():
            self.prepare()
        else:
            super()._key_card(b)

    def _do(self, a):
        """The play, and what it set off: a 0 and an 11 facing each other, said."""
        g = self.g
        gone = len(g.discard)
        done = super()._do(a)
        if done and len(g.discard) > gone:
            self.note = t("A 0 and an 11 of one colour face each other: both discarded.")
            self.damage |= REDRAW_HINTS
        return done

    def _claim(self, s):
        g = self.g
        damaged = g.damaged[s]
        super()._claim(s)
        if not self.note and not damaged:
            self.note = t("Section %d taken: damaged, its cards discarded.") % (s + 1)

    # --- words ------------------------------------------------------------------------

    def _logged(self, kind, who, a, b, c):
        g = self.g
        if kind == CLAIM:
            return phrase(who, "You take section %d", "CPU takes section %d",  # keys
                          "P%d takes section %d", a + 1)
        if kind == RETREAT:
            return phrase(who, "You retreat from %d", "CPU retreats from %d",  # keys
                          "P%d retreats from %d", a + 1)
        if kind == OIL:
            return phrase(who, "You pour oil on %d", "CPU pours oil on %d",  # keys
                          "P%d pours oil on %d", a + 1)
        words = super()._logged(kind, who, a, b, c)
        if kind == PLAY and a & 15 in (0, 11) and a in list(g.discard):
            words = t("%s (0/11: both off)") % words
        return words

    def _place_title(self, s):
        return t(RULES[self.g.rule(s)]) % (s + 1)

    def _rule(self, s):
        return self.g.rule(s)

    # --- drawing ----------------------------------------------------------------------

    def _draw_bar(self, fb):
        """The bar: each player's name with their role's picture (a sword the attacker's, a
        shield the defender's), the wall's four pieces the attacker must break (dark once
        broken: as a damaged section), the defender's cauldrons of oil left (dark once
        poured), and the deck: pictures, the same in every language."""
        g = self.g
        m = self.s.match
        draw.bar(fb, self.app.w, "", t("Deck %d") % g.deck_left())
        names = self._names()
        x = 2
        if m.rounds > 1:
            x = MEDIUM.draw(fb, t("G%d/%d") % (m.round_no(), m.rounds) + " ", x, 1, P.WHITE) + 1
        for p in (g.attacker, 1 - g.attacker):
            ink = P.WHITE
            if p == g.player and g.phase != OVER:
                fb.fill_rect(x - 1, 0, MEDIUM.width(names[p]) + 2, draw.BAR_H, P.WHITE)
                ink = P.PANEL
            x = MEDIUM.draw(fb, names[p], x, 1, ink) + 3
            _picture(fb, _SWORD if p == g.attacker else _SHIELD, x, 2, P.WHITE)
            x += 12
        x += 4
        broken = sum(g.damaged)
        for i in range(4):
            _picture(fb, _RUBBLE if i < broken else _PIECE, x + 7 * i, 2, P.STONE)
        x += 34
        for i in range(3):
            _picture(fb, _CAULDRON, x + 8 * i, 3, P.GOLD if i < g.cauldrons else P.DARK)

    def _draw_column(self, fb, s, me, glyphs, clear):
        super()._draw_column(fb, s, me, glyphs, clear)
        lay = self.lay
        g = self.g
        x = lay.x0 + s * lay.col
        n = g.need(s)
        for p in (0, 1):  # the places its sides still need
            ys = lay.me_ys if p == me else lay.opp_ys
            k = g.count[s * 2 + p]
            if p == me and self.mode == STONE and s == self.stone:
                k += 1  # (the card being placed is drawn there)
            for i in range(k, n):
                draw.slot(fb, x, ys[i], lay.tile_w, lay.tile_h)

    def _draw_stone(self, fb, s, x):
        lay = self.lay
        g = self.g
        y = lay.stone_y
        h = lay.stone_h
        damaged = g.damaged[s]
        fill = P.GOLD if s in self.marked else P.DARK if damaged else P.STONE  # (gold: takable)
        fb.fill_rect(x, y, lay.tile_w, h, fill)
        ink = P.WHITE if fill == P.DARK else P.BLACK
        ty = y + (h - 8) // 2 + 1
        SMALL.glyph(fb, SMALL.map[49 + s], x + 3, ty, ink)
        rule = g.rule(s)
        if rule == RULE_COLOUR:
            fb.fill_rect(x + 15, ty + 1, 5, 5, ink)
        elif rule:
            SMALL.draw(fb, _MARKS[rule], x + 14, ty, ink)
        if damaged:  # broken: bites out of its top and bottom edges, whatever its fill
            fb.fill_rect(x + 9, y, 4, 2, P.BG)
            fb.fill_rect(x + 10, y + 2, 2, 1, P.BG)
            fb.fill_rect(x + 18, y + h - 2, 4, 2, P.BG)
            fb.fill_rect(x + 1, y + h - 2, 3, 2, P.BG)
        self._stone_cursor(fb, s, x, y, h)

    def hint_line(self):
        # the preparation's hint (up, or on the four-button board a hold or the pause menu):
        # the attacker's retreat, the defender's oil; keys indexed by role, then the buttons
        role = 0 if self.g.player == self.g.attacker else 1
        four = 2 if self.app.four() else 0
        if self.mode == PASSING and self.may_prepare():
            text = ("No room: A pass  \x12 retreat", "No room: A pass  \x12 oil",  # keys
                    "No room: A pass  hold Y retreat", "No room: A pass  hold Y oil")[four + role]
            return t(text), P.GREY, None
        if self.mode == CARD and not self.note and self.may_prepare():
            # the turn's start: the computer's move said, and still the preparation's key
            if self.said:
                key = ("\x12 retreat", "\x12 oil", "B menu: retreat", "B menu: oil")  # keys
                both = self.said + "   " + t(key[four + role])
                if MEDIUM.width(both) <= self.app.w - 4:
                    return both, P.WHITE, None
            text = ("\x11\x10 card  A choose  \x12 retreat  B menu",  # keys
                    "\x11\x10 card  A choose  \x12 oil  B menu",
                    "X/Y card  A choose  B menu: retreat", "X/Y card  A choose  B menu: oil")
            # (the words over the table, the keys under)
            return self.hinted(t(text[four + role])), P.GREY, self.said or None
        return super().hint_line()

