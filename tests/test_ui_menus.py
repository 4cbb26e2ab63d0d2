"""The menus around a game, by button presses (tests/ui_driver.py): the pause menu, the end of a
match, the overwrite question, the rules, the settings across a power cycle, passing, match
scoring and the saved game under random presses."""
import random
import sys

import pytest

import ui_driver as D
from engine.core import record
from engine.core.game import DRAW, SIDE, SLOTS, STONES, WIN_POINTS
from engine.core.match import ENTRY, PASS
from engine.ui import lang
from engine.ui import play as P
from engine.ui.session import SAVE
from engine.ui.resume import load
from sim.fakes import NAMES, bit
from sim.headless import Runner


@pytest.fixture
def lcd(tmp_path):
    return Runner("pico_lcd_114", str(tmp_path), 11)


def saved_text(r):
    return r.app.storage.read(SAVE)


def saved_record(r):
    """The record of the saved game (without the save's own head lines)."""
    text = saved_text(r)
    return None if text is None else text.split("\n", 2)[2]


def mid_game(r, cards=8, **options):
    """A game with some cards on the table, at the player's choice of a card."""
    D.new_game(r, **options)
    while sum(r.app.screen.g.count) < cards:
        D.step(r)
    return D.to_card(r)


def quit_to_menu(r):
    D.keys(r, "B,UP,A")  # pause, up to the last row: Quit to menu
    assert r.app.screen.rows[0][0] == "Continue"


def bottom(r, rows=10):
    """The pixels of the hint line at the foot of the screen."""
    px = r.pixels()
    return px[len(px) - rows * r.app.w * 3:]


def fill_sides(g, p):
    """Deal the next cards of the deck onto p's side of every open stone until it is full
    (a classic game: as Game.play places a card)."""
    for s in range(STONES):
        i = s * 2 + p
        while not g.owner[s] and g.count[i] < SIDE:
            c = g.deck[g.top]
            g.top += 1
            g.sides[i * SLOTS + g.count[i]] = c
            g.count[i] += 1
            if g.count[i] == SIDE:
                g.tick += 1
                g.done[i] = g.tick
            g.unseen[c & 15] &= ~(1 << (c >> 4))


# --- the pause menu -------------------------------------------------------------------------

def test_pause_restart_deals_a_fresh_round_of_the_same_kind_and_saves_it(lcd):
    old = mid_game(lcd, opponent=2, expert=True).s
    D.keys(lcd, "B")
    assert lcd.app.screen.title == "PAUSED"
    D.keys(lcd, "DOWN,DOWN,DOWN,A")  # Restart
    assert lcd.app.screen.title == "RESTART?"  # asked first
    D.keys(lcd, "DOWN,A")
    play = lcd.app.screen
    assert D.on(play, "Play") and play.s is not old
    m = play.s.match
    g = m.game
    assert (play.s.opponent, m.variant, m.expert, m.rounds) == ("hard", "classic", True, 1)
    assert m.seed != old.match.seed and m.results == [] and m.round_no() == 1
    # a new deal: at most the computer's first card on the table, the player's six from the deal
    assert sum(g.count) <= 1 and not any(g.owner) and g.top <= 13
    assert all(m.log[i] & 1 for i in range(0, len(m.log), ENTRY))
    assert g.hand_n[0] == 6 and set(g.hand(0)) <= set(g.deck[:12])
    assert record.text(m) == saved_record(lcd)  # the old game is no longer the saved one


def test_pause_restart_asks_first_and_back_keeps_the_game(lcd):
    """Issue 24: one A on Restart threw the game away."""
    play = mid_game(lcd)
    before = record.text(play.s.match)
    for keys in ("A", "B"):  # Back (the first row), or B
        D.keys(lcd, "B")
        D.keys(lcd, "DOWN,DOWN,DOWN,A")
        assert lcd.app.screen.title == "RESTART?" and "lost" in lcd.app.screen.note
        D.keys(lcd, keys)
        assert lcd.app.screen.title == "PAUSED"
        D.keys(lcd, "B")  # back to the game
        assert lcd.app.screen is play and record.text(play.s.match) == before


def test_pause_rules_then_back_returns_to_the_game_unchanged(lcd):
    play = mid_game(lcd)
    before = record.text(play.s.match)
    hand = play._hand()
    D.keys(lcd, "B,DOWN,A")  # pause, Rules
    assert D.on(lcd.app.screen, "Rules")
    D.keys(lcd, "DOWN,RIGHT")  # read on a little
    D.keys(lcd, "B")
    assert lcd.app.screen.title == "PAUSED"
    D.keys(lcd, "B")  # resume
    assert lcd.app.screen is play and play.mode == P.CARD
    assert record.text(play.s.match) == before and play._hand() == hand
    assert saved_record(lcd) == before


@pytest.mark.parametrize("game, title", [({}, "THE GAME"),
                                         ({"tactical": True}, "TACTICAL VARIANT"),
                                         ({"role": 0}, "THE SIEGE")])
def test_pause_rules_open_at_the_game_s_own_pages(lcd, game, title):
    """Issue 46 (R5): from the siege's pause the rules opened at the classic game's first
    page, the siege's being 11 of 14."""
    D.new_game(lcd, **game)
    D.to_card(lcd)
    D.keys(lcd, "B")
    while lcd.app.screen.rows[lcd.app.screen.at][0] != "Rules":
        D.keys(lcd, "DOWN")
    D.keys(lcd, "A")
    D.settle(lcd)  # (its page read and laid out over frames)
    assert D.on(lcd.app.screen, "Rules") and lcd.app.screen.title == title


