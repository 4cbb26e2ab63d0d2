# Game records: a header, then one line per action (RULES.md card and stone notation).
#
#   schotten-totten 1        format and version
#   seed 12345
#   variant classic
#   expert no
#   rounds 3
#   starts 2                 who starts round 1 (it follows from the seed; checked on replay)
#   2 play R5 3              player 2 plays R5 at stone 3
#   2 claim 3
#   2 end                    end of turn: the draw, when there is one, follows from the seed
#   1 pass
#   round 2                  the next round is dealt
#
# The tactical variant adds tactic cards to `play` (JK SPY SHB on a side, BMB MUD on the stone)
# and these lines:
#   1 end tactic             end of turn, drawing from the tactic deck (`end clan`: the clans')
#   1 recruit 2 1 JK R5      Recruiter: 2 clan cards and 1 tactic card drawn, JK and R5 put back
#   1 strategist B7 3 5      Strategist: own B7 from stone 3 to stone 5 (or `discard`)
#   1 banshee O5 4           Banshee: the opponent's O5 at stone 4 discarded
#   1 traitor P9 2 6         Traitor: the opponent's P9 at stone 2 to own side of stone 6
#
# Saved games on the device use this format, so a replay must refuse anything malformed or
# illegal with the line number and the reason.
#
# Writing a record is engine/record_text.py (small: the device loads it for each save, which
# comes after every turn); this module reads them.
from engine import cards
from engine.game import IllegalMove
from engine.match import Match
from engine.record_text import MAGIC, DECKS, text  # noqa: F401 (text: also here)
from engine.steps import finish

_KEYS = ("seed", "variant", "expert", "rounds", "starts")
_TACTICAL = ("recruit", "strategist", "banshee", "traitor")  # (and `end clan|tactic`)
_WORDS = ("play", "claim", "pass", "end") + _TACTICAL


class RecordError(ValueError):
    pass


def replay(record):
    """The match a record describes, replayed move by move. Raises RecordError."""
    return finish(replay_steps(record))


def replay_steps(record):
    """replay() as a generator, a line a step (the device replays a save over frames)."""
    lines = record.split("\n")
    if lines[0].strip() != MAGIC:
        raise RecordError("line 1: not a game record (expected %r)" % MAGIC)
    header = {}
    no = 1
    while no < len(lines) and len(header) < len(_KEYS):
        line = lines[no].strip()
        no += 1
        if not line:
            continue
        words = line.split()
        if len(words) != 2 or words[0] not in _KEYS or words[0] in header:
            raise RecordError("line %d: expected a header line (%s)" % (no, ", ".join(_KEYS)))
        header[words[0]] = words[1]
    if len(header) < len(_KEYS):
        raise RecordError("line %d: the header is incomplete" % no)
    m = _start(header, no)
    while no < len(lines):
        line = lines[no].strip()
        no += 1
        if line:
            try:
                _apply(m, line.split())
            except (IllegalMove, ValueError) as e:
                raise RecordError("line %d: %s" % (no, e))
            yield
    return m


def _start(h, no):
    try:
        seed = int(h["seed"])
        rounds = int(h["rounds"])
        starts = int(h["starts"])
    except ValueError:
        raise RecordError("line %d: seed, rounds and starts must be numbers" % no)
    if h["expert"] not in ("yes", "no"):
        raise RecordError("line %d: expert must be yes or no" % no)
    try:
        m = Match(seed, h["variant"], h["expert"] == "yes", rounds)
    except ValueError as e:
        raise RecordError("line %d: %s" % (no, e))
    if starts != m.first + 1:
        raise RecordError("line %d: seed %d starts with player %d, not %d"
                          % (no, seed, m.first + 1, starts))
    return m


def _apply(m, words):
    if words[0] == "round":
        if len(words) != 2 or words[1] != str(m.round_no() + 1):
            raise ValueError("expected 'round %d'" % (m.round_no() + 1))
        m.next_round()
        return
    if words[0] not in ("1", "2") or len(words) < 2 or words[1] not in _WORDS:
        raise ValueError("expected '<player 1 or 2> %s ...' or 'round N'" % "|".join(_WORDS))
    p = int(words[0]) - 1
    args = words[2:]
    verb = words[1]
    if not m.tactics and (verb in _TACTICAL or verb == "end" and args):
        raise ValueError("'%s' belongs to the tactical variant: this is a %s record"
                         % (" ".join(words[1:3] if verb == "end" else words[1:2]), m.variant))
    if verb == "play":
        _need(args, 2, "play <card> <stone>', like 'play R5 3")
        m.play(p, _joker(_card(args[0]), m.game.hand(p)), _stone(args[1]))
    elif verb == "claim":
        _need(args, 1, "claim <stone>")
        m.claim(p, _stone(args[0]))
    elif verb == "pass":
        if args:
            raise ValueError("'pass' takes nothing after it")
        m.pass_turn(p)
    elif verb == "end":
        if len(args) > 1 or (args and args[0] not in DECKS):
            raise ValueError("expected 'end', 'end clan' or 'end tactic'")
        m.end_turn(p, DECKS.index(args[0]) if args else 0)
    elif verb == "recruit":
        if not 2 <= len(args) <= 4 or not (args[0].isdigit() and args[1].isdigit()):
            raise ValueError("expected 'recruit <clan cards drawn> <tactic cards drawn> "
                             "<card back> <card back>'")
        g = m.game
        clan, tactic = int(args[0]), int(args[1])
        pool = bytes(g.recruited_hand(p, clan, tactic))
        m.recruit(p, clan, tactic, [_joker(_card(w), pool) for w in args[2:]])
    elif verb == "strategist":
        _need(args, 3, "strategist <card> <stone> <stone or discard>")
        to = -1 if args[2] == "discard" else _stone(args[2])
        s = _stone(args[1])
        m.strategist(p, s, _joker(_card(args[0]), m.game.side(s, p)), to)
    elif verb == "banshee":
        _need(args, 2, "banshee <card> <stone>")
        s = _stone(args[1])
        m.banshee(p, s, _joker(_card(args[0]), m.game.side(s, 1 - p)))
    else:
        _need(args, 3, "traitor <card> <stone> <stone>")
        m.traitor(p, _stone(args[1]), _card(args[0]), _stone(args[2]))


def _need(args, n, shape):
    if len(args) != n:
        raise ValueError("expected '%s'" % shape)


def _joker(c, pool):
    """Both Jokers are named JK: the one in `pool` (bytes) is meant."""
    if c == 0x60 and pool.find(bytes((c,))) < 0:  # tactics.JOKER, and 0x61 the other
        return c + 1
    return c


def _card(word):
    """A card named in a record: a clan card (R5) or a tactic card (JK, SPY, ...)."""
    c = cards.parse(word)
    if c is None:
        from engine.tactics import parse  # loaded only when a record names tactic cards
        c = parse(word)
    if c is None:
        raise ValueError("unknown card %r" % word)
    return c


def _stone(word):
    if len(word) != 1 or not "1" <= word <= "9":
        raise ValueError("a stone is a number from 1 to 9, not %r" % word)
    return int(word) - 1
