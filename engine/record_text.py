# Writing a game record (the format is described in engine/record.py, which reads it back).
# Apart from the reader because the device writes one after every turn (its saved game): this
# small module is loaded for each save, the reader only to continue a game.
from engine import cards
from engine.steps import finish
from engine.match import PLAY, CLAIM, PASS, END, ROUND, ENTRY
from engine.match import RECRUIT, STRATEGIST, BANSHEE, TRAITOR

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
        p = str((log[i] & 1) + 1)
        a, b, c = log[i + 1], log[i + 2], log[i + 3]
        if kind == PLAY:
            lines.append("%s play %s %d" % (p, cards.name(a), b + 1))
        elif kind == CLAIM:
            lines.append("%s claim %d" % (p, a + 1))
        elif kind == ROUND:
            rnd += 1
            lines.append("round %d" % rnd)
        elif kind == PASS:
            lines.append(p + " pass")
        elif kind == END:
            lines.append(p + (" end " + DECKS[a] if m.tactics else " end"))
        elif kind == RECRUIT:
            back = " ".join(cards.name(x) for x in (b, c) if x)
            lines.append("%s recruit %d %d %s" % (p, a >> 2, a & 3, back))
        elif kind == STRATEGIST:
            lines.append("%s strategist %s %d %s" % (p, cards.name(b), a + 1,
                                                     str(c) if c else "discard"))
        elif kind == BANSHEE:
            lines.append("%s banshee %s %d" % (p, cards.name(b), a + 1))
        else:
            lines.append("%s traitor %s %d %d" % (p, cards.name(b), a + 1, c + 1))
    lines.append("")
    done.append("\n".join(lines))
    return done
