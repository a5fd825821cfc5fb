"""Small building blocks for value generators: random characters, retries until valid, grouping."""

from __future__ import annotations

import random
import string
from collections.abc import Callable

from stdnum import bitcoin

from .model import Check, Make, Spec

DIGITS = string.digits
UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
BASE62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
HEX = "0123456789abcdef"


def chars(rng: random.Random, alphabet: str, count: int) -> str:
    """``count`` characters drawn from ``alphabet``."""
    return "".join(rng.choice(alphabet) for _ in range(count))


def digits(rng: random.Random, count: int, first: str = DIGITS) -> str:
    """A digit string of ``count`` digits whose first digit is drawn from ``first``."""
    return rng.choice(first) + chars(rng, DIGITS, count - 1)


def until(rng: random.Random, candidate: Make, check: Check, tries: int = 5000) -> str:
    """The first candidate that ``check`` accepts (a generator bug if none in ``tries``)."""
    for _ in range(tries):
        value = candidate(rng)
        if check(value):
            return value
    raise RuntimeError("no valid candidate; the generator does not fit its check")


def group(text: str, sizes: tuple[int, ...], separator: str) -> str:
    """``text`` cut into groups of ``sizes`` (the last takes the rest), joined by ``separator``."""
    parts, position = [], 0
    for size in sizes:
        if position >= len(text):
            break
        parts.append(text[position : position + size])
        position += size
    if position < len(text):
        parts.append(text[position:])
    return separator.join(parts)


def pick_format(rng: random.Random, compact: str, *formats: Callable[[str], str]) -> str:
    """``compact`` written by one of ``formats`` (the identity when none is given)."""
    return rng.choice(formats)(compact) if formats else compact


def mutate_digit(rng: random.Random, text: str) -> str:
    """``text`` with one of its digits replaced by another digit."""
    positions = [i for i, c in enumerate(text) if c.isdigit()]
    position = rng.choice(positions)
    replacement = rng.choice([d for d in DIGITS if d != text[position]])
    return text[:position] + replacement + text[position + 1 :]


def near_miss(rng: random.Random, valid: Make, check: Check, tries: int = 200) -> str:
    """A valid value with one digit changed so that ``check`` rejects it."""
    for _ in range(tries):
        value = mutate_digit(rng, valid(rng))
        if not check(value):
            return value
    raise RuntimeError("no invalid near miss found")


def safe(check: Callable[[str], object]) -> Check:
    """``check`` as a predicate that is false where the validator raises."""

    def predicate(value: str) -> bool:
        try:
            return bool(check(value))
        except Exception:
            return False

    return predicate


BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
BECH32M = 0x2BC830A3  # BIP-350's constant; BIP-173's bech32 uses 1


def five_bit_groups(data: bytes) -> list[int]:
    """``data`` regrouped into 5-bit values, the last one zero-padded (BIP-173 convertbits)."""
    accumulator, bits, result = 0, 0, []
    for byte in data:
        accumulator = (accumulator << 8) | byte
        bits += 8
        while bits >= 5:
            bits -= 5
            result.append((accumulator >> bits) & 31)
    if bits:
        result.append((accumulator << (5 - bits)) & 31)
    return result


def bech32_expand(hrp: str) -> list[int]:
    """BIP-173's expansion of the human-readable part for the checksum."""
    return [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]


def bech32(hrp: str, data: list[int], constant: int = 1) -> str:
    """``hrp``, "1", the 5-bit ``data`` and its six-character checksum (stdnum's polymod)."""
    polymod = bitcoin.bech32_checksum(bech32_expand(hrp) + data + [0] * 6) ^ constant
    checksum = [(polymod >> 5 * (5 - i)) & 31 for i in range(6)]
    return hrp + "1" + "".join(BECH32[d] for d in data + checksum)


def table_spec(
    category: str,
    kind: str,
    lang: str,
    make: Make,
    check: Check | None,
    checksum: bool,
    context: tuple[str, ...],
    sentences: tuple[str, ...],
    invalid: Make | None = None,
    source: str = "",
) -> Spec:
    """A spec from a table row; a checksummed value gets a one-digit near miss as its negative."""
    if invalid is None and check is not None and checksum:
        valid_check = check

        def invalid(rng: random.Random) -> str:
            return near_miss(rng, make, valid_check)

    return Spec(
        category,
        kind,
        lang,
        make,
        sentences,
        context,
        check=check,
        checksum=checksum,
        invalid=invalid,
        source=source or kind,
    )
