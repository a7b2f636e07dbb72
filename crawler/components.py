"""What the project's Scrapy components share: awaiting work done in a thread or process from Scrapy code under
any reactor, an item as a plain dict, and the folder under ``.scrapy/`` where the project keeps its files."""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from typing import Any, TypeVar

from itemadapter import ItemAdapter, is_item
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.defer import Deferred

# The folder under the project's ``.scrapy/`` (``scrapy.utils.project.data_path``) for the template store and the
# article database.
DATA_DIR = "newscrawler"
T = TypeVar("T")


async def await_future(future: Future[T]) -> T:
    """Await a concurrent.futures future from Scrapy code under any reactor (asyncio or not)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        return await asyncio.wrap_future(future)
    from twisted.internet import reactor

    deferred: Deferred[T] = Deferred()

    def fire(done: Future[T]) -> None:
        error = done.exception()
        if error is not None:
            deferred.errback(error)
        else:
            deferred.callback(done.result())

    future.add_done_callback(lambda done: reactor.callFromThread(fire, done))  # type: ignore[attr-defined]
    return await maybe_deferred_to_future(deferred)


_PLAIN_VALUES = (str, bytes, int, float, type(None))


def _plain(value: Any) -> Any:
    if isinstance(value, _PLAIN_VALUES):
        return value
    if isinstance(value, dict):
        return {key: _plain(inner) for key, inner in value.items()}
    if isinstance(value, (list, set, tuple)):
        return value.__class__(_plain(inner) for inner in value)
    return ItemAdapter(value).asdict() if is_item(value) else value


def item_as_dict(adapter: ItemAdapter) -> dict[str, Any]:
    """``adapter.asdict()``, with plain values copied without asking each whether it is an item."""
    return {name: _plain(value) for name, value in adapter.items()}
