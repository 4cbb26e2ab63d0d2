"""The tactical variant on screen, by button presses (tests/ui_driver.py): whole games against
each level and between two players, and each tactic card's flow from a prepared hand."""
import pytest

import ui_driver as D
from engine.core import record
from engine.tactical import tactics as T
from engine.core.game import OVER
from engine.tactical.round import CLAN
from engine.ui import play as P
from sim.fuzz import run as fuzz
from sim.headless import Runner


@pytest.fixture
def lcd(tmp_path):
    return Runner("pico_lcd_114", str(tmp_path), 11)


def board(r):
    s = r.app.screen
    assert D.on(s, "TacticalPlay"), type(s).__name__
    return s


def state(g):
    return (bytes(g.hands), bytes(g.hand_n), bytes(g.sides), bytes(g.count), bytes(g.modes),
            bytes(g.tactics_played), bytes(g.discard), g.top, g.ttop, g.player, g.phase)


# --- whole games ----------------------------------------------------------------------------

@pytest.mark.parametrize("level", [0, 1, 2])
@pytest.mark.parametrize("expert", [False, True])
def test_a_tactical_game_against_each_level_to_its_end(lcd, level, expert):
    D.new_game(lcd, opponent=level, expert=expert, tactical=True)
    s = board(lcd).s
    assert s.match.variant == "tactical" and s.match.expert == expert
    assert s.opponent == ("easy", "normal", "hard")[level]
    D.play_round(lcd, 6000)
    g = s.match.game
    assert D.on(lcd.app.screen, "RoundEnd") and g.phase == OVER and s.match.over()
    assert g.tactics_played[0] >= 1  # the player's tactic cards went through the screens
    assert lcd.app.storage.read("game.sav") is None
    again = record.replay(record.text(s.match))  # every action made is a valid record
    assert again.log == s.match.log


@pytest.mark.parametrize("expert", [False, True])
def test_a_tactical_game_between_two_players(tmp_path, expert):
    lcd = Runner("pico_lcd_114", str(tmp_path), 12)  # a round long enough for both
    D.new_game(lcd, opponent=3, expert=expert, tactical=True)
    s = board(lcd).s
    g0 = s.match.game
    handovers = 0
    tried = -1  # the turn a tactic card was last tried in
    while not D.on(lcd.app.screen, "RoundEnd"):
        screen = lcd.app.screen
        if D.on_board(screen) and screen.mode == P.HANDOVER:
            handovers += 1
            assert screen.me() == s.match.game.player
        elif (D.on_board(screen) and screen.mode == P.CARD and not screen.note
              and screen._hand()[-1] >= T.TACTIC and g0.tick != tried):
            tried = g0.tick
            D.keys(lcd, "LEFT")  # the last card, a tactic card (sorted last), tried first
        D.step(lcd)
    g = s.match.game
    assert g.phase == OVER and handovers > 10
    assert g.tactics_played[0] >= 1 and g.tactics_played[1] >= 1


def test_quit_and_continue_a_tactical_game(lcd, tmp_path):
    D.new_game(lcd, tactical=True)
    for _ in range(40):
        D.step(lcd)
    D.to_card(lcd)
    before = record.text(lcd.app.screen.s.match)
    D.keys(lcd, "B")
    assert [row[0] for row in lcd.app.screen.rows] == [
        "Resume", "Discard pile", "Rules", "Settings", "Restart", "Quit to menu"]
    D.keys(lcd, "UP,A")  # quit to the menu
    again = Runner("pico_lcd_114", str(tmp_path), 99)  # power off and on
    D.keys(again, "A,A")
    D.loaded(again)
    assert board(again).s.match.variant == "tactical"
    assert record.text(again.app.screen.s.match) == before


@pytest.mark.parametrize("b", ["pico_lcd_114", "pico_display", "pico_lcd_13"])
def test_random_presses_in_tactical_games_never_crash(b, tmp_path):
    start = "A,A,X,A,X,X,X,A" if b == "pico_display" else "A,A,DOWN,RIGHT,DOWN,DOWN,DOWN,A"
    error, keys = fuzz(b, 3000, 8, str(tmp_path), start)
    assert error is None, "%s\nkeys: %s" % (error, ",".join(keys))


# --- the end of a turn: the deck to draw from ----------------------------------------------

def test_the_player_chooses_the_deck_to_draw_from(lcd):
    s = D.tactical_game(lcd, [])
    g = s.g
    D.keys(lcd, "A,A")  # the first card at the first stone
    assert D.flow(s) == "Deck" and g.hand_n[0] == 6
    ttop = g.ttop
    D.keys(lcd, "RIGHT,A")
    assert g.ttop == ttop + 1 and g.hand(0)[6] >= T.TACTIC
    assert g.player == 1


