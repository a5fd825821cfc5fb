"""India and Asia-Pacific.

From python-stdnum: in_.aadhaar (Verhoeff), in_.pan, in_.epic (voter ID),
in_.gstin, au.tfn, au.abn, au.acn, sg.uen, kr.rrn, jp.in_ (My Number),
cn.ric (with its county table), th.pin, my.nric (birth-place codes), id.nik,
pk.cnic, nz.ird. Published algorithms implemented here: Singapore NRIC/FIN
check letters (ICA layout: weights 2 7 6 5 4 3 2, offset 4 for T and G,
tables JZIHGFEDCBA and XWUTRQPNMLK; the 2022 M series with offset 3 and table
KLJNPQRTUWX as the Singapore Government's FormSG implements it); Australian
Medicare card numbers (Services Australia: first digit 2-6, weights
1 3 7 9 1 3 7 9 modulo 10 give the ninth digit, tenth digit the issue number).
Format only, where no check is published: Indian passports (MEA: a letter and
seven digits), Indian vehicle registrations (Central Motor Vehicles Rules:
state code, RTO number, series letters, four digits; the BH series), Korean
passports (M and eight digits, or since 2021 M, three digits, a letter, four
digits), Korean driving licences (region code 11-28, year, six-digit serial,
two check digits), Philippine TIN (BIR: nine digits and a three-digit branch
code), UMID CRN (SSS: four, seven and one digits), Philippine passports (DFA:
a letter, seven digits, a letter; older two letters and seven digits).
"""

from __future__ import annotations

import random

from stdnum import luhn, verhoeff
from stdnum.au import abn, acn, tfn
from stdnum.cn import ric
from stdnum.id import nik
from stdnum.in_ import aadhaar, epic, gstin, pan
from stdnum.jp import in_ as my_number
from stdnum.kr import rrn
from stdnum.my import nric
from stdnum.nz import ird
from stdnum.pk import cnic
from stdnum.sg import uen
from stdnum.th import pin

from .build import UPPER, chars, digits, group, safe, table_spec, until
from .model import Check, Make, Spec
from .values_intl import birth_date

# --- India ----------------------------------------------------------------------------------


