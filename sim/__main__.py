"""Command line of the desktop side: python -m sim [COMMAND ...]; no command opens the window."""
import argparse
import sys


def _parser():
    ap = argparse.ArgumentParser(prog="python -m sim", description="Schotten Totten on the desktop: "
                                 "with no command, the game in a window")
    _screen_options(ap, storage_help="where saves, settings and statistics live "
                                     "(default ~/.schotten-totten)")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    sh = sub.add_parser("shot", help="run the screens headless from power-on, save the last frame")
    sh.add_argument("--keys", default="", help="comma-separated UP DOWN LEFT RIGHT A B X Y WAIT:ms")
    sh.add_argument("--out", required=True, help="the PNG to write")
    _screen_options(sh, storage_help="storage folder (default: a fresh temporary one)")
    fz = sub.add_parser("fuzz", help="random presses across all screens; fails on any exception")
    fz.add_argument("--frames", type=int, default=10000)
    fz.add_argument("--seed", type=int, default=1)
    fz.add_argument("--board", default="pico_lcd_114")
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
    return ap


def _screen_options(p, storage_help):
    p.add_argument("--board", default="pico_lcd_114",
                   help="pico_lcd_114 (default), pico_display or pico_lcd_13")
    p.add_argument("--seed", type=int, default=None, help="seed of the first new game")
    p.add_argument("--scale", type=int, default=None, help="pixels per screen pixel")
    p.add_argument("--storage", default=None, help=storage_help)


def main(argv=None):
    ap = _parser()
    args = ap.parse_args(argv)
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
