"""Worker processes fed by the asyncio event loop itself, for the crawl's extraction.

``ProcessPoolExecutor`` passes every call through two threads of the calling process (a feeder that writes
calls, a manager that reads results) and wakes the event loop from a third. On the crawl benchmark
(``python -m crawler.evaluation.crawl_bench``) those threads cost the crawl process CPU on every page, besides the
GIL hand-offs between them and the loop. Here the loop writes each call to its worker's socket (framed as
``frames`` says) and reads the result when the socket is readable: no thread, no wake-up.

Each worker holds at most ``CALLS_IN_FLIGHT_PER_WORKER`` calls: one running and one waiting in its socket, so a
worker that finishes a page starts the next at once instead of waiting for the loop's turn; the rest wait in
this process, in order. A worker that dies fails only its own calls (``WorkerDied``) and is replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import pickle
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import Any

from .frames import call_frames, frame_bounds, receive_call

logger = logging.getLogger(__name__)

# One call running and one queued behind it: enough that a worker never waits for the event loop between
# pages (design choice; ProcessPoolExecutor likewise queues one call more than it has workers).
CALLS_IN_FLIGHT_PER_WORKER = 2
# Bytes read from a worker's socket at once, into one buffer the pool keeps (``recv_into``): ``recv(1 MB)`` made a
# new 1 MB object for every read, which the C library maps and unmaps (an mmap, an mremap to the bytes read and a
# munmap each time), several times the cost of a read into the kept buffer.
READ_CHUNK_BYTES = 1 << 20
# Room in the socket for the page queued behind the running one, so the worker reads it whole when it is free
# instead of waiting for the event loop to write the rest: many news pages are larger than the default buffer
# (208 KB); 4 MB holds nearly all of them. The kernel caps it at net.core.wmem_max.
SEND_BUFFER_BYTES = 4 << 20
# Workers that die one after another before their first answer (a failing initializer: an unreadable store,
# a missing module) are not started again past this many; every call then fails at once with the cause.
MAX_FAILED_STARTS = 3
# How long close() waits for a worker to finish its call and exit before killing it.
SHUTDOWN_TIMEOUT_SECONDS = 30.0
# Frames the loop hands the kernel in one sendmsg at most (Linux's IOV_MAX is 1024); a worker's socket holds
# CALLS_IN_FLIGHT_PER_WORKER calls of a few frames each.
MAX_FRAMES_A_SEND = 64


# How often a worker looks whether the process that started it is still there (exit_with_parent). A killed
# parent leaves its workers at most this long (plus the call they run: a page takes milliseconds).
PARENT_POLL_SECONDS = 0.5


def exit_with_parent(pid: int) -> None:
    """In a worker process: a daemon thread ends this process once process ``pid`` (the one that started the
    pool; with the forkserver start method it is not the worker's parent) is gone, killed or a zombie.
    ``PR_SET_PDEATHSIG`` would see only the direct parent, the fork server. PID reuse is told apart by the
    process's start time."""
    import psutil

    try:
        started = psutil.Process(pid).create_time()
    except psutil.Error:
        os._exit(1)

    def alive() -> bool:
        try:
            process = psutil.Process(pid)
            return process.create_time() == started and process.status() != psutil.STATUS_ZOMBIE
        except psutil.Error:
            return False

    def watch() -> None:
        while alive():
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)  # nobody is left to hand results to; the parent's state file says what is done

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class WorkerDied(BrokenProcessPool):
    """The worker running the call exited (killed, out of memory, crashed) before it answered."""


