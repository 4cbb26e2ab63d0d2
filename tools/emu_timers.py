# The emulated Pico's optional timers (tools/emu_probe.py's options `imports` and `words`): a
# module of their own, imported only with those options, so that their code is not in the
# heap the probe measures.
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