def test_with_one_deck_left_it_is_drawn_without_asking(lcd):
    s = D.tactical_game(lcd, [])
    g = s.g
    g.ttop = len(g.tdeck)  # the tactic deck is empty
    top = g.top
    D.keys(lcd, "A")
    D.keys(lcd, "A")  # played: the turn ends at once, with a clan card drawn
    assert s.mode == P.CPU and g.top == top + 1 and g.hand_n[0] == 7


# --- each tactic card ------------------------------------------------------------------------

def test_an_elite_troop_is_played_like_a_clan_card(lcd):
    s = D.tactical_game(lcd, [T.SPY])
    g = s.g
    D.keys(lcd, "A")
    assert s.mode == P.STONE and s.where == g.stones_for(0, T.SPY)
    stone = s.stone
    D.keys(lcd, "A")
    assert g.side(stone, 0)[-1] == T.SPY and g.tactics_played[0] == 1


def test_mud_fight_goes_on_the_stone_and_its_sides_take_four(lcd):
    s = D.tactical_game(lcd, [T.MUD])
    g = s.g
    # Issue 24: until a Mud Fight is played, sides of three as on the classic board (the
    # strips 10 pixels high, not 8 with room for a fourth card no side can take yet)
    assert s.lay.rows == 3 and s.lay.tile_h == 10
    D.keys(lcd, "A,RIGHT,RIGHT")
    stone = s.stone
    before = g.count[stone * 2]
    D.keys(lcd, "A")
    assert g.modes[stone] & T.MODE_MUD and g.need(stone) == 4
    assert g.count[stone * 2] == before  # on the stone, not on a side
    assert len(s.lay.me_ys) == 4  # the board has room for the fourth card
    assert s.lay.rows == 4 and s.lay.hand_y + s.lay.card_h <= lcd.app.h - 10


def test_banshee_discards_the_card_picked(lcd):
    s = D.tactical_game(lcd, [T.BANSHEE])
    g = s.g
    D.lay(g, 1, 4, 2)
    D.lay(g, 1, 6, 1)
    D.keys(lcd, "A")
    assert D.flow(s) == "Pick" and s.stone == 4 and s.where == [4, 6]
    D.keys(lcd, "DOWN")  # the second card there
    picked = g.side(4, 1)[1]
    D.keys(lcd, "A")
    assert g.discard == bytes((picked, T.BANSHEE)) and g.count[4 * 2 + 1] == 1


def test_traitor_takes_their_clan_card_to_the_stone_chosen(lcd):
    s = D.tactical_game(lcd, [T.TRAITOR])
    g = s.g
    D.lay(g, 1, 2, 1)
    st = 2
    card = g.side(st, 1)[0]
    D.keys(lcd, "A,A")  # the Traitor, their card
    assert D.flow(s) == "Destination" and s.flow.taken == (st, card)
    dest = s.stone
    assert dest in g.destinations(0, T.TRAITOR, st)
    D.keys(lcd, "A")
    assert g.side(dest, 0)[-1] == card and not g.count[st * 2 + 1]


def test_strategist_moves_a_card_or_discards_it(lcd):
    s = D.tactical_game(lcd, [T.STRATEGIST])
    g = s.g
    D.keys(lcd, "RIGHT,A,A")  # a clan card onto the first stone
    first = [x for x in range(9) if g.count[x * 2]][0]
    card = g.side(first, 0)[0]
    s = D.to_card(lcd)
    s.card = s._hand().index(T.STRATEGIST)
    D.keys(lcd, "A")
    assert D.flow(s) == "Pick" and s.stone == first
    D.keys(lcd, "A")
    assert D.flow(s) == "Destination" and s.stone != first
    D.keys(lcd, "DOWN")  # discard it instead
    assert card in g.discard and not g.count[first * 2]


def test_recruiter_draws_then_two_cards_go_back(lcd):
    s = D.tactical_game(lcd, [T.RECRUITER, T.SPY])
    g = s.g
    D.keys(lcd, "A")
    assert D.flow(s) == "Split" and s.flow.draws == g.recruit_draws() == [(0, 3), (1, 2), (2, 1),
                                                                    (3, 0)]
    D.keys(lcd, "LEFT")  # 2 clan cards, 1 tactic card
    assert s.flow.draws[s.flow.split] == (2, 1)
    top, ttop = g.top, g.ttop
    D.keys(lcd, "A")
    assert D.flow(s) == "PutBack" and len(s.flow.drawn) == 9
    D.keys(lcd, "A,B")  # mark the first, then take it back
    assert s.flow.putback == []
    back = s.flow.drawn[:2]
    assert back[0] == T.SPY
    D.keys(lcd, "A,RIGHT,A")  # the SPY (first) and the next card
    assert D.flow(s) != "PutBack"
    assert g.top == top + 2 and g.ttop == ttop + 1 and g.hand_n[0] == 7
    assert g.tdeck[-1] == T.SPY and T.RECRUITER in g.discard
    assert (g.tdeck if back[1] >= T.TACTIC else g.deck)[-1] == back[1]


