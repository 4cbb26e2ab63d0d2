"""One match on two handhelds (engine/link/linked.py): played to the end by computers on both
sides through a cable that loses, repeats, garbles and delays bytes, pulled out and put back,
and either side's power cut at each step of a turn; both records must equal the same match
played on one device (sim/linkplay.py)."""
import random

import pytest

from engine.core.match import Match, ENTRY
from engine.link import linked as L
from engine.link.channel import Channel
from sim.linkplay import Run, Side, STEPS, BUILD, one_device, make
from sim.wire import Wire

GAMES = [("classic", False, 1, None), ("classic", True, 3, None), ("tactical", False, 3, None),
         ("tactical", True, 5, None), ("siege", False, 2, 0), ("siege", False, 1, 1)]
NAMES = ("random", "random")


def bad_wire(seed):
    return Wire(seed, lose=6, repeat=6, garble=6, delay_ms=70)


def both_equal(run, want):
    got = run.play(30000)
    assert got[0] == want, "the host's record differs from the one-device match"
    assert got[1] == want, "the joiner's record differs from the one-device match"


@pytest.mark.parametrize("variant,expert,rounds,first", GAMES)
def test_a_linked_match_of_each_game_is_the_one_device_match(variant, expert, rounds, first):
    for seed in (11, 12):
        want = one_device(seed, NAMES, variant, expert, rounds, first)
        both_equal(Run(seed, NAMES, variant, expert, rounds, first, wire=bad_wire(seed)), want)


@pytest.mark.parametrize("variant,expert,rounds,first", GAMES[::2])
@pytest.mark.parametrize("step", STEPS)
def test_a_power_cut_at_any_step_of_a_turn_loses_nothing_and_plays_nothing_twice(
        variant, expert, rounds, first, step):
    seed = 21
    want = one_device(seed, NAMES, variant, expert, rounds, first)
    for turn in (1, 2, 9, 30):
        for side in (0, 1):
            run = Run(seed, NAMES, variant, expert, rounds, first, wire=bad_wire(seed + turn),
                      cuts={turn: (side, step), turn + 4: (1 - side, step)})
            both_equal(run, want)


def test_the_cable_pulled_out_for_seconds_says_lost_and_the_match_goes_on():
    seed = 5
    want = one_device(seed, NAMES, "tactical", False, 3)
    run = Run(seed, NAMES, "tactical", False, 3, wire=bad_wire(seed), pulls={6: 4000, 40: 9000})
    lost = False
    for _ in range(30000):
        run.frame()
        lost = lost or all(s.link.lost(run.wire.now) for s in run.sides)
        if run.done():
            break
    assert lost, "a cable out for seconds was never said lost"
    assert [bytes(s.link.match.log) for s in run.sides] == [want, want]


def test_a_round_waits_at_its_end_for_each_sides_player():
    run = Run(3, NAMES, "classic", False, 3, waits=(0, 400))  # (the joiner dawdles 13 s)
    host, joiner = run.sides
    for _ in range(20000):
        run.frame()
        if host.link.match.round_no() == 2 and joiner.link.held:
            break
    m = joiner.link.match
    assert joiner.link.held, "the host's next round was not kept for the joiner"
    assert m.game.phase == L.OVER and m.round_no() == 1  # still looking at round 1's end
    frames = 0
    while joiner.link.match.game.phase == L.OVER and frames < 1000:
        run.frame()
        frames += 1
    assert frames > 300 and joiner.link.held is None  # (on when its player went on)
    assert joiner.link.match.round_no() == 2
    assert host.link.match.log.startswith(joiner.link.match.log)


def linked_pair(seed=1, builds=(BUILD, BUILD), hosts=(True, False)):
    wire = Wire(seed)
    sides = []
    for i in (0, 1):
        m = Match(seed, "classic", False, 1) if hosts[i] else None
        sides.append(L.Linked(Channel(wire.ends[i], 0x100 + i), hosts[i], builds[i], m, make))
    return wire, sides


