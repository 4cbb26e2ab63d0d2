"""Command line of the desktop side: python -m sim [COMMAND ...]; no command opens the window."""
import argparse
import os
import sys


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        """A command-line error: one line saying what was wrong (and where to read more)."""
        self.exit(2, "%s: %s (see %s --help)\n" % (self.prog, message, self.prog))


def _parser():
    ap = _Parser(prog="python -m sim", description="Schotten Totten on the desktop: "
                                 "with no command, the game in a window")
    _screen_options(ap, storage_help="where saves, settings and statistics live "
                                     "(default ~/.schotten-totten)")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    sh = sub.add_parser("shot", help="run the screens headless from power-on, save the last frame")
    sh.add_argument("--keys", default="", help="comma-separated UP DOWN LEFT RIGHT A B X Y WAIT:ms")
    sh.add_argument("--out", required=True, help="the PNG to write")
    _screen_options(sh, storage_help="storage folder (default: a fresh temporary one)", top=False)
    fz = sub.add_parser("fuzz", help="random presses across all screens; fails on any exception")
    fz.add_argument("--frames", type=int, default=10000)
    fz.add_argument("--seed", type=int, default=argparse.SUPPRESS,
                    help="seed of the random presses (default 1)")
    fz.add_argument("--board", default=argparse.SUPPRESS)
    fz.add_argument("--lang", choices=("en", "ru", "uk", "hu"), default=argparse.SUPPRESS,
                    help="the screens' language (default en)")
    fz.add_argument("--start", default="", metavar="KEYS",
                    help="keys pressed first, as for shot (e.g. to open a tactical game)")
    sub.add_parser("analyze", help="claim checker: JSON lines on stdin, answers on stdout")
    sp = sub.add_parser("selfplay", help="games between the built-in players")
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--variant", default="classic")
    sp.add_argument("--expert", action="store_true")
    sp.add_argument("--rounds", type=int, default=1)
    sp.add_argument("--a", help="first player (random, greedy, easy, normal, hard, mcN; "
                    "tactical variant: random, greedy_tactical); default greedy or greedy_tactical")
    sp.add_argument("--b", default="random", help="second player (default random)")
    sp.add_argument("--records", metavar="DIR", help="write each game's record here")
    rp = sub.add_parser("replay", help="check and replay a game record, print the final position")
    rp.add_argument("file")
    tp = sub.add_parser("tournament", help="N games between two players, with a 95%% interval")
    tp.add_argument("--a", required=True, help="player A (random, greedy, easy, normal, hard, "
                    "mcN; tactical variant: random, greedy_tactical)")
    tp.add_argument("--b", required=True, help="player B")
    tp.add_argument("--games", type=int, default=100)
    tp.add_argument("--seed", type=int, default=1)
    tp.add_argument("--variant", default="classic")
    tp.add_argument("--expert", action="store_true")
    tp.add_argument("--jobs", type=int, default=1)
    tp.add_argument("--late", action="store_true",
                    help="also the stones taken after the deck ran out")
    ap.commands = sub.choices  # name: its parser
    return ap


def _screen_options(p, storage_help, top=True):
    """The options of the screens: before the command (top) or after it; given after, they
    win, and left out there they keep what was given before (SUPPRESS: no default)."""
    default = (lambda v: v) if top else (lambda v: argparse.SUPPRESS)
    p.add_argument("--board", default=default("pico_lcd_114"),
                   help="pico_lcd_114 (default), pico_display or pico_lcd_13")
    p.add_argument("--seed", type=int, default=default(None), help="seed of the first new game")
    p.add_argument("--scale", type=int, default=default(None),
                   help="pixels per screen pixel, 1 to 16")
    p.add_argument("--storage", default=default(None), help=storage_help)
    p.add_argument("--lang", default=default(None), choices=("en", "ru", "uk", "hu"),
                   help="the screens' language (default: the settings', asked at the first "
                        "power-on" + (")" if top else "; here English)"))


def _check(args):
    """What the parser cannot check: one line saying what is wrong, or None."""
    from sim import boards
    board = getattr(args, "board", None)
    if board is not None:
        try:
            boards.get(board)
        except ValueError as e:
            return str(e)
    seed = getattr(args, "seed", None)
    if seed is not None and args.command in (None, "shot", "fuzz") and not 0 <= seed < 1 << 30:
        return "--seed must be 0 to %d" % ((1 << 30) - 1)
    if getattr(args, "scale", None) is not None and not 1 <= args.scale <= 16:
        return "--scale must be 1 to 16, not %d" % args.scale
    for option in ("storage", "records"):
        path = getattr(args, option, None)
        if path is not None and os.path.exists(path) and not os.path.isdir(path):
            return "--%s %s: that is a file; give a folder (it is made if missing)" % (
                option, path)
    return None


def main(argv=None):
    ap = _parser()
    args, extra = ap.parse_known_args(argv)
    sub = _subparser(ap, args.command)
    if extra:  # said by the command's own parser, with its own usage
        sub.error("unrecognized arguments: %s" % " ".join(extra))
    problem = _check(args)
    if problem:
        sub.error(problem)
    try:
        return _run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _subparser(ap, command):
    return ap.commands.get(command, ap)


def _run(args):
    if args.command == "analyze":
        from sim import analyze as mod
    elif args.command == "selfplay":
        from sim import selfplay as mod
    elif args.command == "replay":
        from sim import replay as mod
    elif args.command == "tournament":
        from sim import tournament as mod
    elif args.command == "shot":
        from sim import shot as mod
    elif args.command == "fuzz":
        from sim import fuzz as mod
    else:
        from sim import window as mod
    return mod.main(args)


if __name__ == "__main__":
    sys.exit(main())
