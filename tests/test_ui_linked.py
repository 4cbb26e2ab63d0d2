"""Linked play through the screens: two handhelds (two headless runners) joined by a cable in
one process (sim/wire.py), each played by button presses only, a whole match to its end; each
screen shows only its own hand."""
import pytest

from sim.headless import Runner
from sim.wire import Wire
import ui_driver as D
from engine.ui import play as P


def pair(tmp_path, wire=None):
    wire = wire or Wire(1)
    wire.now = 10 ** 12  # (bytes arrive at once: the runners' clocks are their own)
    rs = []
    for i in (0, 1):
        end = wire.ends[i]
        rs.append(Runner("pico_lcd_114", str(tmp_path / ("side%d" % i)), seed=7 + i,
                         cable=lambda end=end: (end, b"test")))
    return wire, rs


def catch_up(rs):
    """Frames on the runner behind until both clocks agree."""
    a, b = rs
    while a.now < b.now:
        a.frame(0)
    while b.now < a.now:
        b.frame(0)


def frames(rs, n):
    for _ in range(n):
        for r in rs:
            r.frame(0)


def form_row(r, label, rights):
    """On the form, the row `label` changed by `rights` presses of RIGHT (from its top)."""
    form = r.app.screen
    labels = [row[0] for row in form.rows]
    D.keys(r, ",".join(["DOWN"] * ((labels.index(label) - form.at) % len(labels))))
    if rights:
        D.keys(r, ",".join(["RIGHT"] * rights))


def host(r, variant=0, rounds=0, role=None):
    D.keys(r, "A")  # title -> menu
    D.keys(r, "DOWN,A")  # Linked game
    D.keys(r, "A")  # Host a game: the form
    form_row(r, "Variant", variant)
    if role is not None:
        form_row(r, "Role", role)
    elif rounds:
        form_row(r, "Rounds", rounds)
    form_row(r, "Start", 0)
    D.keys(r, "A")


def join(r):
    D.keys(r, "A")
    D.keys(r, "DOWN,A")  # Linked game
    D.keys(r, "DOWN,A")  # Join a game


def power_cut(tmp_path, wire, rs, i):
    """Side i's power cut and back: a new runner on the same storage and cable end, at its
    title (the last game saved for Continue)."""
    end = wire.ends[i]
    rs[i] = Runner("pico_lcd_114", str(tmp_path / ("side%d" % i)), seed=99,
                   cable=lambda: (end, b"test"))
    return rs[i]


def both_on_board(rs, limit=300):
    for _ in range(limit):
        frames(rs, 1)
        if all(D.on_board(r.app.screen) and not r.app.screen.halfway for r in rs):
            return  # (each board drawn: its first drawing takes two frames)
    raise AssertionError("not both on the board: %s" % [type(r.app.screen).__name__
                                                         for r in rs])


def linked(tmp_path, variant=0, rounds=0, role=None, wire=None):
    wire, rs = pair(tmp_path, wire)
    host(rs[0], variant, rounds, role)
    catch_up(rs)
    join(rs[1])
    both_on_board(rs)
    return wire, rs


def own_hands_only(rs):
    """Each board shows its own player's hand at the bottom, and the same match."""
    a, b = (r.app.screen for r in rs)
    assert (a.me(), b.me()) == (0, 1)
    for s in (a, b):
        assert sorted(s._hand()) == sorted(s.g.hand(s.me()))


def play_to_the_end(rs, limit=8000, each=None):
    """Plain presses on both handhelds until both are back at the main menu after the match;
    the two match logs at its end."""
    logs = None
    for _ in range(limit):
        for r in rs:
            s = r.app.screen
            if D.on(s, "RoundEnd"):
                if logs is None and s.final:
                    logs = [bytes(x.app.screen.s.match.log) if D.on(x.app.screen, "RoundEnd")
                            else None for x in rs]
                if not s.busy():
                    if logs is not None and s.final:
                        logs[rs.index(r)] = bytes(s.s.match.log)
                    D.keys(r, "A")
                continue
            if D.on_board(s) and not D.on(s, "Loading") and s.mode != P.CPU:
                D.step(r)
                if each:
                    each(rs)
        catch_up(rs)
        frames(rs, 1)
        if all(D.on(r.app.screen, "Menu") and r.app.screen.title == "SCHOTTEN TOTTEN"
               for r in rs):
            return logs
    raise AssertionError("the match did not end: %s" % [type(r.app.screen).__name__
                                                        for r in rs])


