"""The shipped sample news site (``samples/site``), served on 127.0.0.1 for demos and end-to-end tests.

    python -m crawler.sample_site --port 8765      # then: scrapy crawl news -a start_urls=http://127.0.0.1:8765/

Besides the static files it behaves like a real site: sitemaps, feed and robots.txt name their own address
(``{BASE}`` in the files), ``/old/...`` answers with a permanent redirect to the new address, ``/slow/...``
answers after a delay, and unknown paths answer 404. Every request is counted, so tests can check that no
page was fetched twice. Files carry an ``ETag`` (hash of the bytes served) and a fixed ``Last-Modified``, and
conditional requests (``If-None-Match``, else ``If-Modified-Since``) are answered ``304 Not Modified``, so
incremental recrawls can be tested; ``--delay`` slows every answer (resumable crawls are tested by killing a
slow crawl).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import threading
import time
from collections import Counter
from email.utils import formatdate, parsedate_to_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

SITE_ROOT = Path(__file__).resolve().parent.parent / "samples" / "site"
# /old/<name> moved here (a site reorganisation), answered with 301.
REDIRECTS = {"/old/harbour.html": "/world/2024/03/13/harbour-reopens-to-ferries.html"}
SLOW_PREFIX = "/slow/"
SLOW_SECONDS = 1.5  # slower than a typical page, far below Scrapy's 180 s download timeout
CONTENT_TYPES = {
    ".html": "text/html",
    ".xml": "application/xml; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}
# The Chinese section is GBK-encoded and says so in its header, as such sites do.
GBK_PREFIX = "/zh/"
# Every file claims this modification time (the day the sample stories were written), so Last-Modified is
# stable across checkouts; a page edited on disk is still told apart by its ETag, which wins (RFC 9110 13.2.2).
LAST_MODIFIED_EPOCH = 1710590400  # 2024-03-16T12:00:00Z
LAST_MODIFIED = formatdate(LAST_MODIFIED_EPOCH, usegmt=True)


class SampleSiteServer(ThreadingHTTPServer):
    daemon_threads = True
    # socketserver listens with a backlog of 5; a crawl opening more connections at once saw SYNs dropped
    # and retried seconds later (measured on the crawl benchmark). Web servers use the system maximum.
    request_queue_size = 1024

    def __init__(self, port: int = 0, root: Path = SITE_ROOT, delay: float = 0.0, conditional: bool = True) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.root = Path(root).resolve()
        self.delay = delay  # seconds before every answer
        self.conditional = conditional  # answer If-None-Match / If-Modified-Since with 304
        self.hits: Counter[str] = Counter()
        self.not_modified: Counter[str] = Counter()  # of the hits, those answered 304
        self.lock = threading.Lock()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def start(self) -> SampleSiteServer:
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self


class _Handler(BaseHTTPRequestHandler):
    server: SampleSiteServer

    def log_message(self, format: str, *args: object) -> None:
        pass  # tests and demos read the hit counter, not a log per request

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        with self.server.lock:
            self.server.hits[path] += 1
        if path in REDIRECTS:
            self._send(301, b"", "text/plain", {"Location": self.server.base_url + REDIRECTS[path]})
            return
        if path.startswith(SLOW_PREFIX):
            time.sleep(SLOW_SECONDS)
        if self.server.delay:
            time.sleep(self.server.delay)
        file = self._file(path)
        if file is None:
            self._send(404, b"<html><body><h1>Not found</h1></body></html>", "text/html")
            return
        body = file.read_bytes()
        suffix = file.suffix
        if suffix in {".xml", ".txt"}:
            body = body.replace(b"{BASE}", self.server.base_url.encode())
        content_type = CONTENT_TYPES.get(suffix, "application/octet-stream")
        if suffix == ".html":
            content_type += "; charset=gbk" if path.startswith(GBK_PREFIX) else "; charset=utf-8"
        etag = '"' + hashlib.sha1(body).hexdigest() + '"'
        validators = {"ETag": etag, "Last-Modified": LAST_MODIFIED} if self.server.conditional else {}
        if self.server.conditional and self._not_modified(etag):
            with self.server.lock:
                self.server.not_modified[path] += 1
            self._send(304, b"", content_type, validators)
            return
        self._send(200, body, content_type, validators)

    def _not_modified(self, etag: str) -> bool:
        """RFC 9110 13.1: If-None-Match decides when present; If-Modified-Since only without it."""
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
            return "*" in tags or etag in tags
        if_modified_since = self.headers.get("If-Modified-Since")
        if not if_modified_since:
            return False
        try:
            return parsedate_to_datetime(if_modified_since).timestamp() >= LAST_MODIFIED_EPOCH
        except (TypeError, ValueError):  # an unreadable date is ignored, as the RFC says
            return False

    def _file(self, path: str) -> Path | None:
        relative = path.lstrip("/") or "index.html"
        if relative.endswith("/"):
            relative += "index.html"
        candidate = (self.server.root / relative).resolve()
        if self.server.root not in candidate.parents or not candidate.is_file():
            return None
        return candidate

    def _send(self, status: int, body: bytes, content_type: str, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if status != 304:  # a 304 has no body and no Content-Length of its own
            self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.sample_site", description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--root", type=Path, default=SITE_ROOT, help="folder served (default: samples/site)")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds to wait before every answer")
    args = parser.parse_args(argv)
    server = SampleSiteServer(args.port, args.root, args.delay)
    print(f"serving {server.root} at {server.base_url}/ (Ctrl-C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
