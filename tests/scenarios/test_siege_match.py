# The siege as a match and a record (RULES.md section 3, "Match"): two games with the roles
# swapped, a point a game won, who attacks first chosen by the players; every action written
# with its own verb and replayed; a bad siege line refused with its number and why.
from engine.core import record
from engine.core.game import IllegalMove, OVER, DRAW, PLAY, PASS, action
from engine.core.match import Match
from engine.core.players import take_turn
from engine.core.steps import Player
from engine.siege.round import SECTIONS, RETREAT, OIL
from tests.scenarios.util import snapshot
from tests.scenarios.test_match import refused


class FirstFit(Player):
    """A scripted player: the first card of its hand at the first section with room; before
    it, a retreat (attacker) or boiling oil (defender) at the first section where one is
    legal, every `every` turns."""

    def __init__(self, every=3):
        self.every = every
        self.turns = 0

    def think(self, g):
        yield
        p = g.player
        if not g.prepared:
            self.turns += 1
            if self.turns % self.every == 0 and (p == g.attacker or g.cauldrons):
                kind = RETREAT if p == g.attacker else OIL
                for s in range(SECTIONS):
                    if g.count[s * 2 + g.attacker]:
                        return action(kind, s)
        for s in range(SECTIONS):
            if g.open_for(s, p) and g.hand_n[p]:
                return action(PLAY, g.hand(p)[0], s)
        return action(PASS)


def played(seed, games=2, first=None, turns=10000):
    m = Match(seed, "siege", rounds=games, first=first)
    seats = [FirstFit(3), FirstFit(4)]
    for _ in range(turns):
        if m.game.phase == OVER:
            if m.over():
                break
            m.next_round()
        take_turn(m, seats[m.game.player])
    return m


def test_a_siege_match_is_two_games_with_the_roles_swapped_a_point_a_game_won():
    for seed in range(6):
        m = played(seed, first=seed % 2)
        assert m.over() and len(m.results) == 2
        assert m.first == seed % 2 and m.game.attacker == 1 - seed % 2
        wins = [r[0] for r in m.results]
        assert m.points == [wins.count(0), wins.count(1)]
        assert m.winner() == (DRAW if wins[0] != wins[1] else wins[0])


def test_who_attacks_first_follows_the_seed_unless_the_players_chose():
    assert Match(7, "siege").first == Match(7, "siege").game.attacker
    assert Match(7, "siege", first=1).game.attacker == 1
    assert Match(7, "siege", first=0).game.player == 0


def test_a_siege_match_has_one_or_two_games_and_the_other_games_keep_the_seed_s_start():
    assert refused(Match, 1, "siege", False, 3) == "a siege match has 1 or 2 rounds, not 3"
    assert refused(Match, 1, "classic", False, 2) == "a classic match has 1, 3 or 5 rounds, not 2"
    assert refused(Match, 1, "classic", False, 1, 0) == \
        "who starts a classic match follows from the seed"
    assert refused(Match, 1, "siege", False, 1, 2) == "the first player is 0 or 1"


def test_a_computer_s_turn_makes_its_preparation_then_its_play():
    m = Match(3, "siege", first=0)
    g = m.game
    g.play(0, g.hand(0)[0], 2)  # the attacker has a card at section 3
    g.end_turn(0)
    m.log[:] = b""
    take_turn(m, FirstFit(1))  # the defender: boiling oil, then a play
    kinds = [m.log[i] >> 1 for i in range(0, len(m.log), 4)]
    assert kinds[:2] == [OIL, PLAY] and g.cauldrons == 2 and g.count[2 * 2] == 0


def test_a_siege_record_names_the_variant_its_first_attacker_and_every_verb():
    m = played(11, first=1)
    text = record.text(m)
    lines = text.split("\n")
    assert lines[2] == "variant siege" and lines[5] == "starts 2"
    verbs = set(line.split()[1] for line in lines[6:] if line and line[0] in "12")
    assert verbs >= {"play", "end", "control", "retreat", "oil"}
    again = record.replay(text)
    assert record.text(again) == text
    assert snapshot(again.game) == snapshot(m.game) and again.points == m.points


def test_bad_siege_lines_are_refused_with_their_number_and_why():
    head = "schotten-totten 1\nseed 4\nvariant siege\nexpert no\nrounds 1\nstarts 1\n"
    m = Match(4, "siege", first=0)
    c = m.game.hand(0)[0]
    from engine.core.cards import name
    for body, why in (
            ("1 claim 3", "'claim' belongs to the classic variant: this is a siege record"),
            ("1 oil 2", "only the defender pours boiling oil"),
            ("1 retreat 2", "you have no card at section 2"),
            ("1 play %s 9" % name(c), "there is no section 9"),
            ("1 control 1", "your side of section 1 is not complete"),
            ("2 play %s 1" % name(c), "it is player 1's turn")):
        try:
            record.replay(head + body + "\n")
            raise AssertionError("accepted: " + body)
        except record.RecordError as e:
            assert str(e) == "line 7: " + why, (body, str(e))
