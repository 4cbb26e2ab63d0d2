"""The tactical variant's reference players (sim/tactical_players.py): each documented rule of
greedy_tactical, its strength over random, and both pinned so they stay frozen."""
import hashlib

from engine.core import record

from engine.tactical import tactics as T
from engine.core.game import OVER
from engine.core.match import Match
from engine.core.players import take_turn
from sim.tactical_players import GreedyTactical, RandomTactical
from tests.scenarios.test_tactical import new, lay, cs


_NAMES = {0: "play", 1: "claim", 2: "pass", 3: "end_turn", 5: "recruit", 6: "strategist",
          7: "banshee", 8: "traitor"}


def _turn(g):
    """greedy_tactical's turn in the set-up round g: its actions as (name, player, args...)
    read back from the match's log (cards named by code, as Match takes them)."""
    m = Match(1, "tactical")
    m.game = g
    take_turn(m, GreedyTactical())
    done = []
    for i in range(0, len(m.log), 4):
        kind = m.log[i] >> 1
        done.append((_NAMES[kind], m.log[i] & 1) + tuple(m.log[i + 1:i + 4]))
    return done


def test_banshee_on_a_complete_side_of_a_colour_or_better():
    g = new("BAN R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7")
    lay(g, 1, 4, "P2 P5 P9")  # a colour
    done = _turn(g)
    assert done[0][:4] == ("banshee", 0, 4, cs("P9")[0])  # the highest card


def test_traitor_takes_their_highest_card_of_8_or_more():
    g = new("TRA R2 R3 R4 R5 R6 B7", "G1 G2 G3 G4 G5 G6 G7")
    lay(g, 1, 0, "P9")
    lay(g, 1, 1, "O8")
    lay(g, 0, 6, "B8 B9")  # the P9 can only make a colour... B7 B8 B9 needs B7, not P9
    done = _turn(g)
    assert done[0][:4] == ("traitor", 0, 0, cs("P9")[0])  # the P9 at stone 1


def test_elite_troops_are_played_like_clan_cards():
    g = new("JK R1 G2", "G1 G3 G4 G5 G6 G7 P1")
    lay(g, 0, 3, "B8 B9")
    done = _turn(g)
    assert done[0][:4] == ("play", 0, T.JOKER, 3)  # the Joker makes the colour-run B7-B9


def test_stuck_it_plays_mud_where_it_is_beaten():
    g = new("MUD", "G1 G3 G4 G5 G6 G7 P1")
    lay(g, 0, 2, "R1 G2 B4")
    lay(g, 1, 2, "P7 P8 P9")
    for s in range(9):  # no room anywhere else
        if s != 2:
            g.owner[s] = 2 if s % 2 else 1
    g.owner[0] = g.owner[1] = 0
    lay(g, 0, 0, "O1 O2 O3")
    lay(g, 0, 1, "Y1 Y2 Y4")
    done = _turn(g)
    assert done[0][:4] == ("play", 0, T.MUD, 2)


def test_stuck_it_discards_its_lowest_card_with_the_strategist():
    g = new("STR", "G1 G3 G4 G5 G6 G7 P1")
    lay(g, 0, 5, "R9 R3")
    lay(g, 0, 6, "B8 B7")
    done = _turn(g)
    assert done[0] == ("strategist", 0, 5, cs("R3")[0], 0)  # R3 from the weaker side, discarded


def test_stuck_it_recruits_and_puts_back_its_lowest():
    g = new("REC", "G1 G3 G4 G5 G6 G7 P1")
    drawn = list(g.deck[g.top:g.top + 3])
    done = _turn(g)
    name, p, drawn_from, back1, back2 = done[0]
    assert (name, drawn_from) == ("recruit", 3 * 4 + 0)  # three clan cards, no tactic card
    assert sorted((back1 & 15, back2 & 15)) == sorted(c & 15 for c in drawn)[:2]


def test_it_draws_a_tactic_card_when_it_holds_none():
    g = new("R1 R2 R3 R4 R5 R6 R7", "G1 G3 G4 G5 G6 G7 P1")
    done = _turn(g)
    assert done[-1][:3] == ("end_turn", 0, 1)
    g = new("SPY R2 R3 R4 R5 R6 R7", "G1 G3 G4 G5 G6 G7 P1")
    done = _turn(g)
    assert done[-1][:3] == ("end_turn", 0, 0) or done[0][2] == T.SPY


