"""Reliability of bulk inputs: a damaged archive loses only the damaged records, every bad input is counted by
reason and none stops the run. Every archive here is built in the test and damaged on purpose."""

from __future__ import annotations

import gzip
import io
import random
import re
import tracemalloc
import zlib
from pathlib import Path

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from crawler.bulk import archives, readers
from crawler.bulk.batch import run_batch
from crawler.bulk.records import Page, Skipped
from crawler.cli import main as cli_main
from crawler.cli import pages as cli_pages

PAGES = 12


def page_body(number: int) -> bytes:
    """About 8 KB of text that compresses little, so a record is several KB in a gzip WARC too."""
    rng = random.Random(number)
    words = " ".join(f"{rng.getrandbits(40):x}" for _ in range(400))
    return (f"<html><head><title>Story {number}</title></head><body><article><h1>Story {number}</h1>"
            f"<p>{words}.</p><p>{words}.</p></article></body></html>").encode()


def build(gzipped: bool) -> tuple[bytes, list[int]]:
    """A WARC of PAGES HTML responses; returns its bytes and each record's start offset."""
    stream = io.BytesIO()
    writer = WARCWriter(stream, gzip=gzipped)
    starts = []
    for number in range(PAGES):
        starts.append(stream.tell())
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
        # Fixed record ids and dates: the same bytes on every run, so damage at a given offset falls the same way.
        fixed = {"WARC-Record-ID": f"<urn:uuid:00000000-0000-4000-8000-{number:012d}>",
                 "WARC-Date": "2024-03-16T12:00:00Z"}
        writer.write_record(writer.create_warc_record(f"http://site.example/{number}.html", "response",
                                                      payload=io.BytesIO(page_body(number)), http_headers=headers,
                                                      warc_headers_dict=fixed))
    return stream.getvalue(), starts


def pages_of(data: bytes) -> tuple[list[str], list[Skipped]]:
    records = list(archives.read_warc(io.BytesIO(data), "x"))
    urls = [record.url for record in records if isinstance(record, Page)]
    return urls, [record for record in records if isinstance(record, Skipped)]


def url(number: int) -> str:
    return f"http://site.example/{number}.html"


ALL = [url(n) for n in range(PAGES)]
DAMAGED = 5  # the record that is damaged in each case


def corrupt_member(data: bytes, starts: list[int]) -> bytes:
    middle = (starts[DAMAGED] + starts[DAMAGED + 1]) // 2
    return data[:middle] + bytes(b ^ 0x55 for b in data[middle : middle + 40]) + data[middle + 40 :]


def garbage_between_members(data: bytes, starts: list[int]) -> bytes:
    return data[: starts[DAMAGED]] + bytes(range(256)) * 4 + data[starts[DAMAGED] :]


def zeros_across_boundary(data: bytes, starts: list[int]) -> bytes:
    boundary = starts[DAMAGED]
    return data[: boundary - 2048] + b"\0" * 4096 + data[boundary + 2048 :]


def with_length(data: bytes, starts: list[int], value: bytes) -> bytes:
    """Plain WARC: the damaged record's Content-Length replaced by ``value``."""
    start, end = starts[DAMAGED], starts[DAMAGED + 1]
    record = re.sub(rb"Content-Length: \d+", b"Content-Length: " + value, data[start:end], count=1)
    return data[:start] + record + data[end:]


def member_with_length(data: bytes, starts: list[int], value: bytes) -> bytes:
    """Gzip WARC: the damaged record's member recompressed with its Content-Length replaced."""
    start, end = starts[DAMAGED], starts[DAMAGED + 1]
    record = re.sub(rb"Content-Length: \d+", b"Content-Length: " + value, gzip.decompress(data[start:end]), count=1)
    return data[:start] + gzip.compress(record) + data[end:]


