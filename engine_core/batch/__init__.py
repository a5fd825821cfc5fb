"""Batch scanning: clean text, JSON Lines, CSV and Parquet files on every core or a Dask cluster.

>>> from engine_core.batch import scan
>>> report = scan(["logs/"], "clean/")  # doctest: +SKIP
>>> report.total.withheld  # doctest: +SKIP
0

pyarrow (Parquet) and Dask are imported only when a scan needs them.
"""

from __future__ import annotations

from .payload import BatchError, PackPayload
from .records import BLOCKED, WITHHELD
from .report import FileReport, ScanReport, Tally
from .scan import ON_BLOCK, ScanProgress, scan
from .sources import FORMATS

__all__ = [
    "BLOCKED",
    "FORMATS",
    "ON_BLOCK",
    "WITHHELD",
    "BatchError",
    "FileReport",
    "PackPayload",
    "ScanProgress",
    "ScanReport",
    "Tally",
    "scan",
]