# --- the end of a match ---------------------------------------------------------------------

def test_rematch_starts_a_new_match_with_the_same_opponent_variant_and_length(lcd):
    D.new_game(lcd, opponent=0, expert=True, rounds=1, tactical=True)
    old = lcd.app.screen.s
    while True:
        D.play_round(lcd, 6000)
        if lcd.app.screen.final:
            break
        D.keys(lcd, "A")
        D.loaded(lcd)
    assert old.match.over() and saved_text(lcd) is None
    assert lcd.app.screen.at == 0  # Rematch is offered first
    D.keys(lcd, "A")
    D.loaded(lcd)
    play = lcd.app.screen
    assert D.on(play, "TacticalPlay")
    s = play.s
    m = s.match
    assert (s.opponent, m.variant, m.expert, m.rounds) == ("easy", "tactical", True, 3)
    assert m.seed != old.match.seed and m.results == [] and m.round_no() == 1
    assert m.points == [0, 0]
    again = load(lcd.app.storage)  # saved as a game to continue
    assert again.opponent == "easy" and record.text(again.match) == record.text(m)


def test_menu_at_the_end_of_a_match_goes_to_the_main_menu(lcd):
    D.new_game(lcd, opponent=0)
    D.play_round(lcd)
    assert lcd.app.screen.final
    D.keys(lcd, "DOWN")  # to Menu
    assert lcd.app.screen.at == 1
    D.keys(lcd, "A")
    menu = lcd.app.screen
    assert D.on(menu, "Menu") and menu.title == "SCHOTTEN TOTTEN"
    assert [row[0] for row in menu.rows][:2] == ["New game", "Claim checker"]


# --- a new game while one is saved ----------------------------------------------------------

def test_new_game_over_a_saved_one_asks_first_and_keeping_it_keeps_it(lcd, tmp_path):
    before = record.text(mid_game(lcd).s.match)
    quit_to_menu(lcd)
    kept = saved_text(lcd)
    lcd = Runner("pico_lcd_114", str(tmp_path), 12)  # power off and on
    D.new_game(lcd, opponent=2, tactical=True)
    ask = lcd.app.screen
    assert ask.title == "NEW GAME" and "A game is saved" in ask.note
    assert [row[0] for row in ask.rows] == ["Keep the saved game", "Start a new one"]
    D.keys(lcd, "A")  # keep it
    assert lcd.app.screen.rows[0][0] == "Opponent"  # back at the form
    assert saved_text(lcd) == kept
    D.keys(lcd, "B")  # to the menu
    again = Runner("pico_lcd_114", str(tmp_path), 99)  # power off and on
    D.keys(again, "A,A")  # Continue
    D.loaded(again)
    assert D.on(again.app.screen, "Play")
    assert record.text(again.app.screen.s.match) == before


def test_new_game_over_a_saved_one_replaces_it_when_asked_to(lcd, tmp_path):
    old = mid_game(lcd).s.match
    quit_to_menu(lcd)
    lcd = Runner("pico_lcd_114", str(tmp_path), 12)  # power off and on
    D.new_game(lcd, opponent=3, rounds=1)
    D.keys(lcd, "DOWN,A")  # Start a new one
    D.loaded(lcd)
    play = lcd.app.screen
    assert D.on(play, "Play")
    m = play.s.match
    assert play.s.opponent == "2p" and m.rounds == 3 and m.seed != old.seed
    again = Runner("pico_lcd_114", str(tmp_path), 99)
    D.keys(again, "A,A")  # Continue: the new game, not the old one
    D.loaded(again)
    s = again.app.screen.s
    assert s.opponent == "2p" and record.text(s.match) == record.text(m)
    assert s.match.seed != old.seed


# --- the rules ------------------------------------------------------------------------------

@pytest.mark.parametrize("board", ["pico_lcd_114", "pico_display", "pico_lcd_13"])
def test_the_rules_scroll_down_and_back_up(board, tmp_path):
    r = Runner(board, str(tmp_path), 3)
    D.keys(r, "A,DOWN,DOWN,A")  # title, menu: Rules
    rules = r.app.screen
    assert D.on(rules, "Rules")
    D.keys(r, "LEFT,LEFT,LEFT,LEFT,LEFT")  # back past the siege's pages: the longest page
    D.settle(r)  # (a page is read, laid out and drawn over frames from its key's)
    page = rules.page
    assert rules.title == "HOUSE RULES" and len(rules.lines) > rules._rows()
    top = r.pixels()
    D.keys(r, "DOWN")
    assert rules.page == page and rules.top == 1  # scrolled, the page not turned
    assert r.pixels() != top
    D.keys(r, "DOWN,DOWN")
    assert rules.top == 3
    D.keys(r, "UP,UP,UP")
    assert rules.top == 0 and r.pixels() == top


def test_pages_turned_quickly_are_all_turned(lcd):
    """A page is read, laid out and drawn over frames (one frame took 170 ms on the
    emulated Pico): a key pressed meanwhile still turns the page, none is lost."""
    D.keys(lcd, "A,DOWN,DOWN,A")  # title, menu: Rules
    rules = lcd.app.screen
    D.keys(lcd, "RIGHT,RIGHT,RIGHT")  # a press each two frames: faster than a page is drawn
    D.settle(lcd)
    assert rules.page == 3 and rules.lines and rules.title == "CLAIMING"


