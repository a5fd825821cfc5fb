"""Synthetic credentials built from the providers' published formats, one spec per rule.

Every value is random characters of the format's alphabet and length, with its
checksum computed where the format has one; none is a real credential.
"""

from __future__ import annotations

import base64
import json
import re
import string
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from urllib.parse import quote

Maker = Callable[[Random], str]

DIGITS = string.digits
UPPER = string.ascii_uppercase
LETTERS = string.ascii_letters
B62 = LETTERS + DIGITS
B64 = B62 + "+/"
B64URL = B62 + "_-"
HEX = "0123456789abcdef"
LOWER_ALNUM = string.ascii_lowercase + DIGITS
UPPER_ALNUM = UPPER + DIGITS
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
BASE62_CHECKSUM = DIGITS + UPPER + string.ascii_lowercase
BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def chars(rng: Random, alphabet: str, count: int) -> str:
    """Return ``count`` random characters of ``alphabet``."""
    return "".join(rng.choice(alphabet) for _ in range(count))


def seq(*parts: str | tuple[str, int]) -> Maker:
    """Return a maker joining literals and (alphabet, length) random runs."""

    def make(rng: Random) -> str:
        return "".join(part if isinstance(part, str) else chars(rng, *part) for part in parts)

    return make


def dashed(first: str, *sizes: int) -> Maker:
    """``first`` and dash-separated groups of upper-case letters and digits of ``sizes``."""

    def make(rng: Random) -> str:
        return "-".join([first, *(chars(rng, UPPER_ALNUM, size) for size in sizes)])

    return make


def b64url(raw: bytes) -> str:
    """Return unpadded base64url of ``raw``."""
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def crc32_base62(prefix: str) -> Maker:
    """GitHub/npm format: prefix, 30 base62 characters and their CRC32 in 6 base62 digits."""

    def make(rng: Random) -> str:
        body = chars(rng, B62, 30)
        number, digits = zlib.crc32(body.encode()), ""
        while number:
            number, digit = divmod(number, 62)
            digits = BASE62_CHECKSUM[digit] + digits
        return prefix + body + digits.rjust(6, "0")

    return make


def grafana_service_account(rng: Random) -> str:
    """glsa_, 32 base62 characters, _ and the little-endian hex CRC32 of what precedes."""
    key = "glsa_" + chars(rng, B62, 32)
    return key + "_" + zlib.crc32(key.encode()).to_bytes(4, "little").hex()


def pypi_token(location: bytes, length: int | None = None) -> Maker:
    """pypi- and a version-2 binary macaroon: location, identifier, one caveat, signature
    (its first ``length`` bytes: a token cut short)."""

    def make(rng: Random) -> str:
        caveat = json.dumps({"version": 1, "permissions": "user"}).encode()
        raw = (
            b"\x02\x01" + bytes([len(location)]) + location
            + b"\x02\x20" + rng.randbytes(32) + b"\x00"
            + b"\x02" + bytes([len(caveat)]) + caveat + b"\x00"
            + b"\x00\x06\x20" + rng.randbytes(32)
        )  # fmt: skip
        return "pypi-" + b64url(raw[:length])

    return make


def discord_bot(tail: int) -> Maker:
    """Base64 of an 18-digit user ID, ., 6 characters, . and ``tail`` characters."""

    def make(rng: Random) -> str:
        user_id = str(rng.randrange(10**17, 10**18))
        return f"{b64url(user_id.encode())}.{chars(rng, B64URL, 6)}.{chars(rng, B64URL, tail)}"

    return make


def nuget_api_key(rng: Random) -> str:
    """NuGet's ApiKeyV4: base32 of "v4" and 10 non-zero random bytes, then of 16 random
    bytes, both unpadded and in lower case (oy2 and 43 characters)."""
    key_id = b"v4" + bytes(rng.randrange(1, 256) for _ in range(10))
    parts = (key_id, rng.randbytes(16))
    return "".join(base64.b32encode(part).decode().rstrip("=").lower() for part in parts)


def uuid(rng: Random) -> str:
    """Return a random lower-case UUID."""
    return "-".join(chars(rng, HEX, n) for n in (8, 4, 4, 4, 12))


def sas_token(rng: Random) -> str:
    """An Azure account SAS query string ending in its URL-encoded signature."""
    signature = quote(base64.b64encode(rng.randbytes(32)).decode(), safe="")
    return (
        "sv=2022-11-02&ss=bfqt&srt=sco&sp=rwdlacupiytfx&se=2030-04-01T18:00:00Z"
        "&st=2024-04-01T10:00:00Z&spr=https&sig=" + signature
    )


