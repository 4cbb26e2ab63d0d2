# The emulated Pico's instrumentation (tools/pico_emu.py): installed only there, never in the
# product bundle. `make flash --probe` puts it on the device as emu_probe.mpy with a board
# module `firmware/boards/emu.py` that re-exports the real board's profile and names `host`
# here, so Device.play (firmware/device.py) hands the device over to it instead of running.
#
# It runs the same main loop and prints, on UART0, one line per event for the harness (each
# line is timed by the emulator as it is sent):
#   EMU probe <bytes>                         the heap this probe's code takes (measured as the
#                                             board module imports it: tools/flash.py)
#   EMU ready <heap free> <heap in use>       the title is on screen
#   EMU buttons <mask>                        the buttons held changed (after debouncing)
#   EMU span <us> <from> <to>                 the longest frame since the last idle line
#                                             (think us not counted; from/to: its start and
#                                             end, ticks_us), just before the next
#   EMU idle <screen> <mode> <note> <card> <may_pass> <chosen> <tick>   waiting for a key
#                                             (mode: a number, or the name of the choice made)
#   EMU think <us> <slices>                   a computer decision: its thinking time in all
#   EMU moved                                 the frame showing the computer's move was pushed
#                                             (printed at once: the key-to-move figures end here)
#   EMU frame <us> <think us> <push us>       a new longest frame (think us not counted)
#   EMU slow <us> <from> <to> <screen> <mode> ...  a frame over 50 ms (think us not
#                                             counted), when (ticks_us) and where
#   EMU push <us>                             each frame push
#   EMU f <us> <think us> <from> <screen> ... with the option `frames`: every frame
#   EMU import <us> <module>                  with the option `imports`: each slow import
#   EMU draw <us> <whole>                     each drawing of the board (whole: 1 if all of it)
#   EMU save <us> <longest step us>           each save of the game (in steps over frames)
#   EMU savestep <step> <us>                  with the option `savesteps`: each step of a save
#   EMU word <us> <find us> <new> <place>     with the option `words`: each word read from
#                                             lang.bin, the time of its key's search, and
#                                             whether its block was decoded for it (1)
#   EMU peak <heap in use> <screen> <mode> ...  with the option `collect` (emu.txt): a new
#                                             peak of the heap in use after a frame,
#                                             collected, and the screen it was on
#   qstr pool: n_pool=... n_qstr=...       with the option `qstr` too: after each new peak,
#                                             the names interned (MicroPython's own line;
#                                             with `qstrs`, each name too: Q(name))
#   EMU peakmods <saving> <chars kept> <modules>  with the option `modules` too: after each
#                                             new peak, whether a save is under way, the
#                                             words kept and the engine's modules loaded
#   EMU modepeak <heap in use> <screen> <mode> ...  with the option `modes`: a new peak of
#                                             one screen and mode (each apart)
# With the option `work`, a frame's spare time is counted in steps, not ms: the computer's
# slices and the loading's steps then fall into the same frames on any build, so the heap
# collected after each frame is sampled at the same points (a faster or slower build would
# otherwise be sampled elsewhere in the same game, and its peak move for that alone).
# The seed of the first game is fixed (1) so that the simulator can replay the same game.
import gc
import time
from micropython import const

_SEED = const(1)
_SPARE_STEPS = const(2)  # (option work) the steps a frame takes after its first
_ticks = time.ticks_us
_diff = time.ticks_diff


class _Stats:
    def __init__(self):
        self.think = 0  # us of thinking in the current frame
        self.decision = 0  # us of the current decision so far
        self.slices = 0
        self.moved = False
        self.longest = 0
        self.span = 0  # the longest frame since the last idle line
        self.span_at = (0, 0)  # its start and end (ticks_us)
        self.peak = 0
        self.modes = {}  # (option modes) the peak of each screen and mode
        self.busy = True  # something happened since the last idle line
        self.events = 0  # pushes and button changes
        self.steps = 0  # (option work) the spare steps taken in this frame


_s = _Stats()


class _Timed:
    """The computer's turn (a generator), each slice timed."""

    def __init__(self, gen):
        self.gen = gen

    def __iter__(self):
        return self

    def __next__(self):
        t = _ticks()
        try:
            return next(self.gen)
        except StopIteration:
            _s.moved = True
            raise
        finally:
            dt = _diff(_ticks(), t)
            _s.think += dt
            _s.decision += dt
            _s.slices += 1
            if _s.moved:
                print("EMU think", _s.decision, _s.slices)
                _s.decision = 0
                _s.slices = 0


def _wrap_session():
    """Time the computer's turns, the saves and the board's drawing (their modules are
    loaded with the first game, and again after a screen unloads them)."""
    import sys
    session = sys.modules.get("engine.ui.session")
    if session and not getattr(session.Session, "_emu", False):
        cls = session.Session
        turn = cls.computer_turn
        save = cls.save_steps

        def computer_turn(self):
            return _Timed(turn(self))

        def timed_save(self, storage):
            """The save's steps, timed: all of them, and the longest."""
            total = longest = k = 0
            steps = save(self, storage)
            each = _option("savesteps")
            while True:
                t = _ticks()
                try:
                    next(steps)
                except StopIteration:
                    break
                finally:
                    dt = _diff(_ticks(), t)
                    total += dt
                    longest = max(longest, dt)
                    if each:
                        print("EMU savestep", k, dt)
                    k += 1
                yield
            print("EMU save", total, longest)
        cls.computer_turn = computer_turn
        cls.save_steps = timed_save
        cls._emu = True
    play = sys.modules.get("engine.ui.play")
    if play and not getattr(play.Play, "_emu", False):
        cls = play.Play
        draw = cls.draw

        def timed_draw(self, fb):
            full = 1 if self.damage == 0x7FFFF else 0
            t = _ticks()
            draw(self, fb)
            print("EMU draw", _diff(_ticks(), t), full)
        cls.draw = timed_draw
        cls._emu = True


