"""Every file the game reads, damaged in the ways files are: the game still starts, a damaged
file is kept (set aside, and said), never lost, and nothing raises."""
import os
import random

import pytest

import ui_driver as D
from engine.rng import Rng
from tests.scenarios.test_record import damaged
from engine.ui.files import seal
from sim.headless import Runner


def _saved_game(tmp_path, tactical):
    """The text of a save mid-game (classic or tactical, against Normal)."""
    r = Runner("pico_lcd_114", str(tmp_path), 3)
    D.new_game(r, tactical=tactical)
    for _ in range(30):
        D.step(r)
    D.settle(r)
    return r.app.storage.read("game.sav")


@pytest.mark.parametrize("tactical", [False, True])
def test_a_damaged_save_is_continued_or_set_aside_never_a_crash(tmp_path, tactical):
    good = _saved_game(tmp_path / "good", tactical)
    rng = Rng(23 + tactical)
    for n in range(40):
        folder = tmp_path / ("try%d" % n)
        folder.mkdir()
        text = damaged(good, rng)
        (folder / "game.sav").write_text(seal(text))  # the seal holds: the record is read
        r = Runner("pico_lcd_114", str(folder), 5)
        D.keys(r, "A")
        if r.app.screen.rows[0][0] != "Continue":
            continue  # (never: a sealed save is offered)
        D.keys(r, "A")
        D.loaded(r)
        if D.on_board(r.app.screen):
            for _ in range(20):  # and it plays on
                if not D.on_board(r.app.screen):
                    break
                D.step(r)
        else:
            assert "could not be read" in r.app.screen.note, r.app.screen
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
