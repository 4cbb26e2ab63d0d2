"""The computer opponents on CPython: legal in 500 games per level, blind to hidden cards,
claiming, replayable."""
import pytest

from engine.core import record
from engine.ai.classic import make_ai, LEVELS
from engine.core.cards import classic_deck
from engine.ai.base import wins_with, decision_seed, NONE
from engine.core.game import Game, OVER, HAND, STONES
from engine.core.match import Match
from engine.core.players import take_turn, GreedyPlayer, RandomPlayer
from tests.scenarios.test_many_games import check_end
from tests.scenarios.util import claims_win, new_game, put, cs, a_reply_wins, played


def play(seed, a, b, expert=False):
    """A match with seats a and b; every move checked legal by the engine (it raises)."""
    m = Match(seed, expert=expert)
    seats = [a, b]
    while m.game.phase != OVER:
        take_turn(m, seats[m.game.player])
    return m


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_legal_moves_in_500_games(level):
    for i in range(500):
        other = GreedyPlayer() if i % 3 else RandomPlayer(i)
        ai = make_ai(level, i)
        seats = (ai, other) if i % 2 else (other, ai)
        m = play(i, seats[0], seats[1], expert=i % 4 == 1)
        # (play runs until the round is over: what is checked is how it ended, by the rules:
        # every card still there once, the winner's five stones or three adjacent, or the
        # stalemate's count)
        check_end(m.game)


def ai_turns(m, ai, other, ai_first):
    """Play match m to its end, ai against other; yield the round at each of the ai's turns,
    its claims of an expert game made first (as take_turn makes them)."""
    seats = [ai, other] if ai_first else [other, ai]
    while m.game.phase != OVER:
        g = m.game
        me = g.player
        if seats[me] is ai:
            if g.expert:
                m.claim_all(me, [])
                if g.phase == OVER:
                    return
            yield g
        take_turn(m, seats[me])


def _hidden_twin(g):
    """g with the opponent's hand and the deck dealt differently (same cards)."""
    me = g.player
    other = 1 - me
    pool = bytearray(g.hands[other * HAND:other * HAND + g.hand_n[other]]) + g.deck[g.top:]
    pool = bytearray(reversed(pool))
    deck = bytearray(g.deck[:g.top]) + pool[g.hand_n[other]:]
    twin = Game(bytearray(classic_deck()), 0)
    for name in ("sides", "count", "done", "owner", "unseen", "hand_n"):
        setattr(twin, name, bytearray(getattr(g, name)))
    twin.hands = bytearray(g.hands)
    twin.hands[other * HAND:other * HAND + g.hand_n[other]] = pool[:g.hand_n[other]]
    twin.deck = deck
    for name in ("top", "tick", "player", "phase", "expert", "acted", "idle"):
        setattr(twin, name, getattr(g, name))
    assert twin.deck_left() == g.deck_left()
    return twin


@pytest.mark.parametrize("level", LEVELS)
def test_never_peeks_at_hidden_cards(level):
    for seed in range(30):
        m = Match(seed)
        seats = [GreedyPlayer(), GreedyPlayer()]
        for _ in range(seed % 25):
            if m.game.phase == OVER:
                break
            take_turn(m, seats[m.game.player])
        g = m.game
        if g.phase == OVER:
            continue
        twin = _hidden_twin(g)
        assert bytes(twin.hands) != bytes(g.hands) or g.hand_n[1 - g.player] == 0
        assert played(make_ai(level, seed).move(g)) == played(make_ai(level, seed).move(twin))


@pytest.mark.parametrize("level", LEVELS)
def test_a_record_replays_with_the_same_computer_moves(level):
    for seed in (3, 17):
        m = play(seed, make_ai(level, seed), GreedyPlayer())
        again = play(seed, make_ai(level, seed), GreedyPlayer())
        assert record.text(again) == record.text(m)
        replayed = record.replay(record.text(m))
        assert replayed.log == m.log


def test_each_round_of_a_match_draws_its_own_chances():
    """The same computer plays every round of a match: at the same moment of two rounds (as
    many cards placed, as many in the deck) its random choices differ, the deals being new;
    and they never depend on the cards hidden from it."""
    m = Match(5, rounds=3)
    seats = [make_ai("easy", 5), GreedyPlayer()]
    rounds = []
    while True:
        seeds = {}
        while m.game.phase != OVER:
            g = m.game
            if g.player == 0:
                placed = sum(g.count)
                seeds[placed, g.deck_left()] = decision_seed(5, g)
                if g.hand_n[1]:
                    assert decision_seed(5, _hidden_twin(g)) == seeds[placed, g.deck_left()]
            take_turn(m, seats[g.player])
        rounds.append(seeds)
        if m.over():
            break
        m.next_round()
    assert len(rounds) == 3
    same = [(a, b, t) for a in range(3) for b in range(a) for t in rounds[a] if t in rounds[b]]
    assert len(same) > 5  # (the rounds the computer starts share their moments)
    assert all(rounds[a][t] != rounds[b][t] for a, b, t in same)


