"""A password given after the word for password in the writer's own language is a secret
(secret.password_assignment): forms, tickets and chats write ``Contraseña:`` or
``パスワード:`` as often as ``password:``. The literal must pass the same entropy bar."""

from __future__ import annotations

import pytest

from engine_core import Engine

#: A literal of four kinds of character, well above the entropy bar.
LITERAL = "Zq8#kLm2Vx9pR4"

WORDS = [
    "Contraseña",  # es
    "Mot de passe",  # fr
    "MDP",  # fr
    "Clé API",  # fr
    "Passwort",  # de
    "Kennwort",  # de
    "Wachtwoord",  # nl
    "Adgangskode",  # da
    "Passord",  # no
    "Lösenord",  # sv
    "Salasana",  # fi
    "Senha",  # pt
    "Hasło",  # pl
    "Heslo",  # cs, sk
    "Jelszó",  # hu
    "Geslo",  # sl
    "Lozinka",  # hr
    "Slaptažodis",  # lt
    "Parool",  # et
    "Parolă",  # ro
    "Şifre",  # tr
    "Kata sandi",  # id
    "Kata laluan",  # ms
    "Mật khẩu",  # vi
    "Пароль",  # ru, uk
    "Парола",  # bg
    "Κωδικός πρόσβασης",  # el
    "パスワード",  # ja
    "密码",  # zh
    "密碼",  # zh (traditional)
    "비밀번호",  # ko
    "รหัสผ่าน",  # th
    "סיסמה",  # he
    "كلمة المرور",  # ar
    "पासवर्ड",  # hi
]


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def _secrets(engine: Engine, text: str) -> list[tuple[str, ...]]:
    return [
        trigger.matched_items
        for trigger in engine.evaluate(text).triggers
        if trigger.rule_id == "secret.password_assignment"
    ]


@pytest.mark.parametrize("word", WORDS)
@pytest.mark.parametrize(
    "assignment",
    ["{word}: {literal}", "{word}:\t{literal}", "{word} = {literal}", '"{word}": "{literal}"'],
)
def test_the_word_in_every_language_names_a_password(
    engine: Engine, word: str, assignment: str
) -> None:
    written = assignment.format(word=word, literal=LITERAL)
    text = f"Datos de acceso\n{written}\nGracias"
    # The match runs from the word (a JSON key's opening quote aside) to the literal's end.
    assert _secrets(engine, text) == [(written.lstrip('"'),)]
    assert LITERAL not in engine.evaluate(text).remedy.clean_text


@pytest.mark.parametrize("word", WORDS)
def test_in_capitals_too(engine: Engine, word: str) -> None:
    assert _secrets(engine, f"{word.upper()}: {LITERAL}")


@pytest.mark.parametrize(
    "text",
    [
        "la contraseña es segura y no la comparto",  # the word in prose, no literal
        "Contraseña: olvidada",  # a word, not a secret (below the entropy bar)
        "Passwort: ********",  # masked
        "パスワード: 未設定",  # "not set"
        "Mot de passe : <votre mot de passe>",  # a placeholder
        'Parameters: {"password"=>"[FILTERED]", "authenticity_token"=>"[FILTERED]"}',  # Rails
        "api_key: [MASKED]",
        "Parola: buongiorno",
    ],
)
def test_the_word_without_a_secret_is_nothing(engine: Engine, text: str) -> None:
    assert _secrets(engine, text) == []
