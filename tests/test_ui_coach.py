"""The coach on the device's screens (engine/ui/hint.py): the hint key at the card step, in
every game and on every board; the hint given up; the coach set off; hints counted in the
statistics and kept by a save."""
import sys

import pytest

import ui_driver as D
from engine.core.game import PLAY
from engine.core.steps import finish
from engine.ui import play as P
from engine.ui.session import Computer
from sim.headless import Runner

GAMES = {  # new_game's choices for each game (the siege: in each role)
    "classic": {}, "tactical": {"tactical": True}, "siege attacker": {"role": 0},
    "siege defender": {"role": 1}}
BOARDS = ("pico_lcd_114", "pico_display", "pico_lcd_13")


def to_card_step(r, game, turns=2):
    """A new game against Easy, played on (the plain player's presses) to the player's card
    step of their `turns`-th turn; the board."""
    D.new_game(r, opponent=0, **GAMES[game])
    for turn in range(turns):
        for _ in range(800):
            s = r.app.screen
            if D.on_board(s) and s.mode == P.CARD and not s.halfway and not s.note and \
                    s.g.player == 0:
                break
            D.step(r)
        else:
            raise AssertionError("no card step")
        if turn < turns - 1:
            D.keys(r, "A")
    return r.app.screen


def hint_key(b):
    return "DOWN" if D.on(b, "SiegePlay") else "UP"


def ask(r, b):
    """The hint key pressed, and the frames until the hint is shown (the flow's thinking);
    how many frames it took."""
    D.keys(r, hint_key(b))
    assert b.mode == P.FLOW and type(b.flow).__name__ == "Hint"
    for frames in range(1, 3000):
        r.frame(0)
        if b.mode != P.FLOW:
            return frames
    raise AssertionError("the hint never came")


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_hint_shows_the_hard_computer_s_move_chosen_and_why_and_plays_nothing(
        tmp_path, game, board):
    r = Runner(board, str(tmp_path), 5)
    b = to_card_step(r, game)
    m = b.s.match
    g = m.game
    hard = finish(Computer("hard", m.seed, m.declared).made().think(g))
    log = bytes(m.log)
    assert ask(r, b) > 1  # (thought over frames: the screen stays live)
    assert bytes(m.log) == log and g.player == 0  # nothing played
    assert b.s.hinted
    assert b.note.startswith("You ") and ("%" in b.note or "wins the game" in b.note)
    if hard >> 24 == PLAY:  # the card chosen, the cursor on its stone: A would play it
        assert b.mode == P.STONE and b.chosen == (hard >> 16) & 255
        assert b.stone == (hard >> 8) & 255
        D.keys(r, "A")
        assert m.log[len(log):len(log) + 4] == bytes(
            (PLAY * 2, (hard >> 16) & 255, (hard >> 8) & 255, 0))
    else:
        assert b.mode == P.CARD


def test_b_gives_the_hint_up_and_its_code_goes_back_to_the_heap(tmp_path):
    r = Runner("pico_lcd_114", str(tmp_path), 5)
    b = to_card_step(r, "classic")
    D.keys(r, "UP")
    r.frame(0)
    assert b.mode == P.FLOW
    D.keys(r, "B")
    assert b.mode == P.CARD and not b.s.hinted and not b.note
    for name in ("engine.ai.coach", "engine.ai.classic"):
        assert name not in sys.modules
    D.keys(r, "UP")  # asked again, and given up once the coach's words are being found
    for _ in range(3000):
        r.frame(0)
        if "engine.ai.coach" in sys.modules:
            break
    assert b.mode == P.FLOW
    D.keys(r, "B")
    assert b.mode == P.CARD and not b.s.hinted and "engine.ai.coach" not in sys.modules
    ask(r, b)  # asked again: given
    assert b.mode == P.STONE and b.s.hinted


def test_while_the_hint_thinks_the_board_s_choices_and_words_rest_as_for_the_computer(
        tmp_path):
    r = Runner("pico_lcd_13", str(tmp_path), 5, lang="ru")
    b = to_card_step(r, "tactical")
    D.keys(r, "UP")
    r.frame(0)
    r.frame(0)
    assert b.mode == P.FLOW
    for name in ("engine.ui.tchoices", "engine.ui.words_file", "engine.ui.words",
                 "engine.ai.coach"):
        assert name not in sys.modules, name
    assert b.flow.hints(False).startswith("Тренер думает")
    while b.mode == P.FLOW:
        r.frame(0)
    assert "engine.ai.coach" not in sys.modules and "engine.ai.tactical" not in sys.modules
    assert b.note.startswith("Вы ")  # (the move and its reason in the player's words)
    assert "шанс" in b.note or "партию" in b.note


@pytest.mark.parametrize("board,game,words", [
    ("pico_lcd_114", "classic", "\x12 hint"), ("pico_display", "classic", "hold Y hint"),
    ("pico_lcd_114", "siege defender", "\x13 hint"),
    ("pico_display", "siege attacker", "hold X hint")])
