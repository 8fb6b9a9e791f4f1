"""The QEMU test firmware's boot: the board's filesystem mounted at "/" as the rp2 port mounts its
flash (littlefs v2, 4 KB blocks, progsize 256, formatted when it holds none), on a region of the
emulated machine's RAM that QEMU keeps in a file (tools/qemuboard.py): the files flashed onto the
board stay across resets, as in a Pico's flash. Frozen in the test firmware only."""

import uctypes
import vfs

FLASH_ADDR = 0x21400000     # MPS2-AN385's PSRAM, above the 4 MB ROMFS partition the port reserves
FLASH_SIZE = 1024 * 1024    # the Pico's filesystem: 1 MB of its 2 MB flash (make uf2)
BLOCK = 4096


class RamFlash:
    """A block device on a region of memory outside the heap (the bytes are never copied into it)."""

    def __init__(self, addr, size):
        self.mem = memoryview(uctypes.bytearray_at(addr, size))

    def readblocks(self, n, buf, off=0):
        start = n * BLOCK + off
        buf[:] = self.mem[start:start + len(buf)]

    def writeblocks(self, n, buf, off=None):
        start = n * BLOCK + (off or 0)
        self.mem[start:start + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:                         # block count
            return len(self.mem) // BLOCK
        if op == 5:                         # block size
            return BLOCK
        if op == 6:                         # erase: nothing to do in RAM
            return 0
        return None


def mount():
    bdev = RamFlash(FLASH_ADDR, FLASH_SIZE)
    try:
        fs = vfs.VfsLfs2(bdev, progsize=256)
    except OSError:
        vfs.VfsLfs2.mkfs(bdev, progsize=256)
        fs = vfs.VfsLfs2(bdev, progsize=256)
    vfs.mount(fs, "/")


mount()
del mount
