# The emulated Pico's optional parts (tools/emu_probe.py's options `imports`, `words` and
# `link`): a module of their own, imported only with those options, so that their code is not
# in the heap the probe measures.
import time

_ticks = time.ticks_us
_diff = time.ticks_diff


def time_words():
    """Each word read from lang.bin (engine/ui/words_file.py, loaded again after each rest):
    EMU word <us> <find us> <new> <place>."""
    import sys
    from engine.ui import lang
    reader = lang._reader

    def timed_reader():
        w = reader()
        wf = sys.modules["engine.ui.words_file"]
        if not getattr(wf, "_emu", False):
            index, word = wf._index, wf._word
            found = [0]

            def timed_index(key):
                t = _ticks()
                i = index(key)
                found[0] = _diff(_ticks(), t)
                return i

            def timed_word(i):
                decoded = 0 if i // wf.BLOCK in wf._live[1] else 1
                t = _ticks()
                w = word(i)
                print("EMU word", _diff(_ticks(), t) + found[0], found[0], decoded, i)
                found[0] = 0
                return w
            wf._index = timed_index
            wf._word = timed_word
            wf._emu = True
        return w
    lang._reader = timed_reader


def time_imports():
    """Each import slower than 5 ms: EMU import <us> <module> (loading .mpy code from flash)."""
    import builtins
    plain = builtins.__import__

    def timed(name, *args):
        t = _ticks()
        m = plain(name, *args)
        dt = _diff(_ticks(), t)
        if dt > 5000:
            print("EMU import", dt, name)
        return m
    builtins.__import__ = timed


def awaits(stats, moved):
    """(option link) The test of a linked game's screens that wait on the other handheld: the
    host's and the joiner's waiting screen, and the board during the other's turn with no
    save under way (tools/emu_link.py drives the two handhelds from the idle lines, which
    say it). The other's turn awaited is wrapped so that its end calls moved() (EMU moved:
    the move shown, as after the computer's)."""
    import sys

    class Awaited:
        def __init__(self, gen):
            self.gen = gen

        def __iter__(self):
            return self

        def __next__(self):
            try:
                return next(self.gen)
            except StopIteration:
                stats[moved] = True
                raise

    def test(app):
        linked = sys.modules.get("engine.link.linked")
        if linked and not getattr(linked.Linked, "_emu", False):
            turn = linked.Linked.turn
            linked.Linked.turn = lambda self, s: Awaited(turn(self, s))
            linked.Linked._emu = True
        s = app.screen
        if type(s).__name__ == "Waiting":
            return 1
        return 1 if (isinstance(getattr(s, "thinking", None), Awaited)
                     and getattr(s, "saving", None) is None) else 0
    return test
