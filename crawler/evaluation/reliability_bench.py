"""Bad inputs, measured from outside: ``python -m crawler.evaluation.reliability_bench [--checkout DIR ...]``.

Each case is built here (damaged WARCs of the 181 scrapinghub pages, a corrupt page in a folder, a gzip bomb, giant
text nodes, a page mixing encodings) and run in its own process with ``PYTHONPATH`` set to each checkout given (the
default: this one), so two versions of the code run the same cases side by side. Per case and checkout: rows
written, rows lost (pages that were not damaged yet gave no row) and repeated, the process's peak RSS (wait4), the
wall time and the exit code. Only public entry points (``run_batch``, ``python -m crawler extract``,
``crawler.extractors.extract``) are used, so an older checkout runs the cases too.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path

DATASET = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "scrapinghub" / "html"
THIS_CHECKOUT = Path(__file__).resolve().parents[2]
DAMAGED = 90  # the record damaged in the middle of the archive
BOMB_MB = 1024
BYTES_PER_MB = 1024 * 1024
CASE_TIMEOUT_SECONDS = 600
# How often the case's peak RSS is read; the peak is that of the last read before it exits.
POLL_SECONDS = 0.02


def build_warc(pages: list[bytes], gzipped: bool) -> tuple[bytes, list[int]]:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    stream = io.BytesIO()
    writer = WARCWriter(stream, gzip=gzipped)
    starts = []
    for number, body in enumerate(pages):
        starts.append(stream.tell())
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        writer.write_record(writer.create_warc_record(f"http://site.example/{number}.html", "response",
                                                      payload=io.BytesIO(body), http_headers=headers))
    return stream.getvalue(), starts


def damaged_warcs(pages: list[bytes]) -> dict[str, bytes]:
    """The archive damaged in each way, with the damage at record DAMAGED."""
    gz, starts = build_warc(pages, True)
    plain, plain_starts = build_warc(pages, False)
    a, b = starts[DAMAGED], starts[DAMAGED + 1]
    middle = (a + b) // 2

    def length(data: bytes, begin: int, end: int, value: bytes, recompress: bool) -> bytes:
        record = gzip.decompress(data[begin:end]) if recompress else data[begin:end]
        record = re.sub(rb"Content-Length: \d+", b"Content-Length: " + value, record, count=1)
        return data[:begin] + (gzip.compress(record) if recompress else record) + data[end:]

    pa, pb = plain_starts[DAMAGED], plain_starts[DAMAGED + 1]
    one_stream = gzip.compress(plain)
    stream_middle = len(one_stream) // 2
    from crawler.bulk.warc_scan import zstd_module

    ends = [*plain_starts[1:], len(plain)]
    frames = [zstd_module().compress(plain[start:end]) for start, end in zip(plain_starts, ends, strict=True)]
    zst = b"".join(frames)
    za = sum(len(frame) for frame in frames[:DAMAGED])
    return {
        "warc.gz: corrupt gzip member": gz[:middle] + bytes(x ^ 0x55 for x in gz[middle : middle + 64])
        + gz[middle + 64 :],
        "warc.gz: 1 KB garbage between members": gz[:a] + random.Random(0).randbytes(1024) + gz[a:],
        "warc.gz: 4 KB zeroed across a boundary": gz[: a - 2048] + bytes(4096) + gz[a + 2048 :],
        "warc.gz: wrong Content-Length": length(gz, a, b, b"100", True),
        "warc: Content-Length too small": length(plain, pa, pb, b"100", False),
        "warc: Content-Length non-numeric": length(plain, pa, pb, b"abc", False),
        "warc: Content-Length negative": length(plain, pa, pb, b"-5", False),
        "warc: Content-Length huge": length(plain, pa, pb, b"99999999999", False),
        "warc.gz (one gzip stream): corrupt bytes mid-file": one_stream[:stream_middle]
        + bytes(x ^ 0x55 for x in one_stream[stream_middle : stream_middle + 64]) + one_stream[stream_middle + 64 :],
        "warc.zst (one frame a record): 1 KB garbage between frames": zst[:za] + random.Random(0).randbytes(1024)
        + zst[za:],
    }


def build_arc(pages: list[bytes], gzipped: bool) -> tuple[bytes, list[int]]:
    """An ARC 1.0 file of the pages (one gzip member a record when ``gzipped``) and each page record's start."""
    version = b"1 0 bench\nURL IP-address Archive-date Content-type Archive-length\n"
    records = [b"filedesc://bench.arc 0.0.0.0 20240312000000 text/plain %d\n%b\n" % (len(version), version)]
    for number, body in enumerate(pages):
        block = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + body
        records.append(b"http://site.example/%d.html 127.0.0.1 20240312093000 text/html %d\n%b\n"
                       % (number, len(block), block))
    parts = [gzip.compress(record) for record in records] if gzipped else records
    starts = [sum(len(part) for part in parts[: index + 1]) for index in range(len(pages))]
    return b"".join(parts), starts


