"""Neutral text per language: filler sentences and context-free frames for a value.

Filler holds no personal value and no context word of any category; frames
(``{v}``) name nothing about the value, so a value in a frame must stand on its
own format. Locales are the ones records carry.
"""

from __future__ import annotations

LOCALES: dict[str, str] = {
    "en": "en_US",
    "en_GB": "en_GB",
    "de": "de_DE",
    "fr": "fr_FR",
    "es": "es_ES",
    "it": "it_IT",
    "pt": "pt_PT",
    "pt_BR": "pt_BR",
    "nl": "nl_NL",
    "sv": "sv_SE",
    "fi": "fi_FI",
    "da": "da_DK",
    "no": "nb_NO",
    "is": "is_IS",
    "pl": "pl_PL",
    "cs": "cs_CZ",
    "ro": "ro_RO",
    "bg": "bg_BG",
    "hr": "hr_HR",
    "et": "et_EE",
    "lt": "lt_LT",
    "sl": "sl_SI",
    "el": "el_GR",
    "ko": "ko_KR",
    "ja": "ja_JP",
    "zh": "zh_CN",
    "th": "th_TH",
    "ms": "ms_MY",
    "id": "id_ID",
    "tr": "tr_TR",
    "he": "he_IL",
    "es_MX": "es_MX",
    "es_AR": "es_AR",
    "es_CL": "es_CL",
    "es_CO": "es_CO",
    "de_AT": "de_AT",
    "de_CH": "de_CH",
    "fr_CH": "fr_CH",
    "fr_BE": "fr_BE",
    "fr_CA": "fr_CA",
    "en_IE": "en_IE",
}

FILLER: dict[str, tuple[str, ...]] = {
    "en": (
        "Thanks for getting back to me so quickly.",
        "Let me know if anything else is missing.",
        "The team will review the request this week.",
        "Please keep this message for your records.",
        "We moved the meeting to Thursday afternoon.",
        "Have a good weekend.",
    ),
    "de": (
        "Vielen Dank für Ihre schnelle Rückmeldung.",
        "Bitte melden Sie sich, falls noch etwas fehlt.",
        "Das Team prüft den Antrag in dieser Woche.",
        "Mit freundlichen Grüßen aus Köln.",
        "Die Unterlagen kommen per Post.",
    ),
    "fr": (
        "Merci pour votre réponse rapide.",
        "N'hésitez pas à me contacter si quelque chose manque.",
        "Le dossier sera traité cette semaine.",
        "Bien cordialement.",
        "La réunion est déplacée à jeudi après-midi.",
    ),
    "es": (
        "Gracias por su pronta respuesta.",
        "Avíseme si falta algún documento.",
        "El equipo revisará la solicitud esta semana.",
        "Un cordial saludo.",
    ),
    "it": (
        "Grazie per la rapida risposta.",
        "Mi faccia sapere se manca qualcosa.",
        "La pratica sarà esaminata questa settimana.",
        "Cordiali saluti.",
    ),
    "pt": (
        "Obrigado pela resposta rápida.",
        "Diga-me se falta algum documento.",
        "A equipa vai analisar o pedido esta semana.",
        "Com os melhores cumprimentos.",
    ),
    "nl": (
        "Bedankt voor uw snelle reactie.",
        "Laat het weten als er nog iets ontbreekt.",
        "Het team bekijkt de aanvraag deze week.",
        "Met vriendelijke groet.",
    ),
    "sv": (
        "Tack för ditt snabba svar.",
        "Hör av dig om något saknas.",
        "Ärendet behandlas under veckan.",
        "Med vänliga hälsningar.",
    ),
    "fi": (
        "Kiitos nopeasta vastauksesta.",
        "Kerro, jos jotain puuttuu.",
        "Hakemus käsitellään tällä viikolla.",
        "Ystävällisin terveisin.",
    ),
    "da": (
        "Tak for dit hurtige svar.",
        "Sig til, hvis der mangler noget.",
        "Sagen behandles i denne uge.",
        "Med venlig hilsen.",
    ),
    "no": (
        "Takk for raskt svar.",
        "Gi beskjed hvis noe mangler.",
        "Saken behandles denne uken.",
        "Med vennlig hilsen.",
    ),
    "is": ("Takk fyrir skjót svör.", "Láttu vita ef eitthvað vantar.", "Með kveðju."),
    "pl": (
        "Dziękuję za szybką odpowiedź.",
        "Proszę dać znać, jeśli czegoś brakuje.",
        "Wniosek zostanie rozpatrzony w tym tygodniu.",
        "Z poważaniem.",
    ),
    "cs": (
        "Děkuji za rychlou odpověď.",
        "Dejte mi vědět, pokud něco chybí.",
        "Žádost vyřídíme tento týden.",
        "S pozdravem.",
    ),
    "ro": (
        "Vă mulțumesc pentru răspunsul rapid.",
        "Anunțați-mă dacă lipsește ceva.",
        "Cu stimă.",
    ),
    "bg": ("Благодаря за бързия отговор.", "Моля, пишете ми, ако нещо липсва.", "Поздрави."),
    "hr": ("Hvala na brzom odgovoru.", "Javite mi ako nešto nedostaje.", "Srdačan pozdrav."),
    "et": ("Aitäh kiire vastuse eest.", "Andke teada, kui midagi on puudu.", "Lugupidamisega."),
    "lt": ("Ačiū už greitą atsakymą.", "Praneškite, jei ko nors trūksta.", "Pagarbiai."),
    "sl": ("Hvala za hiter odgovor.", "Sporočite mi, če kaj manjka.", "Lep pozdrav."),
    "el": (
        "Ευχαριστώ για τη γρήγορη απάντηση.",
        "Ενημερώστε με αν λείπει κάτι.",
        "Με εκτίμηση.",
    ),
    "ko": ("빠른 답변 감사합니다.", "부족한 서류가 있으면 알려 주세요.", "좋은 하루 보내세요."),
    "ja": (
        "早速のご返信ありがとうございます。",
        "不足している書類があればお知らせください。",
        "よろしくお願いいたします。",
    ),
    "zh": ("感谢您的及时回复。", "如有缺少的材料请告诉我。", "祝好。"),
    "th": ("ขอบคุณสำหรับการตอบกลับอย่างรวดเร็ว", "หากขาดเอกสารใดโปรดแจ้งให้ทราบ", "ขอแสดงความนับถือ"),
    "ms": ("Terima kasih atas maklum balas yang pantas.", "Sila maklumkan jika ada yang kurang."),
    "id": ("Terima kasih atas balasan cepatnya.", "Mohon kabari jika ada yang kurang."),
    "tr": (
        "Hızlı yanıtınız için teşekkürler.",
        "Eksik bir şey varsa haber verin.",
        "Saygılarımla.",
    ),
    "he": ("תודה על התשובה המהירה.", "עדכנו אותי אם חסר משהו.", "בברכה."),
}

