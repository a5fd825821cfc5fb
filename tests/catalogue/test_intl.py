"""International catalogue entries (``intl.yaml``): published examples through the real engine.

Each detector finds its published examples whole, with its category and
severity, and nothing else: invalid variants (a digit changed, a wrong
length), values that are another identifier, and context-required values
without their context word are not reported.
"""

# ruff: noqa: RUF001, RUF003 - Japanese text: full-width colons and brackets; Cyrillic.
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_core import Engine
from engine_plugins.catalogue.checks.intl import (
    CARD_RANGES,
    bitcoin_address,
    card_number,
    date_of_birth,
    ethereum_address,
    imei_number,
    mac_address,
)

from .conftest import catalogue_engine, hits, streamed_one_by_one, values

# --- payment cards ------------------------------------------------------------------

#: Test card numbers the networks' processors publish: Stripe (docs.stripe.com/testing),
#: PayPal ("Test Credit Card Account Numbers"), Braintree ("Testing and Go Live: card
#: numbers") and Authorize.net (developer.authorize.net, "Testing Guide").
PUBLISHED_CARDS = {
    "Visa (Stripe)": "4242424242424242",
    "Visa (PayPal)": "4111111111111111",
    "Visa 13 digits (PayPal)": "4222222222222",
    "Visa 13 digits (Authorize.net)": "4007000000027",
    "Mastercard (Stripe)": "5555555555554444",
    "Mastercard 2-series (Stripe)": "2223003122003222",
    "Mastercard (PayPal)": "5105105105105100",
    "American Express (Stripe)": "378282246310005",
    "American Express (PayPal)": "371449635398431",
    "Discover (Stripe)": "6011111111111117",
    "Discover (PayPal)": "6011000990139424",
    "Diners Club 14 digits (Stripe)": "36227206271667",
    "Diners Club 16 digits (Stripe)": "3056930009020004",
    "Diners Club (PayPal)": "38520000023237",
    "JCB (Stripe)": "3566002020360505",
    "JCB (PayPal)": "3530111333300000",
    "JCB 3088 (Authorize.net)": "3088000000000017",
    "UnionPay (Stripe)": "6200000000000005",
    "UnionPay 19 digits (Stripe)": "6205500000000000004",
    "UnionPay (Braintree)": "6243030000000001",
    "Maestro (Braintree)": "6304000000000000",
    "Dankort (PayPal)": "5019717010103742",
}


@pytest.mark.parametrize("card", PUBLISHED_CARDS.values(), ids=PUBLISHED_CARDS.keys())
def test_published_test_cards_are_cards(builtin: Engine, card: str) -> None:
    """Each network's published test number is a CREDIT_CARD, FATAL, under PCI-DSS."""
    text = f"Please charge the card {card} for the renewal."
    found = hits(builtin, text)
    assert [(hit.category, hit.severity, hit.law, hit.value) for hit in found] == [
        ("CREDIT_CARD", "FATAL", "PCI-DSS", card)
    ]
    assert found[0].span == (23, 23 + len(card))


@pytest.mark.parametrize(
    "written",
    ["4111 1111 1111 1111", "4111-1111-1111-1111", "3782 822463 10005", "3622 720627 1667"],
)
def test_grouped_cards(builtin: Engine, written: str) -> None:
    """Cards grouped by spaces or dashes (4-4-4-4, 4-6-5, 4-6-4) are found whole."""
    assert values(builtin, f"Card: {written}, expiry 04/27.", "CREDIT_CARD") == [written]


@pytest.mark.parametrize(
    ("number", "what"),
    [
        ("4111111111111112", "a Visa number with its check digit changed"),
        ("4242424242424241", "a Visa number with its last digit changed"),
        ("490154203237518", "an IMEI (Luhn-valid, 15 digits, no card prefix)"),
        ("808401234567893", "an NPI with its 80840 prefix (Luhn-valid)"),
        ("8001015009087", "a South African identity number (Luhn-valid, 13 digits)"),
        ("7000000000000000007", "19 Luhn-valid digits with a prefix no network assigns"),
        ("9780306406157", "an ISBN-13"),
        ("3714496353984", "an American Express prefix with 13 digits"),
        ("5555555555554444555", "a Mastercard prefix with 19 digits"),
    ],
)
def test_numbers_that_are_not_cards(builtin: Engine, number: str, what: str) -> None:
    """Luhn-valid numbers without an assigned issuer prefix and length are not cards."""
    assert values(builtin, f"Reference {number} on file.", "CREDIT_CARD") == [], what


def test_card_ranges_are_well_formed() -> None:
    """Every range has prefixes of one length, low <= high, and card lengths only."""
    for low, high, lengths in CARD_RANGES:
        assert len(low) == len(high)
        assert low <= high
        assert low.isdigit()
        assert lengths
        assert all(13 <= length <= 19 for length in lengths)


def test_card_check_accepts_separators_only() -> None:
    """The check reads digits with spaces or dashes between them, nothing else."""
    assert card_number("4111 1111-1111 1111")
    assert not card_number("4111 1111 1111 111x")
    assert not card_number(_full_width("4111111111111111"))  # the engine folds these first


def _full_width(digits: str) -> str:
    return "".join(chr(0xFF10 + int(digit)) for digit in digits)


def test_full_width_card_digits(builtin: Engine) -> None:
    """A card written in full-width digits is found and its original span redacted."""
    card = _full_width("4111111111111111")
    result = builtin.evaluate(f"Card {card} ok")
    assert [trigger.category for trigger in result.triggers] == ["CREDIT_CARD"]
    assert result.triggers[0].spans == ((5, 21),)


@pytest.mark.parametrize(
    ("text", "category", "value"),
    [
        ("用户：银行卡" + _full_width("4111111111111111"), "CREDIT_CARD", "４１１１"),
        ("カード番号4111111111111111です", "CREDIT_CARD", "4111111111111111"),
        ("신용카드4111111111111111입니다", "CREDIT_CARD", "4111111111111111"),
        ("บัตรเครดิต4111111111111111", "CREDIT_CARD", "4111111111111111"),
        ("收款账号DE89370400440532013000谢谢", "IBAN", "DE89370400440532013000"),
        ("手机串号490154203237518号", "IMEI", "490154203237518"),
    ],
)
def test_a_value_touching_cjk_thai_or_hangul_is_found(
    builtin: Engine, text: str, category: str, value: str
) -> None:
    """Those scripts write no space between words: a label or a particle touching a card,
    an IBAN or an IMEI is not part of its token (the card is the W3C's test Visa, the
    IBAN ISO 13616's example, the IMEI GSMA's published example)."""
    found = [(hit.category, hit.value) for hit in hits(builtin, text)]
    assert any(
        found_category == category and value in found_value for found_category, found_value in found
    ), found
    latin = text.replace(text[: text.find(value[0])], "ref")
    assert category not in [hit.category for hit in hits(builtin, latin)], "a Latin letter joins"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 4111 1111 1111 1111", ["4111 1111 1111 1111"]),
        ("3x 4111111111111111", ["4111111111111111"]),
        ("| 2 | 4111 1111 1111 1111 |", ["4111 1111 1111 1111"]),
        ("qty 12 5555555555554444", ["5555555555554444"]),
        (
            "4111 1111 1111 1111 5555 5555 5555 4444",
            ["4111 1111 1111 1111", "5555 5555 5555 4444"],
        ),
        ("4111111111111111,5555555555554444", ["4111111111111111", "5555555555554444"]),
        # A URL's path segment, as an access log writes it.
        ("GET /cards/4111111111111111 HTTP/1.1", ["4111111111111111"]),
        ("https://crm.example/customers/5555-5555-5555-4444/edit", ["5555-5555-5555-4444"]),
        # A date's or a scheme's slash is no path's.
        ("paid 12/4111111111111111", []),
        ("http://4111111111111111", []),
    ],
)
def test_list_numbers_quantities_and_neighbours_hide_no_card(
    builtin: Engine, text: str, expected: list[str]
) -> None:
    """A value after a list number, a quantity or another value, or in a URL's path, is
    still found."""
    assert values(builtin, text, "CREDIT_CARD") == expected


