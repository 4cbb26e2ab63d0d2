# Run on the emulated Pico by tools/pico_bench.py (mpremote run, the game not started): the
# siege's proof of a control, each section on each side, a complete attacker's side against
# an empty defender's side (the most completions to rule out) with every other card unseen.
# Prints "proof <section> <damaged> <us>" a line (the mean of REPEAT proofs), then "done".
import time
from engine.core.proof import counter
from engine.siege.round import section, SIEGE_CARDS, SECTIONS

REPEAT = globals().get("REPEAT", 20)
# An attacker's side per size: a strong one that the defender's empty side could still beat
# (so the proof looks through its completions rather than stopping at the first).
_SIDES = {2: bytes((0x0A, 0x1A)), 3: bytes((0x08, 0x09, 0x0A)),
          4: bytes((0x07, 0x08, 0x09, 0x0A))}

for _s in range(SECTIONS):
    for _d in (0, 1):
        n, rule = section(_s, _d)
        mine = _SIDES[n]
        unseen = bytearray(SIEGE_CARDS)
        for c in mine:
            unseen[c & 15] &= ~(1 << (c >> 4))
        t = time.ticks_us()
        for _ in range(REPEAT):
            counter(mine, 0, b"", 0, 0, n, unseen, True, rule)
        print("proof", _s + 1, _d, time.ticks_diff(time.ticks_us(), t) // REPEAT)
print("done")
