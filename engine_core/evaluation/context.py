"""Context words near a value: whether a rule's value counts, and which category it is.

A rule's ``context`` words (case-insensitive, on word boundaries) are looked
for within ``context_window`` characters before and after each value. With
``context_required`` a value without one does not count; between rules that
take the same value, the nearest context word decides (docs/architecture.md,
"Context").

Words are folded like the scanned text (NFKC, format characters skipped), so
a word typed with a compatibility character still meets the folded text. A
word boundary is only asked for at an edge written in a script that separates
words with spaces: Chinese, Japanese, Thai (and Korean particles) glue words to
their neighbours, so a word there is found inside running text. A word of three
characters or more may also start where a field name joins it to the parts before
it, after an underscore or as a camel-case capital after two small letters: a field
name ends with the part that names it (``patient_dob``, ``nro_dni``,
``patientDob``).
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import ahocorasick
import regex

from ..matching import Span
from ..normalization import normalized_view, outside_ascii

__all__ = [
    "CASE_EXCEPTION_CHARS",
    "DEFAULT_CONTEXT_WINDOW",
    "LEADER_GAP",
    "MIN_JOINED_CHARS",
    "REMARK_AFTER_WORD",
    "REMARK_CHARS",
    "REPLY_AFTER_WORD",
    "TYPED_VALUE_GAP",
    "Context",
    "FoundWords",
    "all_words",
    "asks_after",
    "camel_joined",
    "caseless",
    "dotted_forms",
    "exceptions_folded",
    "fold_word",
    "folded_words",
    "glued_script",
    "header_distance",
    "heads_field_names",
    "key_forms",
    "may_open_remark",
    "opens_reply",
    "remarked_after",
    "unaccented",
]

DEFAULT_CONTEXT_WINDOW = 40
#: How far around a value what shows its country counts at least (``country_window``): a
#: record's country field and its document number lie a few lines apart in a
#: pretty-printed object (``"nationality": "DE",`` then ``"document": {"type":
#: "passport", "number": ...``), further than its words need to be.
DEFAULT_COUNTRY_WINDOW = 100
#: A chat transcript's reply, whose question's word names the value it opens
#: (docs/architecture.md, "Context"): the question's line goes on with up to this many
#: characters after the word, no digit but a count (``IMEI do telemóvel?``, ``fødselsnummer
#: (11 siffer) så finner jeg kundeforholdet?``), or only the start of a
#: value broken off (``CPR nr 2401 ...``, corrected in the reply), then either
_QUESTION_TAIL = 50
#: A short line of up to three words, no digit, the reply may open with before its value's
#: line (``yep``, ``one sec``, ``here you go``).
_FILLER_LINE = r"[^\W\d_]{1,12}(?:[ \t][^\W\d_]{1,12}){0,2}[,.!]?[ \t]{0,2}\r?\n[ \t]{0,4}"
_FILLER_CHARS = 12 + 2 * 13 + 1 + 2 + 2 + 4
#: A spoken reply's opening words before its value, as a speech recogniser writes them: up
#: to five hesitations of one or two words, each closed by a comma or a full stop (``you
#: know, Yeah, um,``, ``o sea, Sí, eh, a ver,``, ``Ja, klar.``), then up to three words
#: (``it's``, ``es el``, ``die ist``, ``c'est``). Words running on without those marks are
#: a sentence, not an answer's opening (``I think the meeting was on``).
_REPLY_WORD = r"[^\W\d_]{1,16}(?:'[^\W\d_]{1,8})?"
_HESITATION = r"(?:[^\W\d_]{1,12}(?:[ \t][^\W\d_]{1,12})?[,.!][ \t]{1,2})"
#: In a script written without spaces, up to four hesitations closed by a comma, then up to
#: four characters (``好的,嗯,是`` (a full-width comma folded), ``えっと, はい、えーと、``).
_GLUED_LETTER = r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Thai}\u30fc]"
_GLUED_REPLY = rf"(?:{_GLUED_LETTER}{{1,6}}[\u3001,][ \t]?){{1,4}}{_GLUED_LETTER}{{0,4}}"


def _reply_opening(hesitations: int) -> str:
    """Return the pattern of a reply's opening words with this many hesitations at least."""
    return (
        rf"(?:{_HESITATION}{{{hesitations},5}}(?:{_REPLY_WORD}[,:.!]?[ \t]{{1,4}}){{0,3}}"
        rf"|{_GLUED_REPLY})"
    )


