"""`python -m sim analyze`: the claim checker on JSON lines (stdin to stdout).

A line of the base and tactical games: {"mine": [...], "theirs": [...], "seen": [...],
"modes": [...], "first": "mine"}; of the siege, the attacker's control of a section:
{"variant": "siege", "section": 2, "damaged": false, "attacker": [...], "defender": [...],
"seen": [...], "first": "attacker"}. The answer: {"claimable": ..., "counter": [...], "why": ...}.
"""
import json
import sys

from engine.core import cards

from engine.tactical import tactics
from engine.siege import round as siege
from engine.core.verdict import analyze

_ELITE = ("JK", "SPY", "SHB")  # tactic cards that stand on a side
_MODES = {"blind": tactics.MODE_BLIND, "mud": tactics.MODE_MUD}


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
            raise InputError("%s: unknown card %s" % (field, json.dumps(text)))
        out.append(c)
    return out


def parse_request(line):
    try:
        req = json.loads(line)
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
        raise InputError("unknown field %s" % sorted(unknown)[0])
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
        raise InputError("unknown field %s" % sorted(unknown)[0])
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


def _once(every):
    for c in every:
        if every.count(c) > 1:
            raise InputError("card %s appears twice" % cards.name(c))


def answer(line):
    """The JSON answer to one request line, and whether it was valid."""
    try:
        mine, theirs, seen, mine_first, modes, n, deck, rule = parse_request(line)
    except InputError as e:
        return {"error": str(e)}, False
    ok, counter, why = analyze(mine, theirs, seen, n, deck, mine_first, modes, cards.names, rule)
    names = None if counter is None else [cards.name(c) for c in counter]
    return {"claimable": ok, "counter": names, "why": why}, True


def main(args):
    bad = False
    for line in sys.stdin:
        if not line.strip():
            continue
        out, ok = answer(line)
        bad = bad or not ok
        print(json.dumps(out), flush=True)
    return 2 if bad else 0
