"""Provider credentials written from each provider's published token format.

Formats as the providers document them (announcement posts and API docs) and
as the public secret-scanning references record them (gitleaks' default
configuration, GitHub's secret-scanning partner patterns): prefix, alphabet,
length, and the checksum where one is published. GitHub's 2021 token formats
and npm's 2021 format end in six base62 characters holding the CRC32 of the
random part ("Behind GitHub's new authentication token formats", GitHub blog,
2021-04-05; "Announcing npm's new access token format", 2021-09-23). age
secret keys are bech32 with the HRP ``age-secret-key-`` (age specification,
C2SP). The generators here are this corpus' own.
"""

from __future__ import annotations

import base64
import binascii
import json
import random
import string
from collections.abc import Callable

from .build import BASE62, HEX, bech32, chars, digits, five_bit_groups

ALNUM = string.ascii_letters + string.digits
URLSAFE = ALNUM + "-_"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits


def base62(number: int, width: int) -> str:
    """``number`` in base 62 (0-9, A-Z, a-z), left-padded with zeros to ``width``."""
    text = ""
    while number:
        number, remainder = divmod(number, 62)
        text = BASE62[remainder] + text
    return text.rjust(width, "0")


def crc_token(prefix: str, rng: random.Random) -> str:
    """A GitHub/npm-style token: prefix, 30 random base62 characters, base62 CRC32 of them."""
    entropy = chars(rng, BASE62, 30)
    return prefix + entropy + base62(binascii.crc32(entropy.encode()), 6)


def crc_token_valid(token: str) -> bool:
    """The last six characters are the base62 CRC32 of the 30 before them."""
    body = token.split("_")[-1]
    return len(body) == 36 and base62(binascii.crc32(body[:30].encode()), 6) == body[30:]


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _age_key(rng: random.Random) -> str:
    # bech32 over the HRP "age-secret-key-" with 32 random bytes, printed in upper case.
    return bech32("age-secret-key-", five_bit_groups(rng.randbytes(32))).upper()


def _slack_webhook(rng: random.Random) -> str:
    return (
        f"https://hooks.slack.com/services/T{chars(rng, UPPER_ALNUM, 8)}/"
        f"B{chars(rng, UPPER_ALNUM, 10)}/{chars(rng, ALNUM, 24)}"
    )


def _discord_webhook(rng: random.Random) -> str:
    return f"https://discord.com/api/webhooks/{digits(rng, 19, '1')}/{chars(rng, URLSAFE, 68)}"


def _openai_project(rng: random.Random) -> str:
    size = rng.choice((74, 58))
    return f"sk-proj-{chars(rng, URLSAFE, size)}T3BlbkFJ{chars(rng, URLSAFE, size)}"


def _anthropic(kind: str) -> Callable[[random.Random], str]:
    return lambda rng: f"sk-ant-{kind}-{chars(rng, URLSAFE, 93)}AA"


def _pypi(rng: random.Random) -> str:
    # A PyPI API token is "pypi-" and a base64url macaroon whose location is pypi.org.
    macaroon = (
        b"\x02\x01\x08pypi.org\x02"
        + bytes([37])
        + rng.randbytes(37)
        + b"\x00\x02\x06"
        + rng.randbytes(80)
    )
    return "pypi-" + _b64url(macaroon)


def _onepassword_service(rng: random.Random) -> str:
    claims = json.dumps(
        {
            "signInAddress": "my.1password.com",
            "userAuth": {
                "method": "SRPg-4096",
                "alg": "PBES2g-HS256",
                "iterations": 650000,
                "salt": _b64url(rng.randbytes(16)),
            },
            "email": f"{chars(rng, LOWER_ALNUM, 10)}@1passwordserviceaccounts.com",
            "srpX": rng.randbytes(32).hex(),
            "muk": {
                "alg": "A256GCM",
                "ext": True,
                "k": _b64url(rng.randbytes(32)),
                "key_ops": ["encrypt", "decrypt"],
                "kty": "oct",
                "kid": "mp",
            },
            "secretKey": "A3-" + chars(rng, UPPER_ALNUM, 6),
            "throttleSecret": {
                "seed": rng.randbytes(32).hex(),
                "deviceUuid": chars(rng, LOWER_ALNUM, 26),
            },
            "deviceUuid": chars(rng, LOWER_ALNUM, 26),
        },
        separators=(",", ":"),
    )
    return "ops_" + base64.b64encode(claims.encode()).decode().rstrip("=")