def _saved_holding_the_recruiter(r):
    """Save (in r's storage) a tactical game against Hard at the player's turn with the
    Recruiter in hand, drawn from the tactic deck as a game would (so the record holds it)."""
    from engine.core.match import Match
    from engine.tactical.round import TACTICS
    from engine.ui.session import Session
    for seed in range(1, 50):
        m = Match(seed, "tactical")
        g = m.game
        for _ in range(12):
            if g.player == 0 and T.RECRUITER in g.hand(0):
                Session(seed, "hard", match=m).save(r.app.storage)
                return
            p = g.player
            c = next((c for c in g.hand(p) if c < T.TACTIC and g.stones_for(p, c)), None)
            if c is None:
                break
            m.play(p, c, g.stones_for(p, c)[0])
            m.end_turn(p, TACTICS if p == 0 and g.tdeck_left() else CLAN)
    raise AssertionError("no seed gives the player the Recruiter early")


def _continue(r):
    D.keys(r, "A")
    assert r.app.screen.rows[0][0] == "Continue"
    D.keys(r, "A")
    D.loaded(r)
    return board(r)


def test_a_recruiters_draw_seen_is_kept_when_the_power_is_cut(lcd, tmp_path):
    _saved_holding_the_recruiter(lcd)
    s = _continue(lcd)
    g = s.g
    D.keys(lcd, "RIGHT," * s._hand().index(T.RECRUITER) + "A")
    assert D.flow(s) == "Split"
    D.keys(lcd, "LEFT,A")  # 2 clan cards and 1 tactic card: now seen
    assert D.flow(s) == "PutBack"
    drawn, hand = list(s.flow.drawn), list(g.hand(0))
    again = Runner("pico_lcd_114", str(tmp_path), 99)  # power off and on
    s = _continue(again)
    g = s.g
    assert D.flow(s) == "PutBack" and s.flow.drawn == drawn and list(g.hand(0)) == hand
    D.keys(again, "B")  # no way back to another split
    assert D.flow(s) == "PutBack"
    D.keys(again, "A,RIGHT,A")
    assert D.flow(s) != "PutBack" and g.recruited and T.RECRUITER in g.discard
    assert sorted(g.hand(0)) == sorted(drawn[2:])
    assert s.s.pending is None
    D.keys(again, "DOWN" if s.mode == P.CLAIMING else "")
    for _ in range(3000):  # the turn is saved with the computer's reply, over a few frames
        if s.mode != P.CPU and not s.busy():
            break
        again.frame(0)
    saved = again.app.storage.read("game.sav")
    assert saved is not None and "recruit" not in saved.split("\n")[1]


def test_a_save_naming_a_draw_the_game_does_not_allow_is_set_aside(lcd):
    from engine.ui.resume import load
    _saved_holding_the_recruiter(lcd)
    files = lcd.app.storage
    text = files.read("game.sav")
    assert load(files).pending is None
    for bad in ("recruit 3 3", "recruit 0", "recruit x y", "draw 3 0"):
        lines = text.split("\n", 2)
        files.write("game.sav", "\n".join([lines[0], lines[1] + " " + bad, lines[2]]))
        assert load(files) is None, bad
        assert files.read("game.bad") is not None and files.damaged == ["game.sav"]
    lines = text.split("\n", 2)
    files.write("game.sav", "\n".join([lines[0], lines[1] + " recruit 3 0", lines[2]]))
    assert load(files).pending == (3, 0)


def test_b_backs_out_of_every_choice_and_nothing_changes(lcd):
    s = D.tactical_game(lcd, [T.TRAITOR, T.RECRUITER, T.MUD])
    g = s.g
    D.lay(g, 1, 2, 1)
    before = state(g)
    D.keys(lcd, "A,A")  # Traitor: their card taken, now where to
    assert D.flow(s) == "Destination"
    D.keys(lcd, "B,B")
    assert s.mode == P.CARD and state(g) == before
    D.keys(lcd, "RIGHT,A,B")  # Recruiter: back before drawing
    assert s.mode == P.CARD and state(g) == before
    D.keys(lcd, "RIGHT,A,B")  # Mud Fight
    assert s.mode == P.CARD and state(g) == before


def test_a_tactic_card_over_the_limit_is_refused_with_the_reason(lcd):
    s = D.tactical_game(lcd, [T.SPY])
    g = s.g
    g.tactics_played[0] = 1  # already one ahead
    s.damage = P.REDRAW
    before = state(g)
    D.keys(lcd, "A")
    assert s.mode == P.CARD and "tactic card ahead" in s.note and state(g) == before