def test_a_long_rules_page_is_read_and_laid_out_over_frames(lcd, monkeypatch):
    """Reading a page (30-40 ms on the emulated Pico) and laying out its lines (80 ms for the
    longest) took one frame each: the lines are laid a few paragraphs a frame."""
    from engine.ui import rules as R
    D.keys(lcd, "A,DOWN,DOWN,A")  # title, menu: Rules
    D.settle(lcd)
    wrapped, read = [0], [0]
    plain_wrap, plain_page = R.wrap, R.page
    monkeypatch.setattr(R, "wrap", lambda f, s, w: wrapped.__setitem__(0, wrapped[0] + len(s))
                        or plain_wrap(f, s, w))
    monkeypatch.setattr(R, "page", lambda i: read.__setitem__(0, read[0] + 1) or plain_page(i))
    lcd.frame(bit("RIGHT"))  # to the second page, the longest
    frames = []
    while lcd.app.screen.busy():
        wrapped[0] = read[0] = 0
        lcd.frame(0)
        frames.append((read[0], wrapped[0]))
    assert sum(n for _, n in frames) > 2 * R._LAID  # (a long page)
    for got, n in frames:
        assert not (got and n) and n < R._LAID + 250, frames  # (250: a paragraph)
    assert lcd.app.screen.title == "THE BOARD"


def test_the_rules_explain_the_screen_itself(lcd):
    """Issue 24: the rules did not teach the screen: which row is yours, what the markers
    mean, whose turn, the deck's counts. The second page does."""
    D.keys(lcd, "A,DOWN,DOWN,A,RIGHT")  # the rules, their second page
    rules = lcd.app.screen
    D.settle(lcd)
    assert rules.title == "THE BOARD"
    text = " ".join(rules.lines)
    while rules.top + rules._rows() < len(rules.lines):  # (all of it can be scrolled to)
        D.keys(lcd, "DOWN")
    for words in ("Your cards lie below", "whoever is to play", "deck", "white frame, the cursor",
                  "claim is filled gold", "a bar down each edge", "last move", "blue yours"):
        assert words in text, words


# --- settings across a power cycle ----------------------------------------------------------

def test_settings_changed_in_the_menu_are_kept_over_a_power_cycle(lcd, tmp_path):
    D.keys(lcd, "A,DOWN,DOWN,DOWN,A")  # title, menu: Settings
    assert lcd.app.screen.title == "SETTINGS"
    # brightness 2, glyphs off, hints off, the coach off, the hand by value, Russian (the
    # menu anew in it)
    D.keys(lcd, "LEFT,LEFT,DOWN,LEFT,DOWN,LEFT,DOWN,LEFT,DOWN,RIGHT,DOWN,RIGHT")
    assert lcd.app.screen.at == 5 and lcd.app.screen.value(1) == "выкл"
    D.keys(lcd, "DOWN,A")
    assert lcd.app.screen.title == "SCHOTTEN TOTTEN"

    again = Runner("pico_lcd_114", str(tmp_path), 99)  # power off and on
    st = again.app.settings
    assert (st.brightness, st.glyphs, st.hints, st.coach, st.by_value, st.lang) == (
        2, False, False, False, True, "ru")
    plain = Runner("pico_lcd_114", str(tmp_path / "other"), 99, "ru")
    with_glyphs = plain.pixels()
    plain.app.settings.glyphs = False
    plain.app.dirty = True
    plain.frame(0)
    assert again.pixels() == plain.pixels() != with_glyphs  # the title's cards: no glyphs

    D.keys(again, "A,DOWN,DOWN,DOWN,A")
    menu = again.app.screen
    assert [row[2] for row in menu.rows[:6]] == [1, 0, 0, 0, 1, 1]
    D.keys(again, "B")  # (back to English for the rest)
    lang.use("en")
    # Hints off: the claim step comes even when no stone can be taken.
    third = Runner("pico_lcd_114", str(tmp_path), 5)
    D.new_game(third)
    D.play_until(third, lambda s: s.mode == P.CLAIMING and not s.g.claimable(), 400,
                 "no claim step without a claimable stone")


# --- passing in a classic game --------------------------------------------------------------

def test_a_player_with_no_card_to_play_is_told_and_passes(lcd):
    play = mid_game(lcd, cards=4)
    g = play.g
    hints = bottom(lcd)
    fill_sides(g, 0)  # every open stone full on the player's side
    assert not g.can_play()
    play._to_play()
    play.damage = P.REDRAW
    lcd.app.dirty = True
    lcd.frame(0)
    assert play.mode == P.PASSING and play.note == "No card can be played: you pass."
    assert bottom(lcd) != hints  # the words replace the hints
    hand, top, log = play._hand(), g.top, len(play.s.match.log)
    D.keys(lcd, "A")
    m = play.s.match
    assert m.log[log] == PASS * 2 + 0  # logged: player 1 passes
    while play.mode == P.CLAIMING:
        D.step(lcd)
    assert play._hand() == hand and g.top == top  # nothing drawn
    assert play.note != "No card can be played: you pass."
    assert g.player == 1 or D.on(lcd.app.screen, "RoundEnd")