def test_the_card_step_s_hints_name_the_hint_key_and_not_when_the_coach_is_off(
        tmp_path, board, game, words):
    r = Runner(board, str(tmp_path), 5)
    b = to_card_step(r, game)
    b.said = ""
    assert words in b.hint_line()[0]
    r.app.settings.coach = False
    assert words not in b.hint_line()[0]
    D.keys(r, hint_key(b))
    assert b.mode != P.FLOW and not b.s.hinted


def test_the_coach_setting_is_kept(tmp_path):
    r = Runner("pico_lcd_114", str(tmp_path), 5)
    D.keys(r, "A")  # the title: the main menu
    menu = r.app.screen
    at = [row[0] for row in menu.rows].index("Settings")
    D.keys(r, ",".join(["DOWN"] * at + ["A"]))
    settings = r.app.screen
    labels = [row[0] for row in settings.rows]
    assert labels[3] == "Coach" and settings.rows[3][2] == 1  # on at first
    D.keys(r, "DOWN,DOWN,DOWN,RIGHT")
    D.keys(r, ",".join(["DOWN"] * (labels.index("Done") - 3) + ["A"]))
    assert not r.app.settings.coach
    assert "coach 0" in r.app.storage.read("settings.txt")
    again = Runner("pico_lcd_114", str(tmp_path), 5)
    assert not again.app.settings.coach and again.app.settings.hints


def test_a_hint_taken_is_kept_by_the_save_and_counted_when_the_game_is_won(tmp_path):
    r = Runner("pico_lcd_114", str(tmp_path), 5)
    b = to_card_step(r, "classic")
    ask(r, b)
    D.keys(r, "A")  # the hint's move played: the turn saved with the computer's reply
    for _ in range(500):  # (the computer's reply, then the save, over frames)
        if b.mode == P.CARD and not b.saving:
            break
        r.frame(0)
    assert "opponent easy hinted\n" in r.app.storage.read("game.sav")
    again = Runner("pico_lcd_114", str(tmp_path), 5)
    D.keys(again, "A,A")  # the title, Continue
    D.loaded(again)
    assert again.app.screen.s.hinted
    D.play_round(again)
    s = again.app.screen.s
    won = s.match.winner() == 0
    assert again.app.storage.read("stats.txt").startswith("easy 1 %d/0\n" % won)


def test_statistics_count_wins_without_a_hint_and_read_the_older_lines(tmp_path):
    from engine.ui.stats import count_steps, read_stats
    st = Runner("pico_lcd_114", str(tmp_path), 5).app.storage
    st.write("stats.txt", "easy 4 3\nhard 2 1/0\nnormal 2 1/0/1\n")  # (easy: a line from
    # before the coach, no hints; normal: damaged)
    got = read_stats(st)
    assert got["easy"] == [4, 3, 3] and got["hard"] == [2, 1, 0] and got["normal"] == [0, 0, 0]
    finish(count_steps(st, [("easy", True, True), ("easy", True, False), ("hard", False, False)]))
    got = read_stats(st)
    assert got["easy"] == [6, 5, 4] and got["hard"] == [3, 1, 0]


def test_the_statistics_third_page_shows_the_wins_without_a_hint(tmp_path, monkeypatch):
    from engine.ui.text import SMALL
    r = Runner("pico_lcd_114", str(tmp_path), 5)
    r.app.storage.write("stats.txt", "easy 4 3/2\neasy_attacker 2 2/1\nhard 1 1/1\n")
    D.keys(r, "A")
    menu = r.app.screen
    at = [row[0] for row in menu.rows].index("Statistics")
    D.keys(r, ",".join(["DOWN"] * at + ["A"]))
    drawn = []
    plain = SMALL.draw
    monkeypatch.setattr(SMALL, "draw", lambda fb, s, *rest: drawn.append(s) or
                        plain(fb, s, *rest))
    D.keys(r, "RIGHT,RIGHT")
    assert r.app.screen.page == 2
    assert drawn[-6:] == ["Easy", "3 / 5", "Normal", "0 / 0", "Hard", "1 / 1"]
    D.keys(r, "RIGHT")
    assert r.app.screen.page == 0
    D.keys(r, "LEFT")
    assert r.app.screen.page == 2


# --- the review at a round's end ---------------------------------------------------------

def to_round_end(r, game, rounds=0):
    D.new_game(r, opponent=0, rounds=rounds, **GAMES[game])
    D.play_round(r)
    end = r.app.screen
    assert D.on(end, "RoundEnd")
    return end


def reviewed(r, end):
    """Frames until the round end's review is found; its frames."""
    for frames in range(1, 20000):
        if end.review is None:
            return frames
        r.frame(0)
    raise AssertionError("the review never came")


def label(r, end, monkeypatch, word):
    """The choice's label as the round's end draws it."""
    from engine.ui.text import SMALL
    drawn = []
    plain = SMALL.draw
    monkeypatch.setattr(SMALL, "draw", lambda fb, s, *rest: drawn.append(s) or
                        plain(fb, s, *rest))
    end.draw(r.app.fb)
    monkeypatch.setattr(SMALL, "draw", plain)
    return [s for s in drawn if s.startswith(word)][-1]


