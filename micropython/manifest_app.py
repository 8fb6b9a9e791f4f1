# The board's frozen modules, one list for every firmware that carries the app: the rp2 manifest
# (manifest.py beside this file) and the QEMU test firmware's (qemu/manifest.py) both include it.
# tests/test_firmware.py checks that both name these and that `make flash` stages the same modules.

# the portable rules kernel (every game's subpackage; the card data stays on the filesystem)
package("kernel", base_path="..")

# the board app and its drivers (main.py stays a file: it is the boot script)
module("pins_pico.py")
module("display.py")
module("buttons.py")
module("leds.py")
module("store.py")
module("app.py")
module("modes.py")
module("compsave.py")
module("textscreen.py")
module("modescreen.py")
module("companion.py")
module("arkham_mode.py")
module("mansions_mode.py")
module("stayaway_mode.py")

# the board CLI (odds and advise, as `eldritch` answers them): `import cli; cli.main([...])` at the REPL
module("cli.py")
