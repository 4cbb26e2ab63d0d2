"""Command line of the desktop side: python -m sim [COMMAND ...]; no command opens the window."""
import argparse
import os
import re
import sys

# The options every command is given, before its name or after it (after it they win): the
# commands that use each (None: the window); the others refuse it, saying why (_check).
USES = {"board": (None, "shot", "fuzz"), "seed": (None, "shot", "fuzz", "selfplay", "tournament"),
        "scale": (None, "shot"), "storage": (None, "shot", "fuzz"), "lang": (None, "shot", "fuzz"),
        "records": ("selfplay",), "link": (None,)}
_LACKS = {None: "the window keeps its game in --storage, not as records",
          "shot": "shot keeps its game in --storage, not as records",
          "fuzz": "fuzz draws no window and keeps no records",
          "analyze": "analyze only answers the claims on its input",
          "selfplay": "selfplay plays without screens",
          "tournament": "tournament plays without screens and keeps no records",
          "replay": "replay only reads the record it is given",
          "review": "review only reads the record it is given"}
_LANGS = ("en", "ru", "uk", "hu")
_DIGITS = 30  # digits at most of a number option: past any option's range, still read quickly
_QUOTED = re.compile("'([^'\n]{40})[^'\n]+'")  # argparse's quotes of what it refuses


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        """A command-line error: one line saying what was wrong (and where to read more),
        quoting at most a few dozen characters of what it refuses."""
        message = _QUOTED.sub("'\\1...'", message.replace("\n", " "))
        self.exit(2, "%s: %s (see %s --help)\n" % (self.prog, message, self.prog))


def _number(text):
    """A number option's value: ASCII digits, after a minus sign or not (its range is checked
    apart, saying it); not what int() also takes: other scripts' digits, "1_000", " 5", "+5"."""
    from engine.core.parse import number, quoted
    minus = text[:1] == "-"
    v = number(text[1:] if minus else text, 10 ** _DIGITS, _DIGITS)
    if v is None:
        raise argparse.ArgumentTypeError("invalid int value: %s (a whole number in the digits "
                                         "0-9, at most %d of them)" % (quoted(text), _DIGITS))
    return -v if minus else v


def _chosen(text, choices):
    """`text` if it is one of `choices`, else the parser's refusal naming them."""
    if text not in choices:
        from engine.core.parse import quoted
        raise argparse.ArgumentTypeError("invalid choice: %s (choose from %s)" % (
            quoted(text), ", ".join(choices)))
    return text


def _language(text):
    return _chosen(text, _LANGS)


def _player(text):
    return int(_chosen(text, ("1", "2")))


def _link(text):
    from sim.link_tcp import LinkSpecError, parse
    try:
        parse(text)
    except LinkSpecError as e:
        raise argparse.ArgumentTypeError(str(e))
    return text


def _parser():
    ap = _Parser(prog="python -m sim", description="Schotten Totten on the desktop: "
                                 "with no command, the game in a window")
    _common_options(ap, None, top=True, storage="where saves, settings and statistics live "
                                                 "(default ~/.schotten-totten)",
                    seed="seed of the first new game (selfplay, tournament: of the first "
                         "game, default 1)")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    sh = sub.add_parser("shot", help="run the screens headless from power-on, save the last frame")
    sh.add_argument("--keys", default="", help="comma-separated UP DOWN LEFT RIGHT A B X Y "
                    "(each pressed once the screen's work is done), WAIT:ms, HOLD:key:ms "
                    "(held at least ms; 600 is a long press: the four-button board's down "
                    "and up)")
    sh.add_argument("--first-boot", action="store_true",
                    help="start as a brand-new device, at the first power-on's language "
                         "question (not with --lang, which skips it; a --storage folder must "
                         "hold no chosen language)")
    sh.add_argument("--out", required=True, help="the PNG to write")
    _common_options(sh, "shot", storage="storage folder (default: a fresh temporary one)",
                    lang="the screens' language (default: the settings', asked at the first "
                         "power-on; here English unless --first-boot)")
    fz = sub.add_parser("fuzz", help="random presses across all screens; fails on any exception")
    fz.add_argument("--frames", type=_number, default=10000)
    fz.add_argument("--start", default="", metavar="KEYS",
                    help="keys pressed first, as for shot (e.g. to open a tactical game)")
    _common_options(fz, "fuzz", seed="seed of the random presses (default 1)",
                    lang="the screens' language (default en)",
                    storage="storage folder (default: a fresh temporary one)")
    an = sub.add_parser("analyze", help="claim checker: JSON lines on stdin, answers on stdout")
    _common_options(an, "analyze")
    sp = sub.add_parser("selfplay", help="games between the built-in players")
    sp.add_argument("--games", type=_number, default=100)
    sp.add_argument("--variant", default="classic")
    sp.add_argument("--expert", action="store_true")
    sp.add_argument("--rounds", type=_number, default=1)
    sp.add_argument("--a", help="first player (random, greedy, easy, normal, hard, mcN; "
                    "tactical variant: random, greedy_tactical); default greedy or greedy_tactical")
    sp.add_argument("--b", default="random", help="second player (default random)")
    _common_options(sp, "selfplay", seed="seed of the first game (default 1)",
                    records="write each game's record here")
    rp = sub.add_parser("replay", help="check and replay a game record, print the final position")
    rp.add_argument("file")
    _common_options(rp, "replay")
    rv = sub.add_parser("review", help="the moves of a game record that cost most, by the "
                        "computer's judgement, and what it would have played")
    rv.add_argument("file")
    rv.add_argument("--player", type=_player, default=None,
                    help="review player 1's or 2's moves only (default: both)")
    _common_options(rv, "review")
    tp = sub.add_parser("tournament", help="N games between two players, with a 95%% interval")
    tp.add_argument("--a", required=True, help="player A (random, greedy, easy, normal, hard, "
                    "mcN; tactical variant: random, greedy_tactical)")
    tp.add_argument("--b", required=True, help="player B")
    tp.add_argument("--games", type=_number, default=100)
    tp.add_argument("--variant", default="classic")
    tp.add_argument("--expert", action="store_true")
    tp.add_argument("--jobs", type=_number, default=1)
    tp.add_argument("--late", action="store_true",
                    help="also the stones taken after the deck ran out")
    _common_options(tp, "tournament", seed="seed of the first game (default 1)")
    ap.commands = sub.choices  # name: its parser
    return ap


