"""What a typed line asks for, in both faces (the plain prompt and the Textual command line):

    parse_command("3", n=5, depth=0)      # ("pick", 2)
    parse_command("", 5, 0)               # ("default",): Enter takes the advised option
    parse_command("0", 5, 1)              # ("back",)
    parse_command("save ~/g.sav", 5, 0)   # ("save", "~/g.sav")
    parse_command("x", 5, 0)              # ("error", one line)

Numbers are ASCII digits only ("²" and "١" pass str.isdigit() and are refused); a line is at most
MAX_LINE characters; every error is one line.
"""

from __future__ import annotations

from eldritch.kernel.numbers import is_count

MAX_LINE = 1000
COMMANDS_HELP = ("a number chooses (0 goes back); Enter takes the default (marked *); "
                 "save PATH, board, log, hint, help, quit")
WORDS = {"board": "board", "b": "board", "view": "board", "table": "board", "log": "log", "l": "log",
         "hint": "hint", "h": "hint", "?": "hint", "help": "help", "quit": "quit", "q": "quit",
         "exit": "quit", "back": "back"}


def parse_command(line: str, n: int, depth: int = 0):
    """See the module docstring: ('pick', i), ('default',), ('back',), ('save', path), ('board',),
    ('log',), ('hint',), ('help',), ('quit',) or ('error', one line)."""
    if len(line) > MAX_LINE:
        return ("error", "that line is too long: type a number 1 to %d" % n)
    text = line.strip()
    if text == "":
        return ("default",)
    if text.isascii() and text.isdigit():
        if text == "0" and depth > 0:
            return ("back",)
        if is_count(text) and 1 <= int(text) <= n:
            return ("pick", int(text) - 1)
        return ("error", "no choice %s: type a number 1 to %d" % (text[:12], n))
    word = text.split(None, 1)
    head = word[0].lower()
    if head == "save":
        if len(word) == 1:
            return ("error", "save needs a file name: save PATH")
        return ("save", word[1])
    if len(word) == 1 and head in WORDS:
        kind = WORDS[head]
        if kind == "back" and depth == 0:
            return ("error", "nothing to go back to: this is the first step of the decision")
        return (kind,)
    shown = text[:20].encode("ascii", "backslashreplace").decode("ascii")
    return ("error", "'%s%s' is not a choice: %s" % (shown, "..." if len(text) > 20 else "",
                                                      COMMANDS_HELP.replace("a number", "a number 1 to %d" % n)))
