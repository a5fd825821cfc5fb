"""``solver.tcn.basic``: simple temporal networks decided by shortest paths, no dependency.

A constraint ``{from, to, min?, max?}`` means ``min <= t(to) - t(from) <= max``.
On the distance graph (an edge ``from -> to`` of weight ``max``, an edge
``to -> from`` of weight ``-min``) the network is consistent exactly when
there is no negative cycle. Goldberg-Radzik passes from a virtual source
(every node at 0) find potentials ``h``, or a negative cycle: a cycle of
negative reduced costs met by a pass's search, or a cycle of the predecessor
graph (checked after every pass; in a label-correcting method such a cycle is
always negative). Its constraints are the conflict. With ``h``, Dijkstra on
reduced costs from the first timepoint gives the latest times (``d(t0, x)``)
and, on the reversed graph, the earliest times (``-d(x, t0)``); unbounded ones
are null. Integers are exact; other numbers use a tolerance of 1e-9 of the
largest bound. The loops are written for CPython's speed (a 10,000-timepoint
network decides in well under a second; see benchmarks/bench_solvers.py).
"""

from __future__ import annotations

import heapq
import math
import time
from dataclasses import dataclass
from typing import Any

from engine_core.solver_types import SolveOutcome, SolveRequest
from engine_core.solvers.problems import PROBLEM_LOC, Loc, ProblemChecker

__all__ = ["MAX_CONSTRAINTS", "MAX_TIMEPOINTS", "TemporalNetwork", "prepare", "solve"]

#: Size limits (HTTP 422 naming the limit above them).
MAX_TIMEPOINTS = 100_000
MAX_CONSTRAINTS = 500_000

Number = int | float
#: An edge as adjacency stores it: (other end, weight, edge id).
Edge = tuple[int, Number, int]
_FIELDS = frozenset(("from", "to", "min", "max"))
_INFINITY = math.inf


@dataclass(frozen=True)
class TemporalNetwork:
    """A checked network: names, the distance graph both ways, and each edge's constraint."""

    names: list[str]
    outgoing: list[list[Edge]]
    incoming: list[list[Edge]]
    source: list[int]
    constraint: list[int]
    tolerance: float


# --- reading ------------------------------------------------------------------------


def prepare(problem: Any) -> TemporalNetwork:
    """Read ``{timepoints, constraints}``; raise DecisionInputError listing every problem."""
    checker = ProblemChecker()
    document = checker.mapping(problem, PROBLEM_LOC, required=("timepoints", "constraints"))
    if document is None:
        checker.raise_if_any()
    assert document is not None
    names = checker.array(
        document["timepoints"], (*PROBLEM_LOC, "timepoints"), limit=MAX_TIMEPOINTS, min_items=1
    )
    index = _index(checker, names or [])
    constraints = checker.array(
        document["constraints"], (*PROBLEM_LOC, "constraints"), limit=MAX_CONSTRAINTS
    )
    count = len(names or [])
    outgoing: list[list[Edge]] = [[] for _ in range(count)]
    incoming: list[list[Edge]] = [[] for _ in range(count)]
    source: list[int] = []
    owner: list[int] = []
    largest = 1.0
    exact = True

    def add(start: int, end: int, weight: Number, position: int) -> None:
        edge = len(source)
        outgoing[start].append((end, weight, edge))
        incoming[end].append((start, weight, edge))
        source.append(start)
        owner.append(position)

    for position, item in enumerate(constraints or []):
        read = _fast_constraint(item, index)
        if read is None:  # something is wrong: list every problem of this constraint
            before = len(checker.problems)
            loc = (*PROBLEM_LOC, "constraints", position)
            _constraint_problems(checker, index, item, loc)
            if len(checker.problems) == before:  # fail closed: never drop a constraint
                checker.add(loc, "is not a valid constraint")
            continue
        start, end, low, high = read
        if high is not None:
            add(start, end, high, position)
        if low is not None:
            add(end, start, -low, position)
        for bound in (low, high):
            if bound is not None and type(bound) is not int:
                exact = False
                largest = max(largest, abs(bound))
    checker.raise_if_any()
    return TemporalNetwork(
        names=list(names or []),
        outgoing=outgoing,
        incoming=incoming,
        source=source,
        constraint=owner,
        tolerance=0.0 if exact else 1e-9 * largest,
    )


