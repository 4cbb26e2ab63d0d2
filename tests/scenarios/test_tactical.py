# A round of the tactical variant (RULES.md section 2): hands of 7, the tactic deck and the
# choice of deck, the tactic limit, one Joker a player, combat modes and the four ruses. Every
# refused move leaves the state as it was.
from engine.core import cards
from engine.tactical import tactics as T
from engine.core.cards import classic_deck
from engine.core.game import IllegalMove, TO_PLAY, TO_END, OVER
from engine.tactical.round import TacticalGame, CLAN, TACTICS


def cs(text):
    return [cards.parse(w) or T.parse(w) for w in text.split()]


ALL_TACTICS = [T.TACTIC + i for i in range(10)]


def new(hand1, hand2, tdeck=None, first=0):
    """A round whose players hold these cards (clan and tactic); the tactic deck holds the
    tactic cards not in a hand, in code order unless given."""
    h1, h2 = cs(hand1), cs(hand2)
    held = h1 + h2
    clan = [c for c in held if c < T.TACTIC]
    rest = [c for c in classic_deck() if c not in clan]
    tactics = [c for c in held if c >= T.TACTIC]
    order = (h1, h2) if first == 0 else (h2, h1)
    # the deal takes 7 clan cards each: fill hands with clan cards, then swap tactics in
    pad = [rest.pop() for _ in range(14 - len(clan))]
    deal = []
    for h in order:
        deal += [c for c in h if c < T.TACTIC] + [pad.pop() for _ in range(7 - len(
            [c for c in h if c < T.TACTIC]))]
    td = cs(tdeck) if tdeck is not None else [c for c in ALL_TACTICS if c not in tactics]
    g = TacticalGame(bytearray(deal + rest), bytearray(td), first)
    for p, h in ((first, order[0]), (1 - first, order[1])):
        want = bytes(h)
        g.hands[p * 7:p * 7 + len(want)] = want
        g.hand_n[p] = len(want)
    return g


def has(buf, c):
    """Is card c in the bytes `buf`? (MicroPython has no `int in bytes`.)"""
    return bytes(buf).find(bytes((c,))) >= 0


def lay(g, p, stone, text):
    """Set up a position: cards straight onto p's side of a stone."""
    for c in cs(text):
        g._place(stone * 2 + p, c)


def state(g):
    return (bytes(g.hands), bytes(g.hand_n), bytes(g.sides), bytes(g.count), bytes(g.done),
            bytes(g.modes), bytes(g.tactics_played), bytes(g.discard), g.top, g.ttop,
            bytes(g.deck), bytes(g.tdeck), g.player, g.phase, bytes(g.unseen))


def refused(g, fn, *args):
    before = state(g)
    try:
        fn(*args)
    except IllegalMove as e:
        assert state(g) == before, "a refused move changed the state"
        return e.reason
    raise AssertionError("the move was allowed")


def test_the_deal_is_seven_clan_cards_each_and_a_tactic_deck_of_ten():
    deck = classic_deck()
    g = TacticalGame(bytearray(deck), bytearray(ALL_TACTICS), 0)
    assert g.hand(0) == bytes(deck[0:7]) and g.hand(1) == bytes(deck[7:14])
    assert g.deck_left() == 54 - 14 and g.tdeck_left() == 10


def test_drawing_from_the_deck_of_ones_choice():
    g = new("R1 R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7")
    g.play(0, cs("R1")[0], 0)
    g.end_turn(0, TACTICS)
    assert has(g.hand(0), T.JOKER) and g.ttop == 1 and g.player == 1
    g.play(1, cs("G1")[0], 0)
    top = g.top
    g.end_turn(1, CLAN)
    assert g.top == top + 1 and len(g.hand(1)) == 7


def test_an_empty_deck_cannot_be_chosen():
    g = new("R1 R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7", tdeck="")
    g.play(0, cs("R1")[0], 0)
    assert "empty" in refused(g, g.end_turn, 0, TACTICS)
    g.end_turn(0, CLAN)
    assert len(g.hand(0)) == 7


def test_the_tactic_limit_one_more_than_the_opponent():
    g = new("JK SPY R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7")
    g.play(0, T.SPY, 0)
    g.end_turn(0, CLAN)
    g.play(1, cs("G1")[0], 0)
    g.end_turn(1, CLAN)
    assert "tactic card ahead" in refused(g, g.play, 0, T.JOKER, 1)
    g.play(0, cs("R3")[0], 1)  # a clan card is fine


