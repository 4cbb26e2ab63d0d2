"""Every file the game reads, damaged in the ways files are: the game still starts, a damaged
file is kept (set aside, and said), never lost, and nothing raises."""
import os
import random
import zlib

import pytest

import ui_driver as D
from engine.core.rng import Rng
from tests.scenarios.test_record import damaged
from engine.ui.files import Files, seal
from sim.headless import Runner
from sim.storage import DirStorage

UI = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine", "ui")


def _saved_game(tmp_path, tactical):
    """The text of a save mid-game (classic or tactical, against Normal)."""
    r = Runner("pico_lcd_114", str(tmp_path), 3)
    D.new_game(r, tactical=tactical)
    for _ in range(30):
        D.step(r)
    D.settle(r)
    return r.app.storage.read("game.sav")


@pytest.mark.slow
@pytest.mark.parametrize("tactical", [False, True])
def test_a_damaged_save_is_continued_or_set_aside_never_a_crash(tmp_path, tactical):
    good = _saved_game(tmp_path / "good", tactical)
    rng = Rng(23 + tactical)
    ends = {"continued": 0, "set aside": 0}
    for n in range(40):
        folder = tmp_path / ("try%d" % n)
        folder.mkdir()
        text = damaged(good, rng)
        (folder / "game.sav").write_text(seal(text))  # the seal holds: the record is read
        r = Runner("pico_lcd_114", str(folder), 5)
        D.keys(r, "A")
        assert r.app.screen.rows[0][0] == "Continue"  # a sealed save is always offered
        D.keys(r, "A")
        D.loaded(r)
        if D.on_board(r.app.screen):
            ends["continued"] += 1
            for _ in range(20):  # and it plays on
                if not D.on_board(r.app.screen):
                    break
                D.step(r)
        else:
            ends["set aside"] += 1
            assert "could not be read" in r.app.screen.note, r.app.screen
            assert (folder / "game.bad").read_text() == seal(text)  # kept whole
    assert min(ends.values()) > 0, ends  # (the damage seeded here gives both ends)


@pytest.mark.parametrize("opponent", ["master", "2P", ""])
def test_a_save_against_an_unknown_opponent_is_set_aside(tmp_path, opponent):
    good = _saved_game(tmp_path / "good", False)
    assert good.split("\n")[1] == "opponent normal"
    text = good.replace("opponent normal", "opponent " + opponent, 1)
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "game.sav").write_text(seal(text))
    r = Runner("pico_lcd_114", str(folder), 5)
    D.keys(r, "A,A")  # Continue
    D.loaded(r)
    assert not D.on_board(r.app.screen) and "could not be read" in r.app.screen.note
    assert (folder / "game.bad").read_text() == seal(text)  # kept whole


@pytest.mark.parametrize("name", ["game.sav", "settings.txt", "stats.txt"])
def test_any_bytes_in_a_kept_file_never_stop_the_game(tmp_path, name):
    rng = random.Random(name)
    samples = [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
               for _ in range(10)]
    samples += [b"", b"\x00" * 50, "\ufeffST1 5 00000000\nhello".encode("utf-16"),
                seal("brightness 99999999999999999999\nglyphs -1\nhints \x00\n").encode(),
                seal("hard -5 99999999999999999999\nnormal x y\neasy 3\n").encode()]
    for n, data in enumerate(samples):
        folder = tmp_path / str(n)
        folder.mkdir()
        (folder / name).write_bytes(data)
        r = Runner("pico_lcd_114", str(folder), 5)
        assert 1 <= r.app.settings.brightness <= 5
        for _ in range(4):  # the title, the notices (if any), the menu
            if D.on(r.app.screen, "Menu") and r.app.screen.title == "SCHOTTEN TOTTEN":
                break
            D.keys(r, "A")
        assert r.app.screen.title == "SCHOTTEN TOTTEN"
        rows = [row[0] for row in r.app.screen.rows]
        D.keys(r, "DOWN," * rows.index("Statistics") + "A")  # the statistics draw
        assert D.on(r.app.screen, "Statistics")
        kept = [f for f in os.listdir(folder) if f.endswith(".bad")] + [name]
        assert any((folder / f).exists() and (folder / f).read_bytes() == data for f in kept)