def _serve(sock: socket.socket, initializer: Callable[..., Any] | None, initargs: Sequence[Any]) -> None:
    """The worker process: run calls as they come, answer each with (ok, result or exception), until EOF."""
    connection = Connection(sock.detach())
    if initializer is not None:
        initializer(*initargs)
    while True:
        try:
            function, args = receive_call(connection)
        except EOFError:  # the pool closed its end: no more calls
            return
        try:
            reply: tuple[bool, Any] = (True, function(*args))
        except BaseException as error:  # handed to the caller, as ProcessPoolExecutor does
            reply = (False, error)
        try:
            payload = pickle.dumps(reply, pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # an unpicklable result or exception must not kill the worker
            payload = pickle.dumps((False, RuntimeError(f"result could not be sent back: {error!r}")))
        connection.send_bytes(payload)


class _Worker:
    """One process and this side of its socket."""

    def __init__(self, process: Any, sock: socket.socket) -> None:
        self.process = process
        self.sock = sock
        self.fd = sock.fileno()
        self.inbox = bytearray()
        self.outbox: deque[memoryview] = deque()
        self.waiting_to_write = False  # the loop watches the socket for room
        self.in_flight: deque[asyncio.Future[Any]] = deque()
        self.answered = 0


class AsyncWorkerPool:
    """``workers`` processes started with ``context``, each running ``initializer(*initargs)`` first; calls
    are awaited on ``loop``, which must be the running loop of every ``call``."""

    def __init__(self, workers: int, context: BaseContext, loop: asyncio.AbstractEventLoop,
                 initializer: Callable[..., Any] | None = None, initargs: Sequence[Any] = ()) -> None:
        if workers < 1:
            raise ValueError(f"a worker pool needs at least one worker, not {workers}")
        self.size = workers
        self.context = context
        self.loop = loop
        self.initializer = initializer
        self.initargs = tuple(initargs)
        self.workers: list[_Worker] = []
        self.waiting: deque[tuple[list[bytes | memoryview], asyncio.Future[Any]]] = deque()
        self.closed = False
        self.failed_starts = 0
        self.broken: str | None = None  # why no worker is started any more
        # Every read's bytes: whole answers are unpickled from here, the start of a longer one copied to its inbox.
        self.read_view = memoryview(bytearray(READ_CHUNK_BYTES))

    # -- processes
    def start(self) -> None:
        """Starts the missing workers now (their start-up overlaps whatever the crawl does meanwhile)."""
        if self.closed:
            raise RuntimeError("the worker pool is closed")
        if self.broken:
            return
        while len(self.workers) < self.size:
            self.workers.append(self._start_worker())

    def _start_worker(self) -> _Worker:
        ours, theirs = socket.socketpair()
        ours.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)
        process = self.context.Process(target=_serve, args=(theirs, self.initializer, self.initargs), daemon=True,
                                       name="extraction-worker")
        process.start()
        theirs.close()
        ours.setblocking(False)
        worker = _Worker(process, ours)
        self.loop.add_reader(worker.fd, self._readable, worker)
        return worker

    def _lost(self, worker: _Worker, reason: str) -> None:
        """A worker's socket closed under it: its calls fail, a new worker takes its place."""
        if worker not in self.workers:
            return
        self.workers.remove(worker)
        self._forget(worker)
        worker.process.join(timeout=1.0)
        cause = f"extraction worker {worker.process.pid} died ({reason}; exit code {worker.process.exitcode})"
        logger.error("%s; starting another", cause)
        while worker.in_flight:
            future = worker.in_flight.popleft()
            if not future.done():
                future.set_exception(WorkerDied(cause))
        self.failed_starts = self.failed_starts + 1 if worker.answered == 0 else 0
        if self.failed_starts >= MAX_FAILED_STARTS:
            self.broken = f"{self.failed_starts} workers died before answering; the last: {cause}"
            logger.error("not starting extraction workers any more: %s", self.broken)
            if not self.workers:
                self._fail_waiting()
        if not self.closed and not self.broken:
            self.workers.append(self._start_worker())
        self._dispatch()

    def _fail_waiting(self) -> None:
        while self.waiting:
            _, future = self.waiting.popleft()
            if not future.done():
                future.set_exception(WorkerDied(self.broken or "no worker"))

    def _forget(self, worker: _Worker) -> None:
        self.loop.remove_reader(worker.fd)
        self.loop.remove_writer(worker.fd)
        worker.sock.close()

    def close(self) -> None:
        """No more calls: workers finish the call they run, then exit; calls not yet answered are cancelled."""
        if self.closed:
            return
        self.closed = True
        for worker in self.workers:
            self.loop.remove_reader(worker.fd)
            self.loop.remove_writer(worker.fd)
            with contextlib.suppress(OSError):  # the worker reads EOF after its queued calls
                worker.sock.shutdown(socket.SHUT_WR)
        for worker in self.workers:
            worker.process.join(timeout=SHUTDOWN_TIMEOUT_SECONDS)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.sock.close()
            for future in worker.in_flight:
                future.cancel()
        for _, future in self.waiting:
            future.cancel()
        self.workers.clear()
        self.waiting.clear()

    # -- calls
    def call(self, function: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        """``function(*args)`` in a worker (function and arguments pickled, as for ProcessPoolExecutor)."""
        if self.closed:
            raise RuntimeError("the worker pool is closed")
        future = self.loop.create_future()
        if self.broken and not self.workers:
            future.set_exception(WorkerDied(self.broken))
            return future
        self.waiting.append((call_frames(function, args), future))
        if len(self.workers) < self.size:
            self.start()
        self._dispatch()
        return future

    def _dispatch(self) -> None:
        while self.waiting:
            worker = _least_busy(self.workers)
            if worker is None or len(worker.in_flight) >= CALLS_IN_FLIGHT_PER_WORKER:
                return
            frames, future = self.waiting.popleft()
            if future.cancelled():
                continue
            worker.in_flight.append(future)
            self._send(worker, frames)

    def _send(self, worker: _Worker, frames: list[bytes | memoryview]) -> None:
        worker.outbox.extend(map(memoryview, frames))
        if not worker.waiting_to_write:  # else the loop calls _writable when the socket has room
            self._writable(worker)

    def _writable(self, worker: _Worker) -> None:
        outbox = worker.outbox
        while outbox:
            frames = list(itertools.islice(outbox, MAX_FRAMES_A_SEND))
            try:  # the frames gathered by the kernel: a page is not joined to its header first
                sent = worker.sock.sendmsg(frames)
            except BlockingIOError:
                sent = 0
            except OSError as error:
                self._lost(worker, f"write failed: {error}")
                return
            full = sent < sum(map(len, frames))
            while outbox and sent >= len(outbox[0]):
                sent -= len(outbox.popleft())
            if sent:
                outbox[0] = outbox[0][sent:]
            if full:  # the socket is full: the rest when the worker has read some
                if not worker.waiting_to_write:
                    worker.waiting_to_write = True
                    self.loop.add_writer(worker.fd, self._writable, worker)
                return
        if worker.waiting_to_write:
            worker.waiting_to_write = False
            self.loop.remove_writer(worker.fd)

    def _readable(self, worker: _Worker) -> None:
        try:
            size = worker.sock.recv_into(self.read_view)
        except BlockingIOError:
            return
        except OSError as error:
            self._lost(worker, f"read failed: {error}")
            return
        if not size:
            self._lost(worker, "its socket closed")
            return
        received = self.read_view[:size]
        if worker.inbox:  # the rest of a message begun in an earlier read
            worker.inbox += received
            payloads: list[bytes | memoryview] = [*self._messages(worker)]
        else:  # the usual case, whole answers: read where they were received, uncopied
            frames, used = frame_bounds(received)
            payloads = [received[begin:end] for begin, end in frames]
            worker.inbox += received[used:]
        for payload in payloads:
            future = worker.in_flight.popleft()
            worker.answered += 1
            try:
                ok, result = pickle.loads(payload)
            except Exception as error:  # e.g. an exception class that cannot be rebuilt here
                ok, result = False, RuntimeError(f"the worker's answer could not be read: {error!r}")
            if future.cancelled():
                continue
            if ok:
                future.set_result(result)
            else:
                future.set_exception(result)
        self._dispatch()

    @staticmethod
    def _messages(worker: _Worker) -> list[bytes]:
        """The complete messages in the worker's inbox, taken out of it."""
        inbox = worker.inbox
        frames, used = frame_bounds(inbox)
        if not used:
            return []
        with memoryview(inbox) as view:  # one copy of each message (a slice of the bytearray would be a second)
            payloads = [bytes(view[begin:end]) for begin, end in frames]
        del inbox[:used]
        return payloads


def _least_busy(workers: list[_Worker]) -> _Worker | None:
    """The first of the workers with the fewest calls in flight (``min`` by that count, without a key function
    called for each: the pool asks for every call it hands over and every answer it reads)."""
    chosen = None
    fewest = 0
    for worker in workers:
        calls = len(worker.in_flight)
        if chosen is None or calls < fewest:
            chosen, fewest = worker, calls
    return chosen


__all__ = ["CALLS_IN_FLIGHT_PER_WORKER", "AsyncWorkerPool", "WorkerDied", "exit_with_parent"]