def _onepassword_secret_key(rng: random.Random) -> str:
    return (
        f"A3-{chars(rng, UPPER_ALNUM, 6)}-{chars(rng, UPPER_ALNUM, 11)}-"
        f"{chars(rng, UPPER_ALNUM, 5)}-{chars(rng, UPPER_ALNUM, 5)}-{chars(rng, UPPER_ALNUM, 5)}"
    )


def _mapbox(rng: random.Random) -> str:
    claims = json.dumps(
        {"u": chars(rng, string.ascii_lowercase, 8), "a": chars(rng, LOWER_ALNUM, 25)},
        separators=(",", ":"),
    )
    return f"sk.{_b64url(claims.encode())}.{chars(rng, URLSAFE, 22)}"


def _grafana_cloud(rng: random.Random) -> str:
    claims = json.dumps(
        {
            "o": digits(rng, 6),
            "n": f"stack-{digits(rng, 6)}-hm-read",
            "k": chars(rng, ALNUM, 24),
            "m": {"r": "prod-us-east-0"},
        },
        separators=(",", ":"),
    )
    return "glc_" + base64.b64encode(claims.encode()).decode()


def _fly(rng: random.Random) -> str:
    return "fm2_" + base64.b64encode(rng.randbytes(rng.randint(90, 140))).decode()


def _heroku(rng: random.Random) -> str:
    return "HRKU-AA" + chars(rng, URLSAFE, 58)


def _azure_ad(rng: random.Random) -> str:
    return chars(rng, ALNUM, 3) + rng.choice(string.digits) + "Q~" + chars(rng, ALNUM + "_~.-", 34)


def _telegram(rng: random.Random) -> str:
    return f"{digits(rng, rng.choice((9, 10)), '123456789')}:AA{chars(rng, URLSAFE, 33)}"


def _mailchimp(rng: random.Random) -> str:
    return f"{chars(rng, HEX, 32)}-us{rng.randint(1, 21)}"


def _terraform(rng: random.Random) -> str:
    return f"{chars(rng, ALNUM, 14)}.atlasv1.{chars(rng, URLSAFE, 67)}"


def _vault(prefix: str, low: int, high: int) -> Callable[[random.Random], str]:
    return lambda rng: prefix + chars(rng, URLSAFE, rng.randint(low, high))


def _fixed(
    prefix: str, alphabet: str, size: int, suffix: str = ""
) -> Callable[[random.Random], str]:
    return lambda rng: prefix + chars(rng, alphabet, size) + suffix


def _aws(rng: random.Random) -> str:
    return rng.choice(("AKIA", "AKIA", "AKIA", "ASIA")) + chars(rng, B32, 16)


def _stripe(prefix: str) -> Callable[[random.Random], str]:
    return lambda rng: prefix + chars(rng, ALNUM, rng.choice((24, 34, 99)))


def _slack_bot(rng: random.Random) -> str:
    team, bot = (digits(rng, rng.randint(10, 13), "123456789") for _ in range(2))
    return f"xoxb-{team}-{bot}-{chars(rng, ALNUM, 24)}"


def _slack_user(rng: random.Random) -> str:
    parts = "-".join(digits(rng, rng.randint(10, 13), "123456789") for _ in range(3))
    return f"xoxp-{parts}-{chars(rng, HEX, 32)}"


def _slack_app(rng: random.Random) -> str:
    app, stamp = chars(rng, UPPER_ALNUM, 10), digits(rng, 13, "123456789")
    return f"xapp-1-A{app}-{stamp}-{chars(rng, HEX, 64)}"


def _harness(rng: random.Random) -> str:
    return f"pat.{chars(rng, URLSAFE, 22)}.{chars(rng, ALNUM, 24)}.{chars(rng, ALNUM, 20)}"


def _sourcegraph(rng: random.Random) -> str:
    return f"sgp_{chars(rng, HEX, 16)}_{chars(rng, HEX, 40)}"