_REPLY_WORDS = _reply_opening(0)
#: The same with one hesitation at least: on a line of its own, a sentence may open with
#: a few words (``The meeting of 14/03/1985``), an answer does not.
_HESITANT_REPLY = _reply_opening(1)
_REPLY_WORDS_CHARS = 5 * (12 + 1 + 12 + 1 + 2) + 3 * (16 + 9 + 1 + 4)
#: The keys of a JSON object's turn of a conversation (speech recognisers' ``transcript``,
#: ``display`` and ``text``, a chat model's ``content``, a chat export's ``message``).
_TURN_KEYS = r"(?:transcript|text|display|content|utterance|message)"
#: What lies between a question's JSON string and its reply's: the objects' other keys and
#: short values (``"confidence": 0.72}], "channelTag": 1, ...``), a filler turn's ``Um``.
_JSON_BETWEEN = r'[\s,:{}\[\]"\w.+\-/]{0,200}'
_TURN_OPENS = rf'"{_TURN_KEYS}"\s{{0,2}}:\s{{0,2}}"\s{{0,2}}'
_TURN_OPENS_CHARS = 1 + 11 + 1 + 2 + 1 + 2 + 1 + 2
#: A deposition's numbered answer opening its line (`` 8   A.``).
_ANSWER_NUMBER = r"[ \t]{0,4}[0-9]{1,2}[ \t]{1,6}A\."
#: A speaker's name with no time, opening its line (``SPK_1:``, ``YVAN BAUER:``).
_SPEAKER_NAME = r"[^\W\d][^\n:]{0,39}:"
#: A reply's header line ending with its time, and the next line's indent.
_TIMED_HEADER = (
    r"[^\n]{0,80}?(?<![0-9])[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?(?:[ \t]?[AaPp]\.?[Mm]\.?)?"
    r"[\])]?[ \t]*\r?\n[ \t]*"
)
_REPLY_HEAD = regex.compile(
    # its ``?``, blank lines or a rule (``---``), and the reply's header line ending with its
    # time (``Roland Rolland  9:06 PM``, ``Chad — 10/06/2021 15:44``, ``Saydam Türk,
    # [28.02.2019 11:20]``, a meeting transcript's ``Speaker 2  0:34``), the value opening
    # the next line, after a reply's hesitant opening words, or the line after a filler line;
    r"\?[ \t]{0,4}\r?\n(?:[ \t]*(?:[-*_=]{3,}[ \t]*)?\r?\n){0,3}"
    rf"{_TIMED_HEADER}(?:{_FILLER_LINE}|{_HESITANT_REPLY})?"
    # or a request's full stop (``For verification I need your NPI, please.``) and the same
    # header, then a spoken reply's hesitant opening (a statement's bare value is no reply);
    rf"|[.\u3002][ \t]{{0,4}}\r?\n(?:[ \t]*\r?\n){{0,3}}{_TIMED_HEADER}{_HESITANT_REPLY}"
    # or its ``?``, blank lines, and the next line's speaker name with no time
    # (``SPK_1:``, ``YVAN BAUER:``) or a deposition's numbered answer (`` 8   A.``) and a
    # reply's opening words;
    r"|\?[ \t]{0,4}\r?\n(?:[ \t]{0,4}\r?\n){0,3}"
    rf"(?:{_SPEAKER_NAME}|{_ANSWER_NUMBER})[ \t]{{1,8}}{_REPLY_WORDS}"
    # (after a request's full stop, a hesitant opening);
    r"|[.\u3002][ \t]{0,4}\r?\n(?:[ \t]{0,4}\r?\n){0,3}"
    rf"(?:{_SPEAKER_NAME}|{_ANSWER_NUMBER})[ \t]{{1,8}}{_HESITANT_REPLY}"
    # or its end (``?``, ``.``, ``:`` or none) and, on the next line, the reply's speaker
    # prefix holding its time (``[00:01:01] Caller:``, ``[26.08.23, 08:44:50] Gerlinde:``,
    # ``+358 13 1687801 (09:21):``) or its bracketed timings (Whisper's ``[00:20.001 -->
    # 00:23.160]``), and a reply's opening words (``okay so``, ``mm,``, ``sorry, I mean``,
    # ``Korrektur:``, ``hej! det er``, ``genau, Ja, äh, Moment, die ist``), or a filler
    # line (``Sandile: yep``, the value on the next).
    r"|[.?:]?[ \t]{0,4}\r?\n[^\n]{0,40}?(?<![0-9])[0-9]{1,2}:[0-9]{2}[^\n]{0,30}?[:\]][ \t]{1,8}"
    rf"(?:{_REPLY_WORDS}|{_FILLER_LINE})"
    # or, in a WebVTT or SubRip transcript (Teams, Zoom, YouTube captions, subtitles), its
    # ``?`` or a request's full stop (``I need your NIN, please.``) closing its cue
    # (``</v>``), blank lines, the next cue's identifier line, its timings (``00:05:02.512
    # --> 00:05:06.970``, settings after them; SubRip's ``00:00:11,865``) and its voice tag
    # (``<v Urs Keller>``) or a dialogue's dash, and a reply's opening words (``Ja, klar.
    # Das ist``, ``Oui, c'est``).
    r"|[?.\u3002](?:</v>)?[ \t]{0,4}\r?\n(?:[ \t]{0,4}\r?\n){0,3}(?:[^\n]{1,64}\r?\n)?"
    r"(?:[0-9]{2}:)?[0-9]{2}:[0-9]{2}[.,][0-9]{3}[ \t]{1,4}-->[ \t]{1,4}"
    r"(?:[0-9]{2}:)?[0-9]{2}:[0-9]{2}[.,][0-9]{3}[^\n]{0,40}\r?\n"
    r"(?:<v(?:\.[^\s>]{1,20})?[ \t][^>\n]{1,40}>|-[ \t])?[ \t]{0,2}"
    rf"{_REPLY_WORDS}"
    # or, in a JSON export of a conversation (a speech recogniser's results, a chat model's
    # messages), its ``?`` or full stop closing its turn's string, the objects' keys and
    # short values between, and the reply's turn's string opening with its words.
    rf'|[?.\u3002]"{_JSON_BETWEEN}{_TURN_OPENS}{_REPLY_WORDS}',
    regex.REVERSE,
)
_A_TIME = regex.compile(r"[0-9]:[0-9]{2}")
#: A reply's line opening with its speaker's prefix and time (_REPLY_HEAD's second shape).
_SPEAKER_LINE = regex.compile(r"[^\n]{0,40}?(?<![0-9])[0-9]{1,2}:[0-9]{2}[^\n]{0,30}?[:\]][ \t]")
_QUESTION_WORDS = regex.compile(
    # Words, a count of one or two digits among them (``fødselsnummer (11 siffer)``, ``13
    # หลัก``: how many digits the value has).
    rf"(?=[^\n]{{0,{_QUESTION_TAIL}}}$)(?:[^\n\d!?]|(?<![0-9])[0-9]{{1,2}}(?![0-9]))*+"
    r"|[.:#]?[ \t]{0,4}[0-9A-Za-z]{1,6}(?:[ ][0-9A-Za-z]{1,6})?[ \t]{0,4}(?:\.{2,3}|\u2026)"
)
#: The longest line of a cue's timings and settings (:data:`_REPLY_HEAD`'s third shape).
_CUE_TIMINGS = 12 + 4 + 3 + 4 + 12 + 40 + 2
#: How far before its value a reply's question lies at most (:data:`_REPLY_HEAD`).
_REPLY_HEAD_CHARS = max(
    2 + 3 * 16 + 80 + 14 + 2 + 2 + 8 + max(_FILLER_CHARS, _REPLY_WORDS_CHARS),
    # A speaker's name's: the question's end and line break, blank lines, name, spaces.
    1 + 4 + 2 + 3 * 6 + 40 + 1 + 8 + _REPLY_WORDS_CHARS,
    3 + 2 + 40 + 5 + 30 + 1 + 8 + max(_REPLY_WORDS_CHARS, _FILLER_CHARS),
    # A WebVTT cue's: its end, blank lines, identifier, timings, voice tag and words.
    1 + 4 + 4 + 2 + 3 * 6 + 66 + _CUE_TIMINGS + (2 + 21 + 1 + 40 + 1 + 2) + _REPLY_WORDS_CHARS,
    # A JSON turn's: its string's end, what lies between, the reply's key and words.
    2 + 200 + _TURN_OPENS_CHARS + _REPLY_WORDS_CHARS,
)
#: A reply's turn opening in a JSON export, searched back from its value.
_JSON_REPLY = regex.compile(_TURN_OPENS + _REPLY_WORDS, regex.REVERSE)
#: After a question's word, the end of its turn's JSON string.
_JSON_QUESTION_END = regex.compile(rf'[^\n"\d!?]{{0,{_QUESTION_TAIL}}}[?.\u3002]"')
_JSON_TURN = regex.compile(_TURN_OPENS)
#: How far a question's line break lies after its word at most (the rest of its line, its
#: mark and spaces).
_QUESTION_LINE_END = _QUESTION_TAIL + 1 + 4 + 1
#: How far after a question's word the value opening its reply starts at most.
REPLY_AFTER_WORD = _QUESTION_LINE_END + _REPLY_HEAD_CHARS
#: Room in a distance for the length of the word (longer words win ties).
_LENGTH_SLOTS = 256


