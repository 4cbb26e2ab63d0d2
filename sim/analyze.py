"""`python -m sim analyze`: the claim checker on JSON lines (stdin to stdout).

A line of the base and tactical games: {"mine": [...], "theirs": [...], "seen": [...],
"modes": [...], "first": "mine"}; of the siege, the attacker's control of a section:
{"variant": "siege", "section": 2, "damaged": false, "attacker": [...], "defender": [...],
"seen": [...], "first": "attacker"}. The answer: {"claimable": ..., "counter": [...], "why": ...}.
"""
import json
import re
import sys

from engine.core import cards
from engine.core.parse import number, TOP

from engine.tactical import tactics
from engine.tactical.judge import Judge
from engine.siege import round as siege
from engine.core.verdict import analyze

_ELITE = ("JK", "SPY", "SHB")  # tactic cards that stand on a side
_MODES = {"blind": tactics.MODE_BLIND, "mud": tactics.MODE_MUD}
# Bounds on a request, far above any real one (an object of lists of card names, under 1 KB):
# a line of megabytes is passed over unread, one nested a thousand deep unparsed.
MAX_LINE = 1 << 16  # bytes
MAX_DEPTH = 8  # brackets and braces within each other
_QUOTED = 40  # characters of a refused value quoted in an error
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


class InputError(Exception):
    pass


def parse_cards(value, field, jokers, deck=None):
    """Card codes from names; elite troops only on the sides (not in "seen"). jokers: how
    many Jokers were named so far (the second one gets the second Joker's code); None in a
    game without tactic cards (the siege). deck: the
    game's cards as colour masks per value (default the base game's)."""
    if not isinstance(value, list):
        raise InputError("%s must be a list of cards" % field)
    deck = deck or cards.all_cards()
    out = []
    for text in value:
        c = cards.parse(text) if isinstance(text, str) else None
        if c is not None and not deck[c & 15] >> (c >> 4) & 1:
            c = None  # (a card of another game's deck, like R0 or B11)
        if c is None and isinstance(text, str) and jokers and tactics.parse(text) is not None:
            if text not in _ELITE or field == "seen":
                raise InputError("%s: %s is not a card of a side (combat modes go in "
                                 "\"modes\"; only JK, SPY and SHB stand on a side)" % (field, text))
            c = tactics.parse(text) + (jokers[0] if text == "JK" else 0)
            jokers[0] += text == "JK"
        if c is None:
            raise InputError("%s: unknown card %s" % (field, _shown(text)))
        out.append(c)
    return out


def _shown(value):
    """A refused value as JSON for an error, cut to a few dozen characters."""
    return _shown_text(json.dumps(value))


def _shown_text(text):
    """Text for an error, cut to a few dozen characters."""
    if len(text) <= _QUOTED:
        return text
    return "%s... (%d characters)" % (text[:_QUOTED], len(text))


def _whole(text):
    """A JSON integer, read as every number the game reads is (engine/core/parse.py)."""
    v = number(text[1:] if text[:1] == "-" else text)
    if v is None:
        raise InputError("the number %s is not one of -%d to %d" % (_shown_text(text), TOP, TOP))
    return -v if text[:1] == "-" else v


def _too_deep(line):
    """Do the brackets and braces of a JSON line (outside its strings) nest more than
    MAX_DEPTH deep? (Then it is not parsed: Python's parser, and the error quoting what it
    read, recurse once a level.)"""
    depth = 0
    for c in _STRING.sub("", line):
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif c in "]}":
            depth -= 1
    return False


