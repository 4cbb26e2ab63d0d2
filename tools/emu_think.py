# Run on the emulated Pico by tools/pico_bench.py (mpremote run, the game not started): the
# computer's think time per decision over seeded games against the baselines, in emulated us.
# The harness puts the settings first: LEVEL ("easy", "normal", "hard"), VARIANT ("classic",
# "tactical", "siege": the computer attacks in the odd seeds), GAMES, FIRST (the first seed). Prints one line per game, "think <us> ...", one
# figure per decision of the computer (its whole turn: the decision, its claims, its draw),
# then "done".
import gc
import time
from engine.core.game import OVER
from engine.core.match import Match
from engine.core.players import take_turn

LEVEL = globals().get("LEVEL", "hard")
VARIANT = globals().get("VARIANT", "classic")
GAMES = globals().get("GAMES", 1)
FIRST = globals().get("FIRST", 1)


def players(seed):
    """(the computer, its baseline opponent)."""
    if VARIANT == "siege":
        from engine.ai.siege import make_siege_ai
        from siege_players import GreedySiege
        return make_siege_ai(LEVEL, seed), GreedySiege()
    if VARIANT == "tactical":
        from engine.ai.tactical import make_tactical_ai
        from tactical_players import GreedyTactical
        return make_tactical_ai(LEVEL, seed), GreedyTactical()
    from engine.ai.classic import make_ai
    from engine.core.players import GreedyPlayer
    return make_ai(LEVEL, seed), GreedyPlayer()


def game(seed):
    m = Match(seed, VARIANT, first=seed % 2 if VARIANT == "siege" else None)
    ai, other = players(seed)
    seats = [ai, other] if seed % 2 else [other, ai]
    out = []
    while m.game.phase != OVER:
        who = seats[m.game.player]
        t = time.ticks_us()
        take_turn(m, who)
        if who is ai:
            out.append(time.ticks_diff(time.ticks_us(), t))
    return out


for _seed in range(FIRST, FIRST + GAMES):
    gc.collect()
    print("think", " ".join(str(u) for u in game(_seed)))
print("done")