def _index(checker: ProblemChecker, names: list[Any]) -> dict[str, int]:
    index = {name: position for position, name in enumerate(names) if type(name) is str and name}
    if len(index) == len(names):
        return index
    index = {}
    for position, name in enumerate(names):
        loc = (*PROBLEM_LOC, "timepoints", position)
        if checker.string(name, loc) is None:
            continue
        if name in index:
            checker.add(loc, f"duplicate timepoint {name!r}")
        else:
            index[name] = position
    return index


def _bound(value: Any) -> tuple[bool, Number | None]:
    """(valid, value) of an optional bound: None, an int, or a finite float."""
    kind = type(value)
    if value is None or kind is int:
        return True, value
    if kind is float and math.isfinite(value):
        return True, value
    return False, None


def _fast_constraint(
    item: Any, index: dict[str, int]
) -> tuple[int, int, Number | None, Number | None] | None:
    """The constraint's (from, to, min, max), or None when anything about it is wrong."""
    if type(item) is not dict or not item.keys() <= _FIELDS:
        return None
    start_name, end_name = item.get("from"), item.get("to")
    if type(start_name) is not str or type(end_name) is not str:
        return None
    start, end = index.get(start_name), index.get(end_name)
    low_ok, low = _bound(item.get("min"))
    high_ok, high = _bound(item.get("max"))
    if start is None or end is None or not (low_ok and high_ok) or (low is None and high is None):
        return None
    return start, end, low, high


def _constraint_problems(
    checker: ProblemChecker, index: dict[str, int], item: Any, loc: Loc
) -> None:
    """Record every problem of one constraint (the slow path, for reporting)."""
    fields = checker.mapping(item, loc, required=("from", "to"), optional=("min", "max"))
    if fields is None:
        return
    for key in ("from", "to"):
        name = checker.string(fields[key], (*loc, key))
        if name is not None and name not in index:
            checker.add((*loc, key), f"unknown timepoint {name!r}")
    bounds = [key for key in ("min", "max") if fields.get(key) is not None]
    for key in bounds:
        checker.number(fields[key], (*loc, key))
    if not bounds:
        checker.add(loc, "needs min or max (or both)")


# --- deciding ------------------------------------------------------------------------


class _Deadline(Exception):
    """The time limit passed before the network was decided."""


def solve(network: TemporalNetwork, request: SolveRequest) -> SolveOutcome:
    """Decide the network; earliest and latest times, or one negative cycle's constraints."""
    try:
        potentials, cycle = _potentials(network, request.deadline)
    except _Deadline:
        return SolveOutcome(status="unknown", solution=None)
    if cycle is not None:
        return SolveOutcome(
            status="infeasible",
            solution={"consistent": False, "earliest": None, "latest": None, "conflict": cycle},
        )
    latest = _from_origin(network.outgoing, potentials, reverse=False)
    earliest = _from_origin(network.incoming, potentials, reverse=True)
    return SolveOutcome(
        status="optimal",
        solution={
            "consistent": True,
            "earliest": dict(zip(network.names, earliest, strict=True)),
            "latest": dict(zip(network.names, latest, strict=True)),
            "conflict": [],
        },
    )


