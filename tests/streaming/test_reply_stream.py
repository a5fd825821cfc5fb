# ruff: noqa: RUF001 - CJK text: full-width punctuation.
"""A transcript's question names the value opening its reply, after the reply's header
(engine_core.evaluation.context, docs/architecture.md "Context"): found by evaluate on a
short and a long text, and a stream releases what evaluate returns."""

from __future__ import annotations

import pytest
from streaming_support import assert_streams_as_evaluated

from engine_core import Engine
from engine_core.evaluation.context import asks_after

_PROSE = "Nothing in this sentence is a value, nor a label of one. "

#: The exports of common chat tools: the header line ends with the message's time.
_REPLIES = [
    # Slack: name, two spaces, a 12-hour time.
    (
        "Arnaude  9:01 PM\nDate de naissance?\n\nRoland Rolland  9:06 PM\n14 décembre 1956\n",
        "DATE_OF_BIRTH",
        "14 décembre 1956",
    ),
    # Discord: name, a dash, date and time.
    (
        "Gabriel — 13/04/2020 16:21\nData nasc.?\n\nCarolina — 13/04/2020 16:22\n05/06/1983\n",
        "DATE_OF_BIRTH",
        "05/06/1983",
    ),
    # A help desk's export: a rule, then name, role and time.
    (
        "Finn (agent) · Jul 28, 2024 12:20\nGeburtsdatum?\n\n---\n"
        "Elyas Mühlberger (end-user) · Jul 28, 2024 12:23\n17.5.1981\n\n---\n",
        "DATE_OF_BIRTH",
        "17.5.1981",
    ),
    # Telegram: name, then date and time in brackets.
    (
        "Ramadan, [28.02.2019 11:14]\nDoğum tarihi?\n\nSaydam Türk, [28.02.2019 11:20]\n"
        "24/06/1969\n",
        "DATE_OF_BIRTH",
        "24/06/1969",
    ),
    # A few words between the label and the question mark (IMEI do telemóvel?).
    (
        "Gabriel — 13/04/2020 16:32\nIMEI do telemóvel?\n\nCarolina — 13/04/2020 16:33\n"
        "350376712348473\n",
        "IMEI",
        "350376712348473",
    ),
    # A call's transcript: the agent's question ends with a full stop, the caller's reply
    # opens after its speaker prefix and a word or two.
    (
        "[00:00:08] Agent: Pakilagay po ang inyong Petsa ng kapanganakan.\n"
        "[00:01:01] Caller: mm, Agosto 30, 1988\n",
        "DATE_OF_BIRTH",
        "Agosto 30, 1988",
    ),
    # WhatsApp: several things asked at once; the reply's prefix holds its time.
    (
        "[26.08.23, 08:44:10] Anna: Bitte folgende Angabe schicken: geb., E-Mail, Handy?\n"
        "[26.08.23, 08:44:50] Gerlinde: 05.08.1992 + gerlinde@example.org\n",
        "DATE_OF_BIRTH",
        "05.08.1992",
    ),
    # A value broken off after its label, then corrected in the next message (WhatsApp's
    # export; python-stdnum's example of dk.cpr's layout, a valid date and sequence).
    (
        "21/10/2023, 17:07 - Stina: CPR nr 2401 ...\n"
        "21/10/2023, 17:07 - Stina: undskyld, jeg mener 240197-3810\n",
        "DK_CPR",
        "240197-3810",
    ),
    # The reply opens with a short line before its value's (Slack's export), after a
    # question whose line goes on with a reason.
    (
        "michael  15:04\nCould you please send us your SSN so we can verify your identity?\n"
        "stephen  15:05\none sec\n536904399\nmichael  15:07\nPerfect, thanks.\n",
        "US_SSN",
        "536904399",
    ),
    # The same after a speaker prefix holding the time (WhatsApp's export).
    (
        "[4/12/23, 16:27:10] Nokulunga: To proceed we need your SSN.\n"
        "[4/12/23, 16:27:42] Sandile: here you go\n536904399\n",
        "US_SSN",
        "536904399",
    ),
    # A WebVTT transcript (Teams): the question closes its cue, the reply's cue follows
    # with its identifier, timings and voice tag, the value right after it or a few words.
    (
        "0b5f56ee-91de-4cff-9618-7e94bd4e7f5a/4-0\n00:05:00.181 --> 00:05:02.212\n"
        "<v Laura Keller>Danke. Und Ihre Handynummer?</v>\n\n"
        "0b93e4b4-7ffe-447e-8c6b-83a49d8834eb/5-0\n00:05:02.512 --> 00:05:06.970\n"
        "<v Urs Keller>078 156 02 15</v>\n",
        "PHONE",
        "078 156 02 15",
    ),
    # The same without cue identifiers (python-stdnum's example of at.vnr).
    (
        "WEBVTT\n\n00:03:30.100 --> 00:03:36.202\n"
        "<v Johanna Huber>Könnten Sie mir bitte Ihre Sozialversicherungsnummer geben?</v>\n\n"
        "00:03:36.346 --> 00:03:38.750\n<v Magdalena Huber>Ja, klar. Das ist 1237 010180.</v>\n",
        "AT_SOCIAL_SECURITY",
        "1237 010180",
    ),
    # The question says how many digits the value has (a valid number by python-stdnum's
    # th.pin and no.fodselsnummer), and goes on with a clause after it.
    (
        "[12:30] เจ้าหน้าที่: รบกวนขอเลขประจำตัวประชาชน 13 หลักของผู้เอาประกันครับ\n"
        "[12:32] ลูกค้า: 6-2265-90789-30-1\n",
        "TH_NATIONAL_ID",
        "6-2265-90789-30-1",
    ),
    (
        "[08:24] Magnus: Kan du oppgi fødselsnummer (11 siffer) så finner jeg kundeforholdet?\n"
        "[08:26] Besøkende: 26129826125\n",
        "NO_FODSELSNUMMER",
        "26129826125",
    ),
    # A bare SSN needs its word (python-stdnum's example of us.ssn).
    (
        "Lisa, [31.01.2024 09:42]\nSSN?\n\nJacqueline Scott, [31.01.2024 09:42]\n536904399\n",
        "US_SSN",
        "536904399",
    ),
    # Speech as a recogniser writes it: the reply opens with hesitations, each closed by a
    # comma, then a few words. A SubRip cue, its dialogue dash and its comma'd timings.
    (
        "7\n00:00:20,695 --> 00:00:25,614\n- ¿Y su fecha de nacimiento?\n\n"
        "8\n00:00:25,814 --> 00:00:28,099\n- Pues, mire, sí, es el 14/03/1985.\n",
        "DATE_OF_BIRTH",
        "14/03/1985",
    ),
    # Whisper's bracketed timings opening each segment's line.
    (
        "[00:17.020 --> 00:20.001]  Und Ihr Geburtsdatum?\n"
        "[00:20.001 --> 00:23.160]  Ähm, ja, Moment, das ist der 17.5.1981.\n",
        "DATE_OF_BIRTH",
        "17.5.1981",
    ),
    # A request closing its WebVTT cue with a full stop.
    (
        "00:00:01.000 --> 00:00:03.000\n<v Ann>I will need your Social Security number, "
        "please.</v>\n\n00:00:03.500 --> 00:00:06.000\n<v Bob>Okay, uh, it is 536904399.</v>\n",
        "US_SSN",
        "536904399",
    ),
    # A meeting transcript: the speaker and the time on a line of their own.
    (
        "Speaker 1  0:19\nCould I have your date of birth?\n\n"
        "Speaker 2  0:34\nUh, yes, it's 12/03/1985.\n",
        "DATE_OF_BIRTH",
        "12/03/1985",
    ),
    # A speaker's name with no time.
    (
        "AGENT:  And your date of birth?\n\nCALLER:  Hmm, okay, so it's 12/03/1985.\n",
        "DATE_OF_BIRTH",
        "12/03/1985",
    ),
    # A deposition's numbered lines, its questions and answers.
    (
        " 7   Q.  And your date of birth?\n 8   A.  Well, um, I believe, it's 12/03/1985.\n"
        " 9   Q.  Thank you.\n",
        "DATE_OF_BIRTH",
        "12/03/1985",
    ),
    # A request closing its line, then a meeting transcript's header and a hesitant reply.
    (
        "Speaker 1  0:43\nFor verification I need your Social Security number, please.\n\n"
        "Speaker 2  0:51\nYeah, um, it's 536904399.\n",
        "US_SSN",
        "536904399",
    ),
    # A deposition's request and its numbered answer, in Japanese: the question's full stop
    # is an ideographic one, the reply's hesitations close with ideographic commas, and the
    # number is one run of digits (libphonenumber's example of a Japanese mobile number).
    (
        " 3   Q.  折り返しのお電話番号をお願いします。\n"
        " 4   A.  えっと、はい、えーと、09012345678。\n",
        "PHONE",
        "09012345678",
    ),
    # A speech recogniser's JSON results in Chinese: the reply's hesitations glued to the
    # number (libphonenumber's example of a Chinese mobile number).
    (
        '{"nBest":[{"display":"您的手机号码是多少？"}]},{"speaker":2,"nBest":[{"display":'
        '"好的，嗯，是131 2345 6789。"}]}',
        "PHONE",
        "131 2345 6789",
    ),
    # A speech recogniser's JSON results (Google's), a turn per object.
    (
        '{"results": [{"alternatives": [{"transcript": "And your date of birth?", '
        '"confidence": 0.91}], "channelTag": 1, "resultEndTime": "22.018s"},\n'
        '  {"alternatives": [{"transcript": "Yeah, um, it\'s 1943/11/26.", "confidence": 0.88}], '
        '"channelTag": 2}]}',
        "DATE_OF_BIRTH",
        "1943/11/26",
    ),
    # A chat model's messages: the assistant asks, the user answers.
    (
        '[{"role": "assistant", "content": "Before I can help, what is your date of birth?"}, '
        '{"role": "user", "content": "Sure, it\'s 12/03/1985"}]',
        "DATE_OF_BIRTH",
        "12/03/1985",
    ),
]