def parse_request(line):
    if _too_deep(line):
        raise InputError("nested more than %d deep: a request is an object of lists of "
                         "card names" % MAX_DEPTH)
    try:
        req = json.loads(line, parse_int=_whole)
    except ValueError as e:
        raise InputError("not JSON: %s" % e)
    except RecursionError:
        raise InputError("not JSON this program reads: nested too deeply")
    if not isinstance(req, dict):
        raise InputError("expected a JSON object")
    if req.get("variant", "classic") not in ("classic", "tactical", "siege"):
        raise InputError("variant must be \"classic\", \"tactical\" or \"siege\"")
    if req.get("variant") == "siege":
        return parse_siege(req)
    unknown = set(req) - {"variant", "mine", "theirs", "seen", "modes", "first"}
    if unknown:
        raise InputError("unknown field %s" % _shown_text(sorted(unknown)[0]))
    jokers = [0]
    mine = parse_cards(req.get("mine", []), "mine", jokers)
    theirs = parse_cards(req.get("theirs", []), "theirs", jokers)
    seen = parse_cards(req.get("seen", []), "seen", jokers)
    modes = req.get("modes", [])
    if not isinstance(modes, list) or any(not isinstance(m, str) or m not in _MODES
                                          for m in modes):
        raise InputError("modes may hold only \"mud\" and \"blind\"")
    mode = 0
    for m in modes:
        mode |= _MODES[m]
    n = tactics.side_size(mode)
    for field, side in (("mine", mine), ("theirs", theirs)):
        if len(side) > n:
            raise InputError("%s holds %d cards; a side holds at most %d" % (field, len(side), n))
        if sum(1 for c in side if tactics.JOKER <= c <= tactics.JOKER + 1) > 1:
            raise InputError("%s holds two Jokers; a player may play only one" % field)
    _once(mine + theirs + seen)
    first = req.get("first")
    if len(mine) == n and len(theirs) == n and first is None:
        raise InputError("both sides are complete: say which was completed first (\"first\")")
    if not (first is None or isinstance(first, str) and first in ("mine", "theirs")):
        raise InputError("first must be \"mine\" or \"theirs\"")
    return mine, theirs, seen, first != "theirs", mode, n, cards.all_cards(), 0


def parse_siege(req):
    """A siege line: the attacker's control of a section."""
    unknown = set(req) - {"variant", "section", "damaged", "attacker", "defender", "seen",
                          "first"}
    if unknown:
        raise InputError("unknown field %s" % _shown_text(sorted(unknown)[0]))
    s = req.get("section")
    if isinstance(s, bool) or not isinstance(s, int) or not 1 <= s <= siege.SECTIONS:
        raise InputError("section must be a number from 1 to %d" % siege.SECTIONS)
    damaged = req.get("damaged", False)
    if not isinstance(damaged, bool):
        raise InputError("damaged must be true or false")
    n, rule = siege.section(s - 1, damaged)
    deck = bytearray(siege.SIEGE_CARDS)
    sides = [parse_cards(req.get(f, []), f, None, deck) for f in ("attacker", "defender")]
    seen = parse_cards(req.get("seen", []), "seen", None, deck)
    for field, side in zip(("attacker", "defender"), sides):
        if len(side) > n:
            raise InputError("%s holds %d cards; a side of this section holds %d" % (
                field, len(side), n))
    _once(sides[0] + sides[1] + seen)
    first = req.get("first")
    if len(sides[0]) == n == len(sides[1]) and first is None:
        raise InputError("both sides are complete: say which was completed first (\"first\")")
    if not (first is None or isinstance(first, str) and first in ("attacker", "defender")):
        raise InputError("first must be \"attacker\" or \"defender\"")
    return sides[0], sides[1], seen, first != "defender", 0, n, deck, rule


def _names(cards):
    return " ".join([tactics.name(c) for c in cards])


def _once(every):
    for c in every:
        if every.count(c) > 1:
            raise InputError("card %s appears twice" % tactics.name(c))


def answer(line):
    """The JSON answer to one request line, and whether it was valid."""
    try:
        mine, theirs, seen, mine_first, modes, n, deck, rule = parse_request(line)
    except InputError as e:
        return {"error": str(e)}, False
    # the tactical rules judge a stone with combat modes or elite troops on it
    judge = Judge(modes) if modes or max(mine + theirs, default=0) >= tactics.TACTIC \
        else None
    ok, counter, why = analyze(mine, theirs, seen, n, deck, mine_first, judge, _names, rule)
    names = None if counter is None else [cards.name(c) for c in counter]
    return {"claimable": ok, "counter": names, "why": why}, True


def _lines(f):
    """Each line of binary file f as text; for a line that is not UTF-8 or longer than
    MAX_LINE (read past a part at a time, never held whole), an InputError instead."""
    while True:
        line = f.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = f.readline(MAX_LINE)
            yield InputError("a line of more than %d bytes: not a request" % MAX_LINE)
            continue
        try:
            yield line.decode("utf-8")
        except UnicodeDecodeError as e:
            yield InputError("not UTF-8 text (byte %d)" % (e.start + 1))


def main(args):
    bad = False
    lines = _lines(sys.stdin.buffer) if hasattr(sys.stdin, "buffer") else sys.stdin
    for line in lines:
        if isinstance(line, InputError):
            out, ok = {"error": str(line)}, False
        elif not line.strip():
            continue
        else:
            out, ok = answer(line)
        bad = bad or not ok
        print(json.dumps(out), flush=True)
    return 2 if bad else 0
