"""Timing and heap helpers for `make bench` (see shared BENCH.md). MicroPython and CPython.

Under the npm MicroPython the clock advances in whole milliseconds, so every figure is a
per-call average over >= 200 ms of repeated calls; one warm-up sample is discarded and the
median of 5 samples is returned.
"""
import gc
import time

from sim.bench.pico_ref import ref_work

PICO_REF_ROUND_US = 615  # one ref_work round on a real RP2040 at 125 MHz (BENCH.md)
REF_ROUNDS = 200  # ref_work rounds per timed call: ~3 ms under the npm MicroPython
SAMPLE_US = 200000  # minimum duration of one sample
SAMPLES = 5
PAIRED = 9  # samples of fn in pico_ms_of, each between two reference samples
GAMES = 1000  # at most this many seeded games a workload plays

if hasattr(time, "ticks_us"):
    now_us = time.ticks_us
    diff_us = time.ticks_diff  # type: ignore[attr-defined]
else:
    def now_us():
        return time.perf_counter_ns() // 1000

    def diff_us(a, b):
        return a - b


def _sample(fn):
    # Calls fn in batches (doubling while short) so the clock is read rarely.
    n = 0
    batch = 1
    t0 = now_us()
    while True:
        for _ in range(batch):
            fn()
        n += batch
        el = diff_us(now_us(), t0)
        if el >= SAMPLE_US:
            return el / n
        if el < SAMPLE_US // 4:
            batch *= 2


def measure_us(fn):
    """Median per-call time of fn() in microseconds (float), after one discarded warm-up."""
    _sample(fn)
    s = sorted(_sample(fn) for _ in range(SAMPLES))
    return s[SAMPLES // 2]


def ref_round_us():
    """Time of one ref_work round in microseconds, measured like measure_us."""
    return measure_us(lambda: ref_work(REF_ROUNDS)) / REF_ROUNDS


def _ref_call():
    ref_work(REF_ROUNDS)


def smoke():
    """One short sample a figure: `make test` runs every workload once this way (the figures
    are then rough; the point is that each still runs)."""
    global SAMPLE_US, SAMPLES, PAIRED, GAMES
    SAMPLE_US, SAMPLES, PAIRED, GAMES = 1, 1, 1, 1


def games(n):
    """How many of a workload's n seeded games to play (all, or the smoke run's one)."""
    return min(n, GAMES)


def pico_ms_of(fn, samples=None):
    """Pico estimate in ms of one fn() call. This machine's speed drifts by a third within a
    run, so samples of fn alternate with reference samples, each fn sample is divided by the
    mean of the reference samples on either side of it, and the median ratio is used."""
    samples = samples or PAIRED
    _sample(_ref_call)
    _sample(fn)
    ratios = []
    before = _sample(_ref_call)
    for _ in range(samples):
        took = _sample(fn)
        after = _sample(_ref_call)
        ratios.append(took * 2 * REF_ROUNDS / (before + after))
        before = after
    ratios.sort()
    return ratios[samples // 2] * PICO_REF_ROUND_US / 1000


def retained_bytes(fn):
    """(heap bytes still held after fn() returns, counting what its result keeps alive,
    fn's result). Garbage made on the way is collected first. None where gc.mem_alloc is
    missing (CPython)."""
    if not hasattr(gc, "mem_alloc"):
        return None, fn()
    gc.collect()
    before = gc.mem_alloc()
    r = fn()
    gc.collect()
    return gc.mem_alloc() - before, r
