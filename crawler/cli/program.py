"""``python -m crawler``: extract one page, score extractors on a data set, measure their speed, train bayes.

Exit codes: 0 done (an empty extraction is a result, not an error), 1 failure with a message on stderr,
2 usage error (argparse's own convention: unknown option, unknown extractor or peer name).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

from .. import __name__ as package_name
from ..extractors import available, extract, get_extractor
from ..pagejob import limits

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2  # what argparse uses for parser.error
EXIT_INTERRUPTED = 130  # shell convention: 128 + SIGINT

FETCH_TIMEOUT_SECONDS = 30  # judgement call: slow news sites answer within seconds, a dead one never does
# A download or file is refused past this size, inflated: the crawl's and extract-batch's cap (crawler.limits).
MAX_FETCH_BYTES = limits.MAX_PAGE_BYTES
USER_AGENT = "Mozilla/5.0 (compatible; newscrawler/0.1; +https://pypi.org/project/newscrawler/)"
ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"
GZIP_MAGIC = b"\x1f\x8b"  # RFC 1952; trusted over the file name, so a misnamed file still opens
STDIN_SOURCE = "-"
ALL = "all"
NONE = "none"


class CliError(Exception):
    """A failure the user can act on; main() prints it and exits with EXIT_FAILURE."""


# ---------------------------------------------------------------- reading a page


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


# ---------------------------------------------------------------- choosing extractors and peers


def _split_names(spec: str) -> list[str]:
    return [name.strip() for name in spec.split(",") if name.strip()]


def resolve_extractors(parser: argparse.ArgumentParser, spec: str) -> list[str]:
    """Names from NAME[,NAME...] | all | none.

    An unknown name is a usage error. With ``all``, an extractor whose module does not import (yet) is
    skipped with a warning, so one broken module does not hide the others; a named one that does not
    import is a failure.
    """
    if spec == NONE:
        return []
    if spec == ALL:
        names = []
        for name in available():
            try:
                get_extractor(name)
            except Exception as error:  # any import-time error of someone else's module
                print(f"warning: extractor {name!r} skipped: {type(error).__name__}: {error}",
                      file=sys.stderr)
                continue
            names.append(name)
        return names
    names = _split_names(spec)
    unknown = [name for name in names if name not in available()]
    if unknown or not names:
        parser.error(f"unknown extractor {', '.join(map(repr, unknown)) or repr(spec)}; "
                     f"available: {', '.join(available())}, {ALL}")
    for name in names:
        try:
            get_extractor(name)
        except Exception as error:
            raise CliError(f"extractor {name!r} cannot be loaded: {type(error).__name__}: {error}") from error
    return names


def resolve_peers(parser: argparse.ArgumentParser, spec: str | None) -> list[str]:
    from ..evaluation.peers import PEER_PREFIX, PeerUnavailable, check_peer, peer_names

    if not spec:
        return []
    names = peer_names() if spec == ALL else [n.removeprefix(PEER_PREFIX) for n in _split_names(spec)]
    unknown = [name for name in names if name not in peer_names()]
    if unknown:
        parser.error(f"unknown peer {', '.join(map(repr, unknown))}; known: {', '.join(peer_names())}, {ALL}")
    for name in names:
        try:
            check_peer(name)
        except PeerUnavailable as error:
            raise CliError(str(error)) from error
    return names


def _load_pages(dataset: str, limit: int | None) -> list:
    from ..evaluation.datasets import load_dataset

    try:
        pages = load_dataset(dataset, limit)
    except (ValueError, OSError, KeyError) as error:
        raise CliError(f"cannot read the data set: {error}") from error
    if not pages:
        raise CliError(f"{dataset}: the data set has no pages")
    return pages


# ---------------------------------------------------------------- commands


def _write(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


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
        _write(json.dumps(article.to_dict(), ensure_ascii=False, indent=2))
    elif args.format == "html":
        _write(article.to_html())
    elif args.format == "markdown":
        _write(article.to_markdown())
    else:
        _write(article.title or "")
        if article.text:
            _write(article.text)
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


def command_evaluate_metadata(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Per field, the share of pages whose expected metadata we (and each peer) got right."""
    from ..evaluation import metadata_eval

    peers = _split_names(args.peers) if args.peers else []
    if args.peers == ALL:
        peers = list(metadata_eval.PEER_LOADERS)
    unknown = [name for name in peers if name.removeprefix("peer:") not in metadata_eval.PEER_LOADERS]
    if unknown:
        parser.error(f"no metadata wrapper for peer {', '.join(map(repr, unknown))}; "
                     f"known: {', '.join(metadata_eval.PEER_LOADERS)}, {ALL}")
    pages = [page for page in _load_pages(args.dataset, args.limit) if page.metadata]
    if not pages:
        raise CliError(f"{args.dataset}: no page has expected metadata (expected-metadata.json)")
    try:
        results = metadata_eval.evaluate_metadata(pages, [name.removeprefix("peer:") for name in peers])
    except ImportError as error:
        raise CliError(f"a peer cannot be loaded: {error}") from error
    if args.json:
        _write(json.dumps(metadata_eval.to_json(results), ensure_ascii=False, indent=2))
    else:
        _write(f"{args.dataset}: {len(pages)} pages with expected metadata; share of pages right per field "
               "(n = pages where the field is expected)")
        _write(metadata_eval.format_table(results))
    return EXIT_OK


