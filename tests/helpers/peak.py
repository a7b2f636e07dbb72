"""Peak resident memory of the code under test alone, not of what the test process did before it.

``getrusage(...).ru_maxrss`` is a process-lifetime maximum, and Linux carries it across exec: ``exec`` keeps the
old address space's high-water mark in the process's ``maxrss``, and after ``fork`` (or ``vfork``, which
subprocess uses) that address space is the parent's. So a child started by a pytest process that once held
700 MB reports at least 700 MB, and an in-process ``ru_maxrss`` difference reads 0 once an earlier test went
higher. ``VmHWM`` in /proc/PID/status is the high-water mark of the current address space: a fresh ``exec``
starts it anew, and writing 5 to /proc/self/clear_refs resets it to the present resident size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

# Put before ``python -c``'s code: at exit the child writes its own peak (VmHWM, kB) to stderr as PEAK_RSS_KB=N.
PEAK_AT_EXIT = ("import atexit, sys\n"
                "def _own_peak():\n"
                "    for line in open('/proc/self/status'):\n"
                "        if line.startswith('VmHWM:'):\n"
                "            sys.stderr.write(f'PEAK_RSS_KB={line.split()[1]}\\n')\n"
                "atexit.register(_own_peak)\n")


def peak_at_exit_kb(stderr: str) -> int:
    """The peak a child started with PEAK_AT_EXIT reported."""
    return int(stderr.rsplit("PEAK_RSS_KB=", 1)[1].split()[0])


def status_kb(field: str, pid: int | str = "self") -> int:
    """A ``VmXXX:`` line of /proc/PID/status, in kB."""
    for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
        if line.startswith(field):
            return int(line.split()[1])
    raise LookupError(field)


@contextmanager
def growth_mb() -> Iterator[Callable[[], float]]:
    """``with growth_mb() as grown:`` ... ``grown()``: how far this process's resident memory rose within the block
    above where it stood when the block began, in MB (its high-water mark reset at the start)."""
    try:
        Path("/proc/self/clear_refs").write_text("5", encoding="ascii")
    except OSError as error:  # a kernel or sandbox without it: the peak would be the process's whole life
        pytest.skip(f"cannot reset the peak resident size (/proc/self/clear_refs: {error})")
    start = status_kb("VmRSS:")
    yield lambda: (status_kb("VmHWM:") - start) / 1024
