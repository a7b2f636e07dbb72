"""Seed 003's scalability experiment on this project: data scalability and machine scalability.

    python -m crawler.evaluation.scale_bench --dataset ../shared/datasets/scrapinghub

Seed 003 (MapReduce extraction of massive Web pages) reports, for its cluster, the total and per-page time as
the data grows and the speed-up as nodes are added. Here:

1. **data scalability**: ``extract-batch --workers 1`` over the data set's pages ×1, ×4, ×16 ... (each copy
   under another host name, so every copy is a site of its own for the template store, as new data would be);
   per-page cost should stay flat (``× linear`` = time / (factor × time at ×1), 1.00 is linear);
2. **machine scalability**: the same command with 1 then 2 worker processes on the pages ×``--machine-factor``,
   and Spark (``spark-extract``, ``local[1]`` then ``local[2]``) on the same pages saved as files, when pyspark
   and Java are installed (skipped with a message otherwise);
3. **sizing inputs**: the per-page CPU, memory, HTML and row sizes that the sizing model (``sizing``) multiplies out.

Every run is a separate command (start-up included, as a user sees it). Times are given twice: wall seconds,
which a shared machine makes noisy, and CPU seconds of the command and all its descendant processes (read
every 0.1 s with psutil), the steadier figure for per-page cost; speed-ups can only be read from wall time, so
rerun on a quiet machine for those.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import psutil

from .datasets import Page, load_dataset
from .evaluate import format_columns

DEFAULT_FACTORS = (1, 4, 16)  # seed 003 grows its data set in steps; ×16 of scrapinghub is 2,896 pages
DEFAULT_MACHINE_FACTOR = 4  # 724 scrapinghub pages: enough for a 2-process run to outlast its start-up
SIZING_PAGES = 10**9


@dataclass
class Measured:
    label: str
    pages: int
    wall_s: float
    cpu_s: float
    peak_rss_mb: float  # the largest process under the command (a worker; for Spark, the JVM or a worker)
    output_bytes: int
    main_rss_mb: float = 0.0  # the command's own process (reads and writes)
    load: float = float("nan")  # the machine's 1-minute load average at the run's end (other jobs included)

    @property
    def cpu_ms_per_page(self) -> float:
        return 1000 * self.cpu_s / self.pages if self.pages else float("nan")

    @property
    def pages_per_s(self) -> float:
        return self.pages / self.wall_s if self.wall_s else float("nan")


def replicate(pages: Sequence[Page], factor: int) -> list[tuple[str, str]]:
    """(url, decoded html) for ``factor`` copies of the pages, copy k under host ``r{k}.<host>``."""
    from crawler.extractors.document.decoding import decode_html

    decoded = [decode_html(page.html).text for page in pages]
    records = []
    for copy in range(factor):
        for page, html in zip(pages, decoded, strict=True):
            parts = urlsplit(page.url or f"https://example.org/{page.id}.html")
            records.append((f"https://r{copy}.{parts.netloc}{parts.path or '/'}", html))
    return records


def write_jsonl(records: Sequence[tuple[str, str]], path: Path) -> Path:
    with path.open("w", encoding="utf-8") as out:
        for url, html in records:
            out.write(json.dumps({"url": url, "html": html}, ensure_ascii=False) + "\n")
    return path


def write_files(records: Sequence[tuple[str, str]], folder: Path) -> Path:
    folder.mkdir(parents=True)
    for index, (_, html) in enumerate(records):
        (folder / f"{index:06d}.html").write_text(html, encoding="utf-8")
    return folder


# How often the process tree is read: CPU a process spends after its last reading is missed (at most this
# long per process, against runs of many seconds).
SAMPLE_SECONDS = 0.1


def _tree_usage(process: psutil.Process, cpu: dict[int, float], rss: dict[int, float]) -> None:
    """Latest CPU seconds and largest RSS of the process and all its descendants, by pid."""
    try:
        members = [process, *process.children(recursive=True)]
    except psutil.Error:
        return
    for member in members:
        try:
            times = member.cpu_times()
            cpu[member.pid] = times.user + times.system
            rss[member.pid] = max(rss.get(member.pid, 0.0), member.memory_info().rss / 2**20)
        except psutil.Error:  # ended between the listing and the reading
            continue


def run_command(argv: Sequence[str], label: str, pages: int, output: Path) -> Measured:
    """Runs one command to the end, reading its process tree's CPU and memory as it goes (its workers are
    grandchildren under forkserver or Spark, which ``getrusage`` of children does not see); raises RuntimeError
    with its last error line when it fails."""
    cpu: dict[int, float] = {}
    rss: dict[int, float] = {}
    started = time.perf_counter()
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        child = subprocess.Popen(argv, stdout=out, stderr=err, text=True)
        process = psutil.Process(child.pid)
        while child.poll() is None:
            _tree_usage(process, cpu, rss)
            time.sleep(SAMPLE_SECONDS)
        wall = time.perf_counter() - started
        err.seek(0)
        errors = err.read()
    if child.returncode != 0:
        last = (errors.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"{label}: exit code {child.returncode}: {last}")
    size = sum(f.stat().st_size for f in output.rglob("*") if f.is_file()) if output.is_dir() else (
        output.stat().st_size if output.exists() else 0)
    main = rss.pop(child.pid, 0.0)
    return Measured(label, pages, wall, sum(cpu.values()), max(rss.values(), default=main), size, main,
                    os.getloadavg()[0])


def batch(records: Sequence[tuple[str, str]], workers: int, folder: Path, label: str) -> Measured:
    source = write_jsonl(records, folder / f"{label}.jsonl")
    output = folder / f"{label}.out.jsonl"
    argv = [sys.executable, "-m", "crawler", "extract-batch", str(source), "--output", str(output),
            "--workers", str(workers), "--no-progress", "--overwrite"]
    return run_command(argv, label, len(records), output)


def spark_missing() -> str | None:
    """Why the Spark runs cannot happen here, or None."""
    try:
        import pyspark  # noqa: F401
    except ImportError:
        return "pyspark is not installed (pip install pyspark)"
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        return "no Java runtime (apt-get install default-jre-headless)"
    return None


def spark(records: Sequence[tuple[str, str]], cores: int, folder: Path) -> Measured:
    pages = folder / "spark-pages"
    if not pages.exists():
        write_files(records, pages)
    output = folder / f"spark-local{cores}"
    if output.exists():  # a previous round's output: Spark refuses to write over it
        shutil.rmtree(output)
    argv = [sys.executable, "-m", "crawler", "spark-extract", str(pages), str(output), "--master",
            f"local[{cores}]", "--format", "jsonl"]
    return run_command(argv, f"spark local[{cores}]", len(records), output)


def data_table(runs: Sequence[Measured], factors: Sequence[int]) -> str:
    base = runs[0]
    body = [(f"×{factor}", str(run.pages), f"{run.wall_s:.1f}", f"{run.cpu_s:.1f}", f"{run.cpu_ms_per_page:.1f}",
             f"{marginal_cpu_ms(base, run):.1f}" if run is not base else "-",
             f"{run.cpu_s / (factor / factors[0] * base.cpu_s):.2f}",
             f"{run.wall_s / (factor / factors[0] * base.wall_s):.2f}")
            for factor, run in zip(factors, runs, strict=True)]
    return format_columns(("data", "pages", "wall s", "CPU s", "CPU ms/page", "added page CPU ms", "CPU × linear",
                           "wall × linear"), body)


def marginal_cpu_ms(small: Measured, large: Measured) -> float:
    """CPU ms of each page added between two runs: the per-page cost without the command's start-up."""
    added = large.pages - small.pages
    return 1000 * (large.cpu_s - small.cpu_s) / added if added > 0 else large.cpu_ms_per_page


