"""Golden screenshots: every screen on every board, reached by button presses from power-on.

    python tests/goldens.py [--write] [--out DIR]     (`make goldens` writes them)

tests/test_goldens.py compares each screen with its PNG in tests/goldens/<board>/, pixel for
pixel. Write new goldens only for an intended change, and look at every image first."""
import collections
import os
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "sim", "cpython"), os.path.dirname(__file__)]

import card_faces  # noqa: E402
import ui_driver as D  # noqa: E402
from engine.tactical import tactics as T  # noqa: E402
from engine.ui import play as P  # noqa: E402
from sim import png  # noqa: E402
from sim.boards import BOARDS  # noqa: E402
from sim.headless import Runner  # noqa: E402

GOLDENS = os.path.join(ROOT, "tests", "goldens")
SEED = 3


def _until(r, mode, limit=400):
    """Play plainly until the board is in `mode` (waiting there for the player)."""
    D.play_until(r, lambda s: s.mode == mode, limit, "never reached mode %d" % mode)


def _board(r):
    D.new_game(r)


def _card(r):
    D.new_game(r)
    _until(r, P.CARD)


def _stone(r):
    _card(r)
    D.keys(r, "RIGHT,A,RIGHT")


def _claim(r):
    r.app.settings.hints = False  # the claim step whenever a side is complete
    D.new_game(r)
    _until(r, P.CLAIMING)


BLINK = 0


def _refused(r):
    """A claim refused: the reason in a box over the table, the cards that would beat it dark
    in the close-up."""
    _claim(r)
    play = r.app.screen
    g = play.g
    full = [s for s in range(9) if g.count[s * 2] == 3 and not g.owner[s]]
    while play.stone != full[0]:
        D.keys(r, "RIGHT")
    D.keys(r, "A")
    while play.blink != BLINK:  # (the cards' blinking, at one phase whatever the frames before)
        r.frame()


def _moved(r):
    """On until the computer has thought and moved: the player's turn, its move said."""
    D.play_until(r, lambda s: s.mode == P.CPU)
    D.play_until(r, lambda s: s.mode != P.CPU)


def _cpu_move(r):
    D.new_game(r)
    _until(r, P.CARD)
    _moved(r)


def _pause(r):
    _card(r)
    D.keys(r, "B")


def _rules(page):
    def go(r):
        D.keys(r, "A" + ",DOWN" * 2 + ",A" + ",RIGHT" * page)
        D.settle(r)  # (a page is read, laid out and drawn over frames from its key's)
    return go


def _checker(r):
    D.keys(r, "A,DOWN,A,A,RIGHT,A,RIGHT,A,DOWN,A,A,DOWN,RIGHT,A,A,A")


def _round_end(r):
    D.new_game(r, rounds=1)
    D.play_round(r)


def _match_end(r):
    D.new_game(r)
    D.play_round(r)


def _match_end_5(r):
    """Five rounds: the table of rounds takes the place of the stones on a short screen."""
    D.new_game(r, rounds=2)
    while True:
        D.play_round(r)
        if r.app.screen.final:
            return
        D.keys(r, "A")


def _board_marked(r):
    """Later in a game (two plain players): a stone taken, and a claimable one marked."""
    D.new_game(r, opponent=3)
    D.play_until(r, lambda s: s.mode == P.CLAIMING and s.g.claimable() and any(s.g.owner), 2000,
                 "no claim with stones taken")


def _handover(r):
    D.new_game(r, opponent=3)


def _overwrite(r):
    _card(r)
    D.keys(r, "B,UP,A")  # quit to the menu (the last row): the game stays saved
    D.keys(r, "DOWN,A" + ",DOWN" * 4 + ",A")


def _expert_claim(r):
    r.app.settings.hints = False
    D.new_game(r, expert=True)
    _until(r, P.CLAIMING)


# --- the tactical variant: each tactic card's flow, from a prepared hand -----------------

