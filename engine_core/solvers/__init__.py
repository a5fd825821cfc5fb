"""Solver decision domains: the contract between a domain and the solvers behind it.

Modules (import them directly; nothing is loaded here):

- what a plugin registers (``Solver``) and what a solver receives and returns
  (``SolveRequest``, ``SolveOutcome``) live in :mod:`engine_core.solver_types`.
- ``problems``: ``ProblemChecker``, which reads a JSON problem and lists every
  problem with its location (HTTP 422).
- ``limits``: the time limit, its cap and the threads a solve may use.
- ``dispatch``: ``SolverDispatcher``, the ``run`` of a solver domain: it picks
  the solver the license allows, checks it, counts the decision and runs it.

See docs/decision-domains.md.
"""
