"""Players by name, for the command line."""
from engine.players import GreedyPlayer, RandomPlayer

BUILT_IN = ("random", "greedy")


def make(name, seed):
    """A fresh player called `name`; `seed` seeds its own random choices."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer()
    raise ValueError("unknown player %r (known: %s)" % (name, ", ".join(BUILT_IN)))
