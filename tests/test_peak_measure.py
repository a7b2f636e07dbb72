"""The memory tests measure the code they test: a peak taken after the test process once held far more is still
the peak of the code under test (tests/helpers/peak.py says why ``ru_maxrss`` is not)."""

from __future__ import annotations

import mmap
import subprocess
import sys

import pytest
from helpers.peak import PEAK_AT_EXIT, growth_mb, peak_at_exit_kb

EARLIER_MB = 300  # what an earlier test of the suite held (a crawl, a 20 MB page): far above a bare interpreter


def written(megabytes: int) -> mmap.mmap:
    """Memory of its own mapping (the allocator cannot serve it from memory freed earlier), made resident."""
    block = mmap.mmap(-1, megabytes * 2**20)  # zero pages are not resident until written
    for offset in range(0, len(block), mmap.PAGESIZE):
        block[offset] = 1
    return block


def hold_and_free(megabytes: int) -> None:
    written(megabytes).close()


@pytest.mark.slow  # a child interpreter
def test_a_child_reports_its_own_peak_not_its_parents():
    hold_and_free(EARLIER_MB)
    done = subprocess.run([sys.executable, "-c", PEAK_AT_EXIT + "print('ok')"], capture_output=True, text=True,
                          timeout=60, check=True)
    assert peak_at_exit_kb(done.stderr) / 1024 < EARLIER_MB / 3, done.stderr


def test_growth_within_a_block_is_measured_after_a_higher_earlier_peak():
    hold_and_free(EARLIER_MB)
    with growth_mb() as grown:
        block = written(40)
        assert 30 < grown() < 80, grown()
        block.close()
