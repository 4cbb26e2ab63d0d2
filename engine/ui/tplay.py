# The board of the tactical variant (RULES.md section 2): the classic board (play.py) with
# hands of 7, room for 4 cards a side (Mud Fight), the tactic cards with their choices, and the
# deck to draw from at the end of a turn. Loaded only for tactical games.
#
# As on the classic board the rules are the engine's (engine/tactical/round.py): where a card
# may go (stones_for), what a ruse may take (targets) and where to (destinations), the
# Recruiter's draws (recruit_draws), the decks to draw from (decks_for), why a card cannot be
# played now (why_not). The screen moves cursors over what the engine offers.
from engine.tactical import tactics as T
from engine.core.game import OVER, PLAY
from engine.tactical.round import RECRUIT, STRATEGIST, BANSHEE, TRAITOR
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.play import Play, CARD, STONE, PASSING, FLOW
from engine.ui.play_narration import sentence, phrase
from engine.ui.play_draw import REDRAW_BAR, REDRAW_HINTS
from engine.ui.text import SMALL, MEDIUM
from engine.ui.lang import t, capital


class TacticalPlay(Play):
    def __init__(self, app, session, choices=()):
        super().__init__(app, session, choices)
        draw.faces()  # (the faces' names read now, not while the computer thinks)

    def _start_human(self):
        if self.s.pending:  # a game continued in the middle of a Recruiter's draw
            from engine.ui.tchoices import PutBack
            self._go(PutBack(self))
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
                self.note = t("No card can be played: you pass.")
                return
        self.mode = CARD
        self.card = max(0, min(self.card, g.hand_n[self.me()] - 1))

    # --- keys -----------------------------------------------------------------------

    def _move_card(self, i):
        super()._move_card(i)
        self.damage |= REDRAW_BAR | REDRAW_HINTS  # what a tactic card does, or why not now

    def _choose(self, c):
        g = self.g
        why = g.why_not(g.player, c)
        if why:
            self.note = sentence(t(why))  # (the engine's reasons are keys)
            self.damage |= REDRAW_HINTS
        elif T.kind(c) == T.RUSE:
            from engine.ui.tchoices import Split, Pick
            self.chosen = c
            self._go(Split(self) if c == T.RECRUITER else Pick(self).at(self.stone))
        else:
            super()._choose(c)

    def _end_turn(self):
        g = self.g
        decks = g.decks_for(g.player) if g.phase != OVER else (0,)
        if len(decks) > 1:
            from engine.ui.tdeck import Deck
            self._go(Deck(self))
            self._keep()
        else:
            self._draw_from(decks[0] if decks else 0)

    def _draw_from(self, deck):
        """The turn ends with a card drawn from the deck (0 clan, 1 tactic)."""
        g = self.g
        if g.phase != OVER:
            self.s.match.end_turn(g.player, deck)
        self._save_turn()
        self._begin_turn()

    # --- the computer's turn in words -------------------------------------------------

    def _drew(self, words):
        # the deck it drew from is seen by both players: said when the line has room
        if self.s.drew == 1 and MEDIUM.width(words) < self.app.w - 90:
            return t("%s, draws a tactic") % words
        return words

    def _logged(self, kind, who, a, b, c):
        if kind == PLAY and T.kind(a) == T.MODE:
            return phrase(who, "You put %s on %d", "CPU puts %s on %d",  # keys
                          "P%d puts %s on %d", self._labels((a,)), b + 1)
        if kind == RECRUIT:
            return phrase(who, "You recruit %d clan, %d tactic",  # keys
                          "CPU recruits %d clan, %d tactic", "P%d recruits %d clan, %d tactic",
                          a >> 2, a & 3)
        if kind == STRATEGIST:
            if not c:
                return phrase(who, "You discard own %s at %d", "CPU discards own %s at %d",  # keys
                              "P%d discards own %s at %d", self._labels((b,)), a + 1)
            return phrase(who, "You move %s from %d to %d", "CPU moves %s from %d to %d",  # keys
                          "P%d moves %s from %d to %d", self._labels((b,)), a + 1, c)
        if kind == BANSHEE:
            return phrase(who, "You discard %s at %d", "CPU discards %s at %d",  # keys
                          "P%d discards %s at %d", self._labels((b,)), a + 1)
        if kind == TRAITOR:
            return phrase(who, "You take %s at %d to %d", "CPU takes %s at %d to %d",  # keys
                          "P%d takes %s at %d to %d", self._labels((b,)), a + 1, c)
        return super()._logged(kind, who, a, b, c)

    # --- drawing ----------------------------------------------------------------------

    def _on_side(self, c):
        return T.kind(c) != T.MODE

    def _playable(self, c):
        return self.g.why_not(self.me(), c) is None

    def _need(self, s):
        if self.mode == STONE and self.chosen == T.MUD and s == self.stone:
            return 4  # the close-up of the stone a Mud Fight goes on: sides of 4
        return self.g.need(s)

    def _draw_bar(self, fb):
        g = self.g
        c = self.chosen
        if self.mode == CARD:
            hand = self._hand()
            c = hand[self.card] if self.card < len(hand) else None
        if c is not None and c >= T.TACTIC and self.mode in (CARD, STONE, FLOW):
            draw.bar(fb, self.app.w, t(T.CARDS[c - T.TACTIC][3]))  # (its line)
            return
        me = self.me()
        draw.bar(fb, self.app.w, "", t("Deck %d+%d") % (g.deck_left(), g.tdeck_left()))
        self._draw_scores(fb)
        # the tactic cards played, in the order of the scores, gold when the player at the
        # bottom is at the limit
        n = g.tactics_played
        MEDIUM.centre(fb, t("Tactics %d:%d") % (n[0], n[1]), self.app.w // 2 + 8, 1,
                      P.WHITE if g.may_play_tactic(me) else P.GOLD)

    def _stone_marks(self, fb, s, x, ty):
        """The combat modes on stone s: B (blind, the Fog) and M (the Mud Fight), and the
        one the chosen card would bring where it goes."""
        modes = self.g.modes[s]
        if self.mode == STONE and s == self.stone and not self._onto_side():
            modes |= T.mode_of(self.chosen)
        if modes & T.MODE_BLIND:
            SMALL.draw(fb, "B", x + 2, ty, P.BLACK)
        if modes & T.MODE_MUD:
            SMALL.draw(fb, "M", x + self.lay.tile_w - 7, ty, P.BLACK)

    def hint_line(self):
        if self.mode == CARD and not (self.note or self.said):
            hand = self._hand()
            c = hand[self.card] if self.card < len(hand) else 0
            why = self.g.why_not(self.g.player, c) if c >= T.TACTIC else None
            four = self.app.four()
            if why:  # (a hint: no full stop)
                return capital(t(why)), P.GREY, None
            if self.may_pass:
                return (t("X/Y card  A choose  B menu: pass") if four else
                        t("\x11\x10 card  A choose  \x13 pass  B menu")), P.GREY, None
        return super().hint_line()

