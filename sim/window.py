"""The game in a window (pygame-ce): `make sim` / `python -m sim`.

Keys: arrows; Z or Enter = A; X or Esc = B; A and S = X and Y; F12 saves a PNG (in the
storage folder's screenshots/, never over an earlier one). The screens
run on the same virtual 33 ms frames as the headless runner."""
import os
import sys
import time

from engine.ui import keys as K
from engine.ui.app import App, FRAME_MS
from sim import boards, png
from sim.storage import DirStorage
from sim.headless import set_language


def _keymap(pygame):
    return {pygame.K_UP: K.UP, pygame.K_DOWN: K.DOWN, pygame.K_LEFT: K.LEFT,
            pygame.K_RIGHT: K.RIGHT, pygame.K_z: K.A, pygame.K_RETURN: K.A, pygame.K_x: K.B,
            pygame.K_ESCAPE: K.B, pygame.K_a: K.X, pygame.K_s: K.Y}


class Held:
    """The buttons a frame sees: those held, and those pressed since the last frame even if
    already released (a tap shorter than a frame still counts as one press)."""

    def __init__(self):
        self.held = 0
        self.tapped = 0

    def down(self, bit):
        self.held |= bit
        self.tapped |= bit

    def up(self, bit):
        self.held &= ~bit

    def frame(self):
        out = self.held | self.tapped
        self.tapped = 0
        return out


def next_shot(folder):
    """Where F12's next screenshot goes: the first unused screenshot-N.png in `folder`
    (made if missing), so no shot is ever written over."""
    os.makedirs(folder, exist_ok=True)
    n = 1
    while os.path.exists(os.path.join(folder, "screenshot-%d.png" % n)):
        n += 1
    return os.path.join(folder, "screenshot-%d.png" % n)


def main(args):
    try:
        board = boards.get(args.board)
    except ValueError as e:
        print("sim: %s" % e, file=sys.stderr)
        return 2
    scale = args.scale or 3
    cable = None
    if getattr(args, "link", None):
        from sim.link_tcp import cable_for
        try:
            cable = cable_for(args.link)
        except OSError as e:
            print("python -m sim: --link %s: %s" % (args.link, e.strerror or e),
                  file=sys.stderr)
            return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
        pygame.display.init()
        if pygame.display.get_driver() in ("offscreen", "dummy") and \
                os.environ.get("SDL_VIDEODRIVER") not in ("offscreen", "dummy"):
            raise RuntimeError("no display")  # SDL fell back to drawing nowhere
        screen = pygame.display.set_mode((board.width * scale, board.height * scale))
    except Exception as e:  # no display (or no pygame): say what to do instead
        print("sim: cannot open a window here (%s).\nRun the screens headless instead, e.g.\n"
              "  python -m sim shot --keys A,A --out menu.png\n  python -m sim fuzz --frames 1000"
              % (str(e).strip() or type(e).__name__), file=sys.stderr)
        return 1
    pygame.display.set_caption("Schotten Totten - " + board.name)
    folder = args.storage or os.path.expanduser("~/.schotten-totten")
    began = [0.0]
    # as on the device, work between screens and the computer's thinking fill each frame
    # (the headless runs take one step a frame, the same on every machine)
    app = App(board, DirStorage(folder), args.seed,
              spare=lambda: time.perf_counter() - began[0] < 0.02,
              spent=lambda: int((time.perf_counter() - began[0]) * 1000), cable=cable)
    if args.lang:
        set_language(app, args.lang)
    app.start()
    keymap = _keymap(pygame)
    held = Held()
    now = 0
    while True:
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                pygame.quit()
                return 0
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F12:
                path = next_shot(os.path.join(folder, "screenshots"))
                png.write(path, png.rgb(app.buf, app.w, app.h), app.w, app.h, scale)
                print("saved " + path)
            elif ev.type in (pygame.KEYDOWN, pygame.KEYUP) and ev.key in keymap:
                b = keymap[ev.key] & board.buttons
                held.down(b) if ev.type == pygame.KEYDOWN else held.up(b)
        began[0] = time.perf_counter()
        if app.frame(held.frame(), now):
            pixels = png.rgb(app.buf, app.w, app.h)
            image = pygame.image.frombuffer(pixels, (app.w, app.h), "RGB")
            screen.blit(pygame.transform.scale(image, screen.get_size()), (0, 0))
            pygame.display.flip()
        now += FRAME_MS
        time.sleep(FRAME_MS / 1000)
