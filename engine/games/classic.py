# Schotten Totten (RULES.md section 1): nine stones, six cards a hand, one deck.
NAME = "classic"  # (as records name it; its title in the menus: engine/games/__init__.py)

# The round's modules, each after those it imports; the last deals a round: deal(rng, first,
# expert)
RULES = ("engine.core.game",)
# The rules screen's page this game's own rules start on, where its pause menu opens them
# (lang/rules_en.py's PAGES: "THE GAME")
RULES_PAGE = 0
# The board screen's modules; the last holds its class, SCREEN(app, session, CHOICES)
BOARD = ("engine.ui.play_draw", "engine.ui.play_narration", "engine.ui.play_steps",
         "engine.ui.play")
SCREEN = "Play"
# The modules of the board's choices (its Flows): loaded as the player makes one, their code
# back to the heap while the computer thinks
CHOICES = ()
# The round end's screen: its modules, the last holding its class
ROUND_END = ("engine.ui.roundend",)
ROUND_END_SCREEN = "RoundEnd"
# The computer's modules; the last, its own (loaded for its turns only: engine/ui/session.py),
# holds its maker, MAKER(level, seed)
COMPUTER = ("engine.ai.base", "engine.ai.judge", "engine.ai.outlook", "engine.ai.cal",
            "engine.ai.classic")
MAKER = "make_ai"

# Per kind of action (engine/core/game.py's action; a game's own kinds after the shared ones):
# its verb in records and its words' fields, None for ROUND. A field is a letter: c a card,
# s a stone (byte a), C a card, S a stone (byte b), t a stone or "discard", T a stone (byte c,
# a stone + 1), d a deck word (a; may be left out), n cards drawn from each deck (a), k up to
# two cards put back (b and c) (engine/core/record.py reads them, record_text.py writes them).
VERBS = (("play", "cS"), ("claim", "s"), ("pass", ""), ("end", ""), None)

LENGTHS = (1, 3, 5)  # the rounds a match may have
CHOSEN_FIRST = False  # who starts is the players' choice, not the seed's
FORM = ("expert", "rounds")  # the new-game form's rows of its own (engine/ui/newgame.py)
TACTIC_CARDS = False  # a second deck of tactic cards
DISCARD_PILE = False  # cards leave the table face up: the pause menu shows them
PENDING = None  # the word naming a choice half made that a save keeps (None: it has none)
