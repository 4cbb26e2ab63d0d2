"""Players by name, for the command line and the tournament."""
from engine.ai.base import LEVELS
from engine.core.parse import number, quoted
from engine.core.variants import row, made, ROWS, NAME, COMPUTER, MAKER, BASELINE

# (sim/mc.py, sim/mcg.py: the classic game only)
_MC = ("mcN (N random playouts a move, e.g. mc500)",
       "mcgN (N greedy-guided playouts a move, e.g. mcg500)")


def make(name, seed, variant="classic"):
    """A fresh player called `name` for a variant; `seed` seeds its own random choices."""
    r = row(variant)
    greedy, module, greedy_class, random_class = r[BASELINE]
    if name == "random":
        return made((module,), random_class)(seed)
    if name == greedy:
        return made((module,), greedy_class)()
    if name in LEVELS:
        return made(r[COMPUTER], r[MAKER])(name, seed)
    mc = variant == "classic"
    if mc and name.startswith("mc") and number(name[2:]):
        from sim.mc import MonteCarloPlayer
        return MonteCarloPlayer(number(name[2:]), seed)
    if mc and name.startswith("mcg") and number(name[3:]):
        from sim.mcg import GreedyPlayoutPlayer
        return GreedyPlayoutPlayer(number(name[3:]), seed)
    for other in ROWS:
        if name == other[BASELINE][0]:
            raise ValueError("%s plays the %s variant (--variant %s)" % (name, other[NAME],
                                                                        other[NAME]))
    known = ", ".join(("random", greedy) + LEVELS + (_MC if mc else ()))
    raise ValueError("unknown player %s for the %s variant (known: %s)" % (quoted(name), variant,
                                                                        known))
