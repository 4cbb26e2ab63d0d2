# Run on the emulated Pico by `make soak-pico` (tools/pico_bench.py --soak; the game not
# started): GAMES games of Hard against Hard, the game saved after every turn as the device
# saves it (engine/ui/session.py, on the flash), the heap in use (collected) after every turn.
# Prints "game <n> <heap in use after it> <largest heap in use during it>" a game, then
# "done <heap in use before the first>".
import gc
from engine.core.game import OVER
from engine.core.players import take_turn
from engine.ai.classic import make_ai
from engine.ui.files import Files
from engine.ui.session import Session
from firmware.storage import FlashStorage, kept_folder

GAMES = globals().get("GAMES", 20)

files = Files(FlashStorage(kept_folder()))
gc.collect()
start = gc.mem_alloc()
for seed in range(1, GAMES + 1):
    s = Session(seed, "hard")  # the computer is player 2; player 1 another Hard
    seats = (make_ai("hard", seed + 1000), s.cpu.made())
    m = s.match
    top = 0
    while m.game.phase != OVER:
        take_turn(m, seats[m.game.player])
        s.save(files)
        gc.collect()
        top = max(top, gc.mem_alloc())
    s = seats = m = None
    gc.collect()
    print("game", seed, gc.mem_alloc(), top)
print("done", start)
