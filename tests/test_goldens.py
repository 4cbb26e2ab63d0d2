"""Every screen on every board against its golden PNG, pixel for pixel (tests/goldens.py)."""
import struct
import zlib

import pytest

import goldens
from sim.boards import BOARDS, DEFAULT


def read_png(path):
    """(RGB pixels, width, height) of a PNG written by sim/png.py (8-bit RGB, filter 0)."""
    with open(path, "rb") as f:
        data = f.read()
    w, h = struct.unpack(">II", data[16:24])
    i = 8
    idat = b""
    while i < len(data):
        n = struct.unpack(">I", data[i:i + 4])[0]
        if data[i + 4:i + 8] == b"IDAT":
            idat += data[i + 8:i + 8 + n]
        i += 12 + n
    raw = zlib.decompress(idat)
    stride = w * 3 + 1
    assert all(raw[y * stride] == 0 for y in range(h))
    return b"".join(raw[y * stride + 1:(y + 1) * stride] for y in range(h)), w, h


@pytest.mark.parametrize("board", goldens.tiered(sorted(BOARDS), DEFAULT))
@pytest.mark.parametrize("name", sorted(goldens.SHOTS))
def test_screen_matches_its_golden(board, name, screens):
    """(The fast tier, make check, replays every screen on the default board; make test on
    the others and in every language too: tests/goldens.py's tiered.)"""
    _compare(screens, board, name, None)


@pytest.mark.slow
@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("lang", goldens.LANGS)
@pytest.mark.parametrize("name", goldens.LANG_SHOTS)
def test_a_main_screen_matches_its_golden_in_each_language(board, lang, name, screens):
    _compare(screens, board, name, lang)


def _compare(screens, board, name, lang):
    """`screens` (tests/conftest.py): the replay tests/test_text_boxes.py reads too."""
    pixels, w, h = screens.get(board, name, lang)[:3]
    want, gw, gh = read_png(goldens.path(board, name, lang))
    assert (w, h) == (gw, gh)
    if pixels != want:
        diff = [i // 3 for i in range(0, len(want), 3) if pixels[i:i + 3] != want[i:i + 3]]
        pytest.fail("%d pixels differ, the first at x=%d y=%d (make goldens rewrites them, "
                    "for an intended change only)" % (len(diff), diff[0] % w, diff[0] // w))