GAMES = [(0, 0, None), (0, 1, None), (1, 1, None), (2, 0, 0), (2, 0, 2)]


@pytest.mark.parametrize("variant,rounds,role", GAMES)
def test_two_handhelds_host_join_and_play_a_match_to_its_end(tmp_path, variant, rounds, role):
    wire, rs = linked(tmp_path, variant, rounds, role)
    own_hands_only(rs)
    logs = play_to_the_end(rs, each=None)
    assert logs[0] and logs[0] == logs[1]
    assert all(r.app.link is None for r in rs)  # (let go with the match)
    # counted apart from the computer's levels, on each handheld for its own player
    from engine.ui.stats import read_stats
    stats = [read_stats(r.app.storage) for r in rs]
    keys = ["link_attacker", "link_defender"] if variant == 2 else ["link"]
    games = [sum(st[k][0] for k in keys) for st in stats]
    wins = [sum(st[k][1] for k in keys) for st in stats]
    assert games[0] == games[1] == (2 if role == 2 else 1)
    assert wins[0] + wins[1] <= games[0] and all(st["easy"] == [0, 0, 0] for st in stats)
    if variant == 2:  # (the roles: one's attacking game is the other's defending one)
        assert stats[0]["link_attacker"][0] == stats[1]["link_defender"][0]


def test_each_board_shows_its_own_hand_all_match(tmp_path):
    wire, rs = linked(tmp_path, 1)
    seen = []

    def check(rs):
        if all(D.on_board(r.app.screen) and not D.on(r.app.screen, "Loading") for r in rs):
            own_hands_only(rs)
            seen.append(1)
    play_to_the_end(rs, each=check)
    assert len(seen) > 10


def test_a_pulled_cable_is_said_and_the_match_goes_on(tmp_path):
    wire, rs = linked(tmp_path)
    waiting = next(r for r in rs if r.app.screen.mode == P.CPU)
    wire.plugged = False
    frames(rs, 80)  # (2.6 s)
    assert "Link lost" in waiting.app.screen.waiting_words()
    wire.plugged = True
    frames(rs, 30)
    assert "Link lost" not in waiting.app.screen.waiting_words()
    logs = play_to_the_end(rs)
    assert logs[0] == logs[1]


def test_a_handheld_keeps_its_own_move_saved_while_the_other_plays(tmp_path):
    """The move that ends a turn is on the handheld's flash within a second, the other
    handheld silent meanwhile (its power may be cut next)."""
    from engine.ui.resume import load
    wire, rs = linked(tmp_path)
    mover = next(r for r in rs if r.app.screen.mode != P.CPU)
    while mover.app.screen.mode != P.CPU:
        D.step(mover)
    moved = len(mover.app.screen.s.match.log)
    frames([mover], 30)
    assert mover.app.screen.mode == P.CPU  # (still waiting on the other)
    assert len(load(mover.app.storage).match.log) == moved


def test_the_others_move_is_on_the_board_in_the_frame_it_comes(tmp_path):
    """The key that ends a turn, one frame of its handheld (the turn sent), one of the other:
    the other's board shows the move and it is its player's turn."""
    wire, rs = linked(tmp_path)
    mover = next(r for r in rs if r.app.screen.mode != P.CPU)
    other = rs[1 - rs.index(mover)]
    while mover.app.screen.mode != P.CPU:
        D.step(mover)
    n = len(other.app.screen.s.match.log)
    mover.frame(0)
    other.frame(0)
    o = other.app.screen
    assert len(o.s.match.log) > n and o.mode != P.CPU
    assert o.said and o.mark is not None


