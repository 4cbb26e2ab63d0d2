"""The siege on screen, by button presses (tests/ui_driver.py): whole games in each role
against each level and between two players, the new-game form's role, the preparation
(retreat, boiling oil), the attacker's control, the end of a game and of a match."""
import pytest

import ui_driver as D
from engine.core import record
from engine.core.game import OVER, CLAIM
from engine.siege.round import RETREAT, OIL
from engine.ui import play as P
from sim.headless import Runner


@pytest.fixture
def lcd(tmp_path):
    return Runner("pico_lcd_114", str(tmp_path), 11)


def board(r):
    s = r.app.screen
    assert D.on(s, "SiegePlay"), type(s).__name__
    return s


def kinds(m, since=0):
    return [m.log[i] >> 1 for i in range(since, len(m.log), 4)]


@pytest.mark.parametrize("level", [0, 1, 2])
@pytest.mark.parametrize("role", [0, 1])
def test_a_siege_against_each_level_in_each_role_to_its_end(lcd, level, role):
    D.new_game(lcd, opponent=level, role=role)
    s = board(lcd).s
    m = s.match
    assert m.variant == "siege" and m.rounds == 1 and m.game.attacker == role
    assert s.opponent == ("easy", "normal", "hard")[level]
    D.play_round(lcd, 6000)
    g = m.game
    assert D.on(lcd.app.screen, "RoundEnd") and g.phase == OVER and m.over()
    assert lcd.app.storage.read("game.sav") is None
    again = record.replay(record.text(m))  # every action made through the screens is legal
    assert again.log == m.log and again.game.winner == g.winner


def test_both_roles_between_two_players_swap_in_the_second_game(tmp_path):
    lcd = Runner("pico_lcd_114", str(tmp_path), 12)
    D.new_game(lcd, opponent=3, role=2)
    s = board(lcd).s
    m = s.match
    assert m.rounds == 2 and m.game.attacker == 0
    handovers = 0
    while not D.on(lcd.app.screen, "RoundEnd"):
        screen = lcd.app.screen
        handovers += D.on_board(screen) and screen.mode == P.HANDOVER
        D.step(lcd)
    D.settle(lcd)
    assert handovers > 10 and not m.over()
    D.keys(lcd, "A")  # the next game
    D.loaded(lcd)
    assert m.game.attacker == 1 and board(lcd).s is s
    D.play_round(lcd, 6000)
    assert m.over() and len(m.results) == 2


def test_the_form_offers_the_role_for_the_siege_and_gives_the_others_back(lcd):
    D.keys(lcd, "A,A,DOWN,RIGHT,RIGHT")
    form = lcd.app.screen
    assert [r[0] for r in form.rows] == ["Opponent", "Variant", "Role", "Start"]
    D.keys(lcd, "RIGHT")  # back to the classic game
    assert [r[0] for r in form.rows] == ["Opponent", "Variant", "Expert", "Rounds", "Start"]


def _my_turn(r, role=0):
    D.new_game(r, role=role)
    return D.to_card(r)


def test_up_retreats_from_a_section_chosen_and_b_backs_out_unchanged(lcd):
    s = _my_turn(lcd)
    D.keys(lcd, "A,A")  # a card at the first section offered
    D.play_until(lcd, lambda b: b.mode == P.CARD and not b.note and b.may_prepare(),
                 what="no retreat was ever possible")
    g = s.g
    D.keys(lcd, "RIGHT")  # (the computer's move, said over the hints, gives way)
    before = (bytes(g.sides), bytes(g.count), len(g.discard))
    assert "\x12 retreat" in D.hint_text(lcd)
    D.keys(lcd, "UP")
    assert D.flow(s) == "Prepare" and s.stone in s.where
    assert "A retreat" in D.hint_text(lcd)
    D.keys(lcd, "B")
    assert s.mode == P.CARD and (bytes(g.sides), bytes(g.count), len(g.discard)) == before
    D.keys(lcd, "UP")
    at = s.stone
    n = g.count[at * 2]
    D.keys(lcd, "A")
    assert kinds(s.s.match)[-1] == RETREAT and g.count[at * 2] == 0
    assert len(g.discard) == before[2] + n and s.mode == P.CARD
    assert s.note == "You retreat from section %d." % (at + 1)
    D.keys(lcd, "RIGHT")
    assert not s.may_prepare()  # one preparation a turn


