"""`make bench-pico`: figures measured on the emulated Pico (tools/pico_emu.py).

    python tools/pico_bench.py [--only NAME,...] [--games N] [--jobs N] [--board NAME]
    python tools/pico_bench.py --soak [--games 20]

Prints one `name_emu: value unit` line a figure, in emulated Pico time, with the silicon
estimate in brackets: emulated x 1.4 (bytecode runs about 1.4x faster in the emulator, which
has no flash wait states), but x 1.0 for the pushes (machine code run from RAM, and the SPI
wire) and for the flash's erases and programs within a frame (hardware time, charged by the
emulator at a W25Q16's typical times). Parts (--only):
  boot     boot_to_title_ms_emu (a power-on after the first), frame_push_ms_emu (the title: every
           row), heap_free_title_bytes_emu
  play     three whole games against each level by keys, each variant (a rematch
           between them; the siege in both roles, and three between two players): key-to-move
           latency
           (the key that ends the player's turn to the end of the push of the frame showing
           the computer's move), cursor_push_ms_emu, draw_board_ms_emu, longest_frame_ms_emu
           (outside the computer's thinking), save_ms_emu
  flows    a three-round match against Easy by keys, classic and tactical, with a power cut and
           Continue in the second round: the longest frame after each way onto or off the
           board (start, round end, next round, continue, the pause menu opened and left,
           rematch), flow_NAME_frame_ms_emu
  heap     a whole game against Hard, each variant (the siege: two, one in each role),
           collected after every frame, a frame's work counted in steps (the same sample
           points on every build):
           heap_in_use_peak_bytes_emu, tactical_heap_in_use_peak_bytes_emu,
           siege_heap_in_use_peak_bytes_emu; and each without the probe's code, as on a
           Pico: heap_in_use_peak_without_probe_bytes_emu, ...
  hint     a whole game against Hard, each variant (the siege: one in each role), the coach's
           hint asked at each of the player's card steps and then played: the key to the push
           of the frame that shows it, hint_latency_mean_ms_emu, hint_latency_p95_ms_emu (and
           tactical_..., siege_...); at its end, the round's review found in spare frames:
           review_frames_over_50ms_emu (and the longest of them), its first move opened and
           left, review_open_frame_ms_emu, review_back_frame_ms_emu; then the same game again
           with the heap collected after every frame: hint_heap_in_use_peak_bytes_emu (and
           without the probe's code)
  tour     the screens outside a game (new game, linked game, claim checker, every rules page, settings,
           statistics), collected after every frame: screens_heap_in_use_peak_bytes_emu
  think    the computer's think time per decision over seeded games against the baselines
           (greedy; greedy_tactical; greedy_siege, the computer attacking every other game),
           on the device with the game not started (B held)
  proof    the siege's proof of a control, a complete side against an empty one, on each
           section's both sides: siege_proof_worst_us_emu, the slowest
--soak: Hard against Hard, saved after every turn as the game saves, heap in use after each
game (its own target: minutes of wall time).
--lang: the language chosen at the first power-on (the heap a language costs: issue 27).
--board: the board whose bundle and screen the emulated Pico runs (firmware/boards/, default
pico_lcd_114: the targets are that board's figures; a 240x240 screen's framebuffer alone is
12.6 KB more).
"""
import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pico_emu as E  # noqa: E402  (tools/pico_emu.py)
import build  # noqa: E402  (tools/build.py)
import mpy_names  # noqa: E402  (tools/mpy_names.py)

ROOT = E.ROOT
OUT = os.path.join(ROOT, "build", "pico-emu")
BOARD = ["pico_lcd_114"]  # (--board)
VOCABULARIES = []  # (the bundle's names, the probe's: tools/mpy_names.py), made once
LANG = [0]  # the language chosen at the first power-on: its index in engine/ui/lang.py (--lang)
LEVELS = ("easy", "normal", "hard")
VARIANTS = ("classic", "tactical", "siege")
# presses from the form's default (Normal); "two": two players at one device
_RIGHTS = {"easy": 3, "normal": 0, "hard": 1, "two": 2}
GAMES = 3  # whole games by keys a level and variant (key-to-move: a game's length weighs on it)