_HELP = {"board": "pico_lcd_114 (default), pico_display or pico_lcd_13",
         "seed": "seed of the first new game", "scale": "pixels per screen pixel, 1 to 16",
         "lang": "the screens' language (default: the settings', asked at the first power-on)",
         "records": "selfplay: write each game's record here",
         "link": "a linked game with another simulator: listen:PORT on one, HOST:PORT on "
                 "the other (the main menu's Linked game)"}
_TYPES = {"seed": _number, "scale": _number, "lang": _language, "link": _link}
_METAVARS = {"storage": "DIR", "records": "DIR", "lang": "{%s}" % ",".join(_LANGS),
             "link": "listen:PORT|HOST:PORT"}


def _common_options(p, command, top=False, **helps):
    """The options of USES on parser p: before the command (top: then None when not given)
    or after it, where they win and, left out, keep what was given before (SUPPRESS: no
    default). A command takes even those it does not use, to refuse them saying why
    (_check); its help leaves them out."""
    for name in USES:
        used = top or command in USES[name]
        p.add_argument("--" + name, default=None if top else argparse.SUPPRESS,
                       type=_TYPES.get(name), metavar=_METAVARS.get(name),
                       help=helps.get(name, _HELP.get(name)) if used else argparse.SUPPRESS)


def _check(args):
    """What the parser cannot check: one line saying what is wrong, or None. Before any game
    starts; nothing is written (a folder's place is only tried)."""
    from sim import boards
    for name, users in USES.items():
        if getattr(args, name) is not None and args.command not in users:
            return "%s: --%s is for %s" % (_LACKS[args.command], name, _listed(users))
    if args.board is not None:
        try:
            boards.get(args.board)
        except ValueError as e:
            return str(e)
    seed = args.seed
    if seed is not None and args.command in (None, "shot", "fuzz") and not 0 <= seed < 1 << 30:
        return "--seed must be 0 to %d" % ((1 << 30) - 1)
    if args.scale is not None and not 1 <= args.scale <= 16:
        return "--scale must be 1 to 16, not %d" % args.scale
    for option in ("storage", "records"):
        path = getattr(args, option)
        problem = path is not None and _folder_problem(path)
        if problem:
            return "--%s %s: %s" % (option, _short(path), problem)
    return None


def _short(path):
    """A path for an error: a long one cut in the middle (its start and its end show)."""
    return path if len(path) <= 80 else path[:38] + "..." + path[-39:]


def _listed(users):
    names = ["the window" if u is None else u for u in users]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _folder_problem(path):
    """Why no folder can be kept at `path` (made if missing), or None. Tried by making the
    missing folders and a folder in the last, then removing all that was made: a folder's
    modes do not say it all (root writes past them; /proc and /sys refuse root too; a name
    may be too long)."""
    import tempfile
    if "\0" in path:
        return "a path holds no NUL character"
    if os.path.exists(path) and not os.path.isdir(path):
        return "that is a file; give a folder (it is made if missing)"
    place, missing = os.path.abspath(path), []
    while not os.path.exists(place) and os.path.dirname(place) != place:
        missing.append(place)
        place = os.path.dirname(place)
    if not os.path.isdir(place):
        return "%s is a file: no folder can be made in it" % _short(place)
    made = []
    try:
        for folder in reversed(missing):
            os.mkdir(folder)
            made.append(folder)
        os.rmdir(tempfile.mkdtemp(dir=os.path.abspath(path)))
    except OSError as e:
        if not missing:
            return "cannot write in that folder (%s)" % e.strerror
        return "cannot make it in %s (%s)" % (_short(place), e.strerror)
    finally:
        for folder in reversed(made):
            os.rmdir(folder)
    return None


def main(argv=None):
    ap = _parser()
    args, extra = ap.parse_known_args(argv)
    sub = _subparser(ap, args.command)
    if extra:  # said by the command's own parser, with its own usage
        sub.error("unrecognized arguments: %s" % " ".join(
            w if len(w) <= 40 else w[:40] + "..." for w in extra))
    problem = _check(args)
    if problem:
        sub.error(problem)
    if args.board is None:
        args.board = "pico_lcd_114"
    if args.seed is None and args.command in ("selfplay", "tournament"):
        args.seed = 1
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
    elif args.command == "review":
        from sim import review as mod
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