def _fonts_from(folder, monkeypatch):
    """The fonts loaded afresh (engine/ui/fontload.py) from the fonts.bin in `folder`."""
    from engine.ui import fontload
    monkeypatch.setattr(fontload, "_path", lambda: str(folder / "fonts.bin"))
    fontload.load(-1, True)


@pytest.mark.parametrize("damage", ["missing", "empty", "cut", "flipped", "longer", "folder"])
def test_a_damaged_fonts_bin_is_refused_with_what_to_do(tmp_path, damage, monkeypatch):
    """fonts.bin is part of the bundle, not a kept file: a damaged one cannot be set aside,
    but it is never drawn as garbage or read past its end; the screens refuse it with one
    sentence, which the crash screen shows (tests/test_firmware.py)."""
    with open(os.path.join(UI, "fonts.bin"), "rb") as f:
        good = f.read()
    bad = {"empty": b"", "cut": good[:-7], "longer": good + b"\x00" * 9,
           "flipped": good[:100] + bytes([good[100] ^ 0x10]) + good[101:]}
    if damage == "folder":
        (tmp_path / "fonts.bin").mkdir()
    elif damage in bad:
        (tmp_path / "fonts.bin").write_bytes(bad[damage])
    with pytest.raises(OSError, match="^fonts.bin is missing or damaged: flash the game again$"):
        _fonts_from(tmp_path, monkeypatch)
    (tmp_path / "good").mkdir()
    (tmp_path / "good" / "fonts.bin").write_bytes(good)
    _fonts_from(tmp_path / "good", monkeypatch)
    from engine.ui import text
    from engine.ui.paint import paint
    text.use(bytearray(32), 8, 8, paint)  # (as App does before any text is drawn)
    assert text.SMALL.width("A") > 0


@pytest.mark.parametrize("name", ["game.sav", "settings.txt", "stats.txt", "board.txt"])
def test_a_folder_where_a_kept_file_goes_never_stops_the_game(tmp_path, name):
    """A folder in a file's place (an odd flash, a hand's mistake): the game starts, plays
    and saves around it, and the folder and what is in it are left alone."""
    (tmp_path / name).mkdir()
    (tmp_path / name / "inside").write_text("kept\n")
    r = Runner("pico_lcd_114", str(tmp_path), 5)
    D.new_game(r)
    for _ in range(6):
        D.step(r)
    D.settle(r)
    assert (tmp_path / name / "inside").read_text() == "kept\n"
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]


def test_a_save_that_cannot_be_written_is_said_and_the_game_goes_on(tmp_path, monkeypatch):
    """The flash full: the save fails, the game goes on, the file as it was stays, and the
    menu says the game could not be saved."""
    r = Runner("pico_lcd_114", str(tmp_path), 5)

    def full(src, dst):  # the temporary copy written, then no room to put it in place
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    D.new_game(r)
    for _ in range(4):
        D.step(r)
    D.settle(r)
    assert D.on_board(r.app.screen)
    assert not os.listdir(tmp_path)  # no half-written copy left
    while getattr(r.app.screen, "title", "") != "PAUSED":
        D.keys(r, "B")  # (a card chosen: B puts it back first)
    rows = [row[0] for row in r.app.screen.rows]
    D.keys(r, "DOWN," * rows.index("Quit to menu") + "A")
    notes = []
    while r.app.screen.title == "NOTICE":  # one notice a file, in turn
        notes.append(r.app.screen.note)
        D.keys(r, "A")
    # (the settings too: they keep the new game's choices, written as it starts)
    assert [n.split(" could not be saved")[0] for n in notes] == ["The settings",
                                                                  "The saved game"]
    assert r.app.screen.title == "SCHOTTEN TOTTEN"


@pytest.mark.parametrize("name", ["settings.txt", "stats.txt"])
def test_a_sealed_settings_or_stats_file_damaged_line_by_line_never_stops_the_game(tmp_path,
                                                                                   name):
    """Lines swapped, doubled or gone, numbers huge, negative or NUL, under a good seal (a
    hand edit that resealed the file): read as far as it makes sense, never a crash."""
    good = {"settings.txt": "brightness 3\nglyphs 1\nhints 0\nby_value 1\n",
            "stats.txt": "easy 3 1\nnormal 5 2\nhard 7 3\n"}[name]
    rng = Rng(5)
    for n in range(30):
        folder = tmp_path / str(n)
        folder.mkdir()
        (folder / name).write_text(seal(damaged(good, rng)))
        r = Runner("pico_lcd_114", str(folder), 5)
        assert 1 <= r.app.settings.brightness <= 5
        _on_statistics(r)


