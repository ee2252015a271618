# attach.py - gdb's part of allocsample-record -p: loads the shim into a
# running process and has it rewrite the program's relocation slots, or
# write them back (src/preload/attach.c, doc/sampling.md, "Attaching to a
# running process").
#
# Run as `gdb -batch -nx -x attach.py` with, in the environment:
#   ALLOCSAMPLE_ATTACH_PID     the process
#   ALLOCSAMPLE_ATTACH_ACTION  attach or detach
#   ALLOCSAMPLE_ATTACH_SHIM    the shim's path
#   ALLOCSAMPLE_ATTACH_BY      the attaching allocsample-record's process id
#   ALLOCSAMPLE_ATTACH_GO      optional: a directory; once its symbols are
#                              read, gdb waits for a file `go` there before
#                              it attaches (or `cancel`: it does not)
#   ALLOCSAMPLE_ATTACH_AT      optional, with ALLOCSAMPLE_ATTACH_GO: the
#                              clock's time (ms since the epoch) at which
#                              gdb attaches without waiting for `go`
# It prints one line "allocsample-attach: RESULT [DETAIL]", RESULT one of
# attached, detached, preloaded, already, not-attached, cancelled, or
# refused (DETAIL says why), then "allocsample-attach: stopped MS CALLS
# DONE" (how long the process's threads were stopped, and how long the
# calls into it took, during which every thread runs: one of them busy
# with the call; and the clock's time, in nanoseconds since the epoch,
# when the last call returned, 0 without a call).
#
# The calls run on a thread at a safe point: one that has just entered
# the C library's malloc, free, calloc or realloc (so it holds none of
# the allocator's locks, which dlopen takes) from outside the dynamic
# linker (so it holds none of the loader's).  A process that allocates
# nothing for half a second is idle: then a thread waiting in a system
# call, outside the dynamic linker, will do.  While gdb calls a function,
# every thread runs.
import os
import threading
import time

import gdb

RTLD_NOW = 0x2
ENTRIES = ("malloc", "free", "calloc", "realloc")
WAIT = 0.5


def say(result, detail=""):
    print("allocsample-attach: %s%s" % (result, " " + detail if detail else ""), flush=True)


def value(expression):
    return int(gdb.parse_and_eval(expression))


def in_loader(thread):
    """Whether a frame of the thread's stack lies in the dynamic linker."""
    thread.switch()
    frame = gdb.newest_frame()
    for _ in range(64):
        if frame is None:
            return False
        name = gdb.solib_name(frame.pc()) or ""
        if "/ld-linux" in name or "/ld-musl" in name:
            return True
        try:
            frame = frame.older()
        except gdb.error:
            return False
    return False


def in_system_call(thread):
    thread.switch()
    pc = int(gdb.newest_frame().pc())
    try:
        return bytes(gdb.selected_inferior().read_memory(pc - 2, 2)) == b"\x0f\x05"
    except gdb.MemoryError:
        return False


def safe_thread():
    """A thread at a safe point, selected; None if there is none."""
    waiting = [False]
    entries = [value("(long) &%s" % entry) for entry in ENTRIES]
    breakpoints = [gdb.Breakpoint("*%d" % address, internal=True) for address in entries]

    def interrupt():
        if waiting[0]:
            gdb.execute("interrupt")

    deadline = time.monotonic() + WAIT
    chosen = None
    while chosen is None and time.monotonic() < deadline:
        timer = threading.Timer(max(0.0, deadline - time.monotonic()),
                                lambda: gdb.post_event(interrupt))
        timer.start()
        pause.resume()
        waiting[0] = True
        gdb.execute("continue", to_string=True)
        waiting[0] = False
        pause.stop()
        timer.cancel()
        thread = gdb.selected_thread()
        if int(gdb.newest_frame().pc()) in entries and not in_loader(thread):
            chosen = thread
    for b in breakpoints:
        b.delete()
    if chosen is None:
        # The main thread first: lttng-ust names the process in its
        # statedump after the thread that loads it (see load), which then
        # agrees with the Attached event's name.
        threads = sorted(gdb.selected_inferior().threads(), key=lambda t: t.ptid[1] != t.ptid[0])
        for thread in threads:
            if in_system_call(thread) and not in_loader(thread):
                chosen = thread
                break
    if chosen is not None:
        chosen.switch()
    return chosen


class Pause:
    """How long the process's threads were stopped, and how long the calls
    into it took."""

    def __init__(self):
        self.total = 0.0
        self.calls = 0.0
        self.since = None
        self.done = 0

    def stop(self):
        self.since = time.monotonic()

    def resume(self):
        if self.since is not None:
            self.total += time.monotonic() - self.since
        self.since = None


pause = Pause()


def call(expression):
    """The value of EXPRESSION, which calls into the process: every thread
    runs meanwhile."""
    pause.resume()
    start = time.monotonic()
    try:
        return value(expression)
    finally:
        pause.calls += time.monotonic() - start
        pause.done = time.time_ns()
        pause.stop()


def shim_function(name):
    """The address of the loaded shim's function NAME, or 0 when no shim
    is loaded (gdb reads the shim's dynamic symbols, whatever its path)."""
    gdb.execute("sharedlibrary liballocsample-preload", to_string=True)
    try:
        return value("(long) &%s" % name)
    except gdb.error:
        return 0


