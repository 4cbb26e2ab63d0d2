"""The engine's `make bench` figures. WORKLOADS lists (name, unit, fn): fn() returns the
printed number. Times are Pico estimates (BENCH.md), heaps are bytes on this 32-bit build."""

from engine.core import cards
from engine.core.formation import strength
from engine.core.game import Game, OVER, STONES, SIDE, HAND, SLOTS, PLAY
from engine.core.match import Match
from engine.core.players import take_turn, GreedyPlayer, RandomPlayer
from engine.core.proof import counter
from engine.core.rng import Rng
from sim.bench.timing import pico_ms_of, retained_bytes


def _cs(text):
    return bytes([cards.parse(w) for w in text.split()])


def _unseen(seen):
    u = cards.all_cards()
    for c in seen:
        u[c & 15] &= ~(1 << (c >> 4))
    return u


# A complete side against an empty one, with a handful of cards seen. The search goes deepest
# when the best completion lies low: colour-runs and triples blocked by the seen cards.
_PROOFS = [
    ("R7 R8 R9", "B1 G5"),
    ("G1 G2 G3", "R8 O8 Y8"),
    ("R9 O9 Y9", "B8 P8 G8 R6"),
    ("B2 B5 B9", "R4 O7 Y1"),
    ("B7 R8 G9", "P3 P6 O6"),
    ("R1 O4 Y9", "G2 B5"),
]


def claim_proof_worst_ms():
    worst = 0
    empty = bytes(3)
    for mine, seen in _PROOFS:
        m = _cs(mine)
        u = _unseen(m + _cs(seen))
        worst = max(worst, pico_ms_of(lambda: counter(m, 0, empty, 0, 0, SIDE, u, True)))
    return worst


# Four-card sides in a Mud Fight against an empty side (the tactical variant): low best
# completions, blocked by the cards seen.
_MUD_PROOFS = [
    ("R6 R7 R8 R9", "B1 G5"),
    ("G1 G2 G3 G4", "R8 O8 Y8 B9"),
    ("R9 O9 Y9 G9", "B8 P8 G8 R6"),
    ("B2 B5 B8 B9", "R4 O7 Y1"),
    ("R1 O4 Y6 B9", "G2 B5"),
]


def claim_proof_mud_worst_ms():
    from engine.tactical import tactics
    worst = 0
    empty = bytes(4)
    work = bytearray(4)
    for mine, seen in _MUD_PROOFS:
        m = _cs(mine)
        u = _unseen(m + _cs(seen))
        worst = max(worst, pico_ms_of(lambda: tactics.counter(
            m, 0, empty, 0, 0, 4, u, True, tactics.MODE_MUD, work)))
    return worst


def _positions(count):
    """Mid- and late-game positions of seeded greedy-against-random games, each just after a
    play (the moment claims are looked for)."""
    found = []
    seed = 1
    while len(found) < count:
        m = Match(seed)
        seats = [GreedyPlayer(), RandomPlayer(seed)]
        turns = 20 + seed % 20
        for _ in range(turns):
            if m.game.phase == OVER:
                break
            take_turn(m, seats[m.game.player])
        g = m.game
        if g.phase != OVER:
            a = seats[g.player].move(g)
            if a >> 24 == PLAY:
                g.act(g.player, a)
                found.append(g)
        seed += 1
    return found


def claim_scan_ms():
    positions = _positions(20)
    return pico_ms_of(lambda: [g.claimable() for g in positions]) / len(positions)


def _playout(rng):
    """Deal, then random legal plays and no claims until neither player can play; then each
    stone is compared and the player holding five wins. The state's arrays and the constants
    sit in locals: this loop is what an AI playout will look like."""
    deck = cards.classic_deck()
    rng.shuffle(deck)
    g = Game(deck, rng.below(2))
    count, owner, hands, hand_n = g.count, g.owner, g.hands, g.hand_n
    stones, side, hand, over = STONES, SIDE, HAND, OVER
    while g.phase != over:
        p = g.player
        n = hand_n[p]
        r = rng.next30()  # one draw for both choices: card r >> 4 (mod n), stone r (mod 9)
        s = r % stones
        tries = 0
        while tries < stones and (owner[s] or count[s * 2 + p] >= side):
            s = s + 1 if s < stones - 1 else 0
            tries += 1
        if n and tries < stones:
            g.play(p, hands[p * hand + (r >> 4) % n], s)
        else:
            g.pass_turn(p)
        g.end_turn(p)
    won = 0
    sides, done, slots = g.sides, g.done, SLOTS
    for s in range(stones):  # every side is full: all 54 cards are on the table
        a = strength(sides, s * 2 * slots, side)
        b = strength(sides, (s * 2 + 1) * slots, side)
        if a > b or (a == b and done[s * 2] < done[s * 2 + 1]):
            won += 1
    return 0 if won >= 5 else 1


def playouts_per_s():
    rng = Rng(99)
    return 1000 / pico_ms_of(lambda: _playout(rng))


def state_bytes():
    deck = cards.classic_deck()
    size, g = retained_bytes(lambda: Game(bytearray(deck), 0))
    return size


# engine_import_bytes: sim/bench/import_heap.py (measured between top-level calls, where this
# MicroPython collects its garbage; inside one call the import's garbage would count too).


WORKLOADS = [
    ("claim_proof_worst_ms", "ms", claim_proof_worst_ms),
    ("claim_scan_ms", "ms", claim_scan_ms),
    ("claim_proof_mud_worst_ms", "ms", claim_proof_mud_worst_ms),
    ("playouts_per_s", "/s", playouts_per_s),
    ("state_bytes", "bytes", state_bytes),
]

from sim.bench.ai_workloads import AI_WORKLOADS  # noqa: E402
from sim.bench.screen_workloads import SCREEN_WORKLOADS  # noqa: E402
from sim.bench.firmware_workloads import FIRMWARE_WORKLOADS  # noqa: E402
WORKLOADS += SCREEN_WORKLOADS
WORKLOADS += FIRMWARE_WORKLOADS
WORKLOADS += AI_WORKLOADS
