"""Clean kills: no process outlives a SIGKILLed ``extract-batch`` (workers, fork server, resource tracker), and a
crawl resumed after a kill gives a whole feed (``python -m crawler export`` from the store)."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

ROOT = Path(__file__).resolve().parents[1]
PAGES = 3000
GONE_WITHIN_SECONDS = 10


def big_warc(path: Path) -> None:
    with path.open("wb") as file:
        writer = WARCWriter(file, gzip=True)
        for number in range(PAGES):
            paragraphs = "".join(f"<p>Story {number}, paragraph {i}: the council approved the river defences after "
                                 f"a long debate about costs.</p>" for i in range(30))
            body = f"<html><head><title>Story {number}</title></head><body><article>{paragraphs}</article></body>"
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(f"http://site.example/{number}.html", "response",
                                                          payload=io.BytesIO(body.encode()), http_headers=headers))


@pytest.mark.parametrize("start_method", ["forkserver", "spawn"])
def test_no_process_outlives_a_killed_extract_batch(start_method, tmp_path):
    warc = tmp_path / "pages.warc.gz"
    big_warc(warc)
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "crawler", "extract-batch", str(warc), "-o", str(out), "--workers", "2",
               "--no-progress", "--start-method", start_method]
    process = subprocess.Popen(command, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    parent = psutil.Process(process.pid)
    descendants: list[psutil.Process] = []
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline and process.poll() is None:
            descendants = parent.children(recursive=True)
            if out.exists() and out.stat().st_size > 0 and len(descendants) >= 3:
                break
            time.sleep(0.1)
        assert process.poll() is None, "the batch finished before it could be killed; make the WARC larger"
        descendants = parent.children(recursive=True)
        process.send_signal(signal.SIGKILL)  # the parent only, as an OOM killer or `kill -9 PID` would
        process.wait()
        gone, alive = psutil.wait_procs(descendants, timeout=GONE_WITHIN_SECONDS)
        assert not alive, [(p.pid, p.name(), p.cmdline()[:3]) for p in alive]
        assert len(gone) >= 3  # the workers and the fork server or resource tracker were there
    finally:
        for child in descendants:
            try:
                child.kill()
            except psutil.Error:
                pass
