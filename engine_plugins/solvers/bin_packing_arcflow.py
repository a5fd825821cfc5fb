"""The arc-flow model of one-dimensional bin packing, for CP-SAT.

Valério de Carvalho's formulation: nodes are the loads ``0..C`` of a bin; an
arc ``(p, p + s)`` puts an item of size ``s`` at load ``p``; a loss arc
ends a bin early. Every bin is a path from 0 to ``C``; the flow on the arcs of
size ``s`` is the number of items of that size; the flow out of 0 is the
number of bins. Its linear relaxation is as strong as Gilmore and Gomory's,
which lets CP-SAT prove optima the assignment model cannot. Arcs of size
``s`` start only at loads reachable with items of size ``s`` or larger (a
bin's items taken largest first), which removes most symmetric paths.
Zero-size items need no arc: they join the first bin.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .bin_packing_problem import Packing, PackingProblem

if TYPE_CHECKING:  # pragma: no cover
    from ortools.sat.python import cp_model

__all__ = ["MAX_ARCS", "MAX_CAPACITY", "ArcFlow", "flow_arcs"]

#: Above these the assignment model is used instead.
MAX_CAPACITY = 20_000
MAX_ARCS = 200_000


@dataclass(frozen=True)
class ArcFlow:
    """The arcs of a one-dimensional problem: (load, size) pairs, and each size's demand."""

    capacity: int
    arcs: list[tuple[int, int]]
    demand: dict[int, int]

    def model(
        self, lower: int, upper: int, start: Packing | None, problem: PackingProblem
    ) -> tuple[cp_model.CpModel, cp_model.IntVar, dict[tuple[int, int], cp_model.IntVar]]:
        """The CP-SAT model (bins between ``lower`` and ``upper``), hinted with ``start``.

        Returns the model, the bin count and the flow variables; loss arcs are
        keyed ``(load, 0)``.
        """
        from ortools.sat.python import cp_model

        model = cp_model.CpModel()
        capacity = self.capacity
        flow = {
            (load, size): model.new_int_var(0, self.demand[size], "") for load, size in self.arcs
        }
        ends = {load for load, _ in self.arcs} | {load + size for load, size in self.arcs}
        total = sum(self.demand.values())
        for load in ends:
            if 0 < load < capacity:
                flow[load, 0] = model.new_int_var(0, total, "")  # loss: end the bin here
        bins = model.new_int_var(lower, upper, "bins")
        into: dict[int, list[cp_model.IntVar]] = {}
        out: dict[int, list[cp_model.IntVar]] = {}
        for (load, size), variable in flow.items():
            out.setdefault(load, []).append(variable)
            into.setdefault(load + size if size else capacity, []).append(variable)
        model.add(sum(out.get(0, [])) == bins)
        model.add(sum(into.get(capacity, [])) == bins)
        for load in ends:
            if 0 < load < capacity:
                model.add(sum(into.get(load, [])) == sum(out.get(load, [])))
        by_size: dict[int, list[cp_model.IntVar]] = {}
        for (_, size), variable in flow.items():
            if size:
                by_size.setdefault(size, []).append(variable)
        for size, demand in self.demand.items():
            model.add(sum(by_size[size]) == demand)
        model.minimize(bins)
        if start is not None:
            self._hint(model, flow, bins, start, problem)
        return model, bins, flow

    def _hint(
        self,
        model: cp_model.CpModel,
        flow: dict[tuple[int, int], cp_model.IntVar],
        bins: cp_model.IntVar,
        start: Packing,
        problem: PackingProblem,
    ) -> None:
        used: Counter[tuple[int, int]] = Counter()
        for content in start:
            load = 0
            for size in sorted((int(problem.sizes[kind][0]) for kind in content), reverse=True):
                if size:
                    used[load, size] += 1
                    load += size
            if 0 < load < self.capacity:
                used[load, 0] += 1
        if not all(arc in flow for arc in used):
            return  # a start the arcs cannot express (it does not fit): no hint
        for arc, variable in flow.items():
            model.add_hint(variable, used.get(arc, 0))
        model.add_hint(bins, len(start))

    def packing(
        self, values: dict[tuple[int, int], int], count: int, problem: PackingProblem
    ) -> Packing:
        """Decompose the flow into ``count`` bins of item types (one path per bin)."""
        remaining = {arc: value for arc, value in values.items() if value > 0}
        leaving: dict[int, list[int]] = {}
        for load, size in sorted(remaining, key=lambda arc: -arc[1]):
            leaving.setdefault(load, []).append(size)
        copies: dict[int, list[int]] = {}
        zero: list[int] = []
        for kind in problem.packable:
            size = int(problem.sizes[kind][0])
            (copies.setdefault(size, []) if size else zero).extend(
                [kind] * problem.quantities[kind]
            )
        bins: Packing = []
        for _ in range(count):
            load, content = 0, []
            while load != self.capacity:
                size = next(size for size in leaving.get(load, []) if remaining.get((load, size)))
                remaining[load, size] -= 1
                if not size:  # a loss arc ends the bin
                    break
                content.append(copies[size].pop())
                load += size
            bins.append(content)
        if zero:
            if not bins:
                bins.append([])
            bins[0].extend(zero)
        return bins


def flow_arcs(problem: PackingProblem) -> ArcFlow | None:
    """The arc-flow arcs of a one-dimensional integer problem, or None when too large."""
    if len(problem.capacity) != 1 or not problem.integral:
        return None
    capacity = int(problem.capacity[0])
    if capacity > MAX_CAPACITY:
        return None
    demand: Counter[int] = Counter()
    for kind in problem.packable:
        size = int(problem.sizes[kind][0])
        if size:
            demand[size] += problem.quantities[kind]
    reachable = bytearray(capacity + 1)
    reachable[0] = 1
    arcs: list[tuple[int, int]] = []
    for size in sorted(demand, reverse=True):
        # Bounded knapsack reachability: loads reachable with at most demand[size] more.
        streak = [0] * (capacity + 1)
        for load in range(size, capacity + 1):
            if (
                not reachable[load]
                and reachable[load - size]
                and streak[load - size] < demand[size]
            ):
                reachable[load] = 1
                streak[load] = streak[load - size] + 1
        arcs.extend((load, size) for load in range(capacity - size + 1) if reachable[load])
        if len(arcs) > MAX_ARCS:
            return None
    return ArcFlow(capacity, arcs, dict(demand))
