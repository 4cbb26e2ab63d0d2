"""`python -m sim fuzz`: random presses across every screen; any exception fails, with the key
sequence that led to it."""
import random
import sys
import tempfile
import traceback

from engine.core.parse import number, quoted
from sim.fakes import NAMES, bit
from sim import boards
from sim.headless import Runner

# Mostly short presses; sometimes a long hold (long presses, repeats), sometimes a pause.
_KEYS = NAMES
MAX_FRAMES = 100000000  # about a day of fuzzing


def run(board, frames, seed, folder, start="", progress=None, lang="en"):
    """Run `frames` frames of random input in language `lang`, after the keys of `start` (as
    for `shot`, e.g. to open a game of a variant); returns (None, keys) or (traceback text,
    keys). progress(n) is told the frames run, every 10,000. Words missing in a language are
    an exception too (engine/ui/lang.py's strict)."""
    from engine.ui import lang as words
    rng = random.Random(seed)
    words.strict = True
    r = Runner(board, folder, seed, lang)
    have = [n for n in _KEYS if r.board.buttons & bit(n)]
    done = [k for k in start.split(",") if k]
    try:
        r.keys(start, patient=True)
    except Exception:
        return traceback.format_exc(), done
    told = 0
    while r.now // 33 < frames:
        if progress and r.now // 33 >= told + 10000:
            told = r.now // 33 // 10000 * 10000
            progress(told)
        roll = rng.random()
        name = rng.choice(have)
        try:
            if roll < 0.08:
                ms = rng.choice((300, 700, 1200))
                done.append("HOLD:%s:%d" % (name, ms))
                r.hold(name, ms)
            elif roll < 0.12:
                done.append("WAIT:500")
                r.wait(500)
            else:
                done.append(name)
                r.press(name)
        except Exception:
            return traceback.format_exc(), done
    return None, done


def _run(args, seed, folder):
    return run(args.board, args.frames, seed, folder, args.start,
               lambda n: print("fuzz: %d of %d frames" % (n, args.frames), file=sys.stderr,
                               flush=True), args.lang or "en")


def main(args):
    try:
        boards.get(args.board)
        if not 1 <= args.frames <= MAX_FRAMES:
            raise ValueError("--frames must be at least 1 and at most %d" % MAX_FRAMES)
        for word in args.start.split(","):
            word = word.strip().upper()
            if word and word not in NAMES and not (word.startswith("WAIT:") and
                                                   number(word[5:], 600000) is not None):
                raise ValueError("--start: unknown key %s (keys: %s, WAIT:ms up to 600000)" % (
                    quoted(word), " ".join(NAMES)))
    except ValueError as e:
        print("fuzz: %s" % e, file=sys.stderr)
        return 2
    seed = 1 if args.seed is None else args.seed
    if args.storage:
        error, done = _run(args, seed, args.storage)
    else:
        with tempfile.TemporaryDirectory(prefix="fuzz-") as folder:
            error, done = _run(args, seed, folder)
    if error:
        print(error, file=sys.stderr)
        print("keys: " + ",".join(done), file=sys.stderr)
        return 1
    print("fuzz: %d frames on %s, %d key actions, no exception" % (args.frames, args.board,
                                                                    len(done)))
    return 0