def test_with_no_clan_card_to_play_down_passes(lcd):
    s = D.tactical_game(lcd, [T.BANSHEE, T.SPY])
    g = s.g
    g.hand_n[0] = 2  # only the tactic cards
    s._to_play()
    assert s.mode == P.CARD and s.may_pass
    D.keys(lcd, "DOWN")
    m = s.s.match
    assert m.log[-4] >> 1 == 2  # logged: a pass
    assert D.flow(s) == "Deck"  # then the draw


def test_on_the_four_button_board_the_pause_menu_passes_without_a_hold(tmp_path):
    """Issue 24: with no clan card to play, passing was a 600 ms hold of X on the board
    without a joystick. The hint sends the player to the menu, where Pass is a row."""
    r = Runner("pico_display", str(tmp_path), 11)
    s = D.tactical_game(r, [T.BANSHEE, T.SPY])
    s.g.hand_n[0] = 2  # only the tactic cards
    D.lay(s.g, 1, 0, 1)  # something for the Banshee: a tactic card could be played
    s._to_play()
    assert s.mode == P.CARD and s.may_pass
    assert "B menu: pass" in D.hint_text(r) and "hold" not in D.hint_text(r)
    D.keys(r, "B")  # (the menu opens over frames)
    menu = r.app.screen
    assert D.on(menu, "Menu") and [row[0] for row in menu.rows][:2] == ["Resume", "Pass"]
    r.press("X")  # (down the menu: X on this board)
    r.press("A")
    assert r.app.screen is s and s.s.match.log[-4] >> 1 == 2  # the pass, logged
    assert D.flow(s) == "Deck"  # then the draw


def test_the_computers_tactic_card_is_said_in_words(lcd):
    D.new_game(lcd, tactical=True)
    s = D.to_card(lcd)
    g = s.g
    D.give(g, 1, [T.SPY])
    g.hand_n[1] = 1  # the computer holds the Spy only: it must play it
    D.keys(lcd, "A,A")
    while D.flow(s) == "Deck":
        D.keys(lcd, "A")
    while s.mode == P.CPU:
        lcd.frame(0)
    assert s.mode == P.CARD and g.player == 0  # the player's turn, at once
    at = [x for x in range(9) if g.side(x, 1).find(bytes((T.SPY,))) >= 0]
    assert len(at) == 1 and s.said.startswith("CPU plays SPY at %d" % (at[0] + 1))
    assert s.mark == (1, at[0])


def test_each_tactical_action_in_words(lcd):
    from engine.core.game import PLAY
    from engine.tactical.round import RECRUIT, STRATEGIST, BANSHEE, TRAITOR
    s = D.tactical_game(lcd, [])
    r5 = 0x05
    assert s._logged(PLAY, "CPU", T.MUD, 3, 0) == "CPU puts MUD on 4"
    assert s._logged(PLAY, "You", T.JOKER, 0, 0) == "You play JK at 1"
    assert s._logged(RECRUIT, "CPU", 2 * 4 + 1, 0x05, 0x62) == "CPU recruits 2 clan, 1 tactic"
    # (issue 24: a clan card named as it is drawn, by its clan's glyph: "\x01" the red diamond)
    assert s._logged(STRATEGIST, "CPU", 1, r5, 7) == "CPU moves \x015 from 2 to 7"
    assert s._logged(STRATEGIST, "CPU", 1, r5, 0) == "CPU discards own \x015 at 2"
    assert s._logged(BANSHEE, "CPU", 1, r5, 0) == "CPU discards \x015 at 2"
    assert s._logged(TRAITOR, "CPU", 1, r5, 6) == "CPU takes \x015 at 2 to 6"
    lcd.app.settings.glyphs = False  # cards without glyphs: named by colour letter
    assert s._logged(TRAITOR, "CPU", 1, r5, 6) == "CPU takes R5 at 2 to 6"


def test_the_discard_pile_is_in_the_pause_menu(lcd):
    s = D.tactical_game(lcd, [T.BANSHEE])
    g = s.g
    D.lay(g, 1, 0, 1)
    D.keys(lcd, "A,A")  # Banshee on the computer's card
    pile = bytes(g.discard)
    while s.mode != P.CARD or s.note:
        D.step(lcd)
    D.keys(lcd, "B,DOWN,A")
    shown = lcd.app.screen
    assert D.on(shown, "Discards") and bytes(shown.pile) == pile and len(pile) == 2
    D.keys(lcd, "A")
    assert lcd.app.screen.title == "PAUSED"


def test_a_tactical_game_leaves_the_classic_computer_unloaded(lcd):
    import sys
    D.new_game(lcd, tactical=True)
    s = D.to_card(lcd)
    D.keys(lcd, "A,A,A")
    D.to_card(lcd)  # the computer has played a turn
    assert s.s.cpu is not None
    # (the tactical hard shares the classic side models, engine.ai.judge, not the rest)
    for name in ("engine.ai.classic", "engine.ai.cal"):
        assert name not in sys.modules, name


