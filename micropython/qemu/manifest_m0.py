# The calibration firmware (tools/boardtime.py): the same modules on the qemu port's MICROBIT board, a
# Cortex-M0 (armv6-m, the RP2040's instruction set) given 256 KB of RAM, with the Pico's heap. It has
# no filesystem: it runs the board CLI's questions on notation alone, to count instructions there
# against the Cortex-M3 firmware's.

include("../manifest_app.py")
module("simio.py", base_path="..")
module("harness.py")
