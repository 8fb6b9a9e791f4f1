"""The docs a newcomer finds: README.md is a front page of at most 200 lines that links into docs/;
LICENSE, CHANGELOG.md and CONTRIBUTING.md exist; every relative link in README.md, CONTRIBUTING.md,
CHANGELOG.md and docs/*.md points to a file that exists, and an anchor (`page.md#heading`) to a
heading of that page, named as GitHub names it."""

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")          # [text](target), not images
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def pages():
    return [REPO / "README.md", REPO / "CONTRIBUTING.md", REPO / "CHANGELOG.md"] + sorted(
        (REPO / "docs").glob("*.md"))


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped but - and _, spaces as -."""
    text = re.sub(r"`|\*\*|\*", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path):
    """Every heading's anchor in a Markdown file (a repeated heading gets -1, -2, ... as on GitHub)."""
    seen = {}
    found = set()
    for line in FENCE.sub("", path.read_text()).splitlines():
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            base = slug(m.group(1))
            n = seen.get(base, 0)
            found.add(base if n == 0 else "%s-%d" % (base, n))
            seen[base] = n + 1
    return found


def links(path):
    """The relative links of a Markdown file (outside code blocks): (target, anchor or None)."""
    for target in LINK.findall(FENCE.sub("", path.read_text())):
        if re.match(r"[a-z]+:", target):                      # http:, https:, mailto:
            continue
        file, _, anchor = target.partition("#")
        yield file, anchor or None


def broken_links(path):
    """Each relative link of `path` whose file or heading is missing, in words."""
    broken = []
    for file, anchor in links(path):
        target = (path.parent / file).resolve() if file else path
        if not target.exists():
            broken.append("%s: %s does not exist" % (path.name, file))
        elif anchor and target.suffix == ".md" and anchor not in anchors(target):
            broken.append("%s: %s has no heading #%s" % (path.name, file or path.name, anchor))
    return broken


def test_the_readme_is_a_front_page_of_at_most_200_lines():
    assert len((REPO / "README.md").read_text().splitlines()) <= 200


def test_license_changelog_and_contributing_exist():
    for name in ("LICENSE", "CHANGELOG.md", "CONTRIBUTING.md"):
        assert (REPO / name).is_file(), name


def test_the_readme_links_into_docs():
    targets = {file for file, _ in links(REPO / "README.md")}
    assert "docs/README.md" in targets and "docs/architecture.md" in targets
    for name in ("CONTRIBUTING.md", "CHANGELOG.md", "LICENSE", "benchmarks/README.md", "micropython/README.md"):
        assert name in targets, name


def test_every_docs_page_is_in_the_index():
    index = {file for file, _ in links(REPO / "docs" / "README.md")}
    for page in (REPO / "docs").glob("*.md"):
        assert page.name == "README.md" or page.name in index, page.name


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_points_to_a_file_and_heading_that_exist(page):
    assert broken_links(page) == []


def test_a_broken_link_or_anchor_is_caught(tmp_path):
    (tmp_path / "there.md").write_text("# Title\n\n## A `code` heading: with punctuation!\n")
    page = tmp_path / "page.md"
    page.write_text("[ok](there.md) [ok](there.md#a-code-heading-with-punctuation) [ok](#mine)\n"
                    "# Mine\n[gone](missing.md) [no heading](there.md#nothing) [web](https://example.com/x)\n"
                    "```\n[in code](not-a-link.md)\n```\n")
    assert broken_links(page) == ["page.md: missing.md does not exist",
                                  "page.md: there.md has no heading #nothing"]