def test_the_computer_with_no_card_to_play_passes_and_it_is_shown(lcd):
    play = mid_game(lcd, cards=4)
    g = play.g
    fill_sides(g, 1)  # every open stone full on the computer's side
    D.keys(lcd, "A,A")  # the player's card
    while play.mode in (P.CLAIMING, P.CPU):
        D.step(lcd)
    assert play.said.startswith("CPU passes") and play.mark is None
    m = play.s.match
    passes = [i for i in range(0, len(m.log), ENTRY) if m.log[i] == PASS * 2 + 1]
    assert passes and passes[-1] >= play.s.first


# --- match scoring --------------------------------------------------------------------------

def test_a_three_round_match_scores_five_to_the_winner_and_a_point_a_stone_to_the_loser(tmp_path):
    r = Runner("pico_lcd_114", str(tmp_path), 15)
    D.new_game(r, opponent=3, rounds=1)  # two players: both win rounds with this seed
    s = r.app.screen.s
    m = s.match
    seen = []
    for n in range(3):
        starter = m.game.player
        D.play_round(r)
        g = m.game
        seen.append((g.winner, g.stones_of(0), g.stones_of(1), starter))
        if n < 2:
            D.keys(r, "A")
    assert len(m.results) == 3 and m.over()
    for (w, a, b, pa, pb), (won, sa, sb, _) in zip(m.results, seen):
        assert (w, a, b) == (won, sa, sb)
        assert w != DRAW  # (a classic round cannot be drawn)
        if w == 0:
            assert (pa, pb) == (WIN_POINTS, b)
        else:
            assert (pa, pb) == (a, WIN_POINTS)
    # the seed gives rounds where it matters: a winner with other than 5 stones, a loser with some
    assert {x[0] for x in m.results} == {0, 1}
    assert any(x[1 + x[0]] != WIN_POINTS for x in m.results)
    assert any(x[2 - x[0]] > 0 for x in m.results)
    for prev, nxt in zip(seen, seen[1:]):
        assert nxt[3] == 1 - prev[0]  # the loser of a round starts the next one
    total = [sum(x[3] for x in m.results), sum(x[4] for x in m.results)]
    assert m.points == total
    assert m.winner() == (0 if total[0] > total[1] else 1 if total[1] > total[0] else DRAW)


# --- the saved game under random presses ----------------------------------------------------

def random_presses(r, frames, seed, check):
    """Random presses as sim/fuzz.py makes them; check(r) after each."""
    rng = random.Random(seed)
    have = [n for n in NAMES if r.board.buttons & bit(n)]
    end = r.now + frames * 33
    while r.now < end:
        roll = rng.random()
        name = rng.choice(have)
        if roll < 0.08:
            r.hold(name, rng.choice((300, 700, 1200)))
        elif roll < 0.12:
            r.wait(500)
        else:
            r.press(name)
        check(r)


def saving_ends(r, limit=8):
    """On the board a save is spread over a few frames (engine/ui/play.py): let the one under
    way end, which it must within `limit` frames."""
    screen = r.app.screen
    for _ in range(limit):
        if not D.on_board(screen) or screen.saving is None:
            return
        r.frame(0)
        screen = r.app.screen
    raise AssertionError("a save still under way after %d frames" % limit)


def saved_is_behind_the_game(r):
    """On the board, the saved game is the game being played, at most its turn not yet ended
    (while the computer thinks, the player's turn: it is saved with the reply), once the save
    under way (if any) has ended; the main menu offers Continue exactly when a game is
    saved."""
    saving_ends(r)
    screen = r.app.screen
    text = saved_record(r)
    if D.on(screen, "Menu") and screen.title == "SCHOTTEN TOTTEN":
        assert (screen.rows[0][0] == "Continue") == (text is not None)
    if not D.on_board(screen):
        return
    m = screen.s.match
    if text is None:
        assert m.over()  # saved games are removed only when the match is over
        return
    saved = record.replay(text)
    assert (saved.seed, saved.variant) == (m.seed, m.variant)
    assert m.log.startswith(saved.log)
    if m.variant == "classic" and not m.expert and screen.mode not in (P.CLAIMING, P.CPU):
        assert saved.log == m.log  # only a card played and its claims wait for the turn's end


def test_random_presses_from_a_saved_game_keep_it_readable_and_continued(lcd, tmp_path):
    mid_game(lcd)
    quit_to_menu(lcd)
    random_presses(lcd, 3000, 7, saved_is_behind_the_game)
    assert not lcd.app.storage.damaged
    assert not (tmp_path / "game.bad").exists()
    kept = saved_record(lcd)
    assert kept is not None  # (this seed ends with a game saved)
    assert load(lcd.app.storage) is not None
    again = Runner("pico_lcd_114", str(tmp_path), 99)  # power off and on
    D.keys(again, "A")
    assert again.app.screen.rows[0][0] == "Continue"
    D.keys(again, "A")
    D.loaded(again)
    assert D.on_board(again.app.screen)
    assert record.text(again.app.screen.s.match) == kept


def _unloaded(*names):
    import sys
    from engine.ui import unload
    from engine.ui.loading import game_modules
    unload(tuple(game_modules()) + names)
    return sys.modules


