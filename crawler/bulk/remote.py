"""Archive lists and archives read over HTTP(S): a paths file (one path or URL a line, as Common Crawl publishes
``warc.paths.gz``) names the archives of a run, and an archive named by URL is read as a stream, never held whole in
memory or on disk. A dropped connection is resumed where it broke (an HTTP Range request) after a back-off, so one
flaky transfer does not cost the archive."""

from __future__ import annotations

import contextlib
import gzip
import io
import logging
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from http.client import HTTPException
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

logger = logging.getLogger(__name__)

PATHS_SUFFIXES = (".paths", ".paths.gz", ".txt")
REMOTE_SCHEMES = ("http", "https")
# A transfer that stalls this long is retried: long enough for a slow archive server, short enough to notice.
READ_TIMEOUT_SECONDS = 60.0
# Attempts at one archive before it is given up (counted, the run goes on); back-off doubles from the first delay.
MAX_ATTEMPTS = 5
FIRST_BACKOFF_SECONDS = 1.0
USER_AGENT = "newscrawler-extract-batch (archive reader)"


class RemoteError(OSError):
    """An archive that could not be read over HTTP after every attempt."""


@dataclass(frozen=True, slots=True)
class RemoteArchive:
    """An archive named by URL in a paths file; ``kind`` as ``readers`` names local inputs (warc, arc, jsonl)."""

    url: str

    @property
    def name(self) -> str:
        return unquote(urlsplit(self.url).path.rsplit("/", 1)[-1])

    def __str__(self) -> str:
        return self.url


def is_paths_file(path: Path) -> bool:
    return path.name.lower().endswith(PATHS_SUFFIXES)


def read_paths_file(path: Path, base_url: str | None = None) -> list[str]:
    """The entries of a paths file in order: absolute URLs and paths as written, relative ones joined to
    ``base_url`` (a URL or a folder) or, without it, to the paths file's own folder."""
    raw = path.read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    entries = []
    for line in raw.decode("utf-8", "replace").splitlines():
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        scheme = urlsplit(entry).scheme.lower()
        if scheme in REMOTE_SCHEMES or scheme == "file" or entry.startswith("/"):
            entries.append(entry)
        elif base_url:
            joined = base_url if base_url.endswith("/") else base_url + "/"
            entries.append(urljoin(joined, entry) if "://" in base_url else str(Path(base_url) / entry))
        else:
            entries.append(str(path.parent / entry))
    return entries


def local_path(entry: str) -> Path | None:
    """The local path a paths-file entry names (a path or a ``file://`` URL), or None for a remote one."""
    parts = urlsplit(entry)
    if parts.scheme.lower() in REMOTE_SCHEMES:
        return None
    if parts.scheme.lower() == "file":
        return Path(unquote(parts.path))
    return Path(entry)


Opener = Callable[[urllib.request.Request, float], io.BufferedIOBase]


def _default_open(request: urllib.request.Request, timeout: float) -> io.BufferedIOBase:
    return urllib.request.urlopen(request, timeout=timeout)


class RetryingStream(io.RawIOBase):
    """The body of one URL as a readable stream: a read that fails (reset, timeout, truncated body) reopens the
    URL from the byte it reached, after a back-off, up to MAX_ATTEMPTS times in a row."""

    def __init__(self, url: str, *, attempts: int = MAX_ATTEMPTS, backoff: float = FIRST_BACKOFF_SECONDS,
                 timeout: float = READ_TIMEOUT_SECONDS, opener: Opener = _default_open,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        super().__init__()
        self.url = url
        self.attempts = attempts
        self.backoff = backoff
        self.timeout = timeout
        self.opener = opener
        self.sleep = sleep
        self.position = 0
        self.retries = 0
        self.length: int | None = None
        self._response: io.BufferedIOBase | None = None
        self._open()

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True  # forwards only (a WARC reader skips record bodies): ``seek`` reads up to the place

    def tell(self) -> int:
        return self.position

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        target = offset if whence == io.SEEK_SET else self.position + offset if whence == io.SEEK_CUR else -1
        if target < self.position:
            raise io.UnsupportedOperation(f"{self.url}: a stream over HTTP seeks forwards only")
        scratch = bytearray(1 << 16)
        while self.position < target:
            view = memoryview(scratch)[: min(len(scratch), target - self.position)]
            if not self.readinto(view):
                break
        return self.position

    def _open(self) -> None:
        failures = 0
        while True:
            request = urllib.request.Request(self.url, headers={"User-Agent": USER_AGENT})
            if self.position:
                request.add_header("Range", f"bytes={self.position}-")
            try:
                response = self.opener(request, self.timeout)
                status = getattr(response, "status", 200)
                if self.position and status == 200:  # the server ignores Range: read up to where we were
                    self._skip(response, self.position)
                elif self.position and status != 206:
                    raise RemoteError(f"{self.url}: status {status} when resuming at byte {self.position}")
                length = response.headers.get("Content-Length") if hasattr(response, "headers") else None
                if length and length.isdigit() and self.length is None:
                    self.length = int(length) + (self.position if status == 206 else 0)
                self._response = response
                return
            except urllib.error.HTTPError as error:
                if error.code < 500 and error.code != 429:  # a client error will not change on retry
                    raise RemoteError(f"{self.url}: HTTP {error.code} {error.reason}") from error
                failures = self._failed(failures, error)
            except (urllib.error.URLError, HTTPException, OSError) as error:
                if isinstance(error, RemoteError):
                    raise
                failures = self._failed(failures, error)

    def _failed(self, failures: int, error: BaseException) -> int:
        failures += 1
        if failures >= self.attempts:
            raise RemoteError(f"{self.url}: gave up after {failures} attempts at byte {self.position}: "
                              f"{getattr(error, 'reason', None) or error}") from error
        delay = self.backoff * 2 ** (failures - 1)
        logger.info("%s: %s; retrying at byte %d in %.0f s", self.url, error, self.position, delay)
        self.retries += 1
        self.sleep(delay)
        return failures

    @staticmethod
    def _skip(response: io.BufferedIOBase, count: int) -> None:
        while count > 0:
            data = response.read(min(count, 1 << 20))
            if not data:
                raise RemoteError("the body ended before the byte to resume from")
            count -= len(data)

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        failures = 0
        while True:
            if self._response is None:
                self._open()
            try:
                assert self._response is not None
                data = self._response.read(len(buffer))
            except (HTTPException, OSError) as error:
                data = None
                failure: BaseException = error
            else:
                if data or self.length is None or self.position >= self.length:
                    size = len(data)
                    buffer[:size] = data
                    self.position += size
                    return size
                failure = RemoteError(f"the body ended at byte {self.position} of {self.length}")
            self._close_response()
            failures = self._failed(failures, failure)

    def _close_response(self) -> None:
        if self._response is not None:
            with contextlib.suppress(OSError):
                self._response.close()
            self._response = None

    def close(self) -> None:
        self._close_response()
        super().close()


class RemoteReader(io.BufferedReader):
    """A buffered RetryingStream: it seeks forwards only, so an archive's end is not checked by seeking back."""

    forward_only = True


def open_remote(url: str, **options: object) -> RemoteReader:
    """A buffered stream of the archive at ``url`` (see RetryingStream)."""
    return RemoteReader(RetryingStream(url, **options), buffer_size=1 << 20)  # type: ignore[arg-type]


__all__ = ["PATHS_SUFFIXES", "RemoteArchive", "RemoteError", "RemoteReader", "RetryingStream", "is_paths_file",
           "local_path", "open_remote", "read_paths_file"]
