"""Hook specifications: the contract between the engine and its plugins.

Every hook is named ``engine_register_<noun>(register)``. It receives a typed
registry and calls it once per item it contributes; the registry checks the
type and refuses a duplicate name. Hooks are called once per process, lazily,
the first time the engine needs the plugin registries (never at import).

Each hook has a section of the same name in ``plugins.md``; a test fails when
one is missing.
"""

from __future__ import annotations

from collections.abc import Callable

import pluggy

from .registries import BuiltinPack, DecisionDomain, Detector, Remedy, RuleType, Solver

PROJECT_NAME = "engine_pack"

hookspec = pluggy.HookspecMarker(PROJECT_NAME)


@hookspec
def engine_register_rule_types(register: Callable[[RuleType], None]) -> None:
    """Register rule types: the names a playbook rule may use as ``type:``.

    Called once when the plugin registries are first built, before any
    playbook is validated. A rule type validates a rule (listing every
    problem) and compiles it into a :class:`~engine_core.matching.Matcher`.

    :param register: call it with one :class:`~engine_core.registries.RuleType`
        per rule type. A name registered twice raises ``PluginLoadError``.

    Example::

        @hookimpl
        def engine_register_rule_types(register):
            register(RuleType(name="keyword_list", validate=validate, compile=compile))
    """


@hookspec
def engine_register_remedies(register: Callable[[Remedy], None]) -> None:
    """Register remedies: the names a playbook rule may use as ``action:``.

    Called once when the plugin registries are first built. A remedy says
    what a fired rule does to the text (``redact`` replaces the value by a
    token, ``block`` withholds the whole text) and the default severity of
    rules using it.

    :param register: call it with one :class:`~engine_core.registries.Remedy`
        per remedy. A name registered twice raises ``PluginLoadError``.

    Example::

        @hookimpl
        def engine_register_remedies(register):
            register(Remedy(name="mask", severity="WARNING",
                            replace=lambda value, category: "*" * len(value)))
    """


@hookspec
def engine_register_decision_domains(register: Callable[[DecisionDomain], None]) -> None:
    """Register decision domains: the functions behind ``POST /v1/decision``.

    Called once when the plugin registries are first built. A domain has a
    canonical name, optional aliases, and ``run(engine, parameters)`` that
    returns a JSON-ready result. Known domains that no plugin provides
    (``vrp``, ``bin_packing``, ``solve_constraints``) answer 501.

    :param register: call it with one
        :class:`~engine_core.registries.DecisionDomain` per domain. A name or
        alias registered twice raises ``PluginLoadError``.

    Example::

        @hookimpl
        def engine_register_decision_domains(register):
            register(DecisionDomain(name="bin_packing", aliases=("packing",), run=solve))
    """


@hookspec
def engine_register_builtin_packs(register: Callable[[BuiltinPack], None]) -> None:
    """Register packs that ship with a plugin, as playbook YAML text.

    Called once when the plugin registries are first built. The community
    engine serves the pack registered as ``builtin.data_protection``; a
    pack's rules are validated like any playbook's when it is first used.

    :param register: call it with one :class:`~engine_core.registries.BuiltinPack`
        per pack. A pack id registered twice raises ``PluginLoadError``.

    Example::

        @hookimpl
        def engine_register_builtin_packs(register):
            register(BuiltinPack(pack_id="acme.support", load=lambda: PLAYBOOK_YAML))
    """


@hookspec
def engine_register_detectors(register: Callable[[Detector], None]) -> None:
    """Register entries of the detector catalogue: rules a playbook imports by id or glob.

    Called once when the plugin registries are first built, after the rule
    types. Each entry is a rule as a playbook declares it, with its country,
    whether the built-in pack turns it on (``default``) and the published
    format it follows; the core validates it like a playbook rule the first
    time the catalogue is used, and a broken entry is a ``PluginLoadError``.
    ``codons: ["de.*"]`` imports every German entry; ``hard_rules`` imports
    entries as block rules.

    :param register: call it with one :class:`~engine_core.registries.Detector`
        per entry. An id registered twice raises ``PluginLoadError``.

    Example::

        @hookimpl
        def engine_register_detectors(register):
            register(Detector(
                rule={"id": "acme.employee_id", "pattern": r"\bEMP-[0-9]{6}\b",
                      "category": "ACME_EMPLOYEE_ID", "law": "GDPR"},
                country="INTL",
            ))
    """


@hookspec
def engine_register_solvers(register: Callable[[Solver], None]) -> None:
    """Register solvers: the engines behind a solver decision domain.

    Called once when the plugin registries are first built. A solver has an
    id (``bin_packing.ffd``; licenses allow solvers by id globs), the
    canonical name of its domain, ``prepare(problem)`` that reads the JSON
    problem (listing every problem, HTTP 422) and ``solve(prepared, request)``
    that answers a :class:`~engine_core.solver_types.SolveOutcome` within
    ``request.deadline``. ``requires`` names the backend's modules: a solver
    whose backend is missing answers 501. The domain itself is registered
    through ``engine_register_decision_domains`` with a
    :class:`~engine_core.solvers.dispatch.SolverDispatcher` as its ``run``.

    :param register: call it with one :class:`~engine_core.registries.Solver`
        per solver. An id registered twice raises ``PluginLoadError``.

    Example::

        @hookimpl
        def engine_register_solvers(register):
            register(Solver(id="bin_packing.next_fit", domain="bin_packing",
                            prepare=read_problem, solve=next_fit))
    """
