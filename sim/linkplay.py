"""Linked matches in one process: two handhelds' links (engine/link/linked.py) over a seeded
faulty wire (sim/wire.py), a computer player on each, the cable pulled and a side's power cut
at chosen steps of a turn; and the same match played on one device, to compare with."""
from engine.core.game import OVER
from engine.core.match import Match
from engine.core.players import take_turn
from engine.link.channel import Channel
from engine.link.linked import Linked, READY, apply_entry
from engine.core.match import ENTRY
from sim import players
from sim.wire import Wire

FRAME_MS = 33
BUILD = b"test"
# the steps of a turn a power cut may come at: its move made but not saved; saved, but not
# sent; sent (its message on the wire), not yet acknowledged
STEPS = ("moved", "saved", "sent")


def player(name, seed, variant, log_n):
    """A player afresh for each turn, its own choices seeded by where the match stands: so a
    side whose power was cut plays the same moves again, as the computer does."""
    return players.make(name, (seed ^ log_n * 7919) & 0x3FFFFFFF, variant)


def make(seed, variant, expert, rounds, first):
    return Match(seed, variant, expert, rounds, first)


def one_device(seed, names, variant="classic", expert=False, rounds=1, first=None):
    """The same match played on one device: its log."""
    m = Match(seed, variant, expert, rounds, first)
    while True:
        take_turn(m, player(names[m.game.player], seed, variant, len(m.log) // ENTRY))
        if m.game.phase == OVER:
            if m.over():
                return bytes(m.log)
            m.next_round()


def restored(seed, variant, expert, rounds, first, log):
    """A match made again from a saved log (as Continue does from the saved record)."""
    m = Match(seed, variant, expert, rounds, first)
    for i in range(0, len(log), ENTRY):
        apply_entry(m, log, i)
    return m


class Side:
    """One handheld: its link, and its match as last saved (after every turn)."""

    def __init__(self, end, host, name, nonce, match=None):
        self.end = end
        self.host = host
        self.name = name
        self.link = Linked(Channel(end, nonce), host, BUILD, match, make)
        self.saved = None  # (the match's setup, its log) as saved
        self.save()
        self.wait = 0  # frames before its player goes on from a round's end

    def save(self):
        m = self.link.match
        if m:
            self.saved = ((m.seed, m.variant, m.expert, m.rounds, m.chosen_first()),
                          bytes(m.log))

    def power_cut(self, nonce):
        """Off and on again: the link afresh, the match as last saved (none if never)."""
        m = restored(*self.saved[0], self.saved[1]) if self.saved else None
        self.link = Linked(Channel(self.end, nonce), self.host, BUILD, m, make)

    def turn_due(self):
        link = self.link
        m = link.match
        return (link.state == READY and m is not None and m.game.phase != OVER
                and m.game.player == link.me())


class Run:
    """A linked match, frame by frame (`cuts`: {turn number: (side, step)} power cuts;
    `pulls`: {turn number: ms} the cable out for that long after that turn)."""

    def __init__(self, seed, names, variant="classic", expert=False, rounds=1, first=None,
                 wire=None, cuts=None, pulls=None, waits=(0, 3)):
        self.seed = seed
        self.variant = variant
        self.wire = wire or Wire(seed)
        self.names = names
        self.host_match = Match(seed, variant, expert, rounds, first)
        self.sides = [Side(self.wire.ends[0], True, names[0], 0x1000 + seed % 999,
                           self.host_match),
                      Side(self.wire.ends[1], False, names[1], 0x2000 + seed % 997)]
        self.cuts = cuts or {}
        self.pulls = pulls or {}
        self.waits = waits
        self.turns = 0
        self.nonces = 0x3000
        self.plug_at = 0

    def frame(self):
        w = self.wire
        w.now += FRAME_MS
        if not w.plugged and w.now >= self.plug_at:
            w.plugged = True
        for i, side in enumerate(self.sides):
            link = side.link
            before = len(link.match.log) if link.match else -1
            link.poll(w.now)
            m = link.match
            if m and len(m.log) != before:  # (the other's turn came: saved, as the device does)
                side.save()
            if m is None or link.state != READY:
                continue
            if m.game.phase == OVER and not m.over():
                if side.wait < self.waits[i]:
                    side.wait += 1
                else:
                    side.wait = 0
                    link.next_round()
                    side.save()
            elif side.turn_due():
                self._turn(i, side)

    def _turn(self, i, side):
        m = side.link.match
        take_turn(m, player(side.name, self.seed, self.variant, len(m.log) // ENTRY))
        self.turns += 1
        cut = self.cuts.get(self.turns)
        if cut and cut[0] == i and cut[1] == "moved":
            return self._cut(side)
        side.save()
        if cut and cut[0] == i and cut[1] == "saved":
            return self._cut(side)
        side.link.poll(self.wire.now)  # (its entries go)
        if cut and cut[0] == i and cut[1] == "sent":
            return self._cut(side)
        ms = self.pulls.get(self.turns)
        if ms:
            self.wire.plugged = False
            self.plug_at = self.wire.now + ms

    def _cut(self, side):
        self.nonces += 1
        side.power_cut(self.nonces)

    def done(self):
        ms = [s.link.match for s in self.sides]
        return all(m is not None and m.over() for m in ms) and ms[0].log == ms[1].log

    def play(self, most_frames=200000):
        """Frames until both sides hold the whole match; their logs."""
        for _ in range(most_frames):
            self.frame()
            if self.done():
                break
        return [bytes(s.link.match.log) if s.link.match else b"" for s in self.sides]