def test_one_joker_a_player_for_the_whole_game():
    g = new("JK R2 R3 R4 R5 R6 R7", "SHB G2 G3 G4 G5 G6 G7", tdeck="JK SPY")
    g.tdeck[0] = 0x61  # the second Joker on top
    g.play(0, T.JOKER, 0)
    g.end_turn(0, TACTICS)  # draws the other Joker
    assert has(g.hand(0), 0x61)
    g.play(1, T.SHIELD, 0)
    g.end_turn(1, CLAN)
    assert "yours is played" in refused(g, g.play, 0, 0x61, 1)


def test_pass_or_tactic_only_when_no_clan_card_can_be_played():
    g = new("SPY MUD", "G1 G2 G3 G4 G5 G6 G7")
    assert not g.can_play()
    g.pass_turn(0)  # allowed: no clan card in hand
    g = new("R1 MUD", "G1 G2 G3 G4 G5 G6 G7")
    assert "cannot pass" in refused(g, g.pass_turn, 0)


def test_mud_fight_needs_four_cards_and_undoes_completion():
    g = new("MUD R4 R5 R6 R7 R8 R9", "G1 G2 G3 G4 G5 G6 G7")
    lay(g, 0, 2, "B1 B2 B3")
    lay(g, 1, 2, "P4 P5 P6")
    assert g.done[4] and g.done[5]
    g.play(0, T.MUD, 2)
    assert g.modes[2] & T.MODE_MUD and g.need(2) == 4
    assert g.done[4] == 0 and g.done[5] == 0  # three cards are complete no more
    g.phase = TO_END
    assert 2 not in g.claimable()
    assert "not complete" in refused(g, g.claim, 0, 2)
    assert g.open_for(2, 0) and g.open_for(2, 1)


def test_blind_mans_bluff_claims_by_sums():
    g = new("BMB R1 R2 R6 R7 R8 R9", "G1 G2 G3 G4 G5 G6 G7")
    lay(g, 0, 0, "B1 B2 B3")  # a colour-run, sum 6
    lay(g, 1, 0, "P9 O9 Y8")  # a sum of 26
    g.play(0, T.BLIND, 0)
    assert "stronger" in refused(g, g.claim, 0, 0)
    g.end_turn(0, CLAN)
    g.play(1, cs("G1")[0], 5)
    assert 0 in g.claimable()


def test_elite_troops_claim_at_their_best():
    g = new("JK R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7")
    lay(g, 0, 4, "B8 B9")
    lay(g, 1, 4, "P5 O5 Y5")
    g.play(0, T.JOKER, 4)  # as B7: a colour-run beats three 5s
    assert 4 in g.claimable()
    g.claim(0, 4)
    assert g.owner[4] == 1


def test_banshee_discards_and_recompletion_decides_who_completed_first():
    g = new("BAN R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7")
    lay(g, 1, 3, "P5 O5 Y5")  # they complete first...
    lay(g, 0, 3, "B5 G5 R5")  # ...then us: equal, they were first
    g.phase = TO_END
    assert 3 not in g.claimable()
    g.phase = TO_PLAY
    g.banshee(0, 3, cs("O5")[0])
    assert g.count[7] == 2 and g.done[7] == 0 and has(g.discard, cs("O5")[0])
    assert has(g.discard, T.BANSHEE) and g.tactics_played[0] == 1
    g.end_turn(0, CLAN)
    g.play(1, cs("G1")[0], 0)
    g.end_turn(1, CLAN)
    lay(g, 1, 3, "R9")  # completed again, now after us: our 5s hold... against three 9s?
    assert g.done[7] > g.done[6]


def test_banshee_refusals():
    g = new("BAN R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7")
    lay(g, 1, 3, "P5")
    g.owner[4] = 2
    lay(g, 1, 4, "P6")
    assert "claimed" in refused(g, g.banshee, 0, 4, cs("P6")[0])
    assert "no such card" in refused(g, g.banshee, 0, 3, cs("P6")[0])
    assert "no such card" in refused(g, g.banshee, 0, 5, cs("P5")[0])


def test_strategist_moves_or_discards_ones_own_card():
    g = new("STR R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7")
    lay(g, 0, 0, "B7 B8")
    lay(g, 0, 1, "P1 P2 P3")
    g.owner[2] = 1
    assert "no room" in refused(g, g.strategist, 0, 0, cs("B7")[0], 1)  # a full side
    assert "no room" in refused(g, g.strategist, 0, 0, cs("B7")[0], 2)  # a claimed stone
    assert "another stone" in refused(g, g.strategist, 0, 0, cs("B7")[0], 0)
    g.strategist(0, 0, cs("B8")[0], 5)
    assert g.side(0, 0) == bytes(cs("B7")) and g.side(5, 0) == bytes(cs("B8"))
    g2 = new("STR R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7")
    lay(g2, 0, 0, "B7")
    g2.strategist(0, 0, cs("B7")[0], -1)
    assert g2.count[0] == 0 and has(g2.discard, cs("B7")[0])