def _found(engine: Engine, text: str) -> dict[str, tuple[str, ...]]:
    return {trigger.category: trigger.matched_items for trigger in engine.evaluate(text).triggers}


@pytest.mark.parametrize(("chat", "category", "value"), _REPLIES)
@pytest.mark.parametrize("padding", [0, 80])
def test_a_reply_to_a_question_is_named_by_its_word(
    built: Engine, chat: str, category: str, value: str, padding: int
) -> None:
    """The value opening a reply is the question's: alone, and inside a long text (where
    only the words' surroundings are searched)."""
    text = _PROSE * padding + chat + _PROSE * padding
    assert _found(built, text).get(category) == (value,)


@pytest.mark.parametrize(
    "text",
    [
        # No header with a time between: a remark, not a reply's header.
        "Date of birth?\n\nThe notes of yesterday's long meeting are attached here\n14/03/1985\n",
        # The value does not open the reply's line.
        "Date of birth?\n\nRoland Rolland  9:06 PM\nThe meeting of 14/03/1985 was long\n",
        # A statement, not a question.
        "Date of birth unknown.\n\nRoland Rolland  9:06 PM\n14/03/1985\n",
        # The label's own number on its line, not broken off: it names that one.
        "21/10/2023, 17:07 - Stina: CPR nr 2401\n"
        "21/10/2023, 17:07 - Stina: undskyld, jeg mener 240197-3810\n",
        # More than a short line between the header and the value: not the reply's value.
        "Date of birth?\n\nRoland Rolland  9:06 PM\nthe meeting was moved again to\n14/03/1985\n",
        "Date of birth?\n\nRoland Rolland  9:06 PM\nok\nsee below\n14/03/1985\n",
        # A prefix without a time: a field of a form, not a reply's speaker.
        "Inserisca il suo Data nascita, grazie mille davvero.\nNota: okay so 15/02/1967\n",
        # A WebVTT cue more than a few words long before the date: not the reply's value.
        "00:00:01.000 --> 00:00:02.000\n<v Ann>Date of birth?</v>\n\n"
        "00:00:02.500 --> 00:00:04.000\n<v Bob>I think the meeting was on 14/03/1985</v>\n",
        # A cue's sentence running on to the date: no answer's opening.
        "00:00:01.000 --> 00:00:02.000\n<v Ann>Date of birth noted.</v>\n\n"
        "00:00:02.500 --> 00:00:04.000\n<v Bob>The appointment moved to 14/03/1985</v>\n",
        # A reply's line running on as a sentence, though it opens with a hesitation.
        "Speaker 1  0:19\nDate of birth?\n\nSpeaker 2  0:34\n"
        "Well, the notes of the meeting held on 14/03/1985\n",
        # A statement, then a speaker with no time: no question asked.
        "Nurse: Date of birth unknown, the family will confirm it later on.\n\n"
        "Doctor:  ok so 14/03/1985\n",
        # A statement, then a speaker's bare date on the next line: no request answered.
        "Speaker 1  0:19\nDate of birth unknown, the family will confirm it later on.\n\n"
        "Speaker 2  0:34\n14/03/1985\n",
        # A JSON turn of prose before the date.
        '[{"role": "assistant", "content": "What is your date of birth?"}, '
        '{"role": "user", "content": "I was told the meeting is on 14/03/1985"}]',
    ],
)
def test_other_lines_after_a_word_are_no_reply(built: Engine, text: str) -> None:
    """Only a question, then a header ending with its time and a value opening the next line,
    or a speaker's prefix holding its time and the value."""
    found = _found(built, _PROSE * 4 + text)
    assert "DATE_OF_BIRTH" not in found
    assert "DK_CPR" not in found