def test_the_turn_goes_on_the_cable_in_the_frame_of_its_last_key(tmp_path):
    """The first move of the round (nothing to claim after it): the key that places the card
    ends the turn, and in that same frame its entries leave for the other handheld."""
    from sim.fakes import bit
    wire, rs = linked(tmp_path)
    mover = next(r for r in rs if r.app.screen.mode != P.CPU)
    other = rs[1 - rs.index(mover)]
    D.keys(mover, "A")  # the card under the cursor: now its stone
    assert mover.app.screen.mode == P.STONE
    n = len(other.app.screen.s.match.log)
    mover.frame(bit("A"))  # the stone: the card placed, the turn over
    assert mover.app.screen.mode == P.CPU
    other.frame(0)
    assert len(other.app.screen.s.match.log) > n


def test_waiting_on_the_other_handheld_leaves_the_frames_idle(tmp_path):
    """A computer's turn fills each frame's spare time with thinking; the other handheld's
    comes by the cable once a frame, so its wait asks for no spare time (and the device's
    frames stay short)."""
    wire, rs = linked(tmp_path)
    waiting = next(r for r in rs if r.app.screen.mode == P.CPU)
    asked = []
    waiting.app.spare = lambda: asked.append(1) or len(asked) < 50
    for _ in range(10):
        waiting.frame(0)
    assert waiting.app.screen.mode == P.CPU and asked == []


def test_a_power_cut_on_one_handheld_then_continue_finishes_the_match(tmp_path):
    wire, rs = linked(tmp_path, 0, 1)
    for _ in range(12):  # some turns
        for r in rs:
            s = r.app.screen
            if D.on_board(s) and s.mode != P.CPU:
                D.step(r)
        catch_up(rs)
        frames(rs, 1)
    r = power_cut(tmp_path, wire, rs, 1)  # the joiner's: Continue from the title
    catch_up(rs)
    D.keys(r, "A")  # title -> menu: Continue first
    assert r.app.screen.rows[0][0] == "Continue"
    D.keys(r, "A")
    both_on_board(rs)
    logs = play_to_the_end(rs)
    assert logs[0] and logs[0] == logs[1]


def test_a_move_made_while_the_other_was_off_is_shown_when_it_continues(tmp_path):
    """The waiting handheld's power cut; the other plays its turn meanwhile; on Continue the
    move arrives before the board opens, which shows it as if it had been on: said, marked."""
    wire, rs = linked(tmp_path)
    mover = next(r for r in rs if r.app.screen.mode != P.CPU)
    i = 1 - rs.index(mover)
    r = power_cut(tmp_path, wire, rs, i)
    while mover.app.screen.mode != P.CPU:
        D.step(mover)
    catch_up(rs)
    D.keys(r, "A,A")  # the title's picture, then Continue
    both_on_board(rs)
    b = r.app.screen
    assert b.mode != P.CPU and b.mark is not None
    assert b.said.startswith("P%d plays" % (2 - i))


def test_the_host_forms_fixed_opponent_row_shows_no_arrows(tmp_path):
    """The host's opponent is the other handheld, its only choice: the row under the cursor
    has no arrows that would offer another (the game's row has them)."""
    from engine.ui import draw
    wire, rs = pair(tmp_path)
    r = rs[0]
    D.keys(r, "A")
    D.keys(r, "DOWN,A")  # Linked game
    D.keys(r, "A")  # Host a game: the form
    form = r.app.screen
    font = draw.body(r.app.h)[0]
    said = []

    def drawn():
        del said[:]
        plain = font.draw
        font.draw = lambda fb, text, *rest: said.append(text) or plain(fb, text, *rest)
        try:
            form.draw(r.app.fb)
        finally:
            del font.draw
        return said
    assert form.rows[form.at][0] == "Opponent" and len(form.rows[form.at][1]) == 1
    assert "\x11" not in drawn()
    D.keys(r, "DOWN")
    assert "\x11" in drawn()


