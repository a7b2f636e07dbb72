"""Which pages of a bulk run are kept: domains (allow and exclude lists), page kinds, languages and publication
dates, as a news corpus builder asks for them ("English and Chinese articles published in 2024 from these sites").

Each test runs as early as what it reads allows: domains on the record's URL before the page is parsed or even
sent to a worker (``before_extraction``); kind, language and date on the extracted row (``after_extraction``).
A page left out is counted under its reason (the ``FILTERED_*`` names), never silently dropped."""

from __future__ import annotations

import functools
import gzip
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

FILTERED_DOMAIN = "filtered_domain"  # not on the --domains list
FILTERED_EXCLUDED_DOMAIN = "filtered_excluded_domain"  # on the --exclude-domains list
FILTERED_NO_URL = "filtered_no_url"  # a domain list was given and the record names no URL
FILTERED_KIND = "filtered_kind"
FILTERED_LANGUAGE = "filtered_language"
FILTERED_DATE = "filtered_date"  # published outside --since/--until
FILTERED_UNDATED = "filtered_undated"  # no publication date, with --undated drop
UNDATED_CHOICES = ("keep", "drop")


class FilterError(ValueError):
    """A filter option that cannot be used as given (a date that does not parse, a list file that cannot be read)."""


@functools.lru_cache(maxsize=1)
def _suffixes() -> Any:
    import tldextract

    # The public suffix list shipped in the package: a bulk run never fetches one.
    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)


def registrable_domain(host: str) -> str:
    """The host's registrable domain (``news.bbc.co.uk`` -> ``bbc.co.uk``), lower-cased; a host the public suffix
    list does not know (an IP address, ``localhost``) is its own domain."""
    host = host.strip().strip(".").lower()
    result = _suffixes()(host)
    found = (result.top_domain_under_public_suffix if hasattr(result, "top_domain_under_public_suffix")
             else result.registered_domain)
    return found or host


def read_domain_list(path: str | Path) -> frozenset[str]:
    """A domain list file: one domain (or URL) a line, ``#`` comments, blank lines ignored; ``.gz`` inflated.
    Entries are kept as registrable domains, so a listed subdomain admits its whole site."""
    path = Path(path)
    try:
        raw = gzip.decompress(path.read_bytes()) if path.name.endswith(".gz") else path.read_bytes()
    except OSError as error:
        raise FilterError(f"{path}: cannot read the domain list: {error.strerror or error}") from error
    domains = set()
    for line in raw.decode("utf-8", "replace").splitlines():
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        host = urlsplit(entry).hostname if "://" in entry else entry.split("/", 1)[0]
        if host:
            domains.add(registrable_domain(host))
    return frozenset(domains)


def parse_day(value: str, option: str) -> date:
    """An ISO date (``2024-01-31``) or date-time, for --since and --until."""
    try:
        return date.fromisoformat(value) if len(value) == 10 else datetime.fromisoformat(value).date()
    except ValueError as error:
        raise FilterError(f"{option} {value!r}: not an ISO date (YYYY-MM-DD)") from error


def _published_day(value: Any) -> date | None:
    """The day of a row's ``published`` field (ISO text as rows carry it), or None."""
    if not isinstance(value, str) or len(value) < 10:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