_NUMBERED_ANSWER = regex.compile(_ANSWER_NUMBER)
#: After a question's line, blank lines and the next turn's speaker name or numbered answer.
_NEXT_TURN = regex.compile(rf"(?:[ \t]*\r?\n){{0,3}}(?:{_SPEAKER_NAME}[ \t]|{_ANSWER_NUMBER})")
_GLUED_BEFORE = regex.compile(rf"{_GLUED_LETTER}|\u3001")


def _may_open_reply(text: str, low: int, start: int) -> bool:
    """False when no reply's head can end at ``start`` (one C search or two, before
    :data:`_REPLY_HEAD`'s): the value's line holds no speaker's colon nor only spaces, the
    line before it no time (a header's or a cue's), it opens with no numbered answer, and
    no JSON turn opens before the value."""
    line = text.rfind("\n", low, start)
    if line != -1 and (
        text.find(":", line, start) != -1
        or text[line:start].isspace()
        or _A_TIME.search(text, max(low, text.rfind("\n", low, line)), line) is not None
        or _NUMBERED_ANSWER.match(text, line + 1) is not None
    ):
        return True
    return _JSON_REPLY.match(text, low, start) is not None


def _reply_question(text: str, start: int) -> int | None:
    """Return where the question of a transcript's reply whose value starts at ``start``
    ends (its ``?``, ``.`` or ``:``, or its line's end), or None (:data:`_REPLY_HEAD`)."""
    if not start or (
        text[start - 1] not in '\n \t>"' and _GLUED_BEFORE.match(text, start - 1) is None
    ):
        return None
    low = max(0, start - _REPLY_HEAD_CHARS)
    if not _may_open_reply(text, low, start):
        return None  # no line break near, or a line holding more than the value, no prefix
    reply = _REPLY_HEAD.match(text, low, start)  # a reverse pattern: it ends at ``start``
    return None if reply is None else reply.start()


def opens_reply(text: str, start: int) -> bool:
    """True when a value starting at ``start`` opens a transcript's reply to a question
    (:data:`_REPLY_HEAD`)."""
    return _reply_question(text, start) is not None


def asks_after(text: str, word_end: int) -> bool:
    """True when a word ending at ``word_end`` may be a question's, whose reply's value lies
    up to :data:`REPLY_AFTER_WORD` after it (:data:`_REPLY_HEAD`'s shapes, loosely): its
    line ends soon, with a ``?`` (a cue's ``</v>`` after it) and a time after it (the
    reply's header or cue timings), or a request's full stop and a time right after, or
    before a line opening with a speaker's prefix holding its time (``[00:01:01]
    Caller:``), or with ``?`` or a full stop before a speaker's name or a numbered answer
    (``SPK_1:``, `` 4   A.``); or its JSON string ends soon, with a ``?`` or a full stop,
    and a conversation's turn follows."""
    if text.find('"', word_end, word_end + _QUESTION_TAIL + 2) != -1:
        turn_end = _JSON_QUESTION_END.match(text, word_end)
        if turn_end is not None and _JSON_TURN.search(text, turn_end.end(), turn_end.end() + 230):
            return True  # a JSON export's turn, the reply's after it
    line_end = text.find("\n", word_end, word_end + _QUESTION_LINE_END)
    if line_end == -1:
        return False
    if _SPEAKER_LINE.match(text, line_end + 1) is not None:
        return True
    ending = text[word_end:line_end].rstrip(" \t\r").removesuffix("</v>")
    if not ending.endswith(("?", ".", "\u3002")):
        return False
    if _NEXT_TURN.match(text, line_end + 1) is not None:
        return True  # a speaker's name or a deposition's numbered answer opens the reply
    if ending.endswith("?"):
        return _A_TIME.search(text, line_end, line_end + _REPLY_HEAD_CHARS) is not None
    # A request: a cue's timings or a header's time on the lines right after it.
    return _A_TIME.search(text, line_end, line_end + 8 + 66 + _CUE_TIMINGS) is not None


#: The longest remark in brackets between a label and its value (``NHS number (occupational
#: health, optional): ``, ``codice_fiscale (italian co-applicant Simone Ferrari): ``): the
#: label still names the value, from further back than a window (docs/architecture.md,
#: "Context"). So does a form's leader (``Phone ................ 090-4294-6083``).
REMARK_CHARS = 64
#: The longest leader: dots, an ellipsis's, middle dots or underscores.
_LEADER_CHARS = 72
_LEADER = "[.\u2026\u00b7_]"
#: A leader, then an optional colon with spaces around it: a label's gap as a pattern's
#: source (a reverse pattern's too: it reads the same both ways).
LEADER_GAP = rf"{_LEADER}{{3,{_LEADER_CHARS}}}[ \t]{{0,4}}[:\uff1a]?[ \t]{{0,4}}"
#: A remark or a leader right after its label's word: up to four spaces (or Markdown's bold
#: ``**``, or an abbreviation's full stop: ``Passport No. ......``), then the bracket, or
#: three of the leader's characters.
_REMARK_AFTER = regex.compile(rf"[ \t*.]{{0,4}}(?:\([^()\n]{{1,{REMARK_CHARS}}}\)|{_LEADER}{{3}})")
#: The most characters of a label's gap after a remark (``): ``, ``)**: ``).
_REMARK_GAP_CHARS = 12
#: A remark and a label's gap, or a leader and spaces around a colon, searched back from the
#: value (a reverse pattern).
_REMARK_GAP = regex.compile(
    rf"[ \t*.]{{0,4}}(?:\([^()\n]{{1,{REMARK_CHARS}}}\)"
    rf"[\s.:\uff1a=#*|\-\"']{{0,{_REMARK_GAP_CHARS}}}|{LEADER_GAP})",
    regex.REVERSE,
)
#: How far after its word the value a remark or a leader follows starts at most.
REMARK_AFTER_WORD = 4 + max(1 + REMARK_CHARS + 1 + _REMARK_GAP_CHARS, _LEADER_CHARS + 9)
#: What a leader holds, and what a remark's start or end does (one C search each says none
#: can begin or end in a range).
_LEADER_MARKS = ("...", "\u2026", "\u00b7\u00b7\u00b7", "___")
_REMARK_STARTS = ("(", *_LEADER_MARKS)
_REMARK_ENDS = (")", *_LEADER_MARKS)


def may_open_remark(text: str, low: int, high: int) -> bool:
    """False when no remark or leader (:func:`remarked_after`) begins in ``text[low:high]``."""
    part = text[low:high]
    return any(mark in part for mark in _REMARK_STARTS)


def remarked_after(text: str, word_end: int) -> bool:
    """True when a remark in brackets or a form's leader follows a word ending at
    ``word_end``: a value up to :data:`REMARK_AFTER_WORD` after it may be the one it labels."""
    return _REMARK_AFTER.match(text, word_end) is not None


