"""The handheld's game modes, one line each, beside the adventure screens: (menu label, resume label,
module, class, save file). Generated from the game registry (host/games.py) by tools/boardmodes.py:
edit the registry, not this file.

The class is made with (leds, save_path) and has new_game(), resume(), handle(button, kind) -> True
to leave, compose(), draw(fb) and screen_lines() (a modescreen.ModeScreen: one key handler and one
composer per screen; companion.py is the model); its save file sits beside the adventure's. The module is imported when the mode is chosen. A resume
label of None: the one entry resumes the save when there is one. A mode whose class has
raw_events = True gets every event, releases and long presses too.
"""

MODES = (
    ('Companion game', 'Resume companion', 'companion', 'Companion', 'companion.sav'),
    ('Arkham Horror', 'Resume Arkham', 'arkham_mode', 'ArkhamMode', 'arkham.sav'),
    ('Mansions keeper', None, 'mansions_mode', 'MansionsMode', 'mansions.sav'),
    ('Stay Away!', 'Resume Stay Away!', 'stayaway_mode', 'StayAwayMode', 'stayaway.sav'),
)
