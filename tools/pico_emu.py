"""The emulated Pico: MicroPython's rp2 firmware on an instruction-level RP2040 (rp2040js).

    python tools/pico_emu.py [--board NAME] [--turns N]     # flash, boot and play a little

tools/pico_emu.mjs is the chip (UART0 on its stdin/stdout, commands and answers on two pipes); this
module puts a pseudo-terminal in front of its UART, so that `make flash`'s own code
(tools/flash.py, mpremote) installs the bundle on it as on a Pico, then drives it: presses the
board's buttons on their GPIOs, advances emulated time, reads the panel's pixels (decoded from
the ST7789's SPI stream) and the lines of tools/emu_probe.py, the instrumentation that the
flash installs only here (`--probe`).

Files that no package registry has: the firmware image (MicroPython v1.28.0, rp2 port, REPL on
UART0) and the RP2040 bootrom, from ../shared/pico-emu/ beside the project, or the paths in
PICO_FIRMWARE and PICO_BOOTROM. `firmware_missing()` says what is absent and how to get it.

Emulated time is the figure: the emulator counts cycles at 125 MHz; wall time is 3-14x longer.
Bytecode runs about 1.4x faster than on silicon (the emulator has no flash wait states), so a
silicon estimate is the emulated time x 1.4 (SILICON).
"""
import argparse
import base64
import json
import os
import pty
import re
import select
import subprocess
import sys
import threading
import tty

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
import sim  # noqa: E402,F401  (the micropython shim, for the board profiles)
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "pico-emu")
FIRMWARE = os.environ.get("PICO_FIRMWARE") or os.path.join(
    SHARED, "micropython-1.28.0-rpi-pico-uart.bin")
BOOTROM = os.environ.get("PICO_BOOTROM") or os.path.join(SHARED, "bootrom-b1.bin")
SILICON = 1.4  # silicon time / emulated time, for bytecode
TICKS = 1 << 30  # time.ticks_us() wraps around at this on the rp2 port


def firmware_missing():
    """None when the firmware and bootrom are there; else what is missing and how to get it."""
    gone = [p for p in (FIRMWARE, BOOTROM) if not os.path.exists(p)]
    if not gone:
        return None
    return ("no %s. The emulated Pico needs MicroPython's rp2 firmware with its REPL on UART0 "
            "(v1.28.0, board RPI_PICO, no USB) and the RP2040 B1 bootrom: set PICO_FIRMWARE "
            "and PICO_BOOTROM, or put them in ../shared/pico-emu/ (the team workspace has "
            "them; to build the firmware, MicroPython's ports/rp2 with "
            "-DMICROPY_BOARD_DIR= the board definition in that folder)" % " and no ".join(gone))


def board_profile(name):
    __import__("firmware.boards." + name)
    return sys.modules["firmware.boards." + name]


