"""tools/pico_emu.py's parts that need no emulator: what it says when the firmware is absent,
and the keys its plain player presses (they must match tests/ui_driver.py's choices)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import pico_emu as E  # noqa: E402


def test_absent_firmware_is_named_with_where_to_get_it(tmp_path, monkeypatch):
    fw, rom = tmp_path / "fw.bin", tmp_path / "rom.bin"
    monkeypatch.setattr(E, "FIRMWARE", str(fw))
    monkeypatch.setattr(E, "BOOTROM", str(rom))
    said = E.firmware_missing()
    assert str(fw) in said and str(rom) in said
    assert "PICO_FIRMWARE" in said and "shared/pico-emu" in said
    fw.write_bytes(b"x")
    rom.write_bytes(b"x")
    assert E.firmware_missing() is None


def test_without_firmware_the_check_is_skipped_and_passes(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(E, "FIRMWARE", str(tmp_path / "none.bin"))
    assert E.main([]) == 0
    assert "skipped" in capsys.readouterr().out


def test_the_plain_player_on_the_board():
    def keys(mode, note=0, card=0, may_pass=0, chosen=-1, tick=0, screen="Play"):
        return E.plain_keys((screen, mode, note, card, may_pass, chosen, tick))
    assert keys(0) == ["A"] and keys(1) == ["A"] and keys(5) == ["A"]  # card, stone, shown
    assert keys(2) == ["UP"] and keys(2, note=1) == ["DOWN"]  # claim all, then end the turn
    assert keys(0, note=1) == ["RIGHT"]  # that card cannot be played: the next
    assert keys(0, note=1, may_pass=1) == ["DOWN"]  # only a pass is left
    assert keys("Deck", tick=1, screen="TacticalPlay") == ["RIGHT", "A"]  # the tactic deck
    assert keys("Deck", tick=2, screen="TacticalPlay") == ["A"]
    assert keys("Destination", note=1, chosen=0x67, screen="TacticalPlay") == ["DOWN"]  # discards
    assert keys(0, screen="RoundEnd") is None  # not on the board: the game is over


def test_new_game_keys_set_hard_and_answer_the_overwrite_question():
    assert E.new_game_keys() == ["A", "A", "RIGHT", "DOWN", "DOWN", "DOWN", "DOWN", "A"]
    tactical = E.new_game_keys(tactical=True, saved=True)
    assert tactical[:2] == ["A", "DOWN"] and tactical[-2:] == ["DOWN", "A"]
    assert tactical.count("RIGHT") == 2


def test_the_keys_of_three_games_on_one_device_start_each_as_asked(tmp_path):
    """The new-game form opens on the last game's choices: the emulated Pico's three games
    (classic, tactical, the siege as the defender) set each row from there."""
    from sim.headless import Runner
    r = Runner("pico_lcd_114", str(tmp_path), 1, cable=E.no_cable)
    games = [({}, "Play", "classic"), ({"tactical": True, "saved": True, "last": (2, 0, 0, 0, 0)},
                                        "TacticalPlay", "tactical"),
             ({"siege": True, "role": 1, "saved": True, "last": (2, 1, 0, 0, 0)},
              "SiegePlay", "siege")]
    for options, screen, variant in games:
        if options.get("saved"):  # power off and on, as the emulated Pico's play does
            r = Runner("pico_lcd_114", str(tmp_path), 1, cable=E.no_cable)
        r.keys(",".join(E.new_game_keys(**options)))
        for _ in range(200):
            r.frame(0)
        s = r.app.screen
        assert type(s).__name__ == screen and s.s.opponent == "hard"
        m = s.s.match
        assert m.variant == variant and not m.expert and (m.rounds == 1 or variant == "siege")
        assert variant != "siege" or s.g.attacker == 1


def test_the_siege_keys_start_a_siege_against_hard_in_the_role_asked(tmp_path):
    from sim.headless import Runner
    for role in (0, 1):
        r = Runner("pico_lcd_114", str(tmp_path / str(role)), 1, cable=E.no_cable)
        r.keys(",".join(E.new_game_keys(siege=True, role=role)))
        for _ in range(200):
            r.frame(0)
        s = r.app.screen
        assert type(s).__name__ == "SiegePlay" and s.s.opponent == "hard"
        assert s.g.attacker == role


def test_the_title_rows_are_the_devices_and_its_keys_open_each(tmp_path):
    """The device offers linked play (it has a cable): the simulator compared with it offers
    the same rows, and the keys the checks and the bench press open the row they name."""
    from sim.headless import Runner
    from sim.wire import Wire
    wire = Wire()
    r = Runner("pico_lcd_114", str(tmp_path), 1, cable=lambda: (wire.ends[0], b"stamp"))
    r.keys("A")  # (the title's picture, then its menu)
    for _ in range(60):
        r.frame(0)
    assert [row[0] for row in r.app.screen.rows] == list(E.TITLE)
    opened = {"New game": "NEW GAME", "Linked game": "LINKED GAME", "Rules": "Rules",
              "Claim checker": "Checker", "Settings": "SETTINGS", "Statistics": "Statistics"}
    for label, screen in opened.items():
        r.keys(",".join(E.title_keys(label)))
        for _ in range(60):
            r.frame(0)
        s = r.app.screen
        assert screen in (type(s).__name__, getattr(s, "title", None)), label
        r.keys("B")
        for _ in range(60):
            r.frame(0)


def test_the_painters_check_says_each_difference_and_an_unfinished_run():
    """tools/emu_paint.py's output read: none wrong; each difference said; a run that stopped
    (a crash, no last line) is a problem, never a pass."""
    from pico_emu import painter_problems
    assert painter_problems(["paint 3726 checks 0 differ", "done"]) == []
    said = painter_problems(["differ geom 1 glyph/text 5 n -6 at -3,2 colour 3: x 1, 2",
                             "paint 3726 checks 1 differ", "done"])
    assert len(said) == 1 and "at -3,2" in said[0]
    assert painter_problems(["paint 10 checks 2 differ", "done"])  # (differences unprinted)
    assert painter_problems(["paint 3726 checks 0 differ"])  # no "done"
    assert painter_problems([], 1, "Traceback: MemoryError")[0].endswith("MemoryError")
    assert painter_problems(["done"])  # no count


def test_a_modules_names_are_read_from_its_mpy(tmp_path):
    """tools/mpy_names.py reads an .mpy's table of names: a module's own function, attribute
    and short string are there; a name the firmware has (static) is not."""
    import build
    import mpy_names
    src = tmp_path / "m.py"
    src.write_text("def planted_fn(x):\n    return x.planted_attr + 'short s'\n\n\nlen([])\n")
    out = str(tmp_path / "m.mpy")
    import subprocess
    subprocess.run([build.mpy_cross(), "-march=armv6m", "-s", "pkg.m", "-o", out, str(src)],
                   check=True)
    names = mpy_names.table(out)
    assert {"planted_fn", "planted_attr", "short s", "pkg.m"} <= set(names)
    assert "len" not in names  # (static: the firmware's own)
    (tmp_path / "bad.mpy").write_bytes(b"C\x05\x00\x1f")
    try:
        mpy_names.table(str(tmp_path / "bad.mpy"))
    except ValueError as e:
        assert "format 6" in str(e)
    else:
        raise AssertionError("a file of another format read")


def test_the_names_pools_double_from_twenty():
    import mpy_names
    assert [mpy_names.pools(n) for n in (0, 1, 20, 21, 60, 61, 1260, 1261, 2540, 2541)] == [
        0, 1, 1, 2, 2, 3, 6, 7, 7, 8]


def _pool_line(pools, names, data):
    return "qstr pool: n_pool=%d, n_qstr=%d, n_str_data_bytes=%d, n_total_bytes=%d" % (
        pools, names, data, data + {6: 7744, 7: 15456}[pools])


def test_the_probes_names_and_the_pool_they_open_are_not_the_picos(capsys, monkeypatch):
    """A peak whose names crossed into a seventh pool only by the probe's own: without the
    probe, its code, its names' strings and that pool's bytes go; a name that ends with a
    line's end is one name."""
    import pico_bench as B
    bundle = {"n%d" % i for i in range(1250)} | {"lang %s\n"}
    monkeypatch.setattr(B, "VOCABULARIES", [bundle, {"emu_probe", "_s", "n0"}])
    names = ["Q(n%d)" % i for i in range(1250)] + ["Q(lang %s", ")", "Q(emu_probe)", "Q(_s)"]

    class Pico:
        lines = [(0, t) for t in ["EMU probe 3000", _pool_line(6, 600, 5000),
                                  "EMU peak 170000 TacticalPlay 4", _pool_line(7, 1253, 9000)]
                 + names + ["EMU idle x"]]
    B.heap_and_names(Pico, "tactical_")
    out = dict(line.split(": ") for line in capsys.readouterr().out.splitlines())
    assert out["tactical_names_interned_emu"] == "1253 names"
    assert out["tactical_names_interned_without_probe_emu"] == "1251 names"
    assert out["tactical_names_pools_emu"] == "7 pools"
    assert out["tactical_names_pools_without_probe_emu"] == "6 pools"
    # 170000 - 3000 (code) - 13 ("emu_probe", "_s" and their ends) - 7712 (the pool)
    assert out["tactical_heap_in_use_peak_without_probe_bytes_emu"] == "159275 bytes"