def run_frames(wire, sides, n):
    for _ in range(n):
        wire.now += 33
        for s in sides:
            s.poll(wire.now)


def test_another_build_is_refused_on_both_sides():
    wire, sides = linked_pair(builds=(b"v001", b"v002"))
    run_frames(wire, sides, 60)
    assert [s.state for s in sides] == [L.OTHER_BUILD, L.OTHER_BUILD]
    assert sides[1].match is None  # (no match dealt from another build's words)


def test_another_protocol_version_is_refused():
    wire, (host, joiner) = linked_pair()
    run_frames(wire, (host, joiner), 30)
    assert host.state == L.READY
    who = bytearray(17)
    who[0] = L.VERSION + 1  # (a joiner of the same build name speaking the next version)
    who[1:5] = BUILD
    host.ch.inbox.append((L.WHO, bytes(who)))
    host.poll(wire.now)
    assert host.state == L.OTHER_BUILD


@pytest.mark.parametrize("hosts", [(True, True), (False, False)])
def test_two_hosts_or_two_joiners_are_told(hosts):
    wire, sides = linked_pair(hosts=hosts)
    run_frames(wire, sides, 60)
    assert [s.state for s in sides] == [L.SAME_ROLE, L.SAME_ROLE]


def test_a_joiner_holding_another_match_is_dealt_the_hosts():
    wire, sides = linked_pair()
    sides[1].match = Match(999, "siege", False, 1, 0)  # (a save of an older linked match)
    run_frames(wire, sides, 60)
    m = sides[1].match
    assert sides[1].state == L.READY and (m.seed, m.variant, len(m.log)) == (1, "classic", 0)


def corrupt(m):
    """A round gone astray without a word: the deck's next two cards swapped (as a bad build,
    or memory, might)."""
    g = m.game
    g.deck[g.top], g.deck[g.top + 1] = g.deck[g.top + 1], g.deck[g.top]


@pytest.mark.parametrize("variant,expert,rounds,first", GAMES[::2])
def test_a_round_gone_astray_is_found_at_once_and_mended_from_the_hosts_record(
        variant, expert, rounds, first):
    seed = 8
    want = one_device(seed, NAMES, variant, expert, rounds, first)
    run = Run(seed, NAMES, variant, expert, rounds, first, wire=bad_wire(seed))
    while run.turns < 6:
        run.frame()
    corrupt(run.sides[1].link.match)
    while run.turns < 8:  # (two turns: each side's move and its hash heard)
        run.frame()
    assert run.sides[1].link.mends == 1
    both_equal(run, want)


def test_the_host_finding_its_own_round_astray_makes_it_again_and_asks_once_more():
    """The host's round astray: the joiner's entries fail its hash; the host makes its round
    again from its log (which is the match's) and asks for them again: they fit now, and
    the joiner, whose record was right, has nothing to mend."""
    seed = 9
    want = one_device(seed, NAMES, "classic", False, 1)
    run = Run(seed, NAMES, "classic", False, 1, wire=bad_wire(seed))
    while run.turns < 5:
        run.frame()
    astray = run.sides[0].link.match
    corrupt(astray)  # (its round astray: its log is still the match's)
    while run.turns < 8:
        run.frame()
    assert run.sides[0].link.match is not astray
    assert run.sides[0].link.mends == 0 and run.sides[1].link.mends == 0
    both_equal(run, want)


def test_a_garbled_turn_that_passes_the_frames_check_is_asked_again_not_played():
    """A frame's CRC-16 lets one garbled frame in 65,536 through: the joiner's turn heard
    with a card changed (its hash as sent) is refused by the host's hash, let go, and asked
    for again; the turn the joiner played is the one both hold."""
    wire, (host, joiner) = linked_pair()
    run_frames(wire, (host, joiner), 30)
    m = host.match
    play_a_turn(m)
    run_frames(wire, (host, joiner), 30)
    j = joiner.match
    n = len(j.log) // ENTRY
    play_a_turn(j)
    sent = joiner.match.log[n * ENTRY:]
    h = L.round_hash(j)
    garbled = bytearray(sent)
    garbled[1] = j.game.hands[6 + 1]  # (another card of the joiner's hand played)
    host._heard_entries(bytes((0, n, 1, h >> 8, h & 255)) + bytes(garbled))
    assert host.match.log == j.log[:n * ENTRY]  # (let go)
    run_frames(wire, (host, joiner), 60)
    assert host.match.log == j.log and host.mends == 0 and joiner.mends == 0


