"""The fonts on the device are the ones drawn in tools/font_art.py (regenerate them with
`python tools/mkfont.py` after changing the art)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mkfont  # noqa: E402
import font_art  # noqa: E402


def test_generated_files_match_the_art():
    text, blob = mkfont.build()
    with open(mkfont.OUT) as f:
        assert f.read() == text, "engine/ui/fontdata.py is stale: run python tools/mkfont.py"
    with open(mkfont.BIN, "rb") as f:
        assert f.read() == blob, "engine/ui/fonts.bin is stale: run python tools/mkfont.py"


def test_every_glyph_is_eight_rows_of_one_width():
    for ch, rows in font_art.GLYPHS.items():
        assert len(rows) == 8, repr(ch)
        assert len({len(r) for r in rows}) == 1, repr(ch)
        assert set("".join(rows)) <= {".", "#"}, repr(ch)
    for rows in font_art.CLAN:
        assert len(rows) == 7 and {len(r) for r in rows} == {7}


def test_the_large_font_holds_every_title():
    from engine.ui.fontdata import LARGE_CHARS
    titles = ("SCHOTTEN TOTTEN NEW GAME PAUSED SETTINGS STATISTICS ROUND 1 2 3 4 5 YOU WIN "
              "CPU WINS PLAYER 1 WINS A DRAW CONTINUE THE GAME FORMATIONS CLAIMING EXPERT, "
              "MATCHES HOUSE RULES 0123456789")
    assert set(titles) <= set(LARGE_CHARS)


def _drawn(glyph, w, h):
    """The rows of one glyph blitted onto an empty screen, as the art writes them."""
    import framebuf
    from engine.ui.text import ink, palette
    fb = framebuf.FrameBuffer(bytearray(w * h), 2 * w, h, framebuf.GS4_HMSB)
    fb.blit(glyph, 0, 0, ink(2), palette)
    return ["".join("#" if fb.pixel(x, y) == 2 else "." for x in range(w)) for y in range(h)]


def _scaled(rows, k):
    return [("".join(ch * k for ch in row)) for row in rows for _ in range(k)]


def test_each_glyph_is_drawn_as_its_art():
    # Every glyph of every font, the last of each strip included (a view into the strip must
    # not reach past its end).
    from engine.ui.fontdata import CHARS, LARGE_CHARS
    from engine.ui.text import SMALL, LARGE, GLYPH, GLYPH2
    for ch in CHARS:
        rows = font_art.GLYPHS[ch]
        assert _drawn(SMALL.glyph(ch), len(rows[0]), 8) == rows, repr(ch)
    for ch in LARGE_CHARS:
        rows = _scaled(font_art.GLYPHS[ch], 2)
        assert _drawn(LARGE.glyph(ch), len(rows[0]), 16) == rows, repr(ch)
    for i, art in enumerate(font_art.CLAN):
        assert _drawn(GLYPH.at(i), 7, 7) == art
        assert _drawn(GLYPH2.at(i), 14, 14) == _scaled(art, 2)


def test_text_leaves_nothing_of_the_glyph_drawn_before():
    # Text glyphs (all but the cards' digits) are copied into one cell per font as they are
    # drawn: a narrow glyph after the widest must show only itself, blank to the cell's edge.
    import framebuf
    from engine.ui.fontdata import CHARS, LARGE_CHARS
    from engine.ui.text import SMALL, LARGE, ink, palette
    for font, chars, k in ((SMALL, CHARS, 1), (LARGE, LARGE_CHARS, 2)):
        h = 8 * k
        cold = [ch for ch in chars if not font.hot[font.map[ord(ch)]]]
        widest = max(cold, key=lambda ch: font.widths[font.map[ord(ch)]])
        assert font.widths[font.map[ord(widest)]] == font.cell_w
        w = font.cell_w + 4
        for ch in chars:
            if ch == " ":
                continue
            rows = _scaled(font_art.GLYPHS[ch], k)
            rows = [r + "." * (w - len(r)) for r in rows]
            for way in ("draw", "glyph"):
                fb = framebuf.FrameBuffer(bytearray(w * h), 2 * w, h, framebuf.GS4_HMSB)
                font.draw(fb, widest, 0, 0, 3)  # fills the cell
                fb.fill(0)
                if way == "draw":
                    font.draw(fb, ch, 0, 0, 2)
                else:
                    fb.blit(font.glyph(ch), 0, 0, ink(2), palette)
                got = ["".join("#" if fb.pixel(x, y) == 2 else "." for x in range(w))
                       for y in range(h)]
                assert got == rows, (repr(ch), way)