@pytest.mark.parametrize(("case", "lost_at_most"), [
    ("corrupt gzip member", 1), ("garbage between members", 0), ("zeroed bytes across a boundary", 2),
    ("member: wrong Content-Length", 1), ("member: huge Content-Length", 1),
])
def test_a_damaged_gzip_warc_loses_only_the_damaged_records(case, lost_at_most):
    data, starts = build(gzipped=True)
    damage = {"corrupt gzip member": corrupt_member, "garbage between members": garbage_between_members,
              "zeroed bytes across a boundary": zeros_across_boundary,
              "member: wrong Content-Length": lambda d, s: member_with_length(d, s, b"100"),
              "member: huge Content-Length": lambda d, s: member_with_length(d, s, b"99999999999")}[case]
    urls, skipped = pages_of(damage(data, starts))
    assert set(urls) <= set(ALL) and len(set(urls)) == len(urls)
    assert len(ALL) - len(urls) <= lost_at_most, (case, sorted(set(ALL) - set(urls)))
    assert url(DAMAGED + 2) in urls and url(PAGES - 1) in urls  # what follows the damage is read
    broken = [record for record in skipped if record.reason in ("broken_archive", "bad_digest")]
    assert broken, case
    assert all(re.search(r"x:\d+", record.input) for record in broken)


@pytest.mark.parametrize("length", [b"100", b"abc", b"-5", b"99999999999", b"30000"])
def test_a_wrong_content_length_in_a_plain_warc_loses_only_that_record(length):
    data, starts = build(gzipped=False)
    urls, skipped = pages_of(with_length(data, starts, length))
    assert [u for u in ALL if u != url(DAMAGED)] == [u for u in urls if u != url(DAMAGED)]
    broken = [record for record in skipped if record.reason == "broken_archive"]
    assert broken and all("bytes " in record.detail and "skipped" in record.detail for record in broken)
    assert url(DAMAGED) not in urls or any(record.reason == "bad_digest" for record in skipped)


def test_each_skipped_range_is_logged_with_its_offsets(tmp_path, caplog):
    data, starts = build(gzipped=True)
    warc = tmp_path / "damaged.warc.gz"
    warc.write_bytes(garbage_between_members(data, starts))
    out = tmp_path / "out.jsonl"
    result = run_batch([warc], out, workers=0, progress=False)
    assert result.counts["pages"] == PAGES and result.counts["broken_archive"] == 1
    assert f"bytes {starts[DAMAGED]}-{starts[DAMAGED] + 1024} (1024 bytes) skipped" in caplog.text


@pytest.mark.slow
def test_a_gzip_bomb_record_is_counted_not_inflated_in_memory():
    data, _ = build(gzipped=True)
    compressor = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    header = (b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://site.example/bomb.html\r\n"
              b"Content-Length: %d\r\n\r\n" % (300 * 2**20))
    bomb = compressor.compress(header) + b"".join(compressor.compress(b"\0" * 2**20) for _ in range(300))
    bomb += compressor.flush()
    urls, skipped = pages_of(data + bomb + data)
    assert len(urls) == 2 * PAGES
    assert [record.reason for record in skipped] == ["too_large"]


# ------------------------------------------------------------------------------------------ inputs, not archives


def test_a_corrupt_gz_page_is_counted_and_the_run_goes_on(tmp_path, caplog):
    folder = tmp_path / "pages"
    folder.mkdir()
    good = gzip.compress(page_body(1))
    (folder / "a.html.gz").write_bytes(good[:40] + bytes(b ^ 0xFF for b in good[40:80]) + good[80:])
    (folder / "b.html").write_bytes(page_body(2))
    (folder / "c.jsonl.gz").write_bytes(good[:60])  # a cut gzip JSON lines file
    out = tmp_path / "out.jsonl"
    result = run_batch([folder], out, workers=0, progress=False)
    assert result.counts["pages"] == 1
    assert result.counts["corrupt_file"] + result.counts["broken_archive"] == 2
    assert "a.html.gz" in caplog.text


def make_bomb(path: Path, megabytes: int) -> Path:
    with gzip.open(path, "wb", compresslevel=9) as file:
        file.write(b"<html><body>")
        for _ in range(megabytes):
            file.write(b" " * 2**20)
    return path


