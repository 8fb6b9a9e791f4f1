"""Run one suite of suites.py once on the C core, for profiling with callgrind (instruction counts
are stable on a busy machine, unlike times):

    valgrind --tool=callgrind --callgrind-out-file=cg.out \\
        .venv/bin/python benchmarks/profile_suite.py core65-focus0
    callgrind_annotate cg.out | head -40

`--startup` runs only the imports and the card library load, to subtract their instructions.
Prints the pairs of the work counter. `--time` also prints the suite's process CPU seconds: one
fresh process per run, which is how the 65-card spells+clues table is timed, alternating two builds:

    .venv/bin/python benchmarks/profile_suite.py --time core65-7gyr-f1s1c1
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import suites  # noqa: E402


def main():
    if sys.argv[1:] == ["--startup"]:
        from eldritch.backend.cbackend import CSolver  # noqa: F401
        print([a.card() for a in suites.CORE_OW][0])
        return
    timed = "--time" in sys.argv[1:]
    names = [a for a in sys.argv[1:] if a != "--time"]
    from eldritch.backend.cbackend import CSolver
    fn, args, _ = suites.SUITES[names[0]]
    t0 = time.process_time()
    pairs, _c = fn(CSolver, *args)
    seconds = time.process_time() - t0
    print("%d pairs, %.2f s CPU" % (pairs, seconds) if timed else pairs)


if __name__ == "__main__":
    main()
