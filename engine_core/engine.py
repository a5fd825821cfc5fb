"""The Engine: one pack, one license, evaluation of payloads."""

from __future__ import annotations

import hashlib
import itertools
import secrets
import threading
import time
import weakref
from array import array
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, NoReturn

from . import deadline
from .anchors import ScanBytes, scan_bytes
from .budget import MAX_LATENCY_MS, DecisionBudget, elapsed_ms, match_timeout_s
from .constants import BUILTIN_PACK_ID, DEFAULT_LOOKAHEAD_CHARS
from .errors import (
    CommunityRemovedCapabilityError,
    DecisionBudgetExceededError,
    RemovedCapabilityError,
)
from .evaluation import CompiledPack, Verdict
from .licensing.context import CommunityLicense, LicenseContext, LicenseState
from .model import EvaluationResult, PackDeclaration
from .packs.builtin import builtin_declaration
from .packs.playbook import effective_rules
from .payloads import PAYLOAD_KEYS, payload_text
from .plugins import PluginRegistries, get_registries
from .streaming import StreamSession, astream_filter, stream_filter
from .version import RUNTIME_VERSION

__all__ = ["PAYLOAD_KEYS", "Engine"]

_builtin_lock = threading.Lock()
_builtin_compiled: weakref.WeakKeyDictionary[PluginRegistries, CompiledPack] = (
    weakref.WeakKeyDictionary()
)


def _builtin_pack(registries: PluginRegistries) -> CompiledPack:
    """Return the compiled built-in pack, compiled once per plugin set."""
    with _builtin_lock:
        compiled = _builtin_compiled.get(registries)
        if compiled is None:
            declaration = builtin_declaration(registries)
            compiled = CompiledPack(
                declaration, effective_rules(declaration, registries), registries
            )
            _builtin_compiled[registries] = compiled
        return compiled


#: Inputs at least this long (characters) are hashed on a thread while they are scanned.
BACKGROUND_DIGEST_CHARS = 1 << 20

_digest_pool_lock = threading.Lock()
_digest_pool: ThreadPoolExecutor | None = None


def input_digest(encoded: ScanBytes) -> bytes:
    """SHA-256 of a text, from its scan encoding and the characters that encoding replaced."""
    digest = hashlib.sha256(len(encoded.data).to_bytes(8, "big"))
    digest.update(encoded.data)
    for offset, characters in encoded.replaced:
        digest.update(f"{offset}:{len(characters)}:".encode("ascii"))
        digest.update(characters.encode("utf-8", "surrogatepass"))
    return digest.digest()


def _digest_later(encoded: ScanBytes) -> Future[bytes]:
    """Hash a large input on a thread: hashlib releases the GIL, so it overlaps the scan."""
    global _digest_pool
    with _digest_pool_lock:
        if _digest_pool is None:
            _digest_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="engine-digest")
        return _digest_pool.submit(input_digest, encoded)


