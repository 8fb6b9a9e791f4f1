"""What every game mode's screens share: dispatch by screen, lists, number fields, notes, the end
screen, undo, saving and resuming.

A mode subclasses ModeScreen and numbers its screens from 0 (`self.screen`). Two class tuples,
indexed by screen, say what each does: `ON[screen](self, button)` handles a press (True asks the
app for its main menu) and `SHOW[screen](self)` writes the screen's rows. handle() runs the first,
then compose(), which clears the rows, runs the second and sets the LEDs (`show_leds`).

The shared screens and flows:
  - a note (show_note): a page of fixed text, A or B goes back to the screen it was shown over (on_back,
    which also serves a mode's prompts);
  - a list or menu: list_rows() writes the rows in view with the cursor's inverted, moved() moves a
    cursor with up/down;
  - a form of number fields: fields() writes the names and values, edit_field() moves between them
    (up/down) and changes the value within its limits (left/right);
  - the end screen (on_end): A ends the game (its save cleared) and leaves, B undoes the last entry;
  - undo: the mode steps back (step_back: the screen to return to, -1 when there is nothing to undo),
    the game is saved at once, a note says so;
  - save(): encode()'s bytes stored at once (store.py: power-cut safe), after every entry;
  - resume(): decode() of the newest save the mode accepts, restore() puts it in place and may
    return a note to show over the resumed screen (a replay that differs from the save).

Handling a key, composing and drawing allocate nothing here; saving, resuming and undo do. What
runs at every key press keeps its frame within 11 words, as textscreen's writers do (fields, once
a screen, is bigger), which is why a list's place is one int and a form's place is in its tuple.
"""

import buttons as btn
import store
from textscreen import TextScreen, COLS, digits
from kernel.errors import KernelError

TYPE_CHECKING = False                 # mypy reads `if TYPE_CHECKING:` as true (by its name); the board never
if TYPE_CHECKING:                     # (a failed import on the board searches its filesystem: 1.8 M instructions)
    from typing import Any

# notes are pages (textscreen.put_page): 8 rows separated by newlines
NOTE_UNDONE = b"\nLast entry\nundone.\n\n\n\n\nA:ok"
NOTE_NOTHING = b"\nNothing to undo\n\n\n\n\n\nA:ok"


def moved(b, cursor, n):
    """A list cursor after button b: up/down one of n rows, stopping at the first and the last."""
    if b == btn.UP and cursor > 0:
        return cursor - 1
    if b == btn.DOWN and cursor < n - 1:
        return cursor + 1
    return cursor


def list_top(cursor, rows):
    """The first item in view when `rows` rows show a list: the view ends at the cursor's item once
    it would leave the first screenful."""
    return cursor - rows + 1 if cursor >= rows else 0


class ModeScreen(TextScreen):
    """A game mode's screens (see the module docstring). What a mode sets is declared below for
    mypy only (on the board each name here would take room in every mode's heap)."""

    if TYPE_CHECKING:
        # the class's: per screen the key handler (ON) and the composer (SHOW); the note screen's
        # number (NOTE); where "Nothing to undo" goes back to (HOME); resume()'s error (NO_SAVE)
        ON = SHOW = ()  # type: Any
        NOTE = HOME = 0
        NO_SAVE = ""
        # the constructor's: the screen shown, the note and the screen it goes back to, the save
        # file, whether there is a save, the number field being edited (fields, edit_field)
        screen = back = field = 0
        note = b""
        save_path = ""
        has_save = False
        # the mode's methods: show_leds() sets the LEDs; step_back() is the undo (the state before
        # the last entry: the screen to return to, or -1 when there is none); encode() is the
        # save's bytes; decode(blob) checks a save's bytes (it raises on one the mode cannot use)
        # for restore(got), which puts it in place, sets the screen to resume on and returns a
        # note to show over it, or None
        show_leds = step_back = encode = decode = restore = None  # type: Any

    def handle(self, b, kind):
        """One button press; True asks the app for its main menu. A long press is the app's (the
        legend, the main menu): a mode that wants every event sets raw_events and its own handle."""
        if kind == btn.LONG:
            return False
        if self.ON[self.screen](self, b):
            return True
        self.compose()
        return False

    def compose(self):
        self.clear()
        self.SHOW[self.screen](self)
        self.show_leds()

    # ----- notes and prompts --------------------------------------------------------------------------

    def show_note(self, note, back):
        """The note (a page: textscreen.put_page) over the screen `back`, where A or B returns."""
        self.note = note
        self.back = back
        self.screen = self.NOTE

    def compose_note(self):
        self.put_page(self.note)

    def on_back(self, b):
        """A note's or a prompt's keys: A or B goes back."""
        if b == btn.A or b == btn.B:
            self.screen = self.back

    # ----- lists and number fields --------------------------------------------------------------------

    def list_rows(self, place, items, cursor):
        """A list of bytes items at `place`, scrolled so the cursor's item shows; its row inverted.
        place is `row << 8 | col << 4 | rows` (its first row, its column, how many rows show),
        written with constants (the compiler folds them): one argument keeps the frame small."""
        top = list_top(cursor, place & 15)
        self.inv = (place >> 8) + cursor - top
        cursor = place >> 8                        # the row written next
        while cursor < (place >> 8) + (place & 15) and top < len(items):
            self.put(cursor, place >> 4 & 15, items[top])
            cursor += 1
            top += 1

    def fields(self, form, buf, base):
        """A form of number fields (form: names, offsets, lowest, highest values, first row, column):
        each name at the column, its value buf[base + offset] at the row's end; the field being
        edited (`field`) inverted."""
        self.inv = form[4] + self.field
        for k in range(len(form[1])):
            self.put(form[4] + k, form[5], form[0][k])
            v = buf[base + form[1][k]]
            self.num(form[4] + k, COLS - digits(v), v)

    def edit_field(self, b, form, buf, base):
        """A form's arrows: up/down the field, left/right its value buf[base + offset] within the
        field's lowest..highest. False for the other buttons."""
        if b == btn.UP or b == btn.DOWN:
            self.field = moved(b, self.field, len(form[1]))
            return True
        base += form[1][self.field]
        if b == btn.RIGHT:
            if buf[base] < form[3][self.field]:
                buf[base] += 1
            return True
        if b == btn.LEFT:
            if buf[base] > form[2][self.field]:
                buf[base] -= 1
            return True
        return False

    # ----- the end, undo, saving and resuming -------------------------------------------------------------

    def finish(self):
        """The game is over and left: its save cleared (the menu offers no Resume); True (leave)."""
        store.clear(self.save_path)
        self.has_save = False
        return True

    def on_end(self, b):
        """The end screen's keys: A ends the game and leaves, B undoes the last entry."""
        if b == btn.A:
            return self.finish()
        if b == btn.B:
            self.undo()
        return False

    def undo(self):
        """The game as before its last entry, saved at once; a note says so, or that there was
        nothing to undo."""
        back = self.step_back()
        if back < 0:
            self.show_note(NOTE_NOTHING, self.HOME)
            return
        self.save()
        self.show_note(NOTE_UNDONE, back)

    def save(self):
        store.save(self.save_path, self.encode())
        self.has_save = True

    def resume(self):
        """The newest save the mode accepts (store.load falls back to the one before a refused
        one), put in place; a note over the resumed screen when restore() returns one."""
        got = store.load(self.save_path, self.decode)
        if got is None:
            raise KernelError("save", self.NO_SAVE)
        note = self.restore(got)
        if note is not None:
            self.show_note(note, self.screen)
        self.compose()
