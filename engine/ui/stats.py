# The statistics the device keeps: matches played and won against each level of the computer
# (the classic and tactical games), and siege games per level and role; linked matches apart
# ("link": against the other handheld's player). A module of its own,
# small, so that counting a finished game loads little code.
from engine.ui.app import STATS
from engine.core.parse import number

LEVELS = ("easy", "normal", "hard")  # the computer's levels, as sessions and saves name them
SIEGE_ROLES = ("attacker", "defender")  # this player's role in a siege game, in its key
LINK = "link"  # the opponent of a linked match
# the keys of the file's lines: an opponent, or an opponent and a role ("hard_defender")
KEYS = LEVELS + (LINK,) + tuple(lv + "_" + role for role in SIEGE_ROLES
                                for lv in LEVELS + (LINK,))


def read_stats(storage):
    """{key: [games, wins]} from storage; damaged lines count as nothing."""
    stats = {}
    for key in KEYS:
        stats[key] = [0, 0]
    for line in (storage.read(STATS) or "").split("\n"):
        words = line.split()
        if len(words) == 3 and words[0] in stats:
            games, wins = number(words[1]), number(words[2])
            if games is not None and wins is not None:
                stats[words[0]] = [games, wins]
    return stats


def count_steps(storage, games):
    """Count finished games, (key, won) each: a generator, one write in steps
    (engine/ui/files.py)."""
    stats = read_stats(storage)
    for key, won in games:
        if key in stats:
            stats[key][0] += 1
            stats[key][1] += int(won)
    yield from storage.write_steps(STATS, "".join(
        "%s %d %d\n" % (k, stats[k][0], stats[k][1]) for k in KEYS))