def test_the_board_s_choices_are_unloaded_while_the_computer_thinks(lcd):
    """Their code goes back to the heap for the computer's thinking, the device's peak; the
    next choice loads it again."""
    import sys
    D.new_game(lcd, tactical=True)
    s = D.to_card(lcd)
    D.keys(lcd, "A,A")  # a clan card played: on to the deck to draw from
    assert D.flow(s) == "Deck" and "engine.ui.tdeck" in sys.modules
    assert "engine.ui.tchoices" not in sys.modules  # (the tactic cards' choices: none made)
    D.keys(lcd, "A")
    assert s.mode == P.CPU and s.flow is None
    assert "engine.ui.tdeck" not in sys.modules and "engine.ui.tchoices" not in sys.modules
    while D.flow(s) != "Deck":  # the computer's turn, then the player's to the next draw
        D.step(lcd)
    assert "engine.ui.tdeck" in sys.modules


def test_the_computers_draw_from_the_tactic_deck_is_said(lcd):
    D.new_game(lcd, tactical=True)
    s = D.to_card(lcd)
    g = s.g
    D.give(g, 1, [T.SPY])
    g.hand_n[1] = 1  # it plays the Spy, holds no tactic card then: it draws one
    g.tactics_played[0] = 1  # (and the limit lets it play another later)
    g.top = len(g.deck) - 20  # and the clan deck is down to where it takes tactic cards
    D.keys(lcd, "A,A")
    while D.flow(s) == "Deck":
        D.keys(lcd, "A")
    ttop = g.ttop
    while s.mode == P.CPU:
        lcd.frame(0)
    assert g.ttop == ttop + 1 and s.s.drew == 1
    assert s.said.endswith(", draws a tactic.")


# --- redrawing only what changed must give the same picture as drawing it all ------------------

def _same_as_a_full_redraw(r):
    s = r.app.screen
    # (while the computer's turn is under way the board shows the position it began from:
    # its move, once made, is shown the frame after its words are read)
    if not D.on_board(s) or r.app.dirty or s.mode == P.CPU:
        return True
    shown = bytes(r.app.buf)
    s.damage = P.REDRAW
    s.draw(r.app.fb)
    return bytes(r.app.buf) == shown


@pytest.mark.parametrize("b", ["pico_lcd_114", "pico_lcd_13"])
@pytest.mark.parametrize("tactical", [False, True])
def test_partial_redraws_leave_no_stale_pixels(tmp_path, b, tactical):
    r = Runner(b, str(tmp_path), 5)
    D.new_game(r, tactical=tactical)
    for n in range(400):
        if D.on(r.app.screen, "RoundEnd"):
            break
        s = r.app.screen
        if s.mode == P.CARD and n % 3 == 0:
            D.keys(r, "LEFT" if n % 2 else "RIGHT")  # the cursor moves over the hand
        else:
            D.step(r)
        assert _same_as_a_full_redraw(r), "mode %d after step %d" % (r.app.screen.mode, n)


# --- found in review ---------------------------------------------------------------------------

def test_back_from_the_destination_offers_the_stones_with_cards_again(lcd):
    s = D.tactical_game(lcd, [T.TRAITOR])
    g = s.g
    D.lay(g, 1, 2, 1)
    D.lay(g, 1, 6, 1)
    D.keys(lcd, "A,A,B")
    assert D.flow(s) == "Pick" and s.where == [2, 6]
    D.keys(lcd, "RIGHT")
    assert s.stone == 6


def test_a_held_down_passes_once_and_the_claim_step_still_comes(lcd):
    s = D.tactical_game(lcd, [T.BANSHEE, T.SPY])
    g = s.g
    for c in (0x07, 0x08, 0x09):  # R7 R8 R9: a colour-run nobody can beat
        g._place(4 * 2 + 0, c)
    g.hand_n[0] = 2
    D.lay(g, 1, 0, 1)  # something for the Banshee: a tactic card could be played
    s._to_play()
    assert s.mode == P.CARD and s.may_pass
    lcd.hold("DOWN", 1500)  # repeats while held
    assert s.s.match.log[-4] >> 1 == 2  # the pass
    assert s.mode == P.CLAIMING and 4 in g.claimable()


def test_the_discard_pile_stays_open_while_the_key_that_opened_it_is_held(lcd):
    D.tactical_game(lcd, [])
    D.keys(lcd, "B,DOWN")
    lcd.hold("A", 1500)
    assert D.on(lcd.app.screen, "Discards")


