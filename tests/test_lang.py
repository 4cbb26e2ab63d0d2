"""The screens' languages (issue 27): every key the code shows has words in every language,
the words files of the bundle are the catalogues' (lang/*.txt, tools/mklang.py), each word
reads back as written, the fonts draw every character of every catalogue, and the
catalogues' format and mistakes are refused with where they are."""
import os
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mklang  # noqa: E402
from engine.ui import lang  # noqa: E402


def _catalogues():
    return {code: mklang.read_catalogue(os.path.join(mklang.LANG, code + ".txt"))
            for code in mklang.LANGS}


def stale_words_files(ui=mklang.UI):
    """The words files in the folder `ui` that are not what the catalogues make now."""
    out = []
    for name, data in mklang.build(_catalogues(), mklang.code_keys()).items():
        with open(os.path.join(ui, name), "rb") as f:
            if f.read() != data:
                out.append(name)
    return out


def test_every_key_of_the_code_has_words_in_every_language(capsys):
    assert mklang.main(["--check"]) == 0, capsys.readouterr().out


def test_the_words_files_are_made_from_the_catalogues():
    stale = stale_words_files()
    assert not stale, "%s stale: run python tools/mklang.py" % stale


CATALOGUES = mklang.LANG


def _stand_in(tmp_path, monkeypatch, code):
    """mklang's check on a stand-in in tmp_path: the catalogues as they are, and in each
    folder it reads the keys from (in a package two deep) a module holding `code` % that
    folder."""
    shutil.copytree(CATALOGUES, tmp_path / "lang")
    for d in mklang.SOURCES:
        deep = tmp_path / d / "deep" / "er"
        deep.mkdir(parents=True, exist_ok=True)
        (deep / "planted.py").write_text(code % d if code else "", encoding="utf-8")
    monkeypatch.setattr(mklang, "ROOT", str(tmp_path))
    monkeypatch.setattr(mklang, "LANG", str(tmp_path / "lang"))


def test_a_key_planted_without_words_fails_the_check(tmp_path, monkeypatch, capsys):
    """The key check of tools/mklang.py reads every folder of the code, however deep: a key
    planted in each one, which no catalogue has, is named for every language and fails the
    check (the stand-in without it passes: its catalogues' other keys are only unused)."""
    _stand_in(tmp_path / "clean", monkeypatch, "")
    assert mklang.main(["--check"]) == 0, capsys.readouterr().out
    _stand_in(tmp_path / "planted", monkeypatch, 'x = t("Planted key in %s")\n')
    assert mklang.main(["--check"]) == 1
    out = capsys.readouterr().out
    for lang in mklang.LANGS:
        for d in mklang.SOURCES:
            assert "%s lacks 'Planted key in %s' (%s/deep/er/planted.py:1)" % (lang, d, d) \
                in out, out


def test_words_planted_wrong_fail_the_check(tmp_path, monkeypatch, capsys):
    """A catalogue's words for a key of the code, with a %-field the key lacks: named, and
    the check fails."""
    _stand_in(tmp_path, monkeypatch, 'x = t("Planted key in %s")\n')
    for lang in mklang.LANGS:
        with open(tmp_path / "lang" / (lang + ".txt"), "a", encoding="utf-8") as f:
            f.write("\n" + "".join("Planted key in %s\n= %s %%d\n" % (d, lang)
                                   for d in mklang.SOURCES))
    assert mklang.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert "ru: 'Planted key in engine': its %-fields differ from the key's" in out, out
    assert " lacks " not in out