def test_the_menus_do_not_load_the_game_s_code(lcd):
    """On the Pico a module of the game takes 10-60 ms to load: the menus (which ask whether a
    game is saved) leave that to the start of a game."""
    modules = _unloaded("engine.ui.session", "engine.ui.newgame")
    D.keys(lcd, "A")  # the main menu
    mid_game(lcd)
    quit_to_menu(lcd)
    modules = _unloaded("engine.ui.session")
    D.keys(lcd, "DOWN,A,DOWN,DOWN,DOWN,DOWN,A")  # a game is saved: the form, Start, the question
    assert lcd.app.screen.title == "NEW GAME" and "replaces it" in lcd.app.screen.note
    assert "engine.ui.session" not in modules and "engine.ai.classic" not in modules


def test_a_saved_game_s_reader_is_let_go_once_its_board_is_on_view(lcd, tmp_path):
    """engine/ui/resume.py reads a save back for Continue only: its code is not in the heap
    while the game is played (nor loaded by a new game)."""
    import sys
    mid_game(lcd)
    assert "engine.ui.resume" not in sys.modules
    quit_to_menu(lcd)
    again = Runner("pico_lcd_114", str(tmp_path), 99)  # power off and on
    D.keys(again, "A,A")  # Continue
    seen = False
    while not D.on_board(again.app.screen):
        seen = seen or "engine.ui.resume" in sys.modules
        again.frame(0)
    assert seen and "engine.ui.resume" not in sys.modules


@pytest.mark.parametrize("opponent, variant", [(2, False), (2, True), (3, True)])
def test_a_new_game_loads_its_modules_one_a_frame_then_deals(lcd, opponent, variant):
    modules = _unloaded("engine.ui.session")
    D.keys(lcd, "A")
    before = set(modules)
    D.keys(lcd, "A" + ",RIGHT" * ((opponent - 1) % 4) + ",DOWN" + (",RIGHT" if variant else "")
           + ",DOWN,DOWN,DOWN,A")
    loading = lcd.app.screen
    assert D.on(loading, "Loading") and loading.busy()
    frames = 0
    while D.on(lcd.app.screen, "Loading"):
        had = len(modules)
        lcd.frame(0)
        frames += 1
        assert len(modules) - had <= 4  # one a frame here (and what it imports, if any)
    assert frames >= 3 and D.on_board(lcd.app.screen)  # (spread over frames)
    new = set(modules) - before
    assert "engine.ui.session" in new
    # the computer's shared modules now; its own code as its turn comes (engine/ui/session.py)
    assert ("engine.ai.judge" in new) == (opponent != 3)
    assert ("engine.ai.tcal" in new) == (variant and opponent != 3)
    assert ("engine.ai.cal" in new) == (not variant and opponent != 3)
    assert "engine.ai.tactical" not in new and "engine.ai.classic" not in new


def test_the_power_on_s_code_is_let_go_once_the_settings_are_read(tmp_path):
    """Reading the settings and choosing the first screen happen once, writing the settings
    seldom: that code would hold RAM all game on the device."""
    import sys
    first = Runner("pico_lcd_114", str(tmp_path), 5).app.settings
    assert "engine.ui.settings_file" not in sys.modules
    first.brightness, first.lang, first.form = 2, "hu", [2, 1, 0, 1, 0]
    from engine.ui.settings_file import write
    write(first)
    assert "engine.ui.settings_file" not in sys.modules
    r = Runner("pico_lcd_114", str(tmp_path), 5)  # power off and on
    assert (r.app.settings.brightness, r.app.settings.lang) == (2, "hu")
    assert r.app.settings.form == [2, 1, 0, 1, 0] and D.on(r.app.screen, "Title")
    assert "engine.ui.power_on" not in sys.modules
    assert "engine.ui.settings_file" not in sys.modules


@pytest.mark.parametrize("row, code", [(0, "en"), (1, "ru"), (3, "hu")])
def test_the_first_power_on_s_language_answer_does_one_slow_thing_a_frame(tmp_path, row, code):
    """The fonts' code read from flash, the fonts rebuilt and the settings written (each up
    to tens of ms on the Pico) fall in different frames, and the fonts' code goes after."""
    import sys
    from engine.ui import text
    r = Runner("pico_lcd_114", str(tmp_path), 5, ask=True)
    assert D.on(r.app.screen, "Menu") and r.app.settings.lang is None
    writes = []
    plain = r.app.storage.write
    r.app.storage.write = lambda name, data: writes.append(name) or plain(name, data)
    fonts = ("engine.ui.fontload", "engine.ui.fontdata")
    D.keys(r, ",".join(["DOWN"] * row))
    frames = 0
    while not D.on(r.app.screen, "Title"):
        had = [m for m in fonts if m in sys.modules], text.SMALL.data, len(writes)
        r.frame(bit("A") if frames == 0 else 0)
        frames += 1
        assert frames < 20, "the answer never reaches the title"
        loaded = [m for m in fonts if m in sys.modules and m not in had[0]]
        slow = len(loaded) + (text.SMALL.data is not had[1]) + len(writes) - had[2]
        assert slow <= 1, (frames, loaded, len(writes) - had[2])
    assert writes == ["settings.txt"] and r.app.settings.lang == code
    assert "lang %s" % code in r.app.storage.read("settings.txt")
    assert not [m for m in fonts + ("engine.ui.language", "engine.ui.options") if m in sys.modules]


@pytest.mark.parametrize("label, screen", [("Claim checker", "Checker"),
                                           ("Settings", "Menu"), ("Statistics", "Statistics")])
