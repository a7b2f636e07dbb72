"""Bulk extraction, without Scrapy: saved pages, WARC/ARC archives and JSON lines in, one row a page out
(``python -m crawler extract-batch``, resumable, worker processes), and the same job on Spark
(``python -m crawler spark-extract``, ``spark_job``). Archives are read record by record and a damaged stretch
is skipped with its byte range (``warc_scan``, ``arc_scan``, ``warc_end``)."""
