"""The README's pictures in docs/pictures/ are what tools/pictures.py makes now."""
import os
import shutil
import sys

import pytest
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import pictures  # noqa: E402

# Every picture made from seeded games (a second or more): make test's, not make check's.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def made():
    return pictures.pictures()


def test_the_checked_in_pictures_are_current(made):
    assert pictures.check(pictures.OUT, made) == [], "make pictures writes them again"


def test_a_changed_pixel_a_missing_or_an_extra_picture_is_stale(made, tmp_path):
    kept = tmp_path / "pictures"
    shutil.copytree(pictures.OUT, kept)
    with Image.open(kept / "classic-240x135.png") as im:
        im = im.convert("RGB")
    im.putpixel((3, 3), (255, 0, 255))
    im.save(kept / "classic-240x135.png")
    os.remove(kept / "title-240x135.png")
    (kept / "old.png").write_bytes(b"")
    assert pictures.check(str(kept), made) == [
        "classic-240x135.png: not what is made now", "title-240x135.png: missing",
        "old.png: no longer made"]


def test_the_same_pixels_packed_otherwise_are_current(made, tmp_path):
    kept = tmp_path / "pictures"
    shutil.copytree(pictures.OUT, kept)
    for name in os.listdir(kept):
        if name.endswith(".png"):
            with Image.open(kept / name) as im:
                im.convert("RGB").save(kept / name, compress_level=1)
    assert pictures.check(str(kept), made) == []


def test_each_board_at_its_screen_s_size_and_the_gif_a_few_seconds(made):
    for name in ("classic", "tactical", "siege"):
        for size in ("240x135", "240x240"):
            (w, h), frames = _size_and_frames(made["%s-%s.png" % (name, size)])
            assert "%dx%d" % (w // pictures.SCALE, h // pictures.SCALE) == size
            assert len(frames) == 1
    (w, h), frames = _size_and_frames(made["turns.gif"])
    assert (w, h) == (480, 270) and len(frames) >= 8
    assert 5000 <= sum(ms for _, ms in frames) <= 20000  # a few seconds


def _size_and_frames(frames):
    images = list(frames.images())
    return images[0][0].size, images
