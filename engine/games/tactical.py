# The tactical variant (RULES.md section 2): the classic game with hands of seven and a second
# deck of ten tactic cards. The fields are those of engine/games/classic.py.
NAME = "tactical"

RULES = ("engine.core.game", "engine.tactical.tactics", "engine.tactical.round")
RULES_PAGE = 5  # "TACTICAL VARIANT"
BOARD = ("engine.ui.play_draw", "engine.ui.play_narration", "engine.ui.play_steps",
         "engine.ui.play", "engine.ui.tplay")
SCREEN = "TacticalPlay"
CHOICES = ("engine.ui.tdeck", "engine.ui.tchoices")
ROUND_END = ("engine.ui.roundend",)
ROUND_END_SCREEN = "RoundEnd"
COMPUTER = ("engine.ai.base", "engine.ai.judge", "engine.ai.outlook", "engine.ai.tcal",
            "engine.ai.wild", "engine.ai.tstones", "engine.ai.tactical")
MAKER = "make_tactical_ai"

VERBS = (("play", "cS"), ("claim", "s"), ("pass", ""), ("end", "d"), None, ("recruit", "nk"),
         ("strategist", "Cst"), ("banshee", "Cs"), ("traitor", "CsT"))

LENGTHS = (1, 3, 5)
CHOSEN_FIRST = False
FORM = ("expert", "rounds")
TACTIC_CARDS = True
DISCARD_PILE = True
PENDING = "recruit"  # a Recruiter's draw seen but its cards not yet put back: (clan, tactic)