def test_a_screen_of_the_main_menu_loads_its_code_a_module_a_frame(lcd, label, screen):
    """Its modules read from flash in one frame took up to 190 ms on the emulated Pico."""
    import sys
    from engine.ui.title import _CHECKER, _OPTIONS, _STATISTICS
    from engine.ui import unload
    unload(_CHECKER + _OPTIONS + _STATISTICS)
    D.keys(lcd, "A")  # the main menu
    menu = lcd.app.screen
    rows = [row[0] for row in menu.rows]
    D.keys(lcd, ",".join(["DOWN"] * rows.index(label)))
    frames = 0
    while not D.on(lcd.app.screen, screen) or lcd.app.screen is menu:
        had = set(sys.modules)
        lcd.frame(bit("A") if frames == 0 else 0)
        frames += 1
        new = [m for m in set(sys.modules) - had  # (a package's empty __init__ aside)
               if m.startswith("engine.") and not hasattr(sys.modules[m], "__path__")]
        assert len(new) <= 1, new
        assert frames < 30
    assert frames >= 3


def test_the_file_reader_is_let_go_on_the_board_and_the_game_still_saves(lcd, tmp_path):
    """engine/ui/files_read.py reads the kept files back (the menus ask whether a game is
    saved): a game in progress only writes, so its code is not in the heap on the board,
    and the turns are saved all the same (Continue finds them after a power cut)."""
    import sys
    assert "engine.ui.files_read" in sys.modules  # (the title asked for a save)
    mid_game(lcd)
    while lcd.app.screen.saving:  # (the computer's reply is saved over frames)
        lcd.frame(0)
    assert "engine.ui.files_read" not in sys.modules
    assert "engine.core.parse" not in sys.modules  # (the numbers' reader: the files')
    log = bytes(lcd.app.screen.s.match.log)
    again = Runner("pico_lcd_114", str(tmp_path), 99)  # the power cut
    D.keys(again, "A,A")  # Continue
    while not D.on_board(again.app.screen):
        again.frame(0)
    assert bytes(again.app.screen.s.match.log) == log
    assert "engine.ui.files_read" not in sys.modules


def test_quitting_to_the_menu_lets_the_game_s_code_go_then_loads_the_menu_s(lcd):
    """The games' declarations (which list what to let go) and the menu's modules are read
    a frame each: all at once took 144 ms on the emulated Pico."""
    import sys
    D.new_game(lcd, opponent=1, tactical=True)
    D.to_card(lcd)
    D.keys(lcd, "B")
    rows = [row[0] for row in lcd.app.screen.rows]
    D.keys(lcd, ",".join(["DOWN"] * rows.index("Quit to menu")))
    frames = 0
    while not D.on(lcd.app.screen, "Menu") or lcd.app.screen.title != "SCHOTTEN TOTTEN":
        had = set(sys.modules)
        lcd.frame(bit("A") if frames == 0 else 0)
        frames += 1
        new = [m for m in set(sys.modules) - had
               if m.startswith("engine.") and not hasattr(sys.modules[m], "__path__")]
        assert len(new) <= 1, new
        assert frames < 30
    for name in ("engine.ui.play", "engine.ui.tplay", "engine.ai.judge", "engine.ai.tcal",
                 "engine.games.tactical"):  # (the core stays: loading.py's CORE)
        assert name not in sys.modules, name


def test_the_new_game_form_opens_a_module_a_frame(lcd):
    """The form's module, the games' list, the last game's declaration, then the form made
    (its words) reading no module and drawing nothing, then drawn: in one frame that took
    119 ms on the emulated Pico in Russian; the declaration, the words and the drawing 86, the
    words and the drawing 72."""
    from engine.ui import unload
    unload(("engine.ui.newgame", "engine.games") + tuple(
        m for m in sys.modules if m.startswith("engine.games.")))
    D.keys(lcd, "A")  # the main menu, New game first without a saved game
    assert lcd.app.screen.rows[0][0] == "New game"
    made = []
    frames = 0
    try:
        while not D.on(lcd.app.screen, "Menu") or lcd.app.screen.title != "NEW GAME":
            had = set(sys.modules)
            on_view = bytes(lcd.app.buf)
            lcd.frame(bit("A") if frames == 0 else 0)
            frames += 1
            new = [m for m in set(sys.modules) - had if m.startswith("engine.")]
            assert len(new) <= 1, new
            form = sys.modules.get("engine.ui.newgame")
            if form and not hasattr(form, "plain"):  # (the frame of its making noted)
                form.plain = form.new_game_menu
                form.new_game_menu = lambda app: made.append(frames + 1) or form.plain(app)
            if made and made[0] == frames:
                assert not new and bytes(lcd.app.buf) == on_view  # (its making frame)
            assert frames < 30
    finally:
        unload(("engine.ui.newgame",))
    assert made and frames == made[0] + 1  # drawn in the next frame
    assert frames >= 5


def test_a_key_pressed_while_the_pause_menu_opens_reaches_it(lcd):
    """B, then DOWN at once, as the pause menu's code is still read: the DOWN moves the
    menu's cursor, not the board's."""
    D.new_game(lcd, opponent=1)
    board = D.to_card(lcd)
    card = board.card
    lcd.press("B")
    lcd.press("DOWN")
    D.settle(lcd)
    menu = lcd.app.screen
    assert D.on(menu, "Menu") and menu.at == 1 and board.card == card


