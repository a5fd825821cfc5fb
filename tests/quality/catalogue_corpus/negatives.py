"""Hard negatives: text that looks like a catalogue value and is not one.

Kinds, and what each is for:

- ``invalid.<CATEGORY>``: a value of the category with a wrong check digit, a
  barred prefix or letter, or the wrong length, in its own context sentence
  (the checksum must be applied, context alone is not enough).
- ``no_context.<CATEGORY>``: a valid value of a category that requires context,
  in a sentence without any context word (a bare 9- or 11-digit number must not
  be flagged; ``context_required`` must hold).
- ``order``, ``invoice``, ``tracking``, ``isbn``, ``price``, ``timestamp``,
  ``date``, ``uuid``, ``hash``, ``git_sha``, ``version``, ``build``, ``oid``,
  ``eth_tx``, ``base64``, ``public_key``, ``certificate``: everyday numbers and
  identifiers that share digits, lengths or alphabets with catalogue values.
- ``placeholder_token``: documentation placeholders in a provider's token shape
  (``ghp_`` and 36 ``X``, AWS's own ``AKIAIOSFODNN7EXAMPLE``) and ``crc.github``:
  a ``ghp_`` token whose CRC32 tail is wrong (GitHub publishes the checksum so
  that scanners can reject such strings).
- ``low_entropy_assignment``: ``password=changeme``, ``secret: ${SECRET}``,
  ``********``: the design asks for high-entropy values only, so examples,
  placeholders and variable references are not secrets.
- ``no_password_url``: connection strings without a password.
- ``not_address``: a number and a street suffix with words between them that
  are not a street name ("4 of us met at the Plaza").
- ``not_birth_date``: an impossible calendar date next to a birth word.

Every negative is checked against every checksum-validated category (it must
validate for none); a bare run of digits (no ``+``, no grouping) is not treated
as a phone number.
"""

from __future__ import annotations

import base64
import hashlib
import random
import string
import uuid
from collections.abc import Callable

from Crypto.PublicKey import ECC

from .build import chars, digits
from .model import Spec
from .secrets_tokens import BASE62, crc_token
from .values_us import NOT_ADDRESSES

Negative = tuple[str, str, str, str]  # (template with {n}, value, kind, imitated category or "")


