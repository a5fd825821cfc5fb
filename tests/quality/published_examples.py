"""Published examples of every catalogue category, valid and invalid, as plain data.

``EXAMPLES[category] = {"valid": [...], "invalid": [...], "context": "... {value} ..."}``.
Each list names its source in a comment. Where the issuing authority or python-stdnum
publishes examples they are used as published (stdnum's doctests are quoted from
the module named). Where no specimen is published (most passport, licence and bank
account numbers, and every secret: providers publish no live credentials) the
valid entries are written to the published format and say so ("format example").
Invalid entries change one digit, the check letter, a barred letter, or the length.
The context sentence holds a context word of the category's language within 40
characters of ``{value}``.
"""

from __future__ import annotations

Example = dict[str, object]

EXAMPLES: dict[str, Example] = {
    # --- international ---------------------------------------------------------------------
    "EMAIL": {
        # RFC 5322 appendix A.1 and A.2 addresses.
        "valid": ["john.q.public@example.com", "mary@example.net", "jdoe@one.test"],
        "invalid": ["john.q.public@", "mary.example.net", "@example.com"],
        "context": "Please write to {value} with the signed form.",
    },
    "PHONE": {
        # libphonenumber's example numbers (phonenumbers.example_number) for US, GB, DE, FR, JP.
        "valid": [
            "+1 201-555-0123",
            "+44 7400 123456",
            "+49 30 123456",
            "+33 1 23 45 67 89",
            "+81 3-1234-5678",
        ],
        # One digit short for its region.
        "invalid": ["+1 201-555-012", "+44 7400 12345", "+33 1 23 45 67 8"],
        "context": "Call me on {value} after six.",
    },
    "CREDIT_CARD": {
        # Test card numbers the networks' acquirers publish (Stripe and PayPal test cards).
        "valid": [
            "4111 1111 1111 1111",
            "4012 8888 8888 1881",
            "5555 5555 5555 4444",
            "2223 0031 2200 3222",
            "3782 822463 10005",
            "6011 1111 1111 1117",
            "3530 1113 3330 0000",
            "3056 9309 0259 04",
        ],
        # Luhn broken by one digit; Luhn-valid without a network prefix.
        "invalid": ["4111 1111 1111 1112", "5555 5555 5555 4445", "9111 1111 1111 1115"],
        "context": "Please charge my card {value} for the order.",
    },
    "IBAN": {
        # SWIFT IBAN registry examples (DE, GB, FR, ES) and stdnum.iban's doctests (GR, BE).
        "valid": [
            "DE89 3704 0044 0532 0130 00",
            "GB82 WEST 1234 5698 7654 32",
            "FR14 2004 1010 0505 0001 3M02 606",
            "ES91 2100 0418 4502 0005 1332",
            "GR16 0110 1050 0000 1054 7023 795",
            "BE31435411161155",
        ],
        # Check digits off by one; a digit missing.
        "invalid": [
            "DE89 3704 0044 0532 0130 01",
            "GB82 WEST 1234 5698 7654 3",
            "BE31435411161156",
        ],
        "context": "Bitte überweisen Sie den Betrag auf {value}.",
    },
    "IP_ADDRESS": {
        # Public resolvers' published addresses (Google, Cloudflare, Quad9).
        "valid": [
            "8.8.8.8",
            "1.1.1.1",
            "9.9.9.9",
            "2001:4860:4860::8888",
            "2606:4700:4700::1111",
        ],
        # Out of range, too short, two "::"; and the ranges reserved for documentation
        # (RFC 5737, RFC 3849): they identify no one.
        "invalid": [
            "256.1.1.1",
            "192.0.2",
            "2001:4860:::1",
            "192.0.2.1",
            "198.51.100.7",
            "203.0.113.42",
            "2001:db8::1",
            "2001:db8:85a3::8a2e:370:7334",
        ],
        "context": "The login came from {value} at 03:12.",
    },
    "MAC_ADDRESS": {
        # RFC 7042 section 2.1.2: 00-00-5E-00-53-00 to -FF are for documentation.
        "valid": ["00-00-5E-00-53-01", "00:00:5e:00:53:af", "0000.5e00.5342"],
        "invalid": ["00-00-5E-00-53", "00:00:5G:00:53:01"],
        "context": "Whitelist the device with MAC {value}.",
    },
    "CRYPTO_WALLET": {
        # Bitcoin genesis block address; stdnum.bitcoin's doctests; EIP-55's test vectors.
        "valid": [
            "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
            "1NEDqZPvTWRaoho48qXuLLsrYomMXPABfD",
            "BC1QARDV855YJNGSPVXUTTQ897AQCA3LXJU2Y69JCE",
            "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
            "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
        ],
        # stdnum.bitcoin's bad-checksum doctest; an EIP-55 address with one letter's case flipped.
        "invalid": [
            "1NEDqZPvTWRaoho48qXuLLsrYomMXPABfX",
            "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD",
        ],
        "context": "Send the payment to wallet {value}.",
    },
    "IMEI": {
        # The IMEI Wikipedia article's example; stdnum.imei's doctests (an IMEISV, and a
        # number whose Luhn check fails).
        "valid": ["49-015420-323751-8", "490154203237518", "35686800-004141-20"],
        "invalid": ["35-417803-685978-1", "49-015420-323751-9", "4901542032375"],
        "context": "The stolen phone's IMEI is {value}.",
    },
    "DATE_OF_BIRTH": {
        # ISO 8601 and national written forms (format examples).
        "valid": ["1984-03-05", "05.03.1984", "03/05/1984", "March 5, 1984"],
        # Calendar dates that do not exist.
        "invalid": ["1984-02-30", "31.04.1984", "02/30/1984"],
        "context": "Date of birth: {value}",
    },
    "URL": {
        # RFC 3986 section 1.1.2 examples.
        "valid": [
            "http://www.ietf.org/rfc/rfc2396.txt",
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            "https://example.com/path?query=1",
        ],
        "invalid": ["http://", "www", "ietf.org/rfc"],
        "context": "The details are at {value} if you need them.",
    },
    # --- United States ---------------------------------------------------------------------
    "US_SSN": {
        # stdnum.us.ssn's doctest; SSA never issues area 000, 666, 9xx, group 00, serial 0000;
        # 078-05-1120 is the Woolworth wallet-card number the SSA voided.
        "valid": ["536-90-4399", "536 90 4399"],
        "invalid": ["666-00-0000", "000-12-3456", "536-00-4399", "536-90-0000", "078-05-1120"],
        "context": "My SSN is {value}, please keep it private.",
    },
    "US_ITIN": {
        # stdnum.us.itin's doctests (valid, then a group the IRS does not use, then an SSN).
        "valid": ["912-90-3456", "912-70-3456"],
        "invalid": ["912-93-4567", "123-45-6789", "912-89-3456"],
        "context": "My ITIN is {value}.",
    },
    "US_PASSPORT": {
        # Format example (Department of State: nine digits; a letter and eight digits since 2021).
        "valid": ["123456789", "A12345678"],
        "invalid": ["12345678", "1234567890"],
        "context": "US passport number {value}, expires 2031.",
    },
    "US_DRIVER_LICENSE": {
        # Format examples of the state layouts (California, Florida, Illinois, Washington).
        "valid": ["A1234567", "W123-456-78-901-0", "A123-4567-8901", "WDLABCD456DG"],
        "invalid": ["A123456", "W123-456-78-901"],
        "context": "California driver's license {value}, class C.",
    },
    "US_BANK_ACCOUNT": {
        # Format examples (ABA: 8 to 17 digits).
        "valid": ["12345678", "000123456789", "12345678901234567"],
        "invalid": ["1234567", "123456789012345678"],
        "context": "Direct deposit to checking account {value}, please.",
    },
    "US_ABA_ROUTING": {
        # stdnum.us.rtn's doctest; the Federal Reserve Bank of Boston's routing number.
        "valid": ["111000025", "011000015", "021000021"],
        "invalid": ["112000025", "11100002", "011000016"],
        "context": "Routing number {value}, account ending 4412.",
    },
    "US_NPI": {
        # CMS "Requirements for the NPI check digit": 123456789 takes the check digit 3.
        "valid": ["1234567893"],
        "invalid": ["1234567890", "123456789"],
        "context": "Referring physician NPI: {value}",
    },
    "US_MBI": {
        # CMS "Understanding the MBI" example.
        "valid": ["1EG4-TE5-MK73", "1EG4TE5MK73"],
        # Position 1 cannot be 0; S, L, O, I, B, Z are never used.
        "invalid": ["0EG4-TE5-MK73", "1SG4-TE5-MK73", "1EG4-TE5-MK7"],
        "context": "Medicare Beneficiary Identifier: {value}",
    },
    "POSTAL_ADDRESS": {
        # USPS Publication 28 examples (sections 2 and 3) and a well-known address.
        "valid": [
            "102 Main St",
            "1600 Pennsylvania Ave NW, Washington, DC 20500",
            "4 N Main St Apt 7",
            "12 Deer Run Glen, Provo, UT 84604-1234",
        ],
        "invalid": ["The 4 of us met at the Plaza", "Take exit 42 toward the Bridge"],
        "context": "Please ship the order to {value}.",
    },
    # --- United Kingdom --------------------------------------------------------------------
    "UK_NINO": {
        # Format examples of HMRC NIM39110's layout. QQ 12 34 56 C is HMRC's own placeholder: Q is
        # never a first letter, so it is listed as invalid.
        "valid": ["AB 12 34 56 C", "JG103759A", "AB 123456 C"],
        "invalid": [
            "QQ 12 34 56 C",
            "GB 12 34 56 A",
            "AB 12 34 56 E",
            "DA123456A",
            "AB 123456 E",
            "QQ 123456 C",
        ],
        "context": "My National Insurance number is {value}.",
    },
    "UK_NHS": {
        # stdnum.gb.nhs's doctests.
        "valid": ["943-476-5870", "943 476 5870"],
        "invalid": ["9434765871", "943 476 587"],
        "context": "My NHS number is {value}.",
    },
    "UK_PASSPORT": {
        # Format example (HM Passport Office: nine digits).
        "valid": ["123456789"],
        "invalid": ["12345678"],
        "context": "UK passport number {value}, issued in Durham.",
    },
    "UK_DRIVING_LICENCE": {
        # The DVLA layout as Wikipedia's "Driving licence in the United Kingdom" shows it.
        "valid": ["MORGA753116SM9IJ"],
        # Month 13 does not exist; one character short.
        "invalid": ["MORGA713116SM9IJ", "MORGA753116SM9I"],
        "context": "Driving licence number: {value}",
    },
    "UK_POSTCODE": {
        # Royal Mail examples of each outward shape (A9, A99, A9A, AA9, AA99, AA9A).
        "valid": ["M1 1AE", "B33 8TH", "W1A 0AX", "CR2 6XH", "DN55 1PT", "EC1A 1BB"],
        "invalid": ["M1 1CE", "Q1 1AA", "EC1A 1B"],
        "context": "The office postcode is {value}.",
    },
    "UK_VEHICLE_REGISTRATION": {
        # DVLA 2001 scheme; Wikipedia's example.
        "valid": ["BD51 SMR", "AB12 CDE"],
        "invalid": ["BD51 SMRX", "BD5 SMR"],
        "context": "The van's registration is {value}.",
    },
    # --- Germany ---------------------------------------------------------------------------
    "DE_TAX_ID": {
        # stdnum.de.idnr's doctests.
        "valid": ["36 574 261 809", "36574261809"],
        "invalid": ["36574261890", "36554266806"],
        "context": "Meine Steuer-ID lautet {value}.",
    },
    "DE_TAX_NUMBER": {
        # stdnum.de.stnr's doctests (Bayern, Sachsen).
        "valid": ["181/815/08155", "201/123/12340"],
        "invalid": ["136695978"],
        "context": "Unsere Steuernummer lautet {value}.",
    },
    "DE_ID_CARD": {
        # BMI specimen Personalausweis (Erika Mustermann): serial T22000129, check digit 3.
        "valid": ["T22000129", "T220001293", "L01X00T47"],
        "invalid": ["T220001294", "L01X00T472"],
        "context": "Personalausweisnummer: {value}",
    },
    "DE_PASSPORT": {
        # BMI specimen Reisepass: C01X00T47, check digit 8.
        "valid": ["C01X00T47", "C01X00T478"],
        "invalid": ["C01X00T479"],
        "context": "Reisepassnummer: {value}",
    },
    "DE_SOCIAL_SECURITY": {
        # VKVV section 2 layout; the example of the German Wikipedia article "Versicherungsnummer".
        "valid": ["12 010180 M 013", "12010180M013"],
        "invalid": ["12 010180 M 014", "99 010180 M 013"],
        "context": "Sozialversicherungsnummer: {value}",
    },
    "DE_HEALTH_INSURANCE": {
        # gematik test card example of the KVNR.
        "valid": ["A123456780"],
        "invalid": ["A123456781", "A12345678"],
        "context": "Krankenversichertennummer: {value}",
    },
    "DE_VAT": {
        # stdnum.de.vat's doctests.
        "valid": ["DE136695976", "DE 136695976"],
        "invalid": ["DE136695978", "DE13669597"],
        "context": "USt-IdNr.: {value}",
    },
    # --- Spain, Italy, France, Portugal ----------------------------------------------------
    "ES_DNI": {
        # stdnum.es.dni's doctests.
        "valid": ["54362315-K", "54362315K"],
        "invalid": ["54362315Z", "54362315"],
        "context": "Mi DNI es {value}.",
    },
    "ES_NIE": {
        # stdnum.es.nie's doctests.
        "valid": ["X-2482300W", "X2482300W"],
        "invalid": ["X-2482300A", "X2482300"],
        "context": "Mi NIE es {value}.",
    },
    "ES_PASSPORT": {
        # Format example (three letters, six digits).
        "valid": ["PAA123456"],
        "invalid": ["PAA12345"],
        "context": "Número de pasaporte: {value}",
    },
    "IT_FISCAL_CODE": {
        # stdnum.it.codicefiscale's doctest.
        "valid": ["RCCMNL83S18D969H"],
        "invalid": ["RCCMNL83S18D969A", "RCCMNL83S18D969"],
        "context": "Il mio codice fiscale è {value}.",
    },
    "IT_IDENTITY_CARD": {
        # Ministero dell'Interno: CIE numbers look like CA00000AA; paper cards: two letters, seven
        # digits.
        "valid": ["CA00000AA", "AX1234567"],
        "invalid": ["CA0000AA"],
        "context": "Numero carta d'identità: {value}",
    },
    "IT_PASSPORT": {
        # Format example (two letters, seven digits).
        "valid": ["YA1234567"],
        "invalid": ["YA123456"],
        "context": "Numero di passaporto: {value}",
    },
    "IT_DRIVER_LICENSE": {
        # Format example (two letters, seven digits, a letter).
        "valid": ["MI1234567A"],
        "invalid": ["MI1234567"],
        "context": "Patente di guida n. {value}",
    },
    "IT_VAT": {
        # stdnum.it.iva's doctests.
        "valid": ["IT 00743110157", "00743110157"],
        "invalid": ["00743110158"],
        "context": "Partita IVA: {value}",
    },
    "FR_NIR": {
        # stdnum.fr.nir's doctests (a Corsican department included).
        "valid": ["2 95 10 99 126 111 93", "253072B07300470", "253072A07300443"],
        "invalid": ["2 95 10 99 126 111 94", "253072C07300443"],
        "context": "Mon numéro de sécurité sociale est le {value}.",
    },
    "FR_NIF": {
        # stdnum.fr.nif's doctests.
        "valid": ["3023217600053", "30 23 217 600 053"],
        "invalid": ["3023217600054", "9701987765432"],
        "context": "Numéro fiscal de référence : {value}",
    },
    "PT_CC": {
        # stdnum.pt.cc's doctests.
        "valid": ["00000000 0 ZZ4"],
        "invalid": ["00000000 0 ZZ3", "00000000 A ZZ4"],
        "context": "Número do cartão de cidadão: {value}",
    },
    "PT_NIF": {
        # stdnum.pt.nif's doctests.
        "valid": ["501 964 843", "501964843"],
        "invalid": ["501 964 842"],
        "context": "O meu NIF é {value}.",
    },
    # --- Benelux, Nordics, Central and Eastern Europe --------------------------------------
    "NL_BSN": {
        # stdnum.nl.bsn's doctests.
        "valid": ["1112.22.333", "111222333"],
        "invalid": ["1112.52.333", "1112223334"],
        "context": "Mijn BSN is {value}.",
    },
    "BE_NATIONAL_NUMBER": {
        # stdnum.be.nn's doctests.
        "valid": ["85.07.30-033.28", "85 07 30 033 28", "17 07 30 033 84"],
        "invalid": ["12345678901", "85.07.30-033.29"],
        "context": "Mijn rijksregisternummer is {value}.",
    },
    "SE_PERSONNUMMER": {
        # stdnum.se.personnummer's doctests.
        "valid": ["880320-0016", "8803200016"],
        "invalid": ["880320-0018"],
        "context": "Mitt personnummer är {value}.",
    },
    "FI_HETU": {
        # stdnum.fi.hetu's doctests.
        "valid": ["131052-308T"],
        "invalid": ["131052-308U", "310252-308Y"],
        "context": "Henkilötunnukseni on {value}.",
    },
    "DK_CPR": {
        # stdnum.dk.cpr's doctests.
        "valid": ["211062-5629", "2110625629"],
        "invalid": ["511062-5629"],
        "context": "Mit CPR-nummer er {value}.",
    },
    "NO_FODSELSNUMMER": {
        # stdnum.no.fodselsnummer's doctests.
        "valid": ["151086 95088", "15108695088"],
        "invalid": ["15108695077"],
        "context": "Fødselsnummeret mitt er {value}.",
    },
    "IS_KENNITALA": {
        # stdnum.is_.kennitala's doctests.
        "valid": ["120174-3399", "450401-3150"],
        "invalid": ["320174-3399", "530575-0299"],
        "context": "Kennitala: {value}",
    },
    "PL_PESEL": {
        # stdnum.pl.pesel's doctests.
        "valid": ["44051401359", "44 051 401 359"],
        "invalid": ["44051401358", "02381307589"],
        "context": "Mój numer PESEL to {value}.",
    },
    "CZ_BIRTH_NUMBER": {
        # stdnum.cz.rc's doctests.
        "valid": ["710319/2745", "7103192745"],
        "invalid": ["7103192746", "1103492745"],
        "context": "Moje rodné číslo je {value}.",
    },
    "RO_CNP": {
        # stdnum.ro.cnp's doctests.
        "valid": ["1630615123457"],
        "invalid": ["0800101221142", "1632215123457", "1630615993454"],
        "context": "CNP-ul meu este {value}.",
    },
    "BG_EGN": {
        # stdnum.bg.egn's doctests.
        "valid": ["8032056031"],
        "invalid": ["8019010008", "8032056032"],
        "context": "Моето ЕГН е {value}.",
    },
    "HR_OIB": {
        # stdnum.hr.oib's doctests.
        "valid": ["33392005961", "HR 33392005961"],
        "invalid": ["33392005962"],
        "context": "Moj OIB je {value}.",
    },
    "EE_ISIKUKOOD": {
        # stdnum.ee.ik's doctests.
        "valid": ["36805280109"],
        "invalid": ["36805280108"],
        "context": "Minu isikukood on {value}.",
    },
    "LT_ASMENS_KODAS": {
        # stdnum.lt.asmens's doctests.
        "valid": ["33309240064"],
        "invalid": ["33309240164"],
        "context": "Mano asmens kodas yra {value}.",
    },
    "SI_EMSO": {
        # stdnum.si.emso's doctests.
        "valid": ["0101006500006"],
        "invalid": ["0101006500007"],
        "context": "Moja EMŠO je {value}.",
    },
    "GR_AMKA": {
        # stdnum.gr.amka's doctests.
        "valid": ["01013099997"],
        "invalid": ["01013099999"],
        "context": "Ο ΑΜΚΑ μου είναι {value}.",
    },
    "AT_SOCIAL_SECURITY": {
        # stdnum.at.vnr's doctests.
        "valid": ["1237 010180", "1237010180"],
        "invalid": ["2237 010180"],
        "context": "Meine Sozialversicherungsnummer lautet {value}.",
    },
    "CH_AHV": {
        # stdnum.ch.ssn's doctests.
        "valid": ["756.9217.0769.85", "7569217076985"],
        "invalid": ["756.9217.0769.84", "123.4567.8910.19"],
        "context": "Meine AHV-Nummer ist {value}.",
    },
    "IE_PPS": {
        # stdnum.ie.pps's doctests.
        "valid": ["6433435F", "6433435FT", "6433435FW"],
        "invalid": ["6433435E", "6433435"],
        "context": "My PPS number is {value}.",
    },
    # --- India ------------------------------------------------------------------------------
    "IN_AADHAAR": {
        # stdnum.in_.aadhaar's doctests.
        "valid": ["234123412346", "2341 2341 2346"],
        "invalid": ["234123412347", "123412341234"],
        "context": "My Aadhaar number is {value}.",
    },
    "IN_PAN": {
        # stdnum.in_.pan's doctests (X is no holder type).
        "valid": ["ACUPA7085R"],
        "invalid": ["ABMXA3211G", "ACUPA7085RR"],
        "context": "My PAN card number is {value}.",
    },
    "IN_PASSPORT": {
        # Format example (MEA: a letter and seven digits).
        "valid": ["J8369854"],
        "invalid": ["J836985"],
        "context": "Indian passport number {value}, issued at Mumbai.",
    },
    "IN_VOTER_ID": {
        # stdnum.in_.epic's doctests.
        "valid": ["WKH1186253"],
        "invalid": ["WKH1186263", "WKH118624"],
        "context": "My EPIC number is {value}.",
    },
    "IN_GSTIN": {
        # stdnum.in_.gstin's doctests.
        "valid": ["27AAPFU0939F1ZV"],
        "invalid": ["27AAPFU0939F1AA", "27AAPFU0939F1Z"],
        "context": "GSTIN: {value}",
    },
    "IN_VEHICLE_REGISTRATION": {
        # Format examples (Central Motor Vehicles Rules; the 2021 BH series notification).
        "valid": ["MH 12 AB 1234", "KA01AB1234", "22 BH 1234 AA"],
        "invalid": ["MH 12 AB 12345"],
        "context": "Vehicle registration {value} was challaned.",
    },
    # --- Asia-Pacific -----------------------------------------------------------------------
    "AU_TFN": {
        # stdnum.au.tfn's doctests.
        "valid": ["123 456 782", "123456782"],
        "invalid": ["999 999 999", "123 456 783"],
        "context": "My tax file number is {value}.",
    },
    "AU_MEDICARE": {
        # The Medicare number layout (Services Australia) with its commonly cited example.
        "valid": ["2123 45670 1", "2123456701"],
        "invalid": ["2123 45671 1", "7123 45670 1"],
        "context": "Medicare card number: {value}",
    },
    "AU_ABN": {
        # stdnum.au.abn's doctests; the ABR's own example.
        "valid": ["83 914 571 673", "51 824 753 556"],
        "invalid": ["99 999 999 999"],
        "context": "Invoice from Acme Pty Ltd (ABN: {value})",
    },
    "AU_ACN": {
        # stdnum.au.acn's doctests.
        "valid": ["004 085 616", "010 499 966"],
        "invalid": ["999 999 999"],
        "context": "Acme Pty Ltd, ACN: {value}",
    },
    "SG_NRIC_FIN": {
        # ICA layout applied to the digits 1234567 (the commonly published example S1234567D) for
        # each series; the M series as Singapore's FormSG validates it.
        "valid": ["S1234567D", "T1234567J", "F1234567N", "G1234567X", "M1234567K"],
        "invalid": ["S1234567A", "F1234567D", "S123456D"],
        "context": "NRIC: {value}",
    },
    "SG_UEN": {
        # stdnum.sg.uen's doctests.
        "valid": ["00192200M", "197401143C", "S16FC0121D"],
        "invalid": ["00192200X", "197401143D"],
        "context": "UEN: {value}",
    },
    "KR_RRN": {
        # stdnum.kr.rrn's doctests.
        "valid": ["971013-9019902"],
        "invalid": ["971013-9019903"],
        "context": "주민등록번호: {value}",
    },
    "KR_PASSPORT": {
        # Format examples (M and eight digits; since 2021 M, three digits, a letter, four digits).
        "valid": ["M12345678", "M123A4567"],
        "invalid": ["M1234567"],
        "context": "여권번호: {value}",
    },
    "KR_DRIVER_LICENSE": {
        # Format example (region, year, serial, check).
        "valid": ["11-12-345678-90"],
        "invalid": ["11-12-34567-90"],
        "context": "운전면허번호: {value}",
    },
    "JP_MY_NUMBER": {
        # stdnum.jp.in_'s doctests.
        "valid": ["6214 9832 0257", "621498320257"],
        "invalid": ["6214 9832 0258"],
        "context": "マイナンバー：{value}",
    },
    "CN_RESIDENT_ID": {
        # stdnum.cn.ric's doctest.
        "valid": ["360426199101010071"],
        "invalid": ["360426199101010072", "36042619910101007"],
        "context": "身份证号码：{value}",
    },
    "TH_NATIONAL_ID": {
        # stdnum.th.pin's doctests.
        "valid": ["3100600445635", "1-2345-45678-78-1"],
        "invalid": ["1-2345-45678-78-9"],
        "context": "เลขประจำตัวประชาชน {value}",
    },
    "MY_NRIC": {
        # stdnum.my.nric's doctests (invalid: month 13, unknown birth-place code 17).
        "valid": ["770305-02-1234"],
        "invalid": ["771305-02-1234", "770305-17-1234"],
        "context": "No. K/P: {value}",
    },
    "ID_NIK": {
        # stdnum.id.nik's doctests.
        "valid": ["3171011708450001"],
        "invalid": ["9971011708450001", "31710117084500"],
        "context": "NIK: {value}",
    },
    "PH_TIN": {
        # Format example (BIR: nine digits and a three-digit branch code).
        "valid": ["123-456-789-000"],
        "invalid": ["123-456-78-000"],
        "context": "My BIR TIN is {value}.",
    },
    "PH_UMID": {
        # Format example (SSS common reference number 4-7-1).
        "valid": ["0028-1234567-8"],
        "invalid": ["0028-123456-8"],
        "context": "My UMID number is {value}.",
    },
    "PH_PASSPORT": {
        # Format examples (DFA ePassport: letter, seven digits, letter; older: two letters, seven
        # digits).
        "valid": ["P1234567A", "EB1234567"],
        "invalid": ["P123456A"],
        "context": "Philippine passport no. {value}",
    },
    "PK_CNIC": {
        # stdnum.pk.cnic's doctests.
        "valid": ["34201-0891231-8", "42201-0397640-8"],
        "invalid": ["34201-0891231", "04201-0891231-8"],
        "context": "My CNIC number is {value}.",
    },
    "NZ_IRD": {
        # stdnum.nz.ird's doctests.
        "valid": ["4909185-0", "49-098-576"],
        "invalid": ["136410133", "9125568"],
        "context": "My IRD number is {value}.",
    },
    # --- Americas ----------------------------------------------------------------------------
    "CA_SIN": {
        # stdnum.ca.sin's doctests.
        "valid": ["123-456-782", "123 456 782"],
        "invalid": ["999-999-999", "123-456-783"],
        "context": "My SIN is {value}.",
    },
    "CA_POSTAL_CODE": {
        # Canada Post: K1A 0B1 (its head office), H0H 0H0 (Santa Claus).
        "valid": ["K1A 0B1", "H0H 0H0"],
        "invalid": ["D1A 0B1", "K1A 0B"],
        "context": "Postal code: {value}",
    },
    "BR_CPF": {
        # stdnum.br.cpf's doctests.
        "valid": ["390.533.447-05", "39053344705"],
        "invalid": ["231.002.999-00", "390.533.447-06"],
        "context": "Meu CPF é {value}.",
    },
    "BR_CNPJ": {
        # stdnum.br.cnpj's doctests.
        "valid": ["16.727.230/0001-97"],
        "invalid": ["16.727.230.0001-98"],
        "context": "CNPJ: {value}",
    },
    "MX_CURP": {
        # stdnum.mx.curp's doctests.
        "valid": ["BOXW310820HNERXN09"],
        "invalid": ["BOXW310820HNERXN08"],
        "context": "Mi CURP es {value}.",
    },
    "MX_RFC": {
        # stdnum.mx.rfc's doctests (check digits validated).
        "valid": ["GODE561231GR8", "GODE 561231 GR8"],
        "invalid": ["GODE561231GR9"],
        "context": "Mi RFC con homoclave es {value}.",
    },
    "AR_DNI": {
        # stdnum.ar.dni's doctests.
        "valid": ["20.123.456", "20123456"],
        "invalid": ["2012345699"],
        "context": "Mi DNI es {value}.",
    },
    "CL_RUT": {
        # stdnum.cl.rut's doctests.
        "valid": ["76086428-5", "12.531.909-2"],
        "invalid": ["12531909-3"],
        "context": "Mi RUT es {value}.",
    },
    "CO_NIT": {
        # stdnum.co.nit's doctests.
        "valid": ["213.123.432-1", "2131234321"],
        "invalid": ["2131234325"],
        "context": "NIT: {value}",
    },
    # --- Middle East and Africa ------------------------------------------------------------
    "TR_NATIONAL_ID": {
        # stdnum.tr.tckimlik's doctests.
        "valid": ["17291716060"],
        "invalid": ["17291716050", "07291716092"],
        "context": "T.C. Kimlik No: {value}",
    },
    "IL_ID": {
        # stdnum.il.idnr's doctests.
        "valid": ["3933742-3", "039337423"],
        "invalid": ["3933742-2"],
        "context": "מספר תעודת זהות: {value}",
    },
    "ZA_ID": {
        # stdnum.za.idnr's doctests.
        "valid": ["7503305044089"],
        "invalid": ["8503305044089"],
        "context": "My ID number is {value}.",
    },
    "ZA_PASSPORT": {
        # Format example (DHA: a letter and eight digits).
        "valid": ["A12345678"],
        "invalid": ["A1234567"],
        "context": "South African passport number {value}",
    },
    "NG_NIN": {
        # Format example (NIMC: eleven digits).
        "valid": ["12345678901"],
        "invalid": ["1234567890"],
        "context": "My NIN is {value}.",
    },
    # --- secrets -----------------------------------------------------------------------------
    "SECRET": {
        # Format examples written to each provider's published format (providers publish no live
        # credentials): a GitHub token with a correct CRC32 tail, npm, GitLab, AWS, Slack, Stripe,
        # Google, OpenAI, Anthropic, SendGrid, age, and an RFC 7519 token.
        "valid": [
            "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",
            "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",
            "glpat-6JiMX6TdXr_i8MLu_KNo",
            "ASIAFVG5JHKENGN2EYUC",
            "xoxb-2266858247-16384909746-CSoMd1bDslYy04S9tbat2y1c",
            "sk_live_kLn4KLHTdOuSO8Y1dyvnMWjy",
            "AIza0yZGVhvxxfLKcbVjn3wNLwhZaUvIBSNtCcn",
            "sk-ant-api03-cddzigfNoz4R368vDk5ytmlZWNZdU0IM3jwBFHRKkpMY5p8saJ50CO-kKYKkJJvnlVYg5f5bazCi65ZiKWlbFyy4nl4BOAA",
            "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",
            "AGE-SECRET-KEY-1ZMVZHU75REV6DRWZ96N55TZZ0ACE5EN5DX02V59AVU4SZCTAD63S9MV3D8",
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        ],
        # Documentation placeholders (AWS's own example key, X-filled tokens), a GitHub token whose
        # CRC32 tail is wrong, and low-entropy assignments.
        "invalid": [
            "AKIAIOSFODNN7EXAMPLE",
            "ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
            "ghp_4nmsl7DvDuV0qjf31VuRoayvpyTBi41rHp4z",
            "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
            "password=changeme",
        ],
        "context": "export TOKEN={value}",
    },
}
