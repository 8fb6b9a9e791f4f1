"""Backend selection: the C core through cffi when it is built, else the pure-Python kernel.

`ELDRITCH_BACKEND=c|python` (or `--backend`) chooses; the default is C when `eldritch._core` imports,
else the fallback with a one-line notice on stderr (as msgpack-python does). Both backends hand out
solvers with the same interface as `eldritch.kernel.eldersign.solver.Solver`, and give identical
results.
"""

import os
import sys

from eldritch.kernel.errors import KernelError
from eldritch.kernel import VERSION
from eldritch.kernel.eldersign.solver import Solver

NAMES = ("c", "python")


class PythonBackend:
    name = "python"

    def make_solver(self, card, terror=0, sanity=0, stamina=0):
        return Solver(card, terror, sanity, stamina)

    def info(self):
        return {"backend": self.name, "kernel_version": VERSION, "c_core": c_core_status()}


def _load_c():
    """The C backend, or None when the extension is not built (or fails to load)."""
    try:
        from eldritch.backend import cbackend
    except ImportError:
        return None
    return cbackend.CBackend()


def c_core_status():
    try:
        from eldritch import _core  # noqa: F401
    except ImportError as exc:
        return "not built (%s)" % exc
    return "built"


def get_backend(name=None, notice=True):
    """The backend named (or from ELDRITCH_BACKEND, or the best available)."""
    if name is None:
        name = os.environ.get("ELDRITCH_BACKEND") or None
    if name is not None and name not in NAMES:
        raise KernelError("option", "backend must be c or python, not %r" % (name,))
    if name == "python":
        return PythonBackend()
    backend = _load_c()
    if backend is not None:
        return backend
    if name == "c":
        raise KernelError("option", "the C backend is not built (%s); use --backend python"
                          % c_core_status())
    if notice:
        sys.stderr.write("eldritch: C core not built, using the pure-Python fallback\n")
    return PythonBackend()


def available():
    """The names of the backends that can run here."""
    return [n for n in NAMES if n == "python" or _load_c() is not None]
