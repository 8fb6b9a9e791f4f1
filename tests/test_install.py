"""A clean install: `pip install -e .` prints no setuptools warning, and a wheel (the
non-editable install) carries the table server's pages.

Each test builds a copy of the project's files (git's list of them, else the folders the build
reads) with a fresh virtual environment's interpreter, driven by this environment's pip (`pip
--python`, the pip the Makefile installs: recent pips show the build backend's warnings), with build
isolation as a newcomer's `pip install -e .` has it: setuptools comes from PyPI or pip's cache, and
when neither can be reached the test skips saying so. Nothing is written into the checkout.

setup.py silences one setuptools notice, which warns of a folder named eldritch/ in the project
folder shadowing the package; the last test checks that no such folder exists.
"""

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
BUILD_FILES = ("host", "kernel", "csrc", "setup.py", "pyproject.toml", "README.md", "LICENSE")
OFFLINE = ("No matching distribution found", "Could not find a version that satisfies", "Failed to establish",
           "Temporary failure in name resolution", "Network is unreachable")


def project_copy(dest: Path) -> Path:
    """The files a build reads, copied to dest (git's tracked files when this is a checkout)."""
    dest.mkdir()
    try:
        listed = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z", "--"] + list(BUILD_FILES),
                                capture_output=True, check=True, timeout=60).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired):
        listed = []
    files = [f for f in listed if f and (REPO / f).is_file()]
    if files:
        for f in files:
            (dest / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / f, dest / f)
    else:
        for name in BUILD_FILES:
            src = REPO / name
            if src.is_dir():
                shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"))
            elif src.exists():
                shutil.copy2(src, dest / name)
    return dest


def fresh_python(where: Path) -> Path:
    venv.EnvBuilder(with_pip=False).create(where)
    return where / "bin" / "python"


def pip(python: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1")
    env.pop("PYTHONPATH", None)
    proc = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), *args], cwd=str(cwd),
                          capture_output=True, text=True, timeout=900, env=env)
    out = proc.stdout + proc.stderr
    if proc.returncode != 0 and any(m in out for m in OFFLINE):
        pytest.skip("setuptools for the isolated build could not be fetched (no PyPI, no pip cache): %s"
                    % out.strip().splitlines()[-1][:200])
    assert proc.returncode == 0, out[-3000:]
    return proc


def setuptools_warnings(out: str) -> list:
    """The lines of a build's output that are setuptools' warnings (pip's own 'WARNING:' lines about
    this machine's index configuration are not)."""
    return [line for line in out.splitlines() if "Warning" in line or line.strip() == "!!"]


@pytest.mark.slow
def test_pip_install_editable_prints_no_setuptools_warning(tmp_path):
    src = project_copy(tmp_path / "src")
    python = fresh_python(tmp_path / "venv")
    proc = pip(python, "install", "--no-deps", "-e", str(src), cwd=tmp_path)
    out = proc.stdout + proc.stderr
    assert setuptools_warnings(out) == [], out[-3000:]
    check = subprocess.run([str(python), "-c", "import eldritch, eldritch.kernel.prng, eldritch.serve.messages; "
                            "print(eldritch.__file__)"], capture_output=True, text=True, timeout=120, cwd=str(tmp_path))
    assert check.returncode == 0 and check.stdout.strip() == str(src / "host" / "__init__.py"), check.stderr[-2000:]


@pytest.mark.slow
def test_a_wheel_carries_the_server_s_pages_and_the_card_data(tmp_path):
    src = project_copy(tmp_path / "src")
    python = fresh_python(tmp_path / "venv")
    dist = tmp_path / "dist"
    proc = pip(python, "wheel", "--no-deps", "-w", str(dist), str(src), cwd=tmp_path)
    assert setuptools_warnings(proc.stdout + proc.stderr) == []
    wheels = list(dist.glob("eldritch-*.whl"))
    assert len(wheels) == 1
    names = set(zipfile.ZipFile(wheels[0]).namelist())
    static = sorted(p.name for p in (REPO / "host" / "serve" / "static").iterdir() if p.is_file())
    assert static and all("eldritch/serve/static/%s" % name in names for name in static), static
    assert "eldritch/kernel/eldersign/data/adventures.tsv" in names and "eldritch/serve/app.py" in names


def test_no_folder_shadows_the_package():
    """The one notice setup.py silences is about this: a folder named like the package beside it."""
    assert not (REPO / "eldritch").exists()
