"""Atomic, durable, locked file writes and capped reads: the routine under the host's save layer
(saves.py) and its logs, plans and results.

    write_atomic(path, data)            # all or nothing, survives a power cut, one line on failure
    write_atomic(path, data, replace_only=is_mine, mode=0o600)     # a save: see below
    data = read_capped(path, limit, check_head=fn, head=32)

`write_atomic` writes a unique temporary file in the target's folder (`.NAME.XXXX.tmp`), fsyncs it,
renames it over the target with `os.replace` and fsyncs the folder, under an advisory lock
(`fcntl.flock`) on the folder so two sessions saving into it never interleave (the lock also makes
any leftover `.NAME.*.tmp` of an earlier power cut safe to remove). A reader never sees a partial
file: it sees the old file or the new one. A target that exists and is not a regular file (a
terminal, /dev/null, /dev/full, a pipe) is written in place, never replaced (a pipe nobody reads is
one line, never a wait). With `replace_only` (what saves use) a target that exists must instead be
a regular file, not a symlink, whose first bytes `replace_only` accepts: a device, pipe, symlink or
a user's own file is refused in one line and left as it was. Any failure is a `SaveError` with one
line naming the path and what went wrong; nothing is left behind and nothing is created but the
file itself: a missing folder is an error, not made. A path holding a NUL byte is one line too.

`read_capped` reads regular files only: it opens without blocking (O_NONBLOCK) and checks the open
file, so a FIFO with no writer, a terminal or /dev/zero is refused in one line at once.

Every filesystem call goes through a `FileSystem` object (the real one by default), so the
power-cut test (tests/test_host_powercut.py) can run the same routine on a simulated disk that
writes one byte per step and loses everything not yet fsynced when the power is cut.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from contextlib import contextmanager
from typing import Iterator

TMP_SUFFIX = ".tmp"


class SaveError(Exception):
    """A save, log or load that failed; str() is one line for the player."""


def user_path(text: str) -> str:
    """A path as a player types it: surrounding blanks dropped, a leading ~ expanded."""
    return os.path.expanduser(text.strip())


def shown(path) -> str:
    """A path as a message shows it: bytes that are not UTF-8 (which reach Python as the surrogates
    \\udc80-\\udcff) as \\xNN, other characters a terminal would not print as they are (a line
    break, an escape) as \\n, \\x1b...: printable on any stdout, one line, no terminal escape
    sequence. Every message that names a path a user gave uses it."""
    if isinstance(path, (bytes, bytearray)):
        path = bytes(path).decode("utf-8", "surrogateescape")
    elif not isinstance(path, str):
        path = os.fspath(path) if hasattr(path, "__fspath__") else str(path)
        path = path.decode("utf-8", "surrogateescape") if isinstance(path, bytes) else path
    out = []
    for ch in path:
        if "\udc80" <= ch <= "\udcff":
            out.append("\\x%02x" % (ord(ch) - 0xDC00))
        else:
            out.append(ch if ch.isprintable() else repr(ch)[1:-1])
    return "".join(out)


def describe(exc: OSError) -> str:
    """An OSError as a few plain words ("no such folder", "permission denied", "disk full")."""
    code = exc.errno
    if code == errno.ENOENT:
        return "no such file or folder"
    if code == errno.EACCES or code == errno.EPERM:
        return "permission denied"
    if code == errno.ENOSPC:
        return "no space left on the device"
    if code == errno.EISDIR:
        return "it is a folder"
    if code == errno.ENOTDIR:
        return "a part of the path is not a folder"
    if code == errno.EROFS:
        return "read-only file system"
    if code == errno.ENAMETOOLONG:
        return "the name is too long"
    if code == errno.EDQUOT:
        return "disk quota exceeded"
    if code == errno.ENXIO:
        return "a pipe that no process is reading"
    if code == errno.EFBIG:
        return "the file would be larger than allowed (a file size limit)"
    if code == errno.ELOOP:
        return "too many symbolic links"
    return (exc.strerror or str(exc)).lower()


def check_path(path: str) -> None:
    """SaveError (one line) for a path no system call can take (a NUL byte in it)."""
    if "\0" in path:
        raise SaveError("a file name cannot hold a NUL byte")


class FileSystem:
    """The operations write_atomic and read_capped need, on the real filesystem (os calls)."""

    def kind(self, path: str) -> str:
        """'missing', 'file', 'dir' or 'other' (a device, pipe or socket); symlinks followed."""
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            return "missing"
        if stat.S_ISREG(mode):
            return "file"
        if stat.S_ISDIR(mode):
            return "dir"
        return "other"

    def lkind(self, path: str) -> str:
        """kind() of the path itself: 'link' for a symbolic link (not followed)."""
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            return "missing"
        if stat.S_ISLNK(mode):
            return "link"
        return self.kind(path)

    def read_head(self, path: str, n: int) -> bytes:
        """The first n bytes of a regular file (opened without blocking, checked once open)."""
        fd = self.open_read(path)
        try:
            return _read_upto(self, fd, n)
        finally:
            self.close(fd)

    def open_dir(self, folder: str) -> int:
        return os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))

    def lock(self, dirfd: int) -> None:
        fcntl.flock(dirfd, fcntl.LOCK_EX)

    def unlock(self, dirfd: int) -> None:
        fcntl.flock(dirfd, fcntl.LOCK_UN)

    def fsync_dir(self, dirfd: int) -> None:
        os.fsync(dirfd)

    def close_dir(self, dirfd: int) -> None:
        os.close(dirfd)

    def listdir(self, folder: str) -> list[str]:
        return os.listdir(folder)

    def unlink(self, path: str) -> None:
        os.unlink(path)

    def create_temp(self, folder: str, prefix: str) -> tuple[int, str]:
        """A new, unique, empty file in folder (O_EXCL): (descriptor, path)."""
        for _ in range(100):
            name = "%s%s%s" % (prefix, os.urandom(6).hex(), TMP_SUFFIX)
            path = os.path.join(folder, name)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
            return fd, path
        raise OSError(errno.EEXIST, "no unique temporary name")

    def write(self, fd: int, data: memoryview) -> int:
        return os.write(fd, data)

    def fsync(self, fd: int) -> None:
        os.fsync(fd)

    def close(self, fd: int) -> None:
        os.close(fd)

    def chmod(self, fd: int, mode: int) -> None:
        os.fchmod(fd, mode)

    def chmod_like(self, fd: int, path: str) -> None:
        """Give the new file the permissions of the file it replaces (else 0644 less the umask)."""
        try:
            mode = stat.S_IMODE(os.stat(path).st_mode)
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o644 & ~umask
        os.fchmod(fd, mode)

    def replace(self, src: str, dst: str) -> None:
        os.replace(src, dst)

    def write_in_place(self, path: str, data: bytes) -> None:
        """Write to an existing non-regular file (a device or pipe) without creating anything. Opened
        non-blocking (a FIFO that no process reads is ENXIO at once, not a wait), then blocking for
        the writes."""
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
        try:
            os.set_blocking(fd, True)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)

    def open_read(self, path: str) -> int:
        """A descriptor of the regular file at path: opened non-blocking (a FIFO with no writer does
        not wait), then checked: anything but a regular file is OSError(EINVAL, "not a regular file")."""
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, "not a regular file (a device, pipe or socket)")
            os.set_blocking(fd, True)
        except BaseException:
            os.close(fd)
            raise
        return fd

    def read(self, fd: int, n: int) -> bytes:
        return os.read(fd, n)


REAL = FileSystem()


def _temp_prefix(path: str) -> str:
    return "." + os.path.basename(path) + "."


@contextmanager
def _locked_folder(fs: FileSystem, folder: str, verb: str, path: str) -> Iterator[int]:
    """The folder opened and locked (flock) for the block, unlocked and closed after it, whatever
    happens. An OSError opening, locking or inside the block becomes SaveError("cannot VERB PATH: ...").
    write_atomic, remove_durably and rename_durably all change a folder's entries this way."""
    try:
        dirfd = fs.open_dir(folder)
    except OSError as exc:
        raise SaveError("cannot %s %s: %s" % (verb, shown(path), describe(exc)))
    try:
        fs.lock(dirfd)
        yield dirfd
    except OSError as exc:
        raise SaveError("cannot %s %s: %s" % (verb, shown(path), describe(exc)))
    finally:
        try:
            fs.unlock(dirfd)
        finally:
            fs.close_dir(dirfd)


