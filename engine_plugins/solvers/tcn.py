"""``solver.tcn.basic``: simple temporal networks decided by shortest paths, no dependency.

A constraint ``{from, to, min?, max?}`` means ``min <= t(to) - t(from) <= max``.
On the distance graph (an edge ``from -> to`` of weight ``max``, an edge
``to -> from`` of weight ``-min``) the network is consistent exactly when
there is no negative cycle. Goldberg-Radzik passes from a virtual source
(every node at 0) either find potentials ``h`` or a cycle of negative reduced
costs, which is a negative cycle: its constraints are the conflict. With ``h``, Dijkstra on reduced costs from the first timepoint
gives the latest times (``d(t0, x)``) and, on the reversed graph, the
earliest times (``-d(x, t0)``); unbounded ones are null. Integers are exact;
other numbers use a tolerance of 1e-9 of the largest bound.
"""

from __future__ import annotations

import heapq
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from engine_core.solvers.model import SolveOutcome, SolveRequest
from engine_core.solvers.problems import PROBLEM_LOC, ProblemChecker

__all__ = ["MAX_CONSTRAINTS", "MAX_TIMEPOINTS", "TemporalNetwork", "prepare", "solve"]

#: Size limits (HTTP 422 naming the limit above them).
MAX_TIMEPOINTS = 100_000
MAX_CONSTRAINTS = 500_000

Number = int | float


@dataclass(frozen=True)
class TemporalNetwork:
    """A checked network: timepoint names and the distance graph's edges."""

    names: list[str]
    source: list[int]
    target: list[int]
    weight: list[Number]
    constraint: list[int]
    tolerance: float


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
    index: dict[str, int] = {}
    for position, name in enumerate(names or []):
        loc = (*PROBLEM_LOC, "timepoints", position)
        if checker.string(name, loc) is None:
            continue
        if name in index:
            checker.add(loc, f"duplicate timepoint {name!r}")
        else:
            index[name] = position
    constraints = checker.array(
        document["constraints"], (*PROBLEM_LOC, "constraints"), limit=MAX_CONSTRAINTS
    )
    source: list[int] = []
    target: list[int] = []
    weight: list[Number] = []
    owner: list[int] = []
    largest = 1.0
    exact = True
    for position, item in enumerate(constraints or []):
        loc = (*PROBLEM_LOC, "constraints", position)
        fields = checker.mapping(item, loc, required=("from", "to"), optional=("min", "max"))
        if fields is None:
            continue
        ends = [_endpoint(checker, index, fields[key], (*loc, key)) for key in ("from", "to")]
        bounds = {
            key: checker.number(fields[key], (*loc, key))
            for key in ("min", "max")
            if fields.get(key) is not None
        }
        if not bounds:
            checker.add(loc, "needs min or max (or both)")
        if None in ends or None in bounds.values():
            continue
        start, end = ends
        if start is None or end is None:
            continue
        for key, value in bounds.items():
            if value is None:
                continue
            exact = exact and isinstance(value, int)
            largest = max(largest, abs(float(value)))
            # max: edge from -> to of weight max; min: edge to -> from of weight -min.
            head, tail = (start, end) if key == "max" else (end, start)
            source.append(head)
            target.append(tail)
            weight.append(value if key == "max" else -value)
            owner.append(position)
    checker.raise_if_any()
    return TemporalNetwork(
        names=list(names or []),
        source=source,
        target=target,
        weight=weight,
        constraint=owner,
        tolerance=0.0 if exact else 1e-9 * largest,
    )


def _endpoint(
    checker: ProblemChecker, index: dict[str, int], value: Any, loc: tuple[Any, ...]
) -> int | None:
    name = checker.string(value, loc)
    if name is None:
        return None
    if name not in index:
        checker.add(loc, f"unknown timepoint {name!r}")
        return None
    return index[name]


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
    forward, backward = _adjacency(network, potentials)
    latest = _from_origin(forward, network, potentials, reverse=False)
    earliest = _from_origin(backward, network, potentials, reverse=True)
    return SolveOutcome(
        status="optimal",
        solution={
            "consistent": True,
            "earliest": dict(zip(network.names, earliest, strict=True)),
            "latest": dict(zip(network.names, latest, strict=True)),
            "conflict": [],
        },
    )


