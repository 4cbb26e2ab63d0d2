# The board's work spread over frames: the save of each turn (a flash write may take 100 ms,
# more than a frame), the computer's turn thought a slice at a time and then shown, and what
# moves with the clock (a refused claim's cards blinking, the thinking dots). A mixin of the
# board screen (engine/ui/play.py): its busy and tick.
import sys
from micropython import const
from engine.core.game import OVER
from engine.ui.play_draw import CPU, FLOW, SHOWN, REDRAW, REDRAW_HAND, REDRAW_HINTS
from engine.ui.text import MEDIUM
from engine.ui import lang  # (not t and rest: 12 names fit this dict, 13 would cost 40 bytes)

_TOLD = ()  # (self.thinking) the computer's move made and its words read: shown next frame
_LOG = const(("engine.ui.words",))  # the log's drawing (engine/ui/play_draw.py _draw_log)


class Steps:
    """The board screen's saves and the computer's turn, a step a frame (a mixin of
    engine/ui/play.py's Play)."""

    # --- the saves --------------------------------------------------------------------

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

    # --- each frame -------------------------------------------------------------------

    def busy(self):
        return self.thinking is not None or self.saving is not None or self.halfway or \
            self.mode == FLOW and self.flow.busy

    def tick(self):
        if self.pausing is not None and self.pausing != self.app.now:
            if "engine.ui.pause" not in sys.modules:  # (its code in a frame of its own)
                __import__("engine.ui.pause")
                self.pausing = self.app.now
                return
            self.pausing = None
            from engine.ui.pause import pause_menu
            self._saved()
            self.app.go(pause_menu(self.app, self))
            return
        if self.held is not None and self.held != self.app.now:
            self.held = None  # (last frame's work is drawn now)
            self.app.dirty = True
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
        # thinks (a save then under way gives way to the one after the move); while the other
        # handheld plays, on: this handheld's own move is kept at once
        whole = self.app.dirty and (self.damage == REDRAW or self.halfway)
        if self.saving and (self.mode != CPU or self.s.link) and not whole:
            try:
                next(self.saving)
            except StopIteration:
                self.saving = None
        link = self.s.link
        if link and link.match is not self.s.match:  # (made again from the host's record)
            self.s.match = link.match
            from engine.ui.play import board
            b = board(self.app, self.s)
            from engine.ui.resume import loaded_recall
            loaded_recall(b)
            if link.told != link.mends:  # (not a garbled message asked for again)
                link.told = link.mends
                b.note = lang.t(link.SAID[2])
            self.app.go(b)
            return
        if self.mode == FLOW and not whole:
            self.flow.tick()
        if self.mode != CPU or whole:
            return  # (the board is drawn first, its words read; the thinking from the next frame)
        if self.thinking is _TOLD:
            self._show_move()
            self.split = True
            return
        link = self.s.link
        if not link:  # (the other handheld's turn needs no room here: its frames stay light)
            lang.rest()  # (the words' reader and the words kept: the computer needs the room)
            self.app.unload(_LOG)  # (240x240: its log is drawn again once the move is made)
        try:
            next(self.thinking)
            # the device fills its frame with the computer's thinking (the moves do not
            # change); the other handheld's moves come once a frame, from the cable
            while not link and self.app.spare():
                next(self.thinking)
        except StopIteration:
            # The move's words are read in this frame (the words' reader loaded again: 20 ms
            # on the Pico) and the board drawn anew in the next (40-60 ms): not both in one.
            self.thinking = _TOLD
            lang.wake()
            self.telling = self._cpu_words()
            if self.lay.log_lines:  # (its code loaded here: the next frame draws the board)
                __import__(_LOG[0])
            if link:  # (the reader and the log stayed: the move is on the board at once)
                self._show_move()

    def _show_move(self):
        """The computer's move, made and told last frame, on the board: marked, said, saved."""
        self.thinking = None
        self._save()  # (both turns) in the frames after the one that shows the move
        self.mark = self._placed(1 - self.me())
        if self.g.phase == OVER:  # the move that won: shown before the round's end
            self.mode = SHOWN
        else:
            self._start_human()  # the player's turn at once, the move said and marked
        self.said = self.telling
        if self.mode == SHOWN:  # (the key's hint after the words, when they leave room)
            more = self.said + "  " + lang.t("A continue")
            if MEDIUM.width(more) < self.app.w - 4:
                self.said = more
        self.damage = REDRAW
        self.app.dirty = True
