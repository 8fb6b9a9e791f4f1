"""Write micropython/modes.py, the handheld's list of game modes, from the game registry
(host/games.py): the board cannot import the host, so it reads this generated copy.

    python tools/boardmodes.py            # rewrite micropython/modes.py
    python tools/boardmodes.py --check    # exit 1 when the file differs from the registry

tests/test_registry.py runs the check.
"""

import argparse
import sys
from pathlib import Path

from eldritch import games

TARGET = Path(__file__).resolve().parent.parent / "micropython" / "modes.py"

HEADER = '''"""The handheld's game modes, one line each, beside the adventure screens: (menu label, resume label,
module, class, save file). Generated from the game registry (host/games.py) by tools/boardmodes.py:
edit the registry, not this file.

The class is made with (leds, save_path) and has new_game(), resume(), handle(button, kind) -> True
to leave, compose(), draw(fb) and screen_lines() (a modescreen.ModeScreen: one key handler and one
composer per screen; companion.py is the model); its save file sits beside the adventure's. The module is imported when the mode is chosen. A resume
label of None: the one entry resumes the save when there is one. A mode whose class has
raw_events = True gets every event, releases and long presses too.
"""

MODES = (
'''


def render() -> str:
    lines = ["    %r," % (tuple(mode),) for g in games.GAMES for mode in g.board_modes]
    return HEADER + "\n".join(lines) + "\n)\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 when it differs")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if TARGET.read_text() != text:
            print("micropython/modes.py differs from the registry: run python tools/boardmodes.py",
                  file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
