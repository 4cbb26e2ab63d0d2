"""The siege's reference players (sim/siege_players.py): each documented rule of greedy_siege
in either role, its strength over random, and both pinned so they stay frozen."""
import hashlib

from engine.core import record
from engine.core.game import OVER
from engine.core.match import Match
from engine.core.players import take_turn
from engine.siege.round import RETREAT, OIL
from sim.siege_players import GreedySiege, RandomSiege
from tests.scenarios.test_siege import siege
from tests.scenarios.util import cs, put


def _turn(g):
    """greedy_siege's turn in the set-up siege g: its actions as (kind, player, a, b)."""
    m = Match(1, "siege")
    m.game = g
    take_turn(m, GreedySiege())
    return [(m.log[i] >> 1, m.log[i] & 1, m.log[i + 1], m.log[i + 2])
            for i in range(0, len(m.log), 4)]


def test_it_plays_where_its_side_can_reach_most_under_the_section_s_rule():
    g = siege("R1 R2 O5 G0 B3 B11", "R4 O4 Y4 G4 B4 R5")
    put(g, 0, 4, "B9 B10")  # right wall: B11 completes a colour-run
    done = _turn(g)
    # (O5 could reach O5-O8 on the left tower, a colour-run too but of a lower sum)
    assert done[0] == (0, 0, cs("B11")[0], 4)


def test_the_attacker_retreats_from_the_leftmost_section_it_has_lost():
    g = siege("R1 R2 O5 Y9 G0 B3", "R4 O4 Y4 G4 B4 R5")
    put(g, 0, 2, "R6 O7 B8")  # left wall: a run
    put(g, 1, 2, "G9 G10 G11")  # a colour-run beats it
    put(g, 0, 4, "R9 O2 B11")
    put(g, 1, 4, "Y11 Y10 Y0")  # a colour beats that sum too
    done = _turn(g)
    assert done[0][:3] == (RETREAT, 0, 2) and done[1][0] == 0


def test_the_defender_pours_oil_where_its_hand_cannot_answer():
    g = siege("R1 R2 O5 Y9 G0 B3", "R4 O4 Y4 G4 B4 R7")
    put(g, 0, 3, "R11 O11")  # the gate: 2 cards, a pair of 11s; its best answer a pair of 4s
    g.player = 1  # the defender's turn
    done = _turn(g)
    assert done[0][:3] == (OIL, 1, 3) and g.cauldrons == 2


def test_no_oil_where_its_hand_answers_or_no_cauldron_is_left():
    g = siege("R1 R2 O5 Y9 G0 B3", "R4 O4 Y4 G4 B4 R7")
    put(g, 0, 3, "R0 O6")  # a sum of 6: the defender's R4 O4 beat it
    g.player = 1
    assert _turn(g)[0][0] == 0
    g = siege("R1 R2 O5 Y9 G0 B3", "R4 O4 Y4 G4 B4 R7")
    put(g, 0, 3, "R11 O11")
    g.player = 1
    g.cauldrons = 0
    assert _turn(g)[0][0] == 0


def _match(seed, a, b):
    m = Match(seed, "siege")
    seats = [a, b] if seed % 2 == 0 else [b, a]
    while m.game.phase != OVER:
        take_turn(m, seats[m.game.player])
    return m


def test_greedy_siege_beats_random_in_either_role():
    wins = [0, 0]  # as attacker, as defender
    for seed in range(60):
        m = _match(seed, GreedySiege(), RandomSiege(seed))
        seat = seed % 2
        wins[m.game.attacker != seat] += m.game.winner == seat
    assert sum(wins) >= 55 and min(wins) >= 20


def test_every_action_comes_up_in_greedy_games():
    kinds = set()
    for seed in range(30):
        m = _match(seed, GreedySiege(), GreedySiege())
        kinds.update(m.log[i] >> 1 for i in range(0, len(m.log), 4))
    assert {0, 1, 3, RETREAT, OIL} <= kinds


def test_the_players_are_frozen():
    """Exact records of seeded games: a change here means a changed baseline."""
    h = hashlib.sha256()
    for seed in (1, 2, 3):
        h.update(record.text(_match(seed, GreedySiege(), RandomSiege(seed))).encode())
        h.update(record.text(_match(seed, GreedySiege(), GreedySiege())).encode())
    assert h.hexdigest()[:16] == PINNED


PINNED = "1172a5059c02cd79"