def _remark_before(text: str, start: int) -> int | None:
    """Return where the word ends that labels a value starting at ``start`` across a remark
    in brackets (``NHS number (optional, for occupational health): 722 071 1069``) or a
    form's leader (``Phone ........ 090-4294-6083``), or None when none ends there."""
    tail = text[max(0, start - _REMARK_GAP_CHARS - 1) : start]
    if not any(mark in tail for mark in _REMARK_ENDS):
        return None
    found = _REMARK_GAP.match(text, max(0, start - REMARK_AFTER_WORD), start)
    return None if found is None else found.start()


def header_distance(length: int) -> int:
    """Return the distance of a table's header cell holding a word ``length`` characters
    long from a value in its column: nearer than any word but a label right before the
    value (a label in the value's own cell names it first)."""
    return _LENGTH_SLOTS - min(length, _LENGTH_SLOTS - 1)


#: The keys of a JSON object's typed value (see :data:`TYPED_VALUE_GAP`).
_TYPED_VALUE_KEYS = r"(?:text|value|number)"
#: A JSON object that types its value: after the type's value (the word), the value's key
#: (FHIR's ``{"system": "phone", "value": "…"}``, a Telegram export's ``{"type": "phone",
#: "text": "…"}``): the word labels the value as ``phone:`` does.
TYPED_VALUE_GAP = rf"\"\s*,\s*\"{_TYPED_VALUE_KEYS}\"\s*:\s*\""
#: What may stand between a label and its value: ``SSN: ``, ``Tel.: ``, ``No. ``, ``ID# ``,
#: a quoted key's ``": "`` or ``'='``, Markdown's bold ``**SSN:** ``, an X12 element's ``*``,
#: a two-column table's ``|`` (``| Date of birth | 22/10/1993 |``), or a typed value's key.
_LABEL_GAP = regex.compile(rf"[\s.:\uff1a=#*|\-\"']*|{TYPED_VALUE_GAP}")
#: The end of a sentence: a word after it labels what follows it.
_BOUNDARY = regex.compile(r"[.!?\u3002](?:\s|$)")
#: A word that a digit follows across a label's gap (``DOB: 12/23/61``, ``Tel (020)``) is
#: that value's label; a bracket of words is a qualifier (``PPS Number (for RTB):``).
_LABELS_A_NUMBER = regex.compile(
    r"[\"']?[^\S\n]*[.:\uff1a=#|\-]*[^\S\n]*[\"']?(?:[0-9+]|[(][0-9+])"
)
#: Shorter words keep their accents in every form: without them they are other words.
MIN_UNACCENTED_CHARS = 8
#: The longest acronym also written with dots (``N.I.F.``): longer capitals are words.
MAX_DOTTED_CHARS = 4
#: Where a phrase's words meet: spaces, hyphens or an elided article's apostrophe
#: (``carta d'identità``: ``carta_d_identita``).
_KEY_JOINTS = re.compile(r"[\s\-'\u2019]+")
#: Where an abbreviation's parts meet: dots, spaces or hyphens (``a. k.``, ``St.-Nr``).
_ABBREVIATION_JOINTS = re.compile(r"[.\s\-]+")
#: Scripts written without spaces between words (or, for Hangul, with particles glued on).
_GLUED = r"\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}"
_GLUED_CHAR = regex.compile(f"[{_GLUED}]")
#: Before and after a word's spaced-script edge: no letter or digit of a spaced script.
_START = f"(?<![^\\W{_GLUED}])"
_END = f"(?![^\\W{_GLUED}])"
#: The start edge where a field name joins the word to its parts before it with an
#: underscore (``patient_dob``, ``nro_dni``): the last part names the field. Not at its
#: end: a part after it qualifies it (``birthday_card``, ``ssn_last4``).
_JOINED_START = f"(?<![^\\W_{_GLUED}])"
#: The same, or in camel case: a capital after two small letters (``patientDob``, ``myPhone``;
#: not ``iPhone`` or ``eBay``, a brand's one-letter prefix).
_CAMEL_JOINED_START = f"(?:{_JOINED_START}|(?-i:(?<=[a-z]{{2}})(?=[A-Z])))"
#: The end edge where a field name goes on after the word with another part, joined by an
#: underscore (``nif_cliente``, ``oib_klijenta``) or in camel case, a capital after the
#: word's small last letter (``passportNo``, ``rfcHomoclave``): for a rule whose
#: ``context_field_head`` option says so (a qualifier after the word names whose number it
#: is, not another kind of value).
_HEAD_END = f"(?:{_END}|(?=_[^\\W\\d_])|(?-i:(?<=[a-z])(?=[A-Z])))"
#: From this length on, a word also starts where a field name joins it (:data:`_JOINED_START`):
#: a shorter one (``cc``, ``tc``, ``ph``) is as often a field name's unrelated abbreviation.
MIN_JOINED_CHARS = 3


def camel_joined(word: str) -> bool:
    """True when ``word`` may also start a camel-case field name's last part: a single
    ASCII word of :data:`MIN_JOINED_CHARS` characters or more (``dob``, ``dateofbirth``
    in ``patientDateOfBirth``; a phrase's field-name forms are such words)."""
    return len(word) >= MIN_JOINED_CHARS and word.isascii() and word.isalnum()


def heads_field_names(word: str) -> bool:
    """True when ``word`` of a ``context_field_head`` rule may also begin a field name
    (:data:`_HEAD_END`): one word of :data:`MIN_JOINED_CHARS` letters or digits or more
    (``nif``, ``pesel``; a phrase's joined form, ``numero_de_contribuinte``, ends names)."""
    return len(word) >= MIN_JOINED_CHARS and _LETTERS_AND_DIGITS.fullmatch(word) is not None


_LETTERS_AND_DIGITS = regex.compile(r"[^\W_]++")
_WORD_CHAR = regex.compile(r"\w")

#: Characters whose lower case is not what ``IGNORECASE`` matching treats them as (a
#: multi-character lower case, or a lower case that is not its upper case's): mapped to
#: that. A test checks the table against every code point the normalized text can hold.
_CASE_EXCEPTIONS = {
    0x130: "i",  # LATIN CAPITAL LETTER I WITH DOT ABOVE (lower: i + U+0307)
    0x131: "i",  # LATIN SMALL LETTER DOTLESS I
    0x345: "\u03b9",  # COMBINING GREEK YPOGEGRAMMENI
    0x3C2: "\u03c3",  # GREEK SMALL LETTER FINAL SIGMA
    0x1C80: "\u0432",  # CYRILLIC SMALL LETTER ROUNDED VE ... (historic variants)
    0x1C81: "\u0434",
    0x1C82: "\u043e",
    0x1C83: "\u0441",
    0x1C84: "\u0442",
    0x1C85: "\u0442",
    0x1C86: "\u044a",
    0x1C87: "\u0463",
    0x1C88: "\ua64b",
}
#: From this length on, the exceptions are searched for among the non-ASCII characters only.
_LONG = 4096
#: The characters that need the exceptions, and capital sigma: ``str.lower`` writes it
#: as a final sigma at a word's end, which the exceptions then fold back. A text without
#: them matches a lower-cased word, case-insensitively, where its lower case holds it.
CASE_EXCEPTION_CHARS = "".join(map(chr, _CASE_EXCEPTIONS)) + "\u03a3"
_CASE_CHARS = re.compile(f"[{CASE_EXCEPTION_CHARS}]")


