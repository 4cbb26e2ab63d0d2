"""`python -m sim shot`: the screens headless from power-on, the final frame as a PNG."""
import sys
import tempfile

from sim import boards
from sim.headless import Runner


def main(args):
    if args.storage:
        return _shot(args, args.storage)
    with tempfile.TemporaryDirectory(prefix="schotten-shot-") as folder:
        return _shot(args, folder)


def _shot(args, folder):
    try:
        boards.get(args.board)
        r = Runner(args.board, folder, 1 if args.seed is None else args.seed, args.lang)
        r.keys(args.keys)
    except ValueError as e:
        print("shot: %s" % e, file=sys.stderr)
        return 2
    try:
        r.save(args.out, args.scale or 1)
    except OSError as e:
        print("shot: cannot write %s: %s" % (args.out, e.strerror), file=sys.stderr)
        return 2
    return 0
