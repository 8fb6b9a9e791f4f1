"""The cyclic garbage collector held off while `eldritch play` starts, so that the first screen
comes in under half a second.

    was_on = gcpause.hold()            # before the imports and the game's set-up
    ...                                # the first screen is painted
    gcpause.resume(was_on, freeze=True)

Importing Textual and building the first screen allocate some 60,000 objects that live as long as
the program; on the way the collector walks them again and again (on the test machine about 0.06 s,
an eighth of the start-up's CPU) and finds next to no garbage. Held off until the first screen,
then with `freeze` those objects move to the permanent generation that later collections skip (the
terminal UI keeps them all anyway), and collection resumes for what the game allocates.
"""

import gc


def hold() -> bool:
    """Stop automatic collection; whether it was on (to pass to resume)."""
    was_on = gc.isenabled()
    gc.disable()
    return was_on


def resume(was_on: bool, freeze: bool = False) -> None:
    """Collection as before hold (a second call does nothing); freeze: the objects alive now are
    never walked again (for a program that keeps what it built at start, as the terminal UI)."""
    if was_on and not gc.isenabled():
        if freeze:
            gc.freeze()
        gc.enable()
