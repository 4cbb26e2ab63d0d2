"""No text drawn on any screen of any board, in any language, runs into another or off the
screen (issues 24, 27): every golden screen drawn once more in full, each text's box
recorded."""
import os
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tests")]

import goldens as G  # noqa: E402
from sim.boards import BOARDS  # noqa: E402
from sim.headless import Runner  # noqa: E402


def _boxes(r, monkeypatch):
    """The boxes (x0, y0, x1, y1, text) of the texts of the screen, drawn anew in full."""
    from engine.ui import text
    boxes = []
    plain = text.Font.draw

    def draw(font, fb, s, x, y, colour):
        body = s.strip(" ")
        if body:
            x0 = x + (font.width(s[:len(s) - len(s.lstrip(" "))] + "x") - font.width("x")
                      if s[0] == " " else 0)
            boxes.append((x0, y, x0 + font.width(body), y + font.height, s))
        return plain(font, fb, s, x, y, colour)
    monkeypatch.setattr(text.Font, "draw", draw)
    screen = r.app.screen
    if hasattr(screen, "damage"):
        screen.damage = 0x7FFFF
    if hasattr(screen, "log_at"):
        screen.log_at = -1
    r.app.clear(r.app.fb)
    screen.draw(r.app.fb)
    monkeypatch.setattr(text.Font, "draw", plain)
    return boxes


@pytest.mark.parametrize("lang", ("en",) + G.LANGS)
@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("name", sorted(G.SHOTS))
def test_no_text_runs_into_another_or_off_the_screen(board, name, lang, monkeypatch):
    """In every language: longer words must be fitted (shortened, wrapped or given room)."""
    r = Runner(board, tempfile.mkdtemp(prefix="boxes-"), G.SEED, lang, ask=name == "language")
    G.SHOTS[name](r)
    boxes = _boxes(r, monkeypatch)
    w, h = r.app.w, r.app.h
    off = [b for b in boxes if b[0] < 0 or b[1] < 0 or b[2] > w or b[3] > h]
    assert not off, off
    hits = [(a[4], b[4]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]
    assert not hits, hits