def _langsmith(rng: random.Random) -> str:
    return f"lsv2_pt_{chars(rng, HEX, 32)}_{chars(rng, HEX, 10)}"


def _maxmind(rng: random.Random) -> str:
    return f"{chars(rng, ALNUM, 6)}_{chars(rng, ALNUM, 29)}_mmk"


def _cloudflare_origin(rng: random.Random) -> str:
    return f"v1.0-{chars(rng, HEX, 24)}-{chars(rng, HEX, 146)}"


def _postman(rng: random.Random) -> str:
    return f"PMAK-{chars(rng, HEX, 24)}-{chars(rng, HEX, 34)}"


def _sendinblue(rng: random.Random) -> str:
    return f"xkeysib-{chars(rng, HEX, 64)}-{chars(rng, ALNUM, 16)}"


def _sendgrid(rng: random.Random) -> str:
    return f"SG.{chars(rng, URLSAFE, 22)}.{chars(rng, URLSAFE, 43)}"


def _dynatrace(rng: random.Random) -> str:
    return f"dt0c01.{chars(rng, UPPER_ALNUM, 24)}.{chars(rng, UPPER_ALNUM, 64)}"


def _grafana_sa(rng: random.Random) -> str:
    return f"glsa_{chars(rng, ALNUM, 32)}_{chars(rng, HEX, 8)}"


def _github_fine_grained(rng: random.Random) -> str:
    return f"github_pat_11{chars(rng, UPPER_ALNUM, 20)}_{chars(rng, ALNUM, 59)}"


def _notion(rng: random.Random) -> str:
    return f"ntn_{digits(rng, 11)}{chars(rng, ALNUM, 35)}"