def damaged_arcs(pages: list[bytes]) -> dict[str, bytes]:
    """The ARC file damaged in each way, with the damage at record DAMAGED."""
    gz, starts = build_arc(pages, True)
    plain, plain_starts = build_arc(pages, False)
    a, b = starts[DAMAGED], starts[DAMAGED + 1]
    pa, pb = plain_starts[DAMAGED], plain_starts[DAMAGED + 1]
    middle = (a + b) // 2

    def length(data: bytes, begin: int, end: int, change: int) -> bytes:
        line, rest = data[begin:end].split(b"\n", 1)
        url_and_fields, value = line.rsplit(b" ", 1)
        return data[:begin] + b"%b %d\n" % (url_and_fields, int(value) + change) + rest + data[end:]

    return {
        "arc.gz: corrupt gzip member": gz[:middle] + bytes(x ^ 0x55 for x in gz[middle : middle + 64])
        + gz[middle + 64 :],
        "arc.gz: 1 KB garbage between members": gz[:a] + random.Random(0).randbytes(1024) + gz[a:],
        "arc: 1 KB garbage between records": plain[:pa] + random.Random(0).randbytes(1024) + plain[pa:],
        "arc: Archive-length too small": length(plain, pa, pb, -1000),
        "arc: Archive-length too large": length(plain, pa, pb, 30000),
    }


BATCH_CASE = """
import json, sys
try:
    from crawler.bulk.batch import run_batch
except ImportError:  # a checkout from before crawler/bulk
    from crawler.batch import run_batch
result = run_batch([sys.argv[1]], sys.argv[2], workers=0, progress=False)
rows = [json.loads(line)["url"] for line in open(sys.argv[2], encoding="utf-8")]
print(json.dumps({"rows": rows}))
"""

EXTRACT_CASE = """
import json, sys
from crawler.extractors import extract
html = open(sys.argv[1], "rb").read()
article = extract(html)
print(json.dumps({"rows": [article.text[:0] + "x"] if article.text else [], "text": article.text[:200]}))
"""


