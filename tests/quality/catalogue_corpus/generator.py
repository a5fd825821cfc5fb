"""Assembling records: slices, category rotation, sentence rendering with exact spans."""

from __future__ import annotations

import functools
import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterable

from . import (
    negatives,
    secrets_structured,
    values_americas_mea,
    values_asia,
    values_eu,
    values_intl,
    values_uk_de,
    values_us,
)
from .ambiguity import compact, judge, word_pattern
from .catalogue import BY_NAME, CONTEXT_REQUIRED, NAMES
from .evasion import TRANSFORMS
from .languages import LOCALES, filler, frames
from .model import SLICES, Check, Record, Spec, Value
from .secrets_structured import SLOTS

SHARES: dict[str, float] = {
    "plain": 0.12,
    "context": 0.24,
    "multi": 0.18,
    "evasion": 0.13,
    "clean": 0.33,
}
# How often a category leads a record, relative to one: secrets cover ~100 formats.
_WEIGHTS: dict[str, int] = {"SECRET": 6, "PHONE": 2, "IBAN": 2, "POSTAL_ADDRESS": 2}
_SLOT = re.compile(r"\{(user|host|db|cluster)\}")


@functools.cache
def all_specs() -> tuple[Spec, ...]:
    """Every value spec of every module."""
    specs: list[Spec] = []
    for module in (
        values_intl,
        values_us,
        values_uk_de,
        values_eu,
        values_asia,
        values_americas_mea,
        secrets_structured,
    ):
        specs += module.specs()
    return tuple(specs)


def requires_context(spec: Spec) -> bool:
    """Whether ``spec``'s values count only near a context word."""
    return spec.context_required(spec.category in CONTEXT_REQUIRED)


@functools.cache
def _checksum_checks() -> tuple[tuple[str, Check, re.Pattern[str] | None, frozenset[int]], ...]:
    # One entry per distinct checksum-bearing validator: its category, the category's context
    # words (when it requires context), and the compact lengths its values take (a cheap
    # prefilter: a string of another length is not tried).
    words: dict[str, set[str]] = defaultdict(set)
    lengths: dict[Check, set[int]] = defaultdict(set)
    owners: dict[Check, Spec] = {}
    sampler = random.Random("lengths")
    for spec in all_specs():
        words[spec.category].update(w.lower() for w in spec.context)
        if spec.checksum and spec.check is not None:
            owners.setdefault(spec.check, spec)
            lengths[spec.check].update(len(compact(spec.make(sampler))) for _ in range(25))
    return tuple(
        (
            spec.category,
            check,
            _context_pattern(words[spec.category])
            if spec.context_required(spec.category in CONTEXT_REQUIRED)
            else None,
            frozenset(lengths[check]),
        )
        for check, spec in owners.items()
    )


def _context_pattern(words: set[str]) -> re.Pattern[str]:
    return re.compile("|".join(word_pattern(w) for w in sorted(words)))


def validates_somewhere(value: str, sentence: str = "", besides: str = "") -> str | None:
    """The first checksum-validated category (other than ``besides``) that ``value`` is valid
    for in ``sentence``, if any.

    A category that requires context counts only where one of its context words
    is in the sentence.
    """
    lowered = sentence.lower()
    size = len(compact(value))
    for category, check, words, lengths in _checksum_checks():
        if category == besides or size not in lengths:
            continue
        if words is not None and not words.search(lowered):
            continue
        if check(value):
            return category
    return None


# --- rendering ------------------------------------------------------------------------------


class _Text:
    """A record under construction: pieces of text and the spans placed in them."""

    def __init__(self) -> None:
        self.text = ""
        self.values: list[Value] = []
        self.decoys: list[Value] = []

    def add(self, piece: str, separator: str = " ") -> None:
        self.text += (separator if self.text else "") + piece

    def place(
        self,
        rng: random.Random,
        template: str,
        marker: str,
        parts: list[tuple[str, Value]],
        separator: str = " ",
        decoy: bool = False,
    ) -> None:
        """Append ``template`` with each ``marker`` replaced by the next part, recording spans."""
        template = _SLOT.sub(lambda m: rng.choice(SLOTS[m.group(1)]), template)
        template = template.replace("{{", "{").replace("}}", "}")
        chunks = template.split(marker)
        if self.text:
            self.text += separator
        for index, chunk in enumerate(chunks):
            self.text += chunk
            if index < len(chunks) - 1:
                value_text, value = parts[min(index, len(parts) - 1)]
                start = len(self.text)
                self.text += value_text
                placed = Value(start, len(self.text), value.category, value.kind)
                (self.decoys if decoy else self.values).append(placed)

    def record(self, lang: str, slice_name: str) -> Record:
        return Record(self.text, tuple(self.values), LOCALES[lang], slice_name, tuple(self.decoys))


