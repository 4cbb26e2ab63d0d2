# Game records: a replay reproduces the game; a bad line is refused with its number and why.
from engine.core import record
from engine.core import cards
from engine.core.game import OVER
from engine.core.match import Match
from engine.core.players import take_turn, GreedyPlayer, RandomPlayer
from tests.scenarios.util import snapshot


def played(seed, expert=False, rounds=1, turns=1000):
    m = Match(seed, expert=expert, rounds=rounds)
    seats = [RandomPlayer(seed), GreedyPlayer()]
    for _ in range(turns):
        if m.game.phase == OVER:
            if m.over():
                break
            m.next_round()
        take_turn(m, seats[m.game.player])
    return m


def test_header():
    m = Match(4242, expert=True, rounds=3)
    lines = record.text(m).split("\n")
    assert lines[:6] == ["schotten-totten 1", "seed 4242", "variant classic", "expert yes",
                         "rounds 3", "starts %d" % (m.first + 1)]


def test_replay_reproduces_whole_matches():
    for seed, expert in ((1, False), (2, True)):
        m = played(seed, expert, rounds=3)
        assert m.over()
        text = record.text(m)
        again = record.replay(text)
        assert record.text(again) == text
        assert snapshot(again.game) == snapshot(m.game)
        assert again.points == m.points and again.results == m.results


def test_replay_of_a_game_in_progress():
    m = played(5, turns=17)
    again = record.replay(record.text(m))
    assert snapshot(again.game) == snapshot(m.game)


def error(text):
    try:
        record.replay(text)
    except record.RecordError as e:
        return str(e)
    raise AssertionError("accepted")


HEAD = "schotten-totten 1\nseed 7\nvariant classic\nexpert no\nrounds 1\nstarts %d\n"


def start():
    return HEAD % (Match(7).first + 1)


def test_bad_headers():
    assert error("hello\n").startswith("line 1: not a game record")
    assert error("schotten-totten 1\nseed 7\ncolour red\n").startswith("line 3: expected a header")
    assert error("schotten-totten 1\nseed 7\nseed 8\n").startswith("line 3:")
    assert "incomplete" in error("schotten-totten 1\nseed 7\n")
    assert "numbers" in error((HEAD % 1).replace("seed 7", "seed x"))
    assert "variant" in error(start().replace("classic", "chess"))
    assert "expert" in error(start().replace("expert no", "expert maybe"))
    assert "rounds" in error(start().replace("rounds 1", "rounds 4"))
    wrong = 2 - Match(7).first
    assert "starts with player" in error(HEAD % wrong)


def first_lines():
    m = Match(7)
    g = m.game
    p = g.player + 1
    c = cards.name(g.hand(g.player)[0])
    return m, p, c


def test_bad_actions_name_their_line():
    m, p, c = first_lines()
    q = 3 - p
    body = start()
    assert error(body + "%d play %s 3\n" % (q, c)) == "line 7: it is player %d's turn" % p
    assert error(body + "%d play Z5 3\n" % p) == "line 7: unknown card 'Z5'"
    assert error(body + "%d play %s 0\n" % (p, c)).startswith("line 7: a stone is")
    assert error(body + "%d play %s\n" % (p, c)).startswith("line 7: expected 'play")
    assert error(body + "%d dance\n" % p).startswith("line 7: expected")
    assert error(body + "%d pass now\n" % p) == "line 7: 'pass' takes nothing after it"
    assert error(body + "%d end\n" % p).startswith("line 7: play a card")
    assert error(body + "\n%d play %s 3\n%d claim 3\n" % (p, c, p)).startswith(
        "line 9: your side of stone 3 is not complete")
    assert error(body + "round 3\n") == "line 7: expected 'round 2'"
    assert error(body + "%d play %s 3\n%d end\nround 2\n" % (p, c, p)) == (
        "line 9: the round is still being played")


def test_a_card_not_in_hand_is_refused():
    m, p, c = first_lines()
    other = [x for x in m.game.deck[12:]][0]
    line = "%d play %s 3\n" % (p, cards.name(other))
    assert error(start() + line) == "line 7: that card is not in your hand"


def test_a_tactical_verb_in_a_classic_record_is_refused():
    m, p, c = first_lines()
    body = start()
    for line in ("recruit 2 1", "recruit 2 1 R5 B3", "strategist R5 3 4", "banshee B1 2",
                 "traitor P9 2 6"):
        verb = line.split()[0]
        assert error(body + "%d %s\n" % (p, line)) == (
            "line 7: '%s' belongs to the tactical variant: this is a classic record" % verb)
    assert error(body + "%d play %s 3\n%d end tactic\n" % (p, c, p)) == (
        "line 8: 'end tactic' belongs to the tactical variant: this is a classic record")


def damaged(text, rng):
    """text with one damage of the kinds a file meets: cut short, a byte changed, lines
    swapped, doubled or gone, a line of another variant, numbers huge, negative or NUL."""
    lines = text.split("\n")
    i = rng.below(len(lines) - 1)
    j = rng.below(len(lines) - 1)
    kind = rng.below(7)
    if kind == 0:
        return text[:rng.below(len(text))]
    if kind == 1:
        k = rng.below(len(text))
        return text[:k] + chr(1 + rng.below(0x250)) + text[k + 1:]
    if kind == 2:
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3:
        lines.insert(i, lines[j])
    elif kind == 4:
        del lines[i]
    elif kind == 5:
        lines.insert(i, ("1 recruit 2 1", "2 strategist R5 3 4", "1 end tactic", "2 play JK 3",
                         "1 banshee B1 2", "round 2", "2 traitor P9 2 6",
                         "opponent 2p recruit 9 9")[rng.below(8)])
    else:
        for d in "0123456789":
            lines[i] = lines[i].replace(d, ("99999999999999999999", "-1", "\x00")[rng.below(3)])
    return "\n".join(lines)


def test_a_damaged_record_is_refused_with_a_reason_never_a_crash():
    from engine.core.rng import Rng
    from tests.scenarios.test_tactical_match import _play_match
    texts = [record.text(played(5, rounds=3, turns=40)), record.text(_play_match(6, False))]
    rng = Rng(23)
    for n in range(300):
        bad = damaged(texts[n % 2], rng)
        try:
            record.replay(bad)
        except record.RecordError as e:
            assert str(e).startswith("line "), (e, bad)
