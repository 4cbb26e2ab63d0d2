# A list of rows to move through: actions, and choices whose value changes in place. Used for
# the main menu, the new-game form, the pause menu, settings and questions.
from engine.ui import keys as K
from engine.ui import palette as P
from engine.ui import draw
from engine.ui.app import Screen
from engine.ui.text import SMALL, LARGE
from engine.ui.lang import t


class Menu(Screen):
    def __init__(self, app, title, rows, act, back=None, note="", changed=None, keys=True):
        """rows: [label, choices (a tuple of words) or None, index of the current choice];
        act(menu, i): A on row i (a choice row without act cycles its value); back(menu):
        B (None: B does nothing); note: a line under the title; changed(menu, i): a choice
        of row i changed (to show it at once: the brightness). The title and the labels are
        English keys, shown in the player's language (engine/ui/lang.py: the code reads the
        labels), unless `keys` is False (the languages' names: neither is then); the note and
        the choices are given as shown."""
        super().__init__(app)
        self.title = title
        self.rows = rows
        self.act = act
        self.back = back
        self.note = note
        self.changed = changed
        self.keys = keys
        self.at = 0

    def value(self, i):
        row = self.rows[i]
        return row[1][row[2]]

    def key(self, ev):
        b = ev & 0xFF
        four = self.app.four()
        if b == K.B and not ev & K.LONG:
            if self.back:
                self.back(self)
            return
        if ev & K.LONG:
            return
        if b == K.DOWN or (four and b == K.RIGHT):
            self.at = (self.at + 1) % len(self.rows)
        elif b == K.UP or (four and b == K.LEFT):
            self.at = (self.at - 1) % len(self.rows)
        elif b in (K.LEFT, K.RIGHT) and self.rows[self.at][1]:
            self._change(1 if b == K.RIGHT else -1)
        elif b == K.A:
            if self.act(self, self.at) is False and self.rows[self.at][1]:
                self._change(1)
        else:
            return
        self.app.dirty = True

    def _change(self, step):
        row = self.rows[self.at]
        row[2] = (row[2] + step) % len(row[1])
        if self.changed:
            self.changed(self, self.at)

    def draw(self, fb):
        app = self.app
        self.app.clear(fb)
        LARGE.centre(fb, t(self.title) if self.keys else self.title, app.w // 2, 4, P.GOLD)
        y = 24
        if self.note:
            for line in self.note.split("\n"):
                SMALL.centre(fb, line, app.w // 2, y, P.WHITE)
                y += 10
            y += 2
        step = 12 if app.h < 200 else 16
        font = draw.body(app.h)[0]
        first = max(0, min(self.at - (app.h - y - 12) // step + 1, len(self.rows)))
        for i in range(first, len(self.rows)):
            if y + step > app.h - draw.HINTS_H:
                break
            row = self.rows[i]
            colour = P.GOLD if i == self.at else P.WHITE
            if i == self.at:
                fb.fill_rect(8, y - 2, app.w - 16, step - 1, P.PANEL)
                font.draw(fb, "\x10", 12, y, P.GOLD)
            font.draw(fb, t(row[0]) if self.keys else row[0], 22, y, colour)
            if row[1]:
                word = row[1][row[2]]
                x = app.w - 22 - font.width(word)
                font.draw(fb, word, x, y, colour)
                if i == self.at and not app.four() and len(row[1]) > 1:  # (one: fixed)
                    font.draw(fb, "\x11", x - 8, y, P.GREY)
                    font.draw(fb, "\x10", app.w - 18, y, P.GREY)
            y += step
        if app.four():
            hint = t("X/Y move  A select  B back") if self.back else t("X/Y move  A select")
        else:
            hint = (t("\x12\x13 move  A select  B back") if self.back
                    else t("\x12\x13 move  A select"))
        draw.hints(fb, app.w, app.h, hint)