def check_target(path: str, fs: FileSystem = REAL) -> str | None:
    """Why write_atomic(path, ...) would fail before writing anything (a folder, a missing folder),
    as one line, or None. Lets a command refuse a bad --log or --save path up front."""
    if not path:
        return "no file name given"
    if "\0" in path:
        return "a file name cannot hold a NUL byte"
    target = os.path.realpath(path)
    try:
        kind = fs.kind(target)
        if kind == "dir":
            return "%s is a folder: give a file name" % shown(path)
        if kind == "missing" and fs.kind(os.path.dirname(target) or ".") != "dir":
            return "cannot write %s: no folder %s (nothing was created)" % (shown(path), shown(os.path.dirname(target)))
    except OSError as exc:
        return "cannot write %s: %s" % (shown(path), describe(exc))
    return None


def write_atomic(path: str, data: bytes, fs: FileSystem = REAL, replace_only=None,
                 what: str = "file", mode: int | None = None) -> None:
    """Replace the file at path with data, atomically and durably (see the module docstring).

    replace_only: None, or a function of a file's first bytes that says whether that file may be
    replaced (a save of the same game); then anything else at path, or a symlink, device or pipe,
    is refused: SaveError "PATH exists and is not WHAT: not replaced". mode: the new file's
    permissions (0o600 for a sealed save); None keeps the replaced file's (else 0644 less the umask).

    Raises SaveError (one line) on any failure; the old file, if any, is then untouched and no
    temporary file is left behind."""
    if not path:
        raise SaveError("no file name given")
    check_path(path)
    try:
        if replace_only is not None and fs.lkind(path) not in ("missing", "file"):
            kind = fs.lkind(path)
            if kind == "dir":
                raise SaveError("%s is a folder: give a file name" % shown(path))
            raise SaveError("%s exists and is %s, not %s: not replaced" % (
                shown(path), "a symbolic link" if kind == "link" else "a device, pipe or socket", what))
    except OSError as exc:
        raise SaveError("cannot write %s: %s" % (shown(path), describe(exc)))
    target = os.path.realpath(path)
    folder = os.path.dirname(target) or "."
    try:
        kind = fs.kind(target)
        if kind == "dir":
            raise SaveError("%s is a folder: give a file name" % shown(path))
        if kind == "other":
            fs.write_in_place(target, data)
            return
        if fs.kind(folder) != "dir":
            raise SaveError("cannot write %s: no folder %s (nothing was created)" % (shown(path), shown(folder)))
    except OSError as exc:
        raise SaveError("cannot write %s: %s" % (shown(path), describe(exc)))
    with _locked_folder(fs, folder, "write", path) as dirfd:
        if replace_only is not None:
            _check_replaceable(fs, path, target, replace_only, what)
        tmp = None
        try:
            _remove_stale_temps(fs, folder, _temp_prefix(target))
            fd, tmp = fs.create_temp(folder, _temp_prefix(target))
            try:
                view = memoryview(data)
                while view:
                    view = view[fs.write(fd, view):]
                if mode is None:
                    fs.chmod_like(fd, target)
                else:
                    fs.chmod(fd, mode)
                fs.fsync(fd)
            finally:
                fs.close(fd)
            fs.replace(tmp, target)
            tmp = None
            fs.fsync_dir(dirfd)
        except OSError:
            if tmp is not None:
                try:
                    fs.unlink(tmp)
                except OSError:
                    pass
            raise


