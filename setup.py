"""setuptools glue: the cffi C core and the package list (everything else is in pyproject.toml).

The module `eldritch._core` is built from csrc/ by cffi in API (out-of-line) mode. When it cannot be
compiled (no C compiler, no Python headers), installation still succeeds and the package uses its
pure-Python fallback, as msgpack-python does: build_ext prints one line and carries on.
"""

import os
import sys
import warnings

from setuptools import find_namespace_packages, setup
from setuptools.command.build_ext import build_ext

try:
    from setuptools.warnings import InformationOnly
except ImportError:                     # an older setuptools: it prints no such notice
    InformationOnly = None

# host/ installs as `eldritch` (package-dir), so an editable install maps the name to the folder with
# setuptools' import finder, which then notes "Please be careful with folders in your working
# directory with the same name as your package". That is about a folder named eldritch/ beside
# setup.py shadowing the package; this project has none (tests/test_install.py checks it never does),
# so the notice would only make a newcomer think the install broke: it is the one notice silenced.
if InformationOnly is not None and not os.path.exists(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                   "eldritch")):
    warnings.filterwarnings("ignore", category=InformationOnly,
                            message=r"Editable installation\.\s*!!\s*\**\s*Please be careful with folders")


class optional_build_ext(build_ext):
    def run(self):
        try:
            build_ext.run(self)
        except Exception as exc:  # noqa: BLE001 - any build failure means: use the fallback
            self._skip(exc)

    def build_extension(self, ext):
        try:
            build_ext.build_extension(self, ext)
        except Exception as exc:  # noqa: BLE001
            self._skip(exc)

    def _skip(self, exc):
        if getattr(self, "_reported", False):
            return
        self._reported = True
        sys.stderr.write("eldritch: C core not built (%s); the pure-Python fallback will be used\n"
                         % (str(exc).splitlines() or [type(exc).__name__])[0])


def packages_below(folder, name):
    """The package `name` installed from `folder` and every folder below it (data folders included:
    their files are then declared package data, not stray directories)."""
    found = find_namespace_packages(folder, exclude=["*__pycache__*", "*.egg-info*"])
    return [name] + ["%s.%s" % (name, p) for p in found]


PACKAGES = packages_below("host", "eldritch") + packages_below("kernel", "eldritch.kernel")
DATA_FILES = ["*.tsv", "*.md", "*.txt", "*.css", "*.html", "*.js", "*.svg", "py.typed"]

setup(packages=PACKAGES, package_data={"": DATA_FILES}, cffi_modules=["host/backend/_core_build.py:ffibuilder"], cmdclass={"build_ext": optional_build_ext})