def test_a_joiners_turn_refused_twice_is_its_record_astray_and_it_mends():
    """The joiner's round astray during its own turn: its entries fail the host's hash, and
    again when asked for once more; the host's record is the match's and the joiner mends."""
    wire, (host, joiner) = linked_pair()
    run_frames(wire, (host, joiner), 30)
    play_a_turn(host.match)
    run_frames(wire, (host, joiner), 30)
    corrupt(joiner.match)  # (the card it draws at its turn's end is not the host's)
    play_a_turn(joiner.match)
    run_frames(wire, (host, joiner), 90)
    assert host.mends == 1 and joiner.mends == 1
    assert host.match.log == joiner.match.log
    assert L.round_hash(host.match) == L.round_hash(joiner.match)


def test_entries_heard_twice_are_made_once():
    wire, (host, joiner) = linked_pair()
    run_frames(wire, (host, joiner), 30)
    m = host.match
    m.play(m.game.player, m.game.hands[m.game.player * 6], 0)
    m.end_turn(m.game.player)
    run_frames(wire, (host, joiner), 30)
    assert joiner.match.log == m.log
    h = L.round_hash(m)
    again = bytes((0, 0, 1, h >> 8, h & 255)) + bytes(m.log)  # (the same, from place 0)
    joiner._heard_entries(again)
    assert joiner.match.log == m.log and joiner.mends == 0


def play_a_turn(m):
    p = m.game.player
    m.play(p, m.game.hands[p * 6], 0)
    m.end_turn(p)


def test_a_turn_crosses_the_cable_whole_once_it_ends():
    wire, (host, joiner) = linked_pair()
    run_frames(wire, (host, joiner), 30)
    m = host.match
    m.game.player = 0  # (the host's turn, for the test's sake: nothing played yet)
    m.play(0, m.game.hands[0], 0)
    run_frames(wire, (host, joiner), 30)
    assert len(joiner.match.log) == 0  # (the other never sees half a turn)
    m.end_turn(0)
    run_frames(wire, (host, joiner), 30)
    assert joiner.match.log == m.log


def test_a_turn_goes_on_the_cable_in_the_frame_it_ends():
    """The frame after the turn ends sends it, and the other side's next frame has it."""
    wire, (host, joiner) = linked_pair()
    run_frames(wire, (host, joiner), 30)
    m = host.match
    m.game.player = 0
    m.play(0, m.game.hands[0], 0)
    m.end_turn(0)
    wire.now += 33
    host.poll(wire.now)
    joiner.poll(wire.now)
    assert joiner.match.log == m.log


class _Told:
    """What the board keeps of the other's turn (Session's first and drew)."""

    def __init__(self, m):
        self.match = m
        self.first = self.drew = None


@pytest.mark.parametrize("made_before", (False, True))
def test_the_others_turn_is_told_from_its_first_move_whenever_it_came(made_before):
    """A board may start waiting after some of the other's moves came (its record made up
    mid-turn after a power cut): the turn it tells is the same, its play and its draw."""
    wire, (host, joiner) = linked_pair()
    run_frames(wire, (host, joiner), 30)
    m = joiner.match
    p = m.game.player
    start = len(m.log)
    told = _Told(m)
    if made_before:
        m.play(p, m.game.hands[p * 6], 0)
    steps = joiner.turn(told)
    if not made_before:
        m.play(p, m.game.hands[p * 6], 0)
    m.end_turn(p)
    for _ in steps:
        pass
    assert told.first == start
    assert told.drew == m.log[len(m.log) - ENTRY + 1]  # (the deck its END entry drew from)


