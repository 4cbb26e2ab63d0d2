"""`python -m sim analyze`: the claim checker on JSON lines (stdin to stdout)."""
import json
import sys

from engine import cards
from engine.proof import analyze

_TACTICS = ("JK", "SPY", "SHB", "BMB", "MUD", "REC", "STR", "BAN", "TRA")
_MODES = ("mud", "blind")
_SIDE = 3


class InputError(Exception):
    pass


def parse_cards(value, field):
    if not isinstance(value, list):
        raise InputError("%s must be a list of cards" % field)
    out = []
    for text in value:
        if text in _TACTICS:
            raise InputError("%s: tactic card %s arrives with the tactical variant" % (field, text))
        c = cards.parse(text) if isinstance(text, str) else None
        if c is None:
            raise InputError("%s: unknown card %s" % (field, json.dumps(text)))
        out.append(c)
    return out


def parse_request(line):
    try:
        req = json.loads(line)
    except ValueError as e:
        raise InputError("not JSON: %s" % e)
    if not isinstance(req, dict):
        raise InputError("expected a JSON object")
    unknown = set(req) - {"mine", "theirs", "seen", "modes", "first"}
    if unknown:
        raise InputError("unknown field %s" % sorted(unknown)[0])
    mine = parse_cards(req.get("mine", []), "mine")
    theirs = parse_cards(req.get("theirs", []), "theirs")
    seen = parse_cards(req.get("seen", []), "seen")
    for field, side in (("mine", mine), ("theirs", theirs)):
        if len(side) > _SIDE:
            raise InputError("%s holds %d cards; a side holds at most %d" % (field, len(side), _SIDE))
    every = mine + theirs + seen
    for c in every:
        if every.count(c) > 1:
            raise InputError("card %s appears twice" % cards.name(c))
    modes = req.get("modes", [])
    if not isinstance(modes, list) or any(m not in _MODES for m in modes):
        raise InputError("modes may hold only \"mud\" and \"blind\"")
    if modes:
        raise InputError("combat modes arrive with the tactical variant")
    first = req.get("first")
    if len(mine) == _SIDE and len(theirs) == _SIDE and first is None:
        raise InputError("both sides are complete: say which was completed first (\"first\")")
    if first not in (None, "mine", "theirs"):
        raise InputError("first must be \"mine\" or \"theirs\"")
    return mine, theirs, seen, first != "theirs"


def answer(line):
    """The JSON answer to one request line, and whether it was valid."""
    try:
        mine, theirs, seen, mine_first = parse_request(line)
    except InputError as e:
        return {"error": str(e)}, False
    ok, counter, why = analyze(mine, theirs, seen, _SIDE, cards.all_cards(), mine_first)
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
