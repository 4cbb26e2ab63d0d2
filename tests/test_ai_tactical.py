"""The computer levels in the tactical variant (engine/ai/tactical.py): legal in every
situation of seeded games, blind to hidden cards, taking a win on offer, replayable."""
import pytest

from engine.core import record

from engine.tactical import tactics as T
from engine.ai.tactical import make_tactical_ai, candidates
from engine.core.game import action, PLAY, PASS
from engine.tactical.round import TRAITOR, BANSHEE
from engine.ai.tactical import _recruit_choice
from engine.core.game import IllegalMove, OVER
from engine.core.match import Match
from engine.core.players import take_turn
from sim.tactical_players import GreedyTactical, RandomTactical
from tests.scenarios.test_tactical import new, lay, cs
from tests.scenarios.util import claims_win, a_reply_wins
from tests.test_ai import ai_turns, hands_over_the_game


def unpack(a):
    """An action's kind and its three bytes."""
    return a >> 24, a >> 16 & 255, a >> 8 & 255, a & 255


def _game(seed, a, b, expert=False):
    m = Match(seed, "tactical", expert)
    seats = [a, b] if seed % 2 == 0 else [b, a]
    while m.game.phase != OVER:
        take_turn(m, seats[m.game.player])  # an illegal choice would raise here
    return m


@pytest.mark.slow
def test_every_level_plays_legally_through_seeded_games():
    tactic_plays = 0
    for level in ("easy", "normal", "hard"):
        games = 0  # of this level's, those where it played a tactic card
        for seed in range(30):
            opp = RandomTactical(seed) if seed % 3 else GreedyTactical()
            m = _game(seed, make_tactical_ai(level, seed), opp, expert=seed % 4 == 1)
            me = seed % 2  # (the computer's seat, see _game)
            n = 0
            for i in range(0, len(m.log), 4):
                kind = m.log[i] >> 1
                if m.log[i] & 1 == me:
                    n += (kind == 0 and m.log[i + 1] >= T.TACTIC) or kind in (5, 6, 7, 8)
            tactic_plays += n
            games += n > 0
        # every level plays tactic cards of its own (7 to 16 of these 30 games: the levels draw
        # from the tactic deck when it pays, Normal least)
        assert games >= 5, level
    assert tactic_plays > 30  # (42 of their own in the 90 games)


def _state(g):
    return [bytes(getattr(g, n)) for n in g.BYTES] + [getattr(g, n) for n in g.VALUES]


@pytest.mark.slow
def test_thinking_leaves_the_round_as_it_was():
    """Every action is tried on the round itself and taken back (ruses and combat modes too):
    after each decision of each level the round is what it was, in every part."""
    for level in ("easy", "normal", "hard"):
        for seed in range(12):
            m = Match(seed, "tactical", seed % 3 == 1)
            ai = make_tactical_ai(level, seed)
            seats = [ai, GreedyTactical()] if seed % 2 == 0 else [GreedyTactical(), ai]
            g = m.game
            while g.phase != OVER:
                if seats[g.player] is ai and g.phase == 0:
                    before = _state(g)
                    ai.move(g)
                    assert _state(g) == before, (level, seed)
                take_turn(m, seats[g.player])


@pytest.mark.slow
def test_the_levels_are_ordered_against_random():
    wins = 0
    for seed in range(20):
        m = _game(seed, make_tactical_ai("hard", seed), RandomTactical(seed))
        wins += m.game.winner == (0 if seed % 2 == 0 else 1)
    assert wins >= 19


def test_the_computer_does_not_peek_at_hidden_cards():
    """Two rounds alike in all a player may know, different in the opponent's hand and the
    order of both decks: the same choice (with the clan deck full and nearly empty)."""
    a = new("R5 R6 JK B2 REC TRA P9", "O1 O2 O3 O4 Y5 Y6 Y7")
    b = new("R5 R6 JK B2 REC TRA P9", "Y1 Y2 Y3 O4 O5 O6 O7")
    b.tdeck = bytearray(reversed(a.tdeck))  # the same tactic cards, in another order
    b.deck = bytearray(reversed(b.deck[b.top:])) and b.deck[:b.top] + bytearray(
        reversed(b.deck[b.top:]))
    assert a.deck_left() == b.deck_left() and a.tdeck_left() == b.tdeck_left()
    for g in (a, b):
        lay(g, 1, 3, "G8 G9")
        lay(g, 0, 3, "B7")
    for level in ("easy", "normal", "hard"):
        assert make_tactical_ai(level, 4).move(a) == make_tactical_ai(level, 4).move(b)
    # late in the round, where hard also weighs the replies of the cards they may hold
    a.top = b.top = len(a.deck) - 3
    assert make_tactical_ai("hard", 4).move(a) == make_tactical_ai("hard", 4).move(b)


