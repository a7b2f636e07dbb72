"""The commands on one page: ``extract`` (its main text, as text, JSON, HTML or Markdown) and ``explain`` (a
self-contained HTML report of why every block was kept or dropped), and how a page is read: a file (gzip or
not), stdin or an http(s) URL, inflated as it is read and refused past the page cap."""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path
from typing import Any, BinaryIO

from crawler.extractors import available, extract

from ..pagejob import limits
from .common import EXIT_OK, CliError, write

FETCH_TIMEOUT_SECONDS = 30  # judgement call: slow news sites answer within seconds, a dead one never does
# A download or file is refused past this size, inflated: the crawl's and extract-batch's cap (crawler.pagejob.limits).
MAX_FETCH_BYTES = limits.MAX_PAGE_BYTES
USER_AGENT = "Mozilla/5.0 (compatible; newscrawler/0.1; +https://pypi.org/project/newscrawler/)"
ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"
GZIP_MAGIC = b"\x1f\x8b"  # RFC 1952; trusted over the file name, so a misnamed file still opens
STDIN_SOURCE = "-"


def _gunzip_if_needed(data: bytes, where: str) -> bytes:
    return _read_capped(io.BytesIO(data), where)


def _read_capped(stream: BinaryIO, where: str) -> bytes:
    """The bytes of a page, inflated as they are read when gzip-compressed, refused past MAX_FETCH_BYTES."""
    try:
        return limits.read_capped(stream, MAX_FETCH_BYTES)
    except limits.TooLarge as error:
        raise CliError(f"{where}: {error}, not a news page") from error
    except (limits.CorruptData, EOFError) as error:
        raise CliError(f"{where}: broken gzip data ({error})") from error


def fetch(url: str, timeout: float = FETCH_TIMEOUT_SECONDS) -> tuple[bytes, str, str | None]:
    """Body, final URL after redirects, and Content-Type header of one http(s) page."""
    import urllib.error  # here: the HTTP client (and ssl) only for a page read from the web
    import urllib.request

    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": ACCEPT})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read(MAX_FETCH_BYTES + 1)
            final_url = response.geturl()
            content_type = response.headers.get("Content-Type")
    except urllib.error.HTTPError as error:
        raise CliError(f"{url}: HTTP {error.code} {error.reason}") from error
    except urllib.error.URLError as error:
        raise CliError(f"{url}: cannot fetch ({error.reason})") from error
    except (TimeoutError, OSError) as error:
        raise CliError(f"{url}: cannot fetch ({error})") from error
    if len(body) > MAX_FETCH_BYTES:
        raise CliError(f"{url}: larger than {MAX_FETCH_BYTES // 2**20} MB, not a news page")
    return _gunzip_if_needed(body, url), final_url, content_type


def read_source(source: str) -> tuple[bytes, str | None, str | None]:
    """HTML bytes, the page URL if known, and the Content-Type if known, from a file, stdin or a URL."""
    if source.startswith(("http://", "https://")):
        return fetch(source)
    if source == STDIN_SOURCE:
        return _read_capped(sys.stdin.buffer, "stdin"), None, None
    path = Path(source)
    try:
        with path.open("rb") as stream:
            return _read_capped(stream, source), None, None
    except FileNotFoundError as error:
        raise CliError(f"{source}: no such file") from error
    except IsADirectoryError as error:
        raise CliError(f"{source}: is a folder, not an HTML file") from error
    except OSError as error:
        raise CliError(f"{source}: cannot read ({error.strerror or error})") from error


def without_headline(text: str, title: str | None) -> str:
    """The text without a first line that repeats the title line printed above it."""
    first, _, rest = text.partition("\n")
    if title and " ".join(first.split()).casefold() == " ".join(title.split()).casefold():
        return rest.lstrip("\n")
    return text


