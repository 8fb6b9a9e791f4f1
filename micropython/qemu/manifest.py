# The QEMU test firmware's frozen modules (`make firmware`: the qemu port, board MPS2_AN385, a
# Cortex-M3 with the Pico's 190 KB heap): the board's own list (manifest_app.py, which the rp2
# manifest includes too) and, for this build only, the board's I/O as test doubles.

include("../manifest_app.py")

# the test doubles: machine (the pins and the I2C bus as the simulator's, simio.py), _boot (the
# board's littlefs on a region of the emulated machine's RAM, as the rp2 port mounts its flash)
module("_boot.py")
module("machine.py")
module("simio.py", base_path="..")
# the simulator's script words, driven over the serial REPL by harness.py
module("sim.py", base_path="..")
module("harness.py")
