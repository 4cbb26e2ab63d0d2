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
#   EMU idle <screen> <mode> <note> <card> <may_pass> <chosen> <tick> <awaits>   waiting for
#                                             a key (mode: a number, or the name of the choice
#                                             made; awaits: 1 on a linked game's screen waiting
#                                             on the other handheld, with the option `link`)
#   EMU think <us> <slices>                   a computer decision: its thinking time in all
#   EMU moved                                 the frame showing the computer's (or the other
#                                             handheld's) move was pushed
#                                             (printed at once: the key-to-move figures end here)
#   EMU frame <us> <think us> <push us>       a new longest frame (think us not counted)
#   EMU slow <us> <from> <to> <screen> <mode> ...  a frame over 50 ms (think us not
#                                             counted), when (ticks_us) and where
#   EMU push <us>                             each frame push
#   EMU f <us> <think us> <from> <gc> <free> <screen> ...  with the option `frames`: every
#                                             frame (gc: 1 if the collector ran in it of
#                                             itself; free: the heap free after it)
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
#   EMU steppeak <heap in use> <screen> <mode> ...  with the options `work` and `steps`: a
#                                             new peak of the heap in use after any step of
#                                             a frame's work, collected (between frames
#                                             the work stands at a third of its steps only)
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

# The probe's names are interned for good, as the game's are, and counted in the heap figures
# (the names' pools grow by doubling: a few more can cost a pool of 9 KB a Pico would not
# have). So it keeps its own few: its figures in a list at these places, not in attributes;
# its lines printed through formats over 10 characters (shorter ones are interned); its
# wrappers named as what they wrap.
_THINK = const(0)  # us of thinking in the current frame
_DECISION = const(1)  # us of the current decision so far
_SLICES = const(2)
_MOVED = const(3)  # the computer's (or the other handheld's) move is made, not yet shown
_LONGEST = const(4)
_SPAN = const(5)  # the longest frame since the last idle line
_SPAN_AT = const(6)  # its start and end (ticks_us)
_PEAK = const(7)
_MODES = const(8)  # (option modes) the peak of each screen and mode
_BUSY = const(9)  # something happened since the last idle line
_EVENTS = const(10)  # pushes and button changes
_STEPS = const(11)  # (option work) the spare steps taken in this frame
_LINK = const(12)  # (option link) does the screen wait on the other handheld?
_STEP_PEAK = const(13)  # (options work and steps) the peak after any step; None: not asked
_APP = const(14)
_s = [0, 0, 0, False, 0, 0, (0, 0), 0, {}, True, 0, 0, None, None, None]


class _Timed:
    """The computer's turn (a generator), each slice timed."""

    def __init__(self, turn):
        self.turn = turn

    def __iter__(self):
        return self

    def __next__(self):
        t = time.ticks_us()
        try:
            return next(self.turn)
        except StopIteration:
            _s[_MOVED] = True
            raise
        finally:
            dt = time.ticks_diff(time.ticks_us(), t)
            _s[_THINK] += dt
            _s[_DECISION] += dt
            _s[_SLICES] += 1
            if _s[_MOVED]:
                print("EMU think %d %d" % (_s[_DECISION], _s[_SLICES]))
                _s[_DECISION] = 0
                _s[_SLICES] = 0


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

        def save_steps(self, storage):
            """The save's steps, timed: all of them, and the longest."""
            total = longest = k = 0
            steps = save(self, storage)
            each = _option("savesteps")
            while True:
                t = time.ticks_us()
                try:
                    next(steps)
                except StopIteration:
                    break
                finally:
                    dt = time.ticks_diff(time.ticks_us(), t)
                    total += dt
                    longest = max(longest, dt)
                    if each:
                        print("EMU savestep", k, dt)
                    k += 1
                yield
            print("EMU save %d %d" % (total, longest))
        cls.computer_turn = computer_turn
        cls.save_steps = save_steps
        cls._emu = True
    play = sys.modules.get("engine.ui.play")
    if play and not getattr(play.Play, "_emu", False):
        cls = play.Play
        drawn = cls.draw

        def draw(self, fb):
            full = 1 if self.damage == 0x7FFFF else 0
            t = time.ticks_us()
            drawn(self, fb)
            print("EMU draw %d %d" % (time.ticks_diff(time.ticks_us(), t), full))
        cls.draw = draw
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
    return "%s %s %d %d %d %d %d %d" % (
        name, mode, 1 if getattr(s, "note", "") else 0, getattr(s, "card", 0),
        1 if getattr(s, "may_pass", False) else 0, -1 if chosen is None else chosen, tick,
        _s[_LINK](app) if _s[_LINK] else 0)