def test_unknown_level():
    with pytest.raises(ValueError):
        make_ai("expert", 1)


@pytest.mark.parametrize("name", ["TABLE", "AFTER"])
def test_calibrated_chances_stay_in_range_and_never_fall_as_the_model_rises(name):
    from engine.ai import cal as ai_cal
    from engine.ai.cal import KNOTS, PHASES, DECK
    from engine.ai.judge import calibrated
    table = getattr(ai_cal, name)
    assert len(table) == KNOTS * 16 * PHASES
    for row in range(0, len(table), KNOTS):
        assert list(table[row:row + KNOTS]) == sorted(table[row:row + KNOTS])
    for deck in (0, DECK // 2, DECK - 1):
        for mine in range(4):
            for theirs in range(4):
                last = 0
                for p in range(0, 1100, 7):
                    q = calibrated(table, p, mine, theirs, deck)
                    assert last <= q <= 1024
                    last = q


def test_the_shared_chance_unit_is_the_same_everywhere():
    from engine.ai import base as ai_base, judge as ai_eval
    assert ai_base.ONE == ai_eval.ONE == 2 * ai_base.HALF


def _wins_at_once(g, c, s):
    """Does playing c at s, then claiming every stone it can, win the round for the mover?"""
    h = g.copy()
    me = h.player
    h.play(me, c, s)
    return claims_win(h, me)


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_takes_every_immediate_win_in_seeded_games(level):
    """Wherever one move (with the claims after it) wins at once, the computer makes such a
    move: a stone provable before the move counts, and so does a stone the card played makes
    provable by leaving the unseen cards."""
    found = 0
    for seed in range(30):
        m = Match(seed)
        ai = make_ai(level, seed)
        for g in ai_turns(m, ai, GreedyPlayer(), seed % 2):
            me = g.player
            if g.can_play():
                wins = [(c, s) for c in set(g.hand(me)) for s in range(9)
                        if g.open_for(s, me) and _wins_at_once(g, c, s)]
                if wins:
                    found += 1
                    assert played(ai.move(g)) in wins, (seed, len(m.log))
    assert found >= 5  # (the games do offer such wins)


def hands_over_the_game(h, me):
    """After me's move in h (a copy): unless its own claims win first (not in expert games:
    there the opponent claims first, at the start of its turn), could the opponent prove
    claims that win the game (after its next play, whatever that play)?"""
    if not h.expert and claims_win(h, me):
        return False
    h.player = 1 - me  # (proofs by the opponent, as its claims would be)
    mask = 0
    for t in range(STONES):
        if not h.owner[t] and h.count[t * 2 + h.player] == h.need(t) and \
                h.claim_counter(t) is None:
            mask |= 1 << t
    return wins_with(h, h.player, mask)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_never_hands_the_opponent_a_winning_claim_in_seeded_games(level):
    """Wherever some move keeps the opponent from proving claims that win it the game (a
    card played anywhere leaves the unseen cards, and may be the last that could beat a
    complete side of theirs), normal and hard make such a move; in expert games too."""
    found = 0
    for seed in range(60):
        m = Match(seed, expert=seed % 3 == 0)
        ai = make_ai(level, seed)
        for g in ai_turns(m, ai, GreedyPlayer(), seed % 2):
            me = g.player
            if g.can_play():
                bad = []
                for c in set(g.hand(me)):
                    for s in range(STONES):
                        if g.open_for(s, me):
                            h = g.copy()
                            h.play(me, c, s)
                            if hands_over_the_game(h, me):
                                bad.append((c, s))
                if bad and len(bad) < _moves(g, me):
                    found += 1
                    assert played(ai.move(g)) not in bad, (seed, len(m.log))
    assert found >= 10  # (the games do set such traps)


def _moves(g, me):
    return len(set(g.hand(me))) * sum(1 for s in range(STONES) if g.open_for(s, me))


def _a_reply_wins(g, mv):
    """After our move mv (and our claims), does a card in their hand win them the game at once?"""
    h = g.copy()
    h.play(g.player, *mv)
    return a_reply_wins(h, g.player)


def test_hard_weighs_the_reply_of_every_card_the_opponent_may_hold_late_in_the_round():
    """One card left in the deck. They hold stones 2, 4 and 6: stone 5 would make three adjacent.
    Our P6 P5 there is safe while their Y4 G4 cannot be proved the stronger: P7 is unseen.
    P2 completes it as a colour (the choice of one look ahead), and then their R4 makes
    three 4s, provable at once. Hard looks at their replies and keeps stone 5 open.
    (From a seeded game against greedy.)"""
    g = new_game("O7 R2 G6 P2 G1 Y5", "P7 P9 P1 B3 Y1 R4")
    for p, s, side in ((1, 3, "B7 B9 B8"), (1, 0, "R9 R7 R1"), (0, 2, "P8 R8 G8"),
                       (0, 6, "O9 O8 O1"), (1, 5, "O3 O5 O4"), (0, 7, "Y3 Y2 Y6"),
                       (1, 1, "Y7 Y9 Y8"), (0, 8, "B5 G5 R5"), (0, 0, "B1 B2"),
                       (0, 1, "G2 O2"), (1, 2, "G7 G9"), (0, 3, "R3"), (0, 4, "P6 P5"),
                       (1, 4, "Y4 G4"), (0, 5, "R6"), (1, 6, "O6 B6"), (1, 7, "G3"),
                       (1, 8, "P3 P4")):
        put(g, p, s, side)
    g.owner[1] = g.owner[3] = g.owner[5] = 2
    g.owner[2] = 1
    assert g.deck_left() == 1
    assert _a_reply_wins(g, (cs("P2")[0], 4))  # the trap is real
    mv = played(make_ai("hard", 56).move(g))
    assert not _a_reply_wins(g, mv), mv


def _moves_and_replies(mp, module, maker, variant, every):
    """Hard's games against greedy (seeds 40-51) and the replies it weighed in them (every:
    each reply of each candidate, as if no candidate could be dropped)."""
    from sim.tactical_players import GreedyTactical
    cls = type(maker("hard", 0))
    worst = cls._worst
    replied = cls._replied
    weighed = [0]

    def counting(self, h, me, c, v):
        weighed[0] += 1
        w = worst(self, h, me, c, v)
        assert w <= v  # (what the early stop rests on: no reply is worth more than v)
        return w

    def without_a_bar(self, h, me, n, ways, bar):
        return (yield from replied(self, h, me, n, ways, NONE))

    logs = []
    with mp.context() as m:
        m.setattr(cls, "_worst", counting)
        if every:
            m.setattr(cls, "_replied", without_a_bar)
        for seed in range(40, 52):
            match = Match(seed, variant)
            other = GreedyTactical() if variant == "tactical" else GreedyPlayer()
            seats = [maker("hard", seed), other]
            if seed % 2:
                seats.reverse()
            while match.game.phase != OVER:
                take_turn(match, seats[match.game.player])
            logs.append(bytes(match.log))
    return logs, weighed[0]


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["classic", "tactical"])
def test_the_look_drops_a_move_that_cannot_win_yet_chooses_the_same(variant, monkeypatch):
    """Hard's look at the replies stops weighing a candidate once it cannot beat the best one
    so far: the same games as weighing every reply of every candidate, with fewer replies."""
    if variant == "tactical":
        from engine.ai import tactical as module
        maker = module.make_tactical_ai
    else:
        from engine.ai import classic as module
        maker = make_ai
    logs, cut = _moves_and_replies(monkeypatch, module, maker, variant, False)
    every, full = _moves_and_replies(monkeypatch, module, maker, variant, True)
    assert logs == every
    assert 0 < cut < full


