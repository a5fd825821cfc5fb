"""The checks secret rules name as their validator, each with the values it must refuse."""

from __future__ import annotations

import base64
import json
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine_plugins.catalogue.checks import secrets as checks

from .secret_examples import (
    B62,
    B64,
    HEX,
    b64url,
    crc32_base62,
    discord_bot,
    grafana_service_account,
    jwt,
    pem,
    pypi_token,
)


def _token(alphabet: str, count: int, seed: int = 1) -> str:
    rng = Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(count))


@pytest.mark.parametrize(
    ("value", "bits"), [("", 0.0), ("aaaa", 0.0), ("ab", 1.0), ("abcd", 2.0), ("aabb", 1.0)]
)
def test_shannon_entropy_in_bits_per_character(value: str, bits: float) -> None:
    """Entropy is -sum p log2 p over the value's characters."""
    assert checks.shannon_entropy(value) == pytest.approx(bits)


def test_high_entropy_takes_a_random_password() -> None:
    """Eight or more characters, 3.0+ bits each, two classes at least."""
    assert checks.high_entropy("Xy7#pQ9!zW4kLm2v")
    assert checks.high_entropy("k3Jd9xQ2")
    assert checks.high_entropy("Secret123!")  # weak, but a real password


@pytest.mark.parametrize(
    "value",
    [
        "Ab1!x",  # too short
        "aaaaaaaaaaaaaaaa",  # one character
        "abababab12",  # under 3.0 bits per character
        "settings.API_KEY",  # a dotted reference: letters, '.', '_' only
        "DB_PASSWORD_FILE",
        "${DB_PASSWORD}",
        "{{ vault_password }}",
        "<your-api-token>",
        "%(db_password)s",
        "changeme123!",
        "ExamplePassw0rd",
        "8473920165",  # digits only: one class
        "Qw9xxxxxxxxxxZ1",  # a run of one character
        "abcdefghij9Z",  # a straight sequence
    ],
)
def test_high_entropy_refuses_references_placeholders_and_weak_literals(value: str) -> None:
    """Variables, templates, placeholders and low-entropy literals are not secrets."""
    assert not checks.high_entropy(value)


