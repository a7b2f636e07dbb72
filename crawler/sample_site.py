"""The shipped sample news site (``samples/site``), served on 127.0.0.1 for demos and end-to-end tests.

    python -m crawler.sample_site --port 8765      # then: scrapy crawl news -a start_urls=http://127.0.0.1:8765/

Besides the static files it behaves like a real site: sitemaps, feed and robots.txt name their own address
(``{BASE}`` in the files), ``/old/...`` answers with a permanent redirect to the new address, ``/slow/...``
answers after a delay, and unknown paths answer 404. Every request is counted, so tests can check that no
page was fetched twice.
"""

from __future__ import annotations

import argparse
import contextlib
import threading
import time
from collections import Counter
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


class SampleSiteServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int = 0, root: Path = SITE_ROOT) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.root = root
        self.hits: Counter[str] = Counter()
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
        self._send(200, body, content_type)

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
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.sample_site", description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    server = SampleSiteServer(args.port)
    print(f"serving {SITE_ROOT} at {server.base_url}/ (Ctrl-C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
