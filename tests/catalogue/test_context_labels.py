"""Labels as forms, records, letters and chats write them: a context-required entry's value
right after one of its labels (an abbreviation, a short form, a spelling without accents, a
language's own word) is found; the same value with no label is not.

A sample of the catalogue's labels, at least one per language each entry's list gained.
Values are published examples (python-stdnum's doctests, libphonenumber's example numbers,
the examples tests/catalogue/europe_examples.yaml names the sources of).
"""

# ruff: noqa: RUF001 - labels in Greek, Cyrillic and other scripts.
from __future__ import annotations

import phonenumbers
import pytest

from engine_core import Engine

from .conftest import catalogue_engine, values

# --- dates of birth -------------------------------------------------------------------

#: A birth date every numeric format of the entry reads the same way (day first).
BIRTH_DATE = "14.03.1985"

#: (language, label) as a form or a record writes it, right before the date.
BIRTH_DATE_LABELS = [
    ("en", "Birth Dt:"),  # a claims file's BENE_BIRTH_DT
    ("de", "Geb.Datum:"),
    ("de", "GebDat:"),
    ("de", "GEB-DAT"),  # an AS/400 listing's column
    ("de", "Geburt:"),
    ("nl", "Geboortedat.:"),
    ("af", "Gebore op"),
    ("es", "F. de nac.:"),
    ("es", "Nacimiento:"),
    ("es", "Joaquín Rodríguez – nac."),  # a passenger list's abbreviation
    ("ca", "Data de naixement:"),
    ("gl", "Data de nacemento:"),
    ("eu", "Jaiotze data:"),
    ("pt", "Dt. nasc.:"),
    ("pt", "Nascido/a em"),
    ("pt", "Nasc.:"),
    ("fr", "Date naiss. :"),
    ("fr", "DDN :"),
    ("it", "Data di nasc."),
    ("it", "nato/a a Roma il"),
    ("pl", "ur."),
    ("pl", "Data urodz.:"),
    ("pl", "i datę urodzenia"),
    ("fr", "Patient·e né·e le"),
    ("cs", "Dat. nar.:"),
    ("cs", "nar."),
    ("sk", "Dátum nar.:"),
    ("hu", "Szül. idő:"),
    ("sv", "Födelsedag:"),
    ("da", "Fødselsdag:"),
    ("no", "F. dato:"),
    ("nn", "Fødd"),
    ("fi", "Syntymäpvm:"),
    ("is", "Fæðingardags.:"),
    ("et", "Sünnipäev:"),
    ("et", "synniaeg:"),  # written in ASCII, y for ü (a YAML key)
    ("lt", "Gim."),
    ("lv", "Dzimšanas datums:"),
    ("tr", "Doğ. Tar.:"),
    ("ro", "Data naşt.:"),
    ("ro", "Născut"),
    ("hr", "Dat. rođ.:"),
    ("sr", "Датум рођења:"),
    ("sl", "Rojstni datum:"),
    ("mk", "Датум на раѓање:"),
    ("bg", "Дата раждане:"),
    ("ru", "Дата рождения:"),
    ("uk", "Дата народження:"),
    ("el", "Ημ/νία γέννησης:"),
    ("he", "ת. לידה:"),
    ("ar", "تاريخ الميلاد:"),
    ("fa", "تاریخ تولد:"),
    ("ur", "تاریخ پیدائش:"),
    ("hi", "जन्म तिथि:"),
    ("bn", "জন্ম তারিখ:"),
    ("ta", "பிறந்த தேதி:"),
    ("zh", "出生年月："),
    ("th", "วัน/เดือน/ปีเกิด"),
    ("th", "ว/ด/ป เกิด"),
    ("id", "Tgl. lahir:"),
    ("ms", "Tarikh kelahiran:"),
    ("tl", "Ipinanganak noong"),
    ("vi", "Ngày sinh:"),
    ("sw", "Tarehe ya kuzaliwa:"),
    ("ga", "Dáta breithe:"),
    ("cy", "Dyddiad geni:"),
]


@pytest.mark.parametrize(
    "label",
    [label for _, label in BIRTH_DATE_LABELS],
    ids=[f"{lang}-{label}" for lang, label in BIRTH_DATE_LABELS],
)
def test_a_birth_date_after_its_label_is_found(builtin: Engine, label: str) -> None:
    """A date right after a birth-date label of any catalogue language is DATE_OF_BIRTH."""
    assert values(builtin, f"{label} {BIRTH_DATE}", "DATE_OF_BIRTH") == [BIRTH_DATE]


