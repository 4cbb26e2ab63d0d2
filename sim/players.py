"""Players by name, for the command line and the tournament."""
from engine.ai import LEVELS, make_ai
from engine.players import GreedyPlayer, RandomPlayer

BUILT_IN = ("random", "greedy")
KNOWN = "random, greedy, easy, normal, hard, mcN (N playouts a move, e.g. mc500)"


def make(name, seed):
    """A fresh player called `name`; `seed` seeds its own random choices."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer()
    if name in LEVELS:
        return make_ai(name, seed)
    if name.startswith("mc") and name[2:].isdigit() and int(name[2:]) > 0:
        from sim.mc import MonteCarloPlayer
        return MonteCarloPlayer(int(name[2:]), seed)
    raise ValueError("unknown player %r (known: %s)" % (name, KNOWN))


# The variants the players above can play: tactic cards need players of their own (the
# tactical variant's players arrive with its issue).
PLAYABLE = ("classic",)


def check_variant(variant):
    if variant not in PLAYABLE:
        raise ValueError("no player plays the %s variant yet (playable: %s)"
                         % (variant, ", ".join(PLAYABLE)))
