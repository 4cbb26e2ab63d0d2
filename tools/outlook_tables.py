"""The tables of engine/ai/outlook.py, made from the game's rule of victory.

    python tools/outlook_tables.py

Prints the tables' lines as the module holds them (its import would otherwise spend 64 ms of
a Pico's frame making them, and keep the code that made them in RAM). tests/test_ai.py
checks that the module's tables are these.

The states are count * 16 + run * 4 + their run (the AI's stones so far, capped at 5; its
current run of adjacent stones, 3 = has three; the opponent's run), walked stone by stone:
only the states reachable before each stone, numbered layer by layer.
"""
import sys


def _step(r):
    return 3 if r >= 2 else r + 1


def _win(st):
    """The state after the AI takes the next stone."""
    n, r, t = st >> 4, (st >> 2) & 3, st & 3
    return min(n + 1, 5) * 16 + _step(r) * 4 + (3 if t == 3 else 0)


def _lose(st):
    """The state after the opponent takes it."""
    n, r, t = st >> 4, (st >> 2) & 3, st & 3
    return n * 16 + (3 if r == 3 else 0) * 4 + _step(t)


def _end(st):
    """The AI's chance to win in a final state, in halves: three adjacent for one player
    only wins, both having three is even, otherwise five stones win."""
    r, t = (st >> 2) & 3, st & 3
    if r == 3 and t == 3:
        return 1
    return 2 if r == 3 or (t != 3 and st >> 4 >= 5) else 0


def tables():
    """(AT, NEXT_WIN, NEXT_LOSE, END) as bytes: where each layer's states start (and one
    past the last), the state after the AI or the opponent takes the stone, and the AI's
    chance in each state of the last layer (in halves)."""
    at, win, lose, end = [], [], [], []
    layer = [0]
    n = 0
    for s in range(10):
        at.append(n)
        nxt = sorted(set([_win(st) for st in layer] + [_lose(st) for st in layer]))
        for st in layer:
            if s < 9:
                win.append(n + len(layer) + nxt.index(_win(st)))
                lose.append(n + len(layer) + nxt.index(_lose(st)))
            else:
                end.append(_end(st))
        n += len(layer)
        layer = nxt
    at.append(n)
    return bytes(at), bytes(win), bytes(lose), bytes(end)


def _literal(name, data, width=96):
    out = ["%s = (" % name]
    hexes = "".join("\\x%02x" % b for b in data)
    step = (width - 8) // 4 * 4
    for i in range(0, len(hexes), step):
        out.append('    b"%s"' % hexes[i:i + step])
    out[-1] += ")"
    return out


def main():
    at, win, lose, end = tables()
    for name, data in (("AT", at), ("NEXT_WIN", win), ("NEXT_LOSE", lose), ("END", end)):
        print("\n".join(_literal(name, data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