def test_the_mean_of_the_worst_replies_and_its_bound():
    """mean_worst is the mean over every hand the opponent may hold of the hand's worst
    reply (counted hand by hand here), whatever order the replies come in; with only some
    weighed, it never falls below what the rest (each at most v) make of it."""
    from itertools import combinations
    from engine.ai.base import hand_weights, insert, mean_worst
    from engine.core.rng import Rng
    rng = Rng(7)
    wt = [0] * 54
    for _ in range(200):
        n = 1 + rng.below(10)
        held = 1 + rng.below(6)
        v = rng.below(1024)
        replies = [v - rng.below(v + 1) for _ in range(n)]
        hands = list(combinations(replies, min(held, n)))
        exact = sum(min(hand) for hand in hands) // len(hands)
        ways = hand_weights(wt, n, held)
        assert ways == len(hands)
        worth = [0] * n
        bounds = []
        for x in range(n):
            bounds.append(mean_worst(worth, wt, x, v, ways))
            insert(worth, x, replies[x])
        assert worth == sorted(replies)
        assert mean_worst(worth, wt, n, v, ways) == exact
        assert bounds[0] == v
        assert all(b >= exact for b in bounds)
        assert bounds == sorted(bounds, reverse=True)  # (each reply weighed tightens it)


def test_hard_counts_a_stone_only_its_own_cards_could_lose_as_won():
    """Player 2's R6 R8 with R7 in hand beats Y4 Y5 Y6; its G3 G4 P5 can be beaten only by a
    5 and a 6 it holds itself (B5, B6), so the stone is as good as taken though not provable.
    With stones 3 and 6 claimed that makes five: R7 at stone 3 wins the round, where spending
    a card at stone 7 (as Hard did when it saw stone 2 as merely likely) gives player 1 a
    fourth stone and the race."""
    g = new_game("O2 O3 Y9 B4 B9 P2", "R2 R7 G2 B3 B5 B6", first=1)
    for s, mine, theirs in ((0, "", "O8 O7 O9"), (1, "G4 P5 G3", "P4"), (2, "R8 R6", "Y4 Y5 Y6"),
                            (3, "G7 G6", "R3 R4 R5"), (4, "Y3 Y2", "O4 O6 O5"),
                            (5, "P8 P9 P6", "P7 R9"), (6, "Y7 Y8", "G5 G8 G9"),
                            (7, "P1 P3 B2", "G1"), (8, "O1 R1 Y1", "B1")):
        if mine:
            put(g, 1, s, mine)
        put(g, 0, s, theirs)
    for s, p in ((0, 0), (3, 0), (4, 0), (7, 1), (8, 1)):
        g.owner[s] = p + 1
    assert g.deck_left() == 2 and g.player == 1
    for seed in range(4):
        a = make_ai("hard", seed).move(g)
        assert (a >> 16 & 255, a >> 8 & 255) == (cs("R7")[0], 2)


