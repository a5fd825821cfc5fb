"""Structured secrets: PEM private-key blocks, JSON Web Tokens, connection strings with a
password, and high-entropy ``password=`` / ``secret:`` assignments; plus every provider format
of ``secrets_tokens`` as one ``SECRET`` spec each.

PEM blocks are real keys drawn from the seed (RFC 7468 text encoding of PKCS#1,
SEC 1 and PKCS#8 keys via pycryptodome; the OpenSSH format written by hand from
OpenSSH's PROTOCOL.key since no library writes it from a seed). JWTs follow
RFC 7519: base64url JSON header and claims, and an HMAC-SHA256 signature (or a
signature-sized random tail for RS256/ES256). Connection strings follow each
driver's URI syntax (RFC 3986 userinfo; libpq, MongoDB, Redis, AMQP, JDBC,
ADO.NET key=value). For those and for assignments the ground truth is the
password or secret value itself: that is what must not leak.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import json
import math
import random
import string
import struct
from collections import Counter

from Crypto.PublicKey import ECC, RSA

from .build import chars, digits
from .model import Spec
from .secrets_tokens import PROVIDERS, TOKEN_SENTENCES, crc_token_valid

# --- PEM private keys ------------------------------------------------------------------------


def _ssh_string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def _openssh_ed25519(rng: random.Random) -> str:
    # PROTOCOL.key: "openssh-key-v1\0", cipher/kdf "none", one public key, the private section
    # (two equal check integers, key type, public key, 64-byte private key, comment, padding).
    key = ECC.construct(curve="ed25519", seed=rng.randbytes(32))
    public = key.public_key().export_key(format="raw")
    seed = key.seed
    public_blob = _ssh_string(b"ssh-ed25519") + _ssh_string(public)
    check = rng.randbytes(4)
    private = (
        check
        + check
        + _ssh_string(b"ssh-ed25519")
        + _ssh_string(public)
        + _ssh_string(seed + public)
        + _ssh_string(f"{chars(rng, string.ascii_lowercase, 6)}@laptop".encode())
    )
    private += bytes(range(1, 1 + (-len(private)) % 8))
    body = (
        b"openssh-key-v1\0"
        + _ssh_string(b"none")
        + _ssh_string(b"none")
        + _ssh_string(b"")
        + struct.pack(">I", 1)
        + _ssh_string(public_blob)
        + _ssh_string(private)
    )
    encoded = base64.b64encode(body).decode()
    lines = [encoded[i : i + 70] for i in range(0, len(encoded), 70)]
    return (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + "\n".join(lines)
        + "\n-----END OPENSSH PRIVATE KEY-----"
    )


# RSA generation from a seed takes from 0.05 to 2 seconds; the corpus draws from a pool of
# keys whose fixed seeds happen to generate quickly (same keys every run, whatever the seed).
_RSA_SEEDS = ((1024, 24), (1024, 55), (2048, 20), (2048, 36))


@functools.cache
def _rsa_key(index: int) -> RSA.RsaKey:
    bits, label = _RSA_SEEDS[index % len(_RSA_SEEDS)]
    return RSA.generate(bits, randfunc=random.Random(f"rsa-{bits}-{label}").randbytes)


def pem_private_key(rng: random.Random) -> str:
    """A real private key block of one of the common kinds, drawn from ``rng``."""
    kind = rng.random()
    if kind < 0.3:
        return _rsa_key(rng.randrange(8)).export_key(format="PEM", pkcs=1).decode()
    if kind < 0.45:
        return _rsa_key(rng.randrange(8)).export_key(format="PEM", pkcs=8).decode()
    if kind < 0.75:
        curve = rng.choice(("P-256", "P-384"))
        order = ECC._curves[curve].order  # the curve order bounds the private scalar
        ec_key = ECC.construct(curve=curve, d=rng.randrange(1, int(order)))
        return ec_key.export_key(format="PEM", use_pkcs8=rng.random() < 0.4)
    return _openssh_ed25519(rng)


def pem_json_escaped(rng: random.Random) -> str:
    """A PEM block as a JSON string holds it (service-account files): newlines as \\n."""
    return pem_private_key(rng).replace("\n", "\\n")


_PEM_SENTENCES = (
    "Here is the deploy key, please add it to the runner:\n{v}\nThanks!",
    "I accidentally committed this:\n\n{v}\n\nCan we rotate it today?",
    "cat ~/.ssh/id_key\n{v}",
)
_PEM_JSON_SENTENCES = (
    '{{"type": "service_account", "project_id": "billing-prod", '
    '"private_key": "{v}\\n", "client_id": "1043"}}',
)

# --- JSON Web Tokens -------------------------------------------------------------------------


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def jwt(rng: random.Random) -> str:
    """A JWT with a real JSON header and claims and a signature of the right size."""
    alg = rng.choice(("HS256", "HS256", "RS256", "ES256"))
    header: dict[str, str] = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        header["kid"] = chars(rng, string.ascii_letters + string.digits, 16)
    issued = 1_700_000_000 + rng.randint(0, 40_000_000)
    claims = {
        "sub": digits(rng, 10),
        "name": rng.choice(("Jane Roe", "Max Mustermann", "Ana Silva", "Kenji Sato")),
        "iat": issued,
        "exp": issued + rng.choice((900, 3600, 86400)),
        "iss": rng.choice(("https://auth.acme-corp.com", "accounts.northwind.io")),
        "scope": rng.choice(("read:orders write:orders", "admin", "profile email")),
    }
    signing_input = (
        _b64url(json.dumps(header, separators=(",", ":")).encode())
        + "."
        + _b64url(json.dumps(claims, separators=(",", ":")).encode())
    )
    if alg == "HS256":
        signature = hmac.new(rng.randbytes(32), signing_input.encode(), hashlib.sha256).digest()
    else:
        signature = rng.randbytes(256 if alg == "RS256" else 64)
    return signing_input + "." + _b64url(signature)


_JWT_SENTENCES = (
    "Authorization: Bearer {v}",
    "The session cookie was token={v}; path=/",
    "curl -H 'Authorization: Bearer {v}' https://api.acme-corp.com/v1/orders",
    "Paste this into the debugger: {v}",
)

# --- passwords: connection strings and assignments ------------------------------------------

_URL_SAFE_SYMBOLS = "-_.~"
_ASSIGNMENT_SYMBOLS = "!#%^*-_+=.~"


def shannon_entropy(text: str) -> float:
    """Bits per character of ``text``'s own character distribution."""
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def high_entropy_secret(rng: random.Random, symbols: str = _ASSIGNMENT_SYMBOLS) -> str:
    """A 16-40 character secret with letters of both cases, digits and symbols, >= 3.5 bits/char."""
    alphabet = string.ascii_letters + string.digits + symbols
    while True:
        value = chars(rng, alphabet, rng.randint(16, 40))
        classes = (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            any(c.isdigit() for c in value),
        )
        if all(classes) and shannon_entropy(value) >= 3.5 and value[0].isalnum():
            return value