def _t(lang: str, table: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    return table.get(lang) or table.get(lang.split("_")[0]) or table["en"]


_ORDER = {
    "en": ("Your order {n} has shipped.", "Order #{n} was cancelled at your request."),
    "de": ("Ihre Bestellung {n} wurde versandt.", "Bestellnummer: {n}"),
    "fr": ("Votre commande {n} a été expédiée.", "Commande n° {n}"),
    "es": ("Su pedido {n} ha sido enviado.", "Pedido n.º {n}"),
    "it": ("Il tuo ordine {n} è stato spedito.",),
    "pt": ("A sua encomenda {n} foi enviada.",),
    "nl": ("Uw bestelling {n} is verzonden.",),
}
_INVOICE = {
    "en": ("Invoice {n} is attached.", "Please pay invoice {n} within 30 days."),
    "de": ("Anbei die Rechnung {n}.", "Rechnungsnummer {n}"),
    "fr": ("Veuillez trouver la facture {n} ci-jointe.",),
    "es": ("Adjunto la factura {n}.",),
    "it": ("In allegato la fattura {n}.",),
}
_TRACKING = {
    "en": ("Tracking: {n}", "The parcel {n} is out for delivery."),
    "de": ("Sendungsverfolgung: {n}",),
    "fr": ("Suivi du colis : {n}",),
}
_GENERIC = {
    "en": ("Reference {n} in the ticket.", "See {n} in the changelog.", "Build artefact: {n}"),
    "de": ("Siehe {n} im Ticket.",),
    "fr": ("Voir {n} dans le ticket.",),
}
_PRICE = {
    "en": ("The total comes to {n}.", "It costs {n} including tax."),
    "de": ("Der Gesamtbetrag beträgt {n}.",),
    "fr": ("Le total s'élève à {n}.",),
    "es": ("El total es de {n}.",),
}
_DATE = {
    "en": ("The meeting is on {n}.", "Payment due {n}.", "Last login: {n}"),
    "de": ("Der Termin ist am {n}.", "Zahlbar bis {n}."),
    "fr": ("La réunion est prévue le {n}.",),
    "es": ("La reunión es el {n}.",),
}


def _order(rng: random.Random) -> str:
    return rng.choice(
        (
            f"A{digits(rng, 7)}",
            f"{rng.randint(2019, 2025)}-{digits(rng, 6)}",
            f"#{digits(rng, 6)}",
            f"ORD-{digits(rng, 8)}",
            f"{chars(rng, string.ascii_uppercase, 2)}{digits(rng, 6)}",
            digits(rng, 8, "123456789"),
        )
    )


def _invoice(rng: random.Random) -> str:
    return rng.choice(
        (
            f"INV-{rng.randint(2019, 2025)}-{digits(rng, 6)}",
            f"RE-{rng.randint(2019, 2025)}-{digits(rng, 4)}",
            f"F{rng.randint(2019, 2025)}-{digits(rng, 5)}",
            f"{rng.randint(2019, 2025)}/{digits(rng, 4)}",
        )
    )


def _ups(rng: random.Random) -> str:
    # UPS 1Z numbers: shipper account, service code, package digits, check digit.
    body = (
        "1Z"
        + chars(rng, string.ascii_uppercase + string.digits, 6)
        + digits(rng, 2)
        + digits(rng, 7)
    )
    values = [int(c) if c.isdigit() else (ord(c) - 63) % 10 for c in body[2:]]
    total = sum(v * (2 if i % 2 else 1) for i, v in enumerate(values))
    return body + str((10 - total % 10) % 10)


def _tracking(rng: random.Random) -> str:
    return rng.choice(
        (
            _ups(rng),
            "9400 1" + " ".join(digits(rng, 4) for _ in range(4)) + " " + digits(rng, 2),
            f"JJD{digits(rng, 18)}",
        )
    )


def _isbn(rng: random.Random) -> str:
    body = "978" + digits(rng, 9)
    check = (10 - sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(body)) % 10) % 10
    value = body + str(check)
    return f"ISBN {value[:3]}-{value[3]}-{value[4:8]}-{value[8:12]}-{value[12]}"


def _price(rng: random.Random) -> str:
    amount = rng.randint(3, 250_000) + rng.randint(0, 99) / 100
    return rng.choice(
        (
            f"${amount:,.2f}",
            f"€{amount:,.2f}".replace(",", "X").replace(".", ",").replace("X", "."),
            f"{amount:,.2f} EUR",
            f"£{amount:,.2f}",
            f"CHF {int(amount):,}".replace(",", "'") + ".–",
        )
    )


def _timestamp(rng: random.Random) -> str:
    year, month, day = rng.randint(2015, 2025), rng.randint(1, 12), rng.randint(1, 28)
    hour, minute, second = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
    return rng.choice(
        (
            f"{year}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}Z",
            f"{year}-{month:02d}-{day:02d} {hour:02d}:{minute:02d}:{second:02d}",
            f"{day:02d}.{month:02d}.{year} {hour:02d}:{minute:02d}",
        )
    )


def _date(rng: random.Random) -> str:
    year, month, day = rng.randint(2015, 2026), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        (
            f"{year}-{month:02d}-{day:02d}",
            f"{day:02d}.{month:02d}.{year}",
            f"{month:02d}/{day:02d}/{year}",
        )
    )


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _hash(rng: random.Random) -> str:
    data = rng.randbytes(32)
    algorithm = rng.choice(("md5", "sha1", "sha256"))
    return (
        f"{algorithm}:{hashlib.new(algorithm, data).hexdigest()}"
        if rng.random() < 0.4
        else hashlib.new(algorithm, data).hexdigest()
    )


