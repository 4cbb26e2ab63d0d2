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
from engine.core.proof import describe, beaten
from engine.siege.round import RETREAT, OIL
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.play import Play, CARD, STONE, CLAIMING, PASSING, FLOW, said, move_keys
from engine.ui.play import REDRAW_HINTS
from engine.ui.text import SMALL, MEDIUM

# Each rule's mark on its section: highest sum an up arrow, lowest a down arrow, a run a
# slope, the same value an equals sign; a colour is a small square (drawn); any: none
_MARKS = {RULE_HIGH: "\x12", RULE_LOW: "\x13", RULE_RUN: "/", RULE_KIND: "="}
# Each rule in short words, for the close-up's title (its room: between two sides of cards)
RULES = ("any", "\x12 sum", "\x13 sum", "run", "colour", "same")


class SiegePlay(Play):
    claiming = ("take", "taken")

    def _claim_step(self):
        g = self.g
        return g.player == g.attacker and super()._claim_step()

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
        return "Retreat" if self.g.player == self.g.attacker else "Boiling oil"

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
            self.note = "A 0 and an 11 face each other: both discarded."
            self.damage |= REDRAW_HINTS
        return done

    def _claim(self, s):
        g = self.g
        damaged = g.damaged[s]
        super()._claim(s)
        if not self.note and not damaged:
            self.note = "Section %d taken: damaged, its cards discarded." % (s + 1)

    # --- words ------------------------------------------------------------------------

    def _logged(self, kind, who, a, b, c):
        g = self.g
        if kind == CLAIM:
            return "%s section %d" % (said(who, "take"), a + 1)
        if kind == RETREAT:
            return "%s from %d" % (said(who, "retreat"), a + 1)
        if kind == OIL:
            return "%s oil on %d" % (said(who, "pour"), a + 1)
        words = super()._logged(kind, who, a, b, c)
        if kind == PLAY and a & 15 in (0, 11) and a in list(g.discard):
            words += " (0/11: both off)"
        return words

    def _place_title(self, s):
        return "Sect. %d: %s" % (s + 1, RULES[self.g.rule(s)])

    def _describe(self, strength, n):
        return describe(strength, n, self.g.rule(self.stone))

    def _beaten(self, s, cards):
        g = self.g
        p = g.player
        n = g.need(s)
        return beaten(self._strength(g.side(s, p), s),
                      self._strength(g.side(s, 1 - p) + bytes(cards), s), cards, n,
                      self._labels, g.rule(s))

    # --- drawing ----------------------------------------------------------------------

    def _draw_bar(self, fb):
        g = self.g
        m = self.s.match
        draw.bar(fb, self.app.w, "", "Deck %d" % g.deck_left())
        names = ("You", "CPU") if self.s.cpu is not None else ("P1", "P2")
        x = 2
        if m.rounds > 1:
            x = MEDIUM.draw(fb, "G%d/%d " % (m.round_no(), m.rounds), x, 1, P.WHITE) + 1
        for p in (g.attacker, 1 - g.attacker):
            ink = P.WHITE
            if p == g.player and g.phase != OVER:
                fb.fill_rect(x - 1, 0, MEDIUM.width(names[p]) + 2, draw.BAR_H, P.WHITE)
                ink = P.PANEL
            x = MEDIUM.draw(fb, names[p], x, 1, ink) + 1
            x = MEDIUM.draw(fb, " ATK  " if p == g.attacker else " DEF", x, 1, P.WHITE)
        MEDIUM.draw(fb, "Dmg %d/4 Oil %d" % (sum(g.damaged), g.cauldrons), x + 8, 1, P.GOLD)

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
        mode = self.mode
        at = (mode == STONE or mode == CLAIMING or mode == FLOW and self.flow.aims) \
            and s == self.stone
        damaged = g.damaged[s]
        fb.fill_rect(x, y, lay.tile_w, h, P.GOLD if at else P.DARK if damaged else P.STONE)
        ink = P.BLACK if at or not damaged else P.WHITE
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
        if s in self.marked:  # can be taken: a ring two pixels thick
            fb.rect(x - 1, y - 1, lay.tile_w + 2, h + 2, P.GOLD)
            fb.rect(x, y, lay.tile_w, h, P.GOLD)

    def _draw_hints(self, fb):
        if self.mode == PASSING and self.may_prepare():
            verb = "retreat" if self.g.player == self.g.attacker else "oil"
            text = "No room: A pass  " + ("hold Y " if self.app.four() else "\x12 ") + verb
            draw.hints(fb, self.app.w, self.app.h, text)
            return
        if self.mode == CARD and not (self.note or self.said) and self.may_prepare():
            four = self.app.four()
            verb = "retreat" if self.g.player == self.g.attacker else "oil"
            text = move_keys(four) + " card  A choose  " + (
                "B menu: " + verb if four else "\x12 " + verb + "  B menu")
            draw.hints(fb, self.app.w, self.app.h, text)
            return
        super()._draw_hints(fb)