def test_card_digits_inside_a_spaced_iban_are_the_iban(builtin: Engine) -> None:
    """An IBAN whose digit groups happen to form a Luhn-valid Visa number is one IBAN."""
    text = "Please wire the deposit to DE38 4000 0000 0000 0002 00 today."
    assert [(hit.category, hit.value) for hit in hits(builtin, text)] == [
        ("IBAN", "DE38 4000 0000 0000 0002 00")
    ]


def test_phone_digits_inside_a_spaced_iban_are_the_iban(builtin: Engine) -> None:
    """The French example IBAN of the SWIFT registry holds a phone-shaped 0112 3456 7890."""
    text = "IBAN: FR76 3000 6000 0112 3456 7890 189"
    assert [hit.category for hit in hits(builtin, text)] == ["IBAN"]


# --- phone numbers (number boundaries) ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Call 2 415-555-0123 now", ["415-555-0123"]),
        ("1. 07700 900123", ["07700 900123"]),
        ("Call 415-555-0123 415-555-0124", ["415-555-0123", "415-555-0124"]),
        ("Lines: 020 7946 0958, 020 7946 0959", ["020 7946 0958", "020 7946 0959"]),
    ],
)
def test_list_numbers_and_neighbours_hide_no_phone(
    builtin: Engine, text: str, expected: list[str]
) -> None:
    """A phone number after a list number or next to another one is still found."""
    assert values(builtin, text, "PHONE") == expected


@pytest.mark.parametrize(
    "text",
    [
        "4000 0566 5566 5556",  # a Visa test card: its tail is no UK number
        "Batch 1234 020 7946",  # the tail of a longer digit run
        "030 1234 56 78 90 12",  # the head of a longer one
        "lotto=01 05 20 25 29 30",  # six numbers in pairs: neither five is a French phone
        '"lottery_numbers": "05 09 21 27 32 40"',
    ],
)
def test_phones_are_not_pieces_of_longer_numbers(builtin: Engine, text: str) -> None:
    """A phone-shaped run inside a longer number is not a phone number."""
    assert values(builtin, text, "PHONE") == []


@pytest.mark.parametrize(
    "number",
    [
        "039451 859",  # Germany: 39451 Wasserleben (libphonenumber geocoder)
        "033203 1234",  # Germany: 33203 Kleinmachnow
        "016977 3456",  # United Kingdom: 16977 Brampton, a four-digit subscriber number
    ],
)
def test_national_numbers_with_five_digit_area_codes(builtin: Engine, number: str) -> None:
    """Five digits after the trunk 0 are an area code in Germany and the UK, not too many."""
    assert values(builtin, f"| 2 | {number} | ok |", "PHONE") == [number]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Contact phone: 07160 914 849", "07160 914 849"),  # UK mobile, 07160 914849
        ("Tel: 07914 877 670", "07914 877 670"),
    ],
)
def test_a_formats_last_group_written_in_two(builtin: Engine, text: str, number: str) -> None:
    """UK mobiles are written 5-3-3 as often as libphonenumber's 5-6: a format's last
    group split in two of three digits or more is still its grouping, as is a group of
    four read as two pairs (415 596 83 42); a split leaving a part of one digit, or two
    beside four, is not."""
    assert values(builtin, text, "PHONE") == [number]
    assert values(builtin, "Call 415 596 83 42", "PHONE") == ["415 596 83 42"]
    assert values(builtin, "Call 415 596 834 2", "PHONE") == []
    assert values(builtin, "Contact phone: 07160 91 4849", "PHONE") == []


def test_a_five_and_five_digit_split_alone_is_no_phone(builtin: Engine) -> None:
    """0 and ten digits split 5+5 is India's landline form, and also how a Norwegian birth
    number (python-stdnum: valid) may be written: without a phone word, nothing."""
    assert values(builtin, "Som avtalt: 070562 42672", "PHONE") == []
    assert values(builtin, "Phone: 070562 42672", "PHONE") == ["070562 42672"]


# --- IBAN ---------------------------------------------------------------------------


def test_iban_needs_only_iso_13616(builtin: Engine) -> None:
    """A Spanish IBAN whose national check digits are off, mod 97 intact, is still an IBAN.

    ES91 2100 0418 4502 0005 1332 is the registry's example; its national check
    digits ``45`` turned into ``00`` and the IBAN check digits recomputed (68).
    """
    for iban in ("ES91 2100 0418 4502 0005 1332", "ES68 2100 0418 0002 0005 1332"):
        assert values(builtin, f"IBAN: {iban}", "IBAN") == [iban]


@pytest.mark.parametrize(
    "iban",
    ["ES91 2100 0418 4502 0005 1331", "ES91 2100 0418 4502 0005 133", "XX91 2100 0418 4502 0005"],
)
def test_iban_mod_97_length_and_country(builtin: Engine, iban: str) -> None:
    """A wrong mod-97, a wrong length for the country or an unknown country: no IBAN."""
    assert values(builtin, f"IBAN: {iban}", "IBAN") == []


@pytest.mark.parametrize(
    "iban", ["DE89-3704-0044-0532-0130-00", "GB82-WEST-1234-5698-7654-32", "NL91-ABNA-0417-1643-00"]
)
def test_an_iban_grouped_by_dashes_is_an_iban(builtin: Engine, iban: str) -> None:
    """Group separators change no account: ISO 13616 decides."""
    assert values(builtin, f"send it to {iban} please", "IBAN") == [iban]


@pytest.mark.parametrize(
    "text",
    [
        "Stefan: iban: {v} danke",
        "{v} is mijn iban",
        "IBAN-Nummer {v}",
    ],
)
@pytest.mark.parametrize(
    "iban", ["de89 3704 0044 0532 0130 00", "gb82 west 1234 5698 7654 32", "nl91abna0417164300"]
)
def test_a_lower_case_iban_beside_the_word_is_an_iban(
    builtin: Engine, text: str, iban: str
) -> None:
    """Chats type an IBAN in lower case: the registry's examples, lowered, beside IBAN."""
    assert values(builtin, text.format(v=iban), "IBAN") == [iban]


@pytest.mark.parametrize(
    "text",
    [
        "ref de89 3704 0044 0532 0130 00 ok",  # no IBAN word
        "iban: de89 3704 0044 0532 0130 01",  # mod 97 broken
        "iban hash de8937040044053201300011aa",  # a longer token
    ],
)
def test_a_lower_case_iban_needs_the_word_and_the_check(builtin: Engine, text: str) -> None:
    assert values(builtin, text, "IBAN") == []


