"""late-session.py SHIM GO - attaches allocsample's shim to this very process (ctypes) while no
session records it, waits until the file GO exists (a session starts meanwhile), allocates about
70 MB that stay live, and detaches; prints each call's result."""
import ctypes
import os
import sys
import time

RECORDER = 4242

shim = ctypes.CDLL(sys.argv[1])
print("attach", shim.allocsample_attach(RECORDER), flush=True)
while not os.path.exists(sys.argv[2]):
    time.sleep(0.01)
kept = [bytearray(1000 + i % 6000) for i in range(20000)]
print("detach", shim.allocsample_detach(), flush=True)
print("kept", sum(len(k) for k in kept), flush=True)