def test_a_gzip_bomb_file_is_refused_with_bounded_memory(tmp_path, monkeypatch):
    monkeypatch.setattr(readers, "MAX_PAGE_BYTES", 2**20)
    bomb = make_bomb(tmp_path / "bomb.html.gz", 40)
    tracemalloc.start()
    try:
        record = readers.iter_records([(bomb, "html")]).__next__()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert isinstance(record, Skipped) and record.reason == "too_large"
    assert peak < 8 * 2**20  # the 40 MB page is never held


def test_extract_refuses_a_bomb_and_a_corrupt_file_with_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cli_pages, "MAX_FETCH_BYTES", 2**20)
    bomb = make_bomb(tmp_path / "bomb.html.gz", 40)
    tracemalloc.start()
    try:
        code = cli_main(["extract", str(bomb)])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    error = capsys.readouterr().err
    assert code == 1 and "larger than" in error and len(error.strip().splitlines()) == 1
    assert peak < 8 * 2**20
    good = gzip.compress(page_body(1))
    corrupt = tmp_path / "corrupt.html.gz"
    corrupt.write_bytes(good[:40] + bytes(b ^ 0xFF for b in good[40:80]) + good[80:])
    assert cli_main(["extract", str(corrupt)]) == 1
    error = capsys.readouterr().err
    assert "broken gzip data" in error and len(error.strip().splitlines()) == 1


def test_unreadable_folders_and_symlink_loops_are_counted(tmp_path, caplog):
    import os

    folder = tmp_path / "pages"
    (folder / "sub").mkdir(parents=True)
    (folder / "ok.html").write_bytes(page_body(1))
    (folder / "sub" / "loop").symlink_to(folder / "sub", target_is_directory=True)
    (folder / "dangling.html").symlink_to(tmp_path / "nowhere.html")
    locked = folder / "locked"
    locked.mkdir()
    (locked / "hidden.html").write_bytes(page_body(2))
    locked.chmod(0)
    try:
        if os.access(locked, os.R_OK):  # root reads it anyway: simulate the refusal
            real = Path.iterdir

            def refusing(self: Path):  # type: ignore[no-untyped-def]
                if self == locked:
                    raise PermissionError(13, "Permission denied", str(self))
                return real(self)

            import unittest.mock

            with unittest.mock.patch.object(Path, "iterdir", refusing):
                result = run_batch([folder], tmp_path / "out.jsonl", workers=0, progress=False)
        else:
            result = run_batch([folder], tmp_path / "out.jsonl", workers=0, progress=False)
    finally:
        locked.chmod(0o755)
    assert result.counts["pages"] == 1
    assert result.counts["unreadable_folder"] == 1
    assert result.counts["symlink_loop"] == 1
    assert result.counts["unreadable_file"] == 1  # the dangling link
    assert "locked" in caplog.text


def damage_bytes(data: bytes, kind: str, at: int, size: int, rng: random.Random) -> bytes:
    if kind == "zero":
        return data[:at] + bytes(size) + data[at + size :]
    if kind == "garbage":
        return data[:at] + rng.randbytes(size) + data[at:]
    if kind == "flip":
        return data[:at] + bytes(b ^ 0xA5 for b in data[at : at + size]) + data[at + size :]
    if kind == "delete":
        return data[:at] + data[at + size :]
    return data[:at] + data[at + size : at + 2 * size] + data[at:]  # repeat: a stretch written twice


@pytest.mark.parametrize("gzipped", [True, False])
def test_random_damage_costs_only_the_records_it_touches(gzipped):
    """Random damage (zeroed, flipped, inserted, deleted or repeated bytes) anywhere in the archive: never an
    exception, never a page that differs from the one written, and no more pages lost than records touched + 1."""
    rng = random.Random(1)
    data, starts = build(gzipped)
    ends = [*starts[1:], len(data)]
    originals = {url(n): page_body(n) for n in range(PAGES)}
    for _ in range(60):
        kind = rng.choice(["zero", "garbage", "flip", "delete", "repeat"])
        at, size = rng.randrange(len(data)), rng.randrange(1, 3000)
        damaged = damage_bytes(data, kind, at, size, rng)
        records = list(archives.read_warc(io.BytesIO(damaged), "x"))
        pages = [record for record in records if isinstance(record, Page)]
        assert all(originals.get(page.url) == page.html for page in pages), (kind, at, size)
        touched = sum(1 for start, end in zip(starts, ends, strict=True) if start <= at + size and end > at - 1)
        assert PAGES - len({page.url for page in pages}) <= touched + 1, (kind, at, size)