def load(shim):
    """Whether dlopen loaded the shim.  The path goes into a block of the
    process's memory, which stays (like a string gdb would pass).
    lttng-ust, which the shim loads, names the process in its statedump
    after the thread that loads it, this one; the shim's Attached event
    carries the process's own name (doc/events.md)."""
    path = shim.encode() + b"\0"
    block = call("(long) malloc(%d)" % len(path))
    if not block:
        return False
    gdb.selected_inferior().write_memory(block, path)
    return call("(long) dlopen(%d, %d)" % (block, RTLD_NOW)) != 0


# Each call into the process resumes every thread, then stops them all
# again: with a hundred threads that is most of the pause, so there are as
# few as can be (two to load the shim, one to attach or detach).
def attach(shim, by):
    function = shim_function("allocsample_attach")
    if not function:
        if not load(shim):
            error = gdb.parse_and_eval("(char *) dlerror()")
            return "refused", "the shim could not be loaded: %s" % (error.string() if int(error) else "?")
        function = shim_function("allocsample_attach")
        if not function:
            return "refused", "gdb did not see the shim it loaded"
    result = call("((int (*)(int)) %d)(%d)" % (function, by))
    return {0: ("attached", ""), 1: ("preloaded", ""), 2: ("already", ""),
            3: ("refused", "the shim found none of its functions")}.get(result, ("refused", str(result)))


def detach():
    function = shim_function("allocsample_detach")
    if not function:
        return "not-attached", ""
    result = call("((int (*)(void)) %d)()" % function)
    return {0: ("detached", ""), 1: ("preloaded", ""), 2: ("not-attached", "")}.get(
        result, ("refused", str(result)))


def wait_for_go(directory, at, pid, by):
    """Waits, ready to attach, until the file `go` appears in DIRECTORY or
    the clock reaches AT (ms since the epoch; None: never): true then;
    false when `cancel` appears instead, or when the process or the
    recorder BY has gone (nothing would say go).  Watching the time itself,
    gdb attaches within its own poll of the end, whatever the recorder's
    pace."""
    while not os.path.exists(os.path.join(directory, "go")) and \
            (at is None or time.time_ns() // 1000000 < at):
        if os.path.exists(os.path.join(directory, "cancel")) or \
                not os.path.exists("/proc/%d" % pid) or (by and not os.path.exists("/proc/%d" % by)):
            return False
        time.sleep(0.01)
    return True


def main():
    pid = os.environ["ALLOCSAMPLE_ATTACH_PID"]
    action = os.environ["ALLOCSAMPLE_ATTACH_ACTION"]
    shim = os.environ["ALLOCSAMPLE_ATTACH_SHIM"]
    # Symbols are read for the executable (below) and the C library alone,
    # with no debug information, and no libthread_db: gdb lists the
    # threads from /proc.  Every millisecond of reading while attached is
    # one the process stands still.
    gdb.execute("set auto-solib-add off")
    gdb.execute("set debug-file-directory /nonexistent")
    gdb.execute("set debuginfod enabled off")
    gdb.execute("set libthread-db-search-path /nonexistent")
    gdb.execute("set confirm off")
    # The program's signals go to it as they come, never stopping gdb's
    # calls; should one arrive in the calling thread, the handler runs and
    # returns into the call.  Should a call still stop on a signal, gdb
    # unwinds it, so that no thread is left inside a call gdb abandoned.
    gdb.execute("handle all nostop noprint pass", to_string=True)
    gdb.execute("set unwindonsignal on")
    gdb.execute("set pagination off")
    # The executable's symbols are read before the attach, while the
    # process runs: read at the attach, they would stop it for as long
    # (most of a second for node's 185 000).  /proc's link names the very
    # file the process runs, even replaced or deleted since, so gdb is
    # told not to check it against the process again.
    try:
        gdb.execute("file /proc/%s/exe" % pid, to_string=True)
        gdb.execute("set exec-file-mismatch off")
    except gdb.error:
        pass
    go = os.environ.get("ALLOCSAMPLE_ATTACH_GO")
    at = os.environ.get("ALLOCSAMPLE_ATTACH_AT")
    if go and not wait_for_go(go, int(at) if at else None, int(pid),
                              int(os.environ.get("ALLOCSAMPLE_ATTACH_BY", "0"))):
        say("cancelled")
        return
    pause.stop()
    try:
        gdb.execute("attach %s" % pid, to_string=True)
    except gdb.error as e:
        say("refused", "gdb cannot attach: %s" % str(e).strip().rstrip("."))
        return
    result = ("refused", "")
    try:
        gdb.execute("sharedlibrary libc[.-]", to_string=True)
        try:
            value("(long) &dlopen")
        except gdb.error:
            result = ("refused", "the process has no dlopen (a static program, or a C library without it)")
            raise
        if safe_thread() is None:
            result = ("refused", "no thread of the process is at a point where it can load a library")
        else:
            result = attach(shim, int(os.environ.get("ALLOCSAMPLE_ATTACH_BY", "0"))) \
                if action == "attach" else detach()
    except gdb.error as e:
        if result[0] == "refused" and not result[1]:
            result = ("refused", str(e).strip())
    finally:
        try:
            gdb.execute("detach", to_string=True)
        except gdb.error:
            pass
        pause.resume()
    say(*result)
    print("allocsample-attach: stopped %d %d %d" % (pause.total * 1000, pause.calls * 1000, pause.done),
          flush=True)


main()
