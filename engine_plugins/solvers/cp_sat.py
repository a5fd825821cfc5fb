"""``solver.cp.sat``: integer constraint programs on OR-Tools CP-SAT.

Problem: ``{variables: [{name, min, max}], constraints: [...], objective?}``
where a constraint is one of ``{linear: {name: coef}, op: "<=|>=|==|!=", rhs}``,
``{all_different: [name, ...]}`` or ``{no_overlap: [{start, duration}, ...]}``
(``start`` a variable, ``duration`` an integer or a variable), and the
objective ``{minimize: {name: coef}}`` or ``{maximize: {name: coef}}``.
Solution: ``{values: {name: int}}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine_core.errors import DecisionInputError
from engine_core.solver_types import SolveOutcome, SolveRequest
from engine_core.solvers.problems import PROBLEM_LOC, Loc, ProblemChecker

from .cp_sat_support import configured_solver, solve_status

if TYPE_CHECKING:  # pragma: no cover
    from ortools.sat.python import cp_model

__all__ = ["MAX_CONSTRAINTS", "MAX_TERMS", "MAX_VARIABLES", "IntegerProgram", "prepare", "solve"]

#: Size limits (HTTP 422 naming the limit above them).
MAX_VARIABLES = 10_000
MAX_CONSTRAINTS = 50_000
MAX_TERMS = 1_000_000
#: Value limits: variable bounds, coefficients and right-hand sides (CP-SAT works in int64).
MAX_BOUND = 10**12
MAX_COEFFICIENT = 10**9
MAX_RHS = 10**15
OPERATORS = ("<=", ">=", "==", "!=")
_KINDS = ("linear", "all_different", "no_overlap")


@dataclass
class IntegerProgram:
    """A checked program, built as a CP-SAT model."""

    model: cp_model.CpModel
    variables: dict[str, cp_model.IntVar]
    has_objective: bool


class _Reader:
    """Reads the problem into a CP-SAT model, listing every problem."""

    def __init__(self) -> None:
        from ortools.sat.python import cp_model

        self.model = cp_model.CpModel()
        self.checker = ProblemChecker()
        self.variables: dict[str, cp_model.IntVar] = {}
        self.lowest: dict[str, int] = {}
        self.terms = 0

    def read(self, problem: Any) -> IntegerProgram:
        checker = self.checker
        document = checker.mapping(
            problem, PROBLEM_LOC, required=("variables",), optional=("constraints", "objective")
        )
        if document is None:
            checker.raise_if_any()
        assert document is not None
        self._variables(document["variables"])
        constraints = checker.array(
            document.get("constraints", []), (*PROBLEM_LOC, "constraints"), limit=MAX_CONSTRAINTS
        )
        for position, item in enumerate(constraints or []):
            self._constraint(item, (*PROBLEM_LOC, "constraints", position))
        if "objective" in document:
            self._objective(document["objective"], (*PROBLEM_LOC, "objective"))
        if self.terms > MAX_TERMS:
            checker.add(PROBLEM_LOC, f"has {self.terms} terms: over the limit of {MAX_TERMS}")
        checker.raise_if_any()
        invalid = self.model.validate()
        if invalid:
            raise DecisionInputError([{"loc": list(PROBLEM_LOC), "msg": f"CP-SAT: {invalid}"}])
        return IntegerProgram(self.model, self.variables, "objective" in document)

    def _variables(self, value: Any) -> None:
        loc = (*PROBLEM_LOC, "variables")
        for position, item in enumerate(
            self.checker.array(value, loc, limit=MAX_VARIABLES, min_items=1) or []
        ):
            here = (*loc, position)
            fields = self.checker.mapping(item, here, required=("name", "min", "max"))
            if fields is None:
                continue
            name = self.checker.string(fields["name"], (*here, "name"))
            low = self.checker.integer(
                fields["min"], (*here, "min"), minimum=-MAX_BOUND, maximum=MAX_BOUND
            )
            high = self.checker.integer(
                fields["max"], (*here, "max"), minimum=-MAX_BOUND, maximum=MAX_BOUND
            )
            if name is None or low is None or high is None:
                continue
            if name in self.variables:
                self.checker.add((*here, "name"), f"duplicate variable {name!r}")
            elif low > high:
                self.checker.add(here, f"min {low} is greater than max {high}")
            else:
                self.variables[name] = self.model.new_int_var(low, high, name)
                self.lowest[name] = low

    def _variable(self, value: Any, loc: Loc) -> cp_model.IntVar | None:
        name = self.checker.string(value, loc)
        if name is None:
            return None
        variable = self.variables.get(name)
        if variable is None:
            self.checker.add(loc, f"unknown variable {name!r}")
        return variable

    def _linear(self, value: Any, loc: Loc) -> cp_model.LinearExprT | None:
        if not isinstance(value, Mapping) or not value:
            self.checker.add(loc, "must be a non-empty object of variable name to coefficient")
            return None
        terms = []
        for name, coefficient in value.items():
            variable = self._variable(name, (*loc, str(name)))
            factor = self.checker.integer(
                coefficient, (*loc, str(name)), minimum=-MAX_COEFFICIENT, maximum=MAX_COEFFICIENT
            )
            if variable is not None and factor is not None:
                terms.append(factor * variable)
        self.terms += len(value)
        return sum(terms) if len(terms) == len(value) else None

    def _constraint(self, item: Any, loc: Loc) -> None:
        if not isinstance(item, Mapping):
            self.checker.add(loc, "must be an object")
            return
        kinds = [kind for kind in _KINDS if kind in item]
        if len(kinds) != 1:
            self.checker.add(loc, f"must have exactly one of {list(_KINDS)}")
            return
        kind = kinds[0]
        if kind == "linear":
            self._linear_constraint(item, loc)
        elif self.checker.mapping(item, loc, required=(kind,)) is not None:
            if kind == "all_different":
                self._all_different(item[kind], (*loc, kind))
            else:
                self._no_overlap(item[kind], (*loc, kind))

    def _linear_constraint(self, item: Mapping[str, Any], loc: Loc) -> None:
        if self.checker.mapping(item, loc, required=("linear", "op", "rhs")) is None:
            return
        expression = self._linear(item["linear"], (*loc, "linear"))
        op = item["op"]
        if op not in OPERATORS:
            self.checker.add((*loc, "op"), f"must be one of {list(OPERATORS)}")
        rhs = self.checker.integer(item["rhs"], (*loc, "rhs"), minimum=-MAX_RHS, maximum=MAX_RHS)
        if expression is None or rhs is None or op not in OPERATORS:
            return
        if op == "<=":
            self.model.add(expression <= rhs)
        elif op == ">=":
            self.model.add(expression >= rhs)
        elif op == "==":
            self.model.add(expression == rhs)
        else:
            self.model.add(expression != rhs)

    def _all_different(self, value: Any, loc: Loc) -> None:
        names = self.checker.array(value, loc, min_items=1, limit=MAX_VARIABLES)
        if names is None:
            return
        variables = [self._variable(name, (*loc, position)) for position, name in enumerate(names)]
        self.terms += len(names)
        if all(variable is not None for variable in variables):
            self.model.add_all_different(
                [variable for variable in variables if variable is not None]
            )

    def _no_overlap(self, value: Any, loc: Loc) -> None:
        tasks = self.checker.array(value, loc, min_items=1, limit=MAX_VARIABLES)
        intervals = []
        for position, task in enumerate(tasks or []):
            here = (*loc, position)
            fields = self.checker.mapping(task, here, required=("start", "duration"))
            if fields is None:
                continue
            start = self._variable(fields["start"], (*here, "start"))
            duration: cp_model.IntVar | int | None
            if isinstance(fields["duration"], str):
                duration = self._variable(fields["duration"], (*here, "duration"))
                if duration is not None and self.lowest[fields["duration"]] < 0:
                    self.checker.add((*here, "duration"), "a duration variable must have min >= 0")
                    duration = None
            else:
                duration = self.checker.integer(
                    fields["duration"], (*here, "duration"), minimum=0, maximum=MAX_BOUND
                )
            if start is None or duration is None:
                continue
            if isinstance(duration, int):
                intervals.append(self.model.new_fixed_size_interval_var(start, duration, ""))
            else:
                end = self.model.new_int_var(-2 * MAX_BOUND, 2 * MAX_BOUND, "")
                intervals.append(self.model.new_interval_var(start, duration, end, ""))
        self.terms += len(tasks or [])
        if tasks is not None and len(intervals) == len(tasks):
            self.model.add_no_overlap(intervals)

    def _objective(self, value: Any, loc: Loc) -> None:
        if (
            not isinstance(value, Mapping)
            or len(value) != 1
            or next(iter(value))
            not in (
                "minimize",
                "maximize",
            )
        ):
            self.checker.add(loc, "must be {minimize: {name: coef}} or {maximize: {name: coef}}")
            return
        sense, terms = next(iter(value.items()))
        expression = self._linear(terms, (*loc, sense))
        if expression is None:
            return
        if sense == "minimize":
            self.model.minimize(expression)
        else:
            self.model.maximize(expression)


def prepare(problem: Any) -> IntegerProgram:
    """Read the program into a CP-SAT model; raise DecisionInputError listing every problem."""
    return _Reader().read(problem)


def solve(program: IntegerProgram, request: SolveRequest) -> SolveOutcome:
    """Solve with CP-SAT within the request's limits."""
    solver = configured_solver(request)
    status = solve_status(solver.solve(program.model))
    if status in ("infeasible", "unknown"):
        bound = (
            _number(solver.best_objective_bound)
            if program.has_objective and status == "unknown"
            else None
        )
        return SolveOutcome(status=status, solution=None, bound=bound)
    values = {name: int(solver.value(variable)) for name, variable in program.variables.items()}
    if not program.has_objective:
        return SolveOutcome(status=status, solution={"values": values})
    return SolveOutcome(
        status=status,
        solution={"values": values},
        objective=_number(solver.objective_value),
        bound=_number(solver.best_objective_bound),
    )


def _number(value: float) -> int | float:
    # CP-SAT models have integer coefficients: an objective off an integer by float
    # noise (0.9999999999999998) is that integer.
    nearest = round(value)
    return int(nearest) if abs(value - nearest) < 1e-6 else float(value)