def host(dev):
    # (the optional timers are a module of their own: the probe's code is in the heap figures)
    if _option("imports"):
        from emu_timers import time_imports
        time_imports()
    if _option("words"):
        from emu_timers import time_words
        time_words()
    probe = getattr(dev.board, "PROBE_BYTES", 0)
    if _option("link"):  # (its code counted with the probe's: a Pico without it has none)
        gc.collect()
        probe -= gc.mem_alloc()
        from emu_timers import awaits
        _s[_LINK] = awaits(_s, _MOVED)
        gc.collect()
        probe += gc.mem_alloc()
    app = dev.app
    app.seed = _SEED
    collect = _option("collect")
    trace = _option("frames")
    if _option("work"):
        app.spare = _spare_steps
        if _option("steps"):
            _s[_STEP_PEAK] = 0
            _s[_APP] = app
        app.spent = lambda: 1000  # (a key's work never leaves room for the board: as the sim)
    display = dev.display
    shown = display.show

    def show(*args):
        t = time.ticks_us()
        shown(*args)
        _s[_EVENTS] += 1
        print("EMU push %d" % time.ticks_diff(time.ticks_us(), t))
    display.show = show
    update = app.input.update
    held = [0]

    def keys(buttons, now):
        if buttons != held[0]:  # a press or a release: the harness waits for what follows
            held[0] = buttons
            _s[_EVENTS] += 1
            print("EMU buttons", buttons)
        return update(buttons, now)
    app.input.update = keys
    framed = dev.frame

    def frame(now):
        _wrap_session()  # (the session module is loaded with the first game)
        _s[_THINK] = 0
        _s[_STEPS] = 0
        events = _s[_EVENTS]
        used = gc.mem_alloc()
        t = time.ticks_us()
        framed(now)
        end = time.ticks_us()
        dt = time.ticks_diff(end, t) - _s[_THINK]
        if trace:
            print("EMU f %d %d %d %d %d %s" % (dt, _s[_THINK], t, gc.mem_alloc() < used,
                                               gc.mem_free(), _state(app)))
        if dt > _s[_LONGEST]:
            _s[_LONGEST] = dt
            print("EMU frame %d %d" % (dt, _s[_THINK]))
        if dt > 50000:
            print("EMU slow %d %d %d %s" % (dt, t, end, _state(app)))
        if dt > _s[_SPAN]:
            _s[_SPAN] = dt
            _s[_SPAN_AT] = (t, end)
        # (the move is shown a frame after the thinking ends: its words are read in between)
        if _s[_MOVED] and getattr(app.screen, "thinking", None) is None:
            _s[_MOVED] = False
            print("EMU moved")
        if collect:  # the heap in use between frames, as a Pico's collector finds it
            gc.collect()
            used = gc.mem_alloc()
            if _option("modes"):  # the peak of each screen and mode apart
                st = _state(app)
                where = " ".join(st.split()[:2])
                if used > _s[_MODES].get(where, 0):
                    _s[_MODES][where] = used
                    print("EMU modepeak", used, st)
            if used > _s[_PEAK]:
                _s[_PEAK] = used
                print("EMU peak %d %s" % (used, _state(app)))
                if _option("qstr"):  # (the names interned so far: their pools only grow)
                    import micropython
                    if _option("qstrs"):
                        micropython.qstr_info(1)  # (any argument: each name too)
                    else:
                        micropython.qstr_info()
                if _option("modules"):
                    import sys
                    kept = sys.modules["engine.ui.lang"]._kept
                    print("EMU peakmods", getattr(app.screen, "saving", None) is not None,
                          sum(len(w) for w in kept.values()),
                          " ".join(sorted(k for k in sys.modules if k.startswith("engine"))))
        # (a linked game's screen waiting on the other handheld animates: its pushes then
        # are not news, and it is idle once, when it starts waiting)
        if _s[_EVENTS] != events and not (_s[_LINK] and _s[_LINK](app)):
            _s[_BUSY] = True
        elif _s[_BUSY] and not _busy(app):
            _s[_BUSY] = False
            print("EMU span %d %d %d" % (_s[_SPAN], _s[_SPAN_AT][0], _s[_SPAN_AT][1]))
            _s[_SPAN] = 0
            print("EMU idle %s" % _state(app))
    dev.frame = frame
    gc.collect()
    print("EMU probe %d" % probe)
    print("EMU ready %d %d" % (gc.mem_free(), gc.mem_alloc()))
    try:
        dev.run()
    except Exception as e:  # noqa: BLE001 - as firmware/device.py play: the crash screen
        print("EMU crash %r" % e)
        from firmware import crash
        crash.show(dev, e)


def _spare_steps():
    _s[_STEPS] += 1
    if _s[_STEP_PEAK] is not None:  # (option steps) the heap after each step, collected
        gc.collect()
        used = gc.mem_alloc()
        if used > _s[_STEP_PEAK]:
            _s[_STEP_PEAK] = used
            print("EMU steppeak %d %s" % (used, _state(_s[_APP])))
    return _s[_STEPS] <= _SPARE_STEPS


def _busy(app):
    """Screen.busy(), or (a build from before it) whether the computer is thinking; a linked
    game's waiting on the other handheld is not (option link): a key there is awaited too."""
    screen = app.screen
    busy = getattr(screen, "busy", None)
    busy = busy() if busy else getattr(screen, "thinking", None) is not None
    return busy and not (_s[_LINK] and _s[_LINK](app))



def _option(word):
    """Is `word` among the options in emu.txt (written by the harness)?"""
    try:
        with open("emu.txt") as f:
            return word in f.read().split()
    except OSError:
        return False
