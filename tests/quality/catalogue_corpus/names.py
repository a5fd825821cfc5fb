"""Given names, family names, domains and places per language, for e-mails, addresses and text."""

from __future__ import annotations

import random
import unicodedata

FIRST: dict[str, tuple[str, ...]] = {
    "en": ("James", "Mary", "Olivia", "Liam", "Noah", "Emma", "Ava", "Ethan", "Grace", "Daniel"),
    "de": ("Lukas", "Anna", "Jonas", "Lea", "Felix", "Marie", "Paul", "Sophie", "Jürgen", "Birgit"),
    "fr": ("Camille", "Louis", "Chloé", "Hugo", "Léa", "Jules", "Manon", "Élodie", "Théo"),
    "es": ("Lucía", "Hugo", "Martina", "Mateo", "Sofía", "Álvaro", "Carmen", "Javier"),
    "it": ("Giulia", "Francesco", "Sofia", "Alessandro", "Chiara", "Lorenzo", "Matteo"),
    "pt": ("João", "Maria", "Beatriz", "Tiago", "Inês", "Rodrigo", "Ana", "Gonçalo"),
    "nl": ("Daan", "Emma", "Sem", "Julia", "Lucas", "Sophie", "Bram", "Tess"),
    "sv": ("Elsa", "Oskar", "Maja", "Erik", "Astrid", "Lars"),
    "pl": ("Zofia", "Jakub", "Julia", "Kacper", "Łukasz", "Małgorzata"),
}
LAST: dict[str, tuple[str, ...]] = {
    "en": ("Smith", "Johnson", "Brown", "Taylor", "Miller", "Wilson", "Clarke", "Evans", "Walker"),
    "de": ("Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Becker", "Hoffmann", "Schäfer"),
    "fr": ("Martin", "Bernard", "Dubois", "Thomas", "Robert", "Petit", "Durand", "Lefèvre"),
    "es": ("García", "Fernández", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Ruiz"),
    "it": ("Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci"),
    "pt": ("Silva", "Santos", "Ferreira", "Pereira", "Oliveira", "Costa", "Rodrigues"),
    "nl": ("de Jong", "Jansen", "de Vries", "van den Berg", "Bakker", "Visser", "Smit"),
    "sv": ("Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson"),
    "pl": ("Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński"),
}
DOMAINS: dict[str, tuple[str, ...]] = {
    "en": ("gmail.com", "outlook.com", "yahoo.com", "acme-corp.com", "northwind.io", "mail.co.uk"),
    "de": ("web.de", "gmx.net", "t-online.de", "firma-schulz.de", "posteo.de"),
    "fr": ("orange.fr", "free.fr", "laposte.net", "societe-exemple.fr", "sfr.fr"),
    "es": ("hotmail.es", "telefonica.net", "empresa.es", "gmail.com"),
    "it": ("libero.it", "tiscali.it", "virgilio.it", "azienda.it"),
    "pt": ("sapo.pt", "uol.com.br", "gmail.com", "empresa.pt"),
    "nl": ("ziggo.nl", "kpnmail.nl", "bedrijf.nl", "planet.nl"),
    "sv": ("telia.com", "bredband.net", "foretag.se"),
    "pl": ("wp.pl", "onet.pl", "interia.pl", "firma.pl"),
}


def _lang(lang: str, table: dict[str, tuple[str, ...]]) -> str:
    base = lang.split("_", 1)[0]
    return base if base in table else "en"


def first_name(rng: random.Random, lang: str) -> str:
    """A given name common in ``lang`` (English where none is listed)."""
    return rng.choice(FIRST[_lang(lang, FIRST)])


def last_name(rng: random.Random, lang: str) -> str:
    """A family name common in ``lang`` (English where none is listed)."""
    return rng.choice(LAST[_lang(lang, LAST)])


def ascii_fold(text: str) -> str:
    """``text`` without accents, spaces or apostrophes, lower case (for e-mail local parts)."""
    decomposed = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    kept = "".join(c for c in decomposed if c.isascii() and c.isalnum())
    return kept.lower()


def domain(rng: random.Random, lang: str) -> str:
    """A mail domain common in ``lang``."""
    return rng.choice(DOMAINS[_lang(lang, DOMAINS)])
