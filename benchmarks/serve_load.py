"""The table server under load: one `eldritch serve` process on loopback with TABLES
tables of bot games at once, PEOPLE of them with a human-speed client (one person's seat, thinking
THINK seconds before each move), for SECONDS seconds. A finished game is replaced by a new table,
so the count stays the same. Reports the acknowledgement latency the people see (from sending a
move to its "ack": checked, made durable with fsync, applied), its percentiles, the moves the
server applied in all, and the machine's load average.

    .venv/bin/python benchmarks/serve_load.py                       # 200 tables, 20 people, 60 s
    .venv/bin/python benchmarks/serve_load.py --bot-delay 0.2 --seconds 30

Not a pass/fail test (timings on a shared machine are noisy): the figures go in benchmarks/README.md.
"""

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import websockets

from eldritch import games

REPO = Path(__file__).resolve().parents[1]
ERRORS: dict = {}                   # refusals the people got, by code
PLAYERS = {"stayaway": 4, "mansions": 3}                     # the others: two seats
GAMES = tuple((name, PLAYERS.get(name, 2)) for name in games.NAMES)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Api:
    def __init__(self, port, key):
        self.port, self.key = port, key

    def call(self, path, body=None):
        req = urllib.request.Request("http://127.0.0.1:%d/api/%s" % (self.port, path),
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": "Bearer " + self.key, "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read())


def walk(step, rng):
    while True:
        if step["kind"] == "toggle":
            return rng.choice(step["combos"])["action"]
        o = step["options"][rng.randrange(len(step["options"]))]
        if o["action"] is not None:
            return o["action"]
        step = o["then"]


async def person(api, port, n, think, stop_at, latencies, rng):
    """One human-speed client: a table with its seat a person, the rest bots; a new table when its
    game ends."""
    loop = asyncio.get_running_loop()
    while time.monotonic() < stop_at:
        game, players = GAMES[n % len(GAMES)]
        doc = await loop.run_in_executor(None, api.call, "tables",
                                         {"game": game, "players": players, "bots": list(range(1, players))})
        token = doc["seats"][0]["link"].split("#")[1]
        async with websockets.connect("ws://127.0.0.1:%d/ws" % port, max_size=None) as ws:
            await ws.send(json.dumps({"type": "join", "token": token}))
            sent = None
            acted = -1
            while time.monotonic() < stop_at:
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, stop_at - time.monotonic())))
                except asyncio.TimeoutError:
                    return
                if msg["type"] == "ack" and sent is not None:
                    latencies.append((sent, time.monotonic() - sent))
                    sent = None
                elif msg["type"] == "error":
                    ERRORS[msg["code"]] = ERRORS.get(msg["code"], 0) + 1
                    sent = None                     # a refusal is not an acknowledgement to time
                elif msg["type"] == "state":
                    if msg["over"]:
                        break
                    if msg["yours"] and msg["decision"] and msg["move"] != acted:
                        acted = msg["move"]
                        await asyncio.sleep(rng.uniform(*think))
                        sent = time.monotonic()
                        await ws.send(json.dumps({"type": "act", "move": msg["move"], "action": walk(msg["decision"], rng)}))


async def keep_bot_tables(api, count, stop_at):
    """Bot tables: `count` of them, a finished one replaced."""
    loop = asyncio.get_running_loop()
    made = 0
    while time.monotonic() < stop_at:
        tables = (await loop.run_in_executor(None, api.call, "tables"))["tables"]
        live = [t for t in tables if not t["over"] and all(s["bot"] for s in t["seats"])]
        for _ in range(count - len(live)):
            game, players = GAMES[made % len(GAMES)]
            made += 1
            await loop.run_in_executor(None, api.call, "tables",
                                       {"game": game, "players": players, "bots": list(range(players))})
        await asyncio.sleep(2)


def percentile(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    k = min(len(values) - 1, max(0, int(round(p / 100 * (len(values) - 1)))))
    return values[k]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--people", type=int, default=20)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--bot-delay", type=float, default=0.6)
    p.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0))
    p.add_argument("--state-dir", default=None)
    p.add_argument("--settle", type=float, default=20,
                   help="also report the latency of the moves sent after this many seconds (the tables made)")
    args = p.parse_args()
    import tempfile
    folder = args.state_dir or tempfile.mkdtemp(prefix="serve-load-")
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-m", "eldritch.cli", "serve", "--state-dir", folder, "--port", str(port),
                             "--bot-delay", str(args.bot_delay), "--quiet", "--max-tables", "100000"],
                            stdout=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline()
        api = Api(port, line.rsplit("#", 1)[1].strip())
        latencies = []
        load0 = os.getloadavg()
        cpu0 = _cpu(proc.pid)
        start = time.monotonic()

        async def run():
            stop_at = time.monotonic() + args.seconds
            rng = random.Random(28)
            await asyncio.gather(keep_bot_tables(api, args.tables - args.people, stop_at),
                                 *[person(api, port, n, args.think, stop_at, latencies, random.Random(rng.random()))
                                   for n in range(args.people)])
        asyncio.run(run())
        wall = time.monotonic() - start
        cpu = _cpu(proc.pid) - cpu0
        tables = api.call("tables")["tables"]
        moves = sum(t["move"] for t in tables)
        ms = [x * 1000 for _, x in latencies]
        settled = start + args.settle      # after the first tables are made (made one at a time)
        steady = [x * 1000 for at, x in latencies if at >= settled]
        print("tables %d (people %d), bot delay %.2f s, %.0f s: %d acknowledgements, %d moves applied in all "
              "(%.0f a second); server CPU %.0f%% of one core; load average before %.2f, after %.2f" % (
                  len(tables), args.people, args.bot_delay, wall, len(ms), moves, moves / wall, 100 * cpu / wall,
                  load0[0], os.getloadavg()[0]))
        print("refusals: %s" % (ERRORS or "none"))
        for label, values in (("all", ms), ("after the first %g s" % args.settle, steady)):
            print("ack latency ms, %s (%d): p50 %.1f  p90 %.1f  p99 %.1f  max %.1f" % (
                label, len(values), percentile(values, 50), percentile(values, 90), percentile(values, 99),
                max(values) if values else float("nan")))
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()


def _cpu(pid):
    with open("/proc/%d/stat" % pid) as f:
        parts = f.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    main()
