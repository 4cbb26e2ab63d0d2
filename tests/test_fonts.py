"""The fonts on the device are the ones drawn in tools/font_art.py (regenerate them with
`python tools/mkfont.py` after changing the art)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mkfont  # noqa: E402
import font_art  # noqa: E402


def stale_font_files(out=mkfont.OUT, blob_path=mkfont.BIN):
    """The generated font files (fontdata.py at `out`, fonts.bin at `blob_path`) that are not
    what tools/mkfont.py makes from the art now."""
    text, blob = mkfont.build()
    stale = []
    with open(out) as f:
        if f.read() != text:
            stale.append(os.path.basename(out))
    with open(blob_path, "rb") as f:
        if f.read() != blob:
            stale.append(os.path.basename(blob_path))
    return stale


def test_generated_files_match_the_art():
    stale = stale_font_files()
    assert not stale, "engine/ui/%s stale: run python tools/mkfont.py" % stale


def test_a_font_file_planted_stale_is_named(tmp_path):
    """The files as mkfont makes them are current; a glyph's byte or a line changed, stale."""
    text, blob = mkfont.build()
    out, blob_path = tmp_path / "fontdata.py", tmp_path / "fonts.bin"
    out.write_text(text)
    blob_path.write_bytes(blob)
    assert stale_font_files(str(out), str(blob_path)) == []
    blob_path.write_bytes(blob[:-1] + bytes([blob[-1] ^ 1]))
    assert stale_font_files(str(out), str(blob_path)) == ["fonts.bin"]
    out.write_text(text + "# hand-edited\n")
    assert stale_font_files(str(out), str(blob_path)) == ["fontdata.py", "fonts.bin"]


def test_every_glyph_is_eight_rows_of_one_width():
    for ch, rows in font_art.GLYPHS.items():
        assert len(rows) == 8, repr(ch)
        assert len({len(r) for r in rows}) == 1, repr(ch)
        assert set("".join(rows)) <= {".", "#"}, repr(ch)
    for rows in font_art.CLAN:
        assert len(rows) == 7 and {len(r) for r in rows} == {7}


def test_the_large_font_is_the_small_one_doubled():
    from engine.ui.text import SMALL, LARGE
    _screen(8, 8)  # (the painter set)
    assert LARGE.map is SMALL.map and LARGE.height == 16
    assert LARGE.width("SCHOTTEN TOTTEN") == 2 * SMALL.width("SCHOTTEN TOTTEN")


