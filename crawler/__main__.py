"""``python -m crawler``: see crawler.cli."""

from .cli import main

raise SystemExit(main())