def command_extract(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    name = args.extractor
    if name not in available():
        parser.error(f"unknown extractor {name!r}; available: {', '.join(available())}")
    html, fetched_url, content_type = read_source(args.source)
    try:
        article = extract(html, args.url or fetched_url, extractor=name, content_type=content_type)
    except ImportError as error:
        raise CliError(f"extractor {name!r} cannot be loaded: {error}") from error
    if args.format == "json":
        write(json.dumps(article.to_dict(), ensure_ascii=False, indent=2))
    elif args.format == "html":
        write(article.to_html())
    elif args.format == "markdown":
        write(article.to_markdown())
    else:
        write(article.title or "")
        text = without_headline(article.text or "", article.title)
        if text:
            write(text)
    if not article.text:
        print(f"no text extracted: {article.reason or 'no reason given'}", file=sys.stderr)
    return EXIT_OK


def command_explain(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """A self-contained HTML report of why every block was kept or dropped (crawler/explain)."""
    from ..explain.command import ExplainError, explain_to_file, one_line

    if args.extractor not in available():
        parser.error(f"unknown extractor {args.extractor!r}; available: {', '.join(available())}")
    html, fetched_url, content_type = read_source(args.source)
    try:
        explanation = explain_to_file(html, args.url or fetched_url, args.output, extractor=args.extractor,
                                      gold_path=args.gold, store_spec=args.store, content_type=content_type,
                                      source=args.source)
    except ExplainError as error:
        raise CliError(str(error)) from error
    except ImportError as error:
        raise CliError(f"extractor {args.extractor!r} cannot be loaded: {error}") from error
    where = "" if args.output == "-" else f" -> {args.output}"
    print(f"{one_line(explanation)}{where}", file=sys.stderr)
    return EXIT_OK


def add_extract_command(commands: Any, names: str) -> None:
    extract_parser = commands.add_parser(
        "extract", help="print the main text of one page (file, .gz, - for stdin, or http(s) URL)",
        description="Print the main text of one page. The text format prints the title line, then the "
                    "text, one paragraph per line (without its first line when that repeats the title); json "
                    "prints the article as an object. An empty result "
                    "prints its reason on stderr and still exits 0.",
    )
    extract_parser.add_argument("source", metavar="PATH|URL",
                                help="an .html/.htm file (gzip-compressed or not), - for stdin, "
                                     "or an http(s) URL")
    extract_parser.add_argument("--extractor", default="default", metavar="NAME",
                                help=f"which extractor (default: default); one of {names}")
    extract_parser.add_argument("--format", choices=("text", "json", "html", "markdown"), default="text",
                                help="text (title line, then the text), json, or the article's cleaned html "
                                     "or markdown with headings, lists, quotes, code and tables (default: text)")
    extract_parser.add_argument("--url", help="the page's URL, when reading a file or stdin (helps some "
                                              "extractors and fills the article's url)")
    extract_parser.set_defaults(handler=command_extract, command_parser=extract_parser)


def add_explain_command(commands: Any, names: str) -> None:
    explain_parser = commands.add_parser(
        "explain", help="write a self-contained HTML report of why every block was kept or dropped",
        description="One HTML file that opens offline (no script, no request): the blocks in reading order "
                    "with each step's label and reason, the chain's summary, the CX line-block distribution "
                    "(seed 004), node text and link density (seed 003), the template lines (seed 001, with "
                    "--store), metadata with each field's source and the extracted text; with --gold, missed "
                    "and extra text highlighted.",
    )
    explain_parser.add_argument("source", metavar="PAGE|URL|-",
                                help="an .html/.htm file (gzip-compressed or not), - for stdin, or an http(s) URL")
    explain_parser.add_argument("--extractor", default="default", metavar="NAME",
                                help=f"which extractor (default: default); one of {names}")
    explain_parser.add_argument("--gold", metavar="FILE",
                                help="the expected text (a text file, or an .html file of the expected article)")
    explain_parser.add_argument("--store", metavar="FILE",
                                help="a template store (templates.sqlite or redis://...) to show the template "
                                     "lines of the URL's pattern; read only")
    explain_parser.add_argument("--url", help="the page's URL, when reading a file or stdin")
    explain_parser.add_argument("-o", "--output", required=True, metavar="FILE",
                                help="where to write the report (- for stdout)")
    explain_parser.set_defaults(handler=command_explain, command_parser=explain_parser)