def _v(spec: Spec, text: str) -> tuple[str, Value]:
    return text, Value(0, 0, spec.category, spec.kind)


def _filler(rng: random.Random, doc: _Text, lang: str, chance: float = 0.5) -> None:
    if rng.random() < chance:
        doc.add(rng.choice(filler(lang)))


# --- scheduling -----------------------------------------------------------------------------


class _Rotation:
    """Balanced choice of categories: the least-used category leads the next record (weighted),
    companions are the least-used categories of the same language family, and each category's
    specs take turns. Categories of small languages thus get as many values as international
    ones, which every record can carry."""

    def __init__(self, rng: random.Random, specs: list[Spec]) -> None:
        self.rng = rng
        self.by_category: dict[str, list[Spec]] = defaultdict(list)
        self.family: dict[str, dict[str, list[Spec]]] = defaultdict(lambda: defaultdict(list))
        for spec in specs:
            self.by_category[spec.category].append(spec)
            self.family[_family(spec.lang)][spec.category].append(spec)
        for category_specs in self.by_category.values():
            rng.shuffle(category_specs)
        self.tally: dict[str, float] = dict.fromkeys(self.by_category, 0.0)
        self.turn: dict[str, int] = defaultdict(int)

    def _least(self, categories: list[str]) -> str:
        return min(
            categories, key=lambda c: (self.tally[c] / _WEIGHTS.get(c, 1), self.rng.random())
        )

    def _take(self, category: str, specs: list[Spec]) -> Spec:
        spec = specs[self.turn[category] % len(specs)]
        self.turn[category] += 1
        self.tally[category] += 1
        return spec

    def next(self) -> Spec:
        """The spec leading the next record."""
        category = self._least(list(self.by_category))
        return self._take(category, self.by_category[category])

    def companions(self, spec: Spec, count: int) -> list[Spec]:
        """``count`` specs for the same record, from ``spec``'s language family."""
        pool = self.family[_family(spec.lang)]
        result = []
        used = {spec.category}
        for _ in range(count):
            fresh = [c for c in pool if c not in used] or list(pool)
            category = self._least(fresh)
            used.add(category)
            # Prefer the record's own language, then any language of the family.
            own = [s for s in pool[category] if s.lang == spec.lang]
            result.append(self._take(category, own or pool[category]))
        return result


def _family(lang: str) -> str:
    return lang.split("_")[0]


# --- slices ---------------------------------------------------------------------------------


def _settled(build: Callable[[], Record]) -> Record:
    # A record is redrawn while one of its values could, by the design's own rules, be claimed
    # by another category (see ambiguity.py): a ZA ID without context that is also a valid
    # KR RRN, a 9-digit passport number next to a bare "passport" (US or UK?).
    referee = judge()
    for _ in range(60):
        record = build()
        if not any(referee.ambiguous(record.text, value) for value in record.values):
            return record
    raise RuntimeError("no unambiguous record in 60 draws")


def _plain(rng: random.Random, rotation: _Rotation) -> Record:
    spec = rotation.next()
    doc = _Text()
    _filler(rng, doc, spec.lang)
    doc.place(rng, rng.choice(frames(spec.lang)), "{v}", [_v(spec, spec.make(rng))])
    if rng.random() < 0.35:
        other = rotation.companions(spec, 1)[0]
        doc.place(rng, rng.choice(frames(other.lang)), "{v}", [_v(other, other.make(rng))])
    _filler(rng, doc, spec.lang, 0.4)
    return doc.record(spec.lang, "plain")


def _context(
    rng: random.Random, rotation: _Rotation, low: int, high: int, slice_name: str
) -> Record:
    spec = rotation.next()
    chosen = [spec, *rotation.companions(spec, rng.randint(low, high) - 1)]
    rng.shuffle(chosen)
    separator = "\n" if slice_name == "multi" else " "
    doc = _Text()
    _filler(rng, doc, spec.lang, 0.4)
    for item in chosen:
        doc.place(rng, rng.choice(item.sentences), "{v}", [_v(item, item.make(rng))], separator)
    _filler(rng, doc, spec.lang, 0.3)
    return doc.record(spec.lang, slice_name)