WRAPPED_IBANS = [
    # ISO 13616's examples, a line break for one of their spaces.
    (
        "refund the\ndeposit to IBAN DE89 3704 0044\n0532 0130 00 at your",
        "DE89 3704 0044\n0532 0130 00",
    ),
    (
        "use our new account for the deposit: GB82\nWEST 1234 5698 7654 32 and",
        "GB82\nWEST 1234 5698 7654 32",
    ),
    ("Rekening (IBAN): NL91 ABNA 0417 1643\r\n00\r\nAdres", "NL91 ABNA 0417 1643\r\n00"),
]


@pytest.mark.parametrize(("text", "iban"), WRAPPED_IBANS)
def test_an_iban_wrapped_at_a_margin_is_one_iban(builtin: Engine, text: str, iban: str) -> None:
    """A letter wrapped at its margin, a PDF's or a fax's text: a line break stands for a
    group's space, and mod 97 decides."""
    assert values(builtin, text, "IBAN") == [iban]


@pytest.mark.parametrize("size", [1, 7, 64])
def test_a_wrapped_iban_streams_as_it_evaluates(builtin: Engine, size: int) -> None:
    text = "".join(text for text, _ in WRAPPED_IBANS)
    clean = builtin.evaluate(text).remedy.clean_text
    assert clean.count("[REDACTED_IBAN]") == len(WRAPPED_IBANS)
    session = builtin.stream_session(block_on_fatal=False)
    parts = [text[at : at + size] for at in range(0, len(text), size)]
    released = "".join(chunk.text for part in parts for chunk in session.push(part))
    released += "".join(chunk.text for chunk in session.flush())
    assert released == clean


def test_the_next_line_is_no_part_of_an_iban(builtin: Engine) -> None:
    """An IBAN ending its line: the next line's first group is not added to it."""
    for after in ("ABCD EFGH", "4711 rows", "0044 0532"):
        text = f"IBAN DE89 3704 0044 0532 0130 00\n{after}"
        assert values(builtin, text, "IBAN") == ["DE89 3704 0044 0532 0130 00"]
    # An IBAN of whole groups (Belgium's example) before a CRLF: the \r stays outside it.
    assert values(builtin, "IBAN BE68 5390 0754 7034\r\nABCD EFGH", "IBAN") == [
        "BE68 5390 0754 7034"
    ]


# --- MAC addresses ------------------------------------------------------------------


@pytest.mark.parametrize(
    "mac",
    [
        "D0-50-99-84-A2-A0",  # python-stdnum's mac example
        "d0:50:99:84:a2:a0",
        "d050.9984.a2a0",  # the same in Cisco's dotted notation
        "00:1A:2B:3C:4D:5E",
        "02:42:ac:11:00:02",  # locally administered (a container's)
        "00:50:56:25:71:24",  # decimal digits only, but VMware's registered OUI
    ],
)
def test_mac_addresses(builtin: Engine, mac: str) -> None:
    """MAC addresses in the usual notations are MAC_ADDRESS, WARNING."""
    found = hits(builtin, f"The device {mac} joined the network.")
    assert [(hit.category, hit.severity, hit.value) for hit in found] == [
        ("MAC_ADDRESS", "WARNING", mac)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "00:00:00:00:00:00",
        "ff:ff:ff:ff:ff:ff",
        "d0:50:99:84:a2:a0:11",
        "10-20-30-40-50-60",
        "12:34:56",
        "fe80::d0:50:99:84:a2:a0",
        "d0:50:99:84:a2",
    ],
)
def test_not_mac_addresses(builtin: Engine, text: str) -> None:
    """The null and broadcast addresses, wrong group counts, decimal runs of no registered
    manufacturer: no MAC."""
    assert values(builtin, f"value {text} here", "MAC_ADDRESS") == []


@pytest.mark.parametrize(
    "address",
    [
        # RFC 4291, section 2.2: preferred, compressed and mixed notations (its examples
        # are in the documentation range 2001:db8::/32, so here under 2001:da8::/32).
        "2001:DA8:0:0:8:800:200C:417A",
        "2001:DA8::8:800:200C:417A",
        "FF01::101",
        "0:0:0:0:0:0:13.1.68.3",
        "::FFFF:129.144.52.38",
        # RFC 5952, section 4: the recommended text form.
        "2001:da8::1:0:0:1",
        "2001:da8:0:0:1:0:0:1",
    ],
)
def test_ipv6_addresses(builtin: Engine, address: str) -> None:
    """IPv6 addresses in every notation of RFC 4291 are IP_ADDRESS."""
    assert values(builtin, f"The host {address} answered.", "IP_ADDRESS") == [address]


@pytest.mark.parametrize(
    "address", ["127.0.0.1", "127.1.2.3", "0.0.0.0", "::1", "0:0:0:0:0:0:0:1", "::"]
)
def test_loopback_and_unspecified_addresses_name_no_host(builtin: Engine, address: str) -> None:
    """Every machine's own address and the unspecified one identify no one (curl -v's
    ``Trying [::1]...``, a server's ``listening on 0.0.0.0:8080``)."""
    text = f"Trying [{address}]... listening on {address} port 8080"
    assert values(builtin, text, "IP_ADDRESS") == []


@pytest.mark.parametrize(
    "address",
    [
        "192.0.2.1",  # RFC 5737: TEST-NET-1, -2 and -3
        "198.51.100.255",
        "203.0.113.0",
        "2001:db8::1",  # RFC 3849
        "2001:DB8:0:0:8:800:200C:417A",
        "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
        "3fff:abc::1",  # RFC 9637
    ],
)
def test_documentation_addresses_are_not_reported(builtin: Engine, address: str) -> None:
    """An address reserved for documentation identifies no one: manuals write them."""
    assert values(builtin, f"The host {address} answered.", "IP_ADDRESS") == []


@pytest.mark.parametrize(
    "address",
    ["192.0.1.255", "192.0.3.1", "203.0.114.9", "2001:db9::1", "3fff:1000::1", "10.20.0.7"],
)
def test_addresses_beside_the_documentation_ranges_are_reported(
    builtin: Engine, address: str
) -> None:
    """The ranges end where the RFCs end them; private and link-local addresses still count."""
    assert values(builtin, f"The host {address} answered.", "IP_ADDRESS") == [address]


@pytest.mark.parametrize(
    "text",
    ["12:34:56", "07:26:34-05:00", "2025-01-27T07:26:34.648Z", "1:2:3:4:5:6:7", "a:b:c:d"],
)
def test_times_and_short_colon_runs_are_not_ipv6(builtin: Engine, text: str) -> None:
    """An address holds "::" or at least six colons: a time of day is not even a candidate."""
    assert values(builtin, f"at {text} today", "IP_ADDRESS") == []


def test_a_ci_annotations_column_and_code_are_no_address(builtin: Engine) -> None:
    """GitHub Actions' workflow commands write a column, ``::`` and a lint code
    (``col=23::F401``): two groups whose first is one or two digits are no address; two
    whose first names a range still are."""
    line = "::warning file=src/api.py,line=39,col=23::F401 unused import\n"
    assert values(builtin, line * 3, "IP_ADDRESS") == []
    text = "neighbours fe80::1, ff02::1 and 2a00::7 answered"
    assert values(builtin, text, "IP_ADDRESS") == ["fe80::1", "ff02::1", "2a00::7"]


