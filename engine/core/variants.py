# The games the handheld plays, a row each: what tells them apart, in one place. A row names
# modules, it does not import them: a game's code is loaded only while it is played.
from micropython import const

# A row's fields
NAME = const(0)
RULES = const(1)  # the round's modules, each after those it imports; the last deals a round
BOARD = const(2)  # the board screen's modules; the last holds its class, SCREEN
SCREEN = const(3)
COMPUTER = const(4)  # the computer's modules; the last, its own (loaded for its turns only:
#                     engine/ui/session.py), holds its maker, MAKER(level, seed)
MAKER = const(5)
TACTIC_CARDS = const(6)  # tactic cards: ruses, a discard pile, two decks to draw from
BASELINE = const(7)  # the frozen baselines (sim/players.py): the greedy one's name, their
#                      module, the greedy and the random player's classes
VERBS = const(8)  # per kind of action (engine/core/game.py, a game's own after): its verb in
#                   records and its words' fields (engine/core/record_text.py), None for ROUND
CHOICES = const(9)  # the modules of the board's choices (its Flows): loaded as the player
#                     makes one, their code back to the heap while the computer thinks
LENGTHS = const(10)  # the rounds a match may have
ROLES = const(11)  # who starts is the players' choice (the siege's attacker), not the seed's

# The verbs every game has; a field is a letter: c a card, s a stone (a byte a), C a card, S a
# stone (byte b), t a stone or "discard", T a stone (byte c, a stone + 1), d a deck word (a;
# may be left out), n cards drawn from each deck (a), k up to two cards put back (b and c).
_VERBS = (("play", "cS"), ("claim", "s"), ("pass", ""))

_AI = ("engine.ai.base", "engine.ai.judge", "engine.ai.outlook")
_ROUNDS = (1, 3, 5)
ROWS = (
    ("classic", ("engine.core.game",), ("engine.ui.play",), "Play",
     _AI + ("engine.ai.cal", "engine.ai.classic"), "make_ai", False,
     ("greedy", "engine.core.players", "GreedyPlayer", "RandomPlayer"),
     _VERBS + (("end", ""), None), (), _ROUNDS, False),
    ("tactical", ("engine.core.game", "engine.tactical.tactics", "engine.tactical.round"),
     ("engine.ui.play", "engine.ui.tplay"), "TacticalPlay",
     _AI + ("engine.ai.tcal", "engine.ai.wild", "engine.ai.tactical"), "make_tactical_ai",
     True, ("greedy_tactical", "sim.tactical_players", "GreedyTactical", "RandomTactical"),
     _VERBS + (("end", "d"), None, ("recruit", "nk"), ("strategist", "Cst"), ("banshee", "Cs"),
               ("traitor", "CsT")), ("engine.ui.tdeck", "engine.ui.tchoices"), _ROUNDS, False),
    ("siege", ("engine.core.game", "engine.siege.round"), ("engine.ui.play", "engine.ui.splay"),
     "SiegePlay",
     ("engine.ai.base", "engine.ai.siege"), "make_siege_ai", False,
     ("greedy_siege", "sim.siege_players", "GreedySiege", "RandomSiege"),
     (("play", "cS"), ("control", "s"), ("pass", ""), ("end", ""), None, ("retreat", "s"),
      ("oil", "s")), ("engine.ui.schoices",), (1, 2), True),
)
NAMES = tuple(r[NAME] for r in ROWS)


def row(name):
    """The row of the variant called `name` (as records and the command line name it)."""
    for r in ROWS:
        if r[NAME] == name:
            return r
    from engine.core.parse import quoted
    raise ValueError("unknown variant %s (known: %s)" % (quoted(name), ", ".join(NAMES)))


def made(modules, name):
    """The object called `name` in the last of `modules`, each imported in turn."""
    for m in modules:
        top = __import__(m)  # (the package: it holds each submodule imported as an attribute)
    for part in modules[-1].split(".")[1:]:
        top = getattr(top, part)
    return getattr(top, name)