@pytest.mark.parametrize("sizes", [[1], [3], [16], [256]])
@pytest.mark.parametrize(("chat", "category", "value"), _REPLIES)
def test_a_stream_releases_what_evaluate_returns_for_a_reply(
    built: Engine, chat: str, category: str, value: str, sizes: list[int]
) -> None:
    """The question lies further back than any context window: the stream keeps it."""
    assert_streams_as_evaluated(built, _PROSE * 12 + chat + _PROSE * 12, sizes[0], value)


@pytest.mark.parametrize(
    ("text", "word", "asks"),
    [
        ("Date de naissance?\n\nRoland Rolland  9:06 PM\n14 décembre 1956\n", "naissance", True),
        ("Ihre Handynummer?</v>\n\n00:05:02.512 --> 00:05:06.970\n<v Urs>0", "Handynummer", True),
        ("Agent: your date of birth.\n[00:01:01] Caller: mm, 30.08.1988\n", "birth", True),
        ("NIN, please.</v>\n\n00:00:17.097 --> 00:00:20.241\n<v Bob>1", "NIN", True),
        ('"transcript": "Date of birth?", "confidence": 0.9}, {"transcript": "', "birth", True),
        ("Date of birth noted.\nThe notes of yesterday's meeting are attached\n", "birth", False),
        # A record's line, then another record opening with its time stamp: no speaker.
        ("ship phone\n2021-06-12T10:32:38.413Z invoice PO12114343 total 1407.53\n", "phone", False),
        ("Date of birth?\nThe notes of yesterday's meeting are attached\n", "birth", False),
    ],
)
def test_a_word_asks_only_on_a_question_s_line(text: str, word: str, asks: bool) -> None:
    """A word names a reply's value further back than its window only on a question's line:
    its ``?`` and a time after it, or a speaker's prefix with its time on the next line (a
    log's time stamps alone, on every line, are no reply's)."""
    assert asks_after(text, text.index(word) + len(word)) is asks
