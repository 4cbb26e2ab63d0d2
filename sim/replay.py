"""`python -m sim replay FILE`: check a game record (or a saved game) and print where it ends."""
import sys

from engine.core import record
from engine.core.game import OVER, DRAW, STONES


def position(m):
    """The match's current position as text."""
    g = m.game
    out = ["round %d of %d, points %d-%d" % (m.round_no(), m.rounds, m.points[0], m.points[1])]
    if g.phase == OVER:
        out.append("round over: " + ("a draw" if g.winner == DRAW else "player %d wins" % (g.winner + 1)))
    else:
        out.append("player %d to move, deck %d" % (g.player + 1, g.deck_left()))
    if m.declared.TACTIC_CARDS:
        from engine.tactical import tactics as T
        modes = ["%d: %s" % (s + 1, " ".join(row[0] for row in T.CARDS
                                            if row[1] == T.MODE and g.modes[s] & row[2]))
                 for s in range(STONES) if g.modes[s]]
        out.append("tactic deck %d, discard: %s, combat modes: %s" % (
            g.tdeck_left(), _names(g, g.discard) or "-", ", ".join(modes) or "-"))
    out += _PLACES.get(m.variant, _stones)(g)
    for p in (0, 1):
        out.append("hand %d: %s" % (p + 1, _names(g, g.hand(p))))
    if m.over():
        w = m.winner()
        out.append("match over: " + ("a draw" if w == DRAW else "player %d wins" % (w + 1)))
    return "\n".join(out)


def _names(g, cards):
    return " ".join([g.card_name(c) for c in cards])


def _stones(g):
    """The stones' lines: each one's sides and who holds it."""
    out = ["stone  player 1    player 2    held by"]
    for s in range(STONES):
        held = "player %d" % g.owner[s] if g.owner[s] else "-"
        out.append("%5d  %-10s  %-10s  %s" % (s + 1, _names(g, g.side(s, 0)), _names(g, g.side(s, 1)),
                                              held))
    return out


def _wall(g):
    """The siege's lines: the roles, the cauldrons, the discard, each section."""
    out = ["attacker player %d, cauldrons %d, discard: %s" % (
        g.attacker + 1, g.cauldrons, _names(g, g.discard) or "-"),
        "section   player 1       player 2       side"]
    for s in range(g.places):
        out.append("%7d  %-13s  %-13s  %s" % (s + 1, _names(g, g.side(s, 0)), _names(g, g.side(s, 1)),
                                              "damaged" if g.damaged[s] else "intact"))
    return out


_PLACES = {"siege": _wall}  # the games whose places are not stones: their lines


def record_of(text):
    """The game record in `text` and the number of its first line in the file: a record as
    it is (1), or the device's saved game (game.sav: a seal line, `schotten-save 1`,
    `opponent LEVEL`, then the record, from line 4). Raises RecordError."""
    from engine.ui.files_read import unseal
    first = 1
    if text.startswith("ST"):
        body = unseal(text)
        if body is None:
            raise record.RecordError(1, "a saved game whose seal does not match (damaged)")
        text, first = body, 2
    if text.startswith("schotten-save "):
        lines = text.split("\n", 2)
        if lines[0] != "schotten-save 1" or len(lines) < 3 or not lines[1].startswith("opponent "):
            raise record.RecordError(first, "not a saved game of this version")
        text, first = lines[2], first + 2
    return text, first


MAX_BYTES = 1 << 20  # a record of five rounds is some 20 KB; a file of more is none


def read(command, path):
    """The record (or saved game) in file `path`: (0, its match, its body, the number of its
    first line), or, having said on stderr why not in one line, (2, ...) for a file that
    cannot be read and (1, ...) for one that is not a record."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        print("%s: cannot read %s: %s" % (command, path, e.strerror), file=sys.stderr)
        return 2, None, None, 0
    try:
        if len(data) > MAX_BYTES:
            raise record.RecordError(1, "not a game record (more than %d bytes)" % MAX_BYTES)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise record.RecordError(1, "not a game record (not UTF-8 text)")
        body, first = record_of(text)
        return 0, record.replay(body, first), body, first
    except record.RecordError as e:
        print("%s: %s: %s" % (command, path, e), file=sys.stderr)
        return 1, None, None, 0


def main(args):
    status, m, _, _ = read("replay", args.file)
    if status:
        return status
    print(position(m))
    return 0