# Extractors fitted on data: under --cv-folds or --train-dataset they are trained per fold, never on a page
# they are scored on.
FITTED_EXTRACTORS = ("bayes",)
LEAVE_ONE_SITE_OUT = "sites"


def _fitted_rows(args: argparse.Namespace, pages: list, names: list[str]) -> list:
    from ..evaluation import fitting

    extra = [page for dataset in args.train_dataset or () for page in _load_pages(dataset, None)]
    rows = []
    for _name in names:  # bayes is the only fitted extractor today
        if args.cv_folds is not None:
            folds = None if args.cv_folds == LEAVE_ONE_SITE_OUT else int(args.cv_folds)
            rows.append(fitting.cross_validate(pages, extra, folds))
        else:
            rows.append(fitting.train_and_test(pages, extra))
    return rows


def command_evaluate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..evaluation.evaluate import evaluate, format_table

    if getattr(args, "metadata", False):
        return command_evaluate_metadata(args, parser)
    from ..evaluation.peers import PeerUnavailable

    extractors = resolve_extractors(parser, args.extractor)
    peers = resolve_peers(parser, args.peers)
    if not extractors and not peers:
        raise CliError("nothing to evaluate: no extractor could be loaded and no peer was asked for")
    pages = _load_pages(args.dataset, args.limit)
    held_out = args.cv_folds is not None or bool(args.train_dataset)
    fitted = [name for name in extractors if held_out and name in FITTED_EXTRACTORS]
    try:
        rows = evaluate(pages, [name for name in extractors if name not in fitted], peers)
    except (ImportError, PeerUnavailable) as error:  # installed, but its import fails
        raise CliError(str(error)) from error
    rows = _fitted_rows(args, pages, fitted) + rows
    if not held_out and any(name in FITTED_EXTRACTORS for name in extractors):
        print("note: the shipped bayes model was trained on the shared data sets; for a held-out figure use "
              "--cv-folds N|sites or --train-dataset DIR", file=sys.stderr)
    for row in rows:
        if row.errors:
            print(f"{row.extractor}: raised on {row.errors} of {row.pages} pages (scored as empty): "
                  + " | ".join(row.error_messages), file=sys.stderr)
    if args.json:
        _write(json.dumps([row.to_json() for row in rows], ensure_ascii=False, indent=2))
    else:
        _write(f"{args.dataset}: {len(pages)} pages; F1 ± is the std of {_bootstrap_samples()} bootstrap "
               "resamples; seconds are end to end (our extractors: parse_html + extract)")
        _write(format_table(rows))
    if args.report:
        from ..explain.reports import write_worst_reports

        index = write_worst_reports(pages, extractors, args.report, args.report_pages)
        print(f"reports of the {args.report_pages} worst pages per extractor: {index}", file=sys.stderr)
    return EXIT_OK


