"""The window's own parts (sim/window.py) that need no display: the keys a frame sees and
where F12's screenshots go."""
from engine.ui import keys as K
from sim.headless import Runner
from sim.window import Held, next_shot


def test_a_tap_shorter_than_a_frame_still_counts_as_one_press(tmp_path):
    r = Runner("pico_lcd_114", str(tmp_path), 1)
    r.keys("A")  # the title: the main menu
    menu = r.app.screen
    at = menu.at
    held = Held()
    for _ in range(3):  # the key goes down and up between two frames
        held.down(K.DOWN)
        held.up(K.DOWN)
        r.app.frame(held.frame(), r.now)
        r.now += 33
        r.app.frame(held.frame(), r.now)
        r.now += 33
    assert menu.at == at + 3


def test_a_key_held_stays_held_until_it_is_released():
    held = Held()
    held.down(K.A)
    assert held.frame() == K.A and held.frame() == K.A
    held.down(K.B)
    held.up(K.A)
    assert held.frame() == K.B
    held.up(K.B)
    assert held.frame() == 0


def test_screenshots_never_overwrite_an_earlier_one(tmp_path):
    folder = str(tmp_path / "screenshots")
    first = next_shot(folder)
    assert first.endswith("screenshot-1.png")
    open(first, "wb").close()
    (tmp_path / "screenshots" / "screenshot-2.png").write_bytes(b"kept")
    assert next_shot(folder).endswith("screenshot-3.png")
    assert (tmp_path / "screenshots" / "screenshot-2.png").read_bytes() == b"kept"
