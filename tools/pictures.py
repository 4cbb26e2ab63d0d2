"""The README's pictures, made by the simulator from seeded games against the computer.

    python tools/pictures.py [--out DIR] [--check]     (`make pictures` writes them)

Each game's board mid-game on the 240x135 and the 240x240 screens, the first power-on's
question, the title, and an animated GIF of a few turns; all at twice the screen's size, in
docs/pictures/. The player's moves are the variant's greedy baseline (sim/players.py), made
by key presses. --check makes them and compares each with the file there, pixel for pixel
and frame for frame (not byte for byte: a zlib of another version may pack them otherwise);
tests/test_pictures.py runs it."""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "sim", "cpython"), os.path.join(ROOT, "tests")]

from PIL import Image  # noqa: E402

import ui_driver as D  # noqa: E402
from engine.core.game import PLAY  # noqa: E402
from engine.core.steps import finish  # noqa: E402
from engine.ui import play as P  # noqa: E402
from sim import players  # noqa: E402
from sim.headless import Runner  # noqa: E402
from sim.png import rgb888  # noqa: E402

OUT = os.path.join(ROOT, "docs", "pictures")
SCALE = 2  # (a web page's pixels are smaller than the panels')
SEED = 1
SCREENS = (("240x135", "pico_lcd_114"), ("240x240", "pico_lcd_13"))
GAMES = (("classic", {}), ("tactical", {"tactical": True}), ("siege", {"role": 0}))  # (0: attack)
GREEDY = {"classic": "greedy", "tactical": "greedy_tactical", "siege": "greedy_siege"}
MIDGAME = 18  # cards on the table when the board is shot
START = 12  # and when the GIF's turns begin
PALETTE = [v for i in range(16) for v in rgb888(i)]


class Frames:
    """What the screen of Runner r showed, frame after frame: [palette indices, ms shown]."""

    def __init__(self, r):
        self.r = r
        self.shown = []

    def add(self, ms):
        """The screen now, shown for ms (added to the last frame when nothing changed)."""
        pixels = bytes(v for b in self.r.app.buf for v in (b >> 4, b & 15))
        if self.shown and self.shown[-1][0] == pixels:
            self.shown[-1][1] += ms
        else:
            self.shown.append([pixels, ms])

    def images(self):
        w, h = self.r.app.w, self.r.app.h
        for pixels, ms in self.shown:
            im = Image.frombytes("P", (w, h), pixels)
            im.putpalette(PALETTE)
            yield im.resize((w * SCALE, h * SCALE), Image.Resampling.NEAREST), ms


def runner(board, under, first_boot=False):
    """A new device's screens, its files in a folder of its own made in `under` (pictures()
    removes it all once made: nothing is left in the system's temporary folder)."""
    return Runner(board, tempfile.mkdtemp(prefix="pictures-", dir=under), SEED, ask=first_boot)


def greedy_move(r, variant, keys=D.keys):
    """The player's turn to choose a card: the greedy baseline's play, made by pressing
    through the hand and the stones; False when its choice is no plain play (a tactic card,
    a pass: the plain driver goes on)."""
    s = r.app.screen
    g = s.g
    a = finish(players.make(GREEDY[variant], SEED, variant).think(g))
    card, stone = a >> 16 & 255, a >> 8 & 255
    hand = s._hand()
    if a >> 24 != PLAY or card not in hand:
        return False
    way = _shorter(hand.index(card) - s.card, len(hand))
    while hand[s.card] != card:
        keys(r, way)
    keys(r, "A")
    if s.mode != P.STONE:
        return True  # (a choice of the variant's: the plain driver makes it)
    way = _shorter(stone - s.stone, g.places)
    for _ in range(g.places):  # (the cursor skips the stones closed to the card)
        if s.stone == stone:
            break
        keys(r, way)
    keys(r, "A")
    return True


def _shorter(steps, n):
    """The way round a ring of n to go `steps` on in fewer presses."""
    return "RIGHT" if steps % n <= n // 2 else "LEFT"


def players_turn(s):
    """The player's card to choose, the board drawn whole (not halfway: its table a frame
    later)."""
    return D.on_board(s) and s.mode == P.CARD and not s.note and s.g.player == 0 and \
        not s.halfway


def play_on(r, variant, done, limit=4000, keys=D.keys):
    """Play the player's turns greedily, the rest plainly, until done(board screen)."""
    for _ in range(limit):
        s = r.app.screen
        if D.on_board(s) and not s.halfway and done(s):
            return s
        if not (players_turn(s) and greedy_move(r, variant, keys)):
            D.step(r)
    raise AssertionError("the game never got there")