def test_a_browser_version_is_no_address(builtin: Engine) -> None:
    """A user agent's product version (Chrome/124.0.0.0) is no address; the client's is."""
    line = (
        '10.20.0.7 - - [12/Mar/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 512 "-" '
        '"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) '
        'Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51"'
    )
    assert values(builtin, line, "IP_ADDRESS") == ["10.20.0.7"]
    assert values(builtin, "GET http://10.20.0.7/status", "IP_ADDRESS") == ["10.20.0.7"]


def test_mac_check() -> None:
    """The check accepts the three notations and refuses other shapes."""
    assert mac_address("D0-50-99-84-A2-A0")
    assert mac_address("d050.9984.a2a0")
    assert not mac_address("D0-50-99-84-A2")
    assert not mac_address("g0:50:99:84:a2:a0")


# --- crypto-currency addresses ------------------------------------------------------

#: BIP-173 and BIP-350 (github.com/bitcoin/bips) test vectors for mainnet, the Bitcoin
#: wiki's "Address" examples, python-stdnum's bitcoin example and EIP-55's test cases.
PUBLISHED_WALLETS = [
    "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",  # P2PKH, Bitcoin wiki
    "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",  # P2SH, Bitcoin wiki
    "1NEDqZPvTWRaoho48qXuLLsrYomMXPABfD",  # python-stdnum
    "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",  # BIP-173, P2WPKH upper case
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",  # BIP-173, P2WSH
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",  # BIP-350, taproot
    "BC1SW50QGDZ25J",  # BIP-350, version 16
    "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs",  # BIP-350, version 2
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",  # EIP-55, mixed case
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
    "0x52908400098527886E0F7030069857D2E4169EE7",  # EIP-55, all caps
    "0xde709f2102306220921060314715629080e2fb77",  # EIP-55, all lower
]


@pytest.mark.parametrize("wallet", PUBLISHED_WALLETS)
def test_published_wallets(builtin: Engine, wallet: str) -> None:
    """Published Bitcoin and Ethereum addresses are CRYPTO_WALLET, found whole."""
    text = f"Send it to {wallet}."
    found = hits(builtin, text)
    assert [(hit.category, hit.severity, hit.value, hit.span) for hit in found] == [
        ("CRYPTO_WALLET", "WARNING", wallet, (11, 11 + len(wallet)))
    ]


