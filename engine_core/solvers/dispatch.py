"""The ``run`` of a solver decision domain: choose, check, count and run one solve.

A request's ``parameters`` are ``{problem, solver?, time_limit_ms?, seed?}``.
Without ``solver`` the domain's first solver that the license in effect allows
and that is installed runs (its preferred solvers first, then the others in
registration order). A named solver that the license does not allow is a
``LicenseEntitlementError``; one whose backend is missing is a
``DecisionDomainUnavailableError``. The problem is read before the decision
is counted, so a malformed problem costs no quota. See docs/decision-domains.md.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import (
    DecisionDomainUnavailableError,
    DecisionInputError,
    EngineRuntimeError,
    LicenseEntitlementError,
)
from ..licensing.context import LicenseContext
from ..licensing.solvers import check_solver_allowed, licensed_solvers, solver_allowed
from ..registries import DecisionHost, DomainRegistries
from ..solver_types import SolveOutcome, Solver, SolveRequest
from .limits import DEFAULT_TIME_LIMIT_MS, solver_threads, time_limit_cap_ms
from .problems import ProblemChecker

__all__ = ["PARAMETERS", "SolvePlan", "SolverDispatcher"]

#: The keys a solve's ``parameters`` may hold.
PARAMETERS = ("problem", "solver", "time_limit_ms", "seed")
MAX_SEED = 2**31 - 1
INSTALL_HINT = "install the solvers extra: pip install 'engine-pack[solvers]'"


@dataclass(frozen=True)
class SolvePlan:
    """A checked solve: the solver chosen, its limits, and the license it counts against."""

    domain: str
    solver: Solver
    problem: Any
    time_limit_ms: int
    seed: int
    license: LicenseContext

    def run(self) -> dict[str, Any]:
        """Read the problem, count the decision, solve, and return the result object."""
        started = time.perf_counter()
        prepared = self.solver.prepare(self.problem)
        self.license.authorize_decision()
        limit_s = self.time_limit_ms / 1000
        request = SolveRequest(
            time_limit_s=limit_s,
            seed=self.seed,
            threads=solver_threads(),
            deadline=time.perf_counter() + limit_s,
        )
        outcome = self.solver.solve(prepared, request)
        if not isinstance(outcome, SolveOutcome):
            raise EngineRuntimeError(
                f"solver {self.solver.id!r} returned {type(outcome).__name__}, not a SolveOutcome"
            )
        return {
            "domain": self.domain,
            "solver": self.solver.id,
            "status": outcome.status,
            "objective": outcome.objective,
            "bound": outcome.bound,
            "solve_time_ms": round((time.perf_counter() - started) * 1000, 3),
            "time_limit_ms": self.time_limit_ms,
            "solution": outcome.solution,
        }


class SolverDispatcher:
    """The ``run`` of a solver domain: picks the solver the license allows and runs it.

    Register it as a domain's ``run``:
    ``DecisionDomain(name="vrp", run=SolverDispatcher("vrp", preferred=("vrp.pyvrp",)))``.
    Solvers are registered separately (``engine_register_solvers``) under the
    domain's canonical name, so a third party can add one to any domain.
    """

    def __init__(self, domain: str, preferred: Sequence[str] = ()) -> None:
        self.domain = domain
        self.preferred = tuple(preferred)

    def __call__(self, host: DecisionHost, parameters: Mapping[str, Any]) -> dict[str, Any]:
        """Solve under the host engine's license, with its plugin registries."""
        return self.plan(host.registries, parameters, host.license).run()

    def __repr__(self) -> str:
        return f"SolverDispatcher({self.domain!r}, preferred={self.preferred!r})"

    def solvers(self, registries: DomainRegistries) -> list[Solver]:
        """The domain's registered solvers: preferred ones first, then in registration order."""
        mine = [solver for solver in registries.solvers.canonical() if solver.domain == self.domain]
        rank = {solver_id: position for position, solver_id in enumerate(self.preferred)}
        return sorted(mine, key=lambda solver: rank.get(solver.id, len(rank)))

    def available(self, registries: DomainRegistries) -> bool:
        """True when at least one of the domain's solvers has its backend installed."""
        return any(not solver.missing_backends() for solver in self.solvers(registries))

    def plan(
        self,
        registries: DomainRegistries,
        parameters: Mapping[str, Any],
        license: LicenseContext,
    ) -> SolvePlan:
        """Check the parameters, the entitlement and the backend; count and solve nothing."""
        checker = ProblemChecker()
        read = checker.mapping(
            parameters, ("parameters",), required=("problem",), optional=PARAMETERS
        )
        requested: str | None = None
        time_limit_ms = DEFAULT_TIME_LIMIT_MS
        seed = 0
        if read is not None:
            if "solver" in read:
                requested = checker.string(read["solver"], ("parameters", "solver"))
            if "time_limit_ms" in read:
                value = checker.integer(
                    read["time_limit_ms"], ("parameters", "time_limit_ms"), minimum=1
                )
                time_limit_ms = value if value is not None else time_limit_ms
            if "seed" in read:
                value = checker.integer(
                    read["seed"], ("parameters", "seed"), minimum=0, maximum=MAX_SEED
                )
                seed = value if value is not None else seed
        checker.raise_if_any()
        assert read is not None
        solver = self._choose(registries, requested, license)
        return SolvePlan(
            domain=self.domain,
            solver=solver,
            problem=read["problem"],
            time_limit_ms=min(time_limit_ms, time_limit_cap_ms()),
            seed=seed,
            license=license,
        )

    def _choose(
        self, registries: DomainRegistries, requested: str | None, license: LicenseContext
    ) -> Solver:
        candidates = self.solvers(registries)
        if requested is not None:
            chosen = next((solver for solver in candidates if solver.id == requested), None)
            if chosen is None:
                known = [solver.id for solver in candidates]
                raise DecisionInputError(
                    [
                        {
                            "loc": ["parameters", "solver"],
                            "msg": f"unknown solver {requested!r} for domain {self.domain!r}; "
                            f"solvers: {known}",
                        }
                    ]
                )
            check_solver_allowed(license, [chosen.id])
            missing = chosen.missing_backends()
            if missing:
                raise DecisionDomainUnavailableError(
                    f"solver {chosen.id!r} needs {', '.join(missing)}, which is not installed: "
                    f"{INSTALL_HINT}"
                )
            return chosen
        if not candidates:
            raise DecisionDomainUnavailableError(
                f"no solver is installed for decision domain {self.domain!r}: {INSTALL_HINT}"
            )
        allowed = [solver for solver in candidates if solver_allowed(license, solver.id)]
        if not allowed:
            edition = license.current_state().edition
            raise LicenseEntitlementError(
                f"the {edition} license in effect allows none of the solvers of domain "
                f"{self.domain!r} ({', '.join(solver.id for solver in candidates)}): "
                f"licensed_solvers are {list(licensed_solvers(license))}"
            )
        for solver in allowed:
            if not solver.missing_backends():
                return solver
        raise DecisionDomainUnavailableError(
            f"no licensed solver of decision domain {self.domain!r} is installed "
            f"({', '.join(solver.id for solver in allowed)}): {INSTALL_HINT}"
        )
