"""The tournament harness: a smoke run, determinism across processes, bad options."""
import os
import subprocess
import sys

import pytest

from sim.tournament import summary, wilson, late_summary, sides_summary

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args):
    return subprocess.run([sys.executable, "-m", "sim", "tournament"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_smoke_tournament_same_result_for_any_jobs():
    one = run("--a", "hard", "--b", "greedy", "--games", "4", "--seed", "7")
    two = run("--a", "hard", "--b", "greedy", "--games", "4", "--seed", "7", "--jobs", "2")
    assert one.returncode == 0 and two.returncode == 0
    assert one.stdout == two.stdout
    assert one.stdout.startswith("hard vs greedy: ") and one.stdout.count("\n") == 1
    assert "4/4 games" in one.stderr


@pytest.mark.slow
def test_players_that_use_their_seeds_give_the_same_result_for_any_jobs():
    # easy's misjudgement and mcN's playouts come from the seeds each game gives its players
    args = ("--a", "easy", "--b", "mc20", "--games", "6", "--seed", "11", "--expert")
    one = run(*args)
    two = run(*(args + ("--jobs", "2")))
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout and one.stdout.startswith("easy vs mc20: ")
    assert sum(int(x) for x in one.stdout.split()[3].rstrip(",").split("-")) == 6


@pytest.mark.slow
def test_mcg_gives_the_same_result_for_any_jobs_and_counts_the_late_stones():
    args = ("--a", "mcg30", "--b", "greedy", "--games", "4", "--seed", "5", "--late")
    one = run(*args)
    two = run(*(args + ("--jobs", "2")))
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    lines = one.stdout.splitlines()
    assert lines[0].startswith("mcg30 vs greedy: ") and len(lines) == 3
    assert lines[1].startswith("after the deck ran out (")
    assert " of 4 games): mcg30 took " in lines[1]
    assert lines[2].startswith("when it ran out, open sides with 0/1/2/3+ cards a game: mcg30 ")


@pytest.mark.slow
def test_late_count_takes_a_tactical_side_of_four_cards():
    # seed 2 (the second game): when the deck runs out, Hard's side at a stone in the mud
    # holds four cards, counted with the complete ones
    out = run("--a", "hard", "--b", "greedy_tactical", "--variant", "tactical", "--games", "2",
              "--seed", "1", "--late")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("hard vs greedy_tactical: ") and len(lines) == 3
    assert lines[2].startswith("when it ran out, open sides with 0/1/2/3+ cards a game: hard ")


def test_late_summary_line():
    assert late_summary("a", "b", 10, 4, 3, 1, 2) == (
        "after the deck ran out (4 of 10 games): a took 3 stones, b 1 (a's share 75.0%); "
        "a won 2 of those games")
    assert "(a's share -)" in late_summary("a", "b", 10, 0, 0, 0, 0)
    assert sides_summary("a", "b", 2, [[0, 1, 4, 3], [1, 0, 2, 2]]) == (
        "when it ran out, open sides with 0/1/2/3+ cards a game: a 0.00/0.50/2.00/1.50, "
        "b 0.50/0.00/1.00/1.00")


@pytest.mark.slow
def test_mc_player_runs():
    out = run("--a", "mc20", "--b", "random", "--games", "2")
    assert out.returncode == 0 and out.stdout.startswith("mc20 vs random: ")


def test_bad_options():
    for args in (["--a", "nobody", "--b", "greedy"], ["--a", "hard", "--b", "greedy", "--games", "0"],
                 ["--a", "hard", "--b", "greedy", "--jobs", "0"],
                 ["--a", "hard", "--b", "greedy", "--variant", "siege"],
                 ["--a", "hard", "--b", "greedy", "--variant", "tactical"],
                 ["--a", "hard", "--b", "greedy", "--seed", "-1"], ["--a", "mc0", "--b", "greedy"],
                 ["--a", "mcg0", "--b", "greedy"],
                 ["--a", "mcg20", "--b", "greedy_tactical", "--variant", "tactical"],
                 ["--a", "greedy_siege", "--b", "random", "--variant", "siege", "--late"]):
        out = run(*args)
        assert out.returncode == 2, args
        assert out.stderr.startswith("tournament: ") and out.stderr.count("\n") == 1, args


def test_summary_line():
    assert summary("a", "b", 9, 1, 0) == "a vs b: 9-1-0, a wins 90.0% (95% CI 59.6-98.2)"
    assert summary("a", "b", 5, 3, 2).startswith("a vs b: 5-3-2, a wins 60.0% ")  # a draw: half
    lo, hi = wilson(5, 10)
    assert abs(lo + hi - 1) < 1e-9
