"""Imported once by the fork server of bulk extraction's worker pool (``multiprocessing.set_forkserver_preload``):
everything a page job needs is imported and loaded here, before any worker is forked, so the workers inherit
it instead of each paying for it (imports of lxml, the extractors, the row's code, and the language identifier's model:
about 0.9 s of CPU per worker measured, and the model's memory shared copy-on-write).

Importing this module outside a fork server costs the same once and does no harm.
"""

from __future__ import annotations

from ..pagejob import job as pagejob
from . import chunks  # noqa: F401  (what a worker runs: the chunk, its rows)

WARM_UP_PAGE = (b"<html><head><title>Warm-up</title></head><body><article><p>The council met on Tuesday to "
                b"discuss the budget for the new harbour, and residents asked how the costs would be shared."
                b"</p></article></body></html>")


def warm_up() -> None:
    """One page through the page job: every lazily loaded part (language model, metadata patterns) loaded."""
    pagejob.PageExtractor(None).extract(WARM_UP_PAGE, "https://warm-up.invalid/news/1.html")


warm_up()