# A push is machine code (viper, run from RAM) and the SPI wire: no flash wait states to add.
NATIVE = 1.0


def figure(name, value, unit, silicon=E.SILICON, estimate=None):
    """One figure; silicon: the factor of its silicon estimate (None: not a time), or the
    estimate itself (`estimate`, in the figure's unit)."""
    if estimate is None and silicon:
        estimate = value * silicon
    extra = " [silicon est. %.0f %s]" % (estimate, unit) if estimate is not None else ""
    print("%s_emu: %s %s%s" % (name, ("%.1f" % value) if isinstance(value, float) else value,
                               unit, extra), flush=True)


def mean(xs):
    return sum(xs) / len(xs) if xs else 0.0


def p95(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, len(xs) * 95 // 100)] if xs else 0.0


def image(options):
    """A flash image with the bundle and the probe installed (`options`: emu.txt's words)."""
    path = os.path.join(OUT, "flash-%s-%s-%d.bin" % (  # (the language: one run each at once)
        BOARD[0], options.replace(",", "-") or "plain", LANG[0]))
    pico = E.Pico(board=BOARD[0])
    try:
        pico.flash(options=options or "-")
        pico.save_flash(path)
    finally:
        pico.close()
    return path


def lines(pico, prefix):
    return [(t, E.words(text)) for t, text in pico.lines if text.startswith(prefix + " ")]


# --- boot ----------------------------------------------------------------------------------

def _booted(img, keep=None):
    """Power-on to the first screen: the Pico's lines (with `keep`, the language question
    answered, English, and its flash saved to `keep`)."""
    pico = E.Pico(board=BOARD[0], flash_image=img)
    try:
        pico.cmd("pause")
        idle = pico.wait_line("EMU idle", 30000, since=0)
        if keep:
            play = E.Play(pico)
            play.state = tuple(E.words(idle[1]))
            for k in E.language_keys(0):
                play.key(k, shot=False)
            pico.save_flash(keep)
    finally:
        pico.close()
    return pico


def boot(img):
    """The second power-on after flashing (the first also makes the kept files' folder and
    asks for the language: said on stderr)."""
    again = img[:-4] + "-booted.bin"
    first = _booted(img, again)
    pico = _booted(again)
    os.unlink(again)
    print("first boot after flashing: %.1f ms to the language question" % E.ms(
        first.pushes[0][1]),
          file=sys.stderr)
    figure("boot_to_title_ms", E.ms(pico.pushes[0][1]), "ms")
    figure("frame_push_ms", lines(pico, "EMU push")[0][1][0] / 1000, "ms", NATIVE)
    figure("heap_free_title_bytes", lines(pico, "EMU ready")[0][1][0], "bytes", None)


# --- whole games by keys ---------------------------------------------------------------------

def new_game_keys(level, variant):
    """(the siege: both roles, the games of a two-game match alternating who attacks)"""
    keys = E.new_game_keys(variant == "tactical", siege=variant == "siege", role=2)
    i = keys.index("RIGHT")
    return keys[:i] + ["RIGHT"] * _RIGHTS[level] + keys[i + 1:]


def whole_game(img, level, variant, games=1):
    """Whole games against `level` by keys (a rematch between them: each its own seed); the
    probe's lines and the play's figures."""
    pico = E.Pico(board=BOARD[0], flash_image=img)
    try:
        pico.cmd("pause")
        play = E.Play(pico)
        play.state = tuple(E.words(pico.wait_line("EMU idle", 30000, since=0)[1]))
        for k in E.language_keys(LANG[0]) + new_game_keys(level, variant):
            play.key(k, shot=False)
        cursor = None
        for game in range(games):
            if game:
                if not E.round_end(play.state[0]):
                    raise RuntimeError("a game did not end on its round-end screen: %s"
                                       % (play.state,))
                play.key("A", shot=False)  # Rematch
            cursor = _play_out(play, cursor)
        problems = E.problems_in(pico.lines)
        if problems:
            raise RuntimeError("%s %s: %s" % (level, variant, problems))
        return pico, play, cursor or [0]
    finally:
        pico.close()


def _play_out(play, cursor):
    """Plain keys to the game's end; the first time on the board at the first card, a cursor
    move first (`cursor`: its pushes' us, once measured)."""
    pico = play.pico
    while E.plain_keys(play.state) is not None:
        if cursor is None and play.state[:2] == ("Play", 0) and play.state[2] == 0:
            seen = len(pico.lines)
            play.key("RIGHT", shot=False)  # a cursor move's push
            cursor = [w[0] for t, w in lines_since(pico, "EMU push", seen)]
        for k in E.plain_keys(play.state):
            play.key(k, shot=False)
    return cursor


def lines_since(pico, prefix, seen):
    return [(t, E.words(text)) for t, text in pico.lines[seen:] if text.startswith(prefix + " ")]


def play_figures(img, jobs):
    runs = [(lv, v) for v in VARIANTS for lv in LEVELS] + [("two", "siege")]
    with ThreadPoolExecutor(jobs) as ex:
        done = list(ex.map(lambda r: whole_game(img, *r, games=GAMES), runs))
    figure("siege_two_players_games", GAMES, "games", None)  # (whole_game raises otherwise)
    longest, saves, draws, cursor, slow, longest_si = [], [], [], [], [], [0]
    for (lv, v), (pico, play, cur) in zip(runs, done):
        slow += [(w[0], "%s %s: %s" % (lv, v, " ".join(
            str(x) for x in w[3:]))) for t, w in lines(pico, "EMU slow")]
        longest_si += [pico.silicon_us(*w[:3]) for t, w in lines(pico, "EMU slow")]
        if lv != "two":  # (no computer to wait for)
            name = "ai_%s%s_key_to_move" % (lv, "" if v == "classic" else "_" + v)
            lat = [E.ms(x) for x in play.latency]
            figure(name + "_mean_ms", mean(lat), "ms")
            figure(name + "_p95_ms", p95(lat), "ms")
        longest += [w[0] for t, w in lines(pico, "EMU frame")]
        saves += [w[0] for t, w in lines(pico, "EMU save")]
        draws += [w[0] for t, w in lines(pico, "EMU draw") if w[1]]
        cursor += cur
    figure("cursor_push_ms", mean(cursor) / 1000, "ms", NATIVE)
    figure("draw_board_ms", mean(draws) / 1000, "ms")
    # (silicon: the longest of the frames over 50 ms, their flash writes at hardware time)
    figure("longest_frame_ms", max(longest) / 1000, "ms",
           estimate=max(max(longest_si), min(max(longest), 50000) * E.SILICON) / 1000)
    if slow:  # where (on stderr: not a figure)
        us, where = max(slow)
        print("longest frame: %.1f ms, %s" % (us / 1000, where), file=sys.stderr)
    figure("save_ms", mean(saves) / 1000, "ms")


# --- ways onto and off the board ----------------------------------------------------------------

def match_keys(tactical):
    """From the title, the new-game form set to Easy and three rounds, started."""
    keys = E.new_game_keys(tactical)
    i = keys.index("RIGHT")
    keys = keys[:i] + ["LEFT"] + keys[i + 1:]  # Normal -> Easy
    return keys[:-2] + ["RIGHT"] + keys[-2:]  # Rounds 1 -> 3, then Start


def to_round_end(play):
    """Plain keys until the board gives way (the round's end); the longest frame after the
    key that ended the round, and its silicon estimate."""
    while E.plain_keys(play.state) is not None:
        for k in E.plain_keys(play.state):
            play.key(k, shot=False)
    return play.spans[-1], play.spans_si[-1]


def flows(img, tactical):
    """The longest frame (us, thinking not counted) after each way onto or off the board."""
    pico = E.Pico(board=BOARD[0], flash_image=img)
    spans = {}
    si = {}  # the silicon estimates
    try:
        pico.cmd("pause")
        play = E.Play(pico)
        play.settle()
        for k in E.language_keys(LANG[0]) + match_keys(tactical):
            play.key(k, shot=False)
        spans["start"], si["start"] = play.spans[-1], play.spans_si[-1]
        spans["round_end"], si["round_end"] = to_round_end(play)
        play.key("A", shot=False)
        spans["next_round"], si["next_round"] = play.spans[-1], play.spans_si[-1]
        play.turns(8)
        play.reset()
        play.key("A", shot=False)  # the title: the menu, Continue first
        play.key("A", shot=False)
        spans["continue"], si["continue"] = play.spans[-1], play.spans_si[-1]
        for way in ("pause", "resume"):  # B: the pause menu, and B again: back to the board
            play.key("B", shot=False)
            spans[way], si[way] = play.spans[-1], play.spans_si[-1]
        for more in (True, False):  # rounds 2 and 3
            us, est = to_round_end(play)
            spans["round_end"] = max(spans["round_end"], us)
            si["round_end"] = max(si["round_end"], est)
            if more:
                play.key("A", shot=False)
        if not E.round_end(play.state[0]):
            raise RuntimeError("the match did not end on its round-end screen: %s" % (play.state,))
        play.key("A", shot=False)  # Rematch
        spans["rematch"], si["rematch"] = play.spans[-1], play.spans_si[-1]
        problems = E.problems_in(pico.lines)
        if problems:
            raise RuntimeError("flows %s: %s" % ("tactical" if tactical else "classic", problems))
    finally:
        pico.close()
    return spans, si


def flow_figures(img, jobs):
    with ThreadPoolExecutor(jobs) as ex:
        done = list(ex.map(lambda tac: flows(img, tac), (False, True)))
    for tac, (spans, si) in zip((False, True), done):
        for name, us in spans.items():
            figure("%sflow_%s_frame_ms" % ("tactical_" if tac else "", name), us / 1000, "ms",
                   estimate=si[name] / 1000)


def heap_figures(img, variants=VARIANTS):
    for v in variants:
        pico, play, _ = whole_game(img, "hard", v, games=2 if v == "siege" else 1)
        peak = heap_and_names(pico, "" if v == "classic" else v + "_")
        print("heap peak (%s): on %s" % (v, " ".join(
            str(x) for x in peak[1:])), file=sys.stderr)  # (where: not a figure)


def heap_and_names(pico, name):
    """The heap's peak (option collect) and the names interned then (options qstr, qstrs),
    with and without the probe's: its code, and its names, which may open a pool of them a
    Pico would not (their pools double: the seventh holds 1280, some 7.7 KB). Without the
    probe the peak may lie at an earlier peak of the probe's lines (a later one only by the
    pool the probe's names opened). Returns the fields of the peak without the probe
    (E.heap_peak's)."""
    peak, probe = E.heap_peak(pico.lines)
    figure(name + "heap_in_use_peak_bytes", peak[0], "bytes", None)
    texts = [t for _, t in pico.lines]
    pools = {i: E.words(t.replace("=", " ").replace(",", " ")) for i, t in enumerate(texts)
             if t.startswith("qstr pool:")}
    if not pools:
        figure(name + "heap_in_use_peak_without_probe_bytes", peak[0] - probe, "bytes", None)
        return peak
    if not VOCABULARIES:
        VOCABULARIES.extend(mpy_names.vocabularies())
    # the pools' bytes (the names' strings apart) as each count of pools left them
    overhead = {w[1]: w[7] - w[5] for w in pools.values()}
    best = None
    for i, t in enumerate(texts):
        if t.startswith("EMU peak ") and i + 1 in pools:  # (each peak's names follow it)
            point = _without_probe(E.words(t), pools[i + 1], _names(texts, i + 2), probe,
                                   overhead)
            if best is None or point[0] > best[0]:
                best = point
    used, names, without, k, k0, where = best
    figure(name + "heap_in_use_peak_without_probe_bytes", used, "bytes", None)
    figure(name + "names_interned", names, "names", None)
    figure(name + "names_interned_without_probe", without, "names", None)
    figure(name + "names_pools", k, "pools", None)
    figure(name + "names_pools_without_probe", k0, "pools", None)
    return where


def _without_probe(peak, pool, names, probe, overhead):
    """A peak's heap without the probe's code and names and any pool those names opened:
    (bytes, names, names without the probe's, pools, pools without them, the peak)."""
    bundle, own = VOCABULARIES
    probe_names = [n for n in names if n in own and n not in bundle]
    without = len(names) - len(probe_names)
    k, k0 = pool[1], mpy_names.pools(without)
    opened = overhead[k] - overhead[k0] if k0 in overhead else 0
    return (peak[0] - probe - sum(len(n) + 1 for n in probe_names) - opened, len(names),
            without, k, k0, peak)


def _names(texts, i):
    """The names MicroPython's qstr_info(1) listed from line i on (a name may hold a line's
    end: its listing then spans two lines)."""
    out = []
    while i < len(texts) and texts[i].startswith("Q("):
        if i + 1 < len(texts) and texts[i + 1] == ")":  # (the name ends with a line's end)
            out.append(texts[i][2:] + "\n")
            i += 1
        else:
            out.append(texts[i][2:-1])
        i += 1
    return out


def hinted_game(img, variant):
    """A whole game against Hard (the siege: two, one in each role), the hint asked at each of
    the player's card steps, then played (A: its card chosen, A again at its stone); the
    pico and the hints' latencies (ns)."""
    pico = E.Pico(board=BOARD[0], flash_image=img)
    key = "DOWN" if variant == "siege" else "UP"
    try:
        pico.cmd("pause")
        play = E.Play(pico)
        play.state = tuple(E.words(pico.wait_line("EMU idle", 30000, since=0)[1]))
        for k in E.language_keys(LANG[0]) + new_game_keys("hard", variant):
            play.key(k, shot=False)
        latency = []
        for game in range(2 if variant == "siege" else 1):
            if game:
                play.key("A", shot=False)  # Rematch
            asked = False
            while E.plain_keys(play.state) is not None:
                if play.state[1:3] == (0, 0) and not asked:
                    seen = len(pico.lines)
                    pressed = pico.t
                    play.key(key, shot=False)
                    pushes = [t for t, text in pico.lines[seen:] if text.startswith("EMU push")]
                    latency.append(pushes[-1] - pressed)
                    asked = True
                    continue
                asked = asked and play.state[1] == 0
                for k in E.plain_keys(play.state):
                    play.key(k, shot=False)
        review = _review(play)
        problems = E.problems_in(pico.lines)
        if problems:
            raise RuntimeError("hints, %s: %s" % (variant, problems))
        return pico, latency, review
    finally:
        pico.close()


REVIEW_MS = 5000  # the round's end looked at this long between looks at its review


def _review(play):
    """At the match's end: the round's review found in the screen's spare frames (looked for
    every REVIEW_MS), then its first flagged move opened and left. The frames over 50 ms
    while it was found (us), the longest frames opening it and going back (None: it flagged
    no move, and said so: a player who took every hint played the computer's moves)."""
    pico = play.pico
    seen = len(pico.lines)
    for _ in range(24):
        pico.run(REVIEW_MS)
        for k in ("RIGHT", "RIGHT", "A"):  # (Rematch, Menu, Review)
            play.key(k, shot=False)
        if E.round_end(play.state[0]) and play.state[2]:  # (its note: no move flagged)
            return [w[0] for t, w in lines_since(pico, "EMU slow", seen)], None, None
        if not E.round_end(play.state[0]):
            break
        play.key("LEFT", shot=False)
        play.key("LEFT", shot=False)  # (back on Rematch)
    else:
        raise RuntimeError("no review after %d s" % (24 * REVIEW_MS // 1000))
    slow = [w[0] for t, w in lines_since(pico, "EMU slow", seen)]
    opened = play.spans[-1]
    play.key("B", shot=False)
    return slow, opened, play.spans[-1]


def hint_figures(img, heap_img, variants=VARIANTS):
    for v in variants:
        name = "hint_" if v == "classic" else v + "_hint_"
        _, latency, (slow, opened, back) = hinted_game(img, v)
        ms_ = [E.ms(x) for x in latency]
        figure(name + "latency_mean_ms", mean(ms_), "ms")
        figure(name + "latency_p95_ms", p95(ms_), "ms")
        print("hints (%s): %d, longest %.0f ms" % (v, len(ms_), max(ms_)), file=sys.stderr)
        review = "review_" if v == "classic" else v + "_review_"
        figure(review + "frames_over_50ms", len(slow), "frames", None)
        if slow:
            figure(review + "longest_frame_ms", max(slow) / 1000, "ms")
        if opened is not None:
            figure(review + "open_frame_ms", opened / 1000, "ms")
            figure(review + "back_frame_ms", back / 1000, "ms")
        pico, _, _ = hinted_game(heap_img, v)
        peak = heap_and_names(pico, name)
        print("heap peak with hints (%s): on %s" % (v, " ".join(
            str(x) for x in peak[1:])), file=sys.stderr)


# The screens outside a game, by keys from the title's menu: each opened, looked through, left.
TOUR = (["A", "B"],  # new game (the form)
        E.title_keys("Linked game") + ["DOWN", "A", "B"],  # join: waiting, given up
        E.title_keys("Claim checker") + ["RIGHT", "DOWN", "A"] * 4 + ["B"],  # cards set
        E.title_keys("Rules") + ["RIGHT"] * 13 + ["B"],  # every page
        E.title_keys("Settings") + ["B"],
        E.title_keys("Statistics") + ["B"])


def tour_figures(img):
    """The heap in use at its peak on the screens outside a game (collected after every
    frame): screens_heap_in_use_peak_bytes_emu, and each screen's on stderr."""
    pico = E.Pico(board=BOARD[0], flash_image=img)
    try:
        pico.cmd("pause")
        play = E.Play(pico)
        play.state = tuple(E.words(pico.wait_line("EMU idle", 30000, since=0)[1]))
        for k in E.language_keys(LANG[0]) + ["A"]:
            play.key(k, shot=False)
        for keys in TOUR:
            for k in keys:
                play.key(k, shot=False)
        problems = E.problems_in(pico.lines)
        if problems:
            raise RuntimeError("tour: %s" % problems)
    finally:
        pico.close()
    peaks = {}
    for t, w in lines(pico, "EMU peak"):
        peaks[w[1]] = max(peaks.get(w[1], 0), w[0])
    print("heap peaks: %s" % " ".join("%s %d" % kv for kv in sorted(peaks.items())),
          file=sys.stderr)
    figure("screens_heap_in_use_peak_bytes", max(peaks.values()), "bytes", None)


# --- the computer's thinking, off screen -------------------------------------------------------

def on_device(img, script, settings, echo=None):
    """Run `script` (tools/...) on the emulated Pico booted with B held (the game does not
    start), with `settings` (a dict) set first; returns its output lines."""
    from engine.ui import keys as K
    pico = E.Pico(board=BOARD[0], flash_image=img, keys=[K.B])
    try:
        pico.cmd("resume")
        with open(os.path.join(ROOT, script)) as f:
            text = "".join("%s = %r\n" % kv for kv in settings.items()) + f.read()
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
            f.write(text)
        out = pico.talk([sys.executable, "-m", "mpremote", "connect", pico.port, "resume",
                         "run", f.name], timeout=7200)
        os.unlink(f.name)
    finally:
        pico.close()
    if out.returncode or "done" not in out.stdout:
        raise RuntimeError("%s on the emulated Pico: %s%s" % (script, out.stdout[-2000:],
                                                              out.stderr[-2000:]))
    return out.stdout.splitlines()


def with_baselines(img):
    """The image with the tactical and siege baselines (sim/tactical_players.py,
    sim/siege_players.py) at the top level."""
    path = img[:-4] + "-baselines.bin"
    from engine.ui import keys as K
    pico = E.Pico(board=BOARD[0], flash_image=img, keys=[K.B])
    try:
        pico.cmd("resume")
        with tempfile.TemporaryDirectory() as d:
            for name in ("tactical_players", "siege_players"):
                mpy = os.path.join(d, name + ".mpy")
                build.compile_one("sim/%s.py" % name, mpy, "armv6m")
                done = pico.talk([sys.executable, "-m", "mpremote", "connect", pico.port,
                                  "resume", "fs", "cp", mpy, ":%s.mpy" % name], timeout=600)
                if done.returncode:
                    raise RuntimeError("copying the baselines failed: " + done.stderr)
        pico.cmd("pause")
        pico.save_flash(path)
    finally:
        pico.close()
    return path


def think_figures(img, games, jobs, variants=VARIANTS):
    img = with_baselines(img)
    runs = [(lv, v) for v in variants for lv in LEVELS]

    def one(run):
        lv, v = run
        out = on_device(img, "tools/emu_think.py", {"LEVEL": lv, "VARIANT": v,
                                                     "GAMES": games, "FIRST": 1})
        return [int(x) / 1000 for line in out if line.startswith("think ")
                for x in line.split()[1:]]
    with ThreadPoolExecutor(jobs) as ex:
        done = list(ex.map(one, runs))
    for (lv, v), ms in zip(runs, done):
        name = "ai_%s%s_think" % (lv, "" if v == "classic" else "_" + v)
        figure(name + "_mean_ms", mean(ms), "ms")
        figure(name + "_p95_ms", p95(ms), "ms")


def proof_figures(img):
    out = on_device(img, "tools/emu_proof.py", {"REPEAT": 20})
    rows = [[int(w) for w in line.split()[1:]] for line in out if line.startswith("proof ")]
    worst = max(rows, key=lambda r: r[2])
    print("siege proof: slowest at section %d, %s side" % (
        worst[0], "damaged" if worst[1] else "intact"))
    figure("siege_proof_worst_us", worst[2], "us")


def soak(img, games):
    """Hard against Hard on the device, saved every turn: no MemoryError, and the heap in use
    after the last game back where it was after the first."""
    out = on_device(img, "tools/emu_soak.py", {"GAMES": games})
    rows = [[int(w) for w in line.split()[1:]] for line in out if line.startswith("game ")]
    start = [int(line.split()[1]) for line in out if line.startswith("done ")][0]
    figure("soak_games", len(rows), "games", None)
    figure("soak_heap_in_use_before_bytes", start, "bytes", None)
    figure("soak_heap_in_use_after_first_bytes", rows[0][1], "bytes", None)
    figure("soak_heap_in_use_after_last_bytes", rows[-1][1], "bytes", None)
    figure("soak_heap_in_use_peak_bytes", max(r[2] for r in rows), "bytes", None)
    grew = rows[-1][1] - rows[0][1]
    print("soak: %s (the heap in use after the last game %+d bytes from after the first)"
          % ("held" if len(rows) == games and grew <= 256 else "FAILED", grew))
    return 0 if len(rows) == games and grew <= 256 else 1


def main(argv=None):
    ap = argparse.ArgumentParser(description="Figures measured on the emulated Pico.")
    ap.add_argument("--only", default="boot,play,flows,heap,hint,tour,think,proof")
    ap.add_argument("--games", type=int, default=None,
                    help="seeded games a level for think (default 10); games of the soak (20)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="emulated Picos at once (default 1: two at once have hung)")
    ap.add_argument("--soak", action="store_true")
    ap.add_argument("--variant", choices=VARIANTS, help="think, heap, hint: this variant only")
    ap.add_argument("--board", default=BOARD[0], help="default: pico_lcd_114")
    ap.add_argument("--lang", default="en", choices=("en", "ru", "uk", "hu"),
                    help="play, flows, heap: the screens' language (default en)")
    args = ap.parse_args(argv)
    LANG[0] = ("en", "ru", "uk", "hu").index(args.lang)
    if args.lang != "en":
        print("language: %s" % args.lang)
    missing = E.firmware_missing()
    if missing:
        print("bench-pico: skipped: " + missing)
        return 0
    if not os.path.exists(os.path.join(ROOT, "firmware", "boards", args.board + ".py")):
        print("bench-pico: no board %r in firmware/boards" % args.board, file=sys.stderr)
        return 2
    BOARD[0] = args.board
    if args.board != "pico_lcd_114":
        print("board: %s" % args.board)
    os.makedirs(OUT, exist_ok=True)
    parts = args.only.split(",")
    img = image("")
    if args.soak:
        return soak(img, args.games or 20)
    if "boot" in parts:
        boot(img)
    if "play" in parts:
        play_figures(img, args.jobs)
    if "flows" in parts:
        flow_figures(img, args.jobs)
    if "heap" in parts:
        heap_figures(image("collect,work,qstr,qstrs"), (args.variant,) if args.variant else VARIANTS)
    if "hint" in parts:
        hint_figures(img, image("collect,work,qstr,qstrs"),
                     (args.variant,) if args.variant else VARIANTS)
    if "tour" in parts:
        tour_figures(image("collect"))
    if "think" in parts:
        think_figures(img, args.games or 10, args.jobs,
                      (args.variant,) if args.variant else VARIANTS)
    if "proof" in parts:
        proof_figures(img)
    return 0


if __name__ == "__main__":
    sys.exit(main())