@dataclass(frozen=True)
class PageFilter:
    """The filters of one run; the empty filter keeps everything."""

    kinds: frozenset[str] = frozenset()
    languages: frozenset[str] = frozenset()
    since: date | None = None
    until: date | None = None
    undated: str = "keep"
    domains: frozenset[str] = frozenset()
    exclude_domains: frozenset[str] = frozenset()
    _seen_hosts: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.undated not in UNDATED_CHOICES:
            raise FilterError(f"--undated must be one of {', '.join(UNDATED_CHOICES)}, not {self.undated!r}")
        if self.since and self.until and self.since > self.until:
            raise FilterError(f"--since {self.since} is after --until {self.until}")

    @property
    def active(self) -> bool:
        return bool(self.kinds or self.languages or self.since or self.until or self.undated == "drop"
                     or self.domains or self.exclude_domains)

    def describe(self) -> dict[str, Any]:
        """The filters as the run's state records them: a resumed run must be given the same ones."""
        return {"kinds": sorted(self.kinds), "languages": sorted(self.languages),
                "since": self.since.isoformat() if self.since else None,
                "until": self.until.isoformat() if self.until else None, "undated": self.undated,
                "domains": sorted(self.domains), "exclude_domains": sorted(self.exclude_domains)}

    def _domain(self, host: str) -> str:
        domain = self._seen_hosts.get(host)
        if domain is None:
            if len(self._seen_hosts) > 100_000:  # bounded: a crawl of many hosts must not grow this forever
                self._seen_hosts.clear()
            domain = self._seen_hosts[host] = registrable_domain(host)
        return domain

    def before_extraction(self, url: str | None) -> str | None:
        """The reason to leave out a record by its URL alone, or None to extract it."""
        if not self.domains and not self.exclude_domains:
            return None
        host = urlsplit(url).hostname if url else None
        if not host:
            return FILTERED_NO_URL if self.domains else None
        domain = self._domain(host)
        if domain in self.exclude_domains:
            return FILTERED_EXCLUDED_DOMAIN
        if self.domains and domain not in self.domains:
            return FILTERED_DOMAIN
        return None

    @property
    def judges_kind_or_language(self) -> bool:
        return bool(self.kinds or self.languages)

    def before_metadata(self, kind: str | None, language: str | None) -> str | None:
        """The reason to leave out a page by its judged kind and its text's language, once the extraction knows
        them and before its metadata is read, or None."""
        if self.kinds and (kind or "article") not in self.kinds:
            return FILTERED_KIND
        if self.languages and (language or "").split("-")[0].lower() not in self.languages:
            return FILTERED_LANGUAGE
        return None

    def after_extraction(self, row: Mapping[str, Any]) -> str | None:
        """The reason to leave out an extracted row by its kind, language or date, or None to write it."""
        if self.kinds:
            kind = row.get("page_kind") or row.get("page_type") or "article"
            if kind not in self.kinds:
                return FILTERED_KIND
        if self.languages and (row.get("language") or "").split("-")[0].lower() not in self.languages:
            return FILTERED_LANGUAGE
        if self.since or self.until or self.undated == "drop":
            day = _published_day(row.get("published"))
            if day is None:
                return FILTERED_UNDATED if self.undated == "drop" else None
            if (self.since and day < self.since) or (self.until and day > self.until):
                return FILTERED_DATE
        return None


def page_filter(*, kinds: Iterable[str] = (), languages: Iterable[str] = (), since: str | None = None,
                until: str | None = None, undated: str = "keep", domains: str | Path | None = None,
                exclude_domains: str | Path | None = None) -> PageFilter:
    """A PageFilter from command-line values (comma lists already split, dates as text, list files as paths)."""
    return PageFilter(
        kinds=frozenset(k.strip().lower() for k in kinds if k.strip()),
        languages=frozenset(code.strip().lower().split("-")[0] for code in languages if code.strip()),
        since=parse_day(since, "--since") if since else None,
        until=parse_day(until, "--until") if until else None,
        undated=undated,
        domains=read_domain_list(domains) if domains else frozenset(),
        exclude_domains=read_domain_list(exclude_domains) if exclude_domains else frozenset(),
    )


def _comma_list(value: str | None) -> list[str]:
    return [item for item in (value or "").split(",") if item.strip()]


def add_filter_arguments(parser: Any) -> None:
    """The filter options of ``extract-batch`` (and the Spark job), and ``--base-url`` for paths files."""
    group = parser.add_argument_group("filters (every page left out is counted by reason in the summary)")
    group.add_argument("--kinds", metavar="KIND,...",
                       help="keep only pages of these kinds (the row's page kind, e.g. article)")
    group.add_argument("--languages", metavar="CODE,...", help="keep only pages in these languages (ISO 639-1)")
    group.add_argument("--since", metavar="DATE", help="keep only pages published on or after DATE (YYYY-MM-DD)")
    group.add_argument("--until", metavar="DATE", help="keep only pages published on or before DATE")
    group.add_argument("--undated", choices=UNDATED_CHOICES, default="keep",
                       help="with --since/--until: keep or drop pages without a publication date (default: keep)")
    group.add_argument("--domains", metavar="FILE",
                       help="keep only pages of these sites: one domain a line, subdomains included")
    group.add_argument("--exclude-domains", metavar="FILE", help="leave out pages of these sites")
    parser.add_argument("--base-url", metavar="URL",
                        help="joined to the relative entries of a paths file (default: the paths file's folder)")


def filter_from_args(args: Any) -> PageFilter:
    return page_filter(kinds=_comma_list(args.kinds), languages=_comma_list(args.languages), since=args.since,
                       until=args.until, undated=args.undated, domains=args.domains,
                       exclude_domains=args.exclude_domains)


__all__ = ["FILTERED_DATE", "FILTERED_DOMAIN", "FILTERED_EXCLUDED_DOMAIN", "FILTERED_KIND", "FILTERED_LANGUAGE",
           "FILTERED_NO_URL", "FILTERED_UNDATED", "FilterError", "PageFilter", "add_filter_arguments",
           "filter_from_args", "page_filter", "read_domain_list", "registrable_domain"]