class Engine:
    """Evaluates payloads against one pack under one license.

    ``Engine()`` serves the built-in data-protection pack under the built-in
    community license; ``Engine(license_key="EK1....")`` serves it under a
    license key. Use :func:`engine_core.load_pack` for a sealed pack.
    """

    def __init__(self, license_key: str | None = None) -> None:
        registries = get_registries()
        compiled = _builtin_pack(registries)
        license: LicenseContext
        if license_key is None:
            license = CommunityLicense()
        else:
            from .licensing.keys import key_license_context

            license = key_license_context(license_key, compiled.pack_id)
        self._setup(compiled, license, sealed=False, registries=registries)

    @classmethod
    def for_pack(
        cls,
        declaration: PackDeclaration,
        license: LicenseContext,
        registries: PluginRegistries | None = None,
    ) -> Engine:
        """Return an engine serving a compiled (sealed) pack's declaration under ``license``."""
        registries = registries or get_registries()
        timeout = match_timeout_s(declaration.budget.get(MAX_LATENCY_MS))
        engine = cls.__new__(cls)
        engine._setup(
            CompiledPack(
                declaration,
                effective_rules(declaration, registries),
                registries,
                match_timeout_s=timeout,
            ),
            license,
            sealed=True,
            registries=registries,
        )
        return engine

    def _setup(
        self,
        compiled: CompiledPack,
        license: LicenseContext,
        *,
        sealed: bool,
        registries: PluginRegistries,
    ) -> None:
        self._compiled = compiled
        self._license = license
        self._sealed = sealed
        self._registries = registries
        # Keyed receipts: a receipt cannot be used to test guesses of the input.
        self._receipt_key = secrets.token_bytes(32)
        budget = compiled.declaration.budget.get(MAX_LATENCY_MS) if sealed else None
        self._budget = DecisionBudget(compiled.pack_id, budget)

    # --- what the engine serves ------------------------------------------------

    @property
    def pack_id(self) -> str:
        """The id of the pack this engine serves."""
        return self._compiled.pack_id

    @property
    def compiled_pack(self) -> CompiledPack:
        """The compiled pack (rules and matchers) this engine evaluates with."""
        return self._compiled

    @property
    def is_sealed_pack(self) -> bool:
        """True for an engine from :func:`load_pack` (a compiled, sealed pack)."""
        return self._sealed

    @property
    def is_builtin_pack(self) -> bool:
        """True when this engine serves the built-in pack."""
        return not self._sealed and self._compiled.pack_id == BUILTIN_PACK_ID

    @property
    def license(self) -> LicenseContext:
        """The license context this engine runs under."""
        return self._license

    @property
    def license_state(self) -> LicenseState:
        """The license fields results report now."""
        return self._license.current_state()

    @property
    def registries(self) -> PluginRegistries:
        """The plugin registries this engine was built with."""
        return self._registries

    @property
    def compile_custom_rule(self) -> NoReturn:
        """Removed capability: a pack's rules are fixed; compile a playbook instead."""
        message = (
            "compile_custom_rule() was removed: write the rule in a playbook and compile it "
            "with `engine-pack compile`"
        )
        if not self._sealed and isinstance(self._license, CommunityLicense):
            raise CommunityRemovedCapabilityError(message)
        raise RemovedCapabilityError(message)

    # --- evaluation --------------------------------------------------------------

    def evaluate(self, payload: Any) -> EvaluationResult:
        """Evaluate a payload (a str, or a dict with one text key) and return the verdict."""
        text = payload_text(payload)
        state = self._license.authorize_decision()
        started = time.perf_counter_ns()
        # One encoding serves the prefilter scan and the receipt's digest of the input.
        encoded = scan_bytes(text)
        pending = _digest_later(encoded) if len(text) >= BACKGROUND_DIGEST_CHARS else None
        try:
            verdict = deadline.call(
                self._budget.deadline(started), self._compiled.decide, text, encoded.data
            )
        except DecisionBudgetExceededError:
            # A matcher's timeout (it knows its rule, not the pack): report the pack's bound.
            raise self._budget.exceeded(elapsed_ms(started)) from None
        elapsed_us = (time.perf_counter_ns() - started) / 1000
        if self._budget.over(elapsed_us / 1000):
            raise self._budget.exceeded(elapsed_us / 1000)
        digest = pending.result() if pending is not None else input_digest(encoded)
        return self._result(digest, verdict, state, elapsed_us)

    def _result(
        self, digest: bytes, verdict: Verdict, state: LicenseState, elapsed_us: float
    ) -> EvaluationResult:
        return EvaluationResult(
            pack_id=self.pack_id,
            action=verdict.action,
            invariants_passed=verdict.invariants_passed,
            reason=verdict.reason,
            triggers=verdict.triggers,
            remedy=verdict.remedy,
            latency_us=round(elapsed_us, 3),
            receipt_hash=self._receipt(digest, verdict),
            license_status=state.license_status,
            active_key_id=state.active_key_id,
            active_epoch=state.active_epoch,
            edition=state.edition,
            upgrade_notice=state.upgrade_notice,
            runtime_version=RUNTIME_VERSION,
        )

    def _receipt(self, input_digest: bytes, verdict: Verdict) -> str:
        """SHA-256 over pack id, the input's digest and the verdict (never the raw text).

        The verdict is the action, whether invariants passed, and each fired rule
        with its spans (which, with the input, determine the cleaned text). Keyed
        with a per-engine secret, so a receipt cannot be used to test guesses of
        the input (short identifiers are easy to enumerate). Every part has its
        length before it; spans are packed as integers (a text of many values has
        as many spans: no text form of them is written).
        """
        receipt = hashlib.sha256(self._receipt_key)
        receipt.update(input_digest)
        verdict_fields = "\x1f".join(
            (
                RUNTIME_VERSION,
                self.pack_id,
                verdict.action,
                "1" if verdict.invariants_passed else "0",
            )
        ).encode("utf-8")
        receipt.update(len(verdict_fields).to_bytes(8, "big") + verdict_fields)
        for trigger in verdict.triggers:
            rule_id = trigger.rule_id.encode("utf-8")
            receipt.update(
                len(rule_id).to_bytes(8, "big") + rule_id + len(trigger.spans).to_bytes(8, "big")
            )
            receipt.update(array("q", itertools.chain.from_iterable(trigger.spans)).tobytes())
        return receipt.hexdigest()

    def __repr__(self) -> str:
        return f"<Engine pack_id={self.pack_id!r} edition={self.license_state.edition!r}>"

    # --- decision functions (docs/decision-domains.md) -----------

    def decide(self, domain: str, parameters: dict[str, Any]) -> dict[str, Any]:
        """Run a decision function (``evaluate``, ``vrp``, ...) and return its result object."""
        from .decisions import decide

        return decide(self, domain, parameters)

    # --- streaming (docs/architecture.md, "Streaming") ---------------------------

    def stream_session(
        self, lookahead_chars: int = DEFAULT_LOOKAHEAD_CHARS, block_on_fatal: bool = True
    ) -> StreamSession:
        """Start a streaming session; it counts as one decision against the license."""
        session = StreamSession(
            self._compiled,
            lookahead_chars=lookahead_chars,
            block_on_fatal=block_on_fatal,
            budget=self._budget,
        )
        self._license.authorize_decision()
        return session

    def stream_filter(
        self,
        chunks: Iterable[str],
        lookahead_chars: int = DEFAULT_LOOKAHEAD_CHARS,
        block_on_fatal: bool = True,
    ) -> Iterator[str]:
        """Yield the released text of ``chunks``; raise StreamBlockedError where it blocks."""
        return stream_filter(self.stream_session(lookahead_chars, block_on_fatal), chunks)

    def astream_filter(
        self,
        chunks: AsyncIterable[str],
        lookahead_chars: int = DEFAULT_LOOKAHEAD_CHARS,
        block_on_fatal: bool = True,
    ) -> AsyncIterator[str]:
        """Async stream_filter over async ``chunks``; raise StreamBlockedError where it blocks."""
        return astream_filter(self.stream_session(lookahead_chars, block_on_fatal), chunks)