@pytest.mark.parametrize("board", ["pico_lcd_114", "pico_display"])
def test_the_turn_starts_with_the_computer_s_move_said_and_the_oil_s_key_shown(tmp_path,
                                                                            board):
    """Issue 46 (R4): the defender's "oil" key showed only after another key, the
    computer's move having taken the hint line. Both are on screen as the turn starts."""
    r = Runner(board, str(tmp_path), 11)
    s = _my_turn(r, role=1)
    assert s.said.startswith("CPU ") and s.may_prepare()
    boxed = []
    s._words_box = lambda fb, words: boxed.append(words)
    shown = D.hint_text(r)
    key = "B menu: oil" if r.app.four() else "\x12 oil"
    if shown.startswith(s.said):  # the words and the key on one line
        assert shown.endswith(key) and not boxed
    else:  # the words over the table, the keys' hints under
        assert key in shown and boxed == [s.said]


def test_the_defender_pours_boiling_oil_on_the_attacker_s_first_card(lcd):
    s = _my_turn(lcd, role=1)
    g = s.g
    at = [t for t in range(7) if g.count[t * 2 + 1]][0]  # where the computer played
    first = g.sides[(at * 2 + 1) * 4]
    D.keys(lcd, "RIGHT,UP")
    assert D.flow(s) == "Prepare" and "A pour oil" in D.hint_text(lcd)
    while s.stone != at:
        D.keys(lcd, "RIGHT")
    D.keys(lcd, "A")
    assert kinds(s.s.match)[-1] == OIL and g.cauldrons == 2 and first in list(g.discard)
    assert s.note == "Boiling oil on section %d." % (at + 1)


def test_the_attacker_takes_a_section_it_has_won(lcd):
    s = _my_turn(lcd)
    g = s.g
    # the gate (2 cards): the attacker's colour-run of 10 and 11 beats anything
    hand = g.hands[0:6]
    hand[0], hand[1] = 0x0A, 0x0B  # R10 R11 (swapped with wherever they were)
    for c, k in ((0x0A, 0), (0x0B, 1)):
        j = g.deck.find(bytes((c,)), g.top)
        if j >= 0:
            g.deck[j] = g.hands[k]
        else:
            j = g.hands.find(bytes((c,)), 6)
            if j >= 0:
                g.hands[j] = g.hands[k]
        g.hands[k] = c
    g._place(3 * 2, 0x0A)
    g.hands[0] = g.deck[g.top]  # (the R10 is on the wall now)
    g.top += 1
    s.card = s._hand().index(0x0B)
    D.keys(lcd, "A")
    while s.stone != 3:
        D.keys(lcd, "RIGHT")
    D.keys(lcd, "A")
    assert s.mode == P.CLAIMING and 3 in g.claimable()
    assert "A take" in D.hint_text(lcd)
    while s.stone != 3:
        D.keys(lcd, "RIGHT")
    D.keys(lcd, "A")
    assert g.damaged[3] and kinds(s.s.match)[-1] == CLAIM
    assert s.note == "Section 4 taken: damaged, its cards discarded."


def _drawn(r, monkeypatch):
    """The small font's words the screen on view draws in a frame."""
    import sys
    module = sys.modules[type(r.app.screen).__module__]
    words = []

    class Listening:
        def __init__(self, font):
            self.font = font

        def centre(self, fb, text, *rest):
            words.append(text)
            return self.font.centre(fb, text, *rest)

        def draw(self, fb, text, *rest):
            words.append(text)
            return self.font.draw(fb, text, *rest)
    monkeypatch.setattr(module, "SMALL", Listening(module.SMALL))
    r.app.dirty = True
    r.frame(0)
    return words


