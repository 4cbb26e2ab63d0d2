# The rules pages: LEFT/RIGHT turns the page, UP/DOWN scrolls, B goes back.
from engine.core.cards import parse
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.app import Screen
from engine.ui.text import SMALL, LARGE, wrap
from engine.ui.lang import t, page, pages


_LAID = 300  # characters of a page laid out in a frame at most (but a paragraph whole): 30 ms
#             on the emulated Pico


class Rules(Screen):
    def __init__(self, app, back, first=0):
        """first: the page to open at (a game's pause menu: its own rules)."""
        super().__init__(app)
        self.back = back
        self.page = first
        self.top = 0
        self.font, self.step = draw.body(app.h)
        self.lines = None  # (laid out by tick)
        self.steps = self._steps()

    def busy(self):
        return self.steps is not None

    def tick(self):
        if self.steps:
            try:
                next(self.steps)
            except StopIteration:
                self.steps = None

    def _steps(self):
        """The page read, laid out and drawn over frames (all in one took 170 ms on the
        emulated Pico, laying out a long page alone 80): the screen before stays on view
        meanwhile. Its lines are in the player's language (an example's line as it is: its
        formation's name is translated with the page, its card codes are not)."""
        yield  # (not in the frame that opened the rules: their code was read in it)
        pages()  # (the words' reader, loaded for the first page: 40 ms there)
        yield
        self.title, text = page(self.page)  # (30-40 ms)
        yield
        lines = []
        n = 0  # characters laid out in this frame
        for para in text.split("\n"):
            if para.startswith("@"):
                lines.append(para)
            else:
                lines += wrap(self.font, para, self.app.w - 12)
                n += len(para)
                if n >= _LAID:
                    n = 0
                    yield
        yield
        self.lines = lines
        self.top = 0
        self.app.dirty = True

    def _rows(self):
        return (self.app.h - draw.HINTS_H - 24 - self.font.height) // self.step + 1

    def key(self, ev):
        b = ev & 0xFF
        if ev & K.LONG:
            return
        n = pages()
        if b == K.B:
            self.back()
            return
        if b in (K.LEFT, K.RIGHT) or (b == K.A):
            self.page = (self.page + (-1 if b == K.LEFT else 1)) % n
            self.lines = None
            self.steps = self._steps()
            return
        if self.lines is None:
            return  # (a page being laid out: scrolling waits for it)
        if b == K.DOWN:
            self.top = min(self.top + 1, max(0, len(self.lines) - self._rows()))
        elif b == K.UP:
            self.top = max(0, self.top - 1)
        else:
            return
        self.app.dirty = True

    def draw(self, fb):
        if self.lines is None:
            return  # (not laid out yet: the screen before stays)
        app = self.app
        app.clear(fb)
        LARGE.draw(fb, self.title, 6, 3, P.GOLD)  # (written in capitals)
        at = "%d/%d" % (self.page + 1, pages())
        SMALL.draw(fb, at, app.w - 4 - SMALL.width(at), 6, P.GREY)
        y = 24
        for line in self.lines[self.top:self.top + self._rows()]:
            if line.startswith("@"):
                self._example(fb, line[1:], y)
            else:
                self.font.draw(fb, line, 6, y, P.WHITE)
            y += self.step
        four = app.four()
        if len(self.lines) > self._rows():  # (and how to scroll)
            hint = (t("X/Y page  hold X/Y scroll  B back") if four
                    else t("\x11\x10 page  \x12\x13 scroll  B back"))
        else:
            hint = t("X/Y page  B back") if four else t("\x11\x10 page  B back")
        draw.hints(fb, app.w, app.h, hint)

    def _example(self, fb, text, y):
        """A formation name and its example cards."""
        words = text.split(" ")
        cards = words[-3:]
        self.font.draw(fb, " ".join(words[:-3]), 6, y, P.WHITE)
        x = self.app.w - 3 * 26 - 6
        for w in cards:
            draw.card(fb, parse(w), x, y - 1, 24, 10, self.app.settings.glyphs)
            x += 26
