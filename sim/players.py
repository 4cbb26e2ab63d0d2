"""Players by name, for the command line and the tournament."""
from engine.ai.base import LEVELS
from engine.core.parse import number, quoted
from engine.games import NAMES, declared, made

# Each game's frozen baselines (engine/core/players.py, sim/tactical_players.py,
# sim/siege_players.py): the greedy one's name, their module, the greedy and the random
# player's classes
BASELINES = {
    "classic": ("greedy", "engine.core.players", "GreedyPlayer", "RandomPlayer"),
    "tactical": ("greedy_tactical", "sim.tactical_players", "GreedyTactical", "RandomTactical"),
    "siege": ("greedy_siege", "sim.siege_players", "GreedySiege", "RandomSiege"),
}
# (sim/mc.py, sim/mcg.py: the classic game only)
_MC = ("mcN (N random playouts a move, e.g. mc500)",
       "mcgN (N greedy-guided playouts a move, e.g. mcg500)")


def baseline(variant):
    """The name of the variant's greedy baseline."""
    declared(variant)  # (ValueError: an unknown variant)
    return BASELINES[variant][0]


def make(name, seed, variant="classic"):
    """A fresh player called `name` for a variant; `seed` seeds its own random choices."""
    d = declared(variant)
    greedy, module, greedy_class, random_class = BASELINES[variant]
    if name == "random":
        return made((module,), random_class)(seed)
    if name == greedy:
        return made((module,), greedy_class)()
    if name in LEVELS:
        return made(d.COMPUTER, d.MAKER)(name, seed)
    mc = variant == "classic"
    if mc and name.startswith("mc") and number(name[2:]):
        from sim.mc import MonteCarloPlayer
        return MonteCarloPlayer(number(name[2:]), seed)
    if mc and name.startswith("mcg") and number(name[3:]):
        from sim.mcg import GreedyPlayoutPlayer
        return GreedyPlayoutPlayer(number(name[3:]), seed)
    for other in NAMES:
        if name == BASELINES[other][0]:
            raise ValueError("%s plays the %s variant (--variant %s)" % (name, other, other))
    known = ", ".join(("random", greedy) + LEVELS + (_MC if mc else ()))
    raise ValueError("unknown player %s for the %s variant (known: %s)" % (quoted(name), variant,
                                                                        known))
