"""tools/emu_link.py's parts that need no emulator: the keys that host and join a linked game
start each game on both handhelds, and the simulator's replay settles where the emulated
pair does."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import emu_link as L  # noqa: E402
import pico_emu as E  # noqa: E402


class _Shots:
    """A pair as emu_link's Pair leaves it: its steps, and a shot of both after each."""

    def __init__(self, steps):
        self.steps = steps
        self.shots = [(k, i, b"") for k in range(len(steps) + 1) for i in (0, 1)]


def _steps(variant):
    return ([("key", 0, k) for k in E.language_keys(0) + L.host_keys(variant)]
            + [("key", 1, k) for k in E.language_keys(0) + L.join_keys()])


@pytest.mark.parametrize("variant", L.VARIANTS)
def test_host_and_join_keys_start_the_game_on_both(variant, monkeypatch):
    """The replay's runners, after the host's and the joiner's keys: both on the board of the
    game asked, the host attacking in the siege, one of them to move."""
    seen = {}
    real = L._sim_settle

    def settle(rs, limit=20000):
        real(rs, limit)
        seen["rs"] = list(rs)
    monkeypatch.setattr(L, "_sim_settle", settle)
    L.sim_screens("pico_lcd_114", _Shots(_steps(L.VARIANTS.index(variant))))
    screens = [r.app.screen for r in seen["rs"]]
    assert [type(s).__name__ for s in screens] == [
        "SiegePlay" if variant == "siege" else "TacticalPlay" if variant == "tactical" else "Play"] * 2
    assert all(s.s.match.variant == variant for s in screens)
    assert [s.me() for s in screens] == [0, 1]
    assert [L._sim_waits(s) for s in screens].count(True) == 1  # one to move, one waiting
    if variant == "siege":
        assert screens[0].g.attacker == 0


def test_the_replay_shoots_each_side_at_each_step():
    pair = _Shots(_steps(0))
    got = L.sim_screens("pico_lcd_114", pair)
    assert [(k, i) for k, i, _ in got] == [(k, i) for k, i, _ in pair.shots]
    w, h = 240, 135
    assert all(len(px) == w * h * 2 for _, _, px in got)
    assert got[-1][2] != got[-2][2]  # (the two handhelds show their own hands)


def test_the_emulator_absent_the_linked_check_is_skipped(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(E, "FIRMWARE", str(tmp_path / "none.bin"))
    assert L.main([]) == 0
    assert "skipped" in capsys.readouterr().out


def test_the_heap_peak_is_the_largest_less_the_probes_code():
    class Pico:
        lines = [(1, "EMU probe 5000"), (2, "EMU peak 90000 Title -1"),
                 (3, "EMU peak 120000 Play 4 0 0"), (4, "EMU probe 5000"),
                 (5, "EMU peak 100000 Menu -1")]
    assert L.heap_peak(Pico()) == "115000 (Play 4)"
