"""A bulk run killed with SIGKILL (the run and its workers) once its state file says enough is done, then run
again: what the resume tests of extract-batch share."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

KILL_TIMEOUT_SECONDS = 60  # a run that has done nothing by then is a failure, not a slow machine
ROOT = Path(__file__).resolve().parents[2]


def kill_when(command: Sequence[str], state_path: Path, ready: Callable[[dict[str, Any]], bool],
              timeout: float = KILL_TIMEOUT_SECONDS) -> dict[str, Any]:
    """Starts ``command`` in a session of its own and kills the session with SIGKILL as soon as the run's state
    satisfies ``ready``; returns the state it left (the run must not have finished: the caller asserts it)."""
    process = subprocess.Popen(list(command), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline and process.poll() is None:
            if state_path.exists() and ready(json.loads(state_path.read_text())):
                break
            time.sleep(0.05)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)  # the run and its workers
        process.wait()
    return json.loads(state_path.read_text())


def run_again(command: Sequence[str], timeout: float = KILL_TIMEOUT_SECONDS * 2) -> dict[str, Any]:
    """The same command run to its end; its JSON summary (a failure shows the run's error output)."""
    rerun = subprocess.run(list(command), cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    assert rerun.returncode == 0, rerun.stderr
    return json.loads(rerun.stdout)
