"""``python -m crawler train``: build a shipped model from data sets' gold (the bayes extractor's, the page-kind
classifier, the confidence), with its report."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .common import EXIT_OK, CliError, positive_int, write
from .evaluation import load_pages


def _write_model(output: Path, content: bytes) -> None:
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_bytes(content)
    except OSError as error:
        raise CliError(f"{output}: cannot write ({error.strerror or error})") from error


def command_train_fitted(args: argparse.Namespace) -> int:
    """The page-kind or the confidence model: L2 chosen by by-domain cross-validation, fitted on every page."""
    import hashlib

    if args.model == "pagekind":
        from ..evaluation import pagekind_fit as fitting
        from ..extractors.pagekind import MODEL_PATH
    else:
        from ..evaluation import confidence_fit as fitting  # type: ignore[no-redef]
        from ..extractors.pagekind.confidence import MODEL_PATH  # type: ignore[no-redef]
    try:
        model, report = fitting.train(args.dataset, args.limit)
    except (ValueError, OSError) as error:
        raise CliError(f"cannot train: {error}") from error
    content = model.to_json().encode("utf-8")
    output = Path(args.output or MODEL_PATH)
    _write_model(output, content)
    if args.report:
        _write_model(Path(args.report), report.encode("utf-8"))
    figure = ", ".join(f"{key} {value}" for key, value in model.info.items() if key.startswith("cv_"))
    write(f"{output}: {len(content)} bytes, sha256 {hashlib.sha256(content).hexdigest()[:16]}; "
          f"{model.info['pages']} pages of {model.info['sites']} sites, L2 {model.info['l2']:g}, {figure}")
    return EXIT_OK


def command_train(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    import hashlib

    from ..evaluation import fitting
    from ..extractors.bayes.extractor import MODEL_PATH

    if args.model in ("pagekind", "confidence"):
        return command_train_fitted(args)
    if args.report:
        parser.error("--report is for --model pagekind or confidence")
    pages = [page for dataset in args.dataset for page in load_pages(dataset, args.limit)]
    data = fitting.featurize(pages)
    names = [str(Path(dataset).resolve().name) for dataset in args.dataset]
    try:
        model = fitting.fit(data, None, args.keep, args.min_sites, info={"trained_on": names})
    except ValueError as error:
        raise CliError(f"cannot train: {error}") from error
    content = model.to_json().encode("utf-8")
    output = Path(args.output or MODEL_PATH)
    _write_model(output, content)
    blocks = sum(page.blocks for page in data.pages)
    write(f"{output}: {len(content)} bytes, sha256 {hashlib.sha256(content).hexdigest()[:16]}; "
           f"{len(pages)} pages of {model.info['sites']} sites, {blocks} nodes, "
           f"{len(model.likelihoods)} features of {len(data.vocabulary)} seen")
    return EXIT_OK


def add_train_command(commands: Any) -> None:
    from crawler.extractors.bayes.extractor import MODEL_PATH

    from ..evaluation.fitting import KEEP_FEATURES_PER_SITE, MIN_SITES

    train_parser = commands.add_parser(
        "train", help="build a shipped model from data sets' gold: the bayes extractor's or the page-kind one",
        description="--model bayes (default): label every node of every page content or not by its overlap with "
                    "the gold text, count features per class, keep the words and attribute tokens of highest "
                    "information gain. --model pagekind: fit the page-kind classifier on pages whose gold labels "
                    "their page_type, its L2 chosen by cross-validation by domain (--report writes the accuracy "
                    "and confusion matrix). --model confidence: fit Article.confidence to the word F1 of default's "
                    "extractions, by domain (--report writes the Spearman correlation and calibration). "
                    "Either writes JSON with its format version; the same input gives the "
                    "same bytes.",
    )
    train_parser.add_argument("--model", choices=("bayes", "pagekind", "confidence"), default="bayes",
                              help="which model to build (default: bayes)")
    train_parser.add_argument("--report", metavar="FILE",
                              help="--model pagekind or confidence: also write the cross-validation report "
                                   "(Markdown) here")
    train_parser.add_argument("--dataset", required=True, action="append", metavar="DIR",
                              help="a data set folder with gold text (repeatable; pages are pooled)")
    train_parser.add_argument("--output", metavar="FILE",
                              help=f"where to write the model (default: the shipped {MODEL_PATH.name} or "
                                   "pagekind.json / confidence.json)")
    train_parser.add_argument("--keep", type=positive_int, metavar="N",
                              help="words and attribute tokens kept by information gain (default: "
                                   f"{KEEP_FEATURES_PER_SITE:g} per training site)")
    train_parser.add_argument("--min-sites", type=positive_int, default=MIN_SITES, metavar="N",
                              help=f"a word or token must occur on this many sites (default {MIN_SITES})")
    train_parser.add_argument("--limit", type=positive_int, metavar="N", help="only the first N pages of each set")
    train_parser.set_defaults(handler=command_train, command_parser=train_parser)