def test_keys_pressed_while_a_screen_opens_reach_it(lcd):
    """A screen that opens over frames (its modules read a frame each) keeps the keys pressed
    meanwhile: a player's quick DOWN after opening the settings is not lost."""
    from engine.ui.title import _OPTIONS
    from engine.ui import unload
    unload(_OPTIONS)
    D.keys(lcd, "A")  # the main menu
    rows = [row[0] for row in lcd.app.screen.rows]
    D.keys(lcd, ",".join(["DOWN"] * rows.index("Settings")))
    lcd.press("A")
    assert D.on(lcd.app.screen, "Loading")
    lcd.press("DOWN")
    lcd.press("DOWN")
    D.settle(lcd)
    assert lcd.app.screen.title == "SETTINGS" and lcd.app.screen.at == 2


def test_the_pause_menu_s_code_is_read_over_two_frames_and_the_menu_drawn_in_the_next(lcd):
    """B on the board: the menus' code is read in the key's frame, the pause menu's in the
    next, the menu shown in the one after (the two read in one frame took 52 ms on the
    emulated Pico, with the menu's first drawing 72)."""
    import sys
    from engine.ui import unload
    D.new_game(lcd, opponent=1)
    board = D.to_card(lcd)
    unload(("engine.ui.pause", "engine.ui.menu"))
    lcd.frame(bit("B"))
    assert "engine.ui.menu" in sys.modules and "engine.ui.pause" not in sys.modules
    lcd.frame(0)
    assert "engine.ui.pause" in sys.modules and lcd.app.screen is board
    lcd.frame(0)
    assert D.on(lcd.app.screen, "Menu") and lcd.app.shown is lcd.app.screen


def test_the_round_table_says_one_stone_not_one_stones(tmp_path, monkeypatch):
    """Issue 24's bug list: "1 (1 stones)"."""
    from engine.ui.text import SMALL
    r = Runner("pico_lcd_114", str(tmp_path), 15)
    D.new_game(r, opponent=3, rounds=1)
    m = r.app.screen.s.match
    D.play_round(r)
    w, a, b, pa, pb = m.results[0]
    m.results[0] = (w, 1, 0, 1, 0) if w == 1 else (w, 0, 1, 0, 1)  # the loser: one stone
    drawn = []
    plain = SMALL.draw
    monkeypatch.setattr(SMALL, "draw", lambda fb, s, *rest: drawn.append(s) or plain(fb, s, *rest))
    r.app.dirty = True
    r.app.screen.draw(r.app.fb)
    assert "1 (1 stone)" in drawn and "0 (0 stones)" in drawn
    assert not [s for s in drawn if "(1 stones)" in s]


def _form(r):
    """The new-game form's choices, from the title or the main menu: (opponent, game, its
    own rows' choices)."""
    if D.on(r.app.screen, "Title"):
        D.keys(r, "A")
    if r.app.screen.rows[0][0] == "Continue":
        D.keys(r, "DOWN")
    D.keys(r, "A")
    form = r.app.screen
    assert form.title == "NEW GAME"
    return [row[2] for row in form.rows[:-1]]


def test_new_game_opens_on_the_last_game_s_choices_even_after_a_power_cycle(lcd, tmp_path):
    """Issue 46 (R9): the form reset to Normal / Classic every time, even straight after a
    siege: 5-7 presses a game."""
    assert _form(lcd) == [1, 0, 0, 0]  # (the first time: Normal, Classic, not expert, 1 round)
    D.keys(lcd, "B")
    D.new_game(lcd, opponent=2, role=1)  # Hard, the siege as the defender
    quit_to_menu(lcd)
    assert _form(lcd) == [2, 2, 1]
    D.keys(lcd, "DOWN,LEFT,LEFT")  # the classic game: its own rows as last chosen for it
    assert [row[2] for row in lcd.app.screen.rows[:-1]] == [2, 0, 0, 0]
    D.keys(lcd, "B")  # (the main menu)
    D.new_game(lcd, opponent=0, expert=True, rounds=2, tactical=True)
    assert "replaces it" in lcd.app.screen.note  # (the siege is saved)
    D.keys(lcd, "DOWN,A")  # Start a new one
    D.loaded(lcd)
    assert D.on(lcd.app.screen, "TacticalPlay")
    again = Runner("pico_lcd_114", str(tmp_path), 99)  # power off and on
    assert _form(again) == [0, 1, 1, 2]
    D.keys(again, "DOWN,RIGHT")  # the siege: its role as last chosen
    assert [row[2] for row in again.app.screen.rows[:-1]] == [0, 2, 1]


@pytest.mark.parametrize("line", ["form 2 1 1 2", "form 2 1 1 2 1 0", "form 9 9 9 9 9",
                                  "form 2 1 x 2 1", "form 2 1 \u0661 2 1",
                                  "form 2 1 99999999999999999999 2 1"])
def test_a_damaged_form_line_in_the_settings_opens_the_form_as_new(tmp_path, line):
    from engine.ui.app import Settings
    r = Runner("pico_lcd_114", str(tmp_path), 11)
    r.app.storage.write(Settings.NAME, "brightness 2\n%s\n" % line)
    again = Runner("pico_lcd_114", str(tmp_path), 99)
    assert again.app.settings.brightness == 2  # (the rest of the file is read)
    assert _form(again) == [1, 0, 0, 0]