def command_train(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    import hashlib

    from ..evaluation import fitting

    pages = [page for dataset in args.dataset for page in _load_pages(dataset, args.limit)]
    data = fitting.featurize(pages)
    names = [str(Path(dataset).resolve().name) for dataset in args.dataset]
    try:
        model = fitting.fit(data, None, args.keep, args.min_sites, info={"trained_on": names})
    except ValueError as error:
        raise CliError(f"cannot train: {error}") from error
    content = model.to_json().encode("utf-8")
    output = Path(args.output)
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_bytes(content)
    except OSError as error:
        raise CliError(f"{output}: cannot write ({error.strerror or error})") from error
    blocks = sum(page.blocks for page in data.pages)
    _write(f"{output}: {len(content)} bytes, sha256 {hashlib.sha256(content).hexdigest()[:16]}; "
           f"{len(pages)} pages of {model.info['sites']} sites, {blocks} nodes, "
           f"{len(model.likelihoods)} features of {len(data.vocabulary)} seen")
    return EXIT_OK


def _bootstrap_samples() -> int:
    from ..evaluation.metric import BOOTSTRAP_SAMPLES

    return BOOTSTRAP_SAMPLES


def command_bench(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..evaluation.bench import BYTES_PER_MB, bench, format_table

    extractors = resolve_extractors(parser, args.extractor)
    peers = resolve_peers(parser, args.peers)
    pages = _load_pages(args.dataset, args.limit)
    failures: list[str] = []

    def report(message: str) -> None:
        failures.append(message)
        print(f"error: {message}", file=sys.stderr)

    rows = bench(pages, extractors, peers, rounds=args.rounds, on_error=report, cpu_time=args.cpu_time)
    if args.json:
        _write(json.dumps([row.to_json() for row in rows], ensure_ascii=False, indent=2))
    else:
        megabytes = sum(len(page.html) for page in pages) / BYTES_PER_MB
        _write(f"{args.dataset}: {len(pages)} pages, {megabytes:.1f} MB of HTML; "
               f"median of {args.rounds} rounds after a warm-up{'; CPU time' if args.cpu_time else ''}; "
               "× parse = time / lxml.html.fromstring time in the same round; "
               "each extractor in its own process")
        _write(format_table(rows))
    return EXIT_FAILURE if failures else EXIT_OK


# ---------------------------------------------------------------- the parser


def _positive_int(value: str) -> int:
    try:
        number = int(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from error
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return number


def _folds(value: str) -> str:
    if value == LEAVE_ONE_SITE_OUT:
        return value
    try:
        number = int(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(
            f"{value!r} is neither a number of folds nor {LEAVE_ONE_SITE_OUT!r}") from error
    if number < 2:
        raise argparse.ArgumentTypeError(f"{value}: cross-validation needs at least 2 folds")
    return value


def build_parser() -> argparse.ArgumentParser:
    from ..evaluation.bench import DEFAULT_ROUNDS
    from ..evaluation.peers import PEERS

    names = ", ".join(available())
    peers_help = "; ".join(f"{peer.name}: {peer.settings}" for peer in PEERS.values())
    parser = argparse.ArgumentParser(
        prog=f"python -m {package_name}",
        description="Main-text extraction from news pages: extract one page, evaluate extractors on a "
                    "data set with the shingle F1 of shared/EVALUATION.md, or measure their speed.",
        epilog="Exit codes: 0 done, 1 failure (message on stderr), 2 usage error.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    extract_parser = commands.add_parser(
        "extract", help="print the main text of one page (file, .gz, - for stdin, or http(s) URL)",
        description="Print the main text of one page. The text format prints the title line, then the "
                    "text, one paragraph per line; json prints the article as an object. An empty result "
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

    selection = argparse.ArgumentParser(add_help=False)
    selection.add_argument("--dataset", required=True, metavar="DIR",
                           help="a data set folder: scrapinghub layout (ground-truth.json + html/) or "
                                "readability layout (*/source.html[.gz] + expected.html[.gz])")
    selection.add_argument("--extractor", default="default", metavar="NAME|all",
                           help=f"comma-separated extractors, {ALL}, or {NONE} (default: default); "
                                f"known: {names}")
    selection.add_argument("--peers", metavar="NAMES",
                           help=f"comma-separated peer libraries to run on the same pages, or {ALL}. "
                                f"{peers_help}")
    selection.add_argument("--json", action="store_true", help="print a JSON list instead of a table")
    selection.add_argument("--limit", type=_positive_int, metavar="N", help="only the first N pages (by id)")

    evaluate_parser = commands.add_parser(
        "evaluate", parents=[selection],
        help="score extractors (and peers) on a data set: F1, precision, recall",
        description="Score extractors on a data set with the shingle metric of shared/EVALUATION.md. Each "
                    "page is parsed once and every extractor runs on that document. Columns: extractor, "
                    "pages, F1 ± (bootstrap std), precision, recall, accuracy (exact token match), "
                    "seconds (end to end), errors (pages on which it raised; scored as empty). --json keys: "
                    "extractor, pages, f1, precision, recall, accuracy, seconds, f1_std.",
    )
    evaluate_parser.add_argument("--metadata", action="store_true",
                                 help="score the metadata instead of the text: per field (title, author, "
                                      "language, published) the share of pages right; --json prints an "
                                      "object field -> share, with peers under \"peers\"")
    evaluate_parser.add_argument("--report", metavar="DIR",
                                 help="also write an explain report (crawler/explain) of the worst pages of "
                                      "each extractor, lowest F1 first, and DIR/index.html")
    evaluate_parser.add_argument("--report-pages", type=_positive_int, default=20, metavar="N",
                                 help="how many worst pages get a report with --report (default: 20)")
    evaluate_parser.add_argument("--cv-folds", metavar=f"N|{LEAVE_ONE_SITE_OUT}", type=_folds,
                                 help="fitted extractors (bayes) are cross-validated by site: N folds of sites, "
                                      f"or {LEAVE_ONE_SITE_OUT} for leave-one-site-out; each fold is scored by a "
                                      "model trained on the other folds (and on --train-dataset pages)")
    evaluate_parser.add_argument("--train-dataset", action="append", metavar="DIR",
                                 help="train fitted extractors on this data set (repeatable); without "
                                      "--cv-folds they are trained on these sets only and tested on --dataset; "
                                      "pages of a site in --dataset are left out of training")
    evaluate_parser.set_defaults(handler=command_evaluate, command_parser=evaluate_parser)

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

    bench_parser = commands.add_parser(
        "bench", parents=[selection], help="measure throughput and peak memory on a data set",
        description="Pages/s, MB/s, time relative to lxml.html.fromstring (× parse) and peak RSS per "
                    "extractor, each measured in its own forked process with the pages in memory, after a "
                    "warm-up, median of interleaved rounds. The lxml-parse row is the floor. --json keys: "
                    "extractor, pages_per_s, mb_per_s, parse_ratio, peak_rss_mb.",
    )
    bench_parser.add_argument("--rounds", type=_positive_int, default=DEFAULT_ROUNDS, metavar="N",
                              help=f"timed rounds; the median is reported (default: {DEFAULT_ROUNDS})")
    bench_parser.add_argument("--cpu-time", action="store_true",
                              help="time each pass by the process's CPU time, not wall time: steadier on a "
                                   "shared machine (pages/s is then pages per CPU-second)")
    bench_parser.set_defaults(handler=command_bench, command_parser=bench_parser)

    from ..evaluation.fitting import KEEP_FEATURES_PER_SITE, MIN_SITES
    from ..extractors.bayes import MODEL_PATH

    train_parser = commands.add_parser(
        "train", help="build the naive Bayes model of the bayes extractor from data sets' gold text",
        description="Label every node of every page content or not by its overlap with the gold text, count "
                    "features per class, keep the words and attribute tokens of highest information gain, and "
                    "write the model (JSON with its format version; the same input gives the same bytes).",
    )
    train_parser.add_argument("--dataset", required=True, action="append", metavar="DIR",
                              help="a data set folder with gold text (repeatable; pages are pooled)")
    train_parser.add_argument("--output", default=str(MODEL_PATH), metavar="FILE",
                              help=f"where to write the model (default: the shipped {MODEL_PATH.name})")
    train_parser.add_argument("--keep", type=_positive_int, metavar="N",
                              help="words and attribute tokens kept by information gain (default: "
                                   f"{KEEP_FEATURES_PER_SITE:g} per training site)")
    train_parser.add_argument("--min-sites", type=_positive_int, default=MIN_SITES, metavar="N",
                              help=f"a word or token must occur on this many sites (default {MIN_SITES})")
    train_parser.add_argument("--limit", type=_positive_int, metavar="N", help="only the first N pages of each set")
    train_parser.set_defaults(handler=command_train, command_parser=train_parser)

    from ..bulk.batch import add_extract_batch_command

    add_extract_batch_command(commands)

    from ..storage.export import add_export_command

    add_export_command(commands)

    from ..bulk import spark_job

    spark_parser = commands.add_parser(
        "spark-extract", help="extract WARC files or saved pages with Spark (local, HDFS, S3 paths)",
        description="The crawl's extraction as a Spark job: pages grouped by URL pattern teach templates, then "
                    f"every page is extracted in the executors (--master {spark_job.DEFAULT_MASTER} is local). "
                    "Prints a JSON summary.",
    )
    spark_job.add_arguments(spark_parser)
    spark_parser.set_defaults(handler=spark_job.cli_command, command_parser=spark_parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")  # a C-locale terminal must not crash on Chinese text
    try:
        return args.handler(args, args.command_parser)  # its usage line is the one to show on errors
    except CliError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `... | head` closed the pipe: what was wanted has been printed
        sys.stderr.close()
        return EXIT_OK


__all__ = ["CliError", "build_parser", "fetch", "main", "read_source"]
