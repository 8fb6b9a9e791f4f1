# The C core as a user C module of the firmwares (make's ports: the QEMU board), from csrc/ itself:
# escore.c's glue and the solver in the board's compact layout (es_solve.c ES_COMPACT); the board's
# compilers have no __int128, so the 128-bit sums take the portable path (csrc/es_u128.h).
ESCORE_MOD_DIR := $(USERMOD_DIR)
ESCORE_CSRC := $(abspath $(ESCORE_MOD_DIR)/../../csrc)
SRC_USERMOD_C += $(ESCORE_MOD_DIR)/escore.c
SRC_USERMOD_LIB_C += $(ESCORE_CSRC)/es_core.c $(ESCORE_CSRC)/es_solve.c
CFLAGS_USERMOD += -I$(ESCORE_CSRC) -DES_COMPACT
