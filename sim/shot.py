"""`python -m sim shot`: the screens headless from power-on, the final frame as a PNG."""
import sys
import tempfile

from sim import boards
from sim.headless import Runner


def main(args):
    if args.first_boot and args.lang:
        return _error("--first-boot starts at the language question, which --lang would skip: "
                      "give one or the other")
    if args.storage:
        return _shot(args, args.storage)
    with tempfile.TemporaryDirectory(prefix="schotten-shot-") as folder:
        return _shot(args, folder)


def _error(text):
    print("shot: %s" % text, file=sys.stderr)
    return 2


def _shot(args, folder):
    try:
        boards.get(args.board)
        r = Runner(args.board, folder, 1 if args.seed is None else args.seed, args.lang,
                   ask=args.first_boot)
        if args.first_boot and r.app.settings.lang:
            return _error("--first-boot is a brand-new device, but --storage already holds "
                          "a chosen language (%s): give a new or empty folder"
                          % r.app.settings.lang)
        r.keys(args.keys, patient=True)
    except ValueError as e:
        return _error(str(e))
    try:
        r.save(args.out, args.scale or 1)
    except OSError as e:
        return _error("cannot write %s: %s" % (args.out, e.strerror))
    return 0
