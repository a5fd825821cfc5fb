"""What plugins register, and the typed registries that receive it.

Each hook of :mod:`engine_core.hookspecs` receives one of these registries
and calls it once per item. A registry checks the type of what it receives
and refuses a duplicate name, so two plugins cannot silently shadow each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from .errors import PluginLoadError
from .licensing.context import LicenseContext
from .matching import Matcher
from .model import FATAL, SEVERITIES, EvaluationResult, RuleDeclaration
from .options import Option
from .solver_types import Solver

__all__ = [
    "BuiltinPack",
    "DecisionDomain",
    "DecisionHost",
    "Detector",
    "DomainRegistries",
    "Registry",
    "Remedy",
    "RuleType",
    "Solver",
    "redaction_token",
]


def redaction_token(category: str) -> str:
    """Return the token that replaces a redacted value: ``[REDACTED_<CATEGORY>]``."""
    return f"[REDACTED_{category}]"


@dataclass(frozen=True)
class RuleType:
    """A rule ``type:`` name, its options, its validation and its compiled matcher.

    ``options`` declares every option a rule of this type may set, with its
    type: the core refuses unknown ones and hands the rest to ``validate``
    and ``compile`` typed. ``validate(rule)`` returns every problem of the
    rule as a list of messages naming the rule and field (empty when valid);
    ``compile(rule)`` returns a :class:`~engine_core.matching.Matcher` for a
    valid rule. An exception from either becomes a listed problem.
    """

    name: str
    validate: Callable[[RuleDeclaration], list[str]]
    compile: Callable[[RuleDeclaration], Matcher]
    description: str = ""
    options: tuple[Option, ...] = ()


@dataclass(frozen=True)
class Remedy:
    """What a fired rule does to the text.

    ``severity`` is the severity of rules using this remedy unless the rule
    says otherwise; ``withholds_text`` means a fired rule withholds the whole
    text (the ``block`` remedy); ``replace(value, category)`` returns the
    text that stands for a matched value in ``clean_text``.
    """

    name: str
    severity: str
    replace: Callable[[str, str], str] = field(
        default=lambda _value, category: redaction_token(category)
    )
    withholds_text: bool = False
    description: str = ""

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise PluginLoadError(f"remedy {self.name!r}: severity must be one of {SEVERITIES}")
        if self.withholds_text and self.severity != FATAL:
            raise PluginLoadError(f"remedy {self.name!r}: a remedy that withholds text is FATAL")


class DomainRegistries(Protocol):
    """The registries decision functions look things up in (``PluginRegistries`` is one)."""

    @property
    def decision_domains(self) -> Registry[DecisionDomain]:
        """The registered decision domains."""
        ...

    @property
    def solvers(self) -> Registry[Solver]:
        """The registered solvers."""
        ...


class DecisionHost(Protocol):
    """What a decision domain may use of the engine that runs it.

    :class:`~engine_core.engine.Engine` is one; the protocol keeps this module
    free of an import of the engine (docs/architecture.md, "Layers").
    """

    @property
    def pack_id(self) -> str:
        """The id of the pack the engine serves."""
        ...

    @property
    def license(self) -> LicenseContext:
        """The license the engine runs under."""
        ...

    @property
    def registries(self) -> DomainRegistries:
        """The plugin registries the engine was built with."""
        ...

    def evaluate(self, payload: Any) -> EvaluationResult:
        """Evaluate a payload against the served pack."""
        ...


@dataclass(frozen=True)
class DecisionDomain:
    """A function behind ``POST /v1/decision``.

    ``run(engine, parameters)`` returns the JSON-ready result of the domain.
    """

    name: str
    run: Callable[[DecisionHost, dict[str, Any]], Any]
    aliases: tuple[str, ...] = ()
    description: str = ""


@dataclass(frozen=True)
class Detector:
    """One entry of the detector catalogue: a rule playbooks may import by id or glob.

    ``rule`` is the rule as a playbook would declare it (``id``, ``pattern``,
    ``type``, ``category``, ``law``, ``severity``, ``options``, ...); the core
    validates it like any playbook rule. ``country`` is an ISO 3166-1 alpha-2
    code or ``INTL``; ``default`` entries are on in the built-in pack;
    ``source`` names the published format the entry follows.
    """

    rule: Mapping[str, Any]
    country: str
    default: bool = False
    source: str = ""

    @property
    def id(self) -> str:
        """The rule id (``<country or group>.<name>``, or one of the nine original ids)."""
        rule_id = self.rule.get("id")
        return rule_id if isinstance(rule_id, str) else ""


@dataclass(frozen=True)
class BuiltinPack:
    """A pack that ships with a plugin, as playbook YAML text returned by ``load()``."""

    pack_id: str
    load: Callable[[], str]
    description: str = ""


T = TypeVar("T", RuleType, Remedy, DecisionDomain, BuiltinPack, Detector, Solver)


class Registry(Generic[T]):
    """A typed, name-keyed collection that refuses duplicates."""

    def __init__(self, kind: type[T], *, key: str = "name") -> None:
        self.kind: type[T] = kind
        self._key = key
        self._items: dict[str, T] = {}
        self._owners: dict[str, str] = {}
        self.current_plugin = "<unknown>"

    def __call__(self, item: T) -> None:
        """Register ``item``; raise :class:`PluginLoadError` on a wrong type or duplicate."""
        if not isinstance(item, self.kind):
            raise PluginLoadError(
                f"plugin {self.current_plugin!r} registered {type(item).__name__}, "
                f"expected {self.kind.__name__}"
            )
        names = [getattr(item, self._key), *getattr(item, "aliases", ())]
        for name in names:
            if not isinstance(name, str) or not name:
                raise PluginLoadError(
                    f"plugin {self.current_plugin!r}: {self.kind.__name__} needs a non-empty name"
                )
            if name in self._items:
                raise PluginLoadError(
                    f"plugin {self.current_plugin!r}: {self.kind.__name__} {name!r} is already "
                    f"registered by plugin {self._owners[name]!r}"
                )
        for name in names:
            self._items[name] = item
            self._owners[name] = self.current_plugin

    def get(self, name: str) -> T | None:
        """Return the item registered under ``name`` (or an alias), or None."""
        return self._items.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def names(self) -> list[str]:
        """Return every registered name, aliases included, sorted."""
        return sorted(self._items)

    def canonical(self) -> list[T]:
        """Return each registered item once, in registration order."""
        seen: dict[int, T] = {}
        for item in self._items.values():
            seen.setdefault(id(item), item)
        return list(seen.values())

    def owner(self, name: str) -> str:
        """Return the plugin that registered ``name``."""
        return self._owners[name]