def test_it_takes_a_winning_stone():
    g = new("R7 G1 B2 Y3 O4 P5 G6", "O1 O2 O3 O6 Y5 Y6 Y7")
    for s in (0, 1, 3, 4):
        g.owner[s] = 1  # four stones held: one more wins
    lay(g, 0, 8, "R8 R9")  # R7 here makes an unbeatable colour-run
    assert unpack(make_tactical_ai("hard", 1).move(g)) == (PLAY, cs("R7")[0], 8, 0)


def test_a_tactical_record_replays_with_the_same_computer_moves():
    m = _game(7, make_tactical_ai("hard", 7), make_tactical_ai("normal", 8))
    again = record.replay(record.text(m))
    assert again.log == m.log
    m2 = _game(7, make_tactical_ai("hard", 7), make_tactical_ai("normal", 8))
    assert m2.log == m.log  # the same seed, the same game


def test_ruses_are_candidates_for_hard_but_normal_keeps_them_for_need():
    g = new("BAN R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7")
    lay(g, 1, 2, "P5 P6 P7")
    kinds_hard = {unpack(a)[0] for a in candidates(g, 0, True)}
    kinds_normal = {unpack(a)[0] for a in candidates(g, 0, False)}
    assert BANSHEE in kinds_hard and BANSHEE not in kinds_normal


def test_a_hopeless_position_with_only_tactic_cards_still_gets_a_legal_action():
    """Every action costs a tactic card and the game is nearly lost: the computer still
    acts (it once found nothing worth more than nothing, and chose no action at all)."""
    for level in ("easy", "normal", "hard"):
        g = new("BAN STR JK MUD SPY BMB SHB", "G1 G2 G3 G4 G5 G6 G7")
        for s in (1, 2, 5, 7):
            g.owner[s] = 2  # four stones to them
        g.tactics_played[0] = g.tactics_played[1] = 1
        lay(g, 1, 0, "P7 P8 P9")
        lay(g, 1, 3, "Y7 Y8")
        lay(g, 0, 3, "B1")
        a = make_tactical_ai(level, 3).move(g)
        kind, x, y, z = unpack(a)
        assert kind != PASS or all(a >> 24 == PASS for a in candidates(g, 0, True))
        g.act(g.player, a)  # legal


def test_hard_takes_a_card_with_the_traitor_to_its_own_side_of_the_same_stone():
    """The Traitor may put the card on the AI's own side of the stone it came from: here
    that alone completes an unbeatable colour-run and the fifth stone."""
    g = new("TRA G1 G2 G3 O1 O2 O3", "Y5 Y6 Y7 P1 P2 P3 P4")
    for s in (0, 1, 3, 4):
        g.owner[s] = 1  # four stones held: one more wins
    lay(g, 0, 2, "R7 R8")
    lay(g, 1, 2, "R9 G9")
    for s, side in ((5, "B1 B2 B4"), (6, "B5 B6 B8"), (7, "Y1 Y2 Y4"), (8, "O5 O6 O8")):
        lay(g, 0, s, side)  # no room on the AI's other sides
    # (to stone 3: its index, 2, + 1)
    assert unpack(make_tactical_ai("hard", 1).move(g)) == (TRAITOR, 2, cs("R9")[0], 3)


def _refill(hand, clan_left, tactic_left=8, played=(0, 0)):
    """The deck every level chooses for player 0 holding `hand` (6 cards: one was played),
    with the decks down to these counts and these tactic cards played so far."""
    g = new(hand, "G1 G2 G3 G4 G5 G6 G7")
    g.top = len(g.deck) - clan_left
    g.ttop = len(g.tdeck) - tactic_left
    g.tactics_played[0], g.tactics_played[1] = played
    return {make_tactical_ai(level, 2).deck(g) for level in ("easy", "normal", "hard")}


