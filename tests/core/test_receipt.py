"""A receipt tells verdicts apart by every fired rule and every span."""

from __future__ import annotations

import dataclasses

from engine_core import Engine


def test_receipts_differ_for_every_difference_in_the_verdict() -> None:
    engine = Engine()
    text = "Mail a@b.io, card 4111 1111 1111 1111, again a@b.io."
    verdict = engine.compiled_pack.decide(text)
    assert len(verdict.triggers) >= 2
    first, second = verdict.triggers[:2]
    digest = bytes(32)
    variants = [
        verdict,
        dataclasses.replace(verdict, action="other"),
        dataclasses.replace(verdict, invariants_passed=not verdict.invariants_passed),
        dataclasses.replace(verdict, triggers=verdict.triggers[:1]),
        dataclasses.replace(verdict, triggers=(second, first)),
        dataclasses.replace(
            verdict, triggers=(dataclasses.replace(first, spans=first.spans[:1]), second)
        ),
        dataclasses.replace(
            verdict,
            triggers=(dataclasses.replace(first, spans=((0, 1), *first.spans[1:])), second),
        ),
        dataclasses.replace(
            verdict, triggers=(dataclasses.replace(first, rule_id=first.rule_id + "x"), second)
        ),
    ]
    receipts = {engine._receipt(digest, variant) for variant in variants}
    assert len(receipts) == len(variants)
    assert engine._receipt(digest, verdict) == engine._receipt(digest, verdict)
    assert engine._receipt(bytes(32), verdict) != engine._receipt(b"\x01" * 32, verdict)