# ------------------------------------------------------------------------------------------ ARC files

ARC_VERSION_BLOCK = b"1 0 tests\nURL IP-address Archive-date Content-type Archive-length\n"


def arc_record(uri: str, block: bytes, content_type: str = "text/html") -> bytes:
    """One ARC 1.0 record: its header line, ``Archive-length`` bytes of block, and the closing newline."""
    return f"{uri} 127.0.0.1 20240312093000 {content_type} {len(block)}\n".encode() + block + b"\n"


def build_arc(gzipped: bool) -> tuple[bytes, list[int]]:
    """An ARC file (a filedesc record, then PAGES HTML responses; one gzip member a record when ``gzipped``);
    returns its bytes and each page record's start offset."""
    records = [arc_record("filedesc://test.arc", ARC_VERSION_BLOCK, "text/plain")]
    for number in range(PAGES):
        http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + page_body(number)
        records.append(arc_record(url(number), http))
    parts = [gzip.compress(record) for record in records] if gzipped else records
    starts = [sum(len(part) for part in parts[: index + 1]) for index in range(PAGES)]
    return b"".join(parts), starts


def arc_pages_of(tmp_path: Path, data: bytes, gzipped: bool,
                 unchecked: frozenset[str] = frozenset()) -> tuple[list[str], list[Skipped]]:
    """The page URLs and skipped records of the ARC ``data``; every page but those of ``unchecked`` URLs must be
    the page written (never a wrong page)."""
    path = tmp_path / ("damaged.arc.gz" if gzipped else "damaged.arc")
    path.write_bytes(data)
    records = list(readers.iter_records([(path, "arc")]))
    pages = [record for record in records if isinstance(record, Page)]
    originals = {url(n): page_body(n) for n in range(PAGES)}
    assert all(originals.get(page.url) == page.html for page in pages if page.url not in unchecked)
    return [page.url for page in pages], [record for record in records if isinstance(record, Skipped)]


def arc_with_length(data: bytes, starts: list[int], value: bytes, gzipped: bool) -> bytes:
    """The damaged record's Archive-length replaced by ``value`` (its member recompressed when ``gzipped``)."""
    start, end = starts[DAMAGED], starts[DAMAGED + 1]
    record = gzip.decompress(data[start:end]) if gzipped else data[start:end]
    line, rest = record.split(b"\n", 1)
    record = line.rsplit(b" ", 1)[0] + b" " + value + b"\n" + rest
    return data[:start] + (gzip.compress(record) if gzipped else record) + data[end:]


ARC_DAMAGE = {
    "corrupt gzip member": (True, corrupt_member, 1),
    "garbage between members": (True, garbage_between_members, 0),
    "zeroed bytes across a boundary": (True, zeros_across_boundary, 2),
    "member: short length": (True, lambda d, s: arc_with_length(d, s, b"100", True), 1),
    "member: long length": (True, lambda d, s: arc_with_length(d, s, b"30000", True), 1),
    "member: huge length": (True, lambda d, s: arc_with_length(d, s, b"99999999999", True), 1),
    # Plain ARC: a length is trusted only when the next header line follows the block (there is no digest), so
    # damage right after a record costs that record too.
    "plain: garbage between records": (False, garbage_between_members, 1),
    "plain: zeroed bytes across a boundary": (False, zeros_across_boundary, 2),
    "plain: short length": (False, lambda d, s: arc_with_length(d, s, b"100", False), 1),
    "plain: long length": (False, lambda d, s: arc_with_length(d, s, b"30000", False), 1),
    "plain: non-numeric length": (False, lambda d, s: arc_with_length(d, s, b"abc", False), 2),
    "plain: huge length": (False, lambda d, s: arc_with_length(d, s, b"99999999999", False), 1),
}