def _git_sha(rng: random.Random) -> str:
    sha = rng.randbytes(20).hex()
    return rng.choice((f"commit {sha}", f"fixed in {sha[:7]}", f"{sha[:12]}"))


def _version(rng: random.Random) -> str:
    major, minor, patch = rng.randint(0, 12), rng.randint(0, 40), rng.randint(0, 99)
    return rng.choice(
        (
            f"v{major}.{minor}.{patch}",
            f"{major}.{minor}.{patch}-rc.{rng.randint(1, 5)}",
            f"version {major}.{minor}.{patch}",
        )
    )


def _build(rng: random.Random) -> str:
    return rng.choice(
        (
            f"10.0.{rng.randint(19041, 26100)}.{rng.randint(300, 5000)}",
            f"1.3.6.1.4.1.{rng.randint(300, 60000)}.{rng.randint(1, 9)}",
        )
    )


def _eth_tx(rng: random.Random) -> str:
    return "0x" + rng.randbytes(32).hex()


def _base64_blob(rng: random.Random) -> str:
    text = rng.choice(
        (
            b"The quick brown fox jumps over the lazy dog while the meeting runs late.",
            b'{"page": 3, "per_page": 50, "sort": "created_at", "filter": "open"}',
            b"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod.",
        )
    )
    if rng.random() < 0.4:
        return (
            "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA"
            + base64.b64encode(rng.randbytes(45)).decode()
        )
    return base64.b64encode(text).decode()


def _public_key(rng: random.Random) -> str:
    key = ECC.construct(curve="P-256", d=rng.randrange(1, 2**255))
    return str(key.public_key().export_key(format="PEM"))


def _certificate(rng: random.Random) -> str:
    body = base64.b64encode(b"0\x82\x03" + rng.randbytes(300)).decode()
    return (
        "-----BEGIN CERTIFICATE-----\n"
        + "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
        + "\n-----END CERTIFICATE-----"
    )


_PLACEHOLDERS = (
    "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
    "AKIAXXXXXXXXXXXXXXXX",
    "AKIAIOSFODNN7EXAMPLE",
    "xoxb-your-bot-token-here",
    "sk-...",
    "sk-ant-api03-...",
    "glpat-xxxxxxxxxxxxxxxxxxxx",
    "AIzaSyXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "<YOUR_API_KEY>",
    "npm_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
)
_PLACEHOLDER_SENTENCES = (
    "export GITHUB_TOKEN={n}  # replace with your own",
    "Set the key in .env, e.g. API_KEY={n}",
    "In the docs the example value is {n}.",
)


def _bad_crc_github(rng: random.Random) -> str:
    token = crc_token("ghp_", rng)
    last = BASE62[(BASE62.index(token[-1]) + rng.randint(1, 61)) % 62]
    return token[:-1] + last


_LOW_ENTROPY = (
    ("password={n}", "changeme"),
    ("password={n}", "password123"),
    ("DB_PASSWORD={n}", "${DB_PASSWORD}"),
    ("secret: {n}", "{{ vault_secret }}"),
    ('password: "{n}"', "********"),
    ("password={n}", "<your-password>"),
    ("SECRET_KEY = {n}", "os.environ['SECRET_KEY']"),
    ("secret: {n}", "xxxxxxxxxxxxxxxx"),
    ("password={n}", "admin"),
    ("api_secret: {n}", "REPLACE_ME"),
    ("password = {n}", "hunter2"),
    ("client_secret={n}", "%CLIENT_SECRET%"),
)
_NO_PASSWORD_URLS = (
    "postgres://localhost:5432/app",
    "postgresql://reporting@db.internal/analytics",
    "mongodb://mongo.internal:27017/orders",
    "redis://cache.local:6379/0",
    "mysql://root@localhost/test",
    "https://docs.acme-corp.com/setup#database-url",
)
_NOT_BIRTH = {
    "en": ("Date of birth: {n}", "She was born on {n}."),
    "de": ("Geburtsdatum: {n}",),
    "fr": ("Date de naissance : {n}",),
}