@pytest.mark.parametrize(
    ("wallet", "what"),
    [
        ("1NEDqZPvTWRaoho48qXuLLsrYomMXPABfX", "python-stdnum's invalid checksum example"),
        ("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3", "Base58Check digest changed"),
        ("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "BIP-173: invalid checksum"),
        ("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "BIP-350: v0 with a Bech32m checksum"),
        ("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", "BIP-350: v1, Bech32"),
        ("bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "mixed case Bech32"),
        ("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "EIP-55: one letter's case flipped"),
        ("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe", "39 hex digits"),
    ],
)
def test_invalid_wallets(builtin: Engine, wallet: str, what: str) -> None:
    """Checksum failures and malformed addresses are not reported."""
    assert values(builtin, f"Send it to {wallet}.", "CRYPTO_WALLET") == [], what


def test_wallet_checks() -> None:
    """The named checks keep Bitcoin and Ethereum apart."""
    assert bitcoin_address("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy")
    assert not bitcoin_address("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
    assert ethereum_address("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
    assert not ethereum_address("5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00")
    assert not ethereum_address("0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")


def test_a_hash_is_not_a_wallet(builtin: Engine) -> None:
    """A 64-hex transaction hash holds 40 hex digits after 0x but is no address."""
    text = "tx 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed5aaeb6053f3e94c9b9a09f33 mined"
    assert values(builtin, text, "CRYPTO_WALLET") == []


# --- IMEI ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "imei",
    [
        "490154203237518",  # Wikipedia's IMEI example
        "49-015420-323751-8",
        "35-417803-685978-9",  # python-stdnum's formatted example
        "35 417803 685978 9",
    ],
)
def test_imei_with_context(builtin: Engine, imei: str) -> None:
    """An IMEI next to the word IMEI is IMEI, WARNING, found whole."""
    found = hits(builtin, f"IMEI: {imei}")
    assert [(hit.category, hit.severity, hit.value) for hit in found] == [("IMEI", "WARNING", imei)]


@pytest.mark.parametrize(
    "text",
    [
        "Serial 490154203237518 on the box.",  # no context word
        "IMEI: 35-417803-685978-1",  # python-stdnum's invalid check digit example
        "IMEI: 49015420323751",  # 14 digits: no check digit to verify
        "IMEI: 3568680000414120",  # a 16-digit IMEISV: no check digit
    ],
)
def test_not_imei(builtin: Engine, text: str) -> None:
    """Without the word IMEI, with a wrong check digit or length: no IMEI."""
    assert values(builtin, text, "IMEI") == []
    assert not imei_number("35-417803-685978-1")


def test_a_modems_serial_number_answer_is_its_imei(builtin: Engine) -> None:
    """AT+CGSN (3GPP TS 27.007) asks a modem for its IMEI; the next line answers."""
    text = ">> AT+CGSN\n<< 490154203237518\n<< OK"
    assert values(builtin, text, "IMEI") == ["490154203237518"]


def test_imei_and_card_context_decides(builtin: Engine) -> None:
    """A 15-digit Luhn number with an Amex prefix is the IMEI its context names."""
    imei = "371449635398431"
    assert values(builtin, f"Phone IMEI {imei}", "IMEI") == [imei]
    assert values(builtin, f"Amex card {imei}", "CREDIT_CARD") == [imei]


# --- dates of birth -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("DOB: 1985-03-14", "1985-03-14"),
        ("Date of birth: 14/03/1985", "14/03/1985"),
        ("D.O.B. 03/14/85", "03/14/85"),
        ("Jane Doe (born 14 March 1985) is a writer.", "14 March 1985"),
        ("She was born on March 14, 1985.", "March 14, 1985"),
        ("DOB 14-MAR-1985", "14-MAR-1985"),
        ("Geburtsdatum: 14.03.1985", "14.03.1985"),
        ("geboren am 14. März 1985", "14. März 1985"),
        ("Fecha de nacimiento: 14 de marzo de 1985", "14 de marzo de 1985"),
        ("Date de naissance : 1er mars 1985", "1er mars 1985"),
        ("Data di nascita: 14 marzo 1985", "14 marzo 1985"),
        ("Data de nascimento: 14 de março de 1985", "14 de março de 1985"),
        ("Geboortedatum: 14 maart 1985", "14 maart 1985"),
        ("Born on the 14th of March 1985", "14th of March 1985"),
        ("nato a Milano il 14/03/1985", "14/03/1985"),
        ("né à Paris le 14 mars 1985", "14 mars 1985"),
        ("Ich bin am 14.03.1985 in Bremen geboren.", "14.03.1985"),  # the verb closes it
        ("Nasceu em 14/03/1985 no Porto.", "14/03/1985"),
        ("Nació el 14/03/1985 en Sevilla.", "14/03/1985"),
        ("Datum narození: 7. 1. 1965", "7. 1. 1965"),
        ("Geburtsdatum: 14.03. 1985", "14.03. 1985"),
        ("Születési dátum: 1965. 01. 07.", "1965. 01. 07."),
        ("生年月日：1977年5月30日", "1977年5月30日"),
        ("1977年5月30日生まれ（生年月日）", "1977年5月30日"),
        ("出生日期 1990年 1月 2日", "1990年 1月 2日"),
        ("생년월일: 1988년 6월 30일", "1988년 6월 30일"),
        ("วันเกิด 12/03/2528", "12/03/2528"),  # the Buddhist era: 1985
        ("Rođen 22. 4. 1967.", "22. 4. 1967"),
        ("Data ur. 07.01.1958", "07.01.1958"),
        ("F. nacimiento 06/01/1981", "06/01/1981"),
        ("fæddur 23.01.1955", "23.01.1955"),
        ("Роден на 16.11.1996 г.", "16.11.1996 г."),  # the year's word, г. (година)
        ("Data urodzenia: 03.02.1971 r.", "03.02.1971 r."),  # and Polish r. (roku)
        ('{"dataNasc": "1970-03-17"}', "1970-03-17"),
        ("<dateNaissance>1978-08-06</dateNaissance>", "1978-08-06"),
        # Month names of the other context languages, as their dates decline them.
        ("Datum rođenja: 8. kolovoza 1981.", "8. kolovoza 1981"),
        ("Data urodzenia: 14 października 1985", "14 października 1985"),
        ("Datum narození: 7. února 1965", "7. února 1965"),
        ("Dátum narodenia: 7. februára 1965", "7. februára 1965"),
        ("Data nașterii: 14 martie 1985", "14 martie 1985"),
        ("Doğum tarihi: 14 Şubat 1985", "14 Şubat 1985"),
        ("Syntymäaika: 14. maaliskuuta 1985", "14. maaliskuuta 1985"),
        ("Sünniaeg: 14. märts 1985", "14. märts 1985"),
        ("Födelsedatum: 14 augusti 1985", "14 augusti 1985"),
        ("Tanggal lahir: 17 Agustus 1980", "17 Agustus 1980"),
        # SWIFT MT103 field 50F: line 4/ is the ordering customer's date of birth.
        (":50F:/12345678\n1/MUSTERMANN, ERIKA\n4/19640812\n5/DE/BERLIN\n", "19640812"),
        # Lithuanian writes the year first (CLDR's long date: y 'm'. MMMM d 'd'.).
        ("Gimimo data: 2004 m. rugpjūčio 27 d.", "2004 m. rugpjūčio 27 d."),
        # The Japanese calendar's era (元年: its first year), and glued words around.
        ("生年月日：昭和60年3月14日", "昭和60年3月14日"),
        ("生年月日 平成元年1月8日", "平成元年1月8日"),
        ("私は1985年3月14日生まれです", "1985年3月14日"),
        ("1949/03/28生まれ", "1949/03/28"),
        ("1970/2/20出生", "1970/2/20"),
        ("Petsa ng kapanganakan: 5 Hunyo 1979", "5 Hunyo 1979"),
        ("born 02/15/1968", "02/15/1968"),
        # Abbreviated and transliterated words, as field names and table headers write them.
        ("level=WARN birth=1970.12.24 status=400", "1970.12.24"),
        ('{"taarich_leida": "03/11/1963"}', "03/11/1963"),
        ("<imerominia_gennisis>06/12/1971</imerominia_gennisis>", "06/12/1971"),
        ('{"seinengappi": "1969/07/27"}', "1969/07/27"),
        ("GET /api/users/42?tgl_lahir=31-03-1949 HTTP/1.1", "31-03-1949"),
        ("| navn | fdato |\n|---|---|\n| Øyvind Holm | 21.01.1993 |\n", "21.01.1993"),
        ("Gim. data: 1973.03.15", "1973.03.15"),
        ("Geburtstag: 9. Dezember 1980", "9. Dezember 1980"),
        # One space between the parts (a form's boxes; thin spaces fold to spaces).
        ("Fecha de nacimiento: 27 12 1951", "27 12 1951"),
        ("D.O.B.: 2000\u200702\u200704", "2000\u200702\u200704"),
        ("né(e) le 12/01/2004", "12/01/2004"),  # the French forms' né(e)
        # ISO 8601's basic format right after a birth date's field (RFC 6350's BDAY example).
        ("BEGIN:VCARD\nVERSION:4.0\nBDAY:19960415\nEND:VCARD", "19960415"),
        ("BDAY;VALUE=date:19531015", "19531015"),
        ('{"dateOfBirth": "19880303"}', "19880303"),
        ("patient_dob=19790526 status=ok", "19790526"),
        # In an aligned column (an NCPDP claim as a switch log prints it), and after a DICOM
        # element's value representation (pydicom's dump of Patient's Birth Date).
        ("  C4-Date of Birth:                          19500621\n", "19500621"),
        # A range after it is the stay's, not the birth date's (a discharge letter).
        ("geboren 08-08-1937, opgenomen van 16-10-2024 tot 24-10-2024.", "08-08-1937"),
        ("DOB: 12/05/1960 - 64 y/o", "12/05/1960"),
        ("(0010,0030) Patient's Birth Date                DA: '19561004'\n", "19561004"),
        # A Greek deed's "born on".
        ("- Νίκος Γεωργίου, γεννηθείς/είσα στις 16/01/1967, κάτοικος Αθηνών", "16/01/1967"),
        # An EDI message's or a payment message's birth date element: UN/EDIFACT PAXLST's
        # DTM+329, X12 834's DMG segment, ISO 20022's BirthDt.
        ("NAD+FL+++ZHOU:XIAOLING'\nATT+2++M'\nDTM+329:19940922:102'\nLOC+178+PVG'", "19940922"),
        ("NM1*IL*1*DOYLE*WENDY~\nDMG*D8*19920309*F~\nHD*021**HLT~", "19920309"),
        # PAXLST's default date format, YYMMDD (WCO/IATA PAXLST implementation guide).
        ("NAD+FL+++DAHL:ERIK'\nATT+2++M'\nDTM+329:570121'\nLOC+178+OSL'", "570121"),
        # An airline record's day, month abbreviation and year after a birth date's field.
        ("PAX 1 HANSEN/INGRID MS DOB: 03FEB71 NAT NOR", "03FEB71"),
        ("<DtAndPlcOfBirth>\n  <BirthDt>1983-01-04</BirthDt>", "1983-01-04"),
        # "I was born" in a chat, as each language says it (forms write both genders).
        ("Narodila jsem se 10. 2. 1981 v Brně.", "10. 2. 1981"),
        ("Narodil/a jsem se 3.4.1975.", "3.4.1975"),
        ("Urodziłam się 12.07.1997 w Gdańsku.", "12.07.1997"),
        ("Nasci a 1 de agosto de 1986.", "1 de agosto de 1986"),
        ("Jag föddes 1984-05-02 i Malmö.", "1984-05-02"),
        ("Synnyin 14.3.1985 Tampereella.", "14.3.1985"),
        ("14.03.1985 tarihinde doğdum.", "14.03.1985"),
        # Nordic day and month with a slash: Swedish 15/4 1958, Danish 14/11-1949.
        ("Född: 3/9 1961", "3/9 1961"),
        ("født d. 21/06-1977", "21/06-1977"),
        # A chat's or a list's short "born" right before the date.
        ("Anna Nowak, ur. 02.05.1990 r.", "02.05.1990 r."),
        ("Петър Иванов, р. 07.04.1969", "07.04.1969"),
        ("Ion Popescu\nn.: 11.08.1983", "11.08.1983"),
        ("Maja, roj. 14. 6. 1992", "14. 6. 1992"),
        ("Mikko, synt. 02.11.1958", "02.11.1958"),
        ("Kadri, sünd. 30.01.2001", "30.01.2001"),
        ("Ola Nordmann\nf.: 17.05.1984", "17.05.1984"),
        ("Ayşe, doğumlu: 09.09.1979", "09.09.1979"),
        ("Mehmet, d.t. 12/12/1966", "12/12/1966"),
        ("γεννημένη: 23-02-1988", "23-02-1988"),
        ("Siti, lahir 05-07-1991", "05-07-1991"),
        ("Aminah, TL 19/03/1975", "19/03/1975"),
        ("ipinanganak: March 3, 1970", "March 3, 1970"),
        ("Rahul, paida hua 08.08.1996", "08.08.1996"),
        ("Bilal, tareekh pedaish 01-01-1990", "01-01-1990"),
        ("Joana, nascida a 18/10/1987", "18/10/1987"),
        ("生日: 1992年4月5日", "1992年4月5日"),
        ("출생: 1983-11-02", "1983-11-02"),
    ],
)
def test_dates_of_birth(builtin: Engine, text: str, date: str) -> None:
    """Dates in common formats and languages, next to a birth word, are DATE_OF_BIRTH."""
    found = hits(builtin, text)
    assert [(hit.category, hit.severity, hit.value) for hit in found] == [
        ("DATE_OF_BIRTH", "WARNING", date)
    ]
    assert found[0].span == (text.index(date), text.index(date) + len(date))


@pytest.mark.parametrize(
    "text",
    [
        "The meeting is on 2019-05-17.",
        "Invoice dated 14/03/1985 is overdue.",
        "Lieferung am 14.03.1985 um 10:30 Uhr.",
        "Date of birth: 31/02/1985",  # no such day
        "Date of birth: 14/03/2085",  # in the future
        "DOB: 1885-03-14",  # before 1900
        "DOB: 14/13/1985",  # no month 13 either way round
        "Born to run, version 1.2.3",
        "The plan was born of need; it ships 2019-05-17.",
        "DOB: 2019-05-17T10:00:00Z",  # a timestamp
        "The NATO summit on 14/03/2019",
        "注文日 1977年5月30日",  # an order date
        "生年月日：平成元年1月7日",  # still Shōwa 64: Heisei began on 8 January 1989
        "生年月日：令和30年1月1日",  # in the future
        "Gimimo data: 2004 m. birželis 31 d.",  # no 31 June
        "出生地：北京 2023/5/31",  # a place of birth's line, then another date
        "生年月日は別紙\n2024年3月22日 10:30のご予約。",  # a date and time: an appointment
        "생년월일: 1988년 13월 30일",  # no month 13
        "Datum narození: 7. 1. 2065",  # in the future
        "Geburtsdatum: 12 13 1985",  # spaced, no month 13
        "DOB: 12 03 2024 10:00",  # spaced, then a time: a time stamp
        "BDAY:20850415",  # in the future
        "BDAY:19961315",  # no month 13
        "order 19790526, DOB unknown",  # eight digits not right after the field
        "dob: 1985031412",  # ten digits: no date
        "DTM+36:20270208'",  # EDIFACT's expiry date (qualifier 36)
        "DTM+36:270208'",  # and in its default format
        "DTM+329:571321'",  # no month 13
        "DTM+329:5701210'",  # seven digits: no date
        "Flight BA749 15MAR24 0130",  # a flight's date: no birth date's field before it
        "DOB: 30FEB71",  # no such day
        "DOB: 03FEX71",  # no such month
        "DTM+329:20301301:102'",  # no month 13
        "DTP*336*D8*20210823~",  # X12's employment begin date
        "Rating 4/19640812",  # not a line's 4/
        # The first date of a stay's range, next to the patient's birth word.
        "Elke Mertens, geboren, opgenomen van 16-10-2024 tot 24-10-2024.",
        "geb. am ..., die/der sich vom 02.04.2024 bis 13.04.2024 in Behandlung befand",
        "DOB on file; admitted 2024-01-08 to 2024-01-22",
        # Chinese and Japanese dates of occurrence hold 生日; Korean's place of birth 출생.
        "発生日：2021年6月3日",
        "发生日期 2021年6月3日",
        "출생지: 서울 2020-01-18",
        "生日快乐 2020年1月3日",  # birthday wishes, and the label not right before the date
        # A time-to-live is no TTL (tempat, tanggal lahir) but right before the date.
        "TTL=3600 cached 2021-06-03",
        "Fra 15/4 2024 til 20/4 2024",  # a range, and Nordic dates without a birth word
    ],
)
def test_not_dates_of_birth(builtin: Engine, text: str) -> None:
    """Dates without a birth word, impossible dates and timestamps are not dates of birth."""
    assert values(builtin, text, "DATE_OF_BIRTH") == []


def test_date_of_birth_check() -> None:
    """Day-month and month-day orders both count when the date exists."""
    assert date_of_birth("12/31/1990")
    assert date_of_birth("31/12/1990")
    assert not date_of_birth("1990-31-12")
    assert not date_of_birth("14 Smarch 1985")
    assert date_of_birth("14/03/2528")  # B.E. 2528 is 1985
    assert not date_of_birth("14/03/2600")  # B.E. 2600 is 2057
    assert not date_of_birth("14/03/2442")  # B.E. 2442 is 1899
    assert date_of_birth("1985. 03. 14.")
    assert date_of_birth("14. 3. 1985")
    assert date_of_birth("14 03 1985")
    assert date_of_birth("1985 03 14")
    assert date_of_birth("19850314")  # ISO 8601's basic format
    assert date_of_birth("850314")  # and with a two-digit year (EDIFACT's default)
    assert date_of_birth("14MAR85")  # an airline record's
    assert not date_of_birth("851403")
    assert not date_of_birth("14MRZ85")
    assert not date_of_birth("19851403")
    assert not date_of_birth("14 03 85")  # a two-digit year: spaced, any numbers
    assert date_of_birth("1985年3月14日")
    assert not date_of_birth("1985年2月30日")


# --- URL (not a default entry) ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "url"),
    [
        ("See http://www.ietf.org/rfc/rfc2396.txt for it.", "http://www.ietf.org/rfc/rfc2396.txt"),
        ("Fetch ftp://ftp.is.co.za/rfc/rfc1808.txt now", "ftp://ftp.is.co.za/rfc/rfc1808.txt"),
        ("Open https://example.com/a?b=1#c.", "https://example.com/a?b=1#c"),
        ("(see https://example.org/path)", "https://example.org/path"),
        ("Visit www.example.co.uk, it helps", "www.example.co.uk"),
        ("Admin at http://[2001:db8::7]:8080/x", "http://[2001:db8::7]:8080/x"),
    ],
)
def test_urls_when_imported(text: str, url: str) -> None:
    """Imported by id, intl.url finds RFC 3986 examples without trailing punctuation."""
    engine = catalogue_engine("intl.url")
    found = hits(engine, text)
    assert [(hit.category, hit.value) for hit in found] == [("URL", url)]


def test_urls_are_not_in_the_builtin_pack(builtin: Engine) -> None:
    """URL is not a default entry: the built-in pack leaves links alone."""
    assert values(builtin, "See https://example.com/a for details.", "URL") == []


# --- invariants ---------------------------------------------------------------------

_VALUES = st.sampled_from(
    [
        "4111 1111 1111 1111",
        "5555555555554444",
        "D0-50-99-84-A2-A0",
        "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "IMEI 490154203237518",
        "DOB 14/03/1985",
        "ES68 2100 0418 0002 0005 1332",
    ]
)
_FILLERS = st.sampled_from([" ", " 1 ", " | ", ", ", " qty 3 ", "\n", " and ", "; 2. "])


@settings(max_examples=60, deadline=None)
@given(parts=st.lists(st.tuples(_FILLERS, _VALUES), min_size=1, max_size=5))
def test_no_detected_value_survives_in_clean_text(
    builtin: Engine, parts: list[tuple[str, str]]
) -> None:
    """Whatever list numbers, quantities or neighbours surround them, no value survives."""
    text = "".join(filler + value for filler, value in parts)
    clean = builtin.evaluate(text).remedy.clean_text
    assert not any(value in clean for _, value in parts)


def test_one_value_claimed_by_context_and_repeated(builtin: Engine) -> None:
    """The same 15-digit number, once next to "IMEI" and once not, is one value."""
    text = "IMEI 490154203237518\n378282246310005; 2. 378282246310005"
    result = builtin.evaluate(text)
    assert "378282246310005" not in result.remedy.clean_text


# --- e-mail ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        (
            '"GET /api/customers?email=k.moen%40online.no&lang=no HTTP/1.1" 200 512',
            "k.moen%40online.no",
        ),
        ("next=%2Fhome&user=Jane.Doe%40example.co.uk", "Jane.Doe%40example.co.uk"),
        ("to=first%2Blast%40example.com&x=1", "first%2Blast%40example.com"),  # first+last@
    ],
)
def test_an_address_percent_encoded_in_a_query_is_found_whole(
    builtin: Engine, text: str, address: str
) -> None:
    """A URL's query encodes the @ as %40 (RFC 3986): the address is found, and redacted."""
    assert values(builtin, text, "EMAIL") == [address]
    assert address not in builtin.evaluate(text).remedy.clean_text


