# Frozen-module manifest for a custom rp2 firmware (as micropython-lib's manifests): the kernel and
# the board app frozen into flash, so their bytecode does not take the heap. Build with the rp2
# port's `make BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/eldritch/micropython/manifest.py`; then
# `make flash FROZEN=1 PORT=...` copies only what stays a file: data/ (cards.tsv, odds.bin,
# help.txt), kernel/**/data/*.tsv and main.py. The QEMU test firmware (`make firmware`,
# qemu/manifest.py) freezes the same list, manifest_app.py, and is where its memory is measured.

include("$(PORT_DIR)/boards/manifest.py")
include("manifest_app.py")
