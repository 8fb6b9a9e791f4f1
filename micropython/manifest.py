# Frozen-module manifest for a custom rp2 firmware (as micropython-lib's manifests): the kernel and
# the board app frozen into flash, so their bytecode does not take the heap. Build with the rp2
# port's `make BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/eldritch/micropython/manifest.py`; then copy
# only data/ (cards.tsv, odds.bin, help.txt), kernel/**/data/*.tsv and main.py to the board.
# tests/test_board_flash.py checks that these are the modules `make flash` stages as .mpy.

include("$(PORT_DIR)/boards/manifest.py")

# the portable rules kernel (every game's subpackage; the card data stays on the filesystem)
package("kernel", base_path="..")

# the board app and its drivers (main.py stays a file: it is the boot script)
module("pins_pico.py")
module("display.py")
module("buttons.py")
module("leds.py")
module("store.py")
module("app.py")
module("compsave.py")
module("textscreen.py")
module("companion.py")
module("arkham_mode.py")
module("mansions_mode.py")
module("stayaway_mode.py")
