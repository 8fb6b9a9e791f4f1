"""`eldritch mansions check DIR` and `eldritch mansions template DIR`: a story folder checked line by
line, and a small valid story to start one from.

    eldritch mansions template my_story       # a new folder: the template story, every field shown
    eldritch mansions check my_story          # each problem one line (file, line, field), or a summary
    eldritch mansions check my_story --json   # {"ok": ..., "problems": [...], "summary": {...}}

`check` reads the folder with the kernel's own loader (kernel/mansions/game/story.py) collecting every
problem rather than stopping at the first: each is one line on stderr naming the file, the line and
the field, and the exit code is 2. A story that passes gets a summary of what it holds on stdout.
The schema: kernel/mansions/data/README.md.
"""

import json
import os
import re

from eldritch.kernel.errors import KernelError
from eldritch.kernel.mansions.game.story import Story, story_folder, FILES, OPTIONAL_FILES
from eldritch.kernel.mansions.game.consts import CLASSES, CARD_KINDS, W_HIDING, W_BARRIER
from eldritch.saves.atomic import shown

CHECK_EPILOG = """examples:
  eldritch mansions check demo                 the demonstration story, summarised
  eldritch mansions check my_story             each problem one line: FILE line N, field F: what is wrong
  eldritch mansions check my_story --json      for scripts: ok, problems (file, line, field), summary
A story folder holds the tab-separated files of kernel/mansions/data/README.md; `eldritch mansions
template DIR` writes a small valid one to start from. A story that passes plays with
`eldritch mansions play --story DIR`."""

TEMPLATE_EPILOG = """examples:
  eldritch mansions template my_story          then edit its files and: eldritch mansions check my_story
The template is a small story that loads and plays; the '#' lines above each file's header name every
field, with a one-line example of each (remove the '#' to use one)."""

_PLACE = re.compile(r"^(\S+) line (\d+)(?:, field (\S+))?: (.*)$")


def add_parsers(msub, formatter):
    """The `check` and `template` sub-commands on the mansions subparsers."""
    ck = msub.add_parser("check", help="check a story folder (every problem: file, line, field)",
                         description="Load a story folder with every check the game makes, reporting each "
                                     "problem on its own line (file, line, field), or a summary.",
                         epilog=CHECK_EPILOG, formatter_class=formatter)
    ck.add_argument("folder", help="a story folder (or the name of a story under kernel/mansions/data)")
    ck.add_argument("--json", action="store_true", help="print one JSON object")
    tp = msub.add_parser("template", help="write a small valid story into a new folder, to fill in",
                         description="Write the template story (every file, every field shown with an "
                                     "example) into FOLDER, a new or empty folder.",
                         epilog=TEMPLATE_EPILOG, formatter_class=formatter)
    tp.add_argument("folder", help="a new folder, or an empty one")


# ----- check -------------------------------------------------------------------------------------------

def problem_fields(text):
    """A problem's line as a dict: file, line (0: the file as a whole), field ('' when none), message."""
    m = _PLACE.match(text)
    if m:
        return {"file": m.group(1), "line": int(m.group(2)), "field": m.group(3) or "", "message": m.group(4),
                "text": text}
    file, _, message = text.partition(": ")
    return {"file": file if file.endswith(".tsv") else "", "line": 0, "field": "", "message": message or text,
            "text": text}


def story_argument(name):
    """A --story or check argument as the kernel takes it: a folder that exists here is a path (even
    without a '/'), else the name of a story under kernel/mansions/data."""
    if not name.strip():
        raise KernelError("option", "give a story: a folder of story files, or the name of a story shipped "
                                    "with Eldritch (e.g. 'demo')")
    if "/" not in name and "\\" not in name and os.path.isdir(name):
        return os.path.join(".", name)
    return name


def cmd_check(args):
    name = story_argument(args.folder)
    if not os.path.isdir(story_folder(name)):
        raise KernelError("option", "%s is not a story folder" % shown(args.folder))
    if not os.path.isfile(os.path.join(story_folder(name), "story.tsv")):
        raise KernelError("option", "%s is not a story folder: it has no story.tsv (`eldritch mansions template "
                                    "DIR` writes a story to start from)" % shown(args.folder))
    story = Story(name, collect=True)
    problems = story.problems
    if args.json:
        print(json.dumps({"folder": args.folder, "ok": not problems,
                          "problems": [problem_fields(p) for p in problems],
                          "summary": None if problems else summary(story)}))
        return 2 if problems else 0
    if problems:
        import sys
        for p in problems:
            sys.stderr.write("%s: %s\n" % (shown(args.folder), p))
        return 2
    for line in summary_lines(args.folder, summary(story)):
        print(line)
    return 0