def _potentials(
    network: TemporalNetwork, deadline: float
) -> tuple[list[Number], list[int] | None]:
    """Goldberg-Radzik passes from a virtual source: (potentials, None) or (_, a cycle).

    Each pass searches the admissible graph (edges of negative reduced cost)
    from the nodes that changed: a cycle there is a negative cycle; otherwise
    its nodes are scanned in topological order, which settles long chains of
    constraints in one pass.
    """
    count = len(network.names)
    outgoing: list[list[int]] = [[] for _ in range(count)]
    for edge, start in enumerate(network.source):
        outgoing[start].append(edge)
    target, weight, tolerance = network.target, network.weight, network.tolerance
    distance: list[Number] = [0] * count
    predecessor = [-1] * count
    stamp = [0] * count  # the pass that reached the node
    on_path = [False] * count
    via = [-1] * count  # the admissible edge the search reached the node by
    changed = list(range(count))
    passes = 0
    while changed:
        passes += 1
        if time.perf_counter() > deadline:
            raise _Deadline
        order: list[int] = []
        for root in changed:
            if stamp[root] == passes:
                continue
            cycle = _admissible_search(
                root, passes, outgoing, network, distance, stamp, on_path, via, order
            )
            if cycle is not None:
                return distance, cycle
        order.reverse()
        touched: list[int] = []
        for node in order:
            base = distance[node]
            for edge in outgoing[node]:
                head = target[edge]
                candidate = base + weight[edge]
                if candidate < distance[head] - tolerance:
                    distance[head] = candidate
                    predecessor[head] = edge
                    touched.append(head)
        changed = list(dict.fromkeys(touched))
        if passes > count:  # a negative cycle keeps labels changing; the tree shows it
            cycle = _predecessor_cycle(network, predecessor)
            if cycle is not None:
                return distance, cycle
    return distance, None


def _admissible_search(
    root: int,
    mark: int,
    outgoing: list[list[int]],
    network: TemporalNetwork,
    distance: list[Number],
    stamp: list[int],
    on_path: list[bool],
    via: list[int],
    order: list[int],
) -> list[int] | None:
    """Depth-first search over negative-reduced-cost edges; post-order into ``order``."""
    target, weight, tolerance = network.target, network.weight, network.tolerance
    stamp[root] = mark
    on_path[root] = True
    stack = [(root, 0)]
    while stack:
        node, position = stack[-1]
        edges = outgoing[node]
        base = distance[node]
        while position < len(edges):
            edge = edges[position]
            position += 1
            head = target[edge]
            if base + weight[edge] >= distance[head] - tolerance:
                continue
            if on_path[head]:  # a cycle of negative reduced costs: a negative cycle
                for waiting, _ in stack:
                    on_path[waiting] = False
                return _search_cycle(network, via, edge, node, head)
            if stamp[head] != mark:
                stack[-1] = (node, position)
                stamp[head] = mark
                on_path[head] = True
                via[head] = edge
                stack.append((head, 0))
                break
        else:
            stack.pop()
            on_path[node] = False
            order.append(node)
    return None


def _search_cycle(
    network: TemporalNetwork, via: list[int], closing: int, last: int, first: int
) -> list[int]:
    """The cycle ``first -> ... -> last -> first`` the search closed, as constraint indexes."""
    edges = [closing]
    node = last
    while node != first:
        edges.append(via[node])
        node = network.source[via[node]]
    edges.reverse()
    return _constraints_of(network, edges)


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
            return _cycle_constraints(network, predecessor, node)
    return None


def _cycle_constraints(network: TemporalNetwork, predecessor: list[int], entry: int) -> list[int]:
    edges = []
    node = entry
    while True:
        edge = predecessor[node]
        edges.append(edge)
        node = network.source[edge]
        if node == entry:
            break
    edges.reverse()  # in the order the cycle is travelled
    return _constraints_of(network, edges)


def _constraints_of(network: TemporalNetwork, edges: list[int]) -> list[int]:
    """The constraints of a cycle's edges, in order, each once."""
    return list(dict.fromkeys(network.constraint[edge] for edge in edges))


def _adjacency(
    network: TemporalNetwork, potentials: list[Number]
) -> tuple[list[list[tuple[int, Number]]], list[list[tuple[int, Number]]]]:
    """Forward and reversed adjacency with reduced (non-negative) costs."""
    count = len(network.names)
    forward: list[list[tuple[int, Number]]] = [[] for _ in range(count)]
    backward: list[list[tuple[int, Number]]] = [[] for _ in range(count)]
    for start, end, cost in zip(network.source, network.target, network.weight, strict=True):
        reduced = max(0, cost + potentials[start] - potentials[end])
        forward[start].append((end, reduced))
        backward[end].append((start, reduced))
    return forward, backward


def _from_origin(
    adjacency: list[list[tuple[int, Number]]],
    network: TemporalNetwork,
    potentials: list[Number],
    *,
    reverse: bool,
) -> list[Number | None]:
    """Latest times (forward) or earliest times (reverse) relative to the first timepoint."""
    reduced: list[Number | None] = [None] * len(adjacency)
    reduced[0] = 0
    heap: list[tuple[Number, int]] = [(0, 0)]
    while heap:
        cost, node = heapq.heappop(heap)
        if cost != reduced[node]:
            continue
        for head, step in adjacency[node]:
            candidate = cost + step
            current = reduced[head]
            if current is None or candidate < current:
                reduced[head] = candidate
                heapq.heappush(heap, (candidate, head))
    origin = potentials[0]
    times: list[Number | None] = []
    for node, value in enumerate(reduced):
        if value is None:
            times.append(None)
        elif reverse:  # d(x, t0) = reduced - h(x) + h(t0); earliest = -d(x, t0)
            times.append(potentials[node] - origin - value)
        else:  # d(t0, x) = reduced - h(t0) + h(x)
            times.append(value - origin + potentials[node])
    return times
