# Tactical matches end to end: seeded games of random legal actions (every tactic card and
# ruse among them), every card accounted for all along, and records that replay exactly.
from engine.core import record
from engine.tactical import tactics as T
from engine.core.game import IllegalMove, OVER, STONES
from engine.core.match import Match
from engine.core.players import take_turn
from sim.tactical_players import RandomTactical


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
    player = RandomTactical(seed + 99)  # random legal actions, every ruse among them
    turns = 0
    while g.phase != OVER:
        take_turn(m, player)  # (the claims around its action: Match.turn)
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
