"""Named checks of the Brazil catalogue entries (``br.yaml``)."""

from __future__ import annotations

from collections.abc import Callable

from stdnum.br import cpf

__all__ = ["CHECKS", "br_cpf"]

_SEPARATORS = str.maketrans("", "", " -.")


def br_cpf(value: str) -> bool:
    """A Brazilian CPF: python-stdnum's two mod-11 check digits, not one digit repeated.

    The Receita Federal's check-digit algorithm (python-stdnum ``br.cpf``) accepts
    ``111.111.111-11`` through ``999.999.999-99``; those are never issued (the
    Receita's own validation, as every CPF validator, rejects a number of eleven
    equal digits), and they are what forms use as placeholders.
    """
    digits = value.translate(_SEPARATORS)
    return len(set(digits)) > 1 and bool(cpf.is_valid(digits))


CHECKS: dict[str, Callable[[str], bool]] = {
    "br_cpf": br_cpf,
}
