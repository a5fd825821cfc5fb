"""The README's "Calling the service from Python" example, run against the real service."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine_server import ServerHandle

README = Path(__file__).resolve().parents[2] / "README.md"
SECTION = "## Calling the service from Python"


def test_readme_client_example_runs(server: ServerHandle) -> None:
    section = README.read_text(encoding="utf-8").split(SECTION, 1)[1]
    code = section.split("```python", 1)[1].split("```", 1)[0]
    assert "http://127.0.0.1:18734" in code
    namespace: dict[str, Any] = {}
    exec(code.replace("http://127.0.0.1:18734", server.base_url), namespace)
    result = namespace["result"]
    assert result.action == "block_statutory_violation"
    assert result.forwardable_text() is None
    assert all(not trigger.matched_items for trigger in result.redacted().triggers)