def test_a_linked_match_holds_no_code_of_the_link_screens(tmp_path):
    """On the board, the link screens' module is let go (engine/ui/loading.py MENUS): nothing
    the match's link holds may keep its code in the heap."""
    import gc
    import sys
    import types
    wire, rs = linked(tmp_path)
    for r in rs:
        assert "engine.ui.linkgame" not in sys.modules
        seen, todo = set(), [r.app.link]
        while todo:
            o = todo.pop()
            if id(o) in seen or isinstance(o, types.ModuleType):
                continue
            seen.add(id(o))
            assert getattr(o, "__module__", None) != "engine.ui.linkgame", o
            todo += gc.get_referents(o)


def test_waiting_says_when_nobody_answers_and_b_gives_up(tmp_path):
    wire, rs = pair(tmp_path)
    host(rs[0])
    frames(rs[:1], 1)
    w = rs[0].app.screen
    assert D.on(w, "Waiting") and "Waiting" in w.said
    frames(rs[:1], 100)  # (3.3 s: nobody there)
    assert "No other handheld answers" in w.said
    D.keys(rs[0], "B")
    D.settle(rs[0])
    assert D.on(rs[0].app.screen, "Menu") and rs[0].app.link is None


def test_two_hosts_are_told(tmp_path):
    wire, rs = pair(tmp_path)
    host(rs[0])
    catch_up(rs)
    host(rs[1])
    frames(rs, 40)
    assert all("Both handhelds host" in r.app.screen.said for r in rs)


def test_another_build_is_told(tmp_path):
    wire, rs = pair(tmp_path)
    end = wire.ends[1]
    rs[1].app.cable = lambda: (end, b"othr")
    host(rs[0])
    catch_up(rs)
    join(rs[1])
    frames(rs, 40)
    assert all("another build" in r.app.screen.said for r in rs)


def test_the_pause_menu_of_a_linked_game_has_no_restart(tmp_path):
    wire, rs = linked(tmp_path)
    r = next(r for r in rs if r.app.screen.mode == P.CARD)
    D.keys(r, "B")
    D.settle(r)
    labels = [row[0] for row in r.app.screen.rows]
    assert "Restart" not in labels and "Resume" in labels


def test_without_a_cable_the_menu_has_no_linked_game(tmp_path):
    r = Runner("pico_lcd_114", str(tmp_path))
    D.keys(r, "A")
    assert "Linked game" not in [row[0] for row in r.app.screen.rows]


def test_a_garbled_turn_asked_again_is_not_said_as_a_disagreement(tmp_path):
    """A garbled message that passed the frames' check is let go and asked for again: the
    host's board follows its match made again, quietly, then shows the turn as it came."""
    from engine.core.match import ENTRY
    from engine.link.linked import round_hash
    wire, rs = linked(tmp_path)
    host, joiner = rs
    if host.app.screen.mode != P.CPU:  # (the joiner's turn wanted: the host plays first)
        while host.app.screen.mode != P.CPU:
            D.step(host)
        frames(rs, 3)
    j = joiner.app.link.match
    n = len(j.log) // ENTRY
    while joiner.app.screen.mode != P.CPU:
        D.step(joiner)
    h = round_hash(j)
    garbled = bytearray(j.log[n * ENTRY:])
    garbled[1] = j.game.hands[6] if garbled[1] != j.game.hands[6] else j.game.hands[7]
    host.app.link._heard_entries(bytes((n >> 8, n & 255, 1, h >> 8, h & 255)) + garbled)
    for _ in range(10):
        frames(rs, 1)
        assert "disagreed" not in (host.app.screen.note or "")
    b = host.app.screen
    assert b.s.match.log == j.log and b.mode != P.CPU and b.said


def test_records_gone_astray_are_said_on_both_screens_and_mended(tmp_path):
    wire, rs = linked(tmp_path, 0, 1)
    g = rs[1].app.link.match.game
    g.deck[g.top], g.deck[g.top + 1] = g.deck[g.top + 1], g.deck[g.top]  # (the joiner's)
    said = set()

    def look(rs):
        for i, r in enumerate(rs):
            if D.on_board(r.app.screen) and "disagreed" in (r.app.screen.note or ""):
                said.add(i)
    logs = play_to_the_end(rs, each=look)
    assert logs[0] == logs[1] and 1 in said  # (the host says so too when it found it)
    assert rs[1].app.link is None  # (over: let go)