def url_password(rng: random.Random) -> str:
    """A high-entropy password that needs no percent-encoding inside a URI's userinfo."""
    return high_entropy_secret(rng, _URL_SAFE_SYMBOLS)


_CONNECTION_SENTENCES = (
    "DATABASE_URL=postgres://{user}:{v}@{host}:5432/{db}",
    "postgresql://{user}:{v}@{host}/{db}?sslmode=require",
    "Connect with mysql://{user}:{v}@{host}:3306/{db} from the batch box.",
    "MONGO_URI=mongodb+srv://{user}:{v}@cluster0.{cluster}.mongodb.net/{db}?retryWrites=true&w=majority",
    "REDIS_URL=redis://default:{v}@{host}:6379/0",
    "broker_url = amqp://{user}:{v}@{host}:5672/%2F",
    'ConnectionStrings__Main="Server={host};Database={db};User Id={user};Password={v};"',
    "jdbc:postgresql://{host}:5432/{db}?user={user}&password={v}",
)
_ASSIGNMENT_SENTENCES = (
    "password={v}",
    "DB_PASSWORD={v}",
    'password: "{v}"',
    "secret: {v}",
    '{{"client_secret": "{v}", "grant_type": "client_credentials"}}',
    "SECRET_KEY = '{v}'",
    "spring.datasource.password={v}",
    "MYSQL_ROOT_PASSWORD={v} docker compose up -d",
    "api_secret: {v}",
    "<password>{v}</password>",
)


def specs() -> list[Spec]:
    """Every SECRET spec: one per provider format, and the structured kinds."""
    result = [
        Spec(
            "SECRET",
            f"secret.{provider}",
            "en",
            make,
            TOKEN_SENTENCES,
            check=crc_token_valid
            if provider.startswith(("github_", "npm_")) and provider != "github_fine_grained_pat"
            else None,
            source="provider token format",
        )
        for provider, make in PROVIDERS.items()
    ]
    result += [
        Spec(
            "SECRET",
            "secret.private_key",
            "en",
            pem_private_key,
            _PEM_SENTENCES,
            check=lambda v: v.startswith("-----BEGIN") and v.endswith("-----"),
            source="RFC 7468, PKCS#1, SEC 1, PKCS#8, OpenSSH PROTOCOL.key",
        ),
        Spec(
            "SECRET",
            "secret.private_key.json",
            "en",
            pem_json_escaped,
            _PEM_JSON_SENTENCES,
            check=lambda v: v.startswith("-----BEGIN"),
            source="RFC 7468",
        ),
        Spec(
            "SECRET",
            "secret.jwt",
            "en",
            jwt,
            _JWT_SENTENCES,
            check=lambda v: v.count(".") == 2,
            source="RFC 7519",
        ),
        Spec(
            "SECRET",
            "secret.connection_string",
            "en",
            url_password,
            _CONNECTION_SENTENCES,
            check=lambda v: shannon_entropy(v) >= 3.5,
            source="RFC 3986 userinfo, driver URIs",
            plain=False,
            standalone=False,
        ),
        Spec(
            "SECRET",
            "secret.password_assignment",
            "en",
            high_entropy_secret,
            _ASSIGNMENT_SENTENCES,
            check=lambda v: shannon_entropy(v) >= 3.5,
            source="high-entropy assignment",
            plain=False,
            standalone=False,
        ),
    ]
    return result


# Fillers for the {user}, {host}, {db}, {cluster} slots of connection strings.
SLOTS: dict[str, tuple[str, ...]] = {
    "user": ("app", "svc_billing", "reporting", "admin", "etl", "orders_rw"),
    "host": (
        "db.internal",
        "pg-prod-1.acme-corp.com",
        "mysql.northwind.io",
        "cache.local",
        "rabbit.internal",
        "sql-eu.acme-corp.com",
    ),
    "db": ("orders", "billing", "analytics", "app_prod", "crm"),
    "cluster": ("ab12c", "x9k2p", "mq71z", "r4t8u"),
}