def _state(app):
    s = app.screen
    name = type(s).__name__
    g = getattr(s, "s", None)
    tick = g.match.game.tick if g is not None and hasattr(g.match.game, "tick") else 0
    chosen = getattr(s, "chosen", None)
    mode = getattr(s, "mode", -1)
    if mode == 7:  # (FLOW) a choice of the variant's: its name
        mode = type(s.flow).__name__
    return "%s %s %d %d %d %d %d" % (
        name, mode, 1 if getattr(s, "note", "") else 0, getattr(s, "card", 0),
        1 if getattr(s, "may_pass", False) else 0, -1 if chosen is None else chosen, tick)


def host(dev):
    # (the optional timers are a module of their own: the probe's code is in the heap figures)
    if _option("imports"):
        from emu_timers import time_imports
        time_imports()
    if _option("words"):
        from emu_timers import time_words
        time_words()
    app = dev.app
    app.seed = _SEED
    collect = _option("collect")
    trace = _option("frames")
    if _option("work"):
        app.spare = _spare_steps
        app.spent = _full  # (and a key's work never leaves room for the board: as the sim)
    display = dev.display
    show = display.show

    def timed_show(*args):
        t = _ticks()
        show(*args)
        _s.events += 1
        print("EMU push", _diff(_ticks(), t))
    display.show = timed_show
    update = app.input.update
    held = [0]

    def keys(buttons, now):
        if buttons != held[0]:  # a press or a release: the harness waits for what follows
            held[0] = buttons
            _s.events += 1
            print("EMU buttons", buttons)
        return update(buttons, now)
    app.input.update = keys
    frame = dev.frame

    def timed_frame(now):
        _wrap_session()  # (the session module is loaded with the first game)
        _s.think = 0
        _s.steps = 0
        events = _s.events
        t = _ticks()
        frame(now)
        end = _ticks()
        dt = _diff(end, t) - _s.think
        if trace:
            print("EMU f", dt, _s.think, t, _state(app))
        if dt > _s.longest:
            _s.longest = dt
            print("EMU frame", dt, _s.think)
        if dt > 50000:
            print("EMU slow", dt, t, end, _state(app))
        if dt > _s.span:
            _s.span = dt
            _s.span_at = (t, end)
        # (the move is shown a frame after the thinking ends: its words are read in between)
        if _s.moved and getattr(app.screen, "thinking", None) is None:
            _s.moved = False
            print("EMU moved")
        if collect:  # the heap in use between frames, as a Pico's collector finds it
            gc.collect()
            used = gc.mem_alloc()
            if _option("modes"):  # the peak of each screen and mode apart
                st = _state(app)
                where = " ".join(st.split()[:2])
                if used > _s.modes.get(where, 0):
                    _s.modes[where] = used
                    print("EMU modepeak", used, st)
            if used > _s.peak:
                _s.peak = used
                print("EMU peak", used, _state(app))
                if _option("qstr"):  # (the names interned so far: their pools only grow)
                    import micropython
                    if _option("qstrs"):
                        micropython.qstr_info(1)  # (any argument: each name too)
                    else:
                        micropython.qstr_info()
                if _option("modules"):
                    import sys
                    wf = sys.modules.get("engine.ui.words_file")
                    print("EMU peakmods", getattr(app.screen, "saving", None) is not None,
                          wf._size[0] if wf else -1,
                          " ".join(sorted(k for k in sys.modules if k.startswith("engine"))))
        if _s.events != events:
            _s.busy = True
        elif _s.busy and not _busy(app.screen):
            _s.busy = False
            print("EMU span", _s.span, _s.span_at[0], _s.span_at[1])
            _s.span = 0
            print("EMU idle", _state(app))
    dev.frame = timed_frame
    gc.collect()
    print("EMU probe", getattr(dev.board, "PROBE_BYTES", 0))
    print("EMU ready", gc.mem_free(), gc.mem_alloc())
    try:
        dev.run()
    except Exception as e:  # noqa: BLE001 - as firmware/device.py play: the crash screen
        print("EMU crash", repr(e))
        from firmware import crash
        crash.show(dev, e)


def _full():
    return 1000


def _spare_steps():
    _s.steps += 1
    return _s.steps <= _SPARE_STEPS


def _busy(screen):
    """Screen.busy(), or (a build from before it) whether the computer is thinking."""
    busy = getattr(screen, "busy", None)
    return busy() if busy else getattr(screen, "thinking", None) is not None


def _option(word):
    """Is `word` among the options in emu.txt (written by the harness)?"""
    try:
        with open("emu.txt") as f:
            return word in f.read().split()
    except OSError:
        return False