def _impossible_date(rng: random.Random, lang: str) -> str:
    day, month = rng.choice(((31, 2), (30, 2), (31, 4), (31, 6), (31, 9), (31, 11)))
    year = rng.randint(1940, 2000)
    if lang == "en":
        return f"{month:02d}/{day:02d}/{year}"
    return f"{day:02d}.{month:02d}.{year}" if lang == "de" else f"{day:02d}/{month:02d}/{year}"


_Generic = Callable[[random.Random], str]
_GENERIC_KINDS: tuple[tuple[str, _Generic, dict[str, tuple[str, ...]]], ...] = (
    ("order", _order, _ORDER),
    ("invoice", _invoice, _INVOICE),
    ("tracking", _tracking, _TRACKING),
    ("isbn", _isbn, _GENERIC),
    ("price", _price, _PRICE),
    ("timestamp", _timestamp, _DATE),
    ("date", _date, _DATE),
    ("uuid", _uuid, _GENERIC),
    ("hash", _hash, _GENERIC),
    ("git_sha", _git_sha, _GENERIC),
    ("version", _version, _GENERIC),
    ("build", _build, _GENERIC),
    ("eth_tx", _eth_tx, _GENERIC),
    ("base64", _base64_blob, _GENERIC),
)


def generic(rng: random.Random, lang: str) -> Negative:
    """One everyday look-alike (order number, hash, UUID, price...) in a sentence of ``lang``."""
    roll = rng.random()
    if roll < 0.06:
        return (
            rng.choice(_PLACEHOLDER_SENTENCES),
            rng.choice(_PLACEHOLDERS),
            "placeholder_token",
            "SECRET",
        )
    if roll < 0.09:
        return "export GITHUB_TOKEN={n}", _bad_crc_github(rng), "crc.github", "SECRET"
    if roll < 0.15:
        template, value = rng.choice(_LOW_ENTROPY)
        return template, value, "low_entropy_assignment", "SECRET"
    if roll < 0.18:
        return "DATABASE_URL={n}", rng.choice(_NO_PASSWORD_URLS), "no_password_url", "SECRET"
    if roll < 0.21:
        return "Our server's key:\n{n}", _public_key(rng), "public_key", "SECRET"
    if roll < 0.23:
        return "Pinned certificate:\n{n}", _certificate(rng), "certificate", "SECRET"
    if roll < 0.27:
        return "{n}", rng.choice(NOT_ADDRESSES), "not_address", "POSTAL_ADDRESS"
    if roll < 0.3:
        return (
            rng.choice(_t(lang, _NOT_BIRTH)),
            _impossible_date(rng, lang.split("_")[0]),
            "not_birth_date",
            "DATE_OF_BIRTH",
        )
    kind, make, templates = _GENERIC_KINDS[rng.randrange(len(_GENERIC_KINDS))]
    return rng.choice(_t(lang, templates)), make(rng), kind, ""


def invalid_variant(rng: random.Random, spec: Spec) -> Negative:
    """A near miss of ``spec``'s category in one of its own context sentences."""
    assert spec.invalid is not None
    template = rng.choice(spec.sentences).replace("{v}", "{n}")
    return template, spec.invalid(rng), f"invalid.{spec.category}", spec.category


def without_context(rng: random.Random, spec: Spec, frame: str) -> Negative:
    """A valid value of a context-required category in a frame with no context word."""
    value = spec.make(rng)
    compact = "".join(c for c in value if c.isalnum()) if rng.random() < 0.7 else value
    return frame.replace("{v}", "{n}"), compact, f"no_context.{spec.category}", spec.category