HEAD_BYTES = 64         # how much of an existing file replace_only is shown


def _check_replaceable(fs: FileSystem, path: str, target: str, replace_only, what: str) -> None:
    """Under the folder's lock: the file at target is missing, or a regular file that replace_only
    accepts (checked again here, so a file put there since the first look is not replaced)."""
    kind = fs.lkind(target)
    if kind == "missing":
        return
    if kind != "file":
        raise SaveError("%s exists and is not %s: not replaced" % (shown(path), what))
    try:
        head = fs.read_head(target, HEAD_BYTES)
    except OSError as exc:
        raise SaveError("%s exists and cannot be read (%s): not replaced" % (shown(path), describe(exc)))
    if not replace_only(head):
        raise SaveError("%s exists and is not %s: not replaced" % (shown(path), what))


def _remove_stale_temps(fs: FileSystem, folder: str, prefix: str) -> None:
    """Temporary files of this target left by a power cut or a killed session (we hold the lock, so
    no other session is writing one now)."""
    for name in fs.listdir(folder):
        if name.startswith(prefix) and name.endswith(TMP_SUFFIX) and len(name) == len(prefix) + 12 + len(TMP_SUFFIX):
            try:
                fs.unlink(os.path.join(folder, name))
            except OSError:
                pass


def remove_durably(path: str, fs: FileSystem = REAL) -> None:
    """Remove path (if it is there) so that it stays removed after a power cut."""
    target = os.path.realpath(path)
    folder = os.path.dirname(target) or "."
    with _locked_folder(fs, folder, "remove", path) as dirfd:
        try:
            fs.unlink(target)
        except FileNotFoundError:
            return
        fs.fsync_dir(dirfd)