def _aadhaar(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        body = digits(r, 11, "23456789")
        return body + verhoeff.calc_check_digit(body)

    value = until(rng, candidate, safe(aadhaar.is_valid))
    style = rng.random()
    if style < 0.6:
        return group(value, (4, 4, 4), " ")
    if style < 0.75:
        return group(value, (4, 4, 4), "-")
    return value


def _pan(rng: random.Random) -> str:
    return (
        chars(rng, UPPER, 3)
        + rng.choice("PPPPCHFAT")
        + chars(rng, UPPER, 1)
        + digits(rng, 4)
        + chars(rng, UPPER, 1)
    )


def pan_invalid(rng: random.Random) -> str:
    """A PAN-shaped string whose fourth letter is no holder type (stdnum rejects it)."""
    value = _pan(rng)
    return value[:3] + rng.choice("DEIMNOQRSUVWXYZ") + value[4:]  # not A B C F G H J K L P T


def _epic(rng: random.Random) -> str:
    return until(rng, lambda r: chars(r, UPPER, 3) + digits(r, 7), safe(epic.is_valid))


_GST_STATES = ("27", "29", "07", "33", "24", "09", "19", "36", "32", "06")


def _gstin(rng: random.Random) -> str:
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

    def candidate(r: random.Random) -> str:
        # State, PAN, entity number, "Z", then the Luhn mod-36 check character (stdnum.in_.gstin).
        body = r.choice(_GST_STATES) + _pan(r) + r.choice("123") + "Z"
        return body + luhn.calc_check_digit(body, alphabet)

    return until(rng, candidate, safe(gstin.is_valid), tries=20000)


_IN_STATES = ("MH", "DL", "KA", "TN", "UP", "GJ", "RJ", "WB", "KL", "TS", "AP", "HR", "PB", "MP")


def _in_vehicle(rng: random.Random) -> str:
    if rng.random() < 0.15:
        serial, letters = digits(rng, 4, "123456789"), chars(rng, "ABCDEFGHJKLMNPRSTUVWXYZ", 2)
        return f"{rng.randint(21, 25)} BH {serial} {letters}"
    state = rng.choice(_IN_STATES)
    series = chars(rng, "ABCDEFGHJKLMNPRSTUVWXYZ", rng.choice((1, 2, 2)))
    parts = (state, f"{rng.randint(1, 99):02d}", series, digits(rng, 4, "123456789"))
    separator = rng.choice((" ", " ", "-", ""))
    return separator.join(parts)


# --- Australia, New Zealand ------------------------------------------------------------------


def _tfn(rng: random.Random) -> str:
    value = until(rng, lambda r: digits(r, 9, "1234567"), safe(tfn.is_valid))
    return tfn.format(value) if rng.random() < 0.7 else value


def medicare_check(first_eight: str) -> str:
    """Services Australia: weights 1 3 7 9 1 3 7 9 over the first eight digits, modulo 10."""
    return str(
        sum(int(d) * w for d, w in zip(first_eight, (1, 3, 7, 9, 1, 3, 7, 9), strict=True)) % 10
    )


def medicare_valid(text: str) -> bool:
    """Ten (or eleven, with the IRN) digits, first 2-6, ninth the check digit."""
    value = text.replace(" ", "").replace("/", "").replace("-", "")
    return (
        len(value) in (10, 11)
        and value.isdigit()
        and value[0] in "23456"
        and medicare_check(value[:8]) == value[8]
    )


def _medicare(rng: random.Random) -> str:
    body = digits(rng, 8, "23456")
    value = body + medicare_check(body) + str(rng.randint(1, 9))
    if rng.random() < 0.6:
        value = f"{value[:4]} {value[4:9]} {value[9]}"
    if rng.random() < 0.2:
        value += f"/{rng.randint(1, 5)}" if " " not in value else f" {rng.randint(1, 5)}"
    return value


def medicare_invalid(rng: random.Random) -> str:
    """A Medicare number whose ninth digit is not the check digit."""
    body = digits(rng, 8, "23456")
    wrong = str((int(medicare_check(body)) + rng.randint(1, 9)) % 10)
    return f"{body[:4]} {body[4:]}{wrong} {rng.randint(1, 9)}"


def _abn(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        body = digits(r, 9, "123456789")
        return abn.calc_check_digits(body) + body

    value = until(rng, candidate, safe(abn.is_valid))
    return abn.format(value) if rng.random() < 0.8 else value


def _acn(rng: random.Random) -> str:
    body = digits(rng, 8)
    value = body + acn.calc_check_digit(body)
    return acn.format(value) if rng.random() < 0.8 else value


def _ird(rng: random.Random) -> str:
    value = until(
        rng,
        lambda r: digits(r, 9, "01") if r.random() < 0.7 else digits(r, 8, "123456789"),
        safe(ird.is_valid),
    )
    return ird.format(value) if rng.random() < 0.7 else value


# --- Singapore ------------------------------------------------------------------------------

_NRIC_WEIGHTS = (2, 7, 6, 5, 4, 3, 2)


def nric_letter(prefix: str, body: str) -> str:
    """The check letter of a Singapore NRIC/FIN (S, T, F, G, M series)."""
    total = sum(int(d) * w for d, w in zip(body, _NRIC_WEIGHTS, strict=True))
    if prefix == "M":
        return "KLJNPQRTUWX"[11 - (total + 3) % 11 - 1]
    total += 4 if prefix in "TG" else 0
    table = "JZIHGFEDCBA" if prefix in "ST" else "XWUTRQPNMLK"
    return table[total % 11]


def sg_nric_valid(text: str) -> bool:
    """Prefix S T F G M, seven digits, the right check letter."""
    value = text.upper()
    return (
        len(value) == 9
        and value[0] in "STFGM"
        and value[1:8].isdigit()
        and nric_letter(value[0], value[1:8]) == value[8]
    )


def _sg_nric(rng: random.Random) -> str:
    prefix = rng.choice("SSSTTFGM")
    body = digits(rng, 7)
    return prefix + body + nric_letter(prefix, body)


def sg_nric_invalid(rng: random.Random) -> str:
    """A Singapore NRIC/FIN with the wrong check letter."""
    value = _sg_nric(rng)
    letter = rng.choice([c for c in "ABCDEFGHIJKLMNPQRTUWXZ" if c != value[-1]])
    return value[:-1] + letter


def _uen(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        if r.random() < 0.5:
            body = digits(r, 8, "0123456789")
            return body + uen.calc_business_check_digit(body)
        body = str(r.randint(1975, 2023)) + digits(r, 5)
        return body + uen.calc_local_company_check_digit(body)

    return until(rng, candidate, safe(uen.is_valid))


# --- Korea, Japan, China, Thailand, Malaysia, Indonesia -------------------------------------


def _rrn(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        born = birth_date(r)
        sex = r.choice("12") if born.year < 2000 else r.choice("34")
        body = f"{born:%y%m%d}{sex}{r.randint(0, 95):02d}{digits(r, 3)}"
        return body + rrn.calc_check_digit(body)

    value = until(rng, candidate, safe(rrn.is_valid))
    return f"{value[:6]}-{value[6:]}" if rng.random() < 0.85 else value


def _kr_passport(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "M" + digits(rng, 8)
    return "M" + digits(rng, 3) + rng.choice(UPPER) + digits(rng, 4)


def _kr_driver(rng: random.Random) -> str:
    # Region codes 11-26 and 28 (Microsoft Purview's published pattern): 27 is not issued.
    # One draw as before (27 becomes 28), so the rest of the corpus stays the same.
    region = rng.randint(11, 28)
    region = 28 if region == 27 else region
    return f"{region}-{rng.randint(0, 99):02d}-{digits(rng, 6)}-{digits(rng, 2)}"


def _my_number(rng: random.Random) -> str:
    body = digits(rng, 11)
    value = body + my_number.calc_check_digit(body)
    return my_number.format(value) if rng.random() < 0.6 else value


_CN_COUNTIES = (
    "110101",
    "110105",
    "310101",
    "310115",
    "440103",
    "440305",
    "320102",
    "330106",
    "510104",
    "420102",
    "360426",
    "370102",
    "210102",
    "500103",
)


def _cn_ric(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        born = birth_date(r)
        body = f"{r.choice(_CN_COUNTIES)}{born:%Y%m%d}{digits(r, 3)}"
        return body + ric.calc_check_digit(body)

    return until(rng, candidate, safe(ric.is_valid))


def _th_pin(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        body = digits(r, 12, "12345678")
        return body + pin.calc_check_digit(body)

    value = until(rng, candidate, safe(pin.is_valid))
    return pin.format(value) if rng.random() < 0.6 else value


_MY_PLACES = ("01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14")


def _my_nric(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        return f"{birth_date(r):%y%m%d}{r.choice(_MY_PLACES)}{digits(r, 4)}"

    value = until(rng, candidate, safe(nric.is_valid))
    return nric.format(value) if rng.random() < 0.8 else value


def _nik(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        born = birth_date(r)
        day = born.day + (40 if r.random() < 0.5 else 0)
        place = r.choice(("317101", "317404", "327301", "357801", "517101"))
        return f"{place}{day:02d}{born:%m%y}{digits(r, 4)}"

    return until(rng, candidate, safe(nik.is_valid))


# --- Philippines, Pakistan ------------------------------------------------------------------


def _ph_tin(rng: random.Random) -> str:
    branch = rng.choice(("000", "000", "001", "002"))
    return f"{digits(rng, 3, '123456789')}-{digits(rng, 3)}-{digits(rng, 3)}-{branch}"


def _ph_umid(rng: random.Random) -> str:
    return f"{digits(rng, 4, '0')}-{digits(rng, 7)}-{digits(rng, 1)}"


def _ph_passport(rng: random.Random) -> str:
    if rng.random() < 0.6:
        return rng.choice("PS") + digits(rng, 7) + rng.choice(UPPER)
    return chars(rng, UPPER, 2) + digits(rng, 7)


def _cnic(rng: random.Random) -> str:
    value = until(rng, lambda r: digits(r, 13, "1234567"), safe(cnic.is_valid))
    return cnic.format(value) if rng.random() < 0.85 else value


def _in_passport(rng: random.Random) -> str:
    return rng.choice("ABCDEFGHJKLMNPRSTUVWY") + digits(rng, 7, "123456789")


# --- specs ----------------------------------------------------------------------------------

_T: dict[
    str, tuple[str, str, Make, Check | None, bool, Make | None, tuple[str, ...], tuple[str, ...]]
] = {
    "IN_AADHAAR": (
        "in_aadhaar",
        "en",
        _aadhaar,
        safe(aadhaar.is_valid),
        True,
        None,
        ("Aadhaar", "UIDAI"),
        ("My Aadhaar number is {v}.", "Aadhaar: {v}", "Please link Aadhaar {v} with the account."),
    ),
    "IN_PAN": (
        "in_pan",
        "en",
        _pan,
        safe(pan.is_valid),
        False,
        pan_invalid,
        ("PAN",),
        ("PAN: {v}", "My PAN card number is {v}.", "Quote PAN {v} on the invoice."),
    ),
    "IN_PASSPORT": (
        "in_passport",
        "en",
        _in_passport,
        None,
        False,
        None,
        ("passport", "Indian passport"),
        ("Indian passport number {v}, issued at Mumbai.", "Passport No. {v} (India)"),
    ),
    "IN_VOTER_ID": (
        "in_voter_id",
        "en",
        _epic,
        safe(epic.is_valid),
        True,
        None,
        ("voter ID", "EPIC", "Voter"),
        ("Voter ID: {v}", "My EPIC number is {v}."),
    ),
    "IN_GSTIN": (
        "in_gstin",
        "en",
        _gstin,
        safe(gstin.is_valid),
        True,
        None,
        ("GSTIN", "GST"),
        ("GSTIN: {v}", "Supplier GST number {v}"),
    ),
    "IN_VEHICLE_REGISTRATION": (
        "in_vehicle_registration",
        "en",
        _in_vehicle,
        None,
        False,
        None,
        ("vehicle", "registration"),
        ("Vehicle registration {v} was challaned.", "Car number {v}"),
    ),
    "AU_TFN": (
        "au_tfn",
        "en",
        _tfn,
        safe(tfn.is_valid),
        True,
        None,
        ("TFN", "tax file number"),
        ("My tax file number is {v}.", "TFN: {v}"),
    ),
    "AU_MEDICARE": (
        "au_medicare",
        "en",
        _medicare,
        medicare_valid,
        True,
        medicare_invalid,
        ("Medicare",),
        ("Medicare card number: {v}", "My Medicare number is {v}."),
    ),
    "AU_ABN": (
        "au_abn",
        "en",
        _abn,
        safe(abn.is_valid),
        True,
        None,
        ("ABN",),
        ("ABN {v}", "Invoice from Acme Pty Ltd (ABN: {v})"),
    ),
    "AU_ACN": (
        "au_acn",
        "en",
        _acn,
        safe(acn.is_valid),
        True,
        None,
        ("ACN",),
        ("ACN {v}", "Acme Pty Ltd, ACN: {v}"),
    ),
    "SG_NRIC_FIN": (
        "sg_nric_fin",
        "en",
        _sg_nric,
        sg_nric_valid,
        True,
        sg_nric_invalid,
        ("NRIC", "FIN"),
        ("NRIC: {v}", "My FIN is {v}.", "Please bring your NRIC ({v})."),
    ),
    "SG_UEN": (
        "sg_uen",
        "en",
        _uen,
        safe(uen.is_valid),
        True,
        None,
        ("UEN",),
        ("UEN: {v}", "Company registration (UEN) {v}"),
    ),
    "KR_RRN": (
        "kr_rrn",
        "ko",
        _rrn,
        safe(rrn.is_valid),
        True,
        None,
        ("주민등록번호",),
        ("주민등록번호: {v}", "제 주민등록번호는 {v}입니다."),
    ),
    "KR_PASSPORT": (
        "kr_passport",
        "ko",
        _kr_passport,
        None,
        False,
        None,
        ("여권번호", "여권"),
        ("여권번호: {v}", "여권 번호 {v} 확인 부탁드립니다."),
    ),
    "KR_DRIVER_LICENSE": (
        "kr_driver_license",
        "ko",
        _kr_driver,
        None,
        False,
        None,
        ("운전면허", "면허번호"),
        ("운전면허번호: {v}", "면허번호 {v} (1종 보통)"),
    ),
    "JP_MY_NUMBER": (
        "jp_my_number",
        "ja",
        _my_number,
        safe(my_number.is_valid),
        True,
        None,
        ("マイナンバー", "個人番号"),
        ("マイナンバー：{v}", "個人番号 {v} を記入してください。"),
    ),
    "CN_RESIDENT_ID": (
        "cn_resident_id",
        "zh",
        _cn_ric,
        safe(ric.is_valid),
        True,
        None,
        ("身份证", "身份证号"),
        ("身份证号码：{v}", "我的身份证号是 {v}。"),
    ),
    "TH_NATIONAL_ID": (
        "th_national_id",
        "th",
        _th_pin,
        safe(pin.is_valid),
        True,
        None,
        ("เลขประจำตัวประชาชน", "บัตรประชาชน"),
        ("เลขประจำตัวประชาชน {v}", "บัตรประชาชนเลขที่ {v}"),
    ),
    "MY_NRIC": (
        "my_nric",
        "ms",
        _my_nric,
        safe(nric.is_valid),
        False,
        None,
        ("No. K/P", "MyKad", "NRIC", "kad pengenalan"),
        ("No. K/P: {v}", "Nombor MyKad saya ialah {v}.", "NRIC {v}"),
    ),
    "ID_NIK": (
        "id_nik",
        "id",
        _nik,
        safe(nik.is_valid),
        False,
        None,
        ("NIK", "KTP"),
        ("NIK: {v}", "Nomor KTP saya {v}."),
    ),
    "PH_TIN": (
        "ph_tin",
        "en",
        _ph_tin,
        None,
        False,
        None,
        ("TIN",),
        ("TIN: {v}", "My BIR TIN is {v}."),
    ),
    "PH_UMID": (
        "ph_umid",
        "en",
        _ph_umid,
        None,
        False,
        None,
        ("UMID", "CRN"),
        ("UMID CRN: {v}", "My UMID number is {v}."),
    ),
    "PH_PASSPORT": (
        "ph_passport",
        "en",
        _ph_passport,
        None,
        False,
        None,
        ("passport", "Philippine passport"),
        ("Philippine passport no. {v}", "DFA passport number {v} (Philippine passport)"),
    ),
    "PK_CNIC": (
        "pk_cnic",
        "en",
        _cnic,
        safe(cnic.is_valid),
        False,
        None,
        ("CNIC", "NIC", "identity card"),
        ("CNIC: {v}", "My CNIC number is {v}."),
    ),
    "NZ_IRD": (
        "nz_ird",
        "en",
        _ird,
        safe(ird.is_valid),
        True,
        None,
        ("IRD",),
        ("IRD number: {v}", "My IRD number is {v}."),
    ),
}


def specs() -> list[Spec]:
    """Every India and Asia-Pacific value spec."""
    return [
        table_spec(category, kind, lang, make, check, checksum, context, sentences, invalid)
        for category, (kind, lang, make, check, checksum, invalid, context, sentences) in _T.items()
    ]