def caseless(text: str) -> str:
    """Return ``text`` lower-cased so that a case-insensitive match is a substring of it."""
    if text.isascii():
        return text.lower()
    # Only characters outside ASCII can need an exception: in a long text, search those.
    if _CASE_CHARS.search(outside_ascii(text) if len(text) > _LONG else text) is None:
        return text.lower()
    return text.translate(_CASE_EXCEPTIONS).lower().replace("\u03c2", "\u03c3")


#: The case exceptions and capital sigma as ``IGNORECASE`` matching reads them, one
#: character for one (see :func:`exceptions_folded`).
_EXCEPTIONS_FOLDED = {**_CASE_EXCEPTIONS, 0x3A3: "\u03c3"}


def exceptions_folded(text: str) -> str:
    """Return ``text`` with each character of :data:`CASE_EXCEPTION_CHARS` written as
    ``IGNORECASE`` matching reads it and every other character as it is (its case too: a
    camel-case field name keeps its capitals), one character for one."""
    return text.translate(_EXCEPTIONS_FOLDED)


def glued_script(char: str) -> bool:
    """True when ``char`` belongs to a script whose words are not separated by spaces."""
    return _GLUED_CHAR.match(char) is not None


def fold_word(word: str) -> str:
    """Return ``word`` as the scanned text would hold it: NFKC-folded, format characters
    skipped, surrounding whitespace removed."""
    view = normalized_view(word)
    return (word if view is None else view.text).strip()


def key_forms(word: str) -> set[str]:
    """Return ``word`` and, for a phrase of plain words (or words joined by hyphens), how a
    field name writes it: ``date_of_birth``, ``date-of-birth``, ``dateofbirth``
    (``dateOfBirth`` and ``DateOfBirth`` case aside), and ``Steuer-ID`` as ``steuer_id``
    and ``Steuer ID``: a JSON key, a CSV header or a log field labels its value as the
    phrase does (docs/architecture.md, "Context")."""
    parts = _KEY_JOINTS.split(word)
    if len(parts) < 2 or not all(_KEY_PART.fullmatch(part) for part in parts):
        return {word} | _abbreviation_keys(word)
    return {word, "_".join(parts), "-".join(parts), "".join(parts), " ".join(parts)}


#: A plain word of a phrase: letters and digits, with the marks a script writes its vowels
#: with (Devanagari's जन्म तिथि, whose vowel signs are no letters of their own).
_KEY_PART = regex.compile(r"[\p{L}\p{N}\p{M}]+")


def _abbreviation_keys(word: str) -> set[str]:
    """Return how a field name writes an abbreviation with dots (``a. k.``, ``r.č``,
    ``St.-Nr``): its parts joined by ``_``, as written and in ASCII (``a_k``, ``r_c``,
    ``St_Nr``); nothing for another word."""
    if "." not in word:
        return set()
    parts = [part for part in _ABBREVIATION_JOINTS.split(word) if part]
    if len(parts) < 2 or not all(part.isalnum() for part in parts):
        return set()
    joined = "_".join(parts)
    return {joined, _without_accents(joined)}


def unaccented(word: str) -> str:
    """Return ``word`` without its combining accents (``data nașterii``: ``data nasterii``),
    as field names and ASCII-only systems write it; ``word`` itself when shorter than
    :data:`MIN_UNACCENTED_CHARS` (``né le`` is no ``ne le``)."""
    if word.isascii() or len(word) < MIN_UNACCENTED_CHARS:
        return word
    return _without_accents(word)


def _without_accents(word: str) -> str:
    """Return ``word`` without its combining accents, whatever its length."""
    bare = "".join(
        char for char in unicodedata.normalize("NFD", word) if not unicodedata.combining(char)
    )
    return unicodedata.normalize("NFC", bare)


def ascii_stripped(word: str) -> str | None:
    """Return ``word`` (already :func:`unaccented`) with the Latin letters that have no
    ASCII base dropped (``fødselsdato``: ``fdselsdato``), as a field name comes out of an
    ASCII slug that encodes with errors ignored; None when nothing drops, when a letter
    of another script would, or when fewer than :data:`MIN_UNACCENTED_CHARS` remain."""
    if word.isascii() or len(word) < MIN_UNACCENTED_CHARS:
        return None
    outside = [char for char in word if not char.isascii()]
    if not all(
        char.isalpha() and unicodedata.name(char, "").startswith("LATIN") for char in outside
    ):
        return None
    stripped = "".join(char for char in word if char.isascii())
    return stripped if len(stripped) >= MIN_UNACCENTED_CHARS else None


def dotted_forms(word: str) -> set[str]:
    """Return an acronym of two to four capitals written with its dots too (``NIF``:
    ``N.I.F.`` and ``N.I.F``), as forms and letters write it; nothing for another word."""
    if not (2 <= len(word) <= MAX_DOTTED_CHARS and word.isascii() and word.isalpha()):
        return set()
    if not word.isupper():
        return set()
    dotted = ".".join(word)
    return {dotted, dotted + "."}


def folded_words(words: Iterable[str]) -> set[str]:
    """Return every context word as the scanned text holds it (:func:`fold_word`), without
    its accents too (:func:`unaccented`, :func:`ascii_stripped`), with their field-name
    forms (:func:`key_forms`) and an acronym's dotted forms (:func:`dotted_forms`)."""
    return {
        form
        for word in words
        if (folded := fold_word(word))
        for written in _written_forms(folded)
        for form in key_forms(written) | dotted_forms(written)
    }


def _written_forms(word: str) -> set[str]:
    """Return ``word``, it :func:`unaccented`, and that :func:`ascii_stripped`."""
    bare = unaccented(word)
    stripped = ascii_stripped(bare)
    return {word, bare} if stripped is None else {word, bare, stripped}


def all_words(options: Mapping[str, Any]) -> tuple[str, ...]:
    """Return a rule's context words, its label-only words (``context_label``) and its
    words in its country (``context_in_country``): every word whose absence from a text
    means the rule's values there have none."""
    return (
        *(options.get("context") or ()),
        *(options.get("context_label") or ()),
        *(options.get("context_in_country") or ()),
        *country_keys(options),
    )