def rename_durably(src: str, dst: str, fs: FileSystem = REAL) -> None:
    """Rename src to dst in the same folder (replacing dst), so that it stays renamed after a power
    cut; SaveError (one line) on failure."""
    folder = os.path.dirname(os.path.realpath(dst)) or "."
    with _locked_folder(fs, folder, "rename", src) as dirfd:
        fs.replace(src, dst)
        fs.fsync_dir(dirfd)


def read_capped(path: str, limit: int, check_head=None, head: int = 0, what: str = "file",
                fs: FileSystem = REAL) -> bytes:
    """The bytes of the regular file at path, at most limit of them.

    With check_head, the first `head` bytes are read and passed to it before anything else (it raises
    to refuse the file), so a huge foreign file is refused after a few bytes. A folder, a device, a
    pipe (never waited on), a file over the limit or an unreadable path is a SaveError (one line)."""
    if not path:
        raise SaveError("no file name given")
    check_path(path)
    try:
        kind = fs.kind(path)
    except OSError as exc:
        raise SaveError("cannot read %s: %s" % (shown(path), describe(exc)))
    if kind == "missing":
        raise SaveError("cannot read %s: no such file" % shown(path))
    if kind == "dir":
        raise SaveError("cannot read %s: it is a folder" % shown(path))
    if kind == "other":
        raise SaveError("cannot read %s: not a regular file (a device, pipe or socket), not a %s" % (shown(path), what))
    try:
        fd = fs.open_read(path)
    except OSError as exc:
        if exc.errno == errno.EINVAL:
            raise SaveError("cannot read %s: not a regular file (a device, pipe or socket), not a %s"
                            % (shown(path), what))
        raise SaveError("cannot read %s: %s" % (shown(path), describe(exc)))
    try:
        chunks = []
        got = 0
        if check_head is not None and head:
            first = _read_upto(fs, fd, head)
            check_head(first)
            chunks.append(first)
            got = len(first)
        while got <= limit:
            chunk = fs.read(fd, min(1 << 16, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise SaveError("%s is larger than %d bytes: not a %s" % (shown(path), limit, what))
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError("cannot read %s: %s" % (shown(path), describe(exc)))
    finally:
        fs.close(fd)


def _read_upto(fs: FileSystem, fd: int, n: int) -> bytes:
    out = b""
    while len(out) < n:
        chunk = fs.read(fd, n - len(out))
        if not chunk:
            break
        out += chunk
    return out
