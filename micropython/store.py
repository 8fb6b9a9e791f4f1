"""Power-cut-safe saves: write NAME.new, then keep the old save as NAME.bak and rename the new one in.

At any moment at least one of NAME, NAME.bak, NAME.new holds a complete save; load() tries them in
that order and returns the first that the checker accepts (the adventure checksum and replay).
"""

import os


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def save(path, blob):
    tmp = path + ".new"
    f = open(tmp, "wb")
    try:
        f.write(blob)
        f.flush()
    finally:
        f.close()
    if _exists(path):
        if _exists(path + ".bak"):
            os.remove(path + ".bak")
        os.rename(path, path + ".bak")
    os.rename(tmp, path)


def load(path, check):
    """check(blob) returns the loaded object or raises; the first good candidate wins, else None."""
    for name in (path, path + ".bak", path + ".new"):
        if not _exists(name):
            continue
        try:
            f = open(name, "rb")
            try:
                blob = f.read()
            finally:
                f.close()
            return check(blob)
        except Exception:  # a corrupt or half-written file: try the next one
            continue
    return None


def clear(path):
    for name in (path, path + ".bak", path + ".new"):
        if _exists(name):
            os.remove(name)
