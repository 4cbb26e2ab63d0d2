"""`python -m sim selfplay`: games between the built-in players."""
import os
import sys
import time

from engine.core import record
from engine.core.game import OVER, DRAW
from engine.core.match import Match, MAX_SEED
from engine.core.players import take_turn
from engine.games import declared
from sim import players

MAX_GAMES = 1000000  # a bound that still ends (a day or so of play), not a typo's 10**20


def play_match(seed, a, b, variant="classic", expert=False, rounds=1, a_first=None):
    """Play one match, player `a` in seat seed % 2; returns (match, turns). a_first: where
    the players choose who starts (the siege's attacker), whether `a` does."""
    first = None if a_first is None else (seed % 2) ^ (not a_first)
    m = Match(seed, variant, expert, rounds, first)
    seats = [players.make(a, seed, variant), players.make(b, seed ^ 0x2AAAAAAA, variant)]
    if seed % 2:
        seats.reverse()
    turns = 0
    while True:
        take_turn(m, seats[m.game.player])
        turns += 1
        if m.game.phase == OVER:
            if m.over():
                return m, turns
            m.next_round()


def main(args):
    try:
        if args.a is None:
            args.a = players.baseline(args.variant)
        for name in (args.a, args.b):
            players.make(name, 0, args.variant)
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        if args.games > MAX_GAMES:
            raise ValueError("--games must be at most %d" % MAX_GAMES)
        if not 0 <= args.seed <= MAX_SEED:
            raise ValueError("--seed must be 0 to %d" % MAX_SEED)
        Match(args.seed, args.variant, args.expert, args.rounds)  # checks the options
    except ValueError as e:
        print("selfplay: %s" % e, file=sys.stderr)
        return 2
    if args.records:
        os.makedirs(args.records, exist_ok=True)
    roles = declared(args.variant).CHOSEN_FIRST
    score = [0, 0, 0]  # a wins, b wins, draws
    starting = [0, 0, 0]  # the same, of the games `a` started (the siege: attacked in)
    turns = 0
    start = time.perf_counter()
    for i in range(args.games):
        seed = (args.seed + i) & MAX_SEED
        a_first = i % 2 == 0 if roles else None  # (roles alternate: `a` attacks first, then b)
        m, n = play_match(seed, args.a, args.b, args.variant, args.expert, args.rounds, a_first)
        turns += n
        w = m.winner()
        score[2 if w == DRAW else (w + seed) % 2] += 1
        if a_first:
            starting[2 if w == DRAW else (w + seed) % 2] += 1
        if args.records:
            with open(os.path.join(args.records, "game-%d.txt" % seed), "w") as f:
                f.write(record.text(m))
    secs = time.perf_counter() - start
    print("%s vs %s: %d-%d-%d" % (args.a, args.b, score[0], score[1], score[2]))
    if roles:
        print("%s attacking first: %d-%d-%d; %s attacking first: %d-%d-%d" % (
            args.a, starting[0], starting[1], starting[2], args.b, score[0] - starting[0],
            score[1] - starting[1], score[2] - starting[2]))
    print("average turns: %.1f" % (turns / args.games))
    print("games per second: %.1f" % (args.games / secs))
    return 0