def summary(story):
    """What a story that passed holds, as a dict of counts."""
    kinds = {}
    for k in range(len(CARD_KINDS)):
        kinds[CARD_KINDS[k]] = sum(1 for c in range(story.ncards) if story.card_kind[c] == k)
    decks = {}
    for k in range(len(CLASSES)):
        decks[CLASSES[k]] = story.class_count[k]
    return {"name": story.name, "title": story.title, "spaces": story.nspaces, "rooms": story.nrooms,
            "doors": story.ndoors, "sealed_doors": sum(story.door_sealed), "cards": story.ncards,
            "card_kinds": kinds, "spell_decks": story.ndecks, "monster_types": story.ntypes,
            "monsters": sum(story.type_count), "combat_cards": story.ncombat, "combat_decks": decks,
            "hiding_cards": sum(1 for w in story.cb_against if w == W_HIDING),
            "barrier_cards": sum(1 for w in story.cb_against if w == W_BARRIER),
            "event_cards": story.nrows, "event_stages": story.nevents, "keeper_cards": story.nkcards,
            "mythos_cards": story.nmythos, "trauma_cards": story.ntrauma, "investigators": story.ninv,
            "traits": story.ntraits, "guide_questions": story.nquestions, "flags": story.nflags,
            "players": [2, story.max_players]}


def _n(count, word):
    """'1 spell deck', '2 spell decks'."""
    return "%d %s%s" % (count, word, "" if count == 1 else "s")


def summary_lines(folder, s):
    k = s["card_kinds"]
    decks = ", ".join("%s %d" % (c, s["combat_decks"][c]) for c in CLASSES if s["combat_decks"][c])
    return [
        "%s: %s - %s in %s, %s (%d sealed); %s (%d exploration, %s, %s, %s, %s in %s)" % (
            folder, s["title"], _n(s["spaces"], "space"), _n(s["rooms"], "room"), _n(s["doors"], "door"),
            s["sealed_doors"], _n(s["cards"], "card"), k["exploration"], _n(k["obstacle"], "obstacle"),
            _n(k["lock"], "lock"), _n(k["item"], "starting item"), _n(k["spell"], "spell"),
            _n(s["spell_decks"], "spell deck")),
        "  %s (%s); %s (%s; %d against hiding, %d against barriers); %s in %s; %d keeper action, %d "
        "mythos and %d trauma cards" % (
            _n(s["monster_types"], "monster type"), _n(s["monsters"], "figure"), _n(s["combat_cards"], "combat card"),
            decks, s["hiding_cards"], s["barrier_cards"], _n(s["event_cards"], "event card"),
            _n(s["event_stages"], "stage"), s["keeper_cards"], s["mythos_cards"], s["trauma_cards"]),
        "  %s with %s, %s, %s, players %d-%d; every space reachable, the clues numbered under every "
        "answer, every class deck answering every attack" % (
            _n(s["investigators"], "investigator"), _n(s["traits"], "trait"),
            _n(s["guide_questions"], "guide question"), _n(s["flags"], "story flag"), s["players"][0],
            s["players"][1]),
    ]


# ----- template ----------------------------------------------------------------------------------------

def cmd_template(args):
    """Copy the template story's files into a new (or empty) folder; never overwrite a file."""
    src = story_folder("template")
    dest = args.folder
    if os.path.exists(dest) and (not os.path.isdir(dest) or os.listdir(dest)):
        raise KernelError("option", "%s exists and is not an empty folder: give a new one" % shown(dest))
    names = [n for n in FILES + OPTIONAL_FILES if os.path.exists(os.path.join(src, n))]
    try:
        os.makedirs(dest, exist_ok=True)
        for name in names:
            with open(os.path.join(src, name), encoding="utf-8") as f:
                text = f.read()
            with open(os.path.join(dest, name), "x", encoding="utf-8") as f:
                f.write(text)
    except OSError as exc:
        raise KernelError("option", "cannot write the template into %s: %s" % (shown(dest), exc.strerror or exc))
    folder = shown(dest)
    print("%s: %d files of a small story that plays, every field shown in its '#' lines with an example "
          "(schema: kernel/mansions/data/README.md); then: eldritch mansions check %s" % (folder, len(names), folder))
    return 0
