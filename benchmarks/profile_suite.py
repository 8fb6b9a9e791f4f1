"""Run one suite of suites.py once on the C core, for profiling with callgrind (instruction counts
are stable on a busy machine, unlike times):

    valgrind --tool=callgrind --callgrind-out-file=cg.out \\
        .venv/bin/python benchmarks/profile_suite.py core65-focus0
    callgrind_annotate cg.out | head -40

`--startup` runs only the imports and the card library load, to subtract their instructions.
Prints the pairs of the work counter.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import suites  # noqa: E402


def main():
    if sys.argv[1:] == ["--startup"]:
        from eldritch.cbackend import CSolver  # noqa: F401
        print([a.card() for a in suites.CORE_OW][0])
        return
    from eldritch.cbackend import CSolver
    fn, args, _ = suites.SUITES[sys.argv[1]]
    pairs, _c = fn(CSolver, *args)
    print(pairs)


if __name__ == "__main__":
    main()
