"""The Spark job's old path, kept for commands written against it, such as
``spark-submit "$(python3 -c 'import crawler.spark_job as m; print(m.__file__)')"``: the job lives in
``crawler/bulk/spark_job.py``."""

from __future__ import annotations

import sys

from crawler.bulk.spark_job import main

if __name__ == "__main__":
    sys.exit(main())