def test_a_birth_date_without_a_label_is_no_birth_date(builtin: Engine) -> None:
    """The same date with no label is a date, not a birth date."""
    assert values(builtin, BIRTH_DATE, "DATE_OF_BIRTH") == []
    assert values(builtin, f"Lieferung {BIRTH_DATE}", "DATE_OF_BIRTH") == []


@pytest.mark.parametrize(
    "text",
    [
        "Born to run 14.03.1985",  # born is a label only right before the date
        "Acta de nacimiento solicitada; cita el 14.03.1985 en la oficina.",
        "Lieu de naissance : Lyon. Rendez-vous le 14.03.1985.",
        "Nach der Geburt war sie am 14.03.1985 wieder im Büro.",
        "Nac.: española. Alta el 14.03.1985.",  # nacionalidad's abbreviation
    ],
)
def test_a_label_only_word_elsewhere_names_no_birth_date(builtin: Engine, text: str) -> None:
    """``context_label`` words (nacimiento, naissance) name a date only right before it."""
    assert values(builtin, text, "DATE_OF_BIRTH") == []


# --- phone numbers --------------------------------------------------------------------

#: (label, region, the example's type, the entry): a phone label right before the region's
#: example number (a mobile label before a mobile number), read by the language's entry
#: alone (the default phone rule finds some regions' numbers with no word).
PHONE_LABELS = [
    ("Handphone:", "SG", "mobile", "intl.phone_en"),  # English
    ("Contact no.", "AU", "fixed", "intl.phone_en"),
    ("Ph:", "AU", "fixed", "intl.phone_en"),
    ("M:", "NZ", "mobile", "intl.phone_en"),
    ("H/P:", "MY", "mobile", "intl.phone_en"),
    ("Switchboard:", "GB", "fixed", "intl.phone_en"),
    ("Festnetznummer:", "DE", "fixed", "intl.phone_de"),  # German
    ("Natel:", "CH", "mobile", "intl.phone_de"),
    ("Cellulaire :", "CA", "fixed", "intl.phone_fr"),  # French
    ("Tfno.:", "ES", "fixed", "intl.phone_es"),  # Spanish
    ("Recapito telefonico:", "IT", "fixed", "intl.phone_it"),  # Italian
    ("Tlm.:", "PT", "mobile", "intl.phone_pt"),  # Portuguese
    ("Contato:", "BR", "mobile", "intl.phone_pt"),
    ("Bereikbaar op", "NL", "mobile", "intl.phone_nl"),  # Dutch
    ("Telnr:", "SE", "fixed", "intl.phone_sv"),  # Swedish (not Tfn: Australia's TFN)
    ("Puhelinnro:", "FI", "fixed", "intl.phone_fi"),  # Finnish
    ("Tlfnr.:", "DK", "fixed", "intl.phone_da"),  # Danish
    ("Mobilnr.:", "NO", "mobile", "intl.phone_no"),  # Norwegian
    ("GSM:", "IS", "mobile", "intl.phone_is"),  # Icelandic
    ("Komorka:", "PL", "mobile", "intl.phone_pl"),  # Polish
    ("Telefónne číslo:", "SK", "fixed", "intl.phone_cs"),  # Slovak
    ("Κινητο:", "GR", "mobile", "intl.phone_el"),  # Greek
    ("Telefonul:", "RO", "mobile", "intl.phone_ro"),  # Romanian
    ("Broj telefona:", "HR", "fixed", "intl.phone_hr"),  # Croatian
    ("Telefonska številka:", "SI", "fixed", "intl.phone_hr"),  # Slovenian
    ("Телефонен номер:", "BG", "fixed", "intl.phone_bg"),  # Bulgarian
    ("Mobiilinumber:", "EE", "mobile", "intl.phone_et"),  # Estonian
    ("Skambinti", "LT", "mobile", "intl.phone_lt"),  # Lithuanian
    ("Ev telefonu:", "TR", "fixed", "intl.phone_tr"),  # Turkish
    ("בטלפון", "IL", "mobile", "intl.phone_he"),  # Hebrew
    ("جوال:", "IL", "mobile", "intl.phone_he"),  # Israel's Arabic
    ("ケータイ：", "JP", "mobile", "intl.phone_ja"),  # Japanese
    ("H.P:", "KR", "mobile", "intl.phone_ko"),  # Korean
    ("號碼：", "TW", "fixed", "intl.phone_zh"),  # Chinese
    ("แฟกซ์", "TH", "fixed", "intl.phone_th"),  # Thai: a fax line
    ("No. HP:", "ID", "mobile", "intl.phone_id"),  # Indonesian
    ("Bimbit:", "MY", "mobile", "intl.phone_id"),  # Malay
]

