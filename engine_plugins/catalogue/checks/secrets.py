"""Checks a secret rule's match must pass besides its pattern (the rules' ``check`` option).

Each function takes the matched text and returns True when it counts as a secret.
Checksums use ``zlib.crc32``; decoding uses ``base64`` and ``json``; URIs are parsed by
``urllib.parse``. The entropy bars are explained in ``catalogue/secrets.yaml``.
"""

from __future__ import annotations

import base64
import binascii
import functools
import itertools
import json
import math
import re
import zlib
from collections import Counter
from collections.abc import Callable
from urllib.parse import unquote, urlsplit

__all__ = [
    "CHECKS",
    "PUBLISHED_EXAMPLES",
    "connection_string_has_password",
    "crc32_base62_checksum_valid",
    "discord_bot_token_valid",
    "grafana_token_checksum_valid",
    "high_entropy",
    "jwt_valid",
    "password_assignment_valid",
    "plausible_token",
    "private_key_block_valid",
    "pypi_macaroon_valid",
    "random_mixed_case",
    "shannon_entropy",
]

_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_BASE62_VALUE = {char: index for index, char in enumerate(_BASE62)}

#: Stand-ins people write where a secret belongs: anywhere in the value (case-insensitive)...
_PLACEHOLDER_WORDS = (
    "example",
    "changeme",
    "change_me",
    "placeholder",
    "dummy",
    "redacted",
    "your_",
    "your-",
    "xxxx",
    "****",
    "...",  # a value cut short in documentation: sk-ant-api03-...
    "\u2026",
    "not-real",
    "not_real",
    "notreal",
    "fake",
    "sample",
)
#: Credentials their providers publish in documentation, copied into tutorials and tests
#: everywhere: jwt.io's sample token, Stripe's documented test keys, and the token GitHub's
#: REST and OAuth documentation shows in its responses (its body under each prefix GitHub
#: documents). They grant nothing.
PUBLISHED_EXAMPLES = frozenset(
    {
        *(
            f"{prefix}_16C7e42F292c6912E7710c838347Ae178B4a"
            for prefix in ("ghp", "gho", "ghu", "ghs", "ghr")
        ),
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
        ".eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ"
        ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
        "pk_test_TYooMQauvdEDq54NiTphI7jx",
        "pk_test_6pRNASCoBOKtIshFeQd4XMUh",
    }
)
#: ...or as the whole value (a weak real password such as Secret123! still counts).
_PLACEHOLDER_VALUES = frozenset({"password", "passwd", "pass", "pwd", "secret"})
#: Template and variable references: ${X}, {{ x }}, <x>, %s, %(x)s, $X, %X% (Windows), and
#: what a framework's log writes for a value it hides: [FILTERED] (Rails), [MASKED].
_REFERENCE = re.compile(r"\$\{|\{\{|^<.*>$|%(?:\(\w+\))?s|^\$[A-Za-z_]|^%\w+%$|^\[[A-Za-z _-]+\]$")
#: A lower-case word and a short number (password123, welcome1): the first guesses.
_WORD_AND_NUMBER = re.compile(r"[a-z]{3,}[0-9]{1,4}")
#: Eight or more consecutive letters or digits in order (abcdefgh, 12345678).
_SEQUENCE_LENGTH = 8
_ONLY_NAME_CHARS = re.compile(r"[A-Za-z_.-]+")
#: Bits per character below which a context-only value is taken for words, not random:
#: 40 random base62 characters measure 4.77 typically and under 4.23 once in 10,000,
#: while camel-case identifiers of that length measure 3.9-4.1.
_RANDOM_BITS = 4.2
#: One character repeated this many times in a row is a placeholder, not a secret.
_RUN = re.compile(r"(.)\1{7}")


def shannon_entropy(value: str) -> float:
    """Return the Shannon entropy of ``value`` in bits per character (0 for "")."""
    if not value:
        return 0.0
    total = len(value)
    return -sum(n / total * math.log2(n / total) for n in Counter(value).values())


def _has_sequence(value: str) -> bool:
    run = 1
    for before, after in itertools.pairwise(value):
        ordered = before.isalnum() and after.isalnum() and ord(after) == ord(before) + 1
        run = run + 1 if ordered else 1
        if run >= _SEQUENCE_LENGTH:
            return True
    return False


def _looks_placeholder(value: str) -> bool:
    folded = value.lower()
    return (
        folded in _PLACEHOLDER_VALUES
        or any(word in folded for word in _PLACEHOLDER_WORDS)
        or _REFERENCE.search(value) is not None
        or _RUN.search(value) is not None
        or _has_sequence(folded)
    )