def _tactic(cards, keys="", theirs=0):
    """A tactical game at the player's first choice holding `cards`, `theirs` clan cards on
    the computer's side of stone 3, then `keys`."""
    def go(r):
        s = D.tactical_game(r, cards)
        D.lay(s.g, 1, 2, theirs)
        D.keys(r, keys)
    return go


def _tac_mud_four(r):
    s = D.tactical_game(r, [T.SPY])
    g = s.g
    g.modes[4] |= T.MODE_MUD | T.MODE_BLIND
    g.modes[6] |= T.MODE_MUD
    D.lay(g, 0, 4, 3)
    D.lay(g, 1, 4, 4)
    D.lay(g, 1, 6, 2)
    D.keys(r, "A" + ",RIGHT" * 4)


def _tac_deck_mud(r):
    """The deck's choice on a board with sides of four (a Mud Fight on stone 5)."""
    s = D.tactical_game(r, [])
    s.g.modes[4] |= T.MODE_MUD
    D.keys(r, "A,A")


def _tac_cpu(r):
    D.new_game(r, tactical=True)
    s = D.to_card(r)
    D.give(s.g, 1, [T.SPY])
    s.g.hand_n[1] = 1  # the computer's only card: it plays the Spy
    D.keys(r, "A,A,A")
    _moved(r)


def _tac_strategist(r):
    s = D.tactical_game(r, [T.STRATEGIST])
    D.lay(s.g, 0, 2, 2)
    D.keys(r, "A,DOWN,A,RIGHT")  # the second card at stone 3, to the stone after the next


def _tac_discards(r):
    _tactic([T.BANSHEE], "A,A", 1)(r)
    D.to_card(r)
    D.keys(r, "B,DOWN,A")


def _tac_limit(r):
    s = D.tactical_game(r, [T.MUD])
    s.g.tactics_played[0] = 1
    s.damage = P.REDRAW  # (drawn as it now is: the Mud Fight crossed out)
    D.keys(r, "A")


# --- the siege ---------------------------------------------------------------------------

def _siege(role=0, opponent=1):
    def go(r):
        D.new_game(r, opponent=opponent, role=role)
        D.to_card(r)
    return go


def _siege_stone(r):
    _siege()(r)
    D.keys(r, "RIGHT,A,RIGHT,RIGHT,RIGHT")  # the gate: sides of two


def _siege_prepared(r):
    """The attacker at its card step with cards on the wall: the preparation offered."""
    _siege()(r)
    D.play_until(r, lambda s: s.mode == P.CARD and not s.note and s.may_prepare(), 400,
                 "no retreat offered")


def _siege_retreat(r):
    _siege_prepared(r)
    D.keys(r, "RIGHT,UP")


def _siege_oil(r):
    _siege(role=1)(r)
    D.keys(r, "RIGHT,UP")


def _siege_damaged(r):
    """Two players later in a siege: sections damaged, one the attacker can take marked."""
    D.new_game(r, opponent=3, role=0)
    D.play_until(r, lambda s: s.mode == P.CLAIMING and s.g.claimable() and sum(s.g.damaged),
                 4000, "no section taken")


def _siege_end(role, games=0):
    def go(r):
        D.new_game(r, opponent=1, role=2 if games else role)
        D.play_round(r, 6000)
        if games:
            D.keys(r, "A")
            D.loaded(r)
            D.play_round(r, 6000)
    return go


def _siege_checker(r):
    """The left pit, intact: R11 O11 Y10 against B11 B10, a tie at best: it can be taken."""
    D.keys(r, "A,DOWN,A," + ("LEFT" if r.app.four() else "UP,LEFT") + ",A,DOWN" +
           ",RIGHT" * 11 + ",A,DOWN,A,DOWN,LEFT,A,DOWN,DOWN,A,A,RIGHT,A,A")