def _match(seed, a, b):
    m = Match(seed, "tactical")
    seats = [a, b] if seed % 2 == 0 else [b, a]
    while m.game.phase != OVER:
        take_turn(m, seats[m.game.player])
    return m


def test_greedy_tactical_beats_random():
    wins = 0
    for seed in range(60):
        m = _match(seed, GreedyTactical(), RandomTactical(seed))
        g = m.game
        greedy_seat = 0 if seed % 2 == 0 else 1
        wins += g.winner == greedy_seat
    assert wins >= 55


def test_every_tactic_card_comes_up_in_greedy_games():
    kinds = set()
    played = set()
    for seed in range(30):
        m = _match(seed, GreedyTactical(), GreedyTactical())
        for i in range(0, len(m.log), 4):
            kinds.add(m.log[i] >> 1)
            if m.log[i] >> 1 == 0 and m.log[i + 1] >= T.TACTIC:
                played.add(m.log[i + 1] & 0xFE if m.log[i + 1] <= 0x61 else m.log[i + 1])
    assert {7, 8} <= kinds  # Banshee, Traitor (the others only when stuck: tested above)
    assert {T.JOKER, T.SPY, T.SHIELD} <= played


def test_the_players_are_frozen():
    """Exact records of seeded games: a change here means a changed baseline."""
    h = hashlib.sha256()
    for seed in (1, 2, 3):
        h.update(record.text(_match(seed, GreedyTactical(), RandomTactical(seed))).encode())
        h.update(record.text(_match(seed, GreedyTactical(), GreedyTactical())).encode())
    assert h.hexdigest()[:16] == PINNED


PINNED = "4d43d7514cebc3ae"



def _stuck_with_bmb(stone_4="R9 O8 B7", theirs_4="P1 P2 P4"):
    """Only a BMB in hand and no room anywhere else; complete sides at stone 1 (beaten, the
    lower sum), stone 2 (the higher sum, and winning already) and stone 4 as given (by
    default a run of 24 beaten by a colour of 7)."""
    g = new("BMB", "R2 R3 O6 Y1 Y2 B5 B6")
    lay(g, 0, 0, "R1 G2 B4")  # nothing, 7 < their colour-run of 24
    lay(g, 1, 0, "P7 P8 P9")
    lay(g, 0, 1, "Y7 Y8 Y9")  # a colour-run of 24 > their colour-run of 6
    lay(g, 1, 1, "O1 O2 O3")
    lay(g, 0, 3, stone_4)
    lay(g, 1, 3, theirs_4)
    for s in (2, 4, 5, 6, 7, 8):
        g.owner[s] = 1 if s in (4, 7) else 2
    return g


def test_stuck_it_plays_blind_mans_bluff_where_its_sum_is_higher_but_its_formation_weaker():
    g = _stuck_with_bmb()
    g.owner[5] = 0
    lay(g, 0, 5, "R5 O5 Y5")  # three 5s, 15 > 6 but beaten by a colour-run: BMB would do too
    lay(g, 1, 5, "B1 B2 B3")
    done = _turn(g)
    assert done[0][:4] == ("play", 0, T.BLIND, 3)  # the leftmost such stone
    assert g.modes[3] == T.MODE_BLIND and g.modes[5] == 0
    assert ("claim", 0, 3) in [d[:3] for d in done]  # 24 against 7, by sums


def test_stuck_it_plays_no_blind_mans_bluff_where_the_rule_does_not_apply():
    g = _stuck_with_bmb(theirs_4="G7 G8 G9")  # the sums are equal (24): not higher
    done = _turn(g)
    assert done[0][:2] == ("pass", 0) and not any(g.modes)
    g = _stuck_with_bmb()  # it would apply, but the tactic limit forbids a tactic card
    g.tactics_played[0] = 1
    done = _turn(g)
    assert done[0][:2] == ("pass", 0) and not any(g.modes)
    g = _stuck_with_bmb()  # it would apply, but a clan card can be played: no stuck rules
    g.owner[8] = 0
    g.hands[1] = cs("R6")[0]
    g.hand_n[0] = 2
    done = _turn(g)
    assert done[0][:4] == ("play", 0, cs("R6")[0], 8) and not any(g.modes)
