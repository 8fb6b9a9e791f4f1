"""Set-up gives what the docs show: every `pip install` the README, the docs pages (docs/*.md),
CONTRIBUTING.md and the handheld's README tell a reader to type uses the clone's `.venv/bin/pip` and
names an extra that exists; `make run` installs the extras of the interfaces it opens (the handheld
and the terminal game's screen); `make test` installs the test extra, which holds every other
extra's packages, so after it every interface the docs describe works."""

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PIP = re.compile(r"([^\s`]*pip) install ([^`\n]*)")


def extras():
    with open(REPO / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["optional-dependencies"]


def name(requirement):
    return re.split(r"[<>=!~\[; ]", requirement, 1)[0].lower()


def docs():
    """Every page that tells a reader what to install."""
    return [REPO / "README.md", REPO / "CONTRIBUTING.md", REPO / "micropython" / "README.md"] + sorted(
        (REPO / "docs").glob("*.md"))


def test_every_pip_install_in_the_docs_uses_the_venv_pip_and_an_extra_that_exists():
    known = extras()
    found = 0
    for doc in docs():
        for m in PIP.finditer(doc.read_text()):
            pip, args = m.group(1), m.group(2).strip()
            if not args:
                continue                         # prose: "`pip install` with the rest of the metadata"
            found += 1
            assert pip == ".venv/bin/pip", "%s: %r must use .venv/bin/pip (a bare pip is not the venv's)" % (
                doc.name, m.group(0))
            wanted = re.fullmatch(r"-e '\.\[([\w,]+)\]'(\s.*)?", args)
            assert wanted, "%s: %r: install the clone's package with its extra: -e '.[EXTRA]'" % (doc.name, m.group(0))
            for extra in wanted.group(1).split(","):
                assert extra in known, "%s: %r names no extra of pyproject.toml" % (doc.name, m.group(0))
    assert found >= 6


def test_make_run_installs_the_interfaces_it_opens_and_make_test_installs_every_extra():
    known = extras()
    makefile = (REPO / "Makefile").read_text()
    run_extras = re.search(r"^RUN_EXTRAS := (.*)$", makefile, re.M).group(1).split(",")
    assert "-e '.[$(RUN_EXTRAS)]'" in makefile and "-e '.[test]'" in makefile
    assert {"board", "tui"} <= set(run_extras) <= set(known)
    test = {name(r) for r in known["test"]}
    for extra, requirements in known.items():
        for r in requirements:
            assert name(r) in test, "the %s extra's %s is missing from the test extra (make test)" % (extra, r)