SHOTS = {
    "language": lambda r: None,  # (the first power-on's question: shoot asks it)
    "title": lambda r: None,
    "menu": lambda r: D.keys(r, "A"),
    "new_game": lambda r: D.keys(r, "A,A"),
    "board_start": _board,
    "board_card": _card,
    "board_stone": _stone,
    "board_claim": _claim,
    "claim_refused": _refused,
    "expert_claim": _expert_claim,
    "cpu_move": _cpu_move,
    "pause": _pause,
    "handover": _handover,
    "rules_1": _rules(0), "rules_2": _rules(1), "rules_3": _rules(2), "rules_4": _rules(3),
    "rules_5": _rules(4), "rules_6": _rules(5), "rules_7": _rules(6), "rules_8": _rules(7),
    "rules_9": _rules(8), "rules_10": _rules(9),
    "settings": lambda r: D.keys(r, "A,DOWN,DOWN,DOWN,A"),
    "statistics": lambda r: D.keys(r, "A,DOWN,DOWN,DOWN,DOWN,A"),
    "statistics_linked": lambda r: D.keys(r, "A,DOWN,DOWN,DOWN,DOWN,A,RIGHT"),
    "checker": _checker,
    "overwrite": _overwrite,
    "round_end": _round_end,
    "match_end": _match_end,
    "match_end_5": _match_end_5,
    "board_marked": _board_marked,
    "tac_new_game": lambda r: D.keys(r, "A,A,DOWN" + (",A" if r.app.four() else ",RIGHT")),
    "tac_board": _tactic([T.JOKER]),
    "tac_elite": _tactic([T.SPY], "A,RIGHT"),
    "tac_shield": _tactic([T.SHIELD], "A,RIGHT"),
    "tac_blind": _tactic([T.BLIND], "A,RIGHT,RIGHT"),
    "tac_mud": _tactic([T.MUD], "A,RIGHT,RIGHT"),
    "tac_mud_four": _tac_mud_four,
    "tac_banshee": _tactic([T.BANSHEE], "A,DOWN", 2),
    "tac_traitor": _tactic([T.TRAITOR], "A,A,RIGHT", 1),
    "tac_strategist": _tac_strategist,
    "tac_recruit_draw": _tactic([T.RECRUITER], "A,LEFT"),
    "tac_recruit_back": _tactic([T.RECRUITER], "A,A,A,RIGHT,RIGHT"),
    "tac_deck": _tactic([], "A,A"),
    "tac_deck_mud": _tac_deck_mud,
    "tac_limit": _tac_limit,
    "tac_cpu_move": _tac_cpu,
    "tac_pause": _tactic([], "B"),
    "tac_discards": _tac_discards,
    "siege_new_game": lambda r: D.keys(r, "A,A,DOWN" + (",A,A" if r.app.four() else
                                                        ",RIGHT,RIGHT")),
    "siege_board": _siege(),
    "siege_stone": _siege_stone,
    "siege_defender": _siege(role=1),
    "siege_retreat": _siege_retreat,
    "siege_oil": _siege_oil,
    "siege_damaged": _siege_damaged,
    "siege_prepared": _siege_prepared,
    "siege_pause": lambda r: (_siege_prepared(r), D.keys(r, "B")),
    "siege_end": _siege_end(0),
    "siege_match_end": _siege_end(0, games=2),
    "siege_checker": _siege_checker,
    "rules_11": _rules(10), "rules_12": _rules(11), "rules_13": _rules(12),
    "rules_14": _rules(13),
}


# The main screens, shot again in each other language (tests/goldens/<board>/<lang>/).
LANGS = ("ru", "uk", "hu")
LANG_SHOTS = ("language", "title", "menu", "new_game", "board_card", "claim_refused", "cpu_move",
              "pause", "handover", "round_end", "match_end", "settings", "statistics",
              "statistics_linked",
              "checker", "rules_1", "tac_board", "tac_deck", "siege_new_game", "siege_board",
              "siege_prepared", "siege_end", "siege_checker")