@pytest.mark.parametrize("damage", ["missing", "empty", "cut", "longer", "not_words", "flipped",
                                    "no_language"])
def test_a_damaged_words_file_is_refused_with_what_to_do(tmp_path, damage, monkeypatch):
    """The languages' words file missing, cut short, grown, not a words file, a byte of it
    changed or the language not in it: choosing a language (or opening the rules, in
    English) says which file and what to do, never reads past it nor shows garbage."""
    from engine.ui import lang, words_file
    with open(os.path.join(UI, "lang.bin"), "rb") as f:
        good = f.read()
    flipped = bytearray(good)
    flipped[len(good) // 2] ^= 0x10  # (inside some language's words)
    at = good.index(b"ru", 10)  # (the directory: a code and a place a language, from byte 10)
    assert at < 10 + 5 * good[9]
    body = good[7:at] + b"xx" + good[at + 2:]
    renamed = good[:3] + zlib.crc32(body).to_bytes(4, "little") + body
    bad = {"empty": b"", "cut": good[:-7], "longer": good + b"\x00" * 9,
           "not_words": b"XYZ" + good[3:], "flipped": bytes(flipped), "no_language": renamed}
    if damage != "missing":
        (tmp_path / "lang.bin").write_bytes(bad[damage])
    monkeypatch.setattr(words_file, "path", lambda: str(tmp_path / "lang.bin"))
    monkeypatch.setattr(lang, "_checked", [""])  # (as at power-on: nothing checked yet)
    said = "^lang.bin is missing or damaged: flash the game again$"
    try:
        with pytest.raises(OSError, match=said):
            lang.use("ru")
        lang.use("en")  # (English's words are the code's: nothing read)
        if damage != "no_language":  # (English is there: its part read)
            with pytest.raises(OSError, match=said):
                lang.page(0)  # the rules, English's read from the file too
    finally:
        lang.use("en")


# Numbers written otherwise than in ASCII digits: other scripts' digits and superscripts
# (CPython's isdigit takes them, its int() reads some and raises on others), signs, spaces,
# underscores, zeros and digits past any bound (CPython's int() refuses thousands of digits).
ODD_NUMBERS = ["\u00b2", "\u0663", "\uff11", "+5", "-5", "1 0", "1_0", "9" * 5000,
               "0" * 30 + "7"]


def _fields(text):
    """(start, end) of each run of ASCII digits in text: its number fields."""
    import re
    return [m.span() for m in re.finditer("[0-9]+", text)]


def _with(text, span, odd):
    return text[:span[0]] + odd + text[span[1]:]


def _seal_length_replaced(body, odd):
    """The sealed file of `body` with its seal's length written as `odd`."""
    head, _, rest = seal(body).partition("\n")
    words = head.split(" ")
    return " ".join([words[0], odd, words[2]]) + "\n" + rest


def _odd_saves(good, rng):
    """The save `good` with one number field written an odd way each: the seal's length
    with every odd number, the header's with every one, a sample of the rest."""
    spans = _fields(good)
    header = [s for s in spans if s[0] < good.index("starts ") + 12]
    rest = [s for s in spans if s not in header]
    rest = rng.sample(rest, min(8, len(rest)))
    for odd in ODD_NUMBERS:
        yield _seal_length_replaced(good, odd)
        for span in header:
            yield seal(_with(good, span, odd))
    for span in rest:
        for odd in rng.sample(ODD_NUMBERS, 3):
            yield seal(_with(good, span, odd))


def _save_of(tmp_path, game):
    r = Runner("pico_lcd_114", str(tmp_path), 3)
    if game == "siege":
        D.new_game(r, role=0)
    else:
        D.new_game(r, tactical=game == "tactical")
    for _ in range(60):
        D.step(r)
    D.settle(r)
    return r.app.storage.read("game.sav")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["classic", "tactical", "siege"])
