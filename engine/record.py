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
# Saved games on the device use this format, so a replay must refuse anything malformed or
# illegal with the line number and the reason.
from engine import cards
from engine.game import IllegalMove
from engine.match import Match, PLAY, CLAIM, PASS, END, ROUND

MAGIC = "schotten-totten 1"
_KEYS = ("seed", "variant", "expert", "rounds", "starts")
_WORDS = ("play", "claim", "pass", "end")


class RecordError(ValueError):
    pass


def text(m):
    """The record of match m so far."""
    lines = [MAGIC, "seed %d" % m.seed, "variant " + m.variant,
             "expert " + ("yes" if m.expert else "no"), "rounds %d" % m.rounds,
             "starts %d" % (m.first + 1)]
    log = m.log
    rnd = 1
    for i in range(0, len(log), 3):
        kind = log[i] >> 1
        p = str((log[i] & 1) + 1)
        if kind == PLAY:
            lines.append("%s play %s %d" % (p, cards.name(log[i + 1]), log[i + 2] + 1))
        elif kind == CLAIM:
            lines.append("%s claim %d" % (p, log[i + 1] + 1))
        elif kind == ROUND:
            rnd += 1
            lines.append("round %d" % rnd)
        else:
            lines.append(p + (" pass" if kind == PASS else " end"))
    return "\n".join(lines) + "\n"


def replay(record):
    """The match a record describes, replayed move by move. Raises RecordError."""
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
        raise ValueError("expected '<player 1 or 2> play|claim|pass|end ...' or 'round N'")
    p = int(words[0]) - 1
    args = words[2:]
    verb = words[1]
    if verb == "play":
        if len(args) != 2:
            raise ValueError("expected 'play <card> <stone>', like 'play R5 3'")
        c = cards.parse(args[0])
        if c is None:
            raise ValueError("unknown card %r" % args[0])
        m.play(p, c, _stone(args[1]))
    elif verb == "claim":
        if len(args) != 1:
            raise ValueError("expected 'claim <stone>'")
        m.claim(p, _stone(args[0]))
    elif args:
        raise ValueError("'%s' takes nothing after it" % verb)
    elif verb == "pass":
        m.pass_turn(p)
    else:
        m.end_turn(p)


def _stone(word):
    if len(word) != 1 or not "1" <= word <= "9":
        raise ValueError("a stone is a number from 1 to 9, not %r" % word)
    return int(word) - 1