def midgame(s):
    return players_turn(s) and sum(s.g.count) >= MIDGAME


def board(board_name, variant, options, under):
    """The board mid-game, the player about to choose a card."""
    r = runner(board_name, under)
    D.new_game(r, **options)
    play_on(r, variant, midgame)
    return frames_of(r)


def frames_of(r):
    f = Frames(r)
    f.add(0)
    return f


def first_boot(board_name, under):
    return frames_of(runner(board_name, under, first_boot=True))


def title(board_name, under):
    return frames_of(runner(board_name, under))


def turns(board_name, under, moves=2):
    """A few turns of the classic game: the player's choice of card and stone (a frame a
    press), the computer's reply (its thinking one frame), the claims."""
    r = runner(board_name, under)
    D.new_game(r)
    play_on(r, "classic", lambda s: players_turn(s) and sum(s.g.count) >= START)
    f = Frames(r)
    f.add(2000)

    def keys(r, spec):
        D.keys(r, spec)
        f.add(400)
    for _ in range(moves):
        play_on(r, "classic", players_turn)
        assert greedy_move(r, "classic", keys), "no plain play"
        f.add(500)
        watch(r, f)
        f.add(2000)
    return f


def watch(r, f):
    """On until the player's next card: each change a frame, but the computer's thinking
    (its dots) one frame."""
    for _ in range(3000):
        s = r.app.screen
        if not D.on_board(s) or players_turn(s):
            return
        thinking = s.mode == P.CPU
        halfway = s.halfway  # (the frame that draws the table of a split drawing: the
        D.step(r)            # screen is shown whole only after it)
        if not thinking and not halfway:
            f.add(1500)
    raise AssertionError("the player's turn never came back")


def pictures():
    """{file name: Frames} of every picture."""
    made = {}
    with tempfile.TemporaryDirectory(prefix="pictures-") as under:  # the devices' files
        for size, board_name in SCREENS:
            for variant, options in GAMES:
                made["%s-%s.png" % (variant, size)] = board(board_name, variant, options, under)
        made["first-power-on-240x135.png"] = first_boot("pico_lcd_114", under)
        made["title-240x135.png"] = title("pico_lcd_114", under)
        made["turns.gif"] = turns("pico_lcd_114", under)
    return made


def write(name, frames, folder):
    path = os.path.join(folder, name)
    images = list(frames.images())
    if name.endswith(".gif"):
        images[0][0].save(path, save_all=True, append_images=[im for im, _ in images[1:]],
                          duration=[ms for _, ms in images], loop=0)
    else:
        images[0][0].save(path, optimize=True)


def decoded(path):
    """[(RGB bytes, ms)] of every frame of a picture file, and its size."""
    with Image.open(path) as im:
        shown = []
        for i in range(getattr(im, "n_frames", 1)):
            im.seek(i)
            shown.append((im.convert("RGB").tobytes(), im.info.get("duration", 0)))
        return im.size, shown


def check(folder, made=None):
    """What is stale in `folder`, a line a picture: missing, unlike the one made now
    (`made`, from pictures(), or made here), or no longer made."""
    made = made or pictures()
    stale = []
    with tempfile.TemporaryDirectory(prefix="pictures-") as fresh:
        for name, frames in made.items():
            write(name, frames, fresh)
            kept = os.path.join(folder, name)
            if not os.path.exists(kept):
                stale.append("%s: missing" % name)
            elif decoded(kept) != decoded(os.path.join(fresh, name)):
                stale.append("%s: not what is made now" % name)
    there = os.listdir(folder) if os.path.isdir(folder) else []
    return stale + ["%s: no longer made" % n for n in sorted(set(there) - set(made))]


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description="Make the README's pictures (docs/pictures/).")
    ap.add_argument("--out", default=OUT, metavar="DIR", help="where (default docs/pictures)")
    ap.add_argument("--check", action="store_true",
                    help="write nothing: compare with the pictures in DIR, exit 1 if stale")
    args = ap.parse_args(argv)
    if args.check:
        stale = check(args.out)
        for line in stale:
            print("%s (make pictures writes them again)" % os.path.join(args.out, line))
        return 1 if stale else 0
    os.makedirs(args.out, exist_ok=True)
    for name, frames in pictures().items():
        write(name, frames, args.out)
        print(name, os.path.getsize(os.path.join(args.out, name)), "bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