@pytest.mark.parametrize("level", [0, 2])
def test_the_end_says_how_the_wall_fell_or_held(lcd, monkeypatch, level):
    D.new_game(lcd, opponent=level, role=0)
    D.play_round(lcd, 6000)
    g = lcd.app.screen.s.match.game
    words = _drawn(lcd, monkeypatch)
    if g.winner == g.attacker:
        how = ("a fourth section damaged", "a damaged section taken")[g.how - 1]
        assert "You took the wall: " + how in words
    else:
        assert "CPU held the wall: the deck ran out" in words
    assert "attacked" + (", won" if g.winner == 0 else "") in words


def test_the_siege_checker_is_the_claim_checker_s_last_cell_and_answers(lcd):
    D.keys(lcd, "A,DOWN,A,UP,LEFT,A")
    c = lcd.app.screen
    assert D.on(c, "SiegeChecker") and c.at == -1 and c.face == 0
    assert c.verdict().startswith("Put 3 cards on the attacker's side")
    # the left pit: R11 O11 Y10 against B11 B10 (32 at best, a tie the attacker completed first)
    D.keys(lcd, "DOWN" + ",RIGHT" * 11 + ",A,DOWN,A,DOWN,LEFT,A,DOWN,DOWN,A,A,RIGHT,A,A")
    assert c.verdict() == "CAN BE TAKEN: no way to complete their side beats your sum (32)."
    D.keys(lcd, "UP,UP,UP,UP,UP,RIGHT")  # the section's row: the left pit's damaged face
    assert c.at == -1 and c.face == 1
    # (a run is all that counts there now: B11 B10 and any 9 beat three cards of no run)
    assert c.verdict() == "CANNOT BE TAKEN: they could still add \x019: run (30) beats " \
        "your sum (32)."
    D.keys(lcd, "B")
    assert D.on(lcd.app.screen, "Menu")


def test_on_the_four_button_board_the_pause_menu_prepares(tmp_path):
    r = Runner("pico_display", str(tmp_path), 11)
    D.new_game(r, role=0)
    D.to_card(r)
    s = D.play_until(r, lambda b: b.mode == P.CARD and not b.note and b.may_prepare(), 400,
                     "no retreat offered")
    D.keys(r, "RIGHT")  # (the computer's move said over the hints gives way)
    assert "B menu: retreat" in D.hint_text(r)
    D.keys(r, "B")  # (the menu opens over frames)
    menu = r.app.screen
    assert D.on(menu, "Menu") and [row[0] for row in menu.rows][:2] == ["Resume", "Retreat"]
    r.press("X")
    r.press("A")
    assert r.app.screen is s and D.flow(s) == "Prepare"


def test_the_statistics_count_siege_games_by_role(lcd):
    from engine.ui.stats import read_stats
    D.new_game(lcd, opponent=0, role=2)  # both roles against Easy: two games
    s = board(lcd).s
    D.play_round(lcd, 6000)
    D.keys(lcd, "A")
    D.loaded(lcd)
    D.play_round(lcd, 6000)
    wins = [r[0] == 0 for r in s.match.results]  # player 1 attacked the first game
    stats = read_stats(lcd.app.storage)
    assert stats["easy_attacker"] == [1, int(wins[0]), int(wins[0])]  # (no hint taken)
    assert stats["easy_defender"] == [1, int(wins[1]), int(wins[1])]
    assert stats["easy"] == [0, 0, 0]  # (the classic and tactical matches' line untouched)


def test_a_siege_leaves_the_other_games_code_unloaded(lcd):
    import sys
    D.new_game(lcd, role=0)
    s = D.to_card(lcd)
    D.keys(lcd, "A,A")
    D.to_card(lcd)  # the computer has played a turn
    assert s.s.cpu.modules[-1] == "engine.ai.siege"
    for name in ("engine.ai.classic", "engine.ai.cal", "engine.ai.judge", "engine.ai.outlook",
                 "engine.ai.tactical", "engine.ai.tcal", "engine.ai.wild",
                 "engine.tactical.tactics", "engine.tactical.round", "engine.ui.tplay",
                 "engine.ui.tchoices", "engine.ui.tdeck"):
        assert name not in sys.modules, name


