"""Where a sealed save's passphrase comes from: a prompt that does not echo, or a file descriptor.

    words = from_fd(3)                              # --passphrase-fd 3: one line read from fd 3
    words = prompt("passphrase for the table: ")    # getpass on the terminal
    words = obtain(fd, "passphrase: ", confirm=True)

Never from the command line: argv shows in `ps` and /proc/PID/cmdline to every user of the
machine. A script passes it on a descriptor: `eldritch stayaway --load g.sav --passphrase-fd 3
3< words.txt`, or `--passphrase-fd 0` with the words on the first line of stdin. Every failure is
a one-line SaveError.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys

from eldritch.saves.atomic import SaveError

MAX_BYTES = 1024


def from_fd(fd: int) -> str:
    """The first line read from descriptor fd (without its line end); SaveError when there is none."""
    if fd < 0:
        raise SaveError("--passphrase-fd: %d is not a file descriptor" % fd)
    data = bytearray()
    try:
        while len(data) <= MAX_BYTES and b"\n" not in data:
            chunk = os.read(fd, 1)           # a byte at a time: what follows the line stays unread
            if not chunk:
                break
            data.extend(chunk)
    except OSError as exc:
        raise SaveError("--passphrase-fd %d: cannot read it (%s)" % (fd, (exc.strerror or "error").lower()))
    if len(data) > MAX_BYTES:
        raise SaveError("--passphrase-fd %d: the passphrase is longer than %d bytes" % (fd, MAX_BYTES))
    line = bytes(data).split(b"\n", 1)[0].rstrip(b"\r")
    try:
        words = line.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("--passphrase-fd %d: the passphrase is not UTF-8 text" % fd)
    if not words:
        raise SaveError("--passphrase-fd %d: no passphrase on it (an empty line)" % fd)
    return words


def prompt(question: str, confirm: bool = False) -> str:
    """The passphrase typed at the terminal (not echoed); twice when confirm (a new table's)."""
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        raise SaveError("a sealed save needs its passphrase: run at a terminal or give --passphrase-fd N")
    try:
        words = getpass.getpass(question)
        if confirm and words and getpass.getpass("the same again: ") != words:
            raise SaveError("the two passphrases differ: not sealed")
    except (EOFError, KeyboardInterrupt):
        raise SaveError("no passphrase given")
    if not words:
        raise SaveError("the passphrase is empty")
    return words


def obtain(fd: int | None, question: str, confirm: bool = False) -> str:
    """from_fd(fd) when a descriptor was given, else prompt(question, confirm)."""
    return from_fd(fd) if fd is not None else prompt(question, confirm)


class TableKey:
    """The passphrase of the game in play, asked once (prompt or --passphrase-fd) and turned into the
    table's Seal once (seal.py: one scrypt per session), then reused by every save and load.

        key = TableKey(args.passphrase_fd)
        save = saves.read_save(path, game, passphrase=key.words)     # asked only if the save is sealed
        key.adopt(save.seal)                                         # its table goes on
        saves.write_save(path, game, blob, settings, seal=key.seal())   # a new table asks (twice)
    """

    def __init__(self, fd: int | None = None, ask=None):
        self.fd = fd
        self.ask = ask               # a function(question) -> words, for a front end's own prompt
        self._words: str | None = None
        self._seal = None

    def words(self) -> str:
        if self._words is None:
            q = "the table's passphrase: "
            self._words = self.ask(q) if self.ask is not None else obtain(self.fd, q)
        return self._words or ""

    def adopt(self, seal) -> None:
        """The table of a loaded save goes on with its own seal (its id and number)."""
        if seal is not None:
            self._seal = seal

    def seal(self):
        """The table's Seal; a new table's passphrase is asked (twice at a terminal) the first time."""
        if self._seal is None:
            from eldritch.saves.seal import Seal
            if self._words is None:
                q = "a passphrase for the table's saves (every player may know it): "
                self._words = self.ask(q) if self.ask is not None else obtain(self.fd, q, confirm=True)
            self._seal = Seal.new(self._words)
        return self._seal


class NoPassphraseOnArgv(argparse.Action):
    """`--passphrase WORDS` refused with one line that says why and what to do instead (kept as an
    option so that argparse does not read it as an abbreviation of --passphrase-fd)."""

    def __init__(self, option_strings, dest, **kw):
        kw["nargs"] = "?"
        super().__init__(option_strings, dest, **kw)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.error("--passphrase: never on the command line (every user of the machine can read it in "
                     "/proc/PID/cmdline): type it when asked, or give --passphrase-fd N")