@pytest.mark.parametrize("size", [1, 7, 64])
def test_an_address_with_a_long_escaped_local_part_streams_as_evaluate_reads_it(
    builtin: Engine, size: int
) -> None:
    """A local part of escaped characters (``%2B``, three characters each) reaches far
    before its ``%40``: the address is found whole, and a stream holds it back as far."""
    local = "user-" + "%2B" * 30 + "x" * 10
    text = f"GET /a?to={local}%40example.com&x=1 HTTP/1.1\n"
    clean = builtin.evaluate(text).remedy.clean_text
    assert values(builtin, text, "EMAIL") == [f"{local}%40example.com"]
    session = builtin.stream_session(block_on_fatal=False)
    pieces = [text[offset : offset + size] for offset in range(0, len(text), size)]
    released = "".join(chunk.text for piece in pieces for chunk in session.push(piece))
    released += "".join(chunk.text for chunk in session.flush())
    assert released == clean


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Correo: marta.estevez {at} gmail {dot} com", "marta.estevez {at} gmail {dot} com"),
        ("Sähköposti\tjane.doe [@] example [.] fi\n", "jane.doe [@] example [.] fi"),
        ("电子邮箱: li.hao(at)126(dot)com", "li.hao(at)126(dot)com"),
        ("write to jane <at> example.co.uk today", "jane <at> example.co.uk"),
        ("E-mail: l.broschi (AT) gmail.com", "l.broschi (AT) gmail.com"),
    ],
)
def test_an_address_spelled_out_to_slip_past_a_filter_is_found_whole(
    builtin: Engine, text: str, address: str
) -> None:
    """An @ written as a word or sign in brackets, and dots perhaps too: found, redacted."""
    assert values(builtin, text, "EMAIL") == [address]
    assert address not in builtin.evaluate(text).remedy.clean_text


