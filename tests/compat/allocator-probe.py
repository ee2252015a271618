"""allocator-probe.py ALLOCATOR - says whether ALLOCATOR (jemalloc or tcmalloc) serves this process's malloc, for compat/allocators.sh."""
import ctypes
import sys

BYTES = 16 << 20
process = ctypes.CDLL(None)


def jemalloc_allocated():
    """The calling thread's bytes allocated so far, from jemalloc's own statistics."""
    value = ctypes.c_uint64()
    size = ctypes.c_size_t(ctypes.sizeof(value))
    if process.mallctl(b"thread.allocated", ctypes.byref(value), ctypes.byref(size), None, 0):
        raise OSError("mallctl thread.allocated failed")
    return value.value


def tcmalloc_allocated():
    """The process's bytes in use, from tcmalloc's own statistics."""
    value = ctypes.c_size_t()
    if not process.MallocExtension_GetNumericProperty(b"generic.current_allocated_bytes",
                                                      ctypes.byref(value)):
        raise OSError("MallocExtension_GetNumericProperty failed")
    return value.value


def main():
    counter = {"jemalloc": jemalloc_allocated, "tcmalloc": tcmalloc_allocated}[sys.argv[1]]
    before = counter()
    block = bytearray(BYTES)  # malloc'ed (calloc'ed) by CPython, not from its small-object arenas
    grew = counter() - before >= BYTES
    block[-1] = 1
    print("%s serves malloc: %s (%d bytes held)" % (sys.argv[1], "yes" if grew else "no", sum(block)))
    return 0 if grew else 1


if __name__ == "__main__":
    sys.exit(main())
