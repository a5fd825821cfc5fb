"""The layers of docs/architecture.md hold: light imports, and a core that names no other package.

The import contracts themselves (layers, no cycle inside ``engine_core``) are
checked by ``lint-imports`` in ``make lint``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("hyperscan", "strictyaml", "regex", "pluggy", "cryptography", "engine_core.engine")


def _modules_after(statement: str) -> set[str]:
    code = f"import sys, json\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return set(json.loads(output))


@pytest.mark.parametrize(
    "statement",
    [
        "import engine_core.errors",
        "import engine_core.model",
        "from engine_core.errors import EngineRuntimeError",
        "import engine_core",
    ],
)
def test_light_imports_load_no_engine(statement: str) -> None:
    """The exception tree and the result types load neither the engine nor its libraries."""
    loaded = _modules_after(statement)
    assert not [name for name in HEAVY if name in loaded]


def test_public_names_still_import_on_first_use() -> None:
    """``from engine_core import Engine`` loads the engine when it is asked for."""
    assert "engine_core.engine" in _modules_after("from engine_core import Engine")


def test_core_names_no_other_package() -> None:
    """No module of engine_core names another package, not even in a string."""
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "engine_core").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if any(name in line for name in ("engine_plugins", "engine_server", "engine_cli"))
    ]
    assert offenders == []


def test_every_section_the_code_cites_is_in_the_architecture_document() -> None:
    """Comments cite docs/architecture.md by section title: each title is a heading there."""
    document = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    headings = set(re.findall(r"^#{2,4} (.+?)\s*$", document, flags=re.MULTILINE))
    cited: dict[str, str] = {}
    for package in ("engine_core", "engine_plugins", "engine_server", "engine_cli"):
        for path in (ROOT / package).rglob("*.py"):
            flat = " ".join(path.read_text(encoding="utf-8").split())
            flat = re.sub(r" ?(?:#|\"\"\"|//) ?", " ", flat)
            for title in re.findall(r'docs/architecture\.md, "([^"]+)"', flat):
                cited.setdefault(" ".join(title.split()), str(path.relative_to(ROOT)))
    assert cited
    assert {title: path for title, path in cited.items() if title not in headings} == {}