def test_the_deck_it_draws_from():
    """Clan cards while the clan deck is full (they build the sides); a tactic card later,
    when it holds none and may play one; never an empty deck."""
    plain = "R1 R2 R3 B4 B5 B6"
    assert _refill(plain, 35) == {0}
    assert _refill(plain, 25) == {0}
    assert _refill(plain, 24) == {1}
    assert _refill(plain, 3) == {1}
    assert _refill("R1 R2 R3 B4 B5 TRA", 10) == {0}  # it holds one
    assert _refill(plain, 10, played=(1, 0)) == {0}  # one more than the opponent: the limit
    assert _refill(plain, 10, tactic_left=0) == {0}  # the tactic deck is empty
    assert _refill("R1 R2 R3 B4 B5 TRA", 0) == {1}  # the clan deck is empty


def test_the_recruiter_puts_back_a_joker_it_may_no_longer_play():
    g = new("REC JK R1 R2 B8 B9 G9", "G1 G2 G3 G4 G5 G6 G7")
    assert _recruit_choice(g, 0) == (3, 0, cs("R1 R2"))  # its lowest clan cards
    g.joker_played[0] = 1  # one Joker a player: the one in its hand is dead
    clan, tactic, back = _recruit_choice(g, 0)
    assert (clan, tactic) == (3, 0) and back[0] == T.JOKER and back[1] & 15 == 1


def _wins_at_once(g, a):
    """Does action a of the player to move, with every claim after it, win the round?"""
    h = g.copy()
    me = h.player
    h.act(h.player, a)
    return claims_win(h, me)


@pytest.mark.slow
def test_every_level_takes_an_immediate_win_in_seeded_games():
    """Wherever playing a card wins at once (a stone provable before the play counts), the
    computer's action wins at once too."""
    found = 0
    for level in ("easy", "normal", "hard"):
        for seed in range(10):
            m = Match(seed, "tactical")
            ai = make_tactical_ai(level, seed)
            for g in ai_turns(m, ai, GreedyTactical(), seed % 2):
                win = False
                for a in candidates(g, g.player, False):
                    if unpack(a)[0] == PLAY:
                        try:
                            win = win or _wins_at_once(g, a)
                        except IllegalMove:
                            pass
                if win:
                    found += 1
                    assert _wins_at_once(g, ai.move(g)), (level, seed, len(m.log))
    assert found >= 10


@pytest.mark.slow
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_never_hands_the_opponent_a_winning_claim_in_seeded_games(level):
    """Wherever one of its candidate actions keeps the opponent from proving claims that win
    it the game, normal and hard choose such an action, in expert games too (tests/test_ai.py:
    the classic game)."""
    found = 0
    for seed in range(50):
        m = Match(seed, "tactical", seed % 3 == 0)
        ai = make_tactical_ai(level, seed)
        for g in ai_turns(m, ai, GreedyTactical(), seed % 2):
            me = g.player
            bad = []
            good = 0
            for a in candidates(g, me, level == "hard"):
                h = g.copy()
                try:
                    h.act(h.player, a)
                except IllegalMove:
                    continue
                if hands_over_the_game(h, me):
                    bad.append(a)
                else:
                    good += 1
            if bad and good:
                found += 1
                assert ai.move(g) not in bad, (seed, len(m.log))
    assert found >= 10  # (the games do set such traps)


def _race(expert):
    """tests/scenarios/test_ai.py's race of claims in a tactical round: B9 at stone 3 makes
    three adjacent for us, but frees their colour-run at stone 8 (three adjacent for them)."""
    g = new("B9 G2 P2 Y3 G3 P3 Y2", "R2 O3 R4 O5 G5 P5 Y5")
    g.expert = expert
    for s, p, side in ((0, 0, "R5 O4 Y4"), (1, 0, "G4 B4 P4"), (5, 1, "G6 B5 P6"),
                       (6, 1, "R3 O6 B3"), (2, 0, "R9 O9"), (2, 1, "R1 O2"),
                       (7, 1, "Y6 Y7 Y8"), (7, 0, "B7 B8"), (8, 0, "B6")):
        lay(g, p, s, side)
    g.owner[0] = g.owner[1] = 1
    g.owner[5] = g.owner[6] = 2
    return g