@pytest.mark.parametrize(
    "text", ["meet (at) noon", "the price (at) store was fine.", "see [at] the end. Then go"]
)
def test_a_bracketed_at_without_a_domain_is_no_address(builtin: Engine, text: str) -> None:
    assert values(builtin, text, "EMAIL") == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Write to harry dot patel at sky dot com", "harry dot patel at sky dot com"),
        ("Maintainer: JANE.DOE AT EXAMPLE DOT ORG", "JANE.DOE AT EXAMPLE DOT ORG"),
        ("Escríbeme a juan.perez arroba gmail punto com", "juan.perez arroba gmail punto com"),
        ("Copyright 2019 tim.ruehsen at gmx.de", "tim.ruehsen at gmx.de"),
        ("mail me: kw84 at posteo.de", "kw84 at posteo.de"),
        ("any questions: john at gmail dot com", "john at gmail dot com"),
        ("e-mail john @ gmail . com today", "john @ gmail . com"),
        ("Scrivimi: m.bianchi chiocciola libero punto it", "m.bianchi chiocciola libero punto it"),
    ],
)
def test_an_address_with_its_at_written_as_a_word_is_found_whole(
    builtin: Engine, text: str, address: str
) -> None:
    """An @ written as a bare word (at, arroba, chiocciola) or between spaces, its dots
    perhaps as words too (dot, punto): found whole and redacted (intl.email_worded)."""
    assert values(builtin, text, "EMAIL") == [address]
    assert address not in builtin.evaluate(text).remedy.clean_text


@pytest.mark.parametrize(
    "text",
    [
        "look at this dot com",
        "Sign up at gmail.com to start",  # a provider's name with a plain dot: a web site
        "Look at google.com for it",
        "available at example.com",
        "we met at the hotel dot com",
        "493 pcs at 1521.52 GBP due 25.3.2025",
        "Python 3.12 at python.org",
        "thanks @ john . Great",
        "price 3 @ 2.50 . Fine",
        "staff at acme dot company",  # no top-level domain
        "grpcurl -plaintext -d @ api.kestrelpay.com:443 list",  # an option's @: stdin
    ],
)
def test_prose_with_at_and_dot_is_no_address(builtin: Engine, text: str) -> None:
    """A bare "at" is prose's: without a local part holding a dot, an underscore, a digit or
    a spelled-out dot, a sign for the @, or a mailbox provider with a spelled-out dot, and a
    top-level domain, nothing is reported."""
    assert values(builtin, text, "EMAIL") == []


@pytest.mark.parametrize("text", ["discount 50%40 off", "ratio a%40b", "progress 100%40s left"])
def test_a_percent_sign_before_40_is_no_address(builtin: Engine, text: str) -> None:
    assert values(builtin, text, "EMAIL") == []


@pytest.mark.parametrize(
    "text",
    [
        "DATABASE_URL=mysql://readonly:zl5Ok1Iw5A7HyQrP1@replica-2.internal/db",
        "REDIS_URL=redis://:H8aTq2Lx9@cache.internal:6379/0",
        "mongodb+srv://reporting:YMMf83kq1@cluster0.example.net/prod",
    ],
)
def test_a_urls_password_and_host_are_no_email_address(builtin: Engine, text: str) -> None:
    """``scheme://user:password@host`` holds a secret, not an e-mail address (RFC 3986
    userinfo); the password is still redacted as a secret."""
    assert values(builtin, text, "EMAIL") == []
    assert values(builtin, text, "SECRET") != []