def open_review(r, end):
    """The cursor on Review and A: the board of its first flagged move, once loaded."""
    D.keys(r, ",".join(["RIGHT"] * end.choices.index("Review") + ["A"]))
    for _ in range(300):
        if not D.on(r.app.screen, "Loading"):
            break
        r.frame(0)
    return r.app.screen


@pytest.mark.parametrize("game", ["classic", "tactical", "siege attacker"])
def test_the_round_s_review_is_found_in_spare_frames_and_is_the_coach_s(tmp_path, game,
                                                                        monkeypatch):
    from engine.ai import coach
    r = Runner("pico_lcd_114", str(tmp_path), 3)
    end = to_round_end(r, game)
    assert end.choices[-1] == "Review" and label(r, end, monkeypatch, "Review") == "Review..."
    assert reviewed(r, end) > 10  # (over many frames: the screen stays live)
    m = end.s.match
    want = finish(coach.review(coach.judge(m.declared, m.seed), m, 0, m.round_no()))
    assert end.found == want and want  # (Easy's round: some move cost)
    assert label(r, end, monkeypatch, "Review") == "Review (%d)" % len(want)
    assert "engine.ai.coach" not in sys.modules  # (its code back to the heap)


def test_each_flagged_move_is_shown_on_the_board_as_it_stood_and_b_goes_back(tmp_path):
    r = Runner("pico_lcd_114", str(tmp_path), 3)
    end = to_round_end(r, "classic", rounds=1)  # (a match of three: the save is kept)
    assert end.choices == ["Next round", "Review"]
    kept = {name: r.app.storage.read(name) for name in ("game.sav", "stats.txt")}
    reviewed(r, end)
    found = end.found
    assert len(found) >= 2
    seen = []
    b = open_review(r, end)
    for k in range(len(found)):
        cost, at, played, best, why = found[k]
        assert D.on_board(b) and b.mode == P.FLOW and type(b.flow).__name__ == "Review"
        assert bytes(b.s.match.log) == bytes(end.s.match.log[:at])  # as it stood
        assert b.g.player == 0 and b.note.startswith("Played: You ")
        assert "Better: You " in b.note
        assert b.flow.asks().startswith("Review %d/%d: it cost " % (k + 1, len(found)))
        seen.append(at)
        D.keys(r, "RIGHT")  # the next (the first again after the last)
        for _ in range(300):
            if not D.on(r.app.screen, "Loading"):
                break
            r.frame(0)
        b = r.app.screen
    assert seen == [f[1] for f in found] and b.flow.k == 0
    D.keys(r, "B")
    assert r.app.screen is end
    assert {name: r.app.storage.read(name) for name in kept} == kept  # the review saved nothing
    D.keys(r, "LEFT,A")  # Next round
    D.loaded(r)
    assert D.on_board(r.app.screen) and end.s.match.round_no() == 2


def test_leaving_the_round_s_end_gives_the_review_up_and_its_code_back(tmp_path):
    r = Runner("pico_lcd_114", str(tmp_path), 3)
    end = to_round_end(r, "classic", rounds=1)
    for _ in range(3000):
        r.frame(0)
        if "engine.ai.coach" in sys.modules:
            break
    review = end.review  # (held: a generator let go is closed by CPython, not MicroPython)
    assert review is not None
    D.keys(r, "A")  # Next round
    assert "engine.ai.coach" not in sys.modules and "engine.ai.classic" not in sys.modules
    D.loaded(r)
    assert D.on_board(r.app.screen)


def test_a_round_without_a_costly_move_says_so(tmp_path, monkeypatch):
    r = Runner("pico_lcd_114", str(tmp_path), 3)
    end = to_round_end(r, "classic")
    reviewed(r, end)
    end.found = []  # (as if each move had been as good as the computer's)
    assert label(r, end, monkeypatch, "Review") == "Review (0)"
    D.keys(r, "RIGHT,RIGHT,A")
    assert r.app.screen is end and end.note == "No move of yours cost much this round."


@pytest.mark.parametrize("opponent", [3, None])
def test_no_review_without_the_coach_or_against_a_player(tmp_path, opponent):
    r = Runner("pico_lcd_114", str(tmp_path), 3)
    if opponent is None:
        r.app.settings.coach = False
    D.new_game(r, opponent=opponent or 0)
    D.play_round(r)
    end = r.app.screen
    assert D.on(end, "RoundEnd") and end.choices == ["Rematch", "Menu"]
    assert end.review is None


def test_a_frame_that_draws_the_round_s_end_does_none_of_its_review(tmp_path):
    # (a key's work, the review's and the screen's drawing in one frame: some 90 ms on the
    # emulated Pico; the review goes on in the frames after)
    from sim.fakes import bit
    r = Runner("pico_lcd_114", str(tmp_path), 3)
    end = to_round_end(r, "classic")
    for _ in range(5):
        r.frame(0)
    steps = []
    work = end.review

    def counted():
        while True:
            steps.append(r.now)
            yield next(work)
    end.review = counted()
    key_frame = r.now
    r.frame(bit("RIGHT"))  # the cursor moves: the screen drawn anew
    assert steps == []
    r.frame(0)
    assert steps and steps[0] == key_frame + 33
