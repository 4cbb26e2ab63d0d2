# Writing a game record (the format is described in engine/core/record.py, which reads it back).
# Apart from the reader because the device writes one after every turn (its saved game): this
# small module is loaded for each save, the reader only to continue a game.
from engine.core.cards import NO_CARD
from engine.core.game import ROUND
from engine.core.match import ENTRY

MAGIC = "schotten-totten 1"
DECKS = ("clan", "tactic")


def text(m):
    """The record of match m so far."""
    return "".join(parts(m, len(m.log)))


def parts(m, end):
    """The record of match m's first `end` bytes of log (as they stood when a save began: the
    match may go on while it is written) as a generator of parts of 16 actions, each made as
    it is asked for: the device writes them to its flash one by one, never joined, nor all
    held at once (a long match's record is kilobytes of heap)."""
    # (one format: a string of under ten characters in the code is a name the device
    # interns for good, one long is not)
    lines = ["%s\nseed %d\nvariant %s\nexpert %s\nrounds %d\nstarts %d" % (
        MAGIC, m.seed, m.variant, "yes" if m.expert else "no", m.rounds, m.first + 1)]
    log = m.log
    named = m.game.card_name
    rnd = 1
    for i in range(0, end, ENTRY):
        if i and not i % (16 * ENTRY):
            lines.append("")
            yield "\n".join(lines)
            lines = []
        kind = log[i] >> 1
        if kind == ROUND:
            rnd += 1
            lines.append("round %d" % rnd)
        else:
            lines.append(line(m.declared.VERBS[kind], (log[i] & 1) + 1, log[i + 1], log[i + 2],
                              log[i + 3], named))
    lines.append("")
    yield "\n".join(lines)


def line(verb, p, a, b, c, named):
    """The line of player p's action of this verb (a game's VERBS: its word and fields), its
    bytes a, b, c; named: the game's card names (Game.card_name). (A word a field, in one
    format: a save writes a line an action, so this builds no list.)"""
    word, fields = verb
    n = len(fields)
    if not n:
        return "%d %s" % (p, word)
    if n == 1:  # (not "%d %s %s": a short string in the code is a name for good)
        return "%d %s" % (p, word) + " " + _word(fields[0], a, b, c, named)
    if n == 2:
        return "%d %s %s %s" % (p, word, _word(fields[0], a, b, c, named),
                                _word(fields[1], a, b, c, named))
    return "%d %s %s %s %s" % (p, word, _word(fields[0], a, b, c, named),
                               _word(fields[1], a, b, c, named), _word(fields[2], a, b, c, named))


def _word(f, a, b, c, named):
    """Field f's word of bytes a, b, c."""
    if f == "c":
        return named(a)
    if f == "C":
        return named(b)
    if f == "S":
        return str(b + 1)
    if f == "s":
        return str(a + 1)
    if f == "t" or f == "T":
        return str(c) if c else "discard"
    if f == "d":
        return DECKS[a]
    if f == "n":
        return "%d %s" % (a >> 2, a & 3)  # (the format above: one name fewer)
    # k: the cards put back (none: an empty word, as records have always had)
    return " ".join([named(x) for x in (b, c) if x != NO_CARD])
