"""AsyncWorkerPool: calls answered from worker processes through the event loop, in order, with big payloads,
errors handed back, a dead worker failing only its own calls and replaced, and a clean close."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest

from crawler.extraction_service import DEFAULT_START_METHOD, ExtractionService, ExtractionSettings
from crawler.pagejob.workerpool import CALLS_IN_FLIGHT_PER_WORKER, READ_CHUNK_BYTES, AsyncWorkerPool, WorkerDied

CONTEXT = multiprocessing.get_context(DEFAULT_START_METHOD)


def run(scenario) -> None:
    asyncio.run(scenario())


@pytest.mark.slow
def test_calls_run_in_the_workers_and_come_back_in_order() -> None:
    async def scenario() -> None:
        pool = AsyncWorkerPool(2, CONTEXT, asyncio.get_running_loop())
        try:
            sums = await asyncio.gather(*(pool.call(divmod, n, 7) for n in range(50)))
            pids = set(await asyncio.gather(*(pool.call(os.getpid) for _ in range(20))))
        finally:
            pool.close()
        assert sums == [divmod(n, 7) for n in range(50)]
        assert os.getpid() not in pids and 1 <= len(pids) <= 2

    run(scenario)


@pytest.mark.slow
def test_payloads_larger_than_the_socket_buffers_go_both_ways() -> None:
    big = bytes(range(256)) * 20_000  # 5 MB: many writes each way, with calls queued behind it

    async def scenario() -> None:
        pool = AsyncWorkerPool(2, CONTEXT, asyncio.get_running_loop())
        try:
            sizes = await asyncio.gather(*(pool.call(len, big) for _ in range(6)))
            echoed = await asyncio.gather(*(pool.call(bytes, big) for _ in range(4)))
        finally:
            pool.close()
        assert sizes == [len(big)] * 6
        assert all(copy == big for copy in echoed)

    run(scenario)


@pytest.mark.slow
def test_answers_of_every_size_around_the_read_buffer_arrive_whole_and_apart() -> None:
    """Answers are read into one buffer the pool keeps: answers that end, straddle or fill reads of it, and several
    answers in one read, each arrive as the worker sent it."""
    sizes = [READ_CHUNK_BYTES - 3, 5, READ_CHUNK_BYTES + 7, 0, 2 * READ_CHUNK_BYTES + 1, 1, 300, READ_CHUNK_BYTES]
    payloads = [bytes([n % 251]) * size for n, size in enumerate(sizes)]

    async def scenario() -> None:
        pool = AsyncWorkerPool(2, CONTEXT, asyncio.get_running_loop())
        try:
            echoed = await asyncio.gather(*(pool.call(bytes, payload) for payload in payloads * 2))
        finally:
            pool.close()
        assert echoed == payloads * 2

    run(scenario)


def _kinds(*args: Any) -> list[tuple[str, Any]]:
    return [(type(arg).__name__, arg) for arg in args]


@pytest.mark.slow
def test_bytes_arguments_are_sent_beside_the_call_and_arrive_as_bytes() -> None:
    """A page's bytes go to the worker as a frame of their own, not copied into the pickled call: each bytes
    argument arrives whole, as bytes, in its place among the others."""
    from crawler.pagejob.frames import SHORT_HEADER

    page = "été ".encode() * 50_000
    small = b"<p>x</p>"
    args = (page, "https://news.example/a.html", None, small, b"", page[:100_000], bytearray(b"kept"))

    async def scenario() -> None:
        pool = AsyncWorkerPool(1, CONTEXT, asyncio.get_running_loop())
        sent: list[int] = []
        send = pool._send

        def spy(worker: Any, frames: Any) -> None:
            sent.extend(len(frame) for frame in frames)
            send(worker, frames)

        pool._send = spy  # type: ignore[method-assign]
        try:
            echoed = await asyncio.gather(*(pool.call(_kinds, *args) for _ in range(3)))
        finally:
            pool.close()
        assert all(kinds == _kinds(*args) for kinds in echoed)
        # the page travels once a call, in a frame of its own: no frame holds it twice or beside the call
        assert max(sent) <= len(page) + SHORT_HEADER.size
        assert sum(sent) < 3 * (len(page) + 100_000 + 1_000)

    run(scenario)


@pytest.mark.slow
def test_an_exception_in_a_call_is_raised_to_its_caller_only() -> None:
    async def scenario() -> None:
        pool = AsyncWorkerPool(1, CONTEXT, asyncio.get_running_loop())
        try:
            bad, good = await asyncio.gather(pool.call(int, "not a number"), pool.call(int, "42"),
                                             return_exceptions=True)
        finally:
            pool.close()
        assert isinstance(bad, ValueError) and "not a number" in str(bad)
        assert good == 42

    run(scenario)


@pytest.mark.slow
def test_a_dead_worker_fails_its_own_calls_and_is_replaced() -> None:
    async def scenario() -> None:
        pool = AsyncWorkerPool(2, CONTEXT, asyncio.get_running_loop())
        try:
            await asyncio.gather(*(pool.call(os.getpid) for _ in range(4)))  # both workers up
            before = {worker.process.pid for worker in pool.workers}
            outcomes = await asyncio.gather(pool.call(os._exit, 3), *(pool.call(divmod, n, 2) for n in range(20)),
                                            return_exceptions=True)
            after = {worker.process.pid for worker in pool.workers}
            again = await pool.call(divmod, 9, 4)
        finally:
            pool.close()
        died = [outcome for outcome in outcomes if isinstance(outcome, WorkerDied)]
        assert 1 <= len(died) <= CALLS_IN_FLIGHT_PER_WORKER  # the call that killed it, and one queued behind
        assert "exit code 3" in str(died[0])
        assert sum(isinstance(outcome, tuple) for outcome in outcomes) == 21 - len(died)
        assert len(after) == 2 and after != before
        assert again == (2, 1)

    run(scenario)


def test_close_stops_every_worker_and_cancels_calls_not_started() -> None:
    async def scenario() -> None:
        pool = AsyncWorkerPool(1, CONTEXT, asyncio.get_running_loop())
        await pool.call(os.getpid)
        processes = [worker.process for worker in pool.workers]
        pending = [pool.call(divmod, n, 3) for n in range(10)]
        pool.close()
        assert all(not process.is_alive() for process in processes)
        assert all(future.cancelled() for future in pending[CALLS_IN_FLIGHT_PER_WORKER:])
        with pytest.raises(RuntimeError, match="closed"):
            pool.call(os.getpid)

    run(scenario)


@pytest.mark.slow
def test_the_extraction_service_feeds_its_workers_from_the_running_loop(tmp_path: Path) -> None:
    service = ExtractionService(ExtractionSettings(template_store=str(tmp_path / "t.sqlite"), workers=2))
    page = (b"<html><head><title>Harbour</title></head><body><article><p>"
            + b"The council approved the harbour plan after a long debate on Tuesday night. " * 8
            + b"</p></article></body></html>")

    async def scenario() -> None:
        ready = service.start()  # what spider_opened calls inside the crawl's loop
        assert all(await asyncio.gather(*ready))
        fields = await service.extract(page, "https://news.example/2024/05/harbour.html", "text/html")
        assert "harbour plan" in fields["text"]

    try:
        run(scenario)
        assert service._pool is None and service._loop_pool is not None  # no ProcessPoolExecutor was made
    finally:
        service.close()
    assert service._loop_pool is None


@pytest.mark.slow
def test_a_page_whose_worker_dies_is_kept_with_the_reason(tmp_path: Path) -> None:
    service = ExtractionService(ExtractionSettings(template_store=str(tmp_path / "t.sqlite"), workers=1))

    async def scenario() -> dict[str, Any]:
        pool = service._pool_for(asyncio.get_running_loop())
        killer = pool.call(os._exit, 9)  # the page below waits in the same worker's socket behind it
        fields = await service.extract(b"<html><body><p>text</p></body></html>", "https://news.example/a.html")
        with pytest.raises(WorkerDied):
            await killer
        fields["after"] = await service.extract(b"<html><body><p>more</p></body></html>", "https://news.example/b")
        return fields

    try:
        fields = asyncio.run(scenario())
    finally:
        service.close()
    assert fields["url"] == "https://news.example/a.html" and fields["text"] == ""
    assert fields["reason"].startswith("extraction worker died")
    assert not (fields["after"].get("reason") or "").startswith("extraction worker died")


@pytest.mark.slow
def test_workers_that_keep_dying_at_start_are_not_restarted_for_ever() -> None:
    async def scenario() -> None:
        pool = AsyncWorkerPool(1, CONTEXT, asyncio.get_running_loop(), initializer=os._exit, initargs=(5,))
        try:
            outcomes = await asyncio.gather(*(pool.call(divmod, n, 2) for n in range(8)), return_exceptions=True)
            with pytest.raises(WorkerDied, match="died before answering"):
                await pool.call(divmod, 1, 1)  # fails at once: nothing is started any more
        finally:
            pool.close()
        assert all(isinstance(outcome, WorkerDied) for outcome in outcomes)
        assert "exit code 5" in str(outcomes[-1])

    run(scenario)