# Context-free frames: nothing in them names the kind of value.
FRAMES: dict[str, tuple[str, ...]] = {
    "en": (
        "Here it is: {v}.",
        "I copied it from the form: {v}",
        "{v} is the one we talked about.",
        "Can you double-check {v} for me?",
        "As discussed, {v}.",
    ),
    "de": ("Hier ist es: {v}.", "Wie besprochen: {v}", "Kannst du {v} bitte prüfen?"),
    "fr": ("Voici : {v}.", "Comme convenu : {v}", "Peux-tu vérifier {v} ?"),
    "es": ("Aquí está: {v}.", "Como hablamos: {v}", "¿Puedes revisar {v}?"),
    "it": ("Eccolo: {v}.", "Come d'accordo: {v}", "Puoi controllare {v}?"),
    "pt": ("Aqui está: {v}.", "Como combinado: {v}", "Podes verificar {v}?"),
    "nl": ("Hier is het: {v}.", "Zoals besproken: {v}", "Kun je {v} controleren?"),
    "sv": ("Här är den: {v}.", "Som vi sa: {v}"),
    "fi": ("Tässä se on: {v}.", "Kuten sovittiin: {v}"),
    "da": ("Her er den: {v}.", "Som aftalt: {v}"),
    "no": ("Her er den: {v}.", "Som avtalt: {v}"),
    "is": ("Hér er það: {v}.",),
    "pl": ("Oto on: {v}.", "Zgodnie z ustaleniami: {v}"),
    "cs": ("Tady je: {v}.", "Jak jsme se domluvili: {v}"),
    "ro": ("Iată: {v}.", "Cum am stabilit: {v}"),
    "bg": ("Ето го: {v}.",),
    "hr": ("Evo ga: {v}.",),
    "et": ("Siin see on: {v}.",),
    "lt": ("Štai jis: {v}.",),
    "sl": ("Tukaj je: {v}.",),
    "el": ("Ορίστε: {v}.",),
    "ko": ("여기 있습니다: {v}", "확인 부탁드립니다 {v}"),
    "ja": ("こちらです：{v}", "確認をお願いします {v}"),
    "zh": ("在这里：{v}", "请核对 {v}"),
    "th": ("นี่คือ {v}",),
    "ms": ("Ini dia: {v}.",),
    "id": ("Ini dia: {v}.",),
    "tr": ("İşte burada: {v}.",),
    "he": ("הנה זה: {v}.",),
}


def base(lang: str) -> str:
    """The language of ``lang`` without its region (``pt_BR`` -> ``pt``)."""
    return lang.split("_", 1)[0]


def filler(lang: str) -> tuple[str, ...]:
    """Filler sentences for ``lang`` (its base language's)."""
    return FILLER.get(lang) or FILLER[base(lang)]


def frames(lang: str) -> tuple[str, ...]:
    """Context-free frames for ``lang`` (its base language's)."""
    return FRAMES.get(lang) or FRAMES[base(lang)]