def _screen(w, h):
    """A w x h screen of colour 0 that text paints into: (buffer, its pixel(x, y))."""
    import framebuf
    from engine.ui import text
    from engine.ui.paint import paint
    buf = bytearray(w * h // 2)
    text.use(buf, w, h, paint)
    return buf, framebuf.FrameBuffer(buf, w, h, framebuf.GS4_HMSB).pixel


def _drawn(font, i, w, h):
    """The rows of glyph i painted onto an empty screen, as the art writes them."""
    buf, pixel = _screen(2 * w, h)
    font.glyph(None, i, 0, 0, 2)
    return ["".join("#" if pixel(x, y) == 2 else "." for x in range(w)) for y in range(h)]


def _scaled(rows, k):
    return [("".join(ch * k for ch in row)) for row in rows for _ in range(k)]


def _index(font, ch):
    """The glyph the painter draws for ch (engine/ui/paint.py's lookup)."""
    from engine.ui.paint import _glyph
    c = ord(ch)
    return font.map[c] if c < 128 else _glyph(font.map, c)


def _aliases(pairs):
    return {pairs[i]: pairs[i + 1] for i in range(0, len(pairs), 2)}


def _languages():
    """Each language's fonts loaded in turn: yields (code, its characters)."""
    from engine.ui import fontdata as F
    from engine.ui import lang, text
    for code in lang.CODES:
        text.for_language(code)
        s = {"ru": 0, "uk": 0, "hu": 1}.get(code)
        yield code, F.CHARS + (F.SCRIPT_CHARS[s] if s is not None else "")
    text.for_language("en")


def test_each_glyph_is_drawn_as_its_art():
    # Every glyph of every font in every language, the last of each strip included (a glyph
    # must not reach past the strip's end); each letter drawn with another's glyph as that.
    from engine.ui.fontdata import ALIAS
    from engine.ui.text import SMALL, LARGE, GLYPH, GLYPH2
    for code, chars in _languages():
        for ch in chars:
            rows = font_art.GLYPHS[ch]
            assert _drawn(SMALL, _index(SMALL, ch), len(rows[0]), 8) == rows, (code, ch)
            rows = _scaled(rows, 2)
            assert _drawn(LARGE, _index(LARGE, ch), len(rows[0]), 16) == rows, (code, ch)
        for ch, to in _aliases(ALIAS).items():
            assert font_art.GLYPHS[ch] == font_art.GLYPHS[to], ch
            assert _index(SMALL, ch) == _index(SMALL, to), (code, ch)
    for i, art in enumerate(font_art.CLAN):
        assert _drawn(GLYPH, i, 7, 7) == art
        assert _drawn(GLYPH2, i, 14, 14) == _scaled(art, 2)


def test_each_language_has_its_letters_and_english_only_the_base_ones():
    from engine.ui.text import SMALL, LARGE
    unknown = _index(SMALL, "?")
    letters = {"ru": "Съешь же ещё этих мягких французских булок, да выпей чаю. ЁЖ",
               "uk": "Чуєш їх, доцю, га? Кумедна ж ти, прощайся без ґольфів! ЇЄ",
               "hu": "Árvíztűrő tükörfúrógép ÁRVÍZTŰRŐ TÜKÖRFÚRÓGÉP"}
    for code, chars in _languages():
        for other, text in letters.items():
            known = [_index(SMALL, ch) != unknown for ch in text if ch != "?"]
            if other == code or {other, code} == {"ru", "uk"}:
                assert all(known), (code, text)
            else:
                assert not all(known), (code, other)
    # the languages' names, each in itself: in the settings each language's own, at the first
    # power-on all four (in the Cyrillic fonts, with the question's "Язык / Мова")
    names = dict(zip(("en", "ru", "uk", "hu"), ("English", "Русский", "Українська", "Magyar")))
    for code, chars in _languages():
        for name in names.values() if code == "ru" else (names[code], "Language / Nyelv"):
            assert unknown not in [_index(SMALL, ch) for ch in name], (code, name)
    from engine.ui import text
    text.for_language("ru")
    assert unknown not in [_index(SMALL, ch) for ch in "Language / Язык / Мова / Nyelv"]
    text.for_language("en")


def test_the_medium_font_is_the_small_one_taller():
    """The hints' and bars' font: each small glyph (the clans' too) with rows 1 and 5 drawn
    twice (row 6 as well instead of the last, for a descender), 11 rows."""
    from engine.ui.text import MEDIUM
    for code, chars in _languages():
        for ch in chars:
            art = font_art.GLYPHS[ch]
            if "#" in art[7]:
                rows = [art[r] for r in (0, 1, 1, 2, 3, 4, 5, 5, 6, 6, 7)]
            else:
                rows = [art[r] for r in (0, 1, 1, 2, 3, 4, 5, 5, 6, 7, 7)]
            assert _drawn(MEDIUM, _index(MEDIUM, ch), len(rows[0]), 11) == rows, (code, ch)
    assert MEDIUM.width("They: colour-run") == 76  # (as wide as in the small font)


def _expected(chars, k, s, x0, y0, colour, w, h, under, alias):
    """The screen (pixel values, row by row) after s is drawn at (x0, y0), built from the art:
    each character's glyph (a letter drawn as another's: that one's; the unknown ones '?'),
    a gap after each, clipped to w x h."""
    gap = 1 if k == 1 else 2
    px = [[under] * w for _ in range(h)]
    x = x0
    for ch in s:
        if ch not in chars and alias.get(ch, "\0") in chars:
            ch = alias[ch]
        rows = _scaled(font_art.GLYPHS[ch if ch in chars else "?"], k)
        for r, row in enumerate(rows):
            for c, dot in enumerate(row):
                if dot == "#" and 0 <= x + c < w and 0 <= y0 + r < h:
                    px[y0 + r][x + c] = colour
        x += len(rows[0]) + gap
    return px, (x - gap)


def test_text_is_painted_as_the_art_clipped_at_every_edge():
    """Strings in both fonts, every character, outside the fonts ('?'), at every edge of the
    screen, in each language: the pixels the art gives, nothing else changed; draw returns
    the x after the text, width its width."""
    from engine.ui.fontdata import ALIAS
    from engine.ui import text
    from engine.ui.text import SMALL, LARGE
    w, h = 60, 30
    spots = [(0, 0), (2, 1), (-7, 3), (40, 25), (55, -4), (-300, 10), (30, 29), (59, 0)]
    fonts = [(code, SMALL, 1, chars, _aliases(ALIAS))
             for code, chars in _languages() if code in ("en", "ru")]
    fonts += [(code, LARGE, 2, chars, _aliases(ALIAS))
              for code, chars in _languages() if code in ("en", "hu")]
    for code, font, k, chars, alias in fonts:
        text.for_language(code)
        samples = [chars[i:i + 9] for i in range(0, len(chars), 9)] + [
            "", " ", "Zo\u00e9 \u2192 7 \u044f\u0449\U0001F600", chars[-1] + chars[0],
            ALIAS[0::2]]  # (the letters drawn with another's glyph: else never drawn here)
        for s in samples:
            for x, y in spots:
                buf, pixel = _screen(w, h)
                for i in range(len(buf)):
                    buf[i] = 0x33  # (not a blank screen)
                end = font.draw(None, s, x, y, 9)
                want, want_end = _expected(chars, k, s, x, y, 9, w, h, 3, alias)
                got = [[pixel(c, r) for c in range(w)] for r in range(h)]
                assert got == want and end == want_end, (code, s, x, y)
                assert font.width(s) == (want_end - x if s else 0)
    text.for_language("en")


def test_hungarian_accented_capitals_keep_their_mark_apart_in_the_title_font(tmp_path):
    """Issue 46 (R7): in the title font BEÁLLÍTÁSOK read "BEALLɫTASOK": each mark touched its
    letter. Drawn large, every accented capital now has a clear band between its mark and its
    letter, the letter as tall as the others' bodies."""
    import card_faces
    from sim.headless import Runner
    from engine.ui.text import LARGE
    Runner("pico_lcd_114", str(tmp_path), 1, "hu")  # (the fonts hold Hungarian's letters)
    for ch in "ÁÉÍÓÖŐÚÜŰ":
        rows = sorted({y for _, y in card_faces.inked(LARGE, ch)})
        gaps = [i for i in range(1, len(rows)) if rows[i] != rows[i - 1] + 1]
        assert len(gaps) == 1, (ch, rows)  # the mark, a clear band, the letter
        assert rows[-1] - rows[gaps[0]] + 1 >= 10, (ch, rows)  # (five rows, doubled)


def test_wrap_breaks_where_measuring_each_whole_line_would(tmp_path):
    """text.wrap measures each word once (a line's width summed): its lines are those of
    measuring every trial line whole, for every rules page and every screen's words, in each
    language and font, at several widths, double spaces and empty paragraphs included."""
    from sim.headless import Runner
    from engine.ui import lang
    from engine.ui.text import SMALL, MEDIUM, wrap

    def whole(font, s, width):
        lines = []
        for para in s.split("\n"):
            line = ""
            for word in para.split(" "):
                trial = word if not line else line + " " + word
                if line and font.width(trial) > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines
    for code in ("en", "ru", "uk", "hu"):
        Runner("pico_lcd_114", str(tmp_path / code), 1, code)
        texts = [lang.page(i)[1] for i in range(lang.pages())] + [
            "a  b", " lead", "trail ", "", "\n\n", "x" * 80 + " y"]
        for s in texts:
            for font in (SMALL, MEDIUM):
                for width in (40, 120, 228):
                    assert wrap(font, s, width) == whole(font, s, width), (code, s[:30])
