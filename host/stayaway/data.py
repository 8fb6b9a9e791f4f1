"""Regenerate kernel/stayaway/data/deck.tsv from ../shared/data/stayaway-deck.csv (row for row).

    python -m eldritch.stayaway.data [--check] [--csv PATH]

The CSV's columns card, kind, numbers, effect become tab-separated fields; `--check` exits 1 when
the committed file differs from what would be written.
"""

import argparse
import csv
import io
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TSV = REPO / "kernel" / "stayaway" / "data" / "deck.tsv"
CSV = REPO.parent / "shared" / "data" / "stayaway-deck.csv"
HEADER = ("card", "kind", "numbers", "effect")


def convert(csv_text: str) -> str:
    rows = list(csv.DictReader(io.StringIO(csv_text)))
    out = ["\t".join(HEADER)]
    for r in rows:
        fields = [r[h] for h in HEADER]
        if any("\t" in f or "\n" in f for f in fields):
            raise ValueError("a field holds a tab or a line break: %r" % (fields,))
        out.append("\t".join(fields))
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Write kernel/stayaway/data/deck.tsv from the shared deck CSV.")
    p.add_argument("--csv", default=str(CSV), help="the deck list (default ../shared/data/stayaway-deck.csv)")
    p.add_argument("--check", action="store_true", help="exit 1 when deck.tsv is stale")
    args = p.parse_args(argv)
    try:
        text = convert(Path(args.csv).read_text(encoding="utf-8"))
    except OSError as exc:
        sys.stderr.write("stayaway_data: cannot read %s: %s\n" % (args.csv, exc.strerror))
        return 2
    if args.check:
        same = TSV.exists() and TSV.read_text(encoding="utf-8") == text
        print("deck.tsv is %s" % ("up to date" if same else "stale"))
        return 0 if same else 1
    TSV.write_text(text, encoding="utf-8")
    print("wrote %s (%d cards lines)" % (TSV, text.count("\n") - 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
