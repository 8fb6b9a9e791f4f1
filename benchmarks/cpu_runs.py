"""CPU time (user + system) of a command run N times as a child process: min, median, max.

    python benchmarks/cpu_runs.py 20 .venv/bin/eldritch table --set core --set other --focus 0
"""

import resource
import statistics
import subprocess
import sys


def main(argv):
    n, cmd = int(argv[0]), argv[1:]
    xs = []
    for _ in range(n):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        xs.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    xs.sort()
    print("min %.4f median %.4f max %.4f (n=%d)" % (xs[0], statistics.median(xs), xs[-1], n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