def test_without_the_probe_the_peak_may_be_an_earlier_one(capsys, monkeypatch):
    """The probe's lines print each new peak with the probe; a later one that is higher only
    by the pool the probe's names opened is lower without the probe than an earlier one:
    the figure, and its names, are the earlier one's."""
    import pico_bench as B
    bundle = {"n%d" % i for i in range(1260)}
    monkeypatch.setattr(B, "VOCABULARIES", [bundle, {"emu_probe", "_s"}])
    probe = ["Q(emu_probe)", "Q(_s)"]
    early = ["Q(n%d)" % i for i in range(1240)] + probe
    late = ["Q(n%d)" % i for i in range(1252)] + probe

    class Pico:
        lines = [(0, t) for t in ["EMU probe 3000", "EMU peak 165000 TacticalPlay Hint",
                                  _pool_line(6, 1242, 8800)] + early +
                 ["EMU peak 170000 Loading -1", _pool_line(7, 1254, 9000)] + late]
    where = B.heap_and_names(Pico, "tactical_hint_")
    out = dict(line.split(": ") for line in capsys.readouterr().out.splitlines())
    assert out["tactical_hint_heap_in_use_peak_bytes_emu"] == "170000 bytes"
    # 165000 - 3000 (code) - 13 (the probe's names): above 170000 - 3013 - 7712 (its pool)
    assert out["tactical_hint_heap_in_use_peak_without_probe_bytes_emu"] == "161987 bytes"
    assert out["tactical_hint_names_interned_without_probe_emu"] == "1240 names"
    assert out["tactical_hint_names_pools_without_probe_emu"] == "6 pools"
    assert where[1:] == ["TacticalPlay", "Hint"]
