"""Eldritch's portable rules kernel: pure Python in the subset MicroPython runs.

Everything below this folder must import and run unchanged under CPython and the MicroPython
unix port: relative imports only, no CPython-only modules, integer maths for every canonical result.
"""

VERSION = "0.1.0"