@pytest.mark.parametrize(
    "text",
    [
        # Sentry's DSN: the project's key as the URL's user (Sentry's documentation's shape).
        "dsn = https://examplePublicKey@o0.ingest.sentry.io/0",
        "SENTRY_DSN=https://6e418a838df4cc29f8a8c331278acf15@o737359.ingest.sentry.io/3753907",
        "git clone https://jdoe@git.example.com/team/repo.git",
    ],
)
def test_a_urls_user_and_host_are_no_email_address(builtin: Engine, text: str) -> None:
    """``scheme://user@host`` names an account on that host (RFC 3986 userinfo), not a
    mailbox."""
    assert values(builtin, text, "EMAIL") == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # SnowSQL's prompt: a user, a warehouse, @, a database and a schema.
        ("DBT_SVC#COMPUTE_WH@CRM_DB.PUBLIC>SELECT 1;", []),
        ("x@a_b.com", []),
        ("Mail a_b@x-y.z-w.com today", ["a_b@x-y.z-w.com"]),  # a local part may hold _
    ],
)
def test_a_host_name_with_an_underscore_is_no_mail_domain(
    builtin: Engine, text: str, found: list[str]
) -> None:
    """A mail domain is a host name: letters, digits and hyphens (RFC 5321's Domain)."""
    assert values(builtin, text, "EMAIL") == found


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Write to mailto:john.doe@example.com today.", "john.doe@example.com"),
        ("Owner: ops:admin@example.org", "admin@example.org"),
    ],
)
def test_an_address_after_a_colon_is_still_found(builtin: Engine, text: str, address: str) -> None:
    """Only a URL's userinfo is excluded: an address after ``mailto:`` or a label is found."""
    assert values(builtin, text, "EMAIL") == [address]


# --- phone numbers written as one run of digits ---------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Mobile: 07703690571", "07703690571"),  # UK mobile (Ofcom 077)
        ("mobile 2125968342", "2125968342"),  # NANP: New York 212
        ("Mob 0463248399", "0463248399"),  # Australian mobile 04
        ("my mobile no. 8373571218", "8373571218"),  # Indian mobile
        ("Ring me on 0897106861 any time after 6.", "0897106861"),  # Irish mobile 089
        ("0897106861 (mobile)", "0897106861"),
    ],
)
def test_a_run_of_digits_labelled_as_a_phone_is_a_phone(
    builtin: Engine, text: str, number: str
) -> None:
    """A national number written without separators, with an English phone word as its
    label (libphonenumber: valid for its region), is found."""
    assert values(builtin, text, "PHONE") == [number]


@pytest.mark.parametrize(
    "text",
    [
        "Order 2125968342 shipped.",  # no phone word
        "Call us about your order 2125968342 today.",  # the word is not the number's label
        "Call me about 536904399 tomorrow",  # "call" names what the number is about
        "mobile 1234567",  # seven digits: a local number at best
    ],
)
def test_a_run_of_digits_without_a_phone_label_is_no_phone(builtin: Engine, text: str) -> None:
    """A run of digits has no grouping to check: without a phone word right beside it, or
    valid nowhere, it is not a phone number."""
    assert values(builtin, text, "PHONE") == []


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Fragen zur Rechnung: Telefon 04089806769", "04089806769"),  # Hamburg 040
        ("Mój numer telefonu: 882583533", "882583533"),  # Polish mobile
        ("Cellulare: 3809682230", "3809682230"),  # Italian mobile
        ("手机号码 13247634468", "13247634468"),  # Chinese mobile
        # An aligned column: the label's colon, then padding (an NCPDP claim's patient phone).
        ("  CQ-Patient Phone Number:                   3037611680\n", "3037611680"),
        ("Telefonnummer:                 04089806769\n", "04089806769"),
    ],
)
def test_a_run_of_digits_beside_a_phone_word_of_its_language(
    builtin: Engine, text: str, number: str
) -> None:
    """Each language's phone rule takes a national number written as one run of digits
    when its own phone word is the number's label (label_window)."""
    assert values(builtin, text, "PHONE") == [number]


@pytest.mark.parametrize(
    ("text", "run"),
    [
        (
            "pesel;nazwisko;imie;telefon;email\n88012203974;Zieliński;Piotr;518 344 141;p@x.pl",
            "88012203974",
        ),
        ("Bestellnummer 04089806769", "04089806769"),
        # Aligned under another field's label: no phone word ends where the padding begins.
        ("  CP-Patient Zip Code:                       3037611680\n", "3037611680"),
        ("Telefon: siehe unten   Bestellnummer:        04089806769\n", "04089806769"),
    ],
)
def test_a_run_of_digits_off_its_label_line_is_no_phone(
    builtin: Engine, text: str, run: str
) -> None:
    """A CSV header's phone column names no identifier on the next line, and a run with no
    phone word is no phone (the PESEL stays a PESEL)."""
    assert run not in values(builtin, text, "PHONE")


@pytest.mark.parametrize(
    "text",
    [
        # WhatsApp's iOS export: [date, time] opens every line, the birth date in one of them.
        "Zur Bearbeitung benötigen wir noch: geb..\n"
        "[30.06.23, 18:52:04] Friedbert: geb. 02.03.1974\n"
        "[30.06.23, 18:53:46] Phillip: Passt",
        "Could you please send us your DOB?\n[5/10/23, 14:40:15] Li: dob: 29/01/1971\n",
        "Geburtsdatum erfasst am 12.03.2024 10:15, Handy?\n[26.08.23, 08:44:50] Gerlinde: ok\n",
    ],
)
def test_a_time_stamps_date_is_no_birth_date_nor_phone(builtin: Engine, text: str) -> None:
    """A date followed by a time is when a message was written: neither the birth date a
    word near it names nor a phone number (only the written birth date is found)."""
    found = [(hit.category, hit.value) for hit in hits(builtin, text)]
    assert all(value.endswith(("1974", "1971")) for _, value in found), found
    assert {category for category, _ in found} <= {"DATE_OF_BIRTH"}


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # mongosh prints a date field as ISODate(...) at its midnight; JSON writes it so too.
        ("  fingardagur: ISODate('1969-01-21T00:00:00.000Z'),", ["1969-01-21"]),
        (
            '{"birthDate": "1969-01-21T00:00:00Z", "dob": "1970-02-03T00:00+00:00"}',
            ["1969-01-21", "1970-02-03"],
        ),
        # Another time of day is when something happened, not a birth date.
        ('{"birthDate": "1969-01-21T08:30:00Z"}', []),
        ('{"dob_checked": "2024-01-21T00:00:00Z"}', []),
    ],
)
def test_a_birth_date_stored_at_its_midnight_is_found(
    builtin: Engine, text: str, found: list[str]
) -> None:
    """A database stores a birth date as its midnight: the date part is the birth date."""
    assert values(builtin, text, "DATE_OF_BIRTH") == found
    assert streamed_one_by_one(builtin, text) == builtin.evaluate(text).remedy.clean_text


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Ipinanganak ako noong 11/07/1972.", "11/07/1972"),  # Tagalog: I was born on
        ("0 @I1@ INDI\n1 NAME Callum /Morgan/\n1 BIRT\n2 DATE 19 SEP 1957\n", "19 SEP 1957"),
    ],
)
def test_a_birth_event_names_its_date(builtin: Engine, text: str, date: str) -> None:
    """Tagalog's "born on" and a GEDCOM record's birth event (1 BIRT, then 2 DATE)."""
    assert values(builtin, text, "DATE_OF_BIRTH") == [date]