def country_keys(options: Mapping[str, Any]) -> list[str]:
    """Return the field names that prefix a ``context_in_country`` word with the rule's
    country code (``kr_driver_license``, ``de_tax_number``): a multinational schema's
    column names the country's value as the country's own word does."""
    codes = [
        name.lower()
        for name in options.get("country_names") or ()
        if len(name) == 2 and name.isascii() and name.isalpha()
    ]
    keys: list[str] = []
    for word in options.get("context_in_country") or ():
        parts = _KEY_JOINTS.split(word.strip())
        if all(part.isalnum() for part in parts):
            keys.extend(f"{code}_{'_'.join(parts)}" for code in codes)
    return keys


def _any_of(expressions: Iterable[str] | None) -> regex.Pattern[str] | None:
    """Return one search for any of ``expressions`` (each its own group), or None."""
    listed = list(expressions or ())
    return regex.compile("|".join(f"(?:{each})" for each in listed)) if listed else None


#: A field that states a country: a key (``nationality=``, ``Country: ``,
#: ``issuing_country=``, ``country_code=``, a two-column table's ``| Nationality | GB |``),
#: in any case, right before the code or name.
_COUNTRY_KEY = r"(?i:country|nationality|citizenship)(?:[ _]?code)?(?:[=:] ?|[ \t]*[|\t][ \t]*)"


def country_name_patterns(names: Iterable[str]) -> list[str]:
    """Return the patterns that show a country its ``country_names`` name: a code or name
    quoted as a field's value (``"NOR"``, ``'NO'``), or after a country key
    (``nationality=NOR``); case-sensitive, as ``NO`` and ``no`` differ."""
    listed = sorted({name.strip() for name in names}, key=len, reverse=True)
    if not listed:
        return []
    any_name = "(?:" + "|".join(regex.escape(name) for name in listed) + ")"
    return [f"[\"']{any_name}[\"']", f"{_COUNTRY_KEY}(?-i:{any_name})(?![\\w])"]


def _word_pattern(word: str, field_head: bool = False) -> str:
    """Return the pattern of one context word (``field_head``: it may also begin a field
    name, :data:`_HEAD_END`). An edge that is no word character (``*SY``, ``SSN#``) asks
    for no boundary, as the words' one pass does not."""
    if glued_script(word[0]) or not _WORD_CHAR.match(word[0]):
        start = ""
    elif camel_joined(word):
        start = _CAMEL_JOINED_START
    else:
        start = _JOINED_START if len(word) >= MIN_JOINED_CHARS else _START
    if glued_script(word[-1]) or not _WORD_CHAR.match(word[-1]):
        end = ""
    elif field_head and heads_field_names(word):
        end = _HEAD_END
    else:
        end = _END
    return f"{start}{regex.escape(word)}{end}"


#: How many characters past a word's end its end edge reads (:data:`_HEAD_END`: an
#: underscore and a letter).
_END_READS = 2


@dataclass(frozen=True)
class FoundWords:
    """A context's words in ``text[low:high]``, found once (:meth:`Context.found_in`):
    :meth:`Context.spans` of a range inside it without searching the text again.

    A search of a smaller range meets the same words but near its edges: a word that
    crosses its start, or one whose end, or what its end edge reads, lies past its end
    (cut by the range, a longer word can fail and a shorter one match). Away from both,
    the leftmost-first search from the range's start tries the same places with the same
    words as the whole search did, so its matches are the whole search's there (after a
    word crossing the start too, where no other starts inside it); from a place no match
    crosses before the words near the end, a search of the rest goes on from the same
    state.
    """

    low: int
    high: int
    #: The words' spans, as ``Context.spans(text, low, high)`` returns them.
    spans: list[Span]
    ends: list[int]
    #: Where the automaton finds a word, in order, and where the longest one found there ends.
    hit_starts: list[int]
    hit_ends: list[int]

    def within(self, low: int, high: int, longest: int) -> tuple[list[Span], int] | None:
        """Return the spans a search of ``[low, high)`` finds before a place, and that place
        (from which the search must go on), or None when the words found say nothing."""
        if low < self.low or high > self.high:
            return None
        cut = high
        if high < self.high:
            index = bisect.bisect_left(self.hit_starts, high - _END_READS - longest)
            while index < len(self.hit_starts) and self.hit_starts[index] < high:
                if self.hit_ends[index] > high - _END_READS:
                    cut = self.hit_starts[index]  # a word cut by the range or read past it
                    break
                index += 1
            crossing = bisect.bisect_right(self.ends, cut)
            if crossing < len(self.spans) and self.spans[crossing][0] < cut:
                cut = self.spans[crossing][0]
        if cut <= low:
            return None
        first = bisect.bisect_right(self.ends, low)
        if first < len(self.spans) and self.spans[first][0] < low:
            # A word crossing the range's start: the search of the range starts after it
            # unless the automaton found a word starting inside it, past the range's start.
            later = bisect.bisect_left(self.hit_starts, low)
            if later < len(self.hit_starts) and self.hit_starts[later] < self.spans[first][1]:
                return None
            first += 1
        return self.spans[first : bisect.bisect_right(self.ends, cut)], cut


