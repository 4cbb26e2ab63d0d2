# Writing a game record (the format is described in engine/record.py, which reads it back).
# Apart from the reader because the device writes one after every turn (its saved game): this
# small module is loaded for each save, the reader only to continue a game.
from engine import cards
from engine.steps import finish
from engine.game import ROUND
from engine.match import ENTRY

MAGIC = "schotten-totten 1"
DECKS = ("clan", "tactic")


def text(m):
    """The record of match m so far."""
    return "".join(finish(parts_steps(m)))


def parts_steps(m):
    """The record as a generator, a step every 16 actions (a long match's record takes a
    tenth of a second to write out on the Pico), returning its text in parts of 16 actions:
    the device writes them to its flash one by one, never joined (each whole copy of a long
    record is kilobytes of heap)."""
    lines = [MAGIC, "seed %d" % m.seed, "variant " + m.variant,
             "expert " + ("yes" if m.expert else "no"), "rounds %d" % m.rounds,
             "starts %d" % (m.first + 1)]
    log = m.log
    rnd = 1
    done = []  # the parts so far (a part is one string: smaller than its lines)
    for i in range(0, len(log), ENTRY):
        if i and not i % (16 * ENTRY):
            lines.append("")
            done.append("\n".join(lines))
            lines = []
            yield
        kind = log[i] >> 1
        if kind == ROUND:
            rnd += 1
            lines.append("round %d" % rnd)
        else:
            verb, fields = m.verbs[kind]
            lines.append(" ".join([str((log[i] & 1) + 1), verb] +
                                  words(fields, log[i + 1], log[i + 2], log[i + 3])))
    lines.append("")
    done.append("\n".join(lines))
    return done


def words(fields, a, b, c):
    """The words of a logged action's bytes a, b, c, by its verb's fields (engine/variants.py)."""
    out = []
    for f in fields:
        if f == "c" or f == "C":
            out.append(cards.name(a if f == "c" else b))
        elif f == "s" or f == "S":
            out.append(str((a if f == "s" else b) + 1))
        elif f == "t" or f == "T":
            out.append(str(c) if c else "discard")
        elif f == "d":
            out.append(DECKS[a])
        elif f == "n":
            out.append("%d %d" % (a >> 2, a & 3))
        else:  # (k: the words of none are an empty word, as records have always had)
            out.append(" ".join(cards.name(x) for x in (b, c) if x != cards.NO_CARD))
    return out
