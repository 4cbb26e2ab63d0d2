# Tactical matches end to end: seeded games of random legal actions (every tactic card and
# ruse among them), every card accounted for all along, and records that replay exactly.
from engine import record, tactics as T
from engine.game import IllegalMove, OVER, STONES
from engine.match import Match
from engine.rng import Rng


def _try(fn, *args):
    try:
        fn(*args)
        return True
    except IllegalMove:
        return False


def _random_play(m, rng):
    """One play of the player to move: a random card of the hand at a random stone, a ruse
    with random choices, or a pass; tried until one is legal."""
    g = m.game
    p = g.player
    hand = g.hand(p)
    for _ in range(60):
        c = hand[rng.below(len(hand))] if hand else 0
        s = rng.below(STONES)
        t = rng.below(STONES + 1) - 1
        if c == T.RECRUITER:
            n = min(3, g.deck_left() + g.tdeck_left())
            clan = min(g.deck_left(), rng.below(n + 1))
            drawn = g.recruited_hand(p, clan, n - clan)
            back = [drawn.pop(rng.below(len(drawn))) for _ in range(min(2, len(drawn)))]
            if _try(m.recruit, p, clan, n - clan, back):
                return
        elif c in (T.STRATEGIST, T.BANSHEE, T.TRAITOR):
            side = g.side(s, p if c == T.STRATEGIST else 1 - p)
            if side:
                x = side[rng.below(len(side))]
                if c == T.STRATEGIST and _try(m.strategist, p, s, x, t):
                    return
                if c == T.BANSHEE and _try(m.banshee, p, s, x):
                    return
                if c == T.TRAITOR and t >= 0 and _try(m.traitor, p, s, x, t):
                    return
        elif c and _try(m.play, p, c, s):
            return
    if not _try(m.pass_turn, p):  # nothing legal found at random: the first legal play
        for c in hand:
            for s in range(STONES):
                if _try(m.play, p, c, s):
                    return
        raise AssertionError("no legal play found")


def _all_cards_there(g):
    seen = bytearray(g.deck[g.top:]) + g.tdeck[g.ttop:] + g.discard
    for p in (0, 1):
        seen += g.hand(p)
    for s in range(STONES):
        for p in (0, 1):
            seen += g.side(s, p)
        if g.modes[s] & T.MODE_BLIND:  # combat modes lie on the stone itself
            seen.append(T.BLIND)
        if g.modes[s] & T.MODE_MUD:
            seen.append(T.MUD)
    want = sorted(list(range(1, 10)) + [c * 16 + v for c in range(1, 6) for v in range(1, 10)]
                  + list(range(T.TACTIC, T.TACTIC + 10)))
    assert sorted(seen) == want, "cards lost or doubled"


def _play_match(seed, expert):
    m = Match(seed, "tactical", expert)
    g = m.game
    rng = Rng(seed + 99)
    turns = 0
    while g.phase != OVER:
        p = g.player
        if expert:
            for s in g.claimable():
                m.claim(p, s)
                if g.phase == OVER:
                    break
            if g.phase == OVER:
                break
        _random_play(m, rng)
        if not expert:
            for s in g.claimable():
                m.claim(p, s)
                if g.phase == OVER:
                    break
        if g.phase != OVER:
            deck = rng.below(2)
            if not _try(m.end_turn, p, deck):
                m.end_turn(p, 1 - deck)
        assert g.hand_n[0] <= 7 and g.hand_n[1] <= 7
        _all_cards_there(g)
        turns += 1
        assert turns < 400, "the round does not end"
    return m


def test_random_tactical_games_end_keep_every_card_and_replay():
    kinds = set()
    for seed in range(12):
        m = _play_match(seed, seed % 3 == 2)
        text = record.text(m)
        again = record.replay(text)
        assert again.log == m.log and record.text(again) == text
        for i in range(0, len(m.log), 4):
            kinds.add(m.log[i] >> 1)
    assert len(kinds) >= 8, kinds  # plays, claims, ends and ruses all came up


def test_a_tactical_record_names_its_actions():
    m = Match(5, "tactical")
    g = m.game
    p = g.player
    c = g.hand(p)[0]
    m.play(p, c, 0)
    m.end_turn(p, 1)
    text = record.text(m)
    assert "variant tactical" in text and text.endswith("%d end tactic\n" % (p + 1))
    assert record.replay(text).log == m.log
    try:
        record.replay(text.replace("end tactic", "end sideways"))
        raise AssertionError("accepted a bad deck")
    except record.RecordError as e:
        assert "end clan" in str(e) and str(e).startswith("line ")


def test_classic_matches_have_one_deck():
    m = Match(5)
    g = m.game
    p = g.player
    m.play(p, g.hand(p)[0], 0)
    try:
        m.end_turn(p, 1)
        raise AssertionError("drew from a tactic deck in a classic game")
    except IllegalMove as e:
        assert "one deck" in e.reason