_TYPES = {
    "fixed": phonenumbers.PhoneNumberType.FIXED_LINE,
    "mobile": phonenumbers.PhoneNumberType.MOBILE,
}


def _example(region: str, kind: str) -> str:
    number = phonenumbers.example_number_for_type(region, _TYPES[kind])
    assert number is not None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)


@pytest.mark.parametrize(("label", "region", "kind", "entry"), PHONE_LABELS)
def test_a_phone_after_its_label_is_found(label: str, region: str, kind: str, entry: str) -> None:
    """libphonenumber's example number of the region, right after a phone label of the
    region's language, is PHONE; with no label it is not."""
    engine = catalogue_engine(entry)
    number = _example(region, kind)
    assert values(engine, f"{label} {number}", "PHONE") == [number]
    assert values(engine, f"Reference {number}", "PHONE") == []


# --- identifiers ----------------------------------------------------------------------

#: (category, a new label and the value, the value): python-stdnum's and the published
#: examples the catalogue tests already use (europe_examples.yaml names their sources).
IDENTIFIER_LABELS = [
    ("AR_DNI", "Tipo y número de documento: 20.123.456", "20.123.456"),
    ("AT_SOCIAL_SECURITY", "Versich.-Nr. 1237 010180", "1237 010180"),
    ("BG_EGN", "Личен номер: 7523169263", "7523169263"),
    ("BG_EGN", "Е.Г.Н. 8032056031", "8032056031"),
    ("CZ_BIRTH_NUMBER", "Rod. č.: 7103192745", "7103192745"),
    ("DE_TAX_ID", "Steuer-Identnummer: 86095742719", "86095742719"),
    ("DE_TAX_NUMBER", "St.Nr. 181/815/08155", "181/815/08155"),
    ("DE_TAX_NUMBER", "Steuer-Nummer: 18181508155", "18181508155"),
    ("DE_ID_CARD", "Dokumentennr. T220001293", "T220001293"),
    ("DE_PASSPORT", "Pass-Nummer: C01X00T478", "C01X00T478"),
    ("DE_SOCIAL_SECURITY", "Rentenversicherungsnr. 15070649C103", "15070649C103"),
    ("DE_HEALTH_INSURANCE", "Versicherten-Nummer: A123456780", "A123456780"),
    ("DE_HEALTH_INSURANCE", "Versicherung: Barmer, Vers.-Nr. A123456780", "A123456780"),
    ("DK_CPR", "Pers.nr. 2110625629", "2110625629"),
    ("EE_ISIKUKOOD", "Isiku kood 37605030299", "37605030299"),
    ("ES_PASSPORT", "Passaport: XD1234567", "XD1234567"),
    ("FR_NIF", "N° fiscal : 3023217600053", "3023217600053"),
    ("IE_PPS", "Personal Public Service No. 6433435F", "6433435F"),
    ("IT_IDENTITY_CARD", "Doc. identità CA00000AA", "CA00000AA"),
    ("LT_ASMENS_KODAS", "Asm. kodas 33309240064", "33309240064"),
    ("LT_ASMENS_KODAS", "Jonas Jonaitis, AK 33309240064", "33309240064"),  # a chat's
    ("NL_BSN", "Burgerservicenr. 111222333", "111222333"),
    ("NO_FODSELSNUMMER", "Personnr. 15108695088", "15108695088"),
    ("PT_CC", "Documento de identificação: 000000000ZZ4", "000000000ZZ4"),
    ("SE_PERSONNUMMER", "Persnr 8803200016", "8803200016"),
    ("US_SSN", "SS number 536904399", "536904399"),
    ("US_DRIVER_LICENSE", "Operator's license D1234567", "D1234567"),
    ("US_BANK_ACCOUNT", "Account #: 12345678901", "12345678901"),
    ("IMEI", "IMEI1: 490154203237518", "490154203237518"),
]


@pytest.mark.parametrize(("category", "text", "value"), IDENTIFIER_LABELS)
def test_an_identifier_after_its_label_is_found(
    builtin: Engine, category: str, text: str, value: str
) -> None:
    """A valid value right after a new label of its entry is found in its category; the
    same value alone is not (the entry needs a context word)."""
    assert values(builtin, text, category) == [value]
    assert values(builtin, f"Reference {value}", category) == []