# provider_kind -> generator; each is one secret rule's format.
PROVIDERS: dict[str, Callable[[random.Random], str]] = {
    "github_pat": lambda r: crc_token("ghp_", r),
    "github_oauth": lambda r: crc_token("gho_", r),
    "github_user_to_server": lambda r: crc_token("ghu_", r),
    "github_server_to_server": lambda r: crc_token("ghs_", r),
    "github_refresh_token": lambda r: crc_token("ghr_", r),
    "github_fine_grained_pat": _github_fine_grained,
    "gitlab_pat": _fixed("glpat-", URLSAFE, 20),
    "gitlab_pipeline_trigger": _fixed("glptt-", HEX, 40),
    "gitlab_runner_registration": _fixed("GR1348941", URLSAFE, 20),
    "gitlab_deploy_token": _fixed("gldt-", URLSAFE, 20),
    "gitlab_runner_token": _fixed("glrt-", URLSAFE, 20),
    "aws_access_key": _aws,
    "slack_bot_token": _slack_bot,
    "slack_user_token": _slack_user,
    "slack_app_token": _slack_app,
    "slack_webhook": _slack_webhook,
    "stripe_secret_key": _stripe("sk_live_"),
    "stripe_restricted_key": _stripe("rk_live_"),
    "stripe_webhook_secret": _fixed("whsec_", ALNUM, 32),
    "google_api_key": _fixed("AIza", URLSAFE, 35),
    "google_oauth_client_secret": _fixed("GOCSPX-", URLSAFE, 28),
    "openai_project_key": _openai_project,
    "openai_legacy_key": lambda r: f"sk-{chars(r, ALNUM, 20)}T3BlbkFJ{chars(r, ALNUM, 20)}",
    "anthropic_api_key": _anthropic("api03"),
    "anthropic_admin_key": _anthropic("admin01"),
    "sendgrid_api_key": _sendgrid,
    "twilio_api_key": _fixed("SK", HEX, 32),
    "npm_token": lambda r: crc_token("npm_", r),
    "pypi_token": _pypi,
    "shopify_access_token": _fixed("shpat_", HEX, 32),
    "shopify_custom_app_token": _fixed("shpca_", HEX, 32),
    "shopify_private_app_token": _fixed("shppa_", HEX, 32),
    "shopify_shared_secret": _fixed("shpss_", HEX, 32),
    "digitalocean_pat": _fixed("dop_v1_", HEX, 64),
    "digitalocean_oauth_token": _fixed("doo_v1_", HEX, 64),
    "huggingface_token": _fixed("hf_", string.ascii_letters, 34),
    "databricks_token": _fixed("dapi", HEX, 32),
    "atlassian_api_token": _fixed("ATATT3", URLSAFE, 186),
    "azure_ad_client_secret": _azure_ad,
    "postman_api_key": _postman,
    "doppler_token": _fixed("dp.pt.", ALNUM, 43),
    "pulumi_token": _fixed("pul-", HEX, 40),
    "grafana_service_account_token": _grafana_sa,
    "grafana_cloud_token": _grafana_cloud,
    "newrelic_user_key": _fixed("NRAK-", UPPER_ALNUM, 27),
    "sentry_user_token": _fixed("sntryu_", HEX, 64),
    "linear_api_key": _fixed("lin_api_", ALNUM, 40),
    "notion_token": _notion,
    "dynatrace_token": _dynatrace,
    "easypost_api_key": _fixed("EZAK", ALNUM, 54),
    "clojars_token": _fixed("CLOJARS_", LOWER_ALNUM, 60),
    "rubygems_token": _fixed("rubygems_", HEX, 48),
    "readme_api_key": _fixed("rdme_", LOWER_ALNUM, 70),
    "prefect_api_key": _fixed("pnu_", ALNUM, 36),
    "planetscale_token": _fixed("pscale_tkn_", URLSAFE, 43),
    "scalingo_token": _fixed("tk-us-", URLSAFE, 48),
    "shippo_live_token": _fixed("shippo_live_", HEX, 40),
    "vault_service_token": _vault("hvs.", 90, 120),
    "vault_batch_token": _vault("hvb.", 138, 180),
    "age_secret_key": _age_key,
    "onepassword_service_account_token": _onepassword_service,
    "onepassword_secret_key": _onepassword_secret_key,
    "artifactory_api_key": _fixed("AKCp", ALNUM, 69),
    "square_access_token": _fixed("EAAA", URLSAFE, 60),
    "square_oauth_secret": _fixed("sq0csp-", URLSAFE, 43),
    "flutterwave_secret_key": lambda r: f"FLWSECK-{chars(r, HEX, 32)}-X",
    "mailgun_api_key": _fixed("key-", HEX, 32),
    "mailchimp_api_key": _mailchimp,
    "telegram_bot_token": _telegram,
    "discord_webhook": _discord_webhook,
    "heroku_api_key": _heroku,
    "alibaba_access_key": _fixed("LTAI", ALNUM, 20),
    "sendinblue_api_key": _sendinblue,
    "frameio_token": _fixed("fio-u-", URLSAFE, 64),
    "duffel_live_token": _fixed("duffel_live_", URLSAFE, 43),
    "infracost_api_key": _fixed("ico-", ALNUM, 32),
    "sourcegraph_token": _sourcegraph,
    "octopus_deploy_api_key": _fixed("API-", UPPER_ALNUM, 26),
    "perplexity_api_key": _fixed("pplx-", ALNUM, 48),
    "groq_api_key": _fixed("gsk_", ALNUM, 52),
    "replicate_token": _fixed("r8_", ALNUM, 37),
    "xai_api_key": _fixed("xai-", ALNUM, 80),
    "docker_hub_pat": _fixed("dckr_pat_", URLSAFE, 27),
    "supabase_token": _fixed("sbp_", HEX, 40),
    "maxmind_license_key": _maxmind,
    "mapbox_secret_token": _mapbox,
    "harness_pat": _harness,
    "flyio_token": _fly,
    "terraform_cloud_token": _terraform,
    "langsmith_api_key": _langsmith,
    "deno_deploy_token": _fixed("ddp_", ALNUM, 36),
    "cloudflare_origin_ca_key": _cloudflare_origin,
}

# How people paste a token: in a shell export, a config line, a header, prose.
TOKEN_SENTENCES: tuple[str, ...] = (
    "export TOKEN={v}",
    "Here is the key for the staging deploy: {v}",
    "Authorization: Bearer {v}",
    'config.set("credentials", "{v}")',
    "I rotated it yesterday, the new one is {v} — don't share it.",
    "api_key: {v}",
)
