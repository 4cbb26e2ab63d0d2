# Schotten Totten 2, the siege (RULES.md section 3): an attacker and a defender over seven
# sections of a wall, with cauldrons of oil. The fields are those of engine/games/classic.py.
NAME = "siege"

RULES = ("engine.core.game", "engine.siege.round")
RULES_PAGE = 10  # "THE SIEGE"
BOARD = ("engine.ui.play_draw", "engine.ui.play_narration", "engine.ui.play_steps",
         "engine.ui.play", "engine.ui.splay")
SCREEN = "SiegePlay"
CHOICES = ("engine.ui.schoices",)
ROUND_END = ("engine.ui.roundend", "engine.ui.sroundend")
ROUND_END_SCREEN = "SiegeRoundEnd"
COMPUTER = ("engine.ai.base", "engine.ai.siege")
MAKER = "make_siege_ai"

VERBS = (("play", "cS"), ("control", "s"), ("pass", ""), ("end", ""), None, ("retreat", "s"),
         ("oil", "s"))

LENGTHS = (1, 2)  # a game, or one in each role
CHOSEN_FIRST = True  # the attacker, who starts
FORM = ("role",)
TACTIC_CARDS = False
DISCARD_PILE = True
PENDING = None
