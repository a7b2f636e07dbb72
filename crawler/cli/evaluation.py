"""The commands that measure extractors on a data set: ``evaluate`` (shingle F1, or ``--metadata``), ``bench``
(throughput and memory), with the choice of extractors and peers they share (``train`` is in ``training``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from crawler.extractors import available, get_extractor

from .common import ALL, EXIT_FAILURE, EXIT_OK, NONE, CliError, positive_int, split_names, write


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
    names = split_names(spec)
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
    names = peer_names() if spec == ALL else [n.removeprefix(PEER_PREFIX) for n in split_names(spec)]
    unknown = [name for name in names if name not in peer_names()]
    if unknown:
        parser.error(f"unknown peer {', '.join(map(repr, unknown))}; known: {', '.join(peer_names())}, {ALL}")
    for name in names:
        try:
            check_peer(name)
        except PeerUnavailable as error:
            raise CliError(str(error)) from error
    return names


def load_pages(dataset: str, limit: int | None) -> list:
    from ..evaluation.datasets import load_dataset

    try:
        pages = load_dataset(dataset, limit)
    except (ValueError, OSError, KeyError) as error:
        raise CliError(f"cannot read the data set: {error}") from error
    if not pages:
        raise CliError(f"{dataset}: the data set has no pages")
    return pages


def command_evaluate_metadata(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Per field, the share of pages whose expected metadata we (and each peer) got right."""
    from ..evaluation import metadata_eval, metadata_report

    peers = split_names(args.peers) if args.peers else []
    if args.peers == ALL:
        peers = list(metadata_eval.PEER_LOADERS)
    unknown = [name for name in peers if name.removeprefix("peer:") not in metadata_eval.PEER_LOADERS]
    if unknown:
        parser.error(f"no metadata wrapper for peer {', '.join(map(repr, unknown))}; "
                     f"known: {', '.join(metadata_eval.PEER_LOADERS)}, {ALL}")
    pages = [page for page in load_pages(args.dataset, args.limit) if page.metadata]
    if not pages:
        raise CliError(f"{args.dataset}: no page has expected metadata (expected-metadata.json)")
    try:
        groups = metadata_eval.evaluate_by_class(pages, [name.removeprefix("peer:") for name in peers])
    except ImportError as error:
        raise CliError(f"a peer cannot be loaded: {error}") from error
    results = groups["all"]
    by_class = any(group not in ("all", "-") for group in groups)
    if args.json:
        report = metadata_report.to_json(results)
        if by_class:
            report["classes"] = {group: metadata_report.to_json(scores) for group, scores in groups.items()}
        write(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        write(f"{args.dataset}: {len(pages)} pages with expected metadata; share of pages right per field "
               "(n = pages where the field is expected)")
        write(metadata_report.format_table(results))
        if by_class:
            write("\nby class (share right /number of wrong non-empty answers):")
            write(metadata_report.format_class_table(groups))
    return EXIT_OK


# Extractors fitted on data: under --cv-folds or --train-dataset they are trained per fold, never on a page
# they are scored on.
FITTED_EXTRACTORS = ("bayes",)
LEAVE_ONE_SITE_OUT = "sites"


def _fitted_rows(args: argparse.Namespace, pages: list, names: list[str]) -> list:
    from ..evaluation import fitting

    extra = [page for dataset in args.train_dataset or () for page in load_pages(dataset, None)]
    rows = []
    for _name in names:  # bayes is the only fitted extractor today
        if args.cv_folds is not None:
            folds = None if args.cv_folds == LEAVE_ONE_SITE_OUT else int(args.cv_folds)
            rows.append(fitting.cross_validate(pages, extra, folds))
        else:
            rows.append(fitting.train_and_test(pages, extra))
    return rows


def _held_out_kinds(args: argparse.Namespace, labels: dict[str, str]) -> dict[str, Any] | None:
    """With --held-out-kinds, page id -> a page-kind model that never saw the page's site."""
    if not args.held_out_kinds:
        return None
    if not labels:
        raise CliError(f"{args.dataset}: --held-out-kinds needs page_type labels in ground-truth.json")
    from ..evaluation.pagekind_fit import held_out_models

    try:
        return held_out_models([args.dataset], args.limit)
    except ValueError as error:
        raise CliError(f"cannot fit held-out page-kind models: {error}") from error


def command_evaluate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..evaluation.by_kind import page_kinds
    from ..evaluation.evaluate import evaluate_pages, format_table
    from ..evaluation.kind_report import calibration_report, format_by_kind, labelled_kinds

    if getattr(args, "metadata", False):
        return command_evaluate_metadata(args, parser)
    from ..evaluation.peers import PeerUnavailable

    extractors = resolve_extractors(parser, args.extractor)
    peers = resolve_peers(parser, args.peers)
    if not extractors and not peers:
        raise CliError("nothing to evaluate: no extractor could be loaded and no peer was asked for")
    pages = load_pages(args.dataset, args.limit)
    held_out = args.cv_folds is not None or bool(args.train_dataset)
    fitted = [name for name in extractors if held_out and name in FITTED_EXTRACTORS]
    labels = page_kinds(Path(args.dataset))
    try:
        tallies = evaluate_pages(pages, [name for name in extractors if name not in fitted], peers,
                                 confidence=args.calibration, kind_models=_held_out_kinds(args, labels))
    except (ImportError, PeerUnavailable) as error:  # installed, but its import fails
        raise CliError(str(error)) from error
    rows = [tally.row(args.metric) for tally in tallies]
    rows = _fitted_rows(args, pages, fitted) + rows
    if not held_out and any(name in FITTED_EXTRACTORS for name in extractors):
        print("note: the shipped bayes model was trained on the shared data sets; for a held-out figure use "
              "--cv-folds N|sites or --train-dataset DIR", file=sys.stderr)
    for row in rows:
        if row.errors:
            print(f"{row.extractor}: raised on {row.errors} of {row.pages} pages (scored as empty): "
                  + " | ".join(row.error_messages), file=sys.stderr)
    if args.json:
        write(json.dumps([row.to_json() for row in rows], ensure_ascii=False, indent=2))
    else:
        write(f"{args.dataset}: {len(pages)} pages; F1 ± is the std of {_bootstrap_samples()} bootstrap "
               "resamples; seconds are end to end (our extractors: parse_html + extract)")
        write(format_table(rows))
        if labels:
            write(f"\nby the page kind of {Path(args.dataset).name}'s ground-truth.json (word F1: the mean over "
                  "pages of the F1 of lower-cased \\w+ bags; shingle F1: EVALUATION.md's)")
            write(format_by_kind(tallies, labelled_kinds([page.id for page in pages], labels)))
        for tally in tallies if args.calibration else ():
            table = calibration_report(tally)
            if table:
                write("\n" + table)
    if args.report:
        from ..explain.reports import write_worst_reports

        index = write_worst_reports(pages, extractors, args.report, args.report_pages)
        print(f"reports of the {args.report_pages} worst pages per extractor: {index}", file=sys.stderr)
    return EXIT_OK


def _bootstrap_samples() -> int:
    from ..evaluation.metric import BOOTSTRAP_SAMPLES

    return BOOTSTRAP_SAMPLES


def command_bench(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..evaluation.bench import (
        BYTES_PER_MB,
        WORKER_TARGET,
        bench,
        format_table,
        measure_worker_ratio,
        worker_ratio,
    )

    extractors = resolve_extractors(parser, args.extractor)
    peers = resolve_peers(parser, args.peers)
    pages = load_pages(args.dataset, args.limit)
    kinds = split_names(args.kinds) if args.kinds else []
    if kinds:
        from ..evaluation.by_kind import pages_of_kinds

        try:
            pages = pages_of_kinds(pages, Path(args.dataset), kinds)
        except (ValueError, OSError) as error:
            raise CliError(str(error)) from error
        if not pages:
            raise CliError(f"{args.dataset}: no page of kind {', '.join(kinds)} among the pages read")
    failures: list[str] = []

    def report(message: str) -> None:
        failures.append(message)
        print(f"error: {message}", file=sys.stderr)

    rows = bench(pages, extractors, peers, rounds=args.rounds, on_error=report, cpu_time=args.cpu_time,
                 worker=args.worker)
    if args.json:
        write(json.dumps([row.to_json() for row in rows], ensure_ascii=False, indent=2))
    else:
        megabytes = sum(len(page.html) for page in pages) / BYTES_PER_MB
        chosen = f" (kinds {', '.join(kinds)})" if kinds else ""
        write(f"{args.dataset}: {len(pages)} pages{chosen}, {megabytes:.1f} MB of HTML; "
               f"median of {args.rounds} rounds after a warm-up{'; CPU time' if args.cpu_time else ''}; "
               "× parse = time / lxml.html.fromstring time in the same round; "
               "each extractor in its own process")
        write(format_table(rows))
        ratio = worker_ratio(rows)
        paired = measure_worker_ratio(pages, args.rounds, args.cpu_time) if ratio is not None else None
        if ratio is not None:
            write(f"{WORKER_TARGET} / default: {ratio:.2f}× the time (the page job's worker function, "
                  "crawler.pagejob, in a process set up as a worker's, over default's extraction alone)")
        if paired is not None:
            write(f"{WORKER_TARGET} / default: {paired:.2f}× the time page by page in one process (both run on each "
                  f"page in turn, median of {args.rounds} rounds: the figure the host's drift between processes "
                  "leaves alone)")
    return EXIT_FAILURE if failures else EXIT_OK


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


def selection_parser(names: str) -> argparse.ArgumentParser:
    """The options ``evaluate`` and ``bench`` share: the data set, the extractors and peers, the output."""
    from ..evaluation.peers import PEERS

    peers_help = "; ".join(f"{peer.name}: {peer.settings}" for peer in PEERS.values())
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
    selection.add_argument("--limit", type=positive_int, metavar="N", help="only the first N pages (by id)")
    return selection


def add_evaluate_command(commands: Any, selection: argparse.ArgumentParser) -> None:
    from ..evaluation.evaluate import METRICS, SHINGLE

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
    evaluate_parser.add_argument("--metric", choices=METRICS, default=SHINGLE,
                                 help="the F1 of the main table: shingle (EVALUATION.md, default) or word (the "
                                      "mean over pages of the F1 of lower-cased \\w+ bags, the seven-kind "
                                      "benchmark's); a data set that labels page kinds also gets a table by kind "
                                      "with both")
    evaluate_parser.add_argument("--calibration", action="store_true",
                                 help="also read each extraction's confidence and print, per extractor of ours, "
                                      "confidence by decile against the measured word F1 and their Spearman "
                                      "correlation")
    evaluate_parser.add_argument("--held-out-kinds", action="store_true",
                                 help="judge each page's kind by a page-kind model fitted on the other sites' pages "
                                      "(5 folds by site, the shipped model's L2) instead of the shipped model: the "
                                      "by-domain cross-validated figure of everything that reads the page kind")
    evaluate_parser.add_argument("--report", metavar="DIR",
                                 help="also write an explain report (crawler/explain) of the worst pages of "
                                      "each extractor, lowest F1 first, and DIR/index.html")
    evaluate_parser.add_argument("--report-pages", type=positive_int, default=20, metavar="N",
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


def add_bench_command(commands: Any, selection: argparse.ArgumentParser) -> None:
    from ..evaluation.bench import DEFAULT_ROUNDS

    bench_parser = commands.add_parser(
        "bench", parents=[selection], help="measure throughput and peak memory on a data set",
        description="Pages/s, MB/s, time relative to lxml.html.fromstring (× parse) and peak RSS per "
                    "extractor, each measured in its own forked process with the pages in memory, after a "
                    "warm-up, median of interleaved rounds. The lxml-parse row is the floor. --json keys: "
                    "extractor, pages_per_s, mb_per_s, parse_ratio, peak_rss_mb.",
    )
    bench_parser.add_argument("--rounds", type=positive_int, default=DEFAULT_ROUNDS, metavar="N",
                              help=f"timed rounds; the median is reported (default: {DEFAULT_ROUNDS})")
    bench_parser.add_argument("--cpu-time", action="store_true",
                              help="time each pass by the process's CPU time, not wall time: steadier on a "
                                   "shared machine (pages/s is then pages per CPU-second)")
    bench_parser.add_argument("--worker", action="store_true",
                              help="also measure the crawl's worker function (crawler.pagejob: extraction that "
                                   "learns templates, metadata, page type, fingerprints) as the row 'worker', "
                                   "and print its time over default's")
    bench_parser.add_argument("--kinds", metavar="KINDS",
                              help="comma-separated page kinds: only the pages the data set labels so "
                                   "(ground-truth.json's page_type), e.g. forum,product,collection,listing,service,"
                                   "documentation for every page but articles")
    bench_parser.set_defaults(handler=command_bench, command_parser=bench_parser)