def test_plausible_token_takes_random_tokens() -> None:
    """A random token of its alphabet passes."""
    assert checks.plausible_token("AKIA" + _token("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16))
    assert checks.plausible_token("pul-" + _token(HEX, 40))


@pytest.mark.parametrize(
    "value",
    [
        "AKIAIOSFODNN7EXAMPLE",  # AWS's documented example
        "ghp_" + "x" * 36,
        "ghp_" + "X" * 36,
        "glpat-abcdefghijklmnopqrst",
        "sk_live_0123456789abcdefghijkl",
        "dapi" + "ab" * 16,  # two characters: 1 bit per character
    ],
)
def test_plausible_token_refuses_placeholders(value: str) -> None:
    """Documented examples, runs, sequences and low-entropy fillers are refused."""
    assert not checks.plausible_token(value)


def test_random_mixed_case_takes_a_random_base64_key() -> None:
    """Upper case, lower case and digits at 4.0+ bits per character."""
    assert checks.random_mixed_case(_token(B64, 40))


@pytest.mark.parametrize(
    "value",
    [
        _token(HEX, 40),  # a SHA-1 digest: no upper case
        _token(HEX.upper(), 40),  # no lower case
        "ThisIsAnOrdinaryCamelCaseIdentifierName1",  # under 4.0 bits
        "A" * 20 + "a" * 19 + "1",
    ],
)
def test_random_mixed_case_refuses_digests_and_words(value: str) -> None:
    """Hex digests and words are not taken for context-only secrets."""
    assert not checks.random_mixed_case(value)


@given(seed=st.integers(0, 2**32))
def test_crc32_base62_checksum_takes_every_well_formed_token(seed: int) -> None:
    """Any 30 base62 characters with their CRC32 in base62 pass, for GitHub and npm alike."""
    for prefix in ("ghp_", "gho_", "npm_"):
        assert checks.crc32_base62_checksum_valid(crc32_base62(prefix)(Random(seed)))


def test_crc32_base62_checksum_refuses_altered_tokens() -> None:
    """A changed character, a wrong length or a non-base62 checksum fails."""
    token = crc32_base62("ghp_")(Random(1))
    altered = token[:10] + ("A" if token[10] != "A" else "B") + token[11:]
    assert not checks.crc32_base62_checksum_valid(altered)
    assert not checks.crc32_base62_checksum_valid(token[:-1])
    assert not checks.crc32_base62_checksum_valid(token[:-1] + "-")
    assert not checks.crc32_base62_checksum_valid("ghp_" + "x" * 36)


def test_grafana_checksum() -> None:
    """glsa_ tokens end in the little-endian hex CRC32 of the rest; changes fail."""
    token = grafana_service_account(Random(2))
    assert checks.grafana_token_checksum_valid(token)
    assert not checks.grafana_token_checksum_valid(token[:-1] + ("0" if token[-1] != "0" else "1"))
    assert not checks.grafana_token_checksum_valid("glsb" + token[4:])
    assert not checks.grafana_token_checksum_valid(token.replace("_", "-", 1))
    # The CRC32's bytes in the other order are taken too (see the check's docstring).
    key, _, tail = token.rpartition("_")
    assert checks.grafana_token_checksum_valid(f"{key}_{bytes.fromhex(tail)[::-1].hex()}")


@pytest.mark.parametrize("location", [b"pypi.org", b"test.pypi.org"])
def test_pypi_macaroon_takes_both_indexes(location: bytes) -> None:
    """A version-2 macaroon located at pypi.org or test.pypi.org."""
    assert checks.pypi_macaroon_valid(pypi_token(location)(Random(3)))


def test_pypi_macaroon_refuses_malformed_bodies() -> None:
    """Not base64, another location, or too short; a body cut short still leaks."""
    good = pypi_token(b"pypi.org")(Random(3))
    raw = base64.urlsafe_b64decode(good[5:] + "=" * (-len(good[5:]) % 4))
    assert not checks.pypi_macaroon_valid("pypi-AgEIcHlwaS5vcmc!!!")
    assert not checks.pypi_macaroon_valid("pypi-" + b64url(raw.replace(b"pypi.org", b"pypi.com")))
    assert checks.pypi_macaroon_valid("pypi-" + b64url(raw[:-1]))  # no signature last
    body = b64url(raw)
    cut = body[: len(body) - (len(body) - 1) % 4]  # ends with a character of 6 bits
    assert len(cut) % 4 == 1
    assert checks.pypi_macaroon_valid("pypi-" + cut)
    assert not checks.pypi_macaroon_valid("pypi-" + b64url(raw[:40]))
    assert not checks.pypi_macaroon_valid("pypi-A")


def test_discord_bot_token_first_part_is_a_user_id() -> None:
    """The first part decodes to the bot's 17-20 digit user ID."""
    assert checks.discord_bot_token_valid(discord_bot(38)(Random(4)))
    tail = ".AbCdEf." + _token(B62, 30)
    assert not checks.discord_bot_token_valid(b64url(b"12345678901234567a") + tail)
    assert not checks.discord_bot_token_valid(b64url(b"1234567890") + tail)
    assert not checks.discord_bot_token_valid("M!!!" + tail)


@pytest.mark.parametrize("make", [jwt("HS256", 32), jwt("RS256", 256), jwt("none", 0)])
def test_jwt_header_names_its_algorithm(make: object) -> None:
    """A header that decodes to a JSON object with a string alg passes."""
    assert callable(make)
    assert checks.jwt_valid(make(Random(5)))


@pytest.mark.parametrize(
    "header",
    [
        b64url(b"not json"),
        b64url(json.dumps({"typ": "JWT"}).encode()),  # no alg
        b64url(json.dumps(["alg"]).encode()),  # not an object
        b64url(json.dumps({"alg": 256}).encode()),  # alg not a string
        b64url(b"\xff\xfe{"),  # not UTF-8
        "eyJ!",  # not base64
    ],
)
def test_jwt_refuses_headers_without_alg(header: str) -> None:
    """Headers that are not JSON objects naming an alg are refused."""
    assert not checks.jwt_valid(f"{header}.eyJzdWIiOiIxIn0.c2ln")


@pytest.mark.parametrize(
    "kind", ["RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "PGP PRIVATE KEY BLOCK"]
)
def test_private_key_block_with_key_material(kind: str) -> None:
    """A block holding random base64 passes, raw or JSON-escaped."""
    block = pem(kind, 600)(Random(6))
    assert checks.private_key_block_valid(block)
    assert checks.private_key_block_valid(json.dumps(block)[1:-1])


@pytest.mark.parametrize(
    "block",
    [
        "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----",
        "-----BEGIN PRIVATE KEY-----\n<your key here>\n-----END PRIVATE KEY-----",
        "-----BEGIN RSA PRIVATE KEY-----\n" + "A" * 200 + "\n-----END RSA PRIVATE KEY-----",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----",
    ],
)
def test_private_key_block_without_key_material(block: str) -> None:
    """Placeholders, fillers and cut-off stubs are not keys."""
    assert not checks.private_key_block_valid(block)


@pytest.mark.parametrize(
    "uri",
    [
        "postgresql://app:Q7vM2xK9pL4w@db.internal:5432",
        "redis://:Zr8Kq2Lm5Xw1@cache.local:6379",
        "mongodb+srv://admin:p%40ss-W0rd-9Kq@cluster0.mongodb.net",
        "amqps://rabbit:T4x:colon9Q@mq.example.org",
    ],
)
def test_connection_string_with_a_password(uri: str) -> None:
    """A URI whose userinfo carries a real-looking password passes."""
    assert checks.connection_string_has_password(uri)


@pytest.mark.parametrize(
    "uri",
    [
        "postgresql://app@db.internal:5432",
        "postgresql://app:@db.internal",
        "postgresql://app:password@db.internal",
        "postgresql://app:SECRET@db.internal",
        "postgresql://app:${DB_PASSWORD}@db.internal",
        "postgresql://app:%24%7BDB_PASSWORD%7D@db.internal",
        "mysql://root:****@localhost",
        "mysql://root:<password>@localhost",
        "redis://:xxxxxxxx@cache",
        "postgresql://app:Q7vM2xK9@[::1",  # unparsable host
    ],
)
def test_connection_string_without_a_real_password(uri: str) -> None:
    """No password, an empty one, a placeholder or an unparsable URI is refused."""
    assert not checks.connection_string_has_password(uri)


@pytest.mark.parametrize(
    "text",
    [
        'password = "Xy7#pQ9!zW4kLm2v"',
        "token: Xy7#pQ9!zW4kLm2v",
        "api_key=`Xy7#pQ9!zW4kLm2v`",
        "'secret' => 'Xy7#pQ9!zW4kLm2v'",
        "Password>Xy7#pQ9!zW4kLm2v",  # an XML element's content
    ],
)
def test_password_assignment_judges_the_assigned_literal(text: str) -> None:
    """The literal after the operator, unquoted, must pass high_entropy."""
    assert checks.password_assignment_valid(text)


@pytest.mark.parametrize(
    "text", ["password", 'password = "changeme"', "token: aaaaaaaaaaaa", "secret='short'"]
)
def test_password_assignment_refuses_weak_or_missing_literals(text: str) -> None:
    """No operator, or a weak literal, is refused."""
    assert not checks.password_assignment_valid(text)


def test_an_assigned_token_failing_its_providers_checksum_is_no_secret() -> None:
    """GitHub and npm tokens carry a CRC32 so scanners can reject invented ones: the
    assignment fallback rejects them too, and takes the real ones."""
    token = crc32_base62("ghp_")(Random(5))
    wrong = token[:-1] + ("A" if token[-1] != "A" else "B")
    assert checks.password_assignment_valid(f"GITHUB_TOKEN={token}")
    assert not checks.password_assignment_valid(f"GITHUB_TOKEN={wrong}")
    npm = crc32_base62("npm_")(Random(6))
    assert not checks.password_assignment_valid(f"NPM_TOKEN={npm[:-2]}zz")


@pytest.mark.parametrize(
    "value", ["password123", "welcome1", "admin2024", "sk-ant-api03-...", "sk-…"]
)
def test_a_word_and_a_number_or_a_cut_value_is_no_secret(value: str) -> None:
    """The first guesses of any attacker, and values cut short in documentation."""
    assert not checks.high_entropy(value)


@pytest.mark.parametrize("value", sorted(checks.PUBLISHED_EXAMPLES))
def test_published_documentation_examples_are_no_secret(value: str) -> None:
    """jwt.io's sample token, Stripe's documented test keys and GitHub's documented token
    pass no secret check, nor as the literal of an assignment."""
    assert not any(check(value) for check in checks.CHECKS.values())
    for assignment in (
        f'STRIPE_API_KEY="{value}"',
        f"github_token='{value}'",
        f"githubToken='{value}",  # a match may end before the closing quote
        f"token: {value}",
    ):
        assert not checks.CHECKS["password_assignment_valid"](assignment)


def test_a_real_looking_stripe_key_still_counts() -> None:
    assert checks.CHECKS["plausible_token"]("sk_test_" + _token(B62, 24, seed=7))


@pytest.mark.parametrize("value", ["hunter2-not-real", "Fake-Passw0rd!", "SamplePass#2024"])
def test_passwords_marked_as_stand_ins_are_no_secret(value: str) -> None:
    assert not checks.high_entropy(value)
