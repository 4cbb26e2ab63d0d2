"""`make bench`: node tools/mprun.mjs sim/bench/run.py [--smoke] [NAME-FILTER...]

Prints the calibration line, then `name: value unit` for each workload in
sim/bench/workloads.py (WORKLOADS: list of (name, unit, fn); fn() -> number). Each time
figure pairs its samples with reference samples taken between them (timing.pico_ms_of).
"""
import sys

from sim.bench import timing
from sim.bench.timing import ref_round_us
from sim.bench.workloads import WORKLOADS


def _fmt(v):
    return "%.3f" % v if isinstance(v, float) else str(v)


def main(filters):
    print("ref_round_us_wasm: %s us" % _fmt(ref_round_us()))
    for name, unit, fn in WORKLOADS:
        if filters and not any(f in name for f in filters):
            continue
        print("%s: %s %s" % (name, _fmt(fn()), unit))


if __name__ == "__main__":
    if "--smoke" in sys.argv:  # every workload once, quickly (`make test`)
        timing.smoke()
    main([a for a in sys.argv[1:] if a != "--smoke"])
