"""Linked play on two emulated Picos: one match on two handhelds joined by their cable.

    python tools/emu_link.py [--board NAME] [--games classic,tactical,siege] [--turns N]

Two chips with the same flash (the bundle installed by `make flash`'s code, tools/pico_emu.py)
run side by side in one emulated time, UART1 of each wired to the other's at the line rate the
firmware sets (tools/pico_emu.mjs). The first hosts, the second joins; each is played by keys
(tools/pico_emu.py's plain player) on its own turns, and in each game the cable is pulled out
for a while and one handheld's power is cut, then the game continued from its title. Every
settled screen of each handheld is compared with the simulator's: two runners linked in one
process (sim/wire.py), the same keys pressed at the same points. Prints the key that ends a
turn on one handheld to the move shown on the other, and the bytes the cable carried.
"""
import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import pico_emu as E  # noqa: E402

VARIANTS = ("classic", "tactical", "siege")
PULL_MS = 4000  # the cable out: past the link's silence (engine/ui/linkgame.py's 3 s)


def host_keys(variant, role=0):
    """From the title's picture, a linked game hosted: the form of a fresh handheld (classic,
    one round) set to `variant` (an index of VARIANTS; the siege: the host's role, 0
    attacker), then Start."""
    keys = ["A"] + E.title_keys("Linked game") + ["A", "DOWN"] + ["RIGHT"] * variant
    if VARIANTS[variant] == "siege":
        return keys + ["DOWN"] + ["RIGHT"] * role + ["DOWN", "A"]
    return keys + ["DOWN", "DOWN", "DOWN", "A"]


def join_keys():
    """From the title's picture, a linked game joined."""
    return ["A"] + E.title_keys("Linked game") + ["DOWN", "A"]


def awaits(state):
    """Does the side whose idle line this is wait on the other handheld (its `awaits` field)?"""
    return len(state) > 7 and state[7] == 1


class Pair:
    """Two emulated handhelds played by keys, with what the simulator needs to replay it:
    `steps`, each ("key", side, name), ("pull", ms) or ("cut", side), the pair settled after
    each; `shots`, (steps done, side, screen) of each side's screen each time it settled
    anew, not waiting on the other (a waiting screen animates with the clock)."""

    SETTLE_MS = 20000  # (emulated: a turn on the cable takes well under a second)

    def __init__(self, pico):
        self.picos = (pico, pico.twin())
        self.state = [None, None]  # each side's last idle line's fields
        self.seen = [0, 0]  # each side's lines read so far
        self.steps = []
        self.shots = []
        self.latency = []  # ns from the key ending a turn on one to the move shown on the other
        self.played = 0  # turns
        self.verbose = False  # (--verbose: each key and what followed, on stderr)

    def _read(self, i):
        """Side i's lines since the last look: "idle" when the last of its idle lines, pushes
        and keys is an idle line (its state then that line's), "busy" when it is a push or a
        key, None when there is none of them."""
        lines = self.picos[i].lines
        new = lines[self.seen[i]:]
        self.seen[i] = len(lines)
        last = None
        for t, text in new:
            if text.startswith("EMU idle"):
                last = "idle"
                self.state[i] = tuple(E.words(text))
            elif text.startswith(("EMU push", "EMU buttons")) and not awaits(
                    self.state[i] or ()):  # (a waiting screen animates)
                last = "busy"
        return last

    def settle(self, all_turned=False):
        """Run both until each is settled and one of them is not waiting on the other (its
        turn, or off the board); all_turned: until neither waits (the match's end)."""
        fresh = [False, False]
        calm = [True, True]
        first = self.picos[0]
        end = first.t + self.SETTLE_MS * 1000000
        while True:
            for i in (0, 1):
                got = self._read(i)
                if got:
                    calm[i] = got == "idle"
                    fresh[i] = fresh[i] or calm[i]
            waits = [awaits(st) if st else True for st in self.state]
            if all(calm) and (not any(waits) if all_turned else not all(waits)):
                for i in (0, 1):
                    if fresh[i] and not waits[i]:
                        self.shots.append((len(self.steps), i, self.picos[i].screen()))
                return
            if first.t >= end:
                raise TimeoutError("the pair never settled: %s\n%s\n%s" % (
                    self.state, "\n".join(t for _, t in self.picos[0].lines[-15:]),
                    "\n".join(t for _, t in self.picos[1].lines[-15:])))
            first.run((end - first.t) / 1e6, uart="EMU idle", every=True)

    def key(self, i, name):
        from engine.ui import keys as K
        was = self.state[i]
        other = self.picos[1 - i]
        since = len(other.lines)
        pressed = self.picos[i].press(getattr(K, name))
        self.steps.append(("key", i, name))
        self.settle()
        if self.verbose:
            print("emu-link: %d %s -> %s" % (i, name, self.state), file=sys.stderr, flush=True)
        if was and not awaits(was) and awaits(self.state[i]) and self.state[i][0] != "Waiting":
            moved = [t for t, text in other.lines[since:] if text.startswith("EMU moved")]
            if moved:  # (the turn passed: the other handheld showed the move)
                self.latency.append(moved[0] - pressed)

    def mover(self):
        """The side whose turn it is on the board (None: neither, the round is over)."""
        for i, st in enumerate(self.state):
            if not awaits(st) and E.plain_keys(st) is not None:
                return i
        return None

    def turns(self, n):
        """Plain keys on the side whose turn it is, n turns or to the round's end."""
        done = 0
        while done < n:
            i = self.mover()
            if i is None:
                return done
            for k in E.plain_keys(self.state[i]):
                self.key(i, k)
            if awaits(self.state[i]):
                done += 1
                self.played += 1
        return done

    def pull(self, ms):
        """The cable out for `ms` (bytes on the way lost), then in again."""
        pico = self.picos[0]
        pico.cable(False)
        pico.run(ms)
        pico.cable(True)
        self.steps.append(("pull", ms))
        self.settle()

    def cut(self, i):
        """Side i's power cut and back: its title, then the game continued."""
        self.picos[i].reset()
        self.state[i] = None
        self.steps.append(("cut", i))
        self.picos[i].wait_line("EMU idle", 30000)
        for k in ("A", "A"):  # the title's picture, then its menu's first row: Continue
            self.key(i, k)