def test_settings_from_the_pause_menu_return_to_it_and_brightness_shows_at_once(lcd):
    """Issue 24: settings could not be reached from a game, and the brightness changed only
    once the menu was left."""
    play = mid_game(lcd)
    before = record.text(play.s.match)
    D.keys(lcd, "B,DOWN,DOWN,A")  # pause: Settings
    assert lcd.app.screen.title == "SETTINGS"
    st = lcd.app.settings
    level = st.brightness
    D.keys(lcd, "LEFT")
    assert st.brightness == level - 1  # the device's next frame sets the backlight
    D.keys(lcd, "LEFT")
    assert st.brightness == level - 2
    D.keys(lcd, "B")  # kept, and back to the pause menu
    assert lcd.app.screen.title == "PAUSED"
    assert "brightness %d" % (level - 2) in lcd.app.storage.read("settings.txt")
    D.keys(lcd, "B")
    assert lcd.app.screen is play and record.text(play.s.match) == before


def _bar_texts(r, monkeypatch):
    """The top bar drawn anew: its texts (x, x after, text), left to right."""
    from engine.ui.text import MEDIUM  # (the bars' font)
    drawn = []
    plain = MEDIUM.draw
    monkeypatch.setattr(MEDIUM, "draw", lambda fb, s, x, y, c: drawn.append((s, x, y)) or
                        plain(fb, s, x, y, c))
    r.app.screen._draw_bar(r.app.fb)
    monkeypatch.setattr(MEDIUM, "draw", plain)
    return sorted((x, x + MEDIUM.width(s), s) for s, x, y in drawn if y < 12)


@pytest.mark.parametrize("tactical", [False, True])
@pytest.mark.parametrize("board", ["pico_lcd_114", "pico_display", "pico_lcd_13"])
def test_the_top_bar_s_texts_keep_apart_with_two_players_and_five_rounds(tmp_path,
                                                                         monkeypatch, board,
                                                                         tactical):
    """Issue 24's bug list: "P1 to play" ran into "Round 1/5" in the top bar; the tactic
    cards' count swapped its order with the player at the bottom."""
    r = Runner(board, str(tmp_path), 15)
    D.new_game(r, opponent=3, rounds=2, tactical=tactical)
    for _ in range(2):  # each player's turn: the same order
        D.play_until(r, lambda s: s.mode == P.CARD, 100, "no turn")
        top = _bar_texts(r, monkeypatch)
        g = r.app.screen.g
        t = g.tactics_played if tactical else None
        want = ["R1/5  ", "P1", " 0  ", "P2", " 0  "] + (
            ["Tactics %d:%d" % (t[0], t[1])] if tactical else []) + (
            ["Deck %d+%d" % (g.deck_left(), g.tdeck_left())] if tactical else
            ["Deck %d" % g.deck_left()])
        assert [x[2] for x in top] == want
        assert all(a[1] <= b[0] for a, b in zip(top, top[1:])), top
        assert top[-2][1] + 6 <= top[-1][0]  # (the deck apart)
        D.play_until(r, lambda s: s.mode == P.HANDOVER, 100, "no hand-over")
        D.keys(r, "A")


@pytest.mark.parametrize("tactical", [False, True])
def test_whose_turn_it_is_is_always_in_the_top_bar(tmp_path, tactical):
    """The name of the player to move is drawn inverted (white behind it) in the bar: the
    player's, then the computer's while it thinks; each player's with two."""
    from engine.ui import palette as PAL
    from engine.ui.text import SMALL
    for opponent, names in ((2, ("You", "CPU")), (3, ("P1", "P2"))):
        r = Runner("pico_lcd_114", str(tmp_path / str(opponent)), 15)
        D.new_game(r, opponent=opponent, tactical=tactical)
        if opponent == 3:
            D.keys(r, "A")
        play = r.app.screen

        def behind(x):  # the colour at the top row of the bar, above the text
            return r.app.fb.pixel(x, 0)
        you = 3  # (the names' x: "You 0  " then "CPU")
        cpu = you + SMALL.width(names[0] + " 0  ") + 2
        movers = set()
        for turn in range(2):
            if opponent == 2:
                D.play_until(r, lambda s: s.mode == P.CARD, 200, "no turn")
            r.frame(0)
            mover = play.g.player
            movers.add(mover)
            assert behind(you) == (PAL.WHITE if mover == 0 else PAL.PANEL)
            assert behind(cpu) == (PAL.WHITE if mover == 1 else PAL.PANEL)
            if opponent == 2:
                D.keys(r, "A,A")
                while play.mode == P.CLAIMING or (tactical and D.flow(play) == "Deck"):
                    D.keys(r, "DOWN" if play.mode == P.CLAIMING else "A")
                assert play.mode == P.CPU
                r.frame(0)
                assert behind(cpu) == PAL.WHITE and behind(you) == PAL.PANEL
                break
            D.play_until(r, lambda s: s.mode == P.HANDOVER, 100, "no hand-over")
            D.keys(r, "A")
        assert movers == ({0, 1} if opponent == 3 else {0})


def test_the_title_says_whose_game_it_is_in_plain_words(lcd, monkeypatch):
    """Issue 46: "a card game of Reiner Knizia's" read awkwardly."""
    from engine.ui import draw
    said = []
    plain = draw.hints
    monkeypatch.setattr(draw, "hints", lambda fb, w, h, text, *rest: said.append(text)
                        or plain(fb, w, h, text, *rest))
    assert D.on(lcd.app.screen, "Title")
    lcd.app.screen.draw(lcd.app.fb)
    assert said == ["A card game by Reiner Knizia"]