def _peak_rss_kb(pid: int) -> int:
    """The process's peak RSS so far (``VmHWM``: of its own memory since exec; getrusage's ru_maxrss would count
    the benchmark's memory, which the child shares until it execs)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def run_case(checkout: Path, arguments: list[str], timeout: float = CASE_TIMEOUT_SECONDS) -> dict:
    """Runs ``python ARGUMENTS`` with the checkout first on the path: its last stdout line (JSON, if any), peak
    RSS of the process (Linux), seconds, exit code."""
    started = time.monotonic()
    process = subprocess.Popen([sys.executable, *arguments], env=dict(os.environ, PYTHONPATH=str(checkout)),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=str(checkout))
    deadline = started + timeout
    peak_kb = 0
    while True:
        peak_kb = max(peak_kb, _peak_rss_kb(process.pid))
        pid, status, _ = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            process.kill()
            pid, status, _ = os.wait4(process.pid, 0)
            break
        time.sleep(POLL_SECONDS)
    output = process.stdout.read() if process.stdout else b""
    errors = process.stderr.read() if process.stderr else b""
    seconds = time.monotonic() - started
    lines = output.decode("utf-8", "replace").strip().splitlines()
    data: dict = {}
    if lines:
        try:
            data = json.loads(lines[-1])
        except ValueError:
            data = {}
    return {"data": data, "rss_mb": peak_kb / 1024, "seconds": seconds,
            "exit": os.waitstatus_to_exitcode(status), "stderr": errors.decode("utf-8", "replace")[-300:]}


def cases(folder: Path) -> dict[str, tuple[list[str], Callable[[dict], tuple[int, int, int]]]]:
    """name -> (arguments, a function of the result giving rows, lost, repeated)."""
    pages = [gzip.decompress(path.read_bytes()) for path in sorted(DATASET.glob("*.html.gz"))]
    expected = {f"http://site.example/{n}.html" for n in range(len(pages))}
    spared = expected - {f"http://site.example/{DAMAGED}.html", f"http://site.example/{DAMAGED - 1}.html"}
    found: dict[str, tuple[list[str], Callable[[dict], tuple[int, int, int]]]] = {}

    def batch_counts(result: dict) -> tuple[int, int, int]:
        rows = result["data"].get("rows", [])
        return len(rows), len(spared - set(rows)), len(rows) - len(set(rows))

    for name, data in {**damaged_warcs(pages), **damaged_arcs(pages)}.items():
        path = folder / (re.sub(r"\W+", "-", name) + "." + name.split(":")[0].split(" ")[0])
        path.write_bytes(data)
        found[name] = (["-c", BATCH_CASE, str(path), str(path) + ".out.jsonl"], batch_counts)

    saved = folder / "saved"
    saved.mkdir()
    for number, body in enumerate(pages):
        (saved / f"{number:03d}.html.gz").write_bytes(gzip.compress(body))
    good = gzip.compress(pages[0])
    (saved / "000-corrupt.html.gz").write_bytes(good[:40] + bytes(x ^ 0xFF for x in good[40:80]) + good[80:])

    def folder_counts(result: dict) -> tuple[int, int, int]:
        rows = result["data"].get("rows", [])
        return len(rows), len(pages) - len(rows), len(rows) - len(set(rows))

    found["folder: one corrupt .html.gz"] = (["-c", BATCH_CASE, str(saved), str(folder / "saved.out.jsonl")],
                                             folder_counts)
    bomb = folder / "bomb.html.gz"
    compressor = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    with bomb.open("wb") as file:
        file.write(compressor.compress(b"<html><body>"))
        block = b" " * BYTES_PER_MB
        for _ in range(BOMB_MB):
            file.write(compressor.compress(block))
        file.write(compressor.flush())
    found[f"extract: {BOMB_MB} MB gzip bomb"] = (["-m", "crawler", "extract", str(bomb)], lambda r: (0, 0, 0))
    article = ("<article>" + "".join(f"<p>Paragraph {i} of the story about the river defences and their costs.</p>"
                                     for i in range(15)) + "</article>")
    giant_script = folder / "json-ld-50mb.html"
    giant_script.write_text('<html><head><script type="application/ld+json">{"x": "' + "a" * (50 * BYTES_PER_MB)
                            + '"}</script></head><body>' + article + "</body></html>")
    giant_title = folder / "title-10mb.html"
    giant_title.write_text("<html><head><title>" + "T" * (10 * BYTES_PER_MB) + "</title></head><body>" + article
                           + "</body></html>")
    mixed = folder / "mixed.html"
    mixed.write_bytes(b"<html><head><meta charset='utf-8'></head><body><article>"
                      + "<p>The governor’s plan – approved on Tuesday – is “final”, officials said today.</p>".encode()
                      + "<p>市政府周二批准了新的河堤工程，工程将于明年春天开工。</p>".encode("gbk")
                      + "<p>It’s the third plan in a decade, the café owners said.</p>".encode()
                      + b"</article></body></html>")

    def one_article(result: dict) -> tuple[int, int, int]:
        rows = len(result["data"].get("rows", []))
        return rows, 1 - rows, 0

    def mixed_readable(result: dict) -> tuple[int, int, int]:
        text = result["data"].get("text", "")
        whole = "governor’s" in text and "市政府" in text
        return int(bool(text)), int(not whole), 0

    found["page: 50 MB JSON-LD script"] = (["-c", EXTRACT_CASE, str(giant_script)], one_article)
    found["page: 10 MB <title>"] = (["-c", EXTRACT_CASE, str(giant_title)], one_article)
    found["page: UTF-8 with a GBK paragraph"] = (["-c", EXTRACT_CASE, str(mixed)], mixed_readable)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", action="append", type=Path,
                        help="a checkout to run the cases with (repeatable; default: this one)")
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="run only the cases whose name holds TEXT (repeatable)")
    args = parser.parse_args(argv)
    checkouts = args.checkout or [THIS_CHECKOUT]
    with tempfile.TemporaryDirectory(prefix="reliability-") as temporary:
        found = {name: case for name, case in cases(Path(temporary)).items()
                 if not args.only or any(text in name for text in args.only)}
        print(f"{'case':42} {'checkout':14} {'rows':>5} {'lost':>5} {'rep.':>5} {'RSS MB':>7} {'s':>6} {'exit':>4}")
        for name, (arguments, counts) in found.items():
            for checkout in checkouts:
                for stale in Path(temporary).glob("*.out.jsonl*"):
                    stale.unlink()
                result = run_case(checkout, arguments)
                rows, lost, repeated = counts(result)
                print(f"{name:42} {checkout.name:14} {rows:5d} {lost:5d} {repeated:5d} {result['rss_mb']:7.0f} "
                      f"{result['seconds']:6.1f} {result['exit']:4d}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
