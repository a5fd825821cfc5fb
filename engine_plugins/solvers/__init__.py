"""The built-in solver decision domains and their solvers (docs/decision-domains.md).

By default the first solver the license allows and that is installed runs:

- ``solve_constraints`` (alias ``solver``): ``solver.tcn.basic`` (no
  dependency), then ``solver.cp.sat`` (OR-Tools CP-SAT);
- ``bin_packing`` (alias ``packing``): ``bin_packing.cpsat`` (OR-Tools
  CP-SAT), then ``bin_packing.ffd`` (no dependency);
- ``vrp`` (alias ``fleet``): ``vrp.pyvrp`` (PyVRP).

Each domain's ``run`` is a :class:`~engine_core.solvers.dispatch.SolverDispatcher`;
the solvers are registered separately, so other plugins can add their own.
The backends (``ortools``, ``pyvrp``) are imported only when a solve runs.
"""

from __future__ import annotations

from collections.abc import Callable

from engine_core.plugins import hookimpl
from engine_core.registries import DecisionDomain, Solver
from engine_core.solvers.dispatch import SolverDispatcher

from . import bin_packing_cpsat, bin_packing_ffd, bin_packing_problem, cp_sat, tcn, vrp_pyvrp

__all__ = ["DOMAINS", "SOLVERS"]

DOMAINS = (
    DecisionDomain(
        name="solve_constraints",
        aliases=("solver",),
        run=SolverDispatcher("solve_constraints", preferred=("solver.tcn.basic", "solver.cp.sat")),
        description="Temporal networks and integer constraint programs.",
    ),
    DecisionDomain(
        name="bin_packing",
        aliases=("packing",),
        run=SolverDispatcher("bin_packing", preferred=("bin_packing.cpsat", "bin_packing.ffd")),
        description="Pack items of one or more dimensions into the fewest bins.",
    ),
    DecisionDomain(
        name="vrp",
        aliases=("fleet",),
        run=SolverDispatcher("vrp", preferred=("vrp.pyvrp",)),
        description="Vehicle routing: VROOM-format problems.",
    ),
)

SOLVERS = (
    Solver(
        id="solver.tcn.basic",
        domain="solve_constraints",
        prepare=tcn.prepare,
        solve=tcn.solve,
        description="Simple temporal networks by shortest paths (no dependency).",
    ),
    Solver(
        id="solver.cp.sat",
        domain="solve_constraints",
        prepare=cp_sat.prepare,
        solve=cp_sat.solve,
        requires=("ortools",),
        description="Integer constraint programs on OR-Tools CP-SAT.",
    ),
    Solver(
        id="bin_packing.cpsat",
        domain="bin_packing",
        prepare=bin_packing_cpsat.prepare,
        solve=bin_packing_cpsat.solve,
        requires=("ortools",),
        description="Bin packing on OR-Tools CP-SAT: optimal, or best found with a bound.",
    ),
    Solver(
        id="bin_packing.ffd",
        domain="bin_packing",
        prepare=bin_packing_problem.prepare,
        solve=bin_packing_ffd.solve,
        description="First-fit decreasing (no dependency).",
    ),
    Solver(
        id="vrp.pyvrp",
        domain="vrp",
        prepare=vrp_pyvrp.prepare,
        solve=vrp_pyvrp.solve,
        requires=("pyvrp", "numpy"),
        description="VROOM-format vehicle routing solved with PyVRP.",
    ),
)


@hookimpl
def engine_register_decision_domains(register: Callable[[DecisionDomain], None]) -> None:
    """Register the solver decision domains."""
    for domain in DOMAINS:
        register(domain)


@hookimpl
def engine_register_solvers(register: Callable[[Solver], None]) -> None:
    """Register the built-in solvers."""
    for solver in SOLVERS:
        register(solver)