def test_the_preparation_s_code_is_unloaded_while_the_computer_thinks(lcd):
    import sys
    s = _my_turn(lcd)
    D.keys(lcd, "A,A")
    D.play_until(lcd, lambda b: b.mode == P.CARD and not b.note and b.may_prepare(), 400,
                 "no retreat offered")
    D.keys(lcd, "RIGHT,UP")
    assert D.flow(s) == "Prepare" and "engine.ui.schoices" in sys.modules
    D.keys(lcd, "A,A,A")  # retreat, then a card played: the computer's turn
    assert s.mode == P.CPU and "engine.ui.schoices" not in sys.modules


def test_quit_and_continue_a_siege_keeps_the_roles(lcd, tmp_path):
    D.new_game(lcd, role=1)  # player 1 defends: the computer attacks
    for _ in range(30):
        D.step(lcd)
    D.to_card(lcd)
    before = record.text(lcd.app.screen.s.match)
    D.keys(lcd, "B,UP,A")  # pause, quit to the menu
    again = Runner("pico_lcd_114", str(tmp_path), 99)  # power off and on
    D.keys(again, "A,A")
    D.loaded(again)
    s = board(again)
    assert s.s.match.variant == "siege" and s.g.attacker == 1
    assert record.text(s.s.match) == before


def test_a_refused_control_says_what_the_defender_could_still_add(lcd):
    lcd.app.settings.hints = False  # the step to take sections whenever a side is complete
    s = _my_turn(lcd)
    g = s.g
    # the gate (2 cards, any formation): a side the defender's empty side can still beat
    g._place(3 * 2, 0x01)  # R1 on the attacker's side (set out by hand: a test's wall)
    s.card = 0
    while s._hand()[s.card] & 15 > 8:
        s.card += 1
    c = s._hand()[s.card]
    D.keys(lcd, "A")
    while s.stone != 3:
        D.keys(lcd, "RIGHT")
    D.keys(lcd, "A")
    assert s.mode == P.CLAIMING and g.count[3 * 2] == 2 and c not in s._hand()
    while s.stone != 3:
        D.keys(lcd, "RIGHT")
    D.keys(lcd, "A")
    assert s.note.startswith("They could still add ") and " beats your " in s.note
    assert s.refused and s.refused[0] == 3 and not g.damaged[3]


@pytest.mark.parametrize("b", ["pico_lcd_114", "pico_display", "pico_lcd_13"])
def test_random_presses_in_sieges_never_crash(b, tmp_path):
    from sim.fuzz import run as fuzz
    # (the form: the variant twice to the right, then Start below the role)
    start = "A,A,X,A,A,X,X,A" if b == "pico_display" else "A,A,DOWN,RIGHT,RIGHT,DOWN,DOWN,A"
    error, keys = fuzz(b, 3000, 8, str(tmp_path), start)
    assert error is None, "%s\nkeys: %s" % (error, ",".join(keys))


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "hu"])
def test_the_siege_s_bar_says_roles_damage_and_oil_in_pictures(tmp_path, lang):
    """Issue 46: the bar read "ATK", "DEF", "Dmg 0/4 Oil 3" ("Повр 0/4 Кот. 3"), decoded by
    no one. Now its only words are the names and the deck; the roles are a sword and a
    shield, the wall four pieces that fall one by one, the oil three cauldrons."""
    from engine.ui import text, palette as PAL
    from engine.ui.lang import t
    r = Runner("pico_lcd_114", str(tmp_path), 11, lang)
    D.new_game(r, opponent=1, role=0)
    s = D.to_card(r)
    g = s.g

    def bar():
        said = []
        plain = text.Font.draw
        text.Font.draw = lambda font, fb, w, x, y, c: said.append(w) or plain(font, fb, w, x,
                                                                               y, c)
        try:
            s._draw_bar(r.app.fb)
        finally:
            text.Font.draw = plain
        inks = [r.app.fb.pixel(x, y) for y in range(12) for x in range(r.app.w)]
        return said, inks.count(PAL.STONE), inks.count(PAL.GOLD)
    said, wall, oil = bar()
    assert sorted(said) == sorted([t("You"), t("CPU"), t("Deck %d") % g.deck_left()])
    g.damaged[2] = 1
    assert 0 < bar()[1] < wall  # a piece fallen
    g.cauldrons -= 1
    assert 0 < bar()[2] < oil  # a cauldron poured
