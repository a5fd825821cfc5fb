"""Decision functions by name: the domains behind ``POST /v1/decision`` and ``Engine.decide``.

The API knows every domain name of the specification and its aliases; a name
no installed plugin provides answers :class:`DecisionDomainUnavailableError`
(HTTP 501), an unknown name :class:`UnknownDecisionDomainError` (HTTP 400).
A solver domain (one whose ``run`` is a ``SolverDispatcher``) is listed in
``decision_functions`` only while one of its solvers is installed. See
docs/decision-domains.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .constants import DECISION_DOMAINS
from .errors import (
    DecisionDomainUnavailableError,
    DecisionInputError,
    EngineRuntimeError,
    UnknownDecisionDomainError,
)
from .registries import DecisionDomain, DecisionHost, DomainRegistries
from .solvers.dispatch import SolverDispatcher

__all__ = [
    "KNOWN_DECISION_DOMAINS",
    "decide",
    "decision_functions",
    "resolve_decision_domain",
    "solver_dispatcher",
]

#: Every decision function name the API knows, alias -> canonical name.
KNOWN_DECISION_DOMAINS = {
    name: canonical
    for canonical, aliases in DECISION_DOMAINS.items()
    for name in (canonical, *aliases)
}


def solver_dispatcher(domain: DecisionDomain) -> SolverDispatcher | None:
    """The domain's SolverDispatcher when it is a solver domain, else None."""
    return domain.run if isinstance(domain.run, SolverDispatcher) else None


def _installed(domain: DecisionDomain, registries: DomainRegistries) -> bool:
    dispatcher = solver_dispatcher(domain)
    return dispatcher is None or dispatcher.available(registries)


def decision_functions(registries: DomainRegistries) -> list[str]:
    """Canonical names of the domains installed plugins provide, with a backend installed."""
    return [
        domain.name
        for domain in registries.decision_domains.canonical()
        if _installed(domain, registries)
    ]


def resolve_decision_domain(registries: DomainRegistries, name: str) -> DecisionDomain:
    """Return the installed domain called ``name`` (or an alias of it)."""
    domain = registries.decision_domains.get(name)
    canonical = KNOWN_DECISION_DOMAINS.get(name)
    if domain is None and canonical is not None:
        domain = registries.decision_domains.get(canonical)
    if domain is None:
        if canonical is None:
            known = sorted(set(KNOWN_DECISION_DOMAINS) | set(registries.decision_domains))
            raise UnknownDecisionDomainError(
                f"Unknown decision function {name!r}; known: {', '.join(known)}"
            )
        raise DecisionDomainUnavailableError(
            f"Decision function {canonical!r} is not provided by any installed plugin "
            "in this edition"
        )
    if not _installed(domain, registries):
        raise DecisionDomainUnavailableError(
            f"Decision function {domain.name!r} has no solver installed: install the "
            "solvers extra: pip install 'engine-pack[solvers]'"
        )
    return domain


def decide(engine: DecisionHost, name: str, parameters: Mapping[str, Any]) -> dict[str, Any]:
    """Run decision function ``name`` with ``parameters`` under the engine's license."""
    if not isinstance(parameters, Mapping):
        raise DecisionInputError([{"loc": ["parameters"], "msg": "must be an object"}])
    domain = resolve_decision_domain(engine.registries, name)
    dispatcher = solver_dispatcher(domain)
    if dispatcher is not None:  # with the engine's own plugins, not the process's
        return dispatcher.plan(engine.registries, parameters, engine.license).run()
    result = domain.run(engine, dict(parameters))
    if not isinstance(result, dict):
        raise EngineRuntimeError(
            f"decision domain {domain.name!r} returned {type(result).__name__}, not an object"
        )
    return result