def sentry_org(rng: Random) -> str:
    """sntrys_, base64 of the token's JSON claims, _ and a 43-character secret."""
    claims = {
        "iat": rng.randrange(1_700_000_000, 1_800_000_000),
        "url": "https://sentry.io",
        "region_url": "https://us.sentry.io",
        "org": "acme-" + chars(rng, string.ascii_lowercase, 5),
    }
    payload = base64.b64encode(json.dumps(claims, separators=(",", ":")).encode()).decode()
    return "sntrys_" + payload + "_" + chars(rng, B64, 43)


def mapbox_secret(rng: Random) -> str:
    """sk., base64url of the token's JSON claims, . and 22 characters."""
    claims = {"u": "user" + chars(rng, LOWER_ALNUM, 6), "a": "cl" + chars(rng, LOWER_ALNUM, 23)}
    return (
        "sk."
        + b64url(json.dumps(claims, separators=(",", ":")).encode())
        + "."
        + chars(rng, B64URL, 22)
    )


def twitter_bearer(rng: Random) -> str:
    """22 A's, then the token's URL-encoded base64 body (an X API app-only bearer token)."""
    body = quote(base64.b64encode(rng.randbytes(23)).decode(), safe="")
    secret = quote(base64.b64encode(rng.randbytes(45)).decode(), safe="")
    return "A" * 22 + body + secret


def jwt(alg: str, signature_bytes: int) -> Maker:
    """A signed JWT: header naming ``alg``, random claims, random signature bytes."""

    def make(rng: Random) -> str:
        header = b64url(json.dumps({"alg": alg, "typ": "JWT"}).encode())
        claims = {"sub": chars(rng, LOWER_ALNUM, 12), "iat": rng.randrange(10**9, 2 * 10**9)}
        payload = b64url(json.dumps(claims).encode())
        return f"{header}.{payload}.{b64url(rng.randbytes(signature_bytes))}"

    return make


def pem(kind: str, size: int, width: int = 64, headers: Sequence[str] = ()) -> Maker:
    """A PEM (or OpenPGP armor) block of ``kind`` around ``size`` random bytes."""

    def make(rng: Random) -> str:
        body = base64.b64encode(rng.randbytes(size)).decode()
        lines = [body[at : at + width] for at in range(0, len(body), width)]
        if kind.startswith("PGP"):
            lines.append("=" + chars(rng, B64, 4))
        head = [*headers, ""] if headers else []
        return "\n".join([f"-----BEGIN {kind}-----", *head, *lines, f"-----END {kind}-----"])

    return make


def connection(scheme: str, user: str, host: str, symbols: str = "!*~") -> Maker:
    """A URI of ``scheme`` with ``user`` (may be empty), a random password of letters,
    digits and ``symbols``, and ``host``."""

    def make(rng: Random) -> str:
        return f"{scheme}://{user}:{chars(rng, B62 + symbols, 20)}@{host}"

    return make


def connection_parameters(prefix: str, before: str, after: str) -> Maker:
    """A URL ``prefix`` whose parameters hold a random password between ``before`` and
    ``after`` (a JDBC URL's or a libpq query's ``password=``)."""

    def make(rng: Random) -> str:
        return f"{prefix}{before}password={chars(rng, B62 + '!*~', 20)}{after}"

    return make


@dataclass(frozen=True)
class Spec:
    """How to build valid values of one rule and the near-misses derived from them."""

    makers: Sequence[Maker]
    #: A valid value of the format's minimum length (one character less is too short).
    shortest: Maker | None = None
    #: A regular expression locating the literal the wrong-prefix variant alters.
    literal: str | None = None
    #: For context rules: the key name or word that puts the value in context.
    context: str | None = None
    #: A valid value made one character short some other way than dropping its last.
    short: Maker | None = None
    #: Standard contexts (env, json, yaml) the format cannot stand in.
    skip_contexts: frozenset[str] = field(default_factory=frozenset)


def simple(*parts: str | tuple[str, int], literal: str | None = None) -> Spec:
    """A fixed-length format; its literal defaults to the first literal part."""
    first = next((part for part in parts if isinstance(part, str)), None)
    return Spec(makers=[seq(*parts)], literal=literal if literal is not None else _escape(first))


def _escape(text: str | None) -> str | None:
    return None if text is None else re.escape(text)


def ranged(longest: Maker, shortest: Maker, literal: str) -> Spec:
    """A variable-length format: a long value and a shortest one."""
    return Spec(makers=[longest, shortest], shortest=shortest, literal=literal)


