# A move the coach's review flags, on the board as it stood before it (engine/ui/review.py
# replays the match to it): the move played, the computer's choice with the cursor on its
# stone, and why; the other flagged moves in turn; B back to the round's end. A Flow of the
# board (engine/ui/play.py), which holds every key: nothing is played here.
from engine.core.game import PLAY
from engine.ui import keys as K
from engine.ui.play import Flow
from engine.ui.play_narration import sentence
from engine.ui.lang import t


def move(b, a):
    """Action a of the player at the bottom of board b in words, as a sentence."""
    return sentence(b._logged(a >> 24, "You", (a >> 16) & 255, (a >> 8) & 255, a & 255))


class Review(Flow):
    """A flagged move on the board: the cursor on the stone of the computer's choice, its
    close-up under the table, the words over it. Any other key than B: the next one."""
    aims = True

    def __init__(self, board, end, k, words):
        super().__init__(board)
        self.end = end
        self.k = k
        best = end.found[k][3]
        stone = (best >> 8 if best >> 24 == PLAY else best >> 16) & 255
        board.stone = stone if stone < board.g.places else 0
        board.note = words

    def key(self, k):
        b = self.b
        app = b.app
        n = len(self.end.found)
        if k in (K.LEFT, K.RIGHT, K.A) and n > 1:
            from engine.ui.loading import Loading
            from engine.ui.review import opening
            step = -1 if k == K.LEFT else 1
            app.go(Loading(app, opening(app, self.end, (self.k + step) % n), None))
        elif k == K.B:
            d = b.s.match.declared
            app.unload(d.BOARD + d.CHOICES + ("engine.ui.words",))
            app.go(self.end)

    def asks(self):
        found = self.end.found
        return t("Review %d/%d: it cost %d%%") % (
            self.k + 1, len(found), (found[self.k][0] * 100 + 512) >> 10)

    def lower(self, fb):
        self.b._draw_zoom(fb)

    def hints(self, four):
        return t("X/Y next  B back") if four else t("\x11\x10 next  B back")
