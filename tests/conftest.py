"""Shared fixtures: every backend-dependent test runs once per backend (like pyrsistent's suite).

With ELDRITCH_REQUIRE_C=1 (set by `make test`) a missing C core is an error, not a skip, so CI
cannot pass on the fallback alone. ELDRITCH_TEST_BACKENDS=c (set by `make check`) runs the
backend-dependent tests on the listed backends only (default: python,c).
"""

import os
import sys
from pathlib import Path

import pytest

from eldritch.backend import get_backend, available

REPO = Path(__file__).resolve().parents[1]
MICROPYTHON = Path(sys.executable).parent / "micropython"


def _backend_params():
    names = available()
    if "c" not in names and os.environ.get("ELDRITCH_REQUIRE_C") == "1":
        raise RuntimeError("ELDRITCH_REQUIRE_C=1 but the C core is not built")
    wanted = os.environ.get("ELDRITCH_TEST_BACKENDS", "python,c").split(",")
    return [name for name in ("python", "c") if name in wanted]


@pytest.fixture(params=_backend_params())
def backend(request):
    if request.param not in available():
        pytest.skip("C core not built")
    return get_backend(request.param)


@pytest.fixture
def run_micropython(tmp_path):
    """Run a script under the MicroPython unix port with the repo root on sys.path; stdout lines."""
    import subprocess

    def run(body, expect_ok=True):
        script = tmp_path / "mp_script.py"
        script.write_text("import sys\nsys.path.insert(0, %r)\n%s\n" % (str(REPO), body))
        proc = subprocess.run([str(MICROPYTHON), str(script)], capture_output=True, text=True,
                              timeout=600)
        if expect_ok and proc.returncode != 0:
            raise AssertionError("micropython failed:\n" + proc.stdout + proc.stderr)
        return proc.stdout.splitlines()
    return run
