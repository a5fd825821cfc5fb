"""The corpus records, their ground truth, and the value specifications they are built from."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

SLICES: tuple[str, ...] = ("plain", "context", "multi", "evasion", "clean")


@dataclass(frozen=True)
class Value:
    """One value in a record: where it is, its category, and which variant made it.

    ``start``/``end`` index the record text (end exclusive). ``kind`` names the
    generator (``de_tax_id``, ``secret.github_pat``, ``phone.DE``...), to read misses.
    """

    start: int
    end: int
    category: str
    kind: str = ""


@dataclass(frozen=True)
class Record:
    """A text, the values it holds (none in a clean record), its locale and its slice.

    ``decoys`` are the hard negatives placed in the text (not values: a detection
    there is a false positive); their ``category`` names what they imitate.
    """

    text: str
    values: tuple[Value, ...]
    locale: str
    slice: str
    decoys: tuple[Value, ...] = ()


Make = Callable[[random.Random], str]
Check = Callable[[str], bool]


@dataclass(frozen=True)
class Spec:
    """How to write one kind of value and the sentences it appears in.

    ``sentences`` hold ``{v}`` and, for a category that requires context, a
    context word within 40 characters of ``{v}``; ``context`` lists the context
    words those sentences use (checked by the self-tests). ``check`` is the
    library validator (python-stdnum, phonenumbers) or the published algorithm
    implemented here where no library has one; ``checksum`` says whether it
    includes a check digit (only those take part in the hard-negative guard).
    ``invalid`` writes a near miss: a checksum-invalid, wrong-length or
    wrong-letter variant that no catalogue rule should take. ``plain`` false keeps
    the spec out of the context-free slice (national phone formats, for one).
    ``needs_context`` overrides the category's flag for one spelling (a bare
    nine-digit SSN needs context although a dashed one does not). ``standalone``
    false marks a value that is a value only inside its sentences (a password is
    a secret after ``password=`` or inside a connection string, not alone in a
    list); such a value is only repeated verbatim, never listed on its own.
    """

    category: str
    kind: str
    lang: str
    make: Make
    sentences: tuple[str, ...]
    context: tuple[str, ...] = ()
    check: Check | None = None
    checksum: bool = False
    invalid: Make | None = None
    source: str = ""
    plain: bool = True
    needs_context: bool | None = None
    standalone: bool = True

    def context_required(self, category_requires: bool) -> bool:
        """Whether values of this spec count only near a context word (the spec may override)."""
        return category_requires if self.needs_context is None else self.needs_context
