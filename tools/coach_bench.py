"""`make bench-coach`: is the coach right? Two figures, measured on the desktop.

    python tools/coach_bench.py [--games N] [--deals N] [--variant NAME] [--jobs N]

- review_right_share: games of Easy and of Normal against Hard (N each, seeded); each round's
  review of the weaker player (engine/ai/coach.py: its costliest moves, up to three) flags
  moves. For each flagged move the round is played on from the position, once with the move
  played and once with the computer's choice, over many deals of the cards the player could
  not see (the other hand and the decks dealt anew, the same deals for both), both sides then
  played by Hard. A flagged move is right when the choice wins more of those deals than the
  move played, by at least MARGIN of them. Target: 80% of flagged moves or more.
- hinted_win_rate: Easy taking the hint (the coach's advice) on every move against Normal,
  beside Hard against Normal over the same seeds: the hint should play as well as Hard.
"""
import argparse
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "sim", "cpython")]

from engine.ai import coach as C  # noqa: E402
from engine.core.game import OVER  # noqa: E402
from engine.core.match import Match  # noqa: E402
from engine.core.steps import Player, finish  # noqa: E402
from sim.selfplay import play_match  # noqa: E402
from sim import players  # noqa: E402

VARIANTS = ("classic", "tactical", "siege")
MARGIN_PERCENT = 5  # how many more of the deals (in %) the choice must win than the move played
TARGET_PERCENT = 80


class _Then(Player):
    """Action `first` now, then as `then` plays (the rest of the turn and the round)."""

    def __init__(self, first, then):
        self.first = first
        self.then = then

    def think(self, g):
        if self.first is not None:
            a = self.first
            self.first = None
            yield
            return a
        return (yield from self.then.think(g))

    def deck(self, g):
        return self.then.deck(g)


def redeal(g, me, rand, tactic_cards):
    """Deal the cards `me` cannot see anew: the other hand's and each deck's still to come,
    each card back among those of its deck (tactic_cards: the game has a tactic deck)."""
    at = (1 - me) * (len(g.hands) >> 1)
    theirs = range(at, at + g.hand_n[1 - me])
    piles = [(g.deck, g.top, False)]
    if tactic_cards:
        from engine.tactical.tactics import TACTIC
        piles.append((g.tdeck, g.ttop, True))
    for deck, top, tactic in piles:
        places = [j for j in theirs if not tactic_cards or (g.hands[j] >= TACTIC) == tactic]
        cards = [g.hands[j] for j in places] + list(deck[top:])
        rand.shuffle(cards)
        for i, j in enumerate(places):
            g.hands[j] = cards[i]
        deck[top:] = bytes(cards[len(places):])


def _play_out(m, first, a, seed):
    """Round of match m played on from its position, `first` acting a, then Hard for both;
    did `first` win it?"""
    v = m.declared
    seats = [players.make("hard", seed, v.NAME), players.make("hard", seed ^ 0x1555, v.NAME)]
    seats[first] = _Then(a, seats[first])
    g = m.game
    while g.phase != OVER:
        finish(m.turn(seats[g.player], []))
    return g.winner == first


def judge_flag(m, log_at, played, best, deals, seed):
    """Wins over `deals` deals with the move played and with the choice."""
    wins = [0, 0]
    for d in range(deals):
        for k, a in enumerate((played, best)):
            r = finish(C.replaying(m, log_at))
            me = r.game.player
            redeal(r.game, me, random.Random(seed * 1000 + d), m.declared.TACTIC_CARDS)
            wins[k] += _play_out(r, me, a, seed * 7919 + d)
    return wins


def _game_flags(job):
    seed, level, variant, deals = job
    m, _ = play_match(seed, level, "hard", variant)
    weak = seed % 2  # (play_match seats its first player at seed % 2)
    ai = C.judge(m.declared, seed)
    out = []
    for no in range(1, len(m.results) + 1):
        for c, at, played, best, why in finish(C.review(ai, m, weak, no)):
            w = judge_flag(m, at, played, best, deals, seed + at)
            out.append((level, seed, at, c, w))
    return out


def _hinted(job):
    """Easy taking every hint against Normal, and Hard against Normal, one game each."""
    seed, variant = job
    m1 = _hinted_match(seed, variant)
    m2, _ = play_match(seed, "hard", "normal", variant)
    return m1.results[0][0] == seed % 2, m2.results[0][0] == seed % 2


class Hinted(Player):
    """Easy that takes the coach's advice on every move: it plays what the hint shows."""

    def __init__(self, variant, seed):
        from engine.games import declared
        self.judge = C.judge(declared(variant), seed)
        self.easy = players.make("easy", seed, variant)

    def think(self, g):
        return (yield from self.judge.think(g))  # (the hint: the judge's choice)

    def deck(self, g):
        return self.easy.deck(g)


def _hinted_match(seed, variant):
    m = Match(seed, variant)
    seats = [Hinted(variant, seed), players.make("normal", seed ^ 0x2AAAAAAA, variant)]
    if seed % 2:
        seats.reverse()
    while m.game.phase != OVER:
        finish(m.turn(seats[m.game.player], []))
    return m


def main(argv=None):
    ap = argparse.ArgumentParser(description="Is the coach right? (desktop figures)")
    ap.add_argument("--games", type=int, default=100, help="games of each level (default 100)")
    ap.add_argument("--deals", type=int, default=300,
                    help="deals a flagged move (default 300: fewer, and the deals' own noise "
                         "hides the flagged move's effect)")
    ap.add_argument("--variant", choices=VARIANTS, default=None, help="default: every game")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--part", choices=("review", "hint", "both"), default="both")
    args = ap.parse_args(argv)
    variants = (args.variant,) if args.variant else VARIANTS
    with ProcessPoolExecutor(args.jobs) as ex:
        for v in variants:
            if args.part in ("review", "both"):
                jobs = [(seed, lv, v, args.deals) for lv in ("easy", "normal")
                        for seed in range(1, args.games + 1)]
                flags = [f for fs in ex.map(_game_flags, jobs) for f in fs]
                n = max(1, len(flags))
                right = sum(1 for f in flags
                            if (f[4][1] - f[4][0]) * 100 >= MARGIN_PERCENT * args.deals)
                more = sum(1 for f in flags if f[4][1] > f[4][0])
                gain = sum(f[4][1] - f[4][0] for f in flags) * 1000 // (n * args.deals)
                print("%s_review_right_share: %d%% of %d flagged moves (target >= %d%%: the "
                      "choice wins %d%% more of %d deals); the choice wins more: %d%%, by "
                      "%.1f%% of the deals on average" % (
                          v, right * 100 // n, len(flags), TARGET_PERCENT, MARGIN_PERCENT,
                          args.deals, more * 100 // n, gain / 10), flush=True)
            if args.part in ("hint", "both"):
                res = list(ex.map(_hinted, [(seed, v) for seed in range(1, args.games + 1)]))
                print("%s_hinted_easy_win_rate: %d%% against normal (hard: %d%%, %d games)" % (
                    v, sum(r[0] for r in res) * 100 // len(res),
                    sum(r[1] for r in res) * 100 // len(res), len(res)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
