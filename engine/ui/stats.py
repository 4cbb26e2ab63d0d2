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
    """{key: [games, wins, wins without a coach's hint]} from storage, a line each: the key,
    the games, then the wins and those without a hint ("3/2"; a line from before the coach,
    wins alone, had no hints); damaged lines count as nothing."""
    stats = {}
    for key in KEYS:
        stats[key] = [0, 0, 0]
    for line in (storage.read(STATS) or "").split("\n"):
        words = line.split()
        if len(words) == 3 and words[0] in stats:
            wins = words[2].split("/")
            counts = [number(w) for w in words[1:2] + wins + wins[:1]][:3]
            if len(wins) <= 2 and None not in counts:
                stats[words[0]] = counts
    return stats


def count_steps(storage, games):
    """Count finished games, (key, won, hinted) each: a generator, one write in steps
    (engine/ui/files.py)."""
    stats = read_stats(storage)
    for key, won, hinted in games:
        if key in stats:
            counts = stats[key]
            counts[0] += 1
            counts[1] += int(won)
            counts[2] += int(won and not hinted)
    yield from storage.write_steps(STATS, "".join(
        "%s %d %d/%d\n" % tuple([k] + stats[k]) for k in KEYS))
