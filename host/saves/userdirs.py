"""Where a player's own files live: the per-user state folder (autosaves and their logs).

    state_dir()     # $ELDRITCH_STATE_DIR, else $XDG_STATE_HOME/eldritch, else ~/.local/state/eldritch

The folder is made (with its parents, private to the user) only when something is saved into it;
it is never under /tmp. `ELDRITCH_STATE_DIR` overrides it (tests, or a player who wants the
autosave elsewhere); so does `eldritch play --state-dir`.
"""

from __future__ import annotations

import os

from eldritch.saves.atomic import SaveError, describe, shown

AUTOSAVE = "autosave.sav"
AUTOSAVE_LOG = "autosave.log"
PREVIOUS = "autosave-previous.sav"


def state_dir(override: str | None = None) -> str:
    """The per-user state folder (not created here)."""
    if override:
        return os.path.expanduser(override)
    env = os.environ.get("ELDRITCH_STATE_DIR")
    if env:
        return os.path.expanduser(env)
    xdg = os.environ.get("XDG_STATE_HOME")
    if xdg and os.path.isabs(xdg):
        return os.path.join(xdg, "eldritch")
    return os.path.join(os.path.expanduser("~"), ".local", "state", "eldritch")


def ensure_state_dir(folder: str) -> str:
    """Make the state folder (mode 0700) if it is missing; SaveError (one line) when it cannot be."""
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError as exc:
        raise SaveError("cannot make the state folder %s: %s" % (shown(folder), describe(exc)))
    if not os.path.isdir(folder):
        raise SaveError("the state folder %s is not a folder" % shown(folder))
    return folder