def test_a_race_of_claims_is_won_by_whoever_claims_first():
    win = (PLAY, cs("B9")[0], 2, 0)
    for level in ("normal", "hard"):
        assert unpack(make_tactical_ai(level, 3).move(_race(False))) == win, level
        g = _race(True)
        a = make_tactical_ai(level, 3).move(g)
        g.act(g.player, a)
        g.player = 1  # (their claims, at the start of their turn)
        assert g.owner[7] or g.claim_counter(7) is not None, (level, unpack(a))


def _their_card_wins_at_once(g, a):
    """After action a of the player to move (and its claims), can a clan card the opponent
    holds, played anywhere, make claims that win it the game at once?"""
    h = g.copy()
    h.act(h.player, a)
    return a_reply_wins(h, g.player)


def test_hard_weighs_the_reply_of_every_card_the_opponent_may_hold_late_in_the_round():
    """The clan deck is empty, so the clan cards not in its hand are in theirs. They hold
    stones 2 and 3; their colour at stone 1 is safe only while our Y3 there may still become
    a colour-run. G3 completing stone 8 (the choice of one look ahead) lets them play Y2 and
    then prove stone 1: three adjacent. Hard looks at their replies and keeps that chance."""
    g = new("P7 R5 R4 G3 Y1 REC R9", "SHB B3 B2 Y2 B5 Y4 G4")
    for s, p, side in ((0, 1, "Y8 Y9 Y6"), (1, 1, "O8 O6 O7"), (2, 1, "P5 P3 P4"),
                       (3, 0, "O5 O2 O9"), (5, 0, "G8 R8 B8"), (7, 1, "P8 P6 P2"),
                       (8, 0, "B4 B6 B7"), (0, 0, "Y3"), (1, 0, "B1 P1"), (2, 0, "P9 B9"),
                       (3, 1, "R7 R6"), (4, 0, "O1 R1"), (4, 1, "G5 G6"), (5, 1, "R3 R2"),
                       (6, 0, "Y7 Y5"), (6, 1, "O3 O4"), (7, 0, "G7 G9"), (8, 1, "G2 G1")):
        lay(g, p, s, side)
    g.owner[1] = g.owner[2] = 2
    g.top = len(g.deck)  # the clan deck is empty
    g.discard.append(T.TRAITOR)
    g.tactics_played[1] = 1
    g.ttop = 3
    assert _their_card_wins_at_once(g, action(PLAY, cs("G3")[0], 7))  # the trap is real
    a = make_tactical_ai("hard", 246).move(g)
    assert not _their_card_wins_at_once(g, a), unpack(a)


def _claims_at_once(g, a):
    h = g.copy()
    h.act(h.player, a)
    return h.claimable()


def test_hard_plays_a_card_wanted_at_two_stones_where_it_takes_one_at_once():
    """B6 would make a colour-run of B4 B5 at stone 3 and of B7 B8 at stone 6, and either
    can be claimed at once; but it is one card. Counting what it would still do at the other
    stone as a cost of playing it (as if it could do both) kept it in the hand, for a
    colour-run of R1 R2 R3 that proves nothing. (From a seeded game against
    greedy_tactical.)"""
    tdeck = "MUD JK SHB SPY STR TRA REC"
    g = new("R8 P4 R1 BAN G3 Y8 B6", "G1 B9 B1 O5 BMB B3 R7", tdeck=tdeck)
    for s, p, side in ((0, 1, "O9"), (1, 0, "Y4 O4"), (1, 1, "P9 P7"), (2, 0, "B4 B5"),
                       (2, 1, "P6"), (3, 0, "O7"), (3, 1, "Y5"), (4, 0, "G8"), (4, 1, "G4 G2"),
                       (5, 1, "P3 P2 P1"), (5, 0, "B8 B7"), (6, 0, "R3 R2"), (6, 1, "R5"),
                       (7, 0, "Y1 Y3"), (7, 1, "O2"), (8, 0, "Y9")):
        lay(g, p, s, side)
    g._place(0 * 2 + 1, T.JOKER + 1)  # their Joker, played
    g.tactics_played[1] = g.joker_played[1] = 1
    g.top = len(g.deck) - 17
    a = make_tactical_ai("hard", 3).move(g)
    assert unpack(a)[1] == cs("B6")[0] and _claims_at_once(g, a), unpack(a)
