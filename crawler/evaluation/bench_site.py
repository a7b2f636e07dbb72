"""The bench's served news site: a data set's pages, each under several article URLs, linked from listing pages and
a home page (``build_site``), served over HTTP/1.1 with keep-alive on 127.0.0.1 from a thread of the bench's own
process (``BenchServer``), so that ``crawl_bench`` can crawl a site whose every page it knows.
"""

from __future__ import annotations

import asyncio
import threading

LINKS_PER_LISTING = 50  # a section page of a news site lists a few dozen stories


def build_site(pages: list[bytes], copies: int) -> tuple[dict[str, bytes], list[str]]:
    """Path -> body of every page; the article paths. Listing pages link to LINKS_PER_LISTING articles each."""
    site: dict[str, bytes] = {}
    articles: list[str] = []
    for copy in range(copies):
        for index, html in enumerate(pages):
            path = f"/news/2024/03/{copy + 1:02d}/story-{index}-{copy}.html"
            site[path] = html
            articles.append(path)
    listings = []
    for start in range(0, len(articles), LINKS_PER_LISTING):
        path = f"/section/page/{start // LINKS_PER_LISTING + 1}.html"
        links = "".join(f'<li><a href="{a}">Story {a}</a></li>' for a in articles[start : start + LINKS_PER_LISTING])
        site[path] = f"<html><body><ul>{links}</ul></body></html>".encode()
        listings.append(path)
    home = "".join(f'<li><a href="{p}">Section page {i}</a></li>' for i, p in enumerate(listings))
    site["/"] = f"<html><body><ul>{home}</ul></body></html>".encode()
    return site, articles


class BenchServer:
    """The site over HTTP/1.1 with keep-alive on 127.0.0.1, from an event loop in a thread of this process.

    News sites keep connections alive; a server that closed each one (``http.server`` speaks HTTP/1.0) made the
    crawl open a TCP connection a page, a cost no real crawl of a news site pays. Responses
    are built once, so serving costs the crawl's cores little (``cpu_seconds`` tells how little)."""

    def __init__(self, site: dict[str, bytes]) -> None:
        self.responses = {path: _response(200, body) for path, body in site.items()}
        self.not_found = _response(404, b"not found")
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True, name="bench-server")
        self.thread_id: int | None = None
        self.port = 0
        self.connections = 0  # accepted so far

    def __enter__(self) -> BenchServer:
        self.thread.start()
        self.ready.wait()
        return self

    def __exit__(self, *_: object) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cpu_seconds(self) -> float:
        """CPU time the server's thread has used so far."""
        return _thread_cpu_seconds(self.thread_id) if self.thread_id is not None else 0.0

    def _run(self) -> None:
        self.thread_id = threading.get_native_id()
        asyncio.set_event_loop(self.loop)
        # The crawl opens up to CONCURRENT_REQUESTS connections at once: a backlog of 5 (socketserver's
        # default) dropped SYNs, which the client retried after 1, 2, 4 s.
        server = self.loop.run_until_complete(
            asyncio.start_server(self._serve, "127.0.0.1", 0, backlog=LISTEN_BACKLOG))
        self.port = server.sockets[0].getsockname()[1]
        self.ready.set()
        try:
            self.loop.run_forever()
        finally:
            server.close()
            connections = asyncio.all_tasks(self.loop)  # keep-alive connections still waiting for a request
            for connection in connections:
                connection.cancel()
            self.loop.run_until_complete(asyncio.gather(*connections, return_exceptions=True))
            self.loop.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                request_line = head.split(b"\r\n", 1)[0].split()
                path = request_line[1].split(b"?", 1)[0].decode("latin-1") if len(request_line) > 1 else ""
                writer.write(self.responses.get(path, self.not_found))
                await writer.drain()
                if b"connection: close" in head.lower() or request_line[-1:] == [b"HTTP/1.0"]:
                    break
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            pass  # the client closed the connection
        finally:
            writer.close()


LISTEN_BACKLOG = 1024  # the crawl's connections at once, with room; nginx listens with 511


def _response(status: int, body: bytes) -> bytes:
    reason = {200: "OK", 404: "Not Found"}[status]
    head = (f"HTTP/1.1 {status} {reason}\r\nContent-Type: text/html; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


def _thread_cpu_seconds(native_id: int) -> float:
    """User + system time of one thread of this process (0 once it has ended)."""
    import psutil

    for thread in psutil.Process().threads():
        if thread.id == native_id:
            return thread.user_time + thread.system_time
    return 0.0
