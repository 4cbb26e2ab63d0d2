"""`python -m sim analyze`: the claim checker on JSON lines (stdin to stdout)."""
import json
import sys

from engine.core import cards

from engine.tactical import tactics
from engine.core.verdict import analyze

_ELITE = ("JK", "SPY", "SHB")  # tactic cards that stand on a side
_MODES = {"blind": tactics.MODE_BLIND, "mud": tactics.MODE_MUD}


class InputError(Exception):
    pass


def parse_cards(value, field, jokers):
    """Card codes from names; elite troops only on the sides (not in "seen"). jokers: how
    many Jokers were named so far (the second one gets the second Joker's code)."""
    if not isinstance(value, list):
        raise InputError("%s must be a list of cards" % field)
    out = []
    for text in value:
        c = cards.parse(text) if isinstance(text, str) else None
        if c is not None and not cards.all_cards()[c & 15] >> (c >> 4) & 1:
            c = None  # (a card of another game's deck, like R0 or B11)
        if c is None and isinstance(text, str) and tactics.parse(text) is not None:
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
    unknown = set(req) - {"mine", "theirs", "seen", "modes", "first"}
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
    every = mine + theirs + seen
    for c in every:
        if every.count(c) > 1:
            raise InputError("card %s appears twice" % cards.name(c))
    first = req.get("first")
    if len(mine) == n and len(theirs) == n and first is None:
        raise InputError("both sides are complete: say which was completed first (\"first\")")
    if not (first is None or isinstance(first, str) and first in ("mine", "theirs")):
        raise InputError("first must be \"mine\" or \"theirs\"")
    return mine, theirs, seen, first != "theirs", mode, n


def answer(line):
    """The JSON answer to one request line, and whether it was valid."""
    try:
        mine, theirs, seen, mine_first, modes, n = parse_request(line)
    except InputError as e:
        return {"error": str(e)}, False
    ok, counter, why = analyze(mine, theirs, seen, n, cards.all_cards(), mine_first, modes)
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