def plausible_token(value: str) -> bool:
    """Return True unless the token is a placeholder or carries under 3.0 bits per character."""
    folded = value.lower()
    if "example" in folded or "xxxx" in folded or _has_sequence(folded):
        return False
    return shannon_entropy(value) >= 3.0


def high_entropy(value: str) -> bool:
    """Return True for a literal of 8+ characters, 3.0+ bits each, 2+ classes, no placeholder."""
    if len(value) < 8 or shannon_entropy(value) < 3.0:
        return False
    if _ONLY_NAME_CHARS.fullmatch(value) or _WORD_AND_NUMBER.fullmatch(value):
        return False
    if _looks_placeholder(value) or _failed_checksum(value):
        return False
    classes = (
        any(char.islower() for char in value),
        any(char.isupper() for char in value),
        any(char.isdigit() for char in value),
        any(not char.isalnum() for char in value),
    )
    return sum(classes) >= 2


def random_mixed_case(value: str) -> bool:
    """Return True for upper case, lower case and digits at 4.2+ bits per character."""
    return (
        any(char.islower() for char in value)
        and any(char.isupper() for char in value)
        and any(char.isdigit() for char in value)
        and shannon_entropy(value) >= _RANDOM_BITS
        and not _looks_placeholder(value)
    )


def _base62_decode(text: str) -> int | None:
    number = 0
    for char in text:
        digit = _BASE62_VALUE.get(char)
        if digit is None:
            return None
        number = number * 62 + digit
    return number


def crc32_base62_checksum_valid(value: str) -> bool:
    """Return True when the last 6 characters are the base62 CRC32 of the 30 before them."""
    body = value.rpartition("_")[2]
    if len(body) != 36:
        return False
    return _base62_decode(body[-6:]) == zlib.crc32(body[:-6].encode("ascii"))


def grafana_token_checksum_valid(value: str) -> bool:
    """Return True when a glsa_ token ends in the hex CRC32 of what precedes it.

    Its bytes are taken in either order: the source this check was written from gives
    them little-endian, another writer's tokens big-endian, and Grafana's own generator
    could not be read again to settle it. Either way a random tail passes once in 2**31.
    """
    key, _, checksum = value.rpartition("_")
    crc = zlib.crc32(key.encode("ascii"))
    return key.startswith("glsa_") and checksum in {
        crc.to_bytes(4, "little").hex(),
        crc.to_bytes(4, "big").hex(),
    }


#: Provider formats that carry a checksum, and the check a real token of theirs passes.
_CHECKSUMMED = (
    (re.compile(r"(?:gh[pousr]|npm)_[A-Za-z0-9]{36}"), crc32_base62_checksum_valid),
    (re.compile(r"glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}"), grafana_token_checksum_valid),
)


def _failed_checksum(value: str) -> bool:
    """True when ``value`` has a checksummed provider format and fails its checksum:
    a mistyped or invented token (GitHub publishes its CRC32 so scanners reject these)."""
    return any(
        shape.fullmatch(value) is not None and not check(value) for shape, check in _CHECKSUMMED
    )