def test_a_save_with_a_number_written_otherwise_is_set_aside_whole(tmp_path, game):
    """Continue never stops on a number of the save (its seal's length, its header, its
    moves) written in other digits, with a sign, a space or thousands of digits, and never
    reads it as a number: the save is set aside, kept byte for byte, and said."""
    good = _save_of(tmp_path / "good", game)
    rng = random.Random(game)
    for n, text in enumerate(_odd_saves(good, rng)):
        folder = tmp_path / ("try%d" % n)
        folder.mkdir()
        (folder / "game.sav").write_bytes(text.encode())
        r = Runner("pico_lcd_114", str(folder), 5)
        D.keys(r, "A")
        if r.app.screen.rows[0][0] == "Continue":
            D.keys(r, "A")
            D.loaded(r)
            assert not D.on_board(r.app.screen), text[:200]
        assert "could not be read" in r.app.screen.note, text[:200]
        assert (folder / "game.bad").read_bytes() == text.encode()  # kept whole


def _odd_lines(good):
    """(text of the file, the line made odd) of a settings or statistics file: each number
    of each line, and the seal's length, written every odd way; and the language."""
    for odd in ODD_NUMBERS:
        yield _seal_length_replaced(good, odd), None
        for span in _fields(good):
            line = good.count("\n", 0, span[0])
            yield seal(_with(good, span, odd)), good.split("\n")[line].split()[0]
    for odd in ("r\u00b2", "ru\u0663", "x" * 5000, "RU", "ru ru"):
        yield seal(good.replace("lang ru", "lang " + odd)), "lang"


def _on_statistics(r):
    for _ in range(4):
        if D.on(r.app.screen, "Menu") and r.app.screen.title == "SCHOTTEN TOTTEN":
            break
        D.keys(r, "A")
    rows = [row[0] for row in r.app.screen.rows]
    D.keys(r, "DOWN," * rows.index("Statistics") + "A")
    assert D.on(r.app.screen, "Statistics")


def test_a_settings_line_with_a_number_written_otherwise_keeps_its_default(tmp_path):
    """Each line of settings.txt (and its seal's length) with its number in other digits, a
    sign, a space or thousands of digits, and the language written otherwise: the game
    starts with that setting's default (a damaged seal: the file set aside whole)."""
    from engine.ui.app import Settings
    good = "brightness 2\nglyphs 0\nhints 0\nby_value 1\nlang ru\n"
    defaults = Settings(Files(DirStorage(str(tmp_path / "none"))))
    for n, (text, odd) in enumerate(_odd_lines(good)):
        folder = tmp_path / str(n)
        folder.mkdir()
        (folder / "settings.txt").write_bytes(text.encode())
        r = Runner("pico_lcd_114", str(folder), 5, ask=True)
        s = r.app.settings
        for key in ("brightness", "glyphs", "hints", "by_value", "lang"):
            want = getattr(defaults, key) if odd in (None, key) else \
                {"brightness": 2, "glyphs": False, "hints": False, "by_value": True,
                 "lang": "ru"}[key]
            assert getattr(s, key) == want, (text[:80], key)
        if odd is None:
            assert (folder / "settings.bad").read_bytes() == text.encode()


def test_a_statistics_line_with_a_number_written_otherwise_counts_nothing(tmp_path):
    """Each number of stats.txt (and its seal's length) in other digits, with a sign, a
    space or thousands of digits: Statistics shows, that line counts nothing, the others
    count (a damaged seal: the file set aside whole)."""
    from engine.ui.stats import read_stats
    good = "easy 3 1\nnormal 5 2/1\nhard_attacker 7 3/3\n"  # (easy's: from before the coach)
    counts = {"easy": [3, 1, 1], "normal": [5, 2, 1], "hard_attacker": [7, 3, 3]}
    for n, (text, odd) in enumerate(_odd_lines(good)):
        if odd == "lang":
            continue
        folder = tmp_path / str(n)
        folder.mkdir()
        (folder / "stats.txt").write_bytes(text.encode())
        r = Runner("pico_lcd_114", str(folder), 5)
        _on_statistics(r)
        got = read_stats(r.app.storage)
        for key, want in counts.items():
            assert got[key] == ([0, 0, 0] if odd in (None, key) else want), (text[:80], key)
        if odd is None:
            assert (folder / "stats.bad").read_bytes() == text.encode()
