"""The link between two handhelds (engine/link/): frames on the wire, and messages delivered
once and in order through a cable that loses, repeats, garbles and delays bytes, is pulled
out and put back, and one side's power cut (sim/wire.py)."""
import random

import pytest

from engine.link.channel import Channel, MESSAGE, LOST_MS
from engine.link.frames import Reader, crc16, frame, MOST
from sim.wire import Wire

FRAME_MS = 33


def test_the_crc_is_crc16_ccitt():
    assert crc16(b"123456789", 0, 9) == 0x29B1  # (the standard check value)


def frames_of(data, chunks=1):
    r = Reader()
    got = []
    step = max(1, len(data) // chunks)
    for i in range(0, len(data), step):
        r.feed(data[i:i + step])
        while True:
            f = r.take()
            if f is None:
                break
            got.append(f)
    return got, r


@pytest.mark.parametrize("chunks", [1, 3, 1000])
def test_frames_read_back_whole_however_the_bytes_come(chunks):
    sent = [(0, 16, b""), (1, 17, b"\xa5\xa5"), (255, 200, bytes(range(MOST)))]
    data = b"".join(frame(*f) for f in sent)
    assert frames_of(data, chunks)[0] == sent


def test_noise_between_frames_is_skipped_and_counted():
    rng = random.Random(5)
    noise = bytes(rng.randrange(256) for _ in range(300)) + b"\xa5\x05\xfa"  # (a false head)
    data = noise + frame(7, 20, b"move") + noise[:40] + frame(8, 21, b"next")
    got, r = frames_of(data, 17)
    assert got == [(7, 20, b"move"), (8, 21, b"next")] and r.skipped >= 300


def test_every_single_flipped_bit_is_caught():
    good = frame(3, 30, b"a turn's action")
    for i in range(1, len(good)):  # (the start byte's flip only makes it noise)
        for bit in range(8):
            bad = bytearray(good)
            bad[i] ^= 1 << bit
            assert frames_of(bytes(bad))[0] == [], (i, bit)


def test_a_frame_cut_short_leaves_the_next_one_whole():
    cut = frame(1, 16, b"lost half")[:7]
    assert frames_of(cut + frame(2, 16, b"whole"), 4)[0] == [(2, 16, b"whole")]


class Pair:
    """Two channels over a wire, run frame by frame."""

    def __init__(self, wire, nonces=(0x1234, 0xBEEF)):
        self.wire = wire
        self.a = Channel(wire.ends[0], nonces[0])
        self.b = Channel(wire.ends[1], nonces[1])
        self.got = ([], [])

    def run(self, ms):
        for _ in range(ms // FRAME_MS):
            self.wire.now += FRAME_MS
            for i, ch in enumerate((self.a, self.b)):
                ch.poll(self.wire.now)
                while True:
                    m = ch.receive()
                    if m is None:
                        break
                    self.got[i].append(m)


def test_two_sides_link_and_trade_messages():
    p = Pair(Wire())
    p.run(500)
    assert p.a.linked and p.b.linked and p.a.links == p.b.links == 1
    p.a.send(MESSAGE, b"hello")
    p.b.send(MESSAGE + 1, b"there")
    p.run(300)
    assert p.got == ([(MESSAGE + 1, b"there")], [(MESSAGE, b"hello")])
    assert p.a.idle() and p.b.idle()


@pytest.mark.parametrize("seed", range(6))
def test_messages_come_once_and_in_order_through_a_bad_cable(seed):
    wire = Wire(seed, lose=8, repeat=8, garble=8, delay_ms=80)
    p = Pair(wire)
    sent = ([], [])
    rng = random.Random(seed)
    for n in range(120):
        side = rng.randrange(2)
        m = (MESSAGE + rng.randrange(8), bytes(rng.randrange(256) for _ in range(rng.randrange(20))))
        (p.a, p.b)[side].send(*m)
        sent[side].append(m)
        p.run(rng.randrange(4) * FRAME_MS)
    for _ in range(200):
        if p.a.idle() and p.b.idle():
            break
        p.run(FRAME_MS * 10)
    assert p.got == (sent[1], sent[0])


def test_a_pulled_cable_is_lost_then_the_messages_go_on():
    wire = Wire(2)
    p = Pair(wire)
    p.run(500)
    wire.plugged = False
    p.a.send(MESSAGE, b"while unplugged")
    p.run(LOST_MS + 100)
    assert p.a.lost(wire.now) and p.b.lost(wire.now) and p.got == ([], [])
    wire.plugged = True
    p.run(600)
    assert not p.a.lost(wire.now) and p.got == ([], [(MESSAGE, b"while unplugged")])
    assert p.a.links == p.b.links == 1  # (the same link: nothing to compare)


def test_a_side_that_restarts_links_again_and_says_so():
    wire = Wire(3)
    p = Pair(wire)
    p.run(500)
    p.a.send(MESSAGE, b"before")
    p.b.send(MESSAGE, b"b before")
    p.run(300)
    p.b = Channel(wire.ends[1], 0x4321)  # (b's power cut: a new nonce, nothing kept)
    p.a.send(MESSAGE, b"after")
    p.b.send(MESSAGE, b"b after")
    p.run(1000)
    assert p.a.links == 2 and p.b.links == 1 and p.a.linked and p.b.linked
    assert p.got == ([(MESSAGE, b"b before"), (MESSAGE, b"b after")],
                     [(MESSAGE, b"before"), (MESSAGE, b"after")])