def _b64url_decode(text: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None


#: A version-2 binary macaroon: version 2, location field (type 1) with the index host.
_PYPI_LOCATIONS = (b"\x02\x01\x08pypi.org", b"\x02\x01\x0dtest.pypi.org")


def pypi_macaroon_valid(value: str) -> bool:
    """Return True when the token body decodes to a macaroon located at pypi.org.

    The rest of the macaroon (identifier, caveats, signature) is not parsed: a
    token cut short when pasted still holds the identifier and leaks the account,
    wherever it was cut (a body of 4n+1 characters ends with a character of which
    base64 keeps no whole byte: it is left out).
    """
    body = value.removeprefix("pypi-")
    raw = _b64url_decode(body[:-1] if len(body) % 4 == 1 else body)
    if raw is None or len(raw) < 64:
        return False
    return raw.startswith(_PYPI_LOCATIONS)


def discord_bot_token_valid(value: str) -> bool:
    """Return True when the token's first part decodes to a 17-20 digit user ID."""
    raw = _b64url_decode(value.partition(".")[0])
    return raw is not None and raw.isdigit() and 17 <= len(raw) <= 20 and plausible_token(value)


def jwt_valid(value: str) -> bool:
    """Return True when the first part decodes to a JSON object with a string "alg"."""
    raw = _b64url_decode(value.partition(".")[0])
    if raw is None:
        return False
    try:
        header = json.loads(raw)
    except (UnicodeDecodeError, ValueError):
        return False
    return isinstance(header, dict) and isinstance(header.get("alg"), str)


_PEM_LINE = re.compile(r"-----(?:BEGIN|END)[^-]*-----")
_ARMOR_HEADER = re.compile(r"^[A-Za-z][A-Za-z-]*:.*$", re.MULTILINE)
_NON_BASE64 = re.compile(r"[^A-Za-z0-9+/]")


def private_key_block_valid(value: str) -> bool:
    """Return True when the block holds 64+ base64 characters of key material at 4.0+ bits."""
    body = _PEM_LINE.sub("", value.replace("\\n", "\n").replace("\\r", ""))
    material = _NON_BASE64.sub("", _ARMOR_HEADER.sub("", body))
    return len(material) >= 64 and shannon_entropy(material) >= 4.0


#: A password given as a connection parameter: a query's (``?user=app&password=...``) or a
#: JDBC URL's ``;password=...`` (SQL Server's driver writes its properties so).
_PASSWORD_PARAMETER = re.compile(r"[?&;](?:password|pwd)=([^&;]*)", re.IGNORECASE)


def connection_string_has_password(value: str) -> bool:
    """Return True when the URI (a JDBC URL too) parses and carries a password, in its
    user information or as a parameter, that is no placeholder."""
    # A # written raw in the password (the pattern takes it only there) is no fragment.
    uri = value.removeprefix("jdbc:").replace("#", "%23")
    try:
        password = urlsplit(uri).password
    except ValueError:
        return False
    if not password:
        parameter = _PASSWORD_PARAMETER.search(uri)
        password = parameter.group(1) if parameter is not None else None
    if not password:
        return False
    password = unquote(password)
    return not _looks_placeholder(password) and shannon_entropy(password) > 1.0


#: The assignment operator ending the key of secret.password_assignment (an XML element's
#: ``>`` too: no key holds one; a comma after a quoted key, as PHP's define() writes it).
_ASSIGNMENT = re.compile(r"[\"']?[ \t]*(?:=>|:=|=|:|>)[ \t]*|[\"'][ \t]*,[ \t]*")


def password_assignment_valid(value: str) -> bool:
    """Return True when the literal assigned in the match passes :func:`high_entropy`."""
    operator = _ASSIGNMENT.search(value)
    if operator is None:
        return False
    literal = value[operator.end() :]
    if len(literal) >= 2 and literal[0] in "\"'`" and literal[-1] == literal[0]:
        literal = literal[1:-1]
    # A published example is no secret assigned either (STRIPE_API_KEY="sk_test_4eC3..."; a
    # match may end before the closing quote).
    return literal.strip("\"'`") not in PUBLISHED_EXAMPLES and high_entropy(literal)


def _quoted_literal_valid(literal: str) -> bool:
    """True when ``literal``, its surrounding quotes stripped, is no published example and
    passes :func:`high_entropy`."""
    if len(literal) >= 2 and literal[0] in "\"'" and literal[-1] == literal[0]:
        literal = literal[1:-1]
    return literal not in PUBLISHED_EXAMPLES and high_entropy(literal)


def sql_password_valid(value: str) -> bool:
    """Return True when the literal an SQL statement sets as a password (its last word, its
    quotes stripped) passes :func:`high_entropy`."""
    return _quoted_literal_valid(value.rsplit(maxsplit=1)[-1])


def command_line_password_valid(value: str) -> bool:
    """Return True when the password a command line passes (a MySQL client's -p'literal'
    or -pliteral, sshpass's -p literal, ConvertTo-SecureString's 'literal' -AsPlainText),
    its quotes stripped, passes :func:`high_entropy`."""
    words = value.split()
    if words and words[-1].lower() == "-asplaintext":
        words.pop()
    if not words:
        return False
    literal = words[-1]
    if words[0].lower() != "sshpass" and literal.startswith("-p"):
        literal = literal[2:]  # the MySQL clients' password is glued to its option
    return _quoted_literal_valid(literal)


def _unpublished(check: Callable[[str], bool]) -> Callable[[str], bool]:
    """Return ``check`` refusing the published examples (:data:`PUBLISHED_EXAMPLES`) too."""

    @functools.wraps(check)
    def checked(value: str) -> bool:
        return value not in PUBLISHED_EXAMPLES and check(value)

    return checked


#: The named checks of the secret detectors (``type: checked``, ``check: <name>``); none
#: takes a published example.
CHECKS = {
    function.__name__: _unpublished(function)
    for function in (
        command_line_password_valid,
        connection_string_has_password,
        crc32_base62_checksum_valid,
        discord_bot_token_valid,
        grafana_token_checksum_valid,
        high_entropy,
        jwt_valid,
        password_assignment_valid,
        plausible_token,
        private_key_block_valid,
        pypi_macaroon_valid,
        random_mixed_case,
        sql_password_valid,
    )
}