def test_traitor_takes_a_clan_card_over():
    g = new("TRA R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7")
    lay(g, 1, 0, "P9 SPY")
    lay(g, 0, 1, "B1 B2 B3")
    assert "clan cards only" in refused(g, g.traitor, 0, 0, T.SPY, 2)
    assert "no room" in refused(g, g.traitor, 0, 0, cs("P9")[0], 1)  # onto a full side
    g.traitor(0, 0, cs("P9")[0], 2)
    assert g.side(2, 0) == bytes(cs("P9")) and g.side(0, 1) == bytes([T.SPY])


def test_recruiter_draws_three_and_puts_two_back():
    g = new("REC R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7", tdeck="JK SPY SHB")
    nxt = g.deck[g.top]
    assert "3 cards" in refused(g, g.recruit, 0, 1, 1, cs("R2 R3"))
    assert "not in your hand" in refused(g, g.recruit, 0, 1, 2, cs("B9 R3"))
    g.recruit(0, 1, 2, [T.JOKER, cs("R2")[0]])
    hand = g.hand(0)
    assert len(hand) == 7 and has(hand, nxt) and has(hand, T.SPY) and not has(hand, T.JOKER)
    assert g.tdeck[-1] == T.JOKER and g.deck[-1] == cs("R2")[0]  # under their own decks
    assert has(g.discard, T.RECRUITER)
    top, ttop = g.top, g.ttop
    g.end_turn(0, CLAN)  # no further draw after a Recruiter
    assert g.top == top and g.ttop == ttop and len(g.hand(0)) == 7


def test_recruiter_with_nearly_empty_decks_draws_what_there_is():
    g = new("REC R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7", tdeck="SPY")
    g.top = len(g.deck) - 1  # one clan card left
    assert "3 cards" in refused(g, g.recruit, 0, 1, 0, cs("R2 R3"))
    g.recruit(0, 1, 1, cs("R2 R3"))
    assert len(g.hand(0)) == 6  # 7 - REC + 2 - 2 back... 6 + 2 drawn - 2 = 6


def test_a_ruse_is_not_played_on_a_stone():
    g = new("TRA R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7")
    assert "ruse" in refused(g, g.play, 0, T.TRAITOR, 0)


# --- what a card may do now: the questions the screens ask -----------------------------

def test_stones_for_clan_cards_elite_troops_and_combat_modes():
    g = new("R2 SPY MUD BMB R6 R7 R8", "G1 G2 G3 G4 G5 G6 G7")
    lay(g, 0, 0, "B1 B2 B3")
    g.owner[1] = 1
    g.modes[2] = T.MODE_MUD
    lay(g, 0, 2, "P1 P2 P3")
    assert g.stones_for(0, cs("R2")[0]) == [2, 3, 4, 5, 6, 7, 8]  # stone 3 has room for 4
    assert g.stones_for(0, T.SPY) == [2, 3, 4, 5, 6, 7, 8]
    assert g.stones_for(0, T.MUD) == [0, 3, 4, 5, 6, 7, 8]  # not claimed, not muddy yet
    assert g.stones_for(0, T.BLIND) == [0, 2, 3, 4, 5, 6, 7, 8]


def test_ruse_targets_and_destinations():
    g = new("STR BAN TRA R5 R6 R7 R8", "G1 G2 G3 G4 G5 G6 G7")
    lay(g, 0, 0, "B1")
    lay(g, 1, 3, "P9 SPY")
    lay(g, 1, 4, "JK")
    assert g.stones_for(0, T.STRATEGIST) == [0]
    assert g.targets(0, T.STRATEGIST, 0) == bytes(cs("B1"))
    assert 0 not in g.destinations(0, T.STRATEGIST, 0)  # another stone
    assert g.stones_for(0, T.BANSHEE) == [3, 4]
    assert g.targets(0, T.BANSHEE, 3) == bytes(cs("P9 SPY"))
    assert g.stones_for(0, T.TRAITOR) == [3]  # a clan card to take: not the Joker's stone
    assert g.targets(0, T.TRAITOR, 3) == bytes(cs("P9"))
    assert 3 in g.destinations(0, T.TRAITOR, 3)  # its own side of the same stone will do