def _context_word(spec: Spec) -> str:
    # The first word that no other category lists (``US passport``, not ``passport``, which
    # names no country; see ambiguity.py), else the first word.
    listed = _listed_elsewhere(spec.category)
    distinct = [w for w in spec.context if w.lower() not in listed]
    return (distinct or list(spec.context) or [""])[0]


@functools.cache
def _listed_elsewhere(category: str) -> frozenset[str]:
    return frozenset(w for c, ws in judge().words.items() if c != category for w in ws)


def _evasion(rng: random.Random, rotation: _Rotation) -> Record:
    spec = rotation.next()
    needs_context = requires_context(spec)
    word = _context_word(spec)
    doc = _Text()
    _filler(rng, doc, spec.lang, 0.3)
    styles = ("transform", "transform", "list", "table", "quantity", "adjacent", "repeated")
    style = rng.choice(styles if spec.standalone else ("transform", "repeated"))
    value = spec.make(rng)
    if style == "transform":
        name = rng.choice(tuple(TRANSFORMS))
        changed = TRANSFORMS[name](rng, value)
        if changed == value:
            name, changed = "zero_width", TRANSFORMS["zero_width"](rng, value)
        doc.place(
            rng,
            rng.choice(spec.sentences),
            "{v}",
            [(changed, Value(0, 0, spec.category, f"{spec.kind}+{name}"))],
        )
    elif style == "list":
        lines = []
        for number in range(1, rng.randint(2, 4)):
            lines.append(
                (
                    f"{number} {{v}}" + (f" ({word})" if needs_context else ""),
                    spec.make(rng) if number > 1 else value,
                )
            )
        header = (
            f"{word}:" if word else rng.choice(frames(spec.lang)).replace("{v}", "").strip(" .:")
        )
        doc.add(header)
        for template, item in lines:
            doc.place(rng, template, "{v}", [_v(spec, item)], "\n")
    elif style == "table":
        # The context word sits in each row's note cell, next to the value, as forms print it.
        doc.add("| # | value | note |\n|---|---|---|")
        note = word if needs_context else "ok"
        for number in range(1, rng.randint(2, 4)):
            doc.place(
                rng,
                f"| {number} | {{v}} | {note} |",
                "{v}",
                [_v(spec, spec.make(rng) if number > 1 else value)],
                "\n",
            )
    elif style == "quantity":
        template = f"{rng.randint(2, 9)}{rng.choice(('x', ' x', ' ×', ''))} {{v}}"
        if needs_context:
            template = f"{word} {template}" if rng.random() < 0.5 else f"{template} ({word})"
        doc.place(rng, template, "{v}", [_v(spec, value)])
    elif style == "adjacent":
        joiner = rng.choice((" ", ",", ";", "/", " | ", ", "))
        template = "{v}" + joiner + "{v}"
        if needs_context:
            template = f"{word}: " + template
        doc.place(rng, template, "{v}", [_v(spec, value), _v(spec, spec.make(rng))])
    else:  # repeated: the value again later, without context; every occurrence counts
        doc.place(rng, rng.choice(spec.sentences), "{v}", [_v(spec, value)])
        _filler(rng, doc, spec.lang, 0.7)
        doc.place(rng, rng.choice(frames(spec.lang)), "{v}", [_v(spec, value)])
    _filler(rng, doc, spec.lang, 0.3)
    record = doc.record(spec.lang, "evasion")
    return record


def _guarded(make: Callable[[], negatives.Negative], tries: int = 50) -> negatives.Negative | None:
    # A negative must validate for no category (in its own sentence); draw again until it does not.
    for _ in range(tries):
        negative = make()
        template, value = negative[0], negative[1]
        if validates_somewhere(value, template.replace("{n}", value)) is None:
            return negative
    return None


def _by_category(rng: random.Random, specs: list[Spec]) -> Spec:
    # Each category as likely as any other, whatever its number of specs (IBAN has ninety).
    category = rng.choice(sorted({s.category for s in specs}))
    return rng.choice([s for s in specs if s.category == category])


