# The statistics the device keeps: games played and won against each level of the computer.
# A module of its own, small, so that counting a finished game loads little code.
from engine.ui.app import STATS

LEVELS = ("easy", "normal", "hard")  # the computer's levels, as sessions and saves name them


def read_stats(storage):
    """{level: [games, wins]} from storage; damaged lines count as nothing."""
    stats = {}
    for level in LEVELS:
        stats[level] = [0, 0]
    for line in (storage.read(STATS) or "").split("\n"):
        words = line.split()
        if len(words) == 3 and words[0] in stats and words[1].isdigit() and words[2].isdigit():
            stats[words[0]] = [int(words[1]), int(words[2])]
    return stats


def count_steps(storage, level, won):
    """Count a game against `level`: a generator, the write in steps (engine/ui/files.py)."""
    stats = read_stats(storage)
    if level in stats:
        stats[level][0] += 1
        stats[level][1] += int(won)
        yield from storage.write_steps(STATS, "".join(
            "%s %d %d\n" % (lv, stats[lv][0], stats[lv][1]) for lv in LEVELS))