@pytest.mark.parametrize("case", list(ARC_DAMAGE))
def test_a_damaged_arc_loses_only_the_damaged_records(case, tmp_path):
    gzipped, damage, lost_at_most = ARC_DAMAGE[case]
    data, starts = build_arc(gzipped)
    urls, skipped = arc_pages_of(tmp_path, damage(data, starts), gzipped)
    assert len(set(urls)) == len(urls)
    assert len(ALL) - len(urls) <= lost_at_most, (case, sorted(set(ALL) - set(urls)))
    assert url(DAMAGED + 2) in urls and url(PAGES - 1) in urls  # what follows the damage is read
    broken = [record for record in skipped if record.reason == "broken_archive"]
    assert broken, case
    assert all(re.search(r"damaged\.arc(\.gz)?:\d+", record.input) for record in broken)


@pytest.mark.parametrize("gzipped", [True, False])
def test_an_undamaged_arc_gives_every_page_and_no_damage(gzipped, tmp_path):
    data, starts = build_arc(gzipped)
    urls, skipped = arc_pages_of(tmp_path, data, gzipped)
    assert urls == ALL
    assert [record.reason for record in skipped] == ["record_warcinfo"]
    assert [int(record.input.rsplit(":", 1)[1]) for record in readers.iter_records(
        [(tmp_path / ("damaged.arc.gz" if gzipped else "damaged.arc"), "arc")])][1:] == starts


def test_each_skipped_arc_range_is_logged_with_its_offsets(tmp_path, caplog):
    data, starts = build_arc(gzipped=True)
    arc = tmp_path / "damaged.arc.gz"
    arc.write_bytes(garbage_between_members(data, starts))
    result = run_batch([arc], tmp_path / "out.jsonl", workers=0, progress=False)
    assert result.counts["pages"] == PAGES and result.counts["broken_archive"] == 1
    assert f"{arc}:{starts[DAMAGED]}" in caplog.text
    assert f"bytes {starts[DAMAGED]}-{starts[DAMAGED] + 1024} (1024 bytes) skipped" in caplog.text


@pytest.mark.parametrize("gzipped", [True, False])
def test_random_damage_in_an_arc_costs_only_the_records_it_touches(gzipped, tmp_path):
    rng = random.Random(2)
    data, starts = build_arc(gzipped)
    ends = [*starts[1:], len(data)]
    for _ in range(40):
        kind = rng.choice(["zero", "garbage", "flip", "delete", "repeat"])
        at, size = rng.randrange(len(data)), rng.randrange(1, 3000)
        touched_urls = {url(n) for n, (start, end) in enumerate(zip(starts, ends, strict=True))
                        if start <= at + size and end > at - 1}
        # A plain ARC record has no digest: damage inside a block that keeps its length cannot be seen (a gzip
        # member's CRC sees it); every other page must be the one written.
        urls, _ = arc_pages_of(tmp_path, damage_bytes(data, kind, at, size, rng), gzipped,
                               frozenset() if gzipped else frozenset(touched_urls))
        touched = len(touched_urls)
        assert PAGES - len(set(urls)) <= touched + 1, (kind, at, size)


# ------------------------------------------------------------------------------------------ one compressed stream


@pytest.mark.parametrize("fraction", [0.2, 0.5, 0.8])
def test_a_warc_in_one_damaged_gzip_stream_keeps_the_records_before_the_damage(fraction):
    """One deflate stream cannot be resynchronised: what follows the damage is lost, but every record inflated
    before it is kept (zlib gives nothing from a call that fails: the call's input is inflated again up to the
    damage), and the damage is one broken_archive record saying where it is. Bytes that zlib inflates wrongly
    before it notices the damage (a flipped literal, caught only by the stream's CRC at its end) cannot be told
    apart in a record's WARC headers, which no digest covers; the archive's bytes are fixed (build) so these three
    damages fall the same way on every run (with random record ids, 1 run in about 12 altered a URL)."""
    data, starts = build(gzipped=False)
    compressed = gzip.compress(data)
    at = int(len(compressed) * fraction)
    damaged = compressed[:at] + bytes(b ^ 0x55 for b in compressed[at : at + 40]) + compressed[at + 40 :]
    urls, skipped = pages_of(damaged)
    before = len(zlib.decompressobj(zlib.MAX_WBITS | 16).decompress(compressed[: at - 1024]))
    whole_before = sum(1 for end in [*starts[1:], len(data)] if end <= before)
    assert urls == ALL[: len(urls)] and len(urls) >= whole_before - 1, (whole_before, urls)
    broken = [record for record in skipped if record.reason == "broken_archive"]
    assert len(broken) == 1 and broken[0].input == "x:0"
    assert re.search(r"corrupt gzip data at about byte \d+", broken[0].detail)