def machine_table(runs: Sequence[Measured]) -> str:
    """One row per run; the speed-up is over the one-process run of the same tool in the same round (runs come
    in rounds of one then two processes: a round's pair ran minutes apart, under the same other load)."""
    body = []
    for index, run in enumerate(runs):
        tool = run.label.split()[0]
        first = next(r for r in reversed(runs[: index + 1]) if r.label.split()[0] == tool and r.label.endswith(
            ("1-worker", "local[1]")))
        body.append((run.label, str(run.pages), f"{run.wall_s:.1f}", f"{run.pages_per_s:.1f}", f"{run.cpu_s:.1f}",
                     f"{first.wall_s / run.wall_s:.2f}", f"{run.cpu_s / run.wall_s:.2f}", f"{run.load:.2f}"))
    return format_columns(("run", "pages", "wall s", "pages/s", "CPU s", "speed-up", "cores busy", "load avg"),
                          body)


def best_speedup(runs: Sequence[Measured], tool: str) -> float | None:
    """The best one -> two process speed-up of a tool over its rounds (the round least disturbed by others)."""
    ones = [r for r in runs if r.label.split()[0] == tool and r.label.endswith(("1-worker", "local[1]"))]
    twos = [r for r in runs if r.label.split()[0] == tool and r.label.endswith(("2-worker", "local[2]"))]
    pairs = [one.wall_s / two.wall_s for one, two in zip(ones, twos, strict=False) if two.wall_s]
    return max(pairs) if pairs else None


