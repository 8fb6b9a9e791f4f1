"""A bare Stay Away! kernel save of the formats before the host's save layer: SAE1 (sealed with a
4-digit PIN, no device key) opens with its passphrase; SAE2, the handheld's, opens only on the
device that sealed it. The save layer calls `open_bare` through the game registry."""

from eldritch.kernel.errors import KernelError
from eldritch.kernel.stayaway.game import crypt
from eldritch.saves.atomic import SaveError


def open_bare(blob: bytes, words) -> tuple:
    """(the kernel save, the note naming the old format); `words()` gives the passphrase when asked.
    SaveError for a handheld's save, a wrong passphrase or a damaged box."""
    try:
        version, _, _ = crypt.header(blob)        # SAE1's iteration count bounded here, before any work
        if version != 1:
            raise SaveError("a handheld's sealed save (SAE2): it opens only on the device that sealed it")
        payload = crypt.unseal(blob, words())
    except KernelError as exc:
        raise SaveError(exc.detail)
    return payload, "an old sealed Stay Away! save (SAE1)"
