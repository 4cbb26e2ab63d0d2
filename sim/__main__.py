"""Command line of the desktop side: python -m sim COMMAND ..."""
import argparse
import sys


def _parser():
    ap = argparse.ArgumentParser(prog="python -m sim", description="Schotten Totten on the desktop")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("analyze", help="claim checker: JSON lines on stdin, answers on stdout")
    sp = sub.add_parser("selfplay", help="games between the built-in players")
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--variant", default="classic")
    sp.add_argument("--expert", action="store_true")
    sp.add_argument("--rounds", type=int, default=1)
    sp.add_argument("--a", default="greedy", help="first player (random or greedy)")
    sp.add_argument("--b", default="random", help="second player (random or greedy)")
    sp.add_argument("--records", metavar="DIR", help="write each game's record here")
    rp = sub.add_parser("replay", help="check and replay a game record, print the final position")
    rp.add_argument("file")
    tp = sub.add_parser("tournament", help="N games between two players, with a 95%% interval")
    tp.add_argument("--a", required=True, help="player A (random, greedy, easy, normal, hard, mcN)")
    tp.add_argument("--b", required=True, help="player B")
    tp.add_argument("--games", type=int, default=100)
    tp.add_argument("--seed", type=int, default=1)
    tp.add_argument("--variant", default="classic")
    tp.add_argument("--expert", action="store_true")
    tp.add_argument("--jobs", type=int, default=1)
    return ap


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
    else:  # no command: say what there is (the simulator window arrives with the screens)
        ap.print_help()
        return 0
    return mod.main(args)


if __name__ == "__main__":
    sys.exit(main())
