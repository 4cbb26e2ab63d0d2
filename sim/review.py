"""`python -m sim review FILE`: the moves of a game record that cost most, by the computer's
judgement (engine/ai/coach.py): for each round and player, up to three, each with its line
in the file, the position before it (as `replay` prints one), the move played, the
computer's choice and why."""

from engine.ai import coach
from engine.core.match import ENTRY
from engine.core.record_text import line
from engine.core.steps import finish
from sim.replay import position, read


def main(args):
    status, m, body, first = read("review", args.file)
    if status:
        return status
    players = (args.player - 1,) if args.player else (0, 1)
    print(review(m, players, action_lines(body, first)))
    return 0


def review(m, players, lines):
    """The review of match m's players (0, 1) as text; lines: the file's line number of each
    logged action."""
    judge = coach.judge(m.declared, m.seed)
    out = ["the moves that cost most by the computer's judgement (%d%% of the chance to win "
           "or more, up to 3 a round and player)" % _percent(coach.WORTH)]
    for no in range(1, m.round_no() + 1):
        out.append("round %d" % no)
        for p in players:
            moves = finish(coach.review(judge, m, p, no))
            if not moves:
                out.append("  player %d: none" % (p + 1))
            for cost, at, played, best, why in moves:
                out += _told(m, p, cost, at, played, best, why, lines)
    return "\n".join(out)


def _told(m, p, cost, at, played, best, why, lines):
    r = finish(coach.replaying(m, at))
    g = r.game

    def said(a):
        return line(m.declared.VERBS[a >> 24], p + 1, a >> 16 & 255, a >> 8 & 255, a & 255,
                    g.card_name)
    return ["  player %d, line %d: played '%s', the computer '%s' (%d%% more chance to win)" % (
                p + 1, lines[at // ENTRY], said(played), said(best), _percent(cost)),
            "    why: " + coach.said(why, g, str),
            "    before it:"] + ["      " + x for x in position(r).split("\n")]


def _percent(x):
    return (x * 100 + 512) >> 10


def action_lines(body, first):
    """The line number in the file of each action of a record's body (its lines after the
    header's six, the blank ones left out), the body's first line numbered `first`."""
    numbers = [first + k for k, text in enumerate(body.split("\n")) if text.strip()]
    return numbers[6:]