@dataclass(frozen=True)
class Context:
    """A rule's context words, their window, and whether a value needs one."""

    words: regex.Pattern[str]
    window: int
    required: bool
    #: The words also begin field names (``nif_cliente``): the ``context_field_head`` option.
    field_head: bool = False
    #: Phrases holding a word that do not name the value (``birthday party``): the
    #: ``context_except`` option (None: none).
    excepts: regex.Pattern[str] | None = None
    #: The words that count only as the value's label right before it (the
    #: ``context_label`` option), as :func:`caseless` writes them.
    labels: frozenset[str] = frozenset()
    #: The words that count only where the text shows the rule's country (the
    #: ``context_in_country`` option), as :func:`caseless` writes them, and what shows it:
    #: values of ``country_categories``, values ``country_values`` finds a match in, or a
    #: match of ``country_text`` within the window.
    in_country: frozenset[str] = frozenset()
    #: How far around the value the country counts (the ``country_window`` option).
    country_window: int = 0
    country_categories: frozenset[str] = frozenset()
    country_values: regex.Pattern[str] | None = None
    country_text: regex.Pattern[str] | None = None
    #: The words as :func:`caseless` writes them (an Aho-Corasick automaton): where one
    #: of them is in a lower-cased ASCII text, and only there, ``words`` can match.
    starts: Any = field(default=None, compare=False, repr=False)
    #: The longest word's length (a word of a reply's question lies that much further back).
    longest: int = 0
    #: Per word as :func:`caseless` writes it, the pattern of the words written so, in the
    #: order ``words`` tries them: where the automaton finds a word, only its own
    #: alternatives are tried (each compiled when first needed).
    by_key: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    _compiled_keys: dict[str, regex.Pattern[str]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @property
    def reach(self) -> int:
        """How far around a value the text can still change what this context says of it:
        its words' window, or what shows its country's (``country_window``)."""
        return max(self.window, self.country_window)

    @property
    def question_reach(self) -> int:
        """How far before a question's line break its word starts at most."""
        return _QUESTION_LINE_END + self.longest

    @property
    def remark_reach(self) -> int:
        """How far before its value a word labelling it across a remark or a leader starts
        at most."""
        return REMARK_AFTER_WORD + self.longest

    @property
    def reply_reach(self) -> int:
        """How far before a reply's value the word of its question starts at most."""
        return _REPLY_HEAD_CHARS + self.question_reach

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Context | None:
        """Return the context a rule's (validated) options declare, or None."""
        words = folded_words(all_words(options))
        if not words:
            return None
        named = {
            caseless(word)
            for word in folded_words([*(options.get("context") or ()), *country_keys(options)])
        }
        labels = {caseless(word) for word in folded_words(options.get("context_label") or ())}
        in_country = {
            caseless(word) for word in folded_words(options.get("context_in_country") or ())
        }
        field_head = bool(options.get("context_field_head", False))
        window = int(options.get("context_window", DEFAULT_CONTEXT_WINDOW))
        patterns = [
            (word, _word_pattern(word, field_head)) for word in sorted(words, key=len, reverse=True)
        ]
        alternatives = "|".join(pattern for _, pattern in patterns)
        by_key: dict[str, list[str]] = {}
        for word, pattern in patterns:
            by_key.setdefault(caseless(word), []).append(pattern)
        phrases = folded_words(options.get("context_except") or ())
        excepts = (
            regex.compile(
                "|".join(
                    _word_pattern(phrase) for phrase in sorted(phrases, key=len, reverse=True)
                ),
                regex.IGNORECASE,
            )
            if phrases
            else None
        )
        starts = ahocorasick.Automaton()
        for key in by_key:
            starts.add_word(key, key)
        starts.make_automaton()
        return cls(
            words=regex.compile(alternatives, regex.IGNORECASE),
            window=window,
            required=bool(options.get("context_required", False)),
            field_head=field_head,
            excepts=excepts,
            labels=frozenset(labels - named),
            in_country=frozenset(in_country - named - labels),
            country_window=(
                int(options.get("country_window", max(window, DEFAULT_COUNTRY_WINDOW)))
                if in_country
                else window
            ),
            country_categories=frozenset(options.get("country_categories") or ()),
            country_values=_any_of(options.get("country_values")),
            country_text=_any_of(
                [
                    *(options.get("country_text") or ()),
                    *country_name_patterns(options.get("country_names") or ()),
                ]
            ),
            longest=max(map(len, words)),
            starts=starts,
            by_key={key: "|".join(sources) for key, sources in by_key.items()},
        )

    def spans(self, text: str, low: int, high: int, found: FoundWords | None = None) -> list[Span]:
        """Return the spans of ``words.finditer(text, low, high)`` but those inside a match
        of :attr:`excepts` there (``birthday`` in ``birthday party``); ``found``: the words
        of a range around it, found once (:meth:`found_in`).

        In the scanned (normalized) text a match of a word is that word as
        :func:`caseless` writes it, in the text as :func:`caseless` writes it (which keeps
        every character's place), so the pattern is tried only where the automaton finds
        one, leftmost first and from where the last match ended: the same matches as the
        pattern's own scan, without trying the long alternation at every position.
        """
        if found is not None:
            known = found.within(low, high, self.longest)
            if known is not None:
                spans, cut = known
                return spans if cut == high else [*spans, *self._spans(text, cut, high)]
        if self.excepts is not None:
            # Only phrases within the same range count: a stream and a whole text agree.
            spans = self._spans(text, low, high)
            if spans:
                phrases = [match.span() for match in self.excepts.finditer(text, low, high)]
                spans = [
                    (start, end)
                    for start, end in spans
                    if not any(first <= start and end <= last for first, last in phrases)
                ]
            return spans
        return self._spans(text, low, high)

    def _spans(self, text: str, low: int, high: int) -> list[Span]:
        """Return the spans of ``words.finditer(text, low, high)`` (see :meth:`spans`)."""
        if self.starts is None:
            return [match.span() for match in self.words.finditer(text, low, high)]
        return self._matched(text, self._found(caseless(text[low:high]), low), low, high)

    def _matched(
        self, text: str, found: list[tuple[int, list[str]]], position: int, high: int
    ) -> list[Span]:
        """Return the words matched at the automaton's places ``found``, leftmost first from
        ``position`` and each from where the last ended (see :meth:`spans`)."""
        spans: list[Span] = []
        for candidate, keys in found:
            if candidate >= position:
                match = self._match_at(text, candidate, high, keys)
                if match is not None:
                    spans.append(match.span())
                    position = match.end()
        return spans

    def found_in(self, text: str, low: int, high: int) -> FoundWords | None:
        """Return the words of ``text[low:high]`` found once, for :meth:`spans` and
        :meth:`distance` of the ranges inside it (None: they search as they would)."""
        if self.starts is None or self.excepts is not None:
            return None
        found = self._found(caseless(text[low:high]), low)
        spans = self._matched(text, found, low, high)
        return FoundWords(
            low,
            high,
            spans,
            [end for _, end in spans],
            [place for place, _ in found],
            [place + max(map(len, keys)) for place, keys in found],
        )

    def question_words(self, text: str, start: int) -> list[Span]:
        """Return the spans of the words before ``start`` that, as a question's, may name a
        reply's value starting at ``start`` or later (:func:`asks_after`; the scans' word
        checks read no further back than the window otherwise)."""
        low = max(0, start - REPLY_AFTER_WORD - self.longest)
        quoted = text.find('"', low, start) != -1  # a JSON export's turns
        if not quoted and text.find("\n", low, start) == -1:
            return []  # no question's line break before
        high = min(len(text), start + _REPLY_HEAD_CHARS)
        if not quoted and text.find(":", low, high) == -1 and text.find("A.", low, high) == -1:
            return []  # no reply's time, speaker or numbered answer
        return [
            (word_start, word_end)
            for word_start, word_end in self.spans(text, low, start)
            if word_end + REPLY_AFTER_WORD > start and asks_after(text, word_end)
        ]

    def remarked_words(self, text: str, start: int) -> list[Span]:
        """Return the spans of the words before ``start`` that a remark in brackets or a
        form's leader follows, which may label a value starting at ``start`` or later
        (:func:`remarked_after`; the scans' word checks read no further back than the window
        otherwise)."""
        low = max(0, start - REMARK_AFTER_WORD - self.longest)
        # A remark begins at most four characters after its word, which ends before start.
        if not may_open_remark(text, low, start + 5):
            return []
        return [
            (word_start, word_end)
            for word_start, word_end in self.spans(text, low, start)
            if word_end + REMARK_AFTER_WORD > start and remarked_after(text, word_end)
        ]

    def match(self, text: str, place: int) -> regex.Match[str] | None:
        """Return ``words.match(text, place)``, trying only the words written at ``place``."""
        if self.starts is None:
            return self.words.match(text, place)
        folded = caseless(text[place : place + self.longest])
        keys = [key for last, key in self.starts.iter(folded) if last + 1 == len(key)]
        return self._match_at(text, place, len(text), keys) if keys else None

    def _found(self, folded: str, offset: int) -> list[tuple[int, list[str]]]:
        """Return, by place in order, where the automaton finds words in ``folded`` (a
        :func:`caseless` text starting at ``offset``) and the words found there."""
        at: dict[int, list[str]] = {}
        for last, key in self.starts.iter(folded):
            at.setdefault(offset + last + 1 - len(key), []).append(key)
        return sorted(at.items())

    def _match_at(
        self, text: str, place: int, high: int, keys: list[str]
    ) -> regex.Match[str] | None:
        """Return ``words.match(text, place, high)``, trying only the alternatives of
        ``keys``, the words found at ``place``: in the order ``words`` tries them (longer
        first), since no other alternative can match there."""
        compiled = self._compiled_keys
        for key in sorted(keys, key=len, reverse=True) if len(keys) > 1 else keys:
            pattern = compiled.get(key)
            if pattern is None:
                pattern = compiled[key] = regex.compile(self.by_key[key], regex.IGNORECASE)
            match = pattern.match(text, place, high)
            if match is not None:
                return match
        return None

    def every_span(self, text: str, folded: str | None = None) -> list[Span]:
        """Return the span of :attr:`words`' match at every place of ``text`` where one
        starts, overlapping ones too (``身份证号码`` inside ``居民身份证号码``), in order
        (``folded``: :func:`caseless` of ``text``, when the caller has it)."""
        if self.starts is None:
            return [match.span() for match in self.words.finditer(text, overlapped=True)]
        spans: list[Span] = []
        for candidate, keys in self._found(caseless(text) if folded is None else folded, 0):
            match = self._match_at(text, candidate, len(text), keys)
            if match is not None:
                spans.append(match.span())
        return spans

    def distance(
        self,
        text: str,
        start: int,
        end: int,
        skip: Span | None = None,
        *,
        in_country: bool = False,
        within: Span | None = None,
        found: FoundWords | None = None,
    ) -> int | None:
        """Return how near the nearest context word is to ``text[start:end]``, or None
        (words within ``skip``, a table's header line, are no context: see
        :mod:`~engine_core.evaluation.columns`; nor, given ``within``, words not inside it).

        Ordered by the characters between them, then a label before the value
        (``SSN: 123...``) over one after it, then the longer word. A label
        directly before the value (only spaces and punctuation such as ``:``
        between them) is nearest: it names the value, whatever word follows it.
        A word on a later line than the value is no context for it; one after a
        sentence's end that follows the value labels the next one: it ranks below
        every word before the value. A word
        right before a number (``DOB: 12/23/61``) is that number's label: no
        context for a value before it, nor for one on a later line. A word of
        :attr:`labels` counts only as such a label of the value; a word of
        :attr:`in_country` only when ``in_country`` is true (the text shows the country).
        ``found``: the words of a range around the value, found once (:meth:`found_in`).
        """
        low = max(0, start - self.window)
        high = min(len(text), end + self.window)
        question = _reply_question(text, start)
        searched = low if question is None else max(0, min(low, start - self.reply_reach))
        remark = _remark_before(text, start)
        nearest: int | None = None
        words = self.spans(text, searched, high, found)
        if remark is not None and remark - self.longest < searched:
            # The label before a remark may lie beyond the window: only one ending there counts.
            words = [
                span
                for span in self.spans(text, max(0, remark - self.longest), remark)
                if span[1] == remark
            ] + words
        for word_start, word_end in words:
            if skip is not None and word_start < skip[1] and word_end > skip[0]:
                continue
            if within is not None and (word_start < within[0] or word_end > within[1]):
                continue
            if word_end == remark:
                # A label, a remark in brackets or a leader, the value: the label names it.
                folded = caseless(text[word_start:word_end]) if self.in_country else ""
                if in_country or folded not in self.in_country:
                    gap = -min(word_end - word_start, _LENGTH_SLOTS - 1)
                    if nearest is None or gap < nearest:
                        nearest = gap
                continue
            if word_start < searched:
                continue  # beyond the window: only a remark's or leader's label counts there
            if question is not None and word_end <= question:
                if not _QUESTION_WORDS.fullmatch(text, word_end, question):
                    if word_start < low:
                        continue  # beyond the window, and not the question's
                else:
                    # The question's word names the reply's value, as a label would.
                    gap = -min(word_end - word_start, _LENGTH_SLOTS - 1)
                    if nearest is None or gap < nearest:
                        nearest = gap
                    continue
            # A word counting only as a label, or only in the rule's country, is told apart
            # by its case-folded form (computed once, for rules with such words only).
            folded = caseless(text[word_start:word_end]) if self.labels or self.in_country else ""
            if not in_country and folded in self.in_country:
                continue
            if folded in self.labels:
                if word_end <= start and _LABEL_GAP.fullmatch(text, word_end, start):
                    gap = -min(word_end - word_start, _LENGTH_SLOTS - 1)
                    if nearest is None or gap < nearest:
                        nearest = gap
                continue
            # Nearer first; at equal gaps a word before the value, then the longer word
            # ("South African passport" over "passport").
            if word_end <= start:
                between = start - word_end
                if _LABEL_GAP.fullmatch(text, word_end, start):
                    between = 0
                elif "\n" in text[word_end:start] and _LABELS_A_NUMBER.match(text, word_end):
                    # The label of a number on its own line names that one, not one on a
                    # later line ("DOB 16-Nov-2001\nDelivery expected 3 September 2023").
                    continue
                gap = (2 * between) * _LENGTH_SLOTS
            elif word_start >= end:
                between = word_start - end
                if _LABELS_A_NUMBER.match(text, word_end):
                    # A word right before a number is that number's label, not a word after
                    # this value ("[27/05/2023, 13:32] Ann: DOB 13/10/1999", "exp
                    # 03/13/2025\nDOB: 12/23/61").
                    continue
                if text.startswith("^", end) and "~" in text[end:word_start]:
                    # An HL7 v2 field's next repetition: its identifier type code names
                    # its own identifier ("545268^^^HOSP^MR~226400588^^^STATE^DL").
                    continue
                if "\n" in text[end:word_start]:
                    # A word on a later line names what follows it, never this value (a
                    # report's date above a header holding "geburtsdatum", "National
                    # Insurance No.\nLR 57 50 63 B\nTel.").
                    continue
                if _BOUNDARY.search(text, end, word_start):
                    # After a sentence's end the word is the next value's label: it ranks
                    # below every word before this value.
                    between += self.window
                gap = (2 * between + 1) * _LENGTH_SLOTS
            else:
                continue  # a word inside the value is not context for it
            gap -= min(word_end - word_start, _LENGTH_SLOTS - 1)
            if nearest is None or gap < nearest:
                nearest = gap
        return nearest
