"""No text drawn on any screen of any board, in any language, runs into another or off the
screen (issues 24, 27): every golden screen drawn once more in full, each text's box
recorded (tests/goldens.py's redrawn, on the replay tests/test_goldens.py reads too)."""
import pytest

import goldens as G
from sim.boards import BOARDS, DEFAULT


@pytest.mark.parametrize("lang", G.tiered(("en",) + G.LANGS, "en"))
@pytest.mark.parametrize("board", G.tiered(sorted(BOARDS), DEFAULT))
@pytest.mark.parametrize("name", sorted(G.SHOTS))
def test_no_text_runs_into_another_or_off_the_screen(board, name, lang, screens):
    """In every language: longer words must be fitted (shortened, wrapped or given room)."""
    _, w, h, boxes, _ = screens.get(board, name, lang)
    off = [b for b in boxes if b[0] < 0 or b[1] < 0 or b[2] > w or b[3] > h]
    assert not off, off
    hits = [(a[4], b[4]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]
    assert not hits, hits
