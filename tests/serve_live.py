"""A live `eldritch serve` for the tests that need a real server on loopback (the protocol fuzz, the
connection flood): a subprocess on a port of its own choosing, its stderr (the server's log) kept in
a file the test reads at the end, the host's API called over HTTP.

    with LiveServer(folder, file_limit=1024) as server:
        doc = server.api("tables", {"game": "stayaway", "players": 4, "bots": [1, 2, 3]})
        ...
        assert "Traceback" not in server.log()
"""

import json
import os
import select
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


class LiveServer:
    def __init__(self, folder, *extra, file_limit=None):
        self.folder = Path(folder)
        self.extra = [str(x) for x in extra]
        self.file_limit = file_limit
        self.proc = None
        self.port = None
        self.key = None
        self.log_path = self.folder.parent / (self.folder.name + "-server.log")

    def _limit(self):                             # in the server's child process, before exec
        if self.file_limit is not None:
            import resource
            resource.setrlimit(resource.RLIMIT_NOFILE, (self.file_limit, self.file_limit))

    def __enter__(self):
        env = dict(os.environ, PYTHONPATH=str(REPO))
        self.log_file = open(self.log_path, "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "eldritch.cli", "serve", "--state-dir", str(self.folder),
                                      "--port", "0", "--quiet"] + self.extra,
                                     stdout=subprocess.PIPE, stderr=self.log_file, text=True, env=env,
                                     preexec_fn=self._limit)
        ready, _, _ = select.select([self.proc.stdout], [], [], 120)
        line = self.proc.stdout.readline() if ready else ""
        if not line.startswith("ready "):
            self.stop()
            raise AssertionError("the server did not start: %r %s" % (line, self.log()[-2000:]))
        url, self.key = line.split()[1].split("/host#")
        self.port = int(url.rsplit(":", 1)[1])
        return self

    def __exit__(self, *exc):
        self.stop()

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)
        if self.proc is not None:
            self.proc.stdout.close()
        if not self.log_file.closed:
            self.log_file.close()

    def log(self) -> str:
        self.log_file.flush()
        return self.log_path.read_text(errors="replace")

    def url(self, path=""):
        return "http://127.0.0.1:%d/%s" % (self.port, path)

    def ws_url(self):
        return "ws://127.0.0.1:%d/ws" % self.port

    def api(self, path, body=None, timeout=60):
        req = urllib.request.Request(self.url("api/" + path), data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": "Bearer " + self.key, "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return json.loads(r.read())
