# Helpers for the scenario tests, which run under pytest on CPython and under the npm
# MicroPython (so: plain asserts, no pytest features).
from engine.core import cards
from engine.core.cards import classic_deck
from engine.core.game import Game, IllegalMove, HAND, OVER, TO_PLAY, STONES, PLAY, PASS
from engine.tactical.tactics import TACTIC


def cs(text):
    """Card codes from names: cs("R5 B7") -> [0x05, 0x47]."""
    return [cards.parse(w) for w in text.split()]


def new_game(hand1, hand2, first=0, expert=False, deck=None):
    """A round with chosen hands (player 1's, player 2's); `deck` (names, in drawing order) defaults to the remaining
    cards in notation order."""
    h = (cs(hand1), cs(hand2))
    order = h[first] + h[1 - first]  # the deal: six cards to the first player, then six
    rest = cs(deck) if deck is not None else [c for c in classic_deck() if c not in order]
    return Game(bytearray(order + rest), first, expert)


def put(g, p, stone, text):
    """Lay cards from the undrawn deck on p's side of a stone (setting up a position): each
    card is slipped into p's hand and played by the real move, then the turn is restored."""
    for c in cs(text):
        rest = g.deck[g.top:]
        k = rest.find(bytes([c]))
        assert k >= 0, "%s is not in the undrawn deck" % cards.name(c)
        g.deck = g.deck[:g.top + k] + g.deck[g.top + k + 1:]
        saved = (g.player, g.phase, g.acted)
        h = p * HAND
        keep = None
        if g.hand_n[p] == HAND:  # a full hand: set its last card aside for a moment
            g.hand_n[p] -= 1
            keep = g.hands[h + HAND - 1]
        g.hands[h + g.hand_n[p]] = c
        g.hand_n[p] += 1
        g.player, g.phase = p, TO_PLAY
        g.play(p, c, stone)
        if keep is not None:
            g.hands[h + g.hand_n[p]] = keep
            g.hand_n[p] += 1
        g.player, g.phase, g.acted = saved


def claims_win(g, p):
    """Claim every stone p can prove in round g (after p's move): has p won the round?"""
    for s in g.claimable():
        g.claim(p, s)
        if g.phase == OVER:
            break
    return g.phase == OVER and g.winner == p


def a_reply_wins(h, me):
    """h: a copy of a round just after me's play. Unless me's claims win first, can a clan card
    in the other hand, played anywhere, make claims that win the round at once?"""
    if claims_win(h, me):
        return False
    other = 1 - me
    h.player = other  # (their turn; the draw does not matter here)
    h.phase = TO_PLAY
    for c in set(h.hand(other)):
        for s in range(STONES):
            if c < TACTIC and h.open_for(s, other):
                r = h.copy()
                r.play(other, c, s)
                if claims_win(r, other):
                    return True
    return False


def raises(fn, *args):
    """Call fn(*args) expecting IllegalMove; returns it."""
    try:
        fn(*args)
    except IllegalMove as e:
        return e
    raise AssertionError("no IllegalMove from %s%r" % (getattr(fn, "__name__", fn), args))


def snapshot(g):
    """Everything a move could change, to prove a refused move changed nothing."""
    return (bytes(g.deck), g.top, bytes(g.hands), bytes(g.hand_n), bytes(g.sides),
            bytes(g.count), bytes(g.done), bytes(g.owner), bytes(g.unseen), g.tick,
            g.player, g.phase, g.acted, g.idle, g.winner)


def empty_handed():
    """Player 1 to move, both hands empty, every card on the table, no stone claimed."""
    g = new_game("R1 R2 R3 O1 O2 O3", "Y1 Y2 Y3 G1 G2 G3")
    pool = [cards.name(c) for c in g.deck[g.top:]]
    for s in range(9):
        put(g, 0, s, " ".join(pool.pop() for _ in range(2 if s < 6 else 3)))
        put(g, 1, s, " ".join(pool.pop() for _ in range(2 if s < 6 else 3)))
    assert g.deck_left() == 0 and not pool
    for s in range(6):
        g.play(0, g.hand(0)[0], s)
        g.end_turn(0)
        g.play(1, g.hand(1)[0], s)
        g.end_turn(1)
    return g


def played(a):
    """(card, stone) of a computer's action that plays a card, None for a pass."""
    if a >> 24 == PASS:
        return None
    assert a >> 24 == PLAY, a
    return a >> 16 & 255, a >> 8 & 255