def test_a_strategist_with_nowhere_to_go_says_down_discards(lcd):
    s = D.tactical_game(lcd, [T.STRATEGIST])
    g = s.g
    D.lay(g, 0, 0, 1)
    for st in range(1, 9):
        g.owner[st] = 2  # no other stone open
    D.keys(lcd, "A,A")
    assert D.flow(s) == "Destination" and s.where == []
    before = state(g)
    D.keys(lcd, "A")
    assert "down discards it" in s.note and state(g) == before
    D.keys(lcd, "DOWN")
    assert not g.count[0] and g.discard[-1] == T.STRATEGIST


def test_an_empty_hand_while_the_computer_thinks_takes_cursor_keys(lcd):
    D.new_game(lcd, tactical=True)
    s = D.to_card(lcd)
    D.keys(lcd, "A,A")
    while D.flow(s) == "Deck":
        D.keys(lcd, "A")
    s.g.hand_n[0] = 0
    D.keys(lcd, "LEFT,RIGHT")  # nothing to move over: no error


def test_four_of_a_kind_in_a_mud_fight_is_called_so():
    from engine.core.proof import describe
    from engine.core.verdict import analyze
    from engine.core.cards import all_cards
    from engine.core.formation import KIND, RANK
    assert describe(KIND * RANK + 20, 4) == "four of a kind (20)"
    assert describe(KIND * RANK + 15) == "three of a kind (15)"
    from engine.tactical.tactics import MODE_MUD
    from engine.tactical.judge import Judge
    ok, _, why = analyze([0x05, 0x15, 0x25, 0x35], [], [], 4, all_cards(), True, Judge(MODE_MUD))
    assert "four of a kind" in why


def test_the_claim_checker_puts_one_joker_on_a_side(lcd):
    D.keys(lcd, "A,DOWN,A")  # the claim checker
    c = lcd.app.screen
    D.keys(lcd, "UP,A")  # the first Joker: yours
    D.keys(lcd, "RIGHT,A")  # the second: not yours too, so theirs
    assert c.state[54] == 1 and c.state[55] == 2


def test_the_close_up_of_a_mud_fight_about_to_be_played_has_sides_of_four(lcd):
    s = D.tactical_game(lcd, [T.MUD])
    D.keys(lcd, "A")
    assert s.mode == P.STONE
    assert s._need(s.stone) == 4
    side = s._side_shown(s.stone, 0)  # (its best completion, the lens, is one of four)
    assert len(side) + len(s._lens(s.stone, 0, side, 4)[1]) == 4
    assert s.g.need(s.stone) == 3  # (not played yet)