def play_match(board, img, variant, turns, faults=True, verbose=False):
    """A linked match of VARIANTS[variant] on two emulated Picos from the flash image `img`,
    `turns` turns in all (or to its end), with the faults: the cable out after the third
    turn, and after the sixth the power cut on the handheld waiting for the other; (Pair,
    problems)."""
    pico = E.Pico(board, flash_image=img, chips=2)
    problems = []
    try:
        pico.cmd("pause")
        pair = Pair(pico)
        pair.verbose = verbose
        pair.settle()
        for k in E.language_keys(0) + host_keys(variant):
            pair.key(0, k)
        for k in E.language_keys(0) + join_keys():
            pair.key(1, k)
        done = pair.turns(min(3, turns))
        if faults and done == 3:
            pair.pull(PULL_MS)
            done += pair.turns(min(3, turns - done))
            if done == 6:
                pair.cut(1 - pair.mover())
        done += pair.turns(turns - done)
        if pair.mover() is None:
            pair.settle(all_turned=True)
        for p in pair.picos:
            problems += E.problems_in(p.lines)
    finally:
        pico.close()
    return pair, problems


# --- the simulator's replay ----------------------------------------------------------------

def sim_screens(board, pair):
    """The simulator's screens at each of the pair's shots: two runners linked in one process
    (a wire that carries bytes at once), the same steps, each settled; [(steps, side, RGB565)]."""
    from engine.ui.app import FRAME_MS
    from sim.headless import Runner
    from sim.wire import Wire
    wire = Wire(1)
    wire.now = 10 ** 12  # (bytes arrive at once: the runners' clocks are their own)
    with tempfile.TemporaryDirectory() as folder:
        def runner(i):
            end = wire.ends[i]
            return Runner(board, os.path.join(folder, str(i)), seed=1, ask=True,
                          cable=lambda: (end, b"same"))
        rs = [runner(0), runner(1)]
        wanted = {}
        for k, i, _ in pair.shots:
            wanted.setdefault(k, []).append(i)
        out = []

        def shoot(k):
            for i in wanted.get(k, ()):
                out.append((k, i, E.panel_bytes(rs[i].app.buf)))
        _sim_settle(rs)
        shoot(0)
        for k, step in enumerate(pair.steps, 1):
            if step[0] == "key":
                rs[step[1]].press(step[2])
            elif step[0] == "pull":
                wire.plugged = False
                for _ in range(step[1] // FRAME_MS):
                    for r in rs:
                        r.frame(0)
                wire.plugged = True
            elif step[0] == "cut":
                rs[step[1]] = runner(step[1])
            _sim_settle(rs)
            shoot(k)
    return out


def _sim_waits(screen):
    """The probe's `awaits` (tools/emu_timers.py) in the simulator."""
    if type(screen).__name__ == "Waiting":
        return True
    s = getattr(screen, "s", None)
    return (getattr(screen, "thinking", None) is not None and s is not None
            and s.link is not None and getattr(screen, "saving", None) is None)


def _sim_settle(rs, limit=20000):
    for _ in range(limit):
        calm = all(_sim_waits(r.app.screen) or not (r.app.dirty or r.app.screen.busy())
                   for r in rs)  # (a waiting screen animates)
        if calm and not all(_sim_waits(r.app.screen) for r in rs):
            return
        for r in rs:
            r.frame(0)
    raise AssertionError("the simulator's pair never settled")


def heap_peak(pico):
    """An emulated handheld's heap in use at its peak, the probe's code not counted, and where:
    "bytes (screen mode)"."""
    peak, probe = E.heap_peak(pico.lines)
    return "%d (%s %s)" % (peak[0] - probe, peak[1], peak[2])


def main(argv=None):
    ap = argparse.ArgumentParser(description="A linked match on two emulated Picos.")
    ap.add_argument("--board", default="pico_lcd_114")
    ap.add_argument("--games", default=",".join(VARIANTS))
    ap.add_argument("--turns", type=int, default=1000, help="turns of each match (default: all)")
    ap.add_argument("--verbose", action="store_true", help="each key and what followed")
    ap.add_argument("--heap", action="store_true",
                    help="each handheld's heap in use at its peak (collected every frame: the "
                         "frames are longer, the key-to-move too)")
    args = ap.parse_args(argv)
    missing = E.firmware_missing()
    if missing:
        print("emu-link: skipped: " + missing)
        return 0
    out = os.path.join(ROOT, "build", "pico-emu")
    os.makedirs(out, exist_ok=True)
    img = os.path.join(out, "flash-link.bin")
    pico = E.Pico(args.board)
    try:
        pico.flash(options="link,collect" if args.heap else "link")
        pico.save_flash(img)
    finally:
        pico.close()
    problems = []
    b = E.board_profile(args.board)
    for name in args.games.split(","):
        pair, found = play_match(args.board, img, VARIANTS.index(name), args.turns,
                                 verbose=args.verbose)
        problems += found
        lat = [E.ms(x) for x in pair.latency]
        sent = sum(p.sent for p in pair.picos)
        mean = sum(lat) / max(1, len(lat))
        # (the silicon estimate takes all of it as bytecode, the waits for frames too: a bound)
        print("emu-link: %s: %d turns, %d keys; key-to-move on the other %s ms, mean %.0f ms "
              "[silicon est. <= %.0f ms]; %d bytes on the cable (%d a turn, the handshake, the "
              "pings and the faults' mending included)" % (
                  name, pair.played, len(pair.steps), " ".join("%.0f" % x for x in lat), mean,
                  mean * E.SILICON, sent, sent // max(1, pair.played)))
        if args.heap:
            print("emu-link: %s: heap in use at its peak, the probe's code not counted: %s "
                  "bytes (host, joiner)" % (name, ", ".join(heap_peak(p) for p in pair.picos)))
        sims = {(k, i): got for k, i, got in sim_screens(args.board, pair)}
        same = 0
        for k, i, got in pair.shots:
            if sims.get((k, i)) == got:
                same += 1
                continue
            path = os.path.join(out, "link-%s-%03d-%d" % (name, k, i))
            E.png_of(got, b.WIDTH, b.HEIGHT, path + "-emu.png")
            if (k, i) in sims:
                E.png_of(sims[(k, i)], b.WIDTH, b.HEIGHT, path + "-sim.png")
            problems.append("%s: handheld %d's screen after step %d (%s) differs from the "
                            "simulator's: %s-emu.png" % (name, i + 1, k, pair.steps[k - 1] if k
                                                          else "power-on", path))
        print("emu-link: %s: %d of %d screens equal the simulator's pixel for pixel"
              % (name, same, len(pair.shots)))
    for p in problems:
        print("emu-link: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
