"""Before/after figures in one run: every suite of suites.py on this build's C core, on an older
build's C core, and on the pure-Python fallback, each in its own subprocess, one after the other.

    .venv/bin/python benchmarks/before_after.py --before /tmp/eldritch-before [--rounds 3]

--before is a directory holding an importable `eldritch` package of the older commit with its C
core built in place, e.g. (from the repository root):

    mkdir -p /tmp/eldritch-before/src && git archive <commit> | tar -x -C /tmp/eldritch-before/src
    cp -r /tmp/eldritch-before/src/host /tmp/eldritch-before/eldritch
    cp -r /tmp/eldritch-before/src/kernel /tmp/eldritch-before/eldritch/kernel
    (cd /tmp/eldritch-before/src && ../../../work/.../.venv/bin/python -c "import sys; \\
        sys.path.insert(0, 'host'); import _core_build as b; \\
        b.make_ffi('eldritch._core', root='/tmp/eldritch-before/src').compile(tmpdir='/tmp/eldritch-before')")

--fresh N adds the row "single-solves (fresh)": the four single solves as the first work of a new
process (after the imports and the card library), where the C core's workspace pages are faulted in
for the first time: N processes per build, the best of them (the fallback: one process).

Times are process CPU seconds (the best of --rounds; the fallback runs once on its suites), which a
busy shared machine disturbs less than wall time. Prints a Markdown table: seconds, pairs and ns
per pair before and after, the share of the time spent inside C, and C/fallback.
"""

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FRESH = "single-solves (fresh)"


def run_variant(kind, names, rounds):
    """In the subprocess: run the suites, print one JSON object."""
    sys.path.insert(0, HERE)
    import suites
    if kind == "python":
        from eldritch.kernel.eldersign.solver import Solver as make
    else:
        from eldritch.backend.cbackend import CSolver as make
    out = {}
    if names == ["fresh"]:
        # the first solves of this process: nothing ran before but the imports
        t0 = time.process_time()
        pairs, c_seconds = suites.single(make)
        out[FRESH] = {"seconds": time.process_time() - t0, "pairs": pairs, "c_seconds": c_seconds}
        print(json.dumps(out))
        return
    for name in names:
        fn, args, on_python = suites.SUITES[name]
        if kind == "python" and not on_python:
            continue
        best = None
        for _ in range(rounds if kind != "python" else 1):
            t0 = time.process_time()
            pairs, c_seconds = fn(make, *args)
            dt = time.process_time() - t0
            if best is None or dt < best[0]:
                best = (dt, pairs, c_seconds)
        out[name] = {"seconds": best[0], "pairs": best[1], "c_seconds": best[2]}
    print(json.dumps(out))


def spawn(kind, names, rounds, pythonpath=None):
    env = dict(os.environ)
    env.pop("ELDRITCH_CORE_DIR", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    proc = subprocess.run([sys.executable, __file__, "--variant-run", kind, "--rounds", str(rounds),
                           "--suites", ",".join(names)], capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise SystemExit("%s variant failed:\n%s" % (kind, proc.stderr[-3000:]))
    return json.loads(proc.stdout.strip().splitlines()[-1])


def spawn_fresh(kind, times, pythonpath=None):
    """The best of `times` fresh processes running the single solves first."""
    best = None
    for _ in range(times):
        got = spawn(kind, ["fresh"], 1, pythonpath)[FRESH]
        if best is None or got["seconds"] < best["seconds"]:
            best = got
    return {FRESH: best}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", help="directory with the older build's eldritch package")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--suites", default="")
    ap.add_argument("--no-python", action="store_true", help="skip the fallback (minutes)")
    ap.add_argument("--fresh", type=int, default=0, help="fresh processes per build for the "
                    "first-solve row (0: no such row)")
    ap.add_argument("--variant-run", choices=("c", "python"))
    args = ap.parse_args()
    sys.path.insert(0, HERE)
    import suites
    names = [n for n in args.suites.split(",") if n] or list(suites.SUITES)
    if args.variant_run:
        run_variant(args.variant_run, names, args.rounds)
        return
    after = spawn("c", names, args.rounds)
    before = spawn("c", names, args.rounds, args.before) if args.before else {}
    python = {} if args.no_python else spawn("python", names, 1)
    if args.fresh:
        names.append(FRESH)
        after.update(spawn_fresh("c", args.fresh))
        if args.before:
            before.update(spawn_fresh("c", args.fresh, args.before))
        if not args.no_python:
            python.update(spawn_fresh("python", 1))
    print("| suite | before s | after s | pairs before | pairs after | ns/pair before | ns/pair after "
          "| after: in C | fallback s | C/fallback |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in names:
        a = after.get(name)
        b = before.get(name)
        p = python.get(name)
        cells = [name]
        cells.append("%.3f" % b["seconds"] if b else "")
        cells.append("%.3f" % a["seconds"])
        cells.append("{:,}".format(b["pairs"]) if b else "")
        cells.append("{:,}".format(a["pairs"]))
        cells.append("%.0f" % (b["seconds"] / b["pairs"] * 1e9) if b else "")
        cells.append("%.0f" % (a["seconds"] / a["pairs"] * 1e9))
        cells.append("%d%%" % round(100 * a["c_seconds"] / a["seconds"]) if a["seconds"] else "")
        cells.append("%.2f" % p["seconds"] if p else "")
        cells.append("%.0fx" % (p["seconds"] / a["seconds"]) if p else "")
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