def _checker_put(r, cell, state):
    """Move the checker's cursor to `cell` (from wherever it is) and press A until the card is
    in `state` (1 yours / a mode on, 2 theirs, 3 seen)."""
    c = r.app.screen
    row, col = cell // 9, cell % 9
    D.keys(r, ",".join(["DOWN"] * ((row - c.at // 9) % 7)))
    while c.at % 9 != col:
        D.keys(r, "RIGHT")
    for _ in range(4):
        if c.state[cell] == state:
            return
        D.keys(r, "A")
    raise AssertionError("cell %d never became %d" % (cell, state))


def test_the_claim_checker_s_verdict_counts_the_opponent_s_joker_and_the_modes(lcd):
    """Three 9s against a red 8 and 9 with the red 7 seen: claimable. Their Joker (a red 7)
    makes a colour-run: not claimable. Blind-Man's Bluff (sums only): 27 beats 8+9+9."""
    D.keys(lcd, "A,DOWN,A")  # the claim checker
    c = lcd.app.screen
    for cell in (8, 17, 26):  # the 9s of the first three colours: yours
        _checker_put(lcd, cell, 1)
    red = 3  # (the fourth colour)
    for cell in (red * 9 + 7, red * 9 + 8):  # its 8 and 9: theirs
        _checker_put(lcd, cell, 2)
    _checker_put(lcd, red * 9 + 6, 3)  # its 7: seen
    assert c.verdict().startswith("CLAIMABLE"), c.verdict()
    _checker_put(lcd, 54, 2)  # a Joker: theirs
    v = c.verdict()
    assert v.startswith("NOT CLAIMABLE") and "run" in v, v
    _checker_put(lcd, 58, 1)  # Blind-Man's Bluff on
    assert c.verdict().startswith("CLAIMABLE"), c.verdict()
    _checker_put(lcd, 59, 1)  # Mud Fight too: a side needs four cards
    assert c.verdict().startswith("Put 4 cards")
    lcd.frame()  # drawn without error


@pytest.mark.parametrize("theirs_first", [False, True])
def test_the_claim_checker_says_a_tie_goes_by_the_order_the_sides_were_marked(lcd,
                                                                              theirs_first):
    """Issue 46: in a tie the checker decided who completed first from the order the cards
    were marked in, and never said so. Red 1-2-3 against blue 1-2-3."""
    D.keys(lcd, "A,DOWN,A")  # the claim checker
    c = lcd.app.screen
    red, blue = 0, 4 * 9
    sides = [(red, 1), (blue, 2)]
    for start, who in (sides[::-1] if theirs_first else sides):
        for k in range(3):
            _checker_put(lcd, start + k, who)
    v = c.verdict()
    if theirs_first:
        assert v == "NOT CLAIMABLE: equal formations: their side was marked complete first.", v
    else:
        assert v == "CLAIMABLE: equal formations: your side was marked complete first.", v
    lcd.frame()  # drawn without error


def test_the_card_a_ruse_takes_keeps_its_colours_and_no_gold_covers_a_strip(lcd):
    """Issue 24's bug list: the card picked for a Traitor was redrawn as a gold box with a
    text code, and the gold frame of the card where it would go covered the top and bottom
    rows of its 8-pixel strip. Both are now drawn as cards, framed outside."""
    from engine.ui import palette as PAL
    s = D.tactical_game(lcd, [T.TRAITOR])
    g = s.g
    D.lay(g, 1, 2, 1)
    card = g.side(2, 1)[0]
    D.keys(lcd, "A")  # the Traitor: their card under the cursor
    assert D.flow(s) == "Pick"
    lay = s.lay
    pixel = lcd.app.fb.pixel
    x, y = lay.x0 + 2 * lay.col, lay.opp_ys[0]
    strip = {pixel(x + k, y + r) for k in range(lay.tile_w) for r in range(lay.tile_h)}
    assert PAL.CLAN + (card >> 4) in strip and PAL.GOLD not in strip
    D.keys(lcd, "A")  # taken: where it would go, on our side of the stone under the cursor
    assert D.flow(s) == "Destination"
    x, y = lay.x0 + s.stone * lay.col, lay.me_ys[g.count[s.stone * 2]]
    strip = {pixel(x + k, y + r) for k in range(lay.tile_w) for r in range(lay.tile_h)}
    assert PAL.CLAN + (card >> 4) in strip and PAL.GOLD not in strip


def test_a_card_that_cannot_be_played_now_is_crossed_out_in_the_hand(lcd):
    """Issue 24: cards with no legal place are marked in the hand: a tactic card once the
    player is one ahead is crossed out (the middle of the cross, under its name, inked), and
    not before."""
    from engine.ui import palette as PAL
    s = D.tactical_game(lcd, [T.MUD])
    lay = s.lay

    def centre():
        i = s._hand().index(T.MUD)
        x = lay.hand_x_of(i) + lay.card_w // 2 - 1
        y = lay.hand_y - (lay.lift if s.card == i else 0) + 13 + (lay.card_h - 13) // 2
        return lcd.app.fb.pixel(x, y)
    assert centre() == PAL.WHITE  # playable: the card as it is
    s.g.tactics_played[0] = 1  # one ahead: it must wait
    s.damage = P.REDRAW
    lcd.app.dirty = True
    lcd.frame(0)
    assert centre() == PAL.BLACK


def test_the_claim_checker_takes_the_same_presses_whatever_the_sides_hold(lcd):
    """Issue 24's bug list: once a side was full, A skipped its state, so the presses needed
    to put a card on their side changed. Now A is always free -> yours -> theirs -> seen, and
    a side with too many cards is said by the verdict."""
    D.keys(lcd, "A,DOWN,A")  # the claim checker
    c = lcd.app.screen
    for cell in (0, 1, 2):
        _checker_put(lcd, cell, 1)  # your side: complete
    D.keys(lcd, "RIGHT,A,A")  # the next card: yours, then theirs, as with room
    assert c.state[3] == 2
    D.keys(lcd, "LEFT,LEFT,LEFT,A,A,A")  # the first card: theirs, seen, free
    assert c.state[0] == 0
    D.keys(lcd, "A")  # yours again
    D.keys(lcd, "RIGHT,RIGHT,RIGHT,A,A,A")  # the fourth: seen, free, yours: four of yours
    assert c.state[3] == 1
    v = c.verdict()
    assert v.startswith("Your side holds 4 cards: 3 at most here."), v
    lcd.frame()  # drawn without error


def test_the_claim_checker_needs_no_hold_on_the_four_button_board(tmp_path):
    """Issue 24: on the board without a joystick the checker's rows took a hold each. X and
    Y now step through every cell in turn (the next row after a row's end), so short presses
    reach every card; a hold still jumps a row."""
    r = Runner("pico_display", str(tmp_path), 3)
    D.keys(r, "A,X,A")  # title, menu: the claim checker
    c = r.app.screen
    assert D.on(c, "Checker") and c.at == 0
    D.keys(r, ",".join(["X"] * 9))
    assert c.at == 9  # past the row's end: the next row
    D.keys(r, ",".join(["X"] * 45) + ",A")
    assert c.at == 54 and c.state[54] == 1  # the first Joker, yours: no hold on the way
    D.keys(r, ",".join(["Y"] * 55))
    assert c.at == 60  # and back round the other way (the last cell: the siege's checker)


def test_a_tactic_card_that_cannot_be_played_keeps_its_name_readable(lcd):
    """Issue 46: the cross over a tactic card that cannot be played ran through its name
    ("GPY"). The name's pixels are now those of the card when it can be played."""
    from engine.ui import draw
    from engine.ui import palette as PAL
    s = D.tactical_game(lcd, [T.MUD])
    s.g.tactics_played[0] = 1  # one ahead: the Mud Fight waits
    s.card = 0
    s.damage = P.REDRAW
    lcd.app.dirty = True
    lcd.frame(0)
    lay = s.lay
    i = s._hand().index(T.MUD)
    x, y = lay.hand_x_of(i), lay.hand_y
    fb = lcd.app.fb
    name = [(x + dx, y + dy) for dx in range(2, lay.card_w - 2) for dy in range(2, 12)]
    crossed = [fb.pixel(*p) for p in name]
    assert any(fb.pixel(x + dx, y + lay.card_h - 6) == PAL.BLACK
               for dx in range(lay.card_w))  # (it is crossed out: the cross is there)
    draw.card(fb, T.MUD, x, y, lay.card_w, lay.card_h, True)
    assert crossed == [fb.pixel(*p) for p in name]



@pytest.mark.parametrize("lang, spy", (("ru", "ШПИ"), ("uk", "ШПИ"), ("hu", "KÉM"),
                                       ("en", "SPY")))
def test_tactic_cards_are_named_in_the_player_s_language(tmp_path, lang, spy):
    """Issue 46 (R8): the faces stayed English abbreviations (SPY, BMB, BAN) beside Russian
    words. Each face is now named in the language."""
    from engine.ui import text
    r = Runner("pico_lcd_114", str(tmp_path), 3, lang)
    s = D.tactical_game(r, [T.SPY])
    drawn = []
    plain = text.Font.draw
    text.Font.draw = lambda font, fb, w, *rest: drawn.append(w) or plain(font, fb, w, *rest)
    try:
        s.damage = P.REDRAW
        s.draw(r.app.fb)
    finally:
        text.Font.draw = plain
    assert spy in drawn
    assert ("SPY" in drawn) == (lang == "en")


def test_in_another_language_the_tactical_board_is_made_in_a_frame_reading_no_words(
        tmp_path, monkeypatch):
    """The tactic cards' face names (a block of words decoded, 10-25 ms on the emulated Pico)
    are read in the setting out's step before the board is made, not with its making (a
    70 ms frame in Ukrainian), nor with the words' reader's import (20 ms: 72 ms together);
    the board is then drawn with them."""
    from engine.ui import lang
    r = Runner("pico_lcd_114", str(tmp_path), 3, "uk")
    try:
        frames = []  # (the screen after each frame, did it decode words, is the reader loaded)
        plain = lang.settle
        monkeypatch.setattr(lang, "settle", lambda: frames.append(
            (type(r.app.screen).__name__, lang.decoded(), lang._words is not None)) or plain())
        D.new_game(r, opponent=1, tactical=True)
        first = [f[0] for f in frames].index("TacticalPlay")
        assert frames[first - 1][:2] == ("Loading", False)  # the board's making
        woke = [i for i in range(1, first) if frames[i][2] and not frames[i - 1][2]]
        assert woke  # (the reader rested while the game was set out, and came back)
        assert [frames[i][1] for i in woke] == [False] * len(woke)
    finally:
        lang.use("en")


def test_a_card_marked_to_go_back_is_framed_two_pixels_thick(lcd):
    """Issue 46: the Recruiter's put-back mark was a one-pixel raise and a thin frame. The
    card marked is now framed two pixels thick in pink, all round."""
    from engine.ui import palette as PAL
    s = D.tactical_game(lcd, [T.RECRUITER])
    D.keys(lcd, "A,A")  # the draw (its first split), then the put-back
    assert D.flow(s) == "PutBack"
    D.keys(lcd, "A,RIGHT")  # the first card marked, the cursor on the next
    lay = s.lay
    n = len(s.flow.drawn)
    x = (lay.w - n * 26 + 2) // 2
    y = lay.hand_y - lay.lift
    h = lay.card_h - 2
    fb = lcd.app.fb
    edges = [(x + k, y + h // 2) for k in (0, 1)] + [(x + 23 - k, y + h // 2) for k in (0, 1)] \
        + [(x + 12, y + k) for k in (0, 1)] + [(x + 12, y + h - 1 - k) for k in (0, 1)]
    assert [fb.pixel(*p) for p in edges] == [PAL.THEM] * 8