def test_why_not_names_each_reason_and_agrees_with_the_moves():
    g = new("STR BAN TRA REC R6 R7 R8", "G1 G2 G3 G4 G5 G6 G7")
    assert g.why_not(0, cs("R6")[0]) is None
    assert "no card" in g.why_not(0, T.BANSHEE)
    assert "no card" in g.why_not(0, T.STRATEGIST)
    assert g.why_not(0, T.RECRUITER) is None
    g.tactics_played[0] = 1
    assert "tactic card ahead" in g.why_not(0, T.RECRUITER)
    assert "tactic card ahead" in refused(g, g.recruit, 0, 3, 0, cs("R6 R7"))
    g = new("JK MUD R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7")
    g.joker_played[0] = 1
    assert "yours is played" in g.why_not(0, T.JOKER)
    for s in range(9):
        g.modes[s] = T.MODE_MUD
    assert "combat mode" in g.why_not(0, T.MUD)
    g = new("REC R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7", tdeck="")
    g.top = len(g.deck)
    assert "empty" in g.why_not(0, T.RECRUITER)


def test_recruit_draws_follow_what_the_decks_hold():
    g = new("REC R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7", tdeck="SPY")
    assert g.recruit_draws() == [(2, 1), (3, 0)]
    g.top = len(g.deck) - 1
    assert g.recruit_draws() == [(1, 1)]
    for clan, tactic in [(0, 1), (1, 0), (2, 1)]:
        assert refused(g, g.recruit, 0, clan, tactic, cs("R2 R3"))


def test_decks_for_the_draw_at_the_end_of_the_turn():
    g = new("R1 R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7", tdeck="SPY")
    assert g.decks_for(0) == ()  # a full hand draws nothing
    g.play(0, cs("R1")[0], 0)
    assert g.decks_for(0) == (CLAN, TACTICS)
    g.ttop = 1
    assert g.decks_for(0) == (CLAN,)
    g.ttop = 0
    g.top = len(g.deck)
    assert g.decks_for(0) == (TACTICS,)


# --- the discard pile is face up: a proof counts it as seen ----------------------------

def _eights_against_g8_g9(hand):
    """Our three 8s at stone 1 lose only to a colour-run; their G8 G9 make one with the G7
    alone (no three of a kind for them, and a colour is weaker)."""
    g = new(hand, "B1 B2 B3 B4 B5 B6 P1")
    lay(g, 0, 0, "R8 O8 Y8")
    lay(g, 1, 0, "G8 G9")
    return g


def test_proofs_count_a_card_the_banshee_discarded_as_seen():
    g = _eights_against_g8_g9("R2 R3 R4 R5 R6 R7 B9")  # the G7 unseen (in the deck)
    g.play(0, cs("R2")[0], 4)
    assert refused(g, g.claim, 0, 0) == "not provable: they could still add G7"
    assert 0 not in g.claimable()
    # A Banshee discards the G7 from their complete colour-run: the claim is proven at once.
    g = _eights_against_g8_g9("BAN R3 R4 R5 R6 R7 B9")
    lay(g, 1, 0, "G7")
    g.phase = TO_END
    assert "stronger" in refused(g, g.claim, 0, 0)
    g.phase = TO_PLAY
    g.banshee(0, 0, cs("G7")[0])
    assert has(g.discard, cs("G7")[0]) and g.count[1] == 2
    assert 0 in g.claimable()
    g.claim(0, 0)
    assert g.owner[0] == 1


def test_proofs_count_a_card_the_strategist_discarded_as_seen():
    # The Strategist discards our own G7 from another stone: the claim is proven.
    g = _eights_against_g8_g9("STR R3 R4 R5 R6 R7 B9")
    lay(g, 0, 5, "G7")
    g.strategist(0, 5, cs("G7")[0], -1)
    assert has(g.discard, cs("G7")[0]) and g.count[10] == 0
    assert 0 in g.claimable()
    g.claim(0, 0)
    assert g.owner[0] == 1


def test_recompletion_after_banshee_wins_the_tie_for_the_side_now_first():
    g = new("BAN R1 R2 O1 O2 Y1 Y2", "R6 G1 G2 P1 P2 B1 B2")
    lay(g, 1, 3, "G4 B5 P6")  # a run of 15, complete first...
    lay(g, 0, 3, "R4 O5 Y6")  # ...then ours, equal: the tie is theirs
    g.phase = TO_END
    assert "stronger" in refused(g, g.claim, 0, 3)
    g.phase = TO_PLAY
    g.banshee(0, 3, cs("P6")[0])
    g.end_turn(0, CLAN)
    g.play(1, cs("R6")[0], 3)  # G4 B5 R6: the same run of 15, complete again, now second
    assert g.done[7] > g.done[6]
    assert 3 not in g.claimable()
    assert "stronger" in refused(g, g.claim, 1, 3)  # the tie is no longer theirs...
    g.end_turn(1, CLAN)
    g.play(0, cs("R1")[0], 0)
    assert 3 in g.claimable()  # ...but ours
    g.claim(0, 3)
    assert g.owner[3] == 1