def shoot(board, name, lang=None, boxes=False, under=None):
    """(RGB pixels, width, height) of the screen `name` on `board` (in `lang`: English),
    replayed from power-on; with `boxes`, what its redrawing was heard to draw too (redrawn).
    The device's files live in a folder of their own, made in `under` (the system's
    temporary folder when None) and removed as the screen is shot: nothing is left behind."""
    with tempfile.TemporaryDirectory(prefix="golden-", dir=under) as folder:
        r = Runner(board, folder, SEED, lang, ask=name == "language")
        SHOTS[name](r)
        shot = (r.pixels(), r.app.w, r.app.h)  # (before redrawn draws the screen anew)
        return shot + (redrawn(r),) if boxes else shot


def redrawn(r):
    """Runner r's screen drawn anew in full, listened to: (the boxes (x0, y0, x1, y1, text)
    of its texts (tests/test_text_boxes.py), (its cards, the marks' bars) as
    card_faces.Listening heard them (tests/test_card_glyphs.py))."""
    from engine.ui import text
    boxes = []
    plain = text.Font.draw

    def draw(font, fb, s, x, y, colour):
        body = s.strip(" ")
        if body:
            x0 = x + (font.width(s[:len(s) - len(s.lstrip(" "))] + "x") - font.width("x")
                      if s[0] == " " else 0)
            boxes.append((x0, y, x0 + font.width(body), y + font.height, s))
        return plain(font, fb, s, x, y, colour)
    text.Font.draw = draw
    try:
        with card_faces.Listening() as cards:
            screen = r.app.screen
            if hasattr(screen, "damage"):
                screen.damage = 0x7FFFF
            if hasattr(screen, "log_at"):
                screen.log_at = -1
            r.app.clear(r.app.fb)
            screen.draw(r.app.fb)
    finally:
        text.Font.draw = plain
    return boxes, (cards.cards, cards.marks)


def tiered(values, fast):
    """A test's parameters, all but `fast` marked slow (pytest.ini): the fast tier, make check,
    replays each screen once (the default board, in English) for both its checks; make test
    replays all 768. (pytest imported here only: make goldens runs without it.)"""
    import pytest
    return [v if v == fast else pytest.param(v, marks=pytest.mark.slow) for v in values]


class Replays:
    """Each screen replayed once for both of its checks, its golden (tests/test_goldens.py)
    and its texts' boxes (tests/test_text_boxes.py): the replays are most of the suite's
    time, and the two checks read one replay alike. Kept per (board, name, language), the
    pixels compressed (a few KB a screen, for the 768 screens of a run); English is None
    (a language given is spoken: the first power-on's question is then not asked, so
    "en" would be another screen than the golden's)."""

    Shot = collections.namedtuple("Shot", "pixels w h boxes cards")

    def __init__(self, under):
        self.under = under  # where each replay's files go (a pytest temporary folder)
        self.kept = {}

    def get(self, board, name, lang=None):
        key = (board, name, None if lang == "en" else lang)
        if key not in self.kept:
            pixels, w, h, (boxes, cards) = shoot(*key, boxes=True, under=self.under)
            self.kept[key] = (zlib.compress(pixels, 1), w, h, boxes, cards)
        packed, w, h, boxes, cards = self.kept[key]
        return self.Shot(zlib.decompress(packed), w, h, boxes, cards)


def path(board, name, lang=None, root=GOLDENS):
    return os.path.join(root, board, *((lang,) if lang else ()), name + ".png")


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description="Make every golden screenshot; --write keeps them.")
    ap.add_argument("--write", action="store_true", help="write the PNGs (else only make them)")
    ap.add_argument("--out", default=GOLDENS, metavar="DIR",
                    help="where to write them (default tests/goldens)")
    args = ap.parse_args(argv)
    for board in BOARDS:
        for lang in (None,) + LANGS:
            if args.write:
                os.makedirs(os.path.dirname(path(board, "x", lang, args.out)), exist_ok=True)
            for name in (SHOTS if lang is None else LANG_SHOTS):
                pixels, w, h = shoot(board, name, lang)
                if args.write:
                    png.write(path(board, name, lang, args.out), pixels, w, h)
        print(board, "done")


if __name__ == "__main__":
    main(sys.argv[1:])
