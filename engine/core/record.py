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
# Writing a record is engine/core/record_text.py (small: the device loads it for each save, which
# comes after every turn); this module reads them.
from engine.core.game import IllegalMove, action
from engine.core.cards import NO_CARD
from engine.core.match import Match
from engine.core.record_text import MAGIC, DECKS, text  # noqa: F401 (text: also here)
from engine.core.parse import number, quoted
from engine.core.steps import finish

_KEYS = ("seed", "variant", "expert", "rounds", "starts")


class RecordError(ValueError):
    """A record refused: `line`, the number of its line; `why`, the reason."""

    def __init__(self, line, why):
        super().__init__("line %d: %s" % (line, why))
        self.line = line
        self.why = why


def replay(record, first=1):
    """The match a record describes, replayed move by move. Raises RecordError, naming the
    line as numbered from `first`, the number of the record's first line in its file (a
    saved game has lines before it)."""
    return finish(replay_steps(record, first))


def replay_steps(record, first=1):
    """replay() as a generator, a line a step (the device replays a save over frames)."""
    try:
        return (yield from _replay_steps(record))
    except RecordError as e:
        if first == 1:
            raise
        raise RecordError(e.line + first - 1, e.why)


def _replay_steps(record):
    lines = record.split("\n")
    if lines[0].strip() != MAGIC:
        raise RecordError(1, "not a game record (expected %r)" % MAGIC)
    header = {}
    no = 1
    while no < len(lines) and len(header) < len(_KEYS):
        line = lines[no].strip()
        no += 1
        if not line:
            continue
        words = line.split()
        if len(words) != 2 or words[0] not in _KEYS or words[0] in header:
            raise RecordError(no, "expected a header line (%s)" % ", ".join(_KEYS))
        header[words[0]] = words[1]
    if len(header) < len(_KEYS):
        raise RecordError(no, "the header is incomplete")
    m = _start(header, no)
    verbs = [v[0] if v else "" for v in m.declared.VERBS]  # by kind ("": ROUND, a line of its own)
    while no < len(lines):
        line = lines[no].strip()
        no += 1
        if line:
            try:
                _apply(m, verbs, line.split())
            except (IllegalMove, ValueError) as e:
                raise RecordError(no, str(e))
            yield
    return m


def _start(h, no):
    seed, rounds, starts = number(h["seed"]), number(h["rounds"]), number(h["starts"])
    if seed is None or rounds is None or starts is None:
        raise RecordError(no, "seed, rounds and starts must be numbers (digits 0-9)")
    if h["expert"] not in ("yes", "no"):
        raise RecordError(no, "expert must be yes or no")
    try:
        from engine.games import declared
        chosen = declared(h["variant"]).CHOSEN_FIRST and starts in (1, 2)  # (the players chose)
        m = Match(seed, h["variant"], h["expert"] == "yes", rounds,
                  starts - 1 if chosen else None)
    except ValueError as e:
        raise RecordError(no, str(e))
    if starts != m.first + 1:
        raise RecordError(no, "seed %d starts with player %d, not %d"
                          % (seed, m.first + 1, starts))
    return m


def _apply(m, verbs, words):
    """Make a record's line (its words) on match m; verbs: the match's, by kind."""
    if words[0] == "round":
        if len(words) != 2 or words[1] != str(m.round_no() + 1):
            raise ValueError("expected 'round %d'" % (m.round_no() + 1))
        m.next_round()
        return
    if words[0] not in ("1", "2") or len(words) < 2 or not words[1]:
        raise ValueError("expected '<player 1 or 2> %s ...' or 'round N'" % _listed(verbs))
    verb = words[1]
    args = words[2:]
    kind = verbs.index(verb) if verb in verbs else -1
    fields = m.declared.VERBS[kind][1] if kind >= 0 else None
    if fields is None or not _fits(fields, args):
        elsewhere = _variant_of(verb, args)
        if elsewhere:
            raise ValueError("%s belongs to the %s variant: this is a %s record" % (
                quoted(" ".join(words[1:3] if fields is not None else words[1:2])), elsewhere,
                m.variant))
        if fields is None:
            raise ValueError("expected '<player 1 or 2> %s ...' or 'round N'" % _listed(verbs))
        if not fields:
            raise ValueError("'%s' takes nothing after it" % verb)
        raise ValueError("expected '%s %s'" % (verb, " ".join(_SHAPES[f] for f in fields)))
    m.act(int(words[0]) - 1, _action(kind, fields, args, m.game.card_code))


def _listed(verbs):
    return "|".join(v for v in verbs if v)


_SHAPES = {"c": "<card>", "C": "<card>", "s": "<stone>", "S": "<stone>", "T": "<stone>",
           "t": "<stone or discard>", "d": "[clan|tactic]",
           "n": "<clan cards drawn> <tactic cards drawn>", "k": "<card back> <card back>"}


def _fits(fields, args):
    """Are there as many words as the fields take? (d takes 0 or 1, k 0 to 2, n 2.)"""
    least = len(fields) + fields.count("n") - fields.count("d") - fields.count("k")
    return least <= len(args) <= least + fields.count("d") + 2 * fields.count("k")


def _variant_of(verb, args):
    """The other game whose records have this verb with these words, if one does."""
    from engine.games import NAMES, declared
    for name in NAMES:
        for v in declared(name).VERBS:
            if v and v[0] == verb and _fits(v[1], args):
                return name
    return None


def _action(kind, fields, args, code):
    """The action of a record's line: its words read by the verb's fields; code: the game's
    card codes by name (Game.card_code)."""
    got = [0, 0, 0]  # bytes a, b, c
    i = 0
    for f in fields:
        if f in "cC":
            got[f == "C"] = _card(args[i], code)
        elif f in "sS":
            got[f == "S"] = _stone(args[i])
        elif f == "t" and args[i] == "discard":
            got[2] = 0
        elif f in "tT":
            got[2] = _stone(args[i]) + 1
        elif f == "d":
            if i < len(args) and args[i] not in DECKS:
                raise ValueError("expected 'end', 'end clan' or 'end tactic'")
            got[0] = DECKS.index(args[i]) if i < len(args) else 0
        elif f == "n":
            clans, tactics = number(args[i], 3), number(args[i + 1], 3)
            if clans is None or tactics is None:
                raise ValueError("expected '%s' with the cards drawn from each deck, 0 to 3"
                                 % _SHAPES[f])
            got[0] = clans * 4 + tactics
            i += 1
        else:
            back = [_card(w, code) for w in args[i:]] + [NO_CARD, NO_CARD]
            got[1], got[2] = back[0], back[1]
        i += 1
    return action(kind, got[0], got[1], got[2])


def _card(word, code):
    """A card named in a record: a clan card (R5) or a game's own (JK, SPY, ...)."""
    c = code(word)
    if c is None:
        raise ValueError("unknown card %s" % quoted(word))
    return c


def _stone(word):
    if len(word) != 1 or not "1" <= word <= "9":
        raise ValueError("a stone is a number from 1 to 9, not %s" % quoted(word))
    return int(word) - 1
