# The link (docs/LINK.md) on MicroPython as on CPython: frames read back, and a linked match
# played to its end by two computers through a cable that loses and garbles bytes, one side's
# power cut on the way; both records equal the one-device match's.
from engine.core.game import OVER
from engine.core.match import Match, ENTRY
from engine.core.players import take_turn, RandomPlayer
from engine.core.rng import Rng
from engine.link.channel import Channel
from engine.link.frames import Reader, crc16, frame
from engine.link.linked import Linked, READY, apply_entry


def test_the_crc_and_a_frame_read_back():
    assert crc16(b"123456789", 0, 9) == 0x29B1
    r = Reader()
    r.feed(b"\x00\xa5\x07" + frame(9, 20, b"turn") + b"\xff")
    assert r.take() == (9, 20, b"turn") and r.take() is None


class _End:
    """One end of a cable that loses and garbles a byte in 64 (seeded)."""

    def __init__(self, rng):
        self.rng = rng
        self.queue = bytearray()
        self.other = None

    def write(self, data):
        for c in data:
            r = self.rng.below(64)
            if r == 0:
                continue
            self.other.queue.append(c ^ 0x10 if r == 1 else c)

    def read(self):
        if not self.queue:
            return None
        got = bytes(self.queue)
        self.queue = bytearray()
        return got


def _make(seed, variant, expert, rounds, first):
    return Match(seed, variant, expert, rounds, first)


def _player(m):
    return RandomPlayer(len(m.log) * 31 + 7)  # (its moves a function of the match alone)


def _one_device(seed):
    m = Match(seed, "classic", False, 3)
    while not m.over():
        take_turn(m, _player(m))
        if m.game.phase == OVER and not m.over():
            m.next_round()
    return bytes(m.log)


def _restored(m, n):
    back = Match(m.seed, "classic", False, 3)
    for i in range(0, n, ENTRY):
        apply_entry(back, m.log, i)
    return back


def test_a_linked_match_through_a_bad_cable_and_a_power_cut():
    rng = Rng(3)
    a, b = _End(rng), _End(rng)
    a.other, b.other = b, a
    sides = [Linked(Channel(a, 0x101), True, b"test", Match(4, "classic", False, 3), _make),
             Linked(Channel(b, 0x202), False, b"test", None, _make)]
    now = 0
    turns = 0
    cut = False
    for _ in range(60000):
        now += 33
        for i in (0, 1):
            s = sides[i]
            s.poll(now)
            m = s.match
            if m is None or s.state != READY:
                continue
            g = m.game
            if g.phase == OVER and not m.over():
                s.next_round()
            elif g.phase != OVER and g.player == s.me():
                take_turn(m, _player(m))
                turns += 1
                if turns >= 7 and i == 1 and not cut:  # the joiner's power cut: its last
                    cut = True  # turn unsaved
                    sides[1] = Linked(Channel(b, 0x303), False, b"test",
                                      _restored(m, len(m.log) - 2 * ENTRY), _make)
        ms = [s.match for s in sides]
        if ms[1] and ms[0].over() and ms[1].over() and ms[0].log == ms[1].log:
            break
    want = _one_device(4)
    assert cut
    assert bytes(sides[0].match.log) == want and bytes(sides[1].match.log) == want