def _potentials(network: TemporalNetwork, deadline: float) -> tuple[list[Number], list[int] | None]:
    """Goldberg-Radzik passes from a virtual source: (potentials, None) or (_, a cycle).

    Each pass searches depth-first, from the nodes the last pass changed, the
    edges of negative reduced cost (a cycle among them is a negative cycle),
    then scans the nodes it reached in topological order, which settles long
    chains of constraints in one pass.
    """
    outgoing, tolerance = network.outgoing, network.tolerance
    count = len(outgoing)
    distance: list[Number] = [0] * count
    predecessor = [-1] * count
    mark = [0] * count  # the pass whose search reached the node
    on_path = [False] * count
    via = [-1] * count  # the edge the search reached the node by
    changed: Any = range(count)
    passes = 0
    while changed:
        passes += 1
        if time.perf_counter() > deadline:
            raise _Deadline
        order: list[int] = []
        append = order.append
        for root in changed:
            if mark[root] == passes:
                continue
            mark[root] = passes
            on_path[root] = True
            stack = [(root, iter(outgoing[root]))]
            while stack:
                node, edges = stack[-1]
                # Admissible: negative reduced cost (beyond the tolerance).
                limit = distance[node] + tolerance
                for head, weight, edge in edges:
                    if weight + limit < distance[head]:
                        if on_path[head]:  # negative reduced costs all round: a negative cycle
                            return distance, _search_cycle(network, via, edge, node, head)
                        if mark[head] != passes:
                            mark[head] = passes
                            on_path[head] = True
                            via[head] = edge
                            stack.append((head, iter(outgoing[head])))
                            break
                else:
                    stack.pop()
                    on_path[node] = False
                    append(node)
        touched: list[int] = []
        for node in reversed(order):
            base = distance[node]
            for head, weight, edge in outgoing[node]:
                candidate = base + weight
                if candidate + tolerance < distance[head]:
                    distance[head] = candidate
                    predecessor[head] = edge
                    touched.append(head)
        changed = dict.fromkeys(touched)
        # A negative cycle the searches miss shows in the predecessor graph; looking
        # costs a pass over the nodes, so look once labels have settled a little.
        if changed and passes >= 3:
            cycle = _predecessor_cycle(network, predecessor)
            if cycle is not None:
                return distance, cycle
    return distance, None


def _predecessor_cycle(network: TemporalNetwork, predecessor: list[int]) -> list[int] | None:
    """A cycle of the predecessor graph (always negative) as constraint indexes, or None."""
    source = network.source
    walk = [0] * len(predecessor)  # 0: unseen; otherwise the walk that saw the node
    for start in range(len(predecessor)):
        if walk[start]:
            continue
        marker = start + 1
        node = start
        while node != -1 and not walk[node]:
            walk[node] = marker
            edge = predecessor[node]
            node = source[edge] if edge != -1 else -1
        if node != -1 and walk[node] == marker:
            edges = []
            entry = node
            while True:
                edge = predecessor[node]
                edges.append(edge)
                node = source[edge]
                if node == entry:
                    break
            edges.reverse()  # in the order the cycle is travelled
            return _constraints_of(network, edges)
    return None


def _search_cycle(
    network: TemporalNetwork, via: list[int], closing: int, last: int, first: int
) -> list[int]:
    """The cycle ``first -> ... -> last -> first`` a search closed, as constraint indexes."""
    edges = [closing]
    node = last
    while node != first:
        edges.append(via[node])
        node = network.source[via[node]]
    edges.reverse()
    return _constraints_of(network, edges)


def _constraints_of(network: TemporalNetwork, edges: list[int]) -> list[int]:
    """The constraints of a cycle's edges, in order, each once."""
    return list(dict.fromkeys(network.constraint[edge] for edge in edges))


def _from_origin(
    adjacency: list[list[Edge]], potentials: list[Number], *, reverse: bool
) -> list[Number | None]:
    """Latest times (forward) or earliest times (reverse) relative to the first timepoint."""
    reduced: list[Number] = [_INFINITY] * len(adjacency)
    reduced[0] = 0
    heap: list[tuple[Number, int]] = [(0, 0)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, node = pop(heap)
        if cost > reduced[node]:
            continue
        here = potentials[node]
        for other, weight, _ in adjacency[node]:
            # The reduced cost of the original edge (non-negative given the potentials).
            step = (
                weight + potentials[other] - here if reverse else weight + here - potentials[other]
            )
            candidate = cost + (step if step > 0 else 0)
            if candidate < reduced[other]:
                reduced[other] = candidate
                push(heap, (candidate, other))
    origin = potentials[0]
    if reverse:  # d(x, t0) = reduced - h(x) + h(t0); earliest = -d(x, t0)
        return [
            None if value == _INFINITY else potentials[node] - origin - value
            for node, value in enumerate(reduced)
        ]
    # d(t0, x) = reduced - h(t0) + h(x)
    return [
        None if value == _INFINITY else value - origin + potentials[node]
        for node, value in enumerate(reduced)
    ]
