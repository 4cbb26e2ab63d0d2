"""`make virtual-pico`: flash and play a virtual Pico, no hardware needed.

    python tools/virtual_pico.py [--keep]

Starts the npm MicroPython behind a pseudo-terminal (tools/vpico.mjs), so that mpremote talks
to it as to a Pico on a serial port; runs `make flash PORT=<the pty> BOARD=virtual` against it;
the reset boots main.py, whose virtual board plays a whole game against the computer (Hard) by
scripted keys and a few turns of a second game. Then checks that frames reached the display, that
the game in progress is saved and the finished one counted (read back over mpremote), and
prints the peak of gc.mem_alloc() over the frames (between frames, after collection,
and at the end of a frame, with the frame's garbage). Exit status 0 when all holds.
"""
import os
import pty
import re
import subprocess
import sys
import threading
import time
import tty

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = sys.executable
TIMEOUT = 900  # s for the whole run


class Bridge:
    """tools/vpico.mjs with a pseudo-terminal in front: `port` is the device name."""

    def __init__(self):
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)  # bytes as they are: no echo, no line endings changed
        self.port = os.ttyname(self.slave)
        self.proc = subprocess.Popen(["node", os.path.join(ROOT, "tools", "vpico.mjs")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT)
        self.log = bytearray()
        self.lock = threading.Lock()
        threading.Thread(target=self._to_node, daemon=True).start()
        threading.Thread(target=self._from_node, daemon=True).start()

    def _to_node(self):
        while True:
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            self.proc.stdin.write(data)
            self.proc.stdin.flush()

    def _from_node(self):
        while True:
            data = self.proc.stdout.read1(4096)
            if not data:
                return
            with self.lock:
                self.log += data
            os.write(self.master, data)

    def wait_for(self, pattern, timeout):
        """The first match of the regex `pattern` (bytes) in the output, waiting for it."""
        end = time.time() + timeout
        while time.time() < end:
            with self.lock:
                m = re.search(pattern, bytes(self.log))
            if m:
                return m
            if self.proc.poll() is not None:
                break
            time.sleep(0.2)
        return None

    def close(self):
        self.proc.kill()
        os.close(self.master)
        os.close(self.slave)


def mpremote(port, *args):
    return subprocess.run([PY, "-m", "mpremote", "connect", port, "resume"] + list(args),
                          capture_output=True, text=True, timeout=120)


def main():
    bridge = Bridge()
    problems = []
    try:
        if not bridge.wait_for(rb">>> ", 60):
            print("virtual-pico: the virtual Pico did not start", file=sys.stderr)
            return 1
        print("virtual-pico: MicroPython behind %s" % bridge.port)
        flash = subprocess.run(["make", "--no-print-directory", "flash", "PORT=" + bridge.port,
                                "BOARD=virtual"], cwd=ROOT)
        if flash.returncode:
            print("virtual-pico: make flash failed", file=sys.stderr)
            return 1
        m = bridge.wait_for(rb"virtual-pico: frames (\d+) game_over_at (-?\d+) shown (\d+) "
                            rb"pixel_bytes (\d+) window_bytes (\d+) save (\d) "
                            rb"peak_mem_alloc (\d+) live_peak (\d+) peak_frame (\d+)", TIMEOUT)
        if not m:
            tail = bytes(bridge.log[-2000:]).decode("latin1")
            print("virtual-pico: the game did not finish:\n" + tail, file=sys.stderr)
            return 1
        frames, ended, shown, pixels, windows, save, peak, live, _ = (
            int(x) for x in m.groups())
        print(m.group(0).decode())
        if ended < 0:
            problems.append("the game against the computer did not end in %d frames" % frames)
        # each push (RAMWR) fills its window exactly: the whole frame, or the rows that changed
        if shown < 10 or pixels != windows or pixels < 240 * 135 * 2:
            problems.append("frames did not fill their windows on the display (%d pushes, %d "
                            "bytes, %d in the windows)" % (shown, pixels, windows))
        if not save:
            problems.append("no game.sav during the second game")
        # Read the files back as a user would, over mpremote.
        stats = mpremote(bridge.port, "cat", "data/stats.txt")
        if not re.search(r"\nhard 1 [01]/[01]\n", stats.stdout):  # (games wins/unhinted)
            problems.append("stats.txt does not count the game: %r %r"
                            % (stats.stdout, stats.stderr))
        saved = mpremote(bridge.port, "cat", "data/game.sav")
        if "schotten-save 1" not in saved.stdout:
            problems.append("game.sav unreadable: %r %r" % (saved.stdout, saved.stderr))
        print("virtual-pico: peak gc.mem_alloc() %d bytes between frames (garbage collected), "
              "%d at the end of a frame (with its garbage); framebuffer included" % (live, peak))
    finally:
        bridge.close()
    for p in problems:
        print("virtual-pico: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
