"""Bin packing problems: reading them, lower bounds, first-fit decreasing, and the answer.

Problem: ``{items: [{id, size: [number...], quantity?}], bin: {capacity:
[number...]}, max_bins?}`` with one or more dimensions. An item type with a
size over the capacity in any dimension can never be packed: all its copies
are listed in ``unassigned`` and the rest is packed. Solution: ``{bins:
[{index, items: [id...], load: [number...]}], bins_used, lower_bound,
unassigned: [id...]}`` where an id appears once per packed copy.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine_core.solvers.problems import PROBLEM_LOC, ProblemChecker

__all__ = [
    "MAX_DIMENSIONS",
    "MAX_ITEM_TYPES",
    "MAX_TOTAL_ITEMS",
    "Packing",
    "PackingProblem",
    "first_fit_decreasing",
    "lower_bound",
    "prepare",
    "solution",
]

#: Size limits (HTTP 422 naming the limit above them).
MAX_ITEM_TYPES = 10_000
MAX_TOTAL_ITEMS = 100_000
MAX_DIMENSIONS = 10
_LOC = PROBLEM_LOC

Number = int | float
#: Bins as lists of item-type indexes (one entry per copy).
Packing = list[list[int]]


@dataclass(frozen=True)
class PackingProblem:
    """A checked problem; ``packable`` are the item types that fit an empty bin."""

    ids: list[str | int]
    sizes: list[tuple[Number, ...]]
    quantities: list[int]
    capacity: tuple[Number, ...]
    max_bins: int | None
    integral: bool

    @property
    def packable(self) -> list[int]:
        """Indexes of the item types no larger than the bin in every dimension."""
        return [
            kind
            for kind, size in enumerate(self.sizes)
            if all(part <= limit for part, limit in zip(size, self.capacity, strict=True))
        ]


def prepare(problem: Any) -> PackingProblem:
    """Read the problem; raise DecisionInputError listing every problem."""
    checker = ProblemChecker()
    document = checker.mapping(problem, _LOC, required=("items", "bin"), optional=("max_bins",))
    if document is None:
        checker.raise_if_any()
    assert document is not None
    capacity: list[Number] = []
    box = checker.mapping(document["bin"], (*_LOC, "bin"), required=("capacity",))
    if box is not None:
        parts = checker.array(
            box["capacity"], (*_LOC, "bin", "capacity"), limit=MAX_DIMENSIONS, min_items=1
        )
        for position, part in enumerate(parts or []):
            value = checker.number(part, (*_LOC, "bin", "capacity", position))
            if value is not None and value <= 0:
                checker.add((*_LOC, "bin", "capacity", position), "must be greater than 0")
            elif value is not None:
                capacity.append(value)
        if parts is not None and len(capacity) != len(parts):
            capacity = []
    max_bins = None
    if document.get("max_bins") is not None:
        max_bins = checker.integer(
            document["max_bins"], (*_LOC, "max_bins"), minimum=1, maximum=MAX_TOTAL_ITEMS
        )
    ids: list[str | int] = []
    sizes: list[tuple[Number, ...]] = []
    quantities: list[int] = []
    seen: set[str | int] = set()
    items = checker.array(document["items"], (*_LOC, "items"), limit=MAX_ITEM_TYPES, min_items=1)
    for position, item in enumerate(items or []):
        loc = (*_LOC, "items", position)
        fields = checker.mapping(item, loc, required=("id", "size"), optional=("quantity",))
        if fields is None:
            continue
        identifier = fields["id"]
        if isinstance(identifier, bool) or not isinstance(identifier, str | int):
            checker.add((*loc, "id"), "must be a string or an integer")
        elif identifier in seen:
            checker.add((*loc, "id"), f"duplicate item id {identifier!r}")
        else:
            seen.add(identifier)
        size = _size(checker, fields["size"], (*loc, "size"), len(capacity))
        quantity = checker.integer(
            fields.get("quantity", 1), (*loc, "quantity"), minimum=1, maximum=MAX_TOTAL_ITEMS
        )
        if size is not None and quantity is not None:
            ids.append(identifier)
            sizes.append(size)
            quantities.append(quantity)
    total = sum(quantities)
    if total > MAX_TOTAL_ITEMS:
        checker.add(
            (*_LOC, "items"), f"has {total} items in all: over the limit of {MAX_TOTAL_ITEMS}"
        )
    checker.raise_if_any()
    integral = all(isinstance(value, int) for size in sizes for value in size) and all(
        isinstance(value, int) for value in capacity
    )
    return PackingProblem(ids, sizes, quantities, tuple(capacity), max_bins, integral)


def _size(
    checker: ProblemChecker, value: Any, loc: tuple[Any, ...], dimensions: int
) -> tuple[Number, ...] | None:
    parts = checker.array(value, loc, limit=MAX_DIMENSIONS, min_items=1)
    if parts is None:
        return None
    if dimensions and len(parts) != dimensions:
        checker.add(loc, f"has {len(parts)} dimensions; the bin has {dimensions}")
        return None
    size = [
        checker.number(part, (*loc, position), minimum=0) for position, part in enumerate(parts)
    ]
    if not dimensions or any(part is None for part in size):
        return None
    return tuple(part for part in size if part is not None)


# --- lower bounds ------------------------------------------------------------------


def lower_bound(problem: PackingProblem) -> int:
    """Bins any packing of the packable items needs (per dimension: L1, L2 when integral)."""
    kinds = problem.packable
    if not kinds:
        return 0
    best = 1
    for dimension, limit in enumerate(problem.capacity):
        sizes = [
            problem.sizes[kind][dimension]
            for kind in kinds
            for _ in range(problem.quantities[kind])
        ]
        best = max(best, _ceil_ratio(sum(sizes), limit))
        if problem.integral:
            best = max(best, _martello_toth_l2([int(size) for size in sizes], int(limit)))
        else:
            best = max(best, sum(1 for size in sizes if size > limit / 2))
    return best


def _ceil_ratio(total: Number, limit: Number) -> int:
    if isinstance(total, int) and isinstance(limit, int):
        return -(-total // limit)
    return math.ceil(total / limit - 1e-9)


def _martello_toth_l2(sizes: list[int], limit: int) -> int:
    """Martello and Toth's L2 bound for one dimension (integer sizes)."""
    ordered = sorted(sizes)
    prefix = [0]
    for size in ordered:
        prefix.append(prefix[-1] + size)
    count = len(ordered)

    def at_least(value: int) -> int:  # index of the first size >= value
        return bisect.bisect_left(ordered, value)

    def above(value: int) -> int:  # index of the first size > value
        return bisect.bisect_right(ordered, value)

    half = limit // 2  # sizes <= limit/2 are exactly sizes <= half
    best = 0
    candidates = {0, *(size for size in ordered if size <= half)}
    for alpha in candidates:
        first_j1 = above(limit - alpha)  # J1: size > limit - alpha
        first_j2 = above(half)  # J2: half < size <= limit - alpha
        j1 = count - first_j1
        j2 = max(0, first_j1 - first_j2)
        sum_j2 = prefix[first_j1] - prefix[first_j2] if j2 else 0
        start_j3 = at_least(alpha)  # J3: alpha <= size <= half
        sum_j3 = prefix[first_j2] - prefix[start_j3] if first_j2 > start_j3 else 0
        free = j2 * limit - sum_j2
        extra = max(0, -(-(sum_j3 - free) // limit))
        best = max(best, j1 + j2 + extra)
    return best


# --- first-fit decreasing --------------------------------------------------------------


def first_fit_decreasing(problem: PackingProblem) -> Packing:
    """Pack every copy of the packable items, largest first, into the first bin it fits."""
    copies = [kind for kind in problem.packable for _ in range(problem.quantities[kind])]
    capacity = problem.capacity

    def weight(kind: int) -> tuple[float, float]:
        shares = [part / limit for part, limit in zip(problem.sizes[kind], capacity, strict=True)]
        return (max(shares), sum(shares))

    copies.sort(key=weight, reverse=True)
    tree = _FirstFit(len(copies), capacity)
    bins: Packing = []
    for kind in copies:
        slot = tree.place(problem.sizes[kind])
        if slot == len(bins):
            bins.append([])
        bins[slot].append(kind)
    return bins


class _FirstFit:
    """Leftmost bin with room for a size: a tree of component-wise maxima of free room.

    Unopened bins have full room, so the leftmost fitting slot is either an
    open bin or the next new one. The maxima only rule out subtrees (in one
    dimension they are exact; in several a subtree may still lack a single
    fitting bin, and the search backtracks).
    """

    def __init__(self, slots: int, capacity: tuple[Number, ...]) -> None:
        size = 1
        while size < max(1, slots):
            size *= 2
        self.size = size
        self.room = [[limit] * (2 * size) for limit in capacity]

    def place(self, item: tuple[Number, ...]) -> int:
        """Take room for ``item`` in the leftmost bin that fits; return its index."""
        node = self._find(1, item)
        assert node is not None  # an unopened bin always fits a packable item
        slot = node - self.size
        for room, part in zip(self.room, item, strict=True):
            room[node] -= part
        node //= 2
        while node:
            for room in self.room:
                room[node] = max(room[2 * node], room[2 * node + 1])
            node //= 2
        return slot

    def _find(self, node: int, item: tuple[Number, ...]) -> int | None:
        if any(room[node] < part for room, part in zip(self.room, item, strict=True)):
            return None
        if node >= self.size:
            return node
        return self._find(2 * node, item) or self._find(2 * node + 1, item)


# --- the answer ---------------------------------------------------------------------------


def solution(problem: PackingProblem, bins: Sequence[Sequence[int]], bound: int) -> dict[str, Any]:
    """The answer for a packing of every packable copy (empty bins left out)."""
    packable = set(problem.packable)
    unassigned = [
        problem.ids[kind]
        for kind in range(len(problem.ids))
        if kind not in packable
        for _ in range(problem.quantities[kind])
    ]
    used = [list(content) for content in bins if content]
    return {
        "bins": [
            {
                "index": index,
                "items": [problem.ids[kind] for kind in content],
                "load": [
                    _tidy(sum(problem.sizes[kind][dimension] for kind in content))
                    for dimension in range(len(problem.capacity))
                ],
            }
            for index, content in enumerate(used)
        ],
        "bins_used": len(used),
        "lower_bound": bound,
        "unassigned": unassigned,
    }


def _tidy(value: Number) -> Number:
    return round(value, 9) if isinstance(value, float) else value