def sizing(cpu_ms_per_page: float, worker_rss_mb: float, html_kb: float, row_kb: float, efficiency: float,
           pages: int = SIZING_PAGES, cores: int = 1000) -> dict[str, float]:
    """Core-hours, hours on ``cores`` cores, memory and storage for ``pages`` pages from per-page costs;
    ``efficiency`` is the measured speed-up per added core (1.0 = linear)."""
    core_hours = pages * cpu_ms_per_page / 1000 / 3600 / max(efficiency, 1e-9)
    return {"pages": pages, "core_hours": core_hours, "cores": cores, "hours": core_hours / cores,
            "memory_gb_per_core": worker_rss_mb / 1024, "memory_tb_total": cores * worker_rss_mb / 1024**2,
            "html_tb": pages * html_kb / 1024**3, "rows_tb": pages * row_kb / 1024**3}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crawler.evaluation.scale_bench",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--dataset", default="../shared/datasets/scrapinghub", help="a data set folder")
    parser.add_argument("--factors", default=",".join(map(str, DEFAULT_FACTORS)),
                        help="copies of the data set for data scalability (default: 1,4,16)")
    parser.add_argument("--machine-factor", type=int, default=DEFAULT_MACHINE_FACTOR,
                        help="copies for the 1 -> 2 process runs (default: 4)")
    parser.add_argument("--machine-rounds", type=int, default=1,
                        help="rounds of the 1 -> 2 process runs (each round: 1 then 2); the best round's speed-up "
                             "is printed too, the one least disturbed by other jobs (default: 1)")
    parser.add_argument("--no-spark", action="store_true", help="leave out the Spark local[1] -> local[2] runs")
    parser.add_argument("--limit", type=int, default=None, help="only the first N pages of the data set")
    parser.add_argument("--json", action="store_true", help="also print every run as JSON")
    args = parser.parse_args(argv)
    try:
        pages = load_dataset(args.dataset, args.limit)
        factors = [int(f) for f in args.factors.split(",") if f.strip()]
    except ValueError as error:
        parser.error(str(error))
    if not pages or not factors or min(factors) < 1 or args.machine_factor < 1:
        parser.error("no pages, or a factor below 1")
    html_kb = sum(len(p.html) for p in pages) / len(pages) / 1024
    print(f"{len(pages)} pages of {args.dataset}, {html_kb:.0f} KB of HTML each on average; "
          f"{os.cpu_count()} cores; times include each command's start-up. CPU s = the command and all its "
          "processes (steadier than wall s on a shared machine).\n", flush=True)
    runs: list[Measured] = []
    with tempfile.TemporaryDirectory(prefix="scale-bench-") as tmp:
        folder = Path(tmp)
        print("Data scalability: extract-batch --workers 1", flush=True)
        data_runs = [batch(replicate(pages, f), 1, folder, f"data-x{f}") for f in factors]
        print(data_table(data_runs, factors) + "\n", flush=True)
        runs += data_runs
        records = replicate(pages, args.machine_factor)
        print(f"Machine scalability: ×{args.machine_factor} ({len(records)} pages)", flush=True)
        missing = None if not args.no_spark else "left out (--no-spark)"
        missing = missing or spark_missing()
        machine_runs = []
        for _ in range(max(1, args.machine_rounds)):
            machine_runs += [batch(records, workers, folder, f"batch {workers}-worker") for workers in (1, 2)]
            if missing is None:
                machine_runs += [spark(records, cores, folder) for cores in (1, 2)]
        print(machine_table(machine_runs), flush=True)
        for tool in ("batch", "spark"):
            best = best_speedup(machine_runs, tool)
            if best is not None:
                print(f"{tool}: best 1 -> 2 speed-up over {args.machine_rounds} round(s): {best:.2f}×", flush=True)
        if missing:
            print(f"Spark runs skipped: {missing}", flush=True)
        runs += machine_runs
        largest = data_runs[-1]
        one, two = machine_runs[0], machine_runs[1]
        efficiency = min(1.0, (best_speedup(machine_runs, "batch") or one.wall_s / two.wall_s) / 2)
        row_kb = largest.output_bytes / largest.pages / 1024
        worker_mb = max(r.peak_rss_mb for r in [*data_runs, one, two])  # batch processes, not Spark's JVM
        page_ms = marginal_cpu_ms(data_runs[0], largest)
        model = sizing(page_ms, worker_mb, html_kb, row_kb, efficiency)
        print(f"\nSizing inputs: {page_ms:.1f} ms CPU a page (added between ×{factors[0]} and ×{factors[-1]}), "
              f"largest worker {worker_mb:.0f} MB (main process {max(r.main_rss_mb for r in data_runs):.0f} MB), "
              f"{html_kb:.0f} KB HTML and "
              f"{row_kb:.1f} KB JSON row a page, 2-process efficiency {efficiency:.2f}.")
        print(f"For {model['pages']:.0e} pages: {model['core_hours']:,.0f} core-hours = {model['hours']:.1f} h on "
              f"{model['cores']} cores, {model['memory_gb_per_core']:.2f} GB a core ({model['memory_tb_total']:.1f} TB "
              f"in all), {model['html_tb']:.1f} TB of HTML in, {model['rows_tb']:.1f} TB of JSON rows out.")
    if args.json:
        print(json.dumps([{**run.__dict__, "cpu_ms_per_page": run.cpu_ms_per_page} for run in runs], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