class Pico:
    """One emulated Pico with a pseudo-terminal (`port`) on its UART0; with chips=2 the first
    of two with the same flash, their link cables wired together (`twin()`: the second)."""

    def __init__(self, board="pico_lcd_114", flash_image=None, keys=(), chips=1):
        self.board = board_profile(board)
        self.board_name = board
        self.chip = 0
        self.chips = [self]
        b = self.board
        ctl_in_r, self._ctl_w = os.pipe()
        os.set_blocking(ctl_in_r, False)  # (the chip polls it between slices of its run)
        self._ans_r, ans_w = os.pipe()
        args = ["node", os.path.join(ROOT, "tools", "pico_emu.mjs"), "--firmware", FIRMWARE,
                "--bootrom", BOOTROM, "--spi", str(b.SPI_BUS), "--dc", str(b.DC),
                "--cs", str(b.CS), "--ctl-in", str(ctl_in_r), "--ctl-out", str(ans_w)]
        if flash_image:
            args += ["--flash", flash_image]
        if chips > 1:
            args += ["--chips", str(chips)]
        self.proc = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT,
            pass_fds=(ctl_in_r, ans_w))
        os.close(ctl_in_r)
        os.close(ans_w)
        self._answers = os.fdopen(self._ans_r, "r")
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self.log = bytearray()
        self.lines = []  # (ns, text) of every line the device printed while paused
        self.pushes = []  # [start ns, end ns, first row, last row, bytes] of each frame push
        self.flash_ops = []  # [start, ns] of each flash erase or program (start: ticks_us x 1000)
        self.t = 0  # emulated ns at the last answer
        self.sent = 0  # bytes sent on UART1 (the link's cable)
        self._lock = threading.Lock()
        self.client = False  # is a program (mpremote) reading the port? (_to_port)
        # The threads end before close() frees their file descriptors: a thread left waiting
        # on a number that a later Pico reuses (its pty, its command pipe) takes that Pico's
        # bytes, and its harness then waits for ever.
        self._closing = threading.Event()
        self._threads = [threading.Thread(target=f, daemon=True)
                         for f in (self._to_chip, self._from_chip)]
        for t in self._threads:
            t.start()
        for i in range(1, chips):
            self.chips.append(_Twin(self, i))
        if keys:
            self.cmd("keys", down=self.gpios(keys))

    def twin(self):
        """The second chip: its own lines, screen, keys and power; time runs for both."""
        return self.chips[1]

    # --- the pseudo-terminal ------------------------------------------------------------
    def _to_chip(self):
        while not self._closing.is_set():
            try:
                if not select.select([self.master], [], [], 0.1)[0]:
                    continue
                data = os.read(self.master, 4096)  # (non-blocking: see _from_chip)
            except BlockingIOError:
                continue
            except (OSError, ValueError):
                return
            try:
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
            except (BrokenPipeError, ValueError):
                return

    def _from_chip(self):
        os.set_blocking(self.master, False)  # (for _to_port; _to_chip waits in select)
        while True:
            data = self.proc.stdout.read1(4096)
            if not data:
                return
            with self._lock:
                self.log += data
                del self.log[:-65536]  # (the tail is what a problem report shows)
            try:
                self._to_port(data)
            except OSError:
                return

    def _to_port(self, data):
        """The UART's bytes to the pseudo-terminal. While a program reads it (`client`:
        mpremote) they wait for room; with none its buffer fills within a few KB, and then they
        are dropped (the harness reads the lines in the answers), or the chip would stop at
        its next print."""
        while data:
            try:
                data = data[os.write(self.master, data):]
            except BlockingIOError:
                if not self.client:
                    return
                select.select([], [self.master], [], 1.0)

    # --- commands -----------------------------------------------------------------------
    def cmd(self, op, **kw):
        kw["op"] = op
        os.write(self._ctl_w, (json.dumps(kw) + "\n").encode())
        line = self._answers.readline()
        if not line:
            raise RuntimeError("the emulator stopped: " + self.tail())
        ans = json.loads(line)
        if "error" in ans:
            raise RuntimeError("emulator: " + ans["error"])
        for chip, got in zip(self.chips, ans["chips"]):
            chip.t = got["t"]
            chip.lines += [tuple(x) for x in got["lines"]]
            chip.pushes += got["pushes"]
            chip.flash_ops += got["flash"]
            chip.sent = got["sent"]
        return ans

    def silicon_us(self, us, start, end):
        """The silicon estimate of a frame of `us` emulated us (thinking not counted) that ran
        from `start` to `end` (the device's ticks_us): its bytecode x SILICON, and its flash
        erases and programs as they are (hardware time, the same on silicon)."""
        flash = 0
        for at, ns in self.flash_ops:
            t = (at // 1000) % TICKS
            if (t - start) % TICKS <= (end - start) % TICKS:
                flash += ns // 1000
        flash = min(flash, us)
        return (us - flash) * SILICON + flash

    def tail(self, n=2000):
        with self._lock:
            return bytes(self.log[-n:]).decode("latin1")

    def run(self, ms, **stop):
        """Advance emulated time by `ms` (stop: uart=PREFIX, quiet_ms=Q, any=True)."""
        return self.cmd("run", ms=ms, **stop)

    def wait_line(self, prefix, ms, since=None):
        """The first line starting with `prefix` from line `since` on (default: from now on),
        waiting up to `ms` of emulated time for it."""
        seen = len(self.lines) if since is None else since
        if not any(text.startswith(prefix) for t, text in self.lines[seen:]):
            self.run(ms, uart=prefix)
        for t, text in self.lines[seen:]:
            if text.startswith(prefix):
                return t, text
        raise TimeoutError("no %r line in %d ms: %s" % (prefix, ms, self.tail()))

    def gpios(self, keys):
        """The GPIOs of logical keys (engine/ui/keys.py bits)."""
        out = []
        for key in keys:
            out += [g for g, bit in self.board.KEYS if bit == key][:1]
        return out

    def press(self, key):
        """Press a key and release it, each held until the device has seen it (an `EMU buttons`
        line: a frame may be long); returns the emulated ns of the press."""
        self.cmd("keys", down=self.gpios([key]))
        pressed = self.t
        self.wait_line("EMU buttons %d" % key, 10000)
        self.cmd("keys", down=[])
        self.wait_line("EMU buttons 0", 10000)
        return pressed

    def screen(self):
        """The visible window of the panel: RGB565 bytes, high byte first, row by row."""
        b = self.board
        ans = self.cmd("screen", x=b.XOFF, y=b.YOFF, w=b.WIDTH, h=b.HEIGHT)
        return base64.b64decode(ans["rgb565"])

    def flash(self, probe=True, options=""):
        """Install the bundle as `make flash` does (tools/flash.py over the pseudo-terminal),
        with the probe; the reset at its end boots the game. Returns flash.py's output."""
        self.cmd("resume")
        args = [sys.executable, os.path.join(ROOT, "tools", "flash.py"), "--board",
                self.board_name, "--port", self.port]
        if probe:
            args += ["--probe", options or "-"]
        done = self.talk(args, timeout=1800)
        self.cmd("pause")
        if done.returncode:
            raise RuntimeError("flash failed: %s%s\n%s" % (done.stdout, done.stderr, self.tail()))
        return done.stdout

    def talk(self, args, timeout):
        """Run a program that talks to the chip over `port` (mpremote: the bytes the chip
        sends wait for it meanwhile); the subprocess.run result, its output as text."""
        self.client = True
        try:
            return subprocess.run(args, cwd=ROOT, capture_output=True, text=True,
                                  timeout=timeout)
        finally:
            self.client = False

    def reset(self, keys=()):
        """Power the chip off and on again (the flash keeps its files), `keys` held."""
        self.cmd("reset", keys=self.gpios(keys))

    def save_flash(self, path):
        self.cmd("save_flash", path=path)

    def cable(self, plugged):
        """The link cable between the two chips in or out."""
        self.cmd("cable", plugged=plugged)

    def close(self):
        try:
            self.cmd("quit")
        except (RuntimeError, OSError, ValueError):
            pass
        self._closing.set()
        self.proc.kill()
        self.proc.wait()
        for t in self._threads:
            t.join(5)
        for f in (self._answers, self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass
        for fd in (self.master, self.slave, self._ctl_w):
            try:
                os.close(fd)
            except OSError:
                pass


class _Twin(Pico):
    """The second chip of a pair (Pico(chips=2)): its commands go through the first's
    emulator, marked with its index; the answers fill its own lines."""

    def __init__(self, first, index):  # (Pico's __init__ starts an emulator: not here)
        self.first = first
        self.board = first.board
        self.board_name = first.board_name
        self.chip = index
        self.lines = []
        self.pushes = []
        self.flash_ops = []
        self.t = 0
        self.sent = 0

    def cmd(self, op, **kw):
        return self.first.cmd(op, chip=self.chip, **kw)

    def tail(self, n=2000):
        return "\n".join(text for t, text in self.lines[-40:])[-n:]

    def flash(self, probe=True, options=""):
        raise RuntimeError("the second chip is flashed with the first's image (flash_image)")

    def close(self):
        self.first.close()


def ms(ns):
    return ns / 1e6


def words(text):
    """The fields of an EMU line after its name, numbers as ints."""
    return [int(w) if re.match(r"-?\d+$", w) else w for w in text.split()[2:]]


def heap_peak(lines):
    """From an emulated Pico's lines (option collect): the fields of its highest `EMU peak`
    line (the heap in use, then where: the screen's state) and the probe's own code's bytes
    (`EMU probe`), which a Pico without the probe does not spend."""
    peak = max((words(t) for _, t in lines if t.startswith("EMU peak ")), key=lambda w: w[0])
    probe = next(words(t)[0] for _, t in lines if t.startswith("EMU probe "))
    return peak, probe


# --- playing by keys -----------------------------------------------------------------------

# From the title, the new-game form set to Hard (tests/ui_driver.new_game's presses); with a
# saved game the menu's first row is Continue, and starting asks whether to replace it.
def language_keys(i):
    """The first power-on's question answered: language i of engine/ui/lang.py's CODES."""
    return ["DOWN"] * i + ["A"]


# The title's rows on the device (engine/ui/title.py's main_menu; the device has a cable, so
# "Linked game" is among them), Continue above them once a game is saved.
TITLE = ("New game", "Linked game", "Claim checker", "Rules", "Settings", "Statistics")


def title_keys(label, saved=False):
    """From the title, the keys that open the row called `label`."""
    return ["DOWN"] * (TITLE.index(label) + bool(saved)) + ["A"]


def no_cable():
    """The simulator's stand-in for the device's cable: the title then offers linked play as
    the device's does; the checks here never choose it."""
    raise AssertionError("the emulated Pico's checks play no linked game")


FRESH_FORM = (1, 0, 0, 0, 0)  # the new-game form on a fresh device (engine/ui/app.py's Settings)


def new_game_keys(tactical=False, saved=False, siege=False, role=0, last=FRESH_FORM):
    """(siege: the variant's third choice, then the role, 0 attacker, 1 defender, and Start)
    last: the form's choices as it opens (the last game started's: Settings.form), from
    which each row is set outright; not expert, one round."""
    def to(want, have, n):
        return ["RIGHT"] * ((want - have) % n)
    keys = ["A"] + (["DOWN"] if saved else []) + ["A"] + to(2, last[0], 4) + ["DOWN"]
    keys += to(2 if siege else 1 if tactical else 0, last[1], 3) + ["DOWN"]
    if siege:
        keys += to(role, last[4], 3) + ["DOWN", "A"]
    else:
        keys += to(0, last[2], 2) + ["DOWN"] + to(0, last[3], 3) + ["DOWN", "A"]
    return keys + (["DOWN", "A"] if saved else [])


def round_end(name):
    """Is the screen called `name` a round's end (each game names its own: engine/games/)?"""
    from engine.games import NAMES, declared
    return any(declared(g).ROUND_END_SCREEN == name for g in NAMES)


def plain_keys(state):
    """The keys a plain player presses next on the board, from an `EMU idle` line's fields
    (screen, mode, note, card, may_pass, chosen, tick), one at a time with the screen settled
    between them: tests/ui_driver.step's choices (the card under the cursor, the first stone,
    every claim, then the end of the turn; in the tactical variant the first choice a tactic
    card offers and the tactic deck every other draw). None: not on the board."""
    name, mode, note, card, may_pass, chosen, tick = state[:7]
    if name not in ("Play", "TacticalPlay", "SiegePlay"):
        return None
    if mode == 3 and name == "SiegePlay":  # no room: a retreat (or oil) if any, else a pass
        return ["UP", "A"]
    if mode == 2:  # CLAIM: all that can be taken, then (told there is no more) end the turn
        return ["DOWN"] if note else ["UP"]
    if mode == "PutBack":  # the card under the cursor, then look at the next
        return ["A", "RIGHT"]
    if mode == "Deck":
        return ["RIGHT", "A"] if tick % 2 else ["A"]
    if mode == "Destination" and note:  # nowhere to go: the Strategist discards
        return ["DOWN"] if chosen == 0x67 else ["B"]
    if mode == 0 and note:  # that card cannot be played now: the next one (or pass)
        return ["DOWN"] if may_pass and card == 0 else ["RIGHT"]
    return ["A"]


class Play:
    """Keys pressed on an emulated Pico, each once the screen has settled (an `EMU idle` line),
    with what followed: the screens to compare with the simulator's and the timings."""

    SETTLE_MS = 60000  # the longest a key may take to settle (a Hard move included)

    def __init__(self, pico):
        self.pico = pico
        self.pressed = []  # every key, in order
        self.shots = []  # (index into pressed of the last key before it, RGB565 screen)
        self.latency = []  # ns from the key ending the player's turn to the move shown
        self.think = []  # us of each computer decision
        self.spans = []  # us of the longest frame after each key (think us not counted)
        self.spans_si = []  # the silicon estimate of each (Pico.silicon_us)
        self.state = None

    def settle(self):
        """Run until the next `EMU idle`; returns its state."""
        t, line = self.pico.wait_line("EMU idle", self.SETTLE_MS)
        self.state = tuple(words(line))
        return self.state

    def key(self, name, shot=True):
        from engine.ui import keys as K
        seen = len(self.pico.lines)
        pressed = self.pico.press(getattr(K, name))
        self.pressed.append(name)
        self.settle()
        spans = [words(text) for t, text in self.pico.lines[seen:]
                 if text.startswith("EMU span")] or [[0, 0, 0]]
        span = max(spans)
        self.spans.append(span[0])
        self.spans_si.append(max(self.pico.silicon_us(*w[:3]) for w in spans))
        moved = [t for t, text in self.pico.lines[seen:] if text.startswith("EMU moved")]
        self.think += [words(text)[0] for t, text in self.pico.lines[seen:]
                       if text.startswith("EMU think")]
        if moved:
            self.latency.append(moved[0] - pressed)
        if shot:
            self.shots.append((len(self.pressed), self.pico.screen()))

    def reset(self):
        """Power off and on again; settled at the title."""
        self.pico.reset()
        self.pressed.append("RESET")
        self.settle()
        self.shots.append((len(self.pressed), self.pico.screen()))

    def turns(self, n):
        """Play n turns of the player's (each then the computer's), or to the round's end."""
        first = len(self.latency)
        while len(self.latency) - first < n:
            keys = plain_keys(self.state)
            if keys is None:
                break
            for k in keys:
                self.key(k)
        return len(self.latency) - first


def problems_in(lines):
    """Lines that tell of a crash or an exception on the device."""
    bad = ("EMU crash", "Traceback", "MemoryError", "Error:")
    return [text for t, text in lines if any(b in text for b in bad)]


def sim_screens(board, keys, shots):
    """The simulator's screens after the same keys (each pressed once the screens settled),
    RGB565 as the panel got them, at the points of `shots`; a list of (index, bytes)."""
    import tempfile
    from sim.headless import Runner
    out = []
    wanted = dict(shots)
    with tempfile.TemporaryDirectory() as folder:
        r = Runner(board, folder, seed=1, ask=True, cable=no_cable)
        _sim_settle(r)
        if 0 in wanted:
            out.append((0, panel_bytes(r.app.buf)))
        for i, name in enumerate(keys):
            if name == "RESET":  # power off and on: the same files
                r = Runner(board, folder, seed=1, ask=True, cable=no_cable)
            else:
                r.press(name)
            _sim_settle(r)
            if i + 1 in wanted:
                out.append((i + 1, panel_bytes(r.app.buf)))
    return out


_PAIRS = []  # the RGB565 bytes of each framebuffer byte's two pixels


def panel_bytes(buf):
    """A simulator's framebuffer (GS4_HMSB) as the panel gets it: RGB565, high byte first."""
    if not _PAIRS:
        from engine.ui.palette import RGB565
        _PAIRS.extend(RGB565[b >> 4].to_bytes(2, "big") + RGB565[b & 15].to_bytes(2, "big")
                      for b in range(256))
    return b"".join(_PAIRS[b] for b in buf)


def _sim_settle(r, limit=20000):
    for _ in range(limit):
        if not r.app.dirty and not r.app.screen.busy():
            return
        r.frame(0)
    raise AssertionError("the simulator's screens never settled")


def png_of(rgb565, w, h, path):
    from sim import png
    px = bytearray()
    for i in range(0, len(rgb565), 2):
        c = (rgb565[i] << 8) | rgb565[i + 1]
        px += bytes((((c >> 11) & 31) * 255 // 31, ((c >> 5) & 63) * 255 // 63,
                     (c & 31) * 255 // 31))
    png.write(path, bytes(px), w, h, 2)


def check(board, turns, out):
    """`make test`'s run: flash, boot, Russian chosen at the first power-on's question (the
    painter's letters outside ASCII), a few turns of a classic, a tactical and a siege game
    (defending: `make bench-pico` attacks) against Hard by keys, every settled screen
    compared with the simulator's; then the painters' check (painter). Returns the
    problems."""
    import time
    wall = time.time()
    pico = Pico(board)
    problems = []
    image = os.path.join(out, "flash.bin")  # (kept for the painters' check)
    os.makedirs(out, exist_ok=True)
    try:
        pico.flash()
        t_ready, ready = pico.wait_line("EMU ready", 30000, since=0)
        play = Play(pico)
        play.state = tuple(words(pico.wait_line("EMU idle", 30000, since=0)[1]))
        play.shots.append((0, pico.screen()))
        for k in language_keys(1) + new_game_keys():
            play.key(k)
        n1 = play.turns(turns)
        play.reset()
        for k in new_game_keys(tactical=True, saved=True, last=(2, 0, 0, 0, 0)):
            play.key(k)
        n2 = play.turns(turns)
        play.reset()
        for k in new_game_keys(siege=True, saved=True, role=1, last=(2, 1, 0, 0, 0)):
            play.key(k)
        n3 = play.turns(turns)
        problems += problems_in(pico.lines)
        pico.cmd("pause")
        pico.save_flash(image)
        if min(n1, n2, n3) < turns:
            problems.append("only %d, %d and %d turns were played" % (n1, n2, n3))
    finally:
        pico.close()
    print("pico-emu: %s; %d keys, %d computer moves (%.1f s emulated, %.0f s wall)"
          % (ready, len(play.pressed), len(play.think), ms(pico.t) / 1000, time.time() - wall))
    lat = [ms(x) for x in play.latency]
    print("pico-emu: Hard's key-to-move %s ms; think %s ms"
          % (" ".join("%.0f" % x for x in lat), " ".join("%.0f" % (x / 1000) for x in play.think)))
    sims = dict(sim_screens(board, play.pressed, play.shots))
    b = pico.board
    same = 0
    for i, got in play.shots:
        want = sims.get(i, b"")
        if got == want:
            same += 1
            continue
        os.makedirs(out, exist_ok=True)
        png_of(got, b.WIDTH, b.HEIGHT, os.path.join(out, "emu-%03d.png" % i))
        if want:
            png_of(want, b.WIDTH, b.HEIGHT, os.path.join(out, "sim-%03d.png" % i))
        problems.append("screen after key %d (%s) differs from the simulator's: %s/emu-%03d.png"
                        % (i, play.pressed[i - 1] if i else "power-on", out, i))
    print("pico-emu: %d of %d screens equal the simulator's pixel for pixel" % (same, len(play.shots)))
    return problems + painter(board, image)


def painter(board, image):
    """The device's machine-code painter against its plain twin, on the emulated Pico booted
    from `image` with B held (tools/emu_paint.py): the problems."""
    from engine.ui import keys as K
    pico = Pico(board, flash_image=image, keys=[K.B])
    try:
        pico.cmd("resume")
        out = pico.talk([sys.executable, "-m", "mpremote", "connect", pico.port, "resume", "run",
                         os.path.join(ROOT, "tools", "emu_paint.py")], timeout=1800)
    finally:
        pico.close()
    return painter_problems(out.stdout.splitlines(), out.returncode, out.stderr)


def painter_problems(lines, code=0, err=""):
    """What tools/emu_paint.py's output says is wrong (a run that did not finish is)."""
    said = [x for x in lines if x.startswith("paint ")]
    if code or "done" not in lines or not said:
        return ["the painters' check did not finish: %s" % (err or "\n".join(lines))[-500:]]
    out = ["the machine-code painter differs from its plain twin: " + x[len("differ "):]
           for x in lines if x.startswith("differ ")][:10]
    print("pico-emu: " + said[-1])
    if said[-1].split()[3] != "0" and not out:
        out.append("the painters differ: " + said[-1])
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="Flash, boot and play the emulated Pico.")
    ap.add_argument("--board", default="pico_lcd_114")
    ap.add_argument("--turns", type=int, default=3, help="turns of each game (default 3)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "pico-emu"),
                    help="where differing screens go as PNG")
    args = ap.parse_args(argv)
    missing = firmware_missing()
    if missing:
        print("pico-emu: skipped: " + missing)
        return 0
    problems = check(args.board, args.turns, args.out)
    for p in problems:
        print("pico-emu: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