def test_a_gap_asks_for_what_is_missing():
    wire, (host, joiner) = linked_pair()
    run_frames(wire, (host, joiner), 30)
    m = host.match
    if m.game.player:
        m.game.player = 0  # (the host's turn first, for the test's sake: nothing dealt yet)
    play_a_turn(m)
    host.sent = 1  # (it believes the joiner holds an entry it never got)
    run_frames(wire, (host, joiner), 30)
    assert joiner.match.log == m.log


def test_a_side_behind_after_a_power_cut_is_sent_its_missing_turn_at_once():
    wire, (host, joiner) = linked_pair()
    run_frames(wire, (host, joiner), 30)
    m = joiner.match
    if m.game.player == 0:  # (the joiner to move)
        play_a_turn(host.match)
        run_frames(wire, (host, joiner), 30)
    play_a_turn(m)  # the joiner's turn: sent, heard, and the host to move (and thinking)
    run_frames(wire, (host, joiner), 30)
    assert host.match.log == m.log and host.match.game.player == 0
    # the joiner's power cut before its save: it comes back a turn behind
    back = Match(1, "classic", False, 1)
    for i in range(0, len(m.log) - 2 * ENTRY, ENTRY):
        L.apply_entry(back, m.log, i)
    joiner = L.Linked(Channel(wire.ends[1], 0x777), False, BUILD, back, make)
    run_frames(wire, (host, joiner), 40)  # (the host never moves meanwhile)
    assert joiner.match.log == host.match.log


PAYLOADS = [b"", b"\x01", bytes(4), bytes(17), bytes(200), b"\xff" * 17, b"\xff" * 9,
            bytes((0, 0, 1, 0, 0)) + b"\xff" * 4, bytes((255, 255, 1, 0, 0)) + bytes(8),
            bytes((0, 0, 1, 0, 0)) + bytes((8, 99, 77, 255)), "Ω".encode() * 6]


def test_bad_messages_never_crash_and_never_change_a_match_silently():
    rng = random.Random(4)
    wire, (host, joiner) = linked_pair()
    run_frames(wire, (host, joiner), 30)
    payloads = PAYLOADS + [bytes(rng.randrange(256) for _ in range(rng.randrange(40)))
                           for _ in range(300)]
    for p in payloads:
        for kind in (L.WHO, L.ENTRIES, L.MEND, 99):
            for side in (host, joiner):
                before = bytes(side.match.log) if side.match else None
                side.ch.inbox.append((kind, p))
                side.poll(wire.now)
                m = side.match
                # untouched, or (the joiner, told its record went astray) made again
                assert m is None or bytes(m.log) == before or len(m.log) == 0


def test_a_save_holding_the_whole_log_reads_back():
    m = Match(3, "tactical", False, 1)
    want = one_device(3, NAMES, "tactical", False, 1)
    side = Side(Wire().ends[0], True, "random", 5, m)
    side.saved = (side.saved[0], want)
    side.power_cut(6)
    assert bytes(side.link.match.log) == want and side.link.match.over()


@pytest.mark.slow
@pytest.mark.parametrize("variant,expert,rounds,first", GAMES)
def test_many_linked_matches_with_every_fault(variant, expert, rounds, first):
    rng = random.Random("%s %s %d" % (variant, expert, rounds))
    for seed in range(170):
        want = one_device(seed, NAMES, variant, expert, rounds, first)
        turns = len(want) // ENTRY // 3
        cuts = {rng.randrange(1, turns): (rng.randrange(2), rng.choice(STEPS))
                for _ in range(3)}
        pulls = {rng.randrange(1, turns): rng.randrange(100, 5000)}
        run = Run(seed, NAMES, variant, expert, rounds, first, wire=Wire(
            seed, lose=rng.randrange(20), repeat=rng.randrange(20), garble=rng.randrange(20),
            delay_ms=rng.randrange(200)), cuts=cuts, pulls=pulls,
            waits=(rng.randrange(5), rng.randrange(50)))
        both_equal(run, want)