def test_hard_costs_a_card_the_whole_chance_of_a_stone_dead_without_it():
    """Player 1's B2 at stone 8 faces G1 G2 G3: only B3 and its own B4 together beat that run.
    Spending B4 elsewhere leaves a side nothing can lift over theirs, so it costs the stone's
    whole chance, not the little the side models would still give B2 alone."""
    g = new_game("O8 G5 R2 Y8 B4 B1", "R1 O1 P6 R6 B6 B3")
    for s, mine, theirs in ((0, "G4", "R8 R9"), (1, "O9 G9", "Y7"), (2, "R4 R3 R5", "G8 G6"),
                            (3, "B7 B5", "P8"), (4, "P7 P5", "O5"), (5, "", "O7"),
                            (6, "O2 O6", "Y3 Y2 Y1"), (7, "Y5 Y6 Y4", "P4 P2"),
                            (8, "B2", "G2 G1 G3")):
        if mine:
            put(g, 0, s, mine)
        put(g, 1, s, theirs)
    g.owner[6] = 2
    g.owner[7] = 1
    assert g.player == 0 and g.deck_left() == 10
    ai = make_ai("hard", 1)
    ai.k.start(g)
    for s in range(STONES):
        ai._stone_now(g, s)
    ai.out.prepare(ai.p)
    hand = sorted(g.hand(0))
    ci = hand.index(cs("B4")[0])
    ai._cost(g, hand[ci], ci)
    assert ai.p[8] > 0
    assert ai.cut[ci * STONES + 8] == -ai.p[8]


def test_the_outlook_s_tables_are_the_victory_rule_s_states():
    """engine/ai/outlook.py holds its tables as made by tools/outlook_tables.py from the rule
    of victory (three adjacent stones, or five): a table edited by hand, or a rule changed
    without making them again, fails here."""
    import os
    import sys
    from engine.ai import outlook
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(
        __file__))), "tools"))
    from outlook_tables import tables
    at, win, lose, end = tables()
    assert (outlook.AT, outlook.NEXT_WIN, outlook.NEXT_LOSE, outlook.END) == (at, win, lose, end)
    assert at[-1] == outlook.ALL and len(end) == outlook.FINAL
    # the states' meaning: the last layer's, the AI's chance in halves
    assert end.count(2) and end.count(1) and end.count(0)