def _clean(rng: random.Random, invalid_specs: list[Spec], contextual: list[Spec]) -> Record:
    # A negative must stay a negative next to its neighbours too (an invalid NIR is a valid
    # IMEI: it must not sit within the window of another sentence's "IMEI").
    referee = judge()
    for _ in range(50):
        record = _clean_attempt(rng, invalid_specs, contextual)
        if not any(referee.claimed(record.text, decoy) for decoy in record.decoys):
            return record
    raise RuntimeError("no clean record without a clash")


def _clean_attempt(rng: random.Random, invalid_specs: list[Spec], contextual: list[Spec]) -> Record:
    composition = rng.random()
    if composition < 0.4:
        lead = _by_category(rng, invalid_specs)
        lang = lead.lang
        makers = [lambda: negatives.invalid_variant(rng, lead)]
        same = [s for s in invalid_specs if s.lang == lang and s.category != lead.category]
        if same and rng.random() < 0.4:
            other = _by_category(rng, same)
            makers.append(lambda: negatives.invalid_variant(rng, other))
    elif composition < 0.7:
        lead = _by_category(rng, contextual)
        lang = lead.lang
        makers = [lambda: negatives.without_context(rng, lead, rng.choice(frames(lang)))]
    else:
        lang = rng.choice(("en", "en", "de", "fr", "es", "it", "pt", "nl", "en_GB"))
        makers = [lambda: negatives.generic(rng, lang) for _ in range(rng.randint(1, 3))]
    if composition >= 0.4 and rng.random() < 0.5:
        makers.append(lambda: negatives.generic(rng, lang))
    doc = _Text()
    _filler(rng, doc, lang, 0.6)
    for index, make in enumerate(makers):
        negative = _guarded(make)
        if negative is None:
            continue
        if index:
            doc.add(rng.choice(filler(lang)))  # keeps one negative's words away from the next
        template, value, kind, category = negative
        doc.place(
            rng, template, "{n}", [(value, Value(0, 0, category or "NONE", kind))], decoy=True
        )
    if not doc.text:
        doc.add(rng.choice(filler(lang)))
    return doc.record(lang, "clean")


# --- public ---------------------------------------------------------------------------------


def _counts(count: int, slices: Iterable[str]) -> dict[str, int]:
    chosen = list(slices)
    total = sum(SHARES[s] for s in chosen)
    counts = {s: int(count * SHARES[s] / total) for s in chosen}
    for s in sorted(chosen, key=lambda s: -SHARES[s])[: count - sum(counts.values())]:
        counts[s] += 1
    return counts


def generate_slice(name: str, count: int, seed: int, categories: frozenset[str]) -> list[Record]:
    """``count`` records of slice ``name``; the slice's random stream depends only on the seed."""
    rng = random.Random(f"{seed}:{name}")
    specs = [s for s in all_specs() if s.category in categories]
    if name == "clean":
        invalid_specs = [s for s in all_specs() if s.invalid is not None]
        contextual = [s for s in all_specs() if requires_context(s)]
        return [_clean(rng, invalid_specs, contextual) for _ in range(count)]
    if name == "plain":
        specs = [s for s in specs if not requires_context(s) and s.plain]
    if not specs:
        return []
    rotation = _Rotation(rng, specs)
    if name == "plain":
        return [_settled(lambda: _plain(rng, rotation)) for _ in range(count)]
    if name == "context":
        return [_settled(lambda: _context(rng, rotation, 1, 4, "context")) for _ in range(count)]
    if name == "multi":
        return [_settled(lambda: _context(rng, rotation, 6, 10, "multi")) for _ in range(count)]
    return [_settled(lambda: _evasion(rng, rotation)) for _ in range(count)]


def generate(
    count: int,
    seed: int,
    slice: str | Iterable[str] | None = None,
    categories: Iterable[str] | None = None,
) -> list[Record]:
    """The corpus: ``count`` records over the slices asked for, interleaved deterministically."""
    names = SLICES if slice is None else ((slice,) if isinstance(slice, str) else tuple(slice))
    unknown = [n for n in names if n not in SLICES]
    if unknown:
        raise ValueError(f"unknown slice(s) {unknown}; slices are {SLICES}")
    wanted = frozenset(NAMES if categories is None else categories)
    missing = sorted(wanted - set(BY_NAME))
    if missing:
        raise ValueError(f"unknown categories {missing}")
    parts = {n: generate_slice(n, c, seed, wanted) for n, c in _counts(count, names).items()}
    order = random.Random(f"{seed}:order")
    records = [r for part in parts.values() for r in part]
    order.shuffle(records)
    return records