def test_a_words_file_planted_stale_is_named(tmp_path):
    """The words files written as the catalogues make them are not stale; a byte of one
    changed, it is."""
    for name, data in mklang.build(_catalogues(), mklang.code_keys()).items():
        (tmp_path / name).write_bytes(data)
    assert stale_words_files(str(tmp_path)) == []
    data = bytearray((tmp_path / "lang.bin").read_bytes())
    data[len(data) // 2] ^= 1
    (tmp_path / "lang.bin").write_bytes(bytes(data))
    assert stale_words_files(str(tmp_path)) == ["lang.bin"]


@pytest.mark.parametrize("code", mklang.LANGS)
def test_each_word_reads_back_as_the_catalogue_writes_it(code):
    cat = _catalogues()[code]
    lang.use(code)
    try:
        for key in mklang.code_keys():
            assert lang.t(key) == cat[key], key
    finally:
        lang.use("en")


def test_words_asked_in_any_order_within_a_frame_read_back():
    """Words read in one frame come from their blocks as that frame decoded them, in any
    order: any order gives the catalogue's words."""
    import random
    cat = _catalogues()["uk"]
    keys = sorted(mklang.code_keys())
    random.Random(7).shuffle(keys)
    lang.use("uk")
    try:
        for n, key in enumerate(keys):
            lang._kept.clear()  # (nothing kept: every word read from the file)
            assert lang.t(key) == cat[key], key
            if n % 17 == 0:
                lang.settle()  # (a frame drawn now and then)
    finally:
        lang.use("en")


def test_a_frame_decodes_each_block_of_words_once(monkeypatch):
    """A block's decoding costs some 4 ms on the Pico, most of it the decoder's making: a
    frame's words, asked in any order, decode each block they lie in once (the next frame
    decodes them again: the blocks are let go as a frame ends)."""
    import random
    from engine.ui import words_file
    made = []
    plain = words_file.DeflateIO

    def counted(*args):
        made.append(1)
        return plain(*args)
    monkeypatch.setattr(words_file, "DeflateIO", counted)
    cat = _catalogues()["ru"]
    keys = sorted(mklang.code_keys())
    random.Random(3).shuffle(keys)
    lang.use("ru")
    try:
        for frame in range(2):
            made.clear()
            for key in keys[:40]:
                assert lang.t(key) == cat[key], key
            lang.settle()
            lang._kept.clear()  # (the next frame asks anew)
            blocks = len(words_file._at[words_file._BLOCKS]) // 2 - 1  # (the language's blocks)
            assert 2 < len(made) <= blocks, frame
    finally:
        lang.use("en")


def test_a_key_without_words_is_english_or_in_tests_an_error():
    lang.use("ru")
    try:
        assert lang.t("no such key in any catalogue") == "no such key in any catalogue"
        lang.strict = True
        with pytest.raises(KeyError):
            lang.t("no such key in any catalogue")
    finally:
        lang.strict = False
        lang.use("en")


def undrawable(cats):
    """{language: the characters of its catalogue its fonts draw as the unknown glyph}."""
    from engine.ui import text
    from engine.ui.paint import _glyph
    out = {}
    try:
        for code, cat in cats.items():
            text.for_language(code)
            unknown = text.SMALL.map[ord("?")]
            chars = set("".join(cat.values())) - set("?\n|")  # (| divides plural forms)
            missing = [ch for ch in chars if (text.SMALL.map[ord(ch)] if ord(ch) < 128 else
                                              _glyph(text.SMALL.map, ord(ch))) == unknown]
            if missing:
                out[code] = "".join(sorted(missing))
    finally:
        text.for_language("en")
    return out


def wrong_plurals(cats):
    """(language, key) of each plural key whose words have not the language's forms: three
    in Russian and Ukrainian, two in Hungarian (or one: it says no plural after a number)."""
    out = []
    for code, cat in cats.items():
        for key, words in cat.items():
            if "|" in key:
                forms = len(words.split("|"))
                if not (forms == (3 if code in ("ru", "uk") else 2) or
                        (code == "hu" and forms == 1)):
                    out.append((code, key))
    return out


def test_the_fonts_draw_every_character_of_every_catalogue():
    assert undrawable(_catalogues()) == {}


def test_the_plural_keys_give_each_language_its_forms():
    assert wrong_plurals(_catalogues()) == []


def test_planted_letters_and_plurals_are_caught():
    """Words with a letter no font has, and plural keys given the wrong number of forms, in
    catalogues otherwise as they are: each is named."""
    cats = _catalogues()
    plural = next(k for k in cats["ru"] if "|" in k)
    cats["ru"]["Planted"] = "Слово \u4e2d"
    cats["hu"]["Planted"] = "sz\u00f3 \u0436"  # (a Cyrillic letter: not in Hungarian's fonts)
    cats["ru"][plural] = "одна|две"
    cats["uk"][plural] = "одна"
    cats["hu"][plural] = "egy|kettő|három"
    assert undrawable(cats) == {"ru": "\u4e2d", "hu": "\u0436"}
    assert sorted(wrong_plurals(cats)) == [("hu", plural), ("ru", plural), ("uk", plural)]


def _write(tmp_path, text):
    path = tmp_path / "xx.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_malformed_catalogue_is_refused_with_its_line(tmp_path):
    for text, said in (("= words\n", "1: words without a key"),
                       ("Key\nOther key\n= w\n", "2: 'Key' has no words"),
                       ("Key\n= a\n\nKey\n= b\n", "5: 'Key' twice"),
                       ("Key\n", "'Key' has no words")):
        with pytest.raises(ValueError) as e:
            mklang.read_catalogue(_write(tmp_path, text))
        assert said in str(e.value)


def test_a_catalogue_reads_line_breaks_and_control_characters(tmp_path):
    path = _write(tmp_path, "# a comment\nOne\\ntwo \\x12\n= Раз\\nдва \\x12\n")
    assert mklang.read_catalogue(path) == {"One\ntwo \x12": "Раз\nдва \x12"}
    assert mklang.escape("Раз\nдва \x12") == "Раз\\nдва \\x12"


def test_wrong_words_are_named():
    assert mklang.problems("%d cards left", "осталось карт", "ru") == [
        "its %-fields differ from the key's"]
    assert mklang.problems("%d card|%d cards", "%d карта|%d карты", "ru") == [
        "2 plural forms, ru wants 3"]
    assert mklang.problems("Start", "", "hu") == ["no words"]
    assert mklang.problems("Start", "Старт|Пуск", "ru") == ["a '|' where the key has none"]
    assert mklang.problems("%s on %d", "%s на %d", "ru") == []


def test_the_keys_are_found_where_the_code_marks_them():
    src = '''
x = t("Shown")
y = tn(n, "%d card|%d cards")
raise IllegalMove("refused %d", 3)
m = Menu(app, "TITLE", rows)
ROWS = ("One", "Two")  # keys
z = "not a key"
'''
    assert set(mklang.keys_in(src)) == {"Shown", "%d card|%d cards", "refused %d", "TITLE",
                                       "One", "Two"}


def test_two_keys_of_one_hash_are_refused():
    import random
    rng = random.Random(1)  # (30,000 keys of 22-bit hashes: some two surely share one)
    keys = ["".join(rng.choice("abcdefgh ") for _ in range(12)) for _ in range(30000)]
    with pytest.raises(ValueError) as e:
        mklang.ordered(keys)
    assert "one hash" in str(e.value)


def test_words_beyond_the_kept_characters_are_dropped_and_read_again():
    """The words kept stay within their characters' bound (the heap): a word more drops them
    all, and they are read again from the bundle when next shown."""
    from engine.ui import words_file
    cat = _catalogues()["ru"]
    keys = sorted(k for k in mklang.code_keys() if len(cat.get(k, "")) <= words_file._LONG)
    lang.use("ru")
    try:
        words = lang.t("New game")
        for key in keys:
            lang.t(key)
            assert sum(len(w) for w in lang._kept.values()) <= words_file._KEEP
        assert "New game" not in lang._kept and lang.t("New game") == words
    finally:
        lang.use("en")


def test_a_language_changed_speaks_its_own_words_at_once():
    """The words kept for the screen on view are the language's that read them: another
    language chosen on the same screen shows its own words, not the kept ones."""
    lang.use("ru")
    try:
        russian = lang.t("New game")
        lang.use("uk")
        assert lang.t("New game") != russian
        lang.use("en")
        assert lang.t("New game") == "New game"
        lang.use("hu")
        assert lang.t("New game") not in (russian, "New game")
    finally:
        lang.use("en")


def test_the_board_s_words_stay_while_the_computer_thinks(monkeypatch):
    """The words' reader rests while the computer thinks (its heap), but the words kept stay:
    the board shows them again with the computer's move without reading the file (a block
    of words decoded for each, 10 ms on the emulated Pico)."""
    from engine.ui import words_file
    lang.use("ru")
    try:
        words = lang.t("Stone %d")
        lang.rest()
        assert "engine.ui.words_file" not in sys.modules
        monkeypatch.setattr(words_file, "words", lambda key: pytest.fail("read again"))
        assert lang.t("Stone %d") == words
        assert "engine.ui.words_file" not in sys.modules
    finally:
        lang.use("en")


def test_the_words_reader_is_back_as_the_computer_s_move_is_told(tmp_path):
    """The words' reader rests while the computer thinks, and is loaded again in the frame
    that reads the move's words, kept or not: the player's next frame, which may draw the
    whole board, reads a word not kept without the import (20 ms on the emulated Pico)."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import ui_driver as D
    from sim.headless import Runner
    r = Runner("pico_lcd_114", str(tmp_path), 5, "ru")
    try:
        D.new_game(r, opponent=0)
        for _ in range(4):
            D.play_until(r, lambda s: s.mode == D.P.CPU and "engine.ui.words_file" not in
                         sys.modules, what="the reader never rested while the computer thought")
            D.to_card(r)  # the move shown: the player's turn
            assert "engine.ui.words_file" in sys.modules
    finally:
        lang.use("en")


def test_no_words_file_stays_open_after_a_frame(tmp_path, monkeypatch):
    """A frame that reads words closes their files as it ends, drawn or not (an open file and
    its stream hold some 8 KB of the Pico's heap): a screen's work that reads words without a
    drawing, then a tactical round in Russian."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import ui_driver as D
    from engine.ui.app import Screen
    from sim.headless import Runner
    import builtins
    files = []
    plain_open = builtins.open

    def tracked(path, *args, **kw):
        f = plain_open(path, *args, **kw)
        if str(path).endswith("lang.bin"):
            files.append(f)
        return f
    monkeypatch.setattr(builtins, "open", tracked)

    class Reading(Screen):
        def tick(self):
            self.words = lang.t("Thinking")  # (nothing to draw)
    r = Runner("pico_lcd_114", str(tmp_path), 5, "ru")
    try:
        r.app.screen = Reading(r.app)
        lang._kept.clear()
        r.frame()
        assert files and all(f.closed for f in files)
        r = Runner("pico_lcd_114", str(tmp_path), 5, "ru")
        D.new_game(r, tactical=True)
        frames = [0]
        plain = r.frame

        def frame(buttons=0):
            plain(buttons)
            frames[0] += 1
            assert all(f.closed for f in files), "a words file open after frame %d" % frames[0]
        r.frame = frame
        D.play_round(r)
        assert frames[0] > 100
    finally:
        lang.use("en")


@pytest.mark.parametrize("tactical", [True, False])
def test_the_words_reader_rests_while_the_computer_thinks(tmp_path, tactical):
    """While the computer thinks, the words' reader goes back to the heap (the thinking needs
    the room; the words kept, a few hundred characters, stay): the board is drawn with its
    words first, the thinking frames after it read none, and the computer's move is said in
    the language."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import ui_driver as D
    import engine.ui.play as P
    from sim.headless import Runner
    r = Runner("pico_lcd_114", str(tmp_path), 5, "ru")
    try:
        D.new_game(r, opponent=2, tactical=tactical)
        play = D.play_until(r, lambda s: s.mode == P.CPU)
        r.frame()  # (the board drawn anew, its words read)
        loaded = []  # after each frame of the computer's turn: is the words' reader in?
        while play.mode == P.CPU:
            r.frame()
            loaded.append("engine.ui.words_file" in sys.modules)
        # the thinking frames, then the one that reads the move's words, then the one that
        # shows it (the move's words are read apart from the board's drawing, in a frame of
        # their own)
        assert len(loaded) > 3 and not any(loaded[:-2]) and loaded[-2:] == [True, True]
        assert play.said and any(0x400 <= ord(c) <= 0x4FF for c in play.said), play.said
    finally:
        lang.use("en")


@pytest.mark.parametrize("code", ("en",) + mklang.LANGS)
def test_the_rules_pages_are_read_from_the_bundle_in_every_language(code):
    """The rules' text, English's too, is in lang.bin (compressed), read a page at a time by
    the rules screen; in English the reader goes back to the heap as the screen is left."""
    pages = mklang.rules_pages()
    words = _catalogues()[code] if code != "en" else {k: k for page in pages for k in page}
    lang.use(code)
    try:
        assert lang.pages() == len(pages)
        for i, (title, text) in enumerate(pages):
            assert lang.page(i) == (words[title], words[text])
        lang.leave()
        assert ("engine.ui.words_file" in sys.modules) == (code != "en")
    finally:
        lang.use("en")


def test_back_on_the_board_from_its_pause_menu_no_words_are_decoded(tmp_path, monkeypatch):
    """The board's words stay kept while its pause menu is shown: back on the board, its
    whole drawing decodes no block of words (each some 10 ms on the emulated Pico, on top of
    the drawing)."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import ui_driver as D
    import deflate
    from sim.headless import Runner
    made = []
    plain = deflate.DeflateIO

    def counted(*args):
        made.append(1)
        return plain(*args)
    r = Runner("pico_lcd_114", str(tmp_path), 5, "ru")
    try:
        D.new_game(r, tactical=True)
        board = D.to_card(r)
        # (the reader is imported afresh after each rest: its decoder looked up in deflate)
        monkeypatch.setattr(deflate, "DeflateIO", counted)
        if "engine.ui.words_file" in sys.modules:
            monkeypatch.setattr(sys.modules["engine.ui.words_file"], "DeflateIO", counted)
        D.keys(r, "B")  # the pause menu
        assert made  # (its own words read)
        assert not D.on_board(r.app.screen)
        made.clear()
        D.keys(r, "B")  # back
        r.frame()
        assert r.app.screen is board and not made
    finally:
        lang.use("en")
