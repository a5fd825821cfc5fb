"""What a batch scan counts: per chunk, per file and in total. Counts only, never a value."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FileReport", "ScanReport", "Tally"]


@dataclass
class Tally:
    """Record counts of a chunk, a file or a whole scan; ``categories`` counts every occurrence."""

    records: int = 0
    records_with_findings: int = 0
    blocked: int = 0
    withheld: int = 0
    categories: Counter[str] = field(default_factory=Counter)
    withheld_reasons: Counter[str] = field(default_factory=Counter)

    def count(self, *, findings: bool, blocked: bool, categories: Counter[str]) -> None:
        """Count one evaluated record."""
        self.records += 1
        if findings:
            self.records_with_findings += 1
            self.categories.update(categories)
        if blocked:
            self.blocked += 1

    def withhold(self, reason: str) -> None:
        """Count one record that could not be evaluated (``reason`` names the kind, not a value)."""
        self.records += 1
        self.withheld += 1
        self.withheld_reasons[reason] += 1

    def merge(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        self.records += other.records
        self.records_with_findings += other.records_with_findings
        self.blocked += other.blocked
        self.withheld += other.withheld
        self.categories.update(other.categories)
        self.withheld_reasons.update(other.withheld_reasons)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready counts (categories and reasons sorted by name)."""
        return {
            "records": self.records,
            "records_with_findings": self.records_with_findings,
            "blocked": self.blocked,
            "withheld": self.withheld,
            "categories": dict(sorted(self.categories.items())),
            "withheld_reasons": dict(sorted(self.withheld_reasons.items())),
        }


@dataclass
class FileReport:
    """One input file: where its copy went, its counts, and why it failed (if it did)."""

    path: str
    format: str
    tally: Tally = field(default_factory=Tally)
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready form."""
        counts = self.tally.to_dict()
        return {"path": self.path, "format": self.format, **counts, "error": self.error}


@dataclass
class ScanReport:
    """The outcome of a scan: one report per file, the skipped files, and the totals."""

    files: list[FileReport] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    @property
    def total(self) -> Tally:
        """The counts of every file together."""
        total = Tally()
        for report in self.files:
            total.merge(report.tally)
        return total

    @property
    def failed_files(self) -> list[FileReport]:
        """The files that could not be scanned (no output was written for them)."""
        return [report for report in self.files if report.error is not None]

    @property
    def ok(self) -> bool:
        """True when every record of every file was evaluated (exit code 0)."""
        return not self.failed_files and self.total.withheld == 0

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready report: files, skipped files and totals."""
        return {
            "files": [report.to_dict() for report in self.files],
            "skipped": list(self.skipped),
            "total": {
                "files": len(self.files),
                "failed_files": len(self.failed_files),
                **self.total.to_dict(),
            },
        }