GITLAB_20 = [
    ("secret.gitlab_deploy_token", "gldt-", B64URL, 20),
    ("secret.gitlab_pipeline_trigger_token", "glptt-", HEX, 40),
    ("secret.gitlab_runner_registration_token", "GR1348941", B64URL, 20),
    ("secret.gitlab_oauth_app_secret", "gloas-", B64URL, 64),
    ("secret.gitlab_feed_token", "glft-", B64URL, 20),
    ("secret.gitlab_incoming_mail_token", "glimt-", B64URL, 25),
    ("secret.gitlab_agent_token", "glagent-", B64URL, 50),
    ("secret.gitlab_scim_token", "glsoat-", B64URL, 20),
    ("secret.gitlab_feature_flag_token", "glffct-", B64URL, 20),
]

SPECS: dict[str, Spec] = {
    # cloud
    "secret.aws_access_key_id": Spec(
        makers=[seq("AKIA", (UPPER_ALNUM, 16)), seq("ASIA", (UPPER_ALNUM, 16))],
        literal="AKIA|ASIA",
    ),
    "secret.aws_secret_access_key": Spec(makers=[seq((B64, 40))], context="aws_secret_access_key"),
    "secret.gcp_api_key": simple("AIza", (B64URL, 35)),
    "secret.google_oauth_client_secret": simple("GOCSPX-", (B64URL, 28)),
    "secret.gcp_service_account_key_id": Spec(
        makers=[
            seq('"private_key_id": "', (HEX, 40), '"'),
            seq("'private_key_id':'", (HEX, 40), "'"),
        ],
        literal="private_key_id",
        skip_contexts=frozenset({"env", "json", "yaml"}),
    ),
    "secret.azure_storage_connection_string": simple("AccountKey=", (B64, 86), "=="),
    "secret.azure_shared_access_key": simple("SharedAccessKey=", (B64, 43), "="),
    "secret.azure_storage_account_key": Spec(
        makers=[seq((B64, 86), "==")], context="AZURE_STORAGE_KEY"
    ),
    "secret.azure_sas_token": Spec(
        makers=[sas_token],
        shortest=seq("sv=2024-08-04&sp=r&sig=", (B62, 43)),
        literal="sv=",
    ),
    "secret.azure_ad_client_secret": Spec(
        makers=[seq((B62 + "_~.", 3), (DIGITS, 1), "Q~", (B62 + "_~.-", 33), (B62, 1))],
        shortest=seq((B62, 3), (DIGITS, 1), "Q~", (B62, 31)),
        literal="Q~",
    ),
    "secret.digitalocean_pat": simple("dop_v1_", (HEX, 64)),
    "secret.digitalocean_oauth_token": simple("doo_v1_", (HEX, 64)),
    "secret.digitalocean_refresh_token": simple("dor_v1_", (HEX, 64)),
    "secret.alibaba_access_key_id": simple("LTAI", (B62, 20)),
    "secret.heroku_api_key": simple("HRKU-AA", (B64URL, 58)),
    "secret.flyio_access_token": Spec(
        makers=[seq("fo1_", (B64URL, 43)), seq("fm2_", (B64, 300)), seq("fm1a_", (B64, 120), "==")],
        shortest=seq("fo1_", (B64URL, 43)),
        literal="fo1_|fm2_|fm1a_",
    ),
    "secret.cloudflare_origin_ca_key": simple("v1.0-", (HEX, 24), "-", (HEX, 146)),
    "secret.cloudflare_api_token": Spec(makers=[seq((B64URL, 40))], context="CLOUDFLARE_API_TOKEN"),
    # source hosting
    **{
        f"secret.{name}": Spec(makers=[crc32_base62(prefix)], literal=prefix)
        for prefix, name in [
            ("ghp_", "github_pat"),
            ("gho_", "github_oauth_token"),
            ("ghu_", "github_user_to_server_token"),
            ("ghs_", "github_server_to_server_token"),
            ("ghr_", "github_refresh_token"),
        ]
    },
    "secret.github_fine_grained_pat": simple("github_pat_", (B62, 22), "_", (B62, 59)),
    "secret.gitlab_pat": ranged(
        seq("glpat-", (B64URL, 40), ".", (LOWER_ALNUM, 9)), seq("glpat-", (B64URL, 20)), "glpat-"
    ),
    "secret.gitlab_runner_token": ranged(
        seq("glrt-t1_", (B64URL, 40), ".", (LOWER_ALNUM, 9)), seq("glrt-", (B64URL, 20)), "glrt-"
    ),
    **{rule_id: simple(prefix, (alphabet, n)) for rule_id, prefix, alphabet, n in GITLAB_20},
    "secret.gitlab_ci_job_token": ranged(
        seq("glcbt-", (B62, 5), "_", (B64URL, 20)),
        seq("glcbt-", (B62, 1), "_", (B64URL, 20)),
        "glcbt-",
    ),
    "secret.bitbucket_app_password": ranged(
        seq("ATBB", (B62, 40), (UPPER_ALNUM, 8)), seq("ATBB", (B62, 20), (UPPER_ALNUM, 8)), "ATBB"
    ),
    "secret.atlassian_api_token": simple("ATATT3", (B64URL + "=", 186)),
    "secret.sourcegraph_access_token": ranged(
        seq("sgp_", (HEX, 16), "_", (HEX, 40)), seq("sgp_", (HEX, 40)), "sgp_"
    ),
    # CI, registries, infrastructure
    "secret.npm_access_token": Spec(makers=[crc32_base62("npm_")], literal="npm_"),
    "secret.pypi_api_token": Spec(
        makers=[pypi_token(b"pypi.org"), pypi_token(b"test.pypi.org")],
        # Cut short, a token still leaks: the check takes 64 bytes of macaroon or more.
        shortest=pypi_token(b"pypi.org", 64),
        literal="pypi-",
    ),
    "secret.rubygems_api_key": simple("rubygems_", (HEX, 48)),
    "secret.nuget_api_key": Spec(makers=[nuget_api_key], literal="oy2"),
    "secret.deno_deploy_token": Spec(
        makers=[seq("ddp_", (B62, 36)), seq("ddo_", (B62, 36))], literal="dd[po]_"
    ),
    "secret.frameio_api_token": simple("fio-u-", (B64URL + "=", 64)),
    "secret.dockerhub_access_token": ranged(
        seq("dckr_oat_", (B64URL, 32)), seq("dckr_pat_", (B64URL, 27)), "dckr_"
    ),
    "secret.terraform_cloud_token": ranged(
        seq((B62, 14), ".atlasv1.", (B64URL + "=", 70)),
        seq((B62, 14), ".atlasv1.", (B64URL, 60)),
        r"\.atlasv1\.",
    ),
    "secret.vault_service_token": ranged(
        seq("hvs.", (B64URL, 120)), seq("hvs.", (B64URL, 90)), "hvs"
    ),
    "secret.vault_batch_token": ranged(
        seq("hvb.", (B64URL, 300)), seq("hvb.", (B64URL, 138)), "hvb"
    ),
    "secret.circleci_pat": simple("CCIPAT_", (B62, 22), "_", (HEX, 40)),
    "secret.artifactory_api_key": simple("AKCp", (B62, 69)),
    "secret.artifactory_reference_token": simple("cmVmd", (B62, 59)),
    "secret.clojars_token": simple("CLOJARS_", (B62, 60)),
    "secret.prefect_api_key": simple("pnu_", (B62, 36)),
    "secret.readme_api_key": simple("rdme_", (LOWER_ALNUM, 70)),
    "secret.harness_access_token": Spec(
        makers=[
            seq("pat.", (B64URL, 22), ".", (B62, 24), ".", (B62, 20)),
            seq("sat.", (B64URL, 22), ".", (B62, 24), ".", (B62, 20)),
        ],
        literal="pat|sat",
    ),
    "secret.scalingo_api_token": simple("tk-us-", (B64URL, 48)),
    "secret.infracost_api_token": simple("ico-", (B62, 32)),
    "secret.firebase_cloud_messaging_server_key": simple((B64URL, 11), ":APA91b", (B64URL, 134)),
    "secret.sonarqube_token": Spec(
        makers=[seq("squ_", (HEX, 40)), seq("sqp_", (HEX, 40)), seq("sqa_", (HEX, 40))],
        literal="sq[uap]_",
    ),
    # payment and commerce
    "secret.stripe_secret_key": ranged(
        seq("sk_live_", (B62, 99)), seq("sk_test_", (B62, 20)), "sk_"
    ),
    "secret.stripe_restricted_key": ranged(
        seq("rk_live_", (B62, 99)), seq("rk_test_", (B62, 20)), "rk_"
    ),
    "secret.stripe_webhook_secret": Spec(
        makers=[
            lambda rng: "whsec_" + base64.b64encode(rng.randbytes(32)).decode(),
            seq("whsec_", (HEX, 64)),
        ],
        shortest=seq("whsec_", (B62, 32)),
        literal="whsec_",
    ),
    "secret.square_access_token": Spec(
        makers=[seq("EAAA", (B64URL, 60)), seq("sq0atp-", (B64URL, 22))], literal="EAAA|sq0atp-"
    ),
    "secret.square_oauth_secret": simple("sq0csp-", (B64URL, 43)),
    "secret.braintree_access_token": simple(
        "access_token$production$", (LOWER_ALNUM, 16), "$", (HEX, 32), literal="access_token"
    ),
    "secret.shopify_access_token": simple("shpat_", (HEX, 32)),
    "secret.shopify_custom_app_token": simple("shpca_", (HEX, 32)),
    "secret.shopify_private_app_token": simple("shppa_", (HEX, 32)),
    "secret.shopify_shared_secret": simple("shpss_", (HEX, 32)),
    "secret.flutterwave_secret_key": Spec(
        makers=[
            seq("FLWSECK_TEST-", ("abcdefgh" + DIGITS, 32), "-X"),
            seq("FLWSECK-", ("abcdefgh" + DIGITS, 32), "-X"),
        ],
        literal="FLWSECK",
    ),
    "secret.shippo_api_token": Spec(
        makers=[seq("shippo_live_", (HEX, 40)), seq("shippo_test_", (HEX, 40))], literal="shippo_"
    ),
    "secret.duffel_api_token": simple("duffel_test_", (B64URL + "=", 43)),
    "secret.easypost_api_key": Spec(
        makers=[seq("EZAK", (B62, 54)), seq("EZTK", (B62, 54))], literal="EZAK|EZTK"
    ),
    # chat and collaboration
    "secret.slack_bot_token": ranged(
        seq("xoxb-", (DIGITS, 11), "-", (DIGITS, 13), "-", (B62, 24)),
        seq("xoxb-", (DIGITS, 8), "-", (B62, 18)),
        "xoxb-",
    ),
    "secret.slack_user_token": ranged(
        seq("xoxp-", (DIGITS, 12), "-", (DIGITS, 12), "-", (DIGITS, 13), "-", (HEX, 32)),
        seq("xoxp-", (DIGITS, 8), "-", (DIGITS, 8), "-", (DIGITS, 8), "-", (B62, 28)),
        "xoxp-",
    ),
    "secret.slack_app_token": ranged(
        seq("xapp-1-A", (UPPER_ALNUM, 10), "-", (DIGITS, 13), "-", (HEX, 64)),
        seq("xapp-1-", (UPPER_ALNUM, 5), "-", (DIGITS, 5), "-", (HEX, 20)),
        "xapp-",
    ),
    "secret.slack_config_token": ranged(
        seq("xoxe.xoxp-1-", (B62, 164)), seq("xoxe-1-", (B62, 146)), "xoxe"
    ),
    "secret.slack_legacy_token": ranged(
        seq("xoxs-", (DIGITS, 10), "-", (DIGITS, 11), "-", (DIGITS, 12), "-", (HEX, 64)),
        seq("xoxa-", (B62, 8)),
        "xox[as]-",
    ),
    "secret.slack_webhook_url": ranged(
        seq(
            "https://hooks.slack.com/services/T",
            (UPPER_ALNUM, 10),
            "/B",
            (UPPER_ALNUM, 10),
            "/",
            (B62, 24),
        ),
        seq("hooks.slack.com/services/T", (UPPER_ALNUM, 8), "/B", (UPPER_ALNUM, 8), "/", (B62, 23)),
        "hooks",
    ),
    "secret.discord_bot_token": ranged(discord_bot(38), discord_bot(27), "^[MNO]"),
    "secret.discord_webhook_url": ranged(
        seq("https://discord.com/api/webhooks/", (DIGITS, 19), "/", (B64URL, 68)),
        seq("https://discord.com/api/webhooks/", (DIGITS, 17), "/", (B64URL, 60)),
        "discord",
    ),
    "secret.telegram_bot_token": ranged(
        seq((DIGITS, 10), ":AA", (B64URL, 33)), seq((DIGITS, 5), ":A", (B64URL, 34)), ":A"
    ),
    "secret.microsoft_teams_webhook_url": Spec(
        makers=[
            lambda rng: (
                "https://contoso.webhook.office.com/webhookb2/"
                f"{uuid(rng)}@{uuid(rng)}/IncomingWebhook/{chars(rng, HEX, 32)}/{uuid(rng)}"
            )
        ],
        literal="webhook",
    ),
    # AI
    **{
        f"secret.{name}": ranged(
            seq(prefix, (B64URL, 120), "T3BlbkFJ", (B64URL, 120)),
            seq(prefix, (B64URL, 20), "T3BlbkFJ", (B64URL, 20)),
            prefix,
        )
        for name, prefix in [
            ("openai_project_key", "sk-proj-"),
            ("openai_service_account_key", "sk-svcacct-"),
            ("openai_admin_key", "sk-admin-"),
        ]
    },
    "secret.openai_legacy_key": simple("sk-", (B62, 20), "T3BlbkFJ", (B62, 20)),
    "secret.anthropic_api_key": simple("sk-ant-api03-", (B64URL, 93), "AA"),
    "secret.anthropic_admin_key": simple("sk-ant-admin01-", (B64URL, 93), "AA"),
    "secret.huggingface_access_token": simple("hf_", (LETTERS, 34)),
    "secret.huggingface_org_token": simple("api_org_", (LETTERS, 34)),
    "secret.groq_api_key": simple("gsk_", (B62, 52)),
    "secret.xai_api_key": simple("xai-", (B62 + "_", 80)),
    "secret.langsmith_api_key": Spec(
        makers=[
            seq("lsv2_pt_", (HEX, 32), "_", (HEX, 10)),
            seq("lsv2_sk_", (HEX, 32), "_", (HEX, 10)),
        ],
        literal="lsv2_",
    ),
    "secret.replicate_api_token": simple("r8_", (B64URL, 37)),
    "secret.perplexity_api_key": simple("pplx-", (B62, 48)),
    "secret.cohere_api_key": Spec(makers=[seq((B62, 40))], context="COHERE_API_KEY"),
    # e-mail and messaging
    "secret.sendgrid_api_key": simple("SG.", (B64URL, 22), ".", (B64URL, 43)),
    "secret.mailgun_api_key": simple("key-", (LOWER_ALNUM, 32)),
    "secret.mailchimp_api_key": ranged(seq((HEX, 32), "-us21"), seq((HEX, 32), "-us6"), "-us"),
    "secret.brevo_api_key": simple("xkeysib-", (HEX, 64), "-", (B62, 16)),
    "secret.mailersend_api_token": simple("mlsn.", (HEX, 64)),
    "secret.twilio_api_key": simple("SK", (HEX, 32)),
    "secret.twilio_auth_token": Spec(makers=[seq((HEX, 32))], context="TWILIO_AUTH_TOKEN"),
    # monitoring, data and developer tools
    "secret.datadog_api_key": Spec(makers=[seq((HEX, 32))], context="DD_API_KEY"),
    "secret.datadog_app_key": Spec(makers=[seq((HEX, 40))], context="DD_APP_KEY"),
    "secret.newrelic_user_api_key": simple("NRAK-", (UPPER_ALNUM, 27)),
    "secret.newrelic_insert_key": simple("NRII-", (B64URL, 32)),
    "secret.sentry_user_token": simple("sntryu_", (HEX, 64)),
    "secret.sentry_org_token": Spec(makers=[sentry_org], literal="sntrys_"),
    "secret.sentry_dsn_secret": Spec(
        makers=[
            seq("https://", (HEX, 32), ":", (HEX, 32), "@o783119.ingest.sentry.io/1653356"),
            seq("http://", (HEX, 32), ":", (HEX, 32), "@sentry.corp.internal:9000/12"),
        ],
        literal="https?",
        short=seq("https://", (HEX, 32), ":", (HEX, 31), "@o1.ingest.sentry.io/5"),
    ),
    "secret.grafana_cloud_token": ranged(
        lambda rng: "glc_" + base64.b64encode(rng.randbytes(100)).decode(),
        seq("glc_", (B62, 32)),
        "glc_",
    ),
    "secret.grafana_service_account_token": Spec(makers=[grafana_service_account], literal="glsa_"),
    "secret.grafana_api_key": ranged(
        seq("eyJrIjoi", (B62, 120)), seq("eyJrIjoi", (B62, 70)), "eyJrIjoi"
    ),
    "secret.dynatrace_api_token": simple("dt0c01.", (UPPER_ALNUM, 24), ".", (UPPER_ALNUM, 64)),
    **{
        f"secret.{name}": ranged(seq(prefix, (B64URL, 64)), seq(prefix, (B64URL, 32)), prefix)
        for name, prefix in [
            ("planetscale_token", "pscale_tkn_"),
            ("planetscale_oauth_token", "pscale_oauth_"),
            ("planetscale_password", "pscale_pw_"),
        ]
    },
    "secret.supabase_access_token": simple("sbp_", (LOWER_ALNUM, 40)),
    "secret.linear_api_key": simple("lin_api_", (B62, 40)),
    "secret.notion_integration_token": simple("ntn_", (DIGITS, 11), (B62, 35)),
    "secret.notion_legacy_token": simple("secret_", (B62, 43)),
    "secret.figma_pat": simple("figd_", (B64URL, 40)),
    "secret.doppler_personal_token": simple("dp.pt.", (B62, 43)),
    "secret.doppler_token": Spec(
        makers=[
            seq("dp.st.prd.", (B62, 43)),
            seq("dp.st.", (B62, 44)),
            seq("dp.ct.", (B62, 43)),
            seq("dp.sa.", (B62, 43)),
            seq("dp.scim.", (B62, 43)),
            seq("dp.audit.", (B62, 40)),
        ],
        shortest=seq("dp.ct.", (B62, 40)),
        literal=r"dp\.",
    ),
    "secret.pulumi_access_token": simple("pul-", (HEX, 40)),
    "secret.postman_api_key": simple("PMAK-", (HEX, 24), "-", (HEX, 34)),
    "secret.age_secret_key": simple("AGE-SECRET-KEY-1", (BECH32, 58)),
    "secret.databricks_token": Spec(
        makers=[seq("dapi", (HEX, 32)), seq("dapi", (HEX, 32), "-2")],
        shortest=seq("dapi", (HEX, 32)),
        literal="dapi",
    ),
    "secret.okta_api_token": Spec(
        makers=[seq("00", (B64URL, 40))], literal="00", context="OKTA_API_TOKEN"
    ),
    "secret.mapbox_secret_token": Spec(makers=[mapbox_secret], literal="sk"),
    "secret.airtable_pat": simple("pat", (B62, 14), ".", (HEX, 64)),
    "secret.1password_service_account_token": ranged(
        seq("ops_eyJ", (B64, 600)), seq("ops_eyJ", (B64, 250)), "ops_"
    ),
    "secret.1password_secret_key": Spec(
        makers=[dashed("A3", 6, 11, 5, 5, 5), dashed("A3", 6, 6, 5, 5, 5, 5)], literal="A3-"
    ),
    "secret.openshift_user_token": simple("sha256~", (B64URL, 43)),
    "secret.typeform_pat": simple("tfp_", (B64URL, 59)),
    "secret.hubspot_private_app_token": Spec(
        makers=[
            lambda rng, region=region: f"pat-{region}-{uuid(rng)}"
            for region in ("na1", "eu1", "na2", "ap1")
        ],
        literal="pat-",
    ),
    "secret.maxmind_license_key": simple((B62, 6), "_", (B62, 29), "_mmk", literal="_mmk"),
    "secret.adobe_client_secret": simple("p8e-", (B62, 32)),
    "secret.netlify_access_token": simple("nfp_", (B62 + "_", 36)),
    # generic shapes
    "secret.private_key": Spec(
        makers=[
            pem("RSA PRIVATE KEY", 1190),
            pem("PRIVATE KEY", 1216),
            pem("EC PRIVATE KEY", 121),
            pem("OPENSSH PRIVATE KEY", 400, width=70),
            pem("ENCRYPTED PRIVATE KEY", 1250),
            pem("DSA PRIVATE KEY", 440),
            pem(
                "RSA PRIVATE KEY",
                1190,
                headers=[
                    "Proc-Type: 4,ENCRYPTED",
                    "DEK-Info: AES-256-CBC,3F1B2C4D5E6F708192A3B4C5D6E7F809",
                ],
            ),
            pem("PGP PRIVATE KEY BLOCK", 900, headers=["Version: GnuPG v2", "Comment: synthetic"]),
        ],
        literal="-----BEGIN",
        short=lambda rng: pem("RSA PRIVATE KEY", 1190)(rng).replace("KEY-----\n", "KEY----\n", 1),
    ),
    "secret.tencent_cloud_secret_id": Spec(
        makers=[seq("AKID", (UPPER, 4), (B62, 24), (DIGITS, 2), (string.ascii_lowercase, 2))],
        literal="AKID",
    ),
    "secret.contentful_pat": simple("CFPAT-", (B64URL, 43)),
    "secret.adafruit_io_key": simple("aio_", (B62, 28)),
    "secret.twitch_oauth_token": simple("oauth:", (LOWER_ALNUM, 30)),
    "secret.resend_api_key": simple("re_", (BASE58, 8), "_", (BASE58, 24)),
    "secret.tailscale_key": Spec(
        makers=[
            seq("tskey-auth-", (B62, 12), "-", (B62, 33)),
            seq("tskey-api-", (B62, 16), "-", (B62, 30)),
        ],
        shortest=seq("tskey-auth-", (B62, 8), "-", (B62, 20)),
        literal="tskey-",
    ),
    "secret.dropbox_short_lived_token": Spec(
        makers=[seq("sl.B", (B64URL, 139))],
        shortest=seq("sl.", (UPPER, 2), (DIGITS, 2), (B62, 126)),
        literal=r"sl\.",
    ),
    "secret.meta_access_token": Spec(
        makers=[seq("EAAG", (B62, 180)), seq("EAAB", (B62, 120)), seq("EAAJ", (B62, 250))],
        shortest=seq("EAA", (B62, 100)),
        literal="EAA",
    ),
    "secret.twitter_bearer_token": Spec(
        makers=[twitter_bearer],
        shortest=seq("A" * 21, (B62, 70)),
        literal="A{21}",
    ),
    "secret.jwt": Spec(
        makers=[jwt("HS256", 32), jwt("RS256", 256), jwt("ES384", 96)],
        literal="eyJ",
        short=lambda rng: jwt("HS256", 32)(rng).rpartition(".")[0],
    ),
    "secret.sql_password": Spec(
        makers=[
            seq("PASSWORD '", (B62 + "!#%^*", 16), "'"),
            seq("IDENTIFIED BY '", (B62, 20), "'"),
            seq("identified with caching_sha2_password by '", (B62, 12), "'"),
            seq("IDENTIFIED BY ", (B62, 14)),
        ],
        literal="PASSWORD|IDENTIFIED|identified",
        short=seq("PASSWORD '", (B62, 7), "'"),
        # The JSON and YAML forms hold the statement's quotes as they are: no context bars it.
    ),
    "secret.command_line_password": Spec(
        makers=[
            seq("mysql -h db1.shop.lan -u root -p'", (B62 + "_.!", 20), "'"),
            seq("mysqldump -uapp -p", (B62, 16)),
            seq('mariadb --host=10.0.0.5 -u svc -p"', (B62 + "#%", 18), '"'),
            seq("sshpass -p '", (B62 + "!@", 14), "'"),
            seq("ConvertTo-SecureString '", (B62 + "!+", 24), "' -AsPlainText"),
            seq('ConvertTo-SecureString -String "', (B62, 20), '" -AsPlainText'),
        ],
        literal="mysql|mariadb|sshpass|ConvertTo",
        short=seq("mysql -u root -p'", (B62, 7), "'"),
        # JSON escapes a double-quoted password's quotes; the other forms stand in it.
        skip_contexts=frozenset({"json"}),
    ),
    "secret.connection_string": Spec(
        makers=[
            connection("postgresql", "app_user", "db-3.internal.example.com:5432"),
            connection("postgres", "reporting", "10.0.4.17"),
            connection("mysql", "root", "mysql.prod.local:3306"),
            connection("mariadb", "svc", "maria.local"),
            connection("mongodb+srv", "atlas-admin", "cluster0.ab1cd.mongodb.net"),
            connection("mongodb", "mongo", "mongo1:27017,mongo2:27017,mongo3:27017"),
            connection("redis", "", "cache.local:6379"),
            connection("rediss", "default", "redis-1234.c1.cloud.redislabs.com:16379"),
            connection("amqps", "rabbit", "mq.example.org:5671"),
            connection("amqp", "guest2", "localhost"),
            connection("mssql", "sa", "sql.corp.local:1433"),
            connection("sqlserver", "sa", "[2001:db8::5]:1433"),
            # With the database: the URI whole (RFC 3986's path).
            connection("postgresql", "ocr_worker", "db-paq.internal:5432/billing"),
            connection("redis", "default", "cache-88c6.example.net:6379/0"),
            connection("mongodb+srv", "dms", "cluster0.bsgx5.mongodb.net/docs"),
            # An AMQP URI's root virtual host, its path "/".
            connection("amqps", "ops", "mq.example.org:5671/"),
            # A # written raw in the password (as a .env's DATABASE_URL holds it).
            connection("mysql", "admin", "db1:3306/wordpress", symbols="!*~#"),
            connection_parameters("jdbc:postgresql://10.20.0.7:5432/ledger", "?user=hr_app&", ""),
            connection_parameters(
                "jdbc:sqlserver://sql01.corp.local:1433", ";database=hr;user=sa;", ";encrypt=true"
            ),
            connection_parameters("postgresql://db.internal/app", "?sslmode=require&", ""),
            connection_parameters("jdbc:mysql://mysql.prod.local:3306/shop", "?user=root&", ""),
        ],
        literal="postgres|mysql|mariadb|mongodb|redis|amqp|mssql|sqlserver",
        short=lambda rng: "postgresql://app_user:@db.internal:5432",
    ),
}
