"""Players by name, for the command line and the tournament."""
from engine.ai import LEVELS, make_ai
from engine.players import GreedyPlayer, RandomPlayer

BUILT_IN = ("random", "greedy")
KNOWN = "random, greedy, easy, normal, hard, mcN (N playouts a move, e.g. mc500)"
KNOWN_TACTICAL = "random, greedy_tactical, easy, normal, hard"


def make(name, seed, variant="classic"):
    """A fresh player called `name` for a variant; `seed` seeds its own random choices."""
    if variant == "tactical":
        from sim.tactical_players import RandomTactical, GreedyTactical
        if name == "random":
            return RandomTactical(seed)
        if name == "greedy_tactical":
            return GreedyTactical()
        if name in LEVELS:
            from engine.ai_tactical import make_tactical_ai
            return make_tactical_ai(name, seed)
        raise ValueError("no player %r for the tactical variant (known: %s)"
                         % (name, KNOWN_TACTICAL))
    if name == "greedy_tactical":
        raise ValueError("greedy_tactical plays the tactical variant (--variant tactical)")
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