def zstd_frames(data: bytes, starts: list[int]) -> tuple[bytes, list[int]]:
    """The plain WARC ``data`` as one zstd frame a record (the IIPC WARC-zstd layout, without a dictionary);
    returns it and each frame's start."""
    from crawler.bulk.warc_scan import zstd_module

    ends = [*starts[1:], len(data)]
    frames = [zstd_module().compress(data[start:end]) for start, end in zip(starts, ends, strict=True)]
    return b"".join(frames), [sum(len(frame) for frame in frames[:index]) for index in range(len(frames))]


@pytest.mark.parametrize(("case", "lost_at_most", "detail"), [
    ("corrupt frame", 1, r"http://site\.example/\d+\.html: the block does not match its WARC-Block-Digest"),
    ("garbage between frames", 0,
     r"bytes {start}-{end} \(1024 bytes\) skipped: bytes between zstd frames that are not a member"),
    ("zeroed bytes across a boundary", 2,
     r"bytes \d+-\d+ \(\d+ bytes\) skipped: corrupt zstd data at about byte \d+: .+"),
])
def test_a_damaged_zstd_warc_of_one_frame_a_record_loses_only_the_damaged_records(case, lost_at_most, detail):
    plain, plain_starts = build(gzipped=False)
    data, starts = zstd_frames(plain, plain_starts)
    damage = {"corrupt frame": corrupt_member, "garbage between frames": garbage_between_members,
              "zeroed bytes across a boundary": zeros_across_boundary}[case]
    urls, skipped = pages_of(damage(data, starts))
    assert set(urls) <= set(ALL) and len(set(urls)) == len(urls)
    assert len(ALL) - len(urls) <= lost_at_most, (case, sorted(set(ALL) - set(urls)))
    assert url(DAMAGED + 2) in urls and url(PAGES - 1) in urls
    broken = [record for record in skipped if record.reason in ("broken_archive", "bad_digest")]
    assert broken and all(re.search(r"x:\d+", record.input) for record in broken)
    # one counted record, saying what was skipped (the garbage: exactly the 1024 bytes put between two frames)
    expected = detail.format(start=starts[DAMAGED], end=starts[DAMAGED] + 1024)
    assert len(broken) == 1 and re.fullmatch(expected, broken[0].detail), [record.detail for record in broken]


@pytest.mark.parametrize("layout", ["zstd", "lz4"])
def test_a_damaged_warc_in_one_zstd_or_lz4_frame_is_counted_and_gives_no_wrong_page(layout, tmp_path):
    """One frame cannot be resynchronised (what follows the damage is lost, or caught record by record by the
    WARC-Block-Digest when the frame has no checksum): the damage is counted, with the offset reading stopped at,
    and no page given differs from the one written."""
    from fastwarc.stream_io import Lz4Writer, ZstdWriter

    plain, _ = build(gzipped=False)
    writer = (ZstdWriter if layout == "zstd" else Lz4Writer)(str(tmp_path / "archive"), fsspec_args=False)
    writer.write(plain)
    writer.close()
    data = (tmp_path / "archive").read_bytes()
    at = len(data) // 2
    records = list(archives.read_warc(io.BytesIO(data[:at] + bytes(b ^ 0x55 for b in data[at : at + 40])
                                              + data[at + 40 :]), "x"))
    originals = {url(n): page_body(n) for n in range(PAGES)}
    pages = [record for record in records if isinstance(record, Page)]
    assert pages and all(originals.get(page.url) == page.html for page in pages)
    damage = [record for record in records if isinstance(record, Skipped)
              and record.reason in ("broken_archive", "bad_digest")]
    assert damage and all(re.fullmatch(r"x:\d+", record.input) for record in damage)
