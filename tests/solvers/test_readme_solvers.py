"""The README's "Solvers" examples, re-run: the requests it shows give the answers it shows.

Fields that vary by run (timings, computing times) are not compared; every
other field the README shows is.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from solution_checks import check_packing, check_vrp

from engine_core import DecisionInputError, Engine

README = Path(__file__).resolve().parents[2] / "README.md"
VARYING = {"latency_us", "solve_time_ms", "computing_times"}


def section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("\n## Solvers\n")
    return text[start : text.index("\n## ", start + 1)]


def console_blocks() -> list[str]:
    return re.findall(r"```console\n(.*?)```", section(), re.DOTALL)


def commands(block: str) -> list[tuple[str, str]]:
    """(command, shown output) pairs; continued commands (``\\``, an open quote) joined."""
    pairs: list[tuple[str, str]] = []
    lines = block.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        assert line.startswith("$ "), line
        command = line[2:]
        while command.endswith("\\") or command.count("'") % 2:
            index += 1
            command = command.removesuffix("\\") + "\n" + lines[index]
        index += 1
        shown = []
        while index < len(lines) and not lines[index].startswith("$ "):
            shown.append(lines[index])
            index += 1
        pairs.append((command, "\n".join(shown)))
    return pairs


def shown_subset(shown: Any, actual: Any) -> None:
    """Every field the README shows is in the actual answer (``...`` elides the rest)."""
    if isinstance(shown, dict):
        for key, value in shown.items():
            if key not in VARYING:
                shown_subset(value, actual[key])
    elif isinstance(shown, list):
        assert len(shown) <= len(actual)
        for item in shown:
            assert any(_matches(item, candidate) for candidate in actual), item
    else:
        assert shown == actual


def _matches(shown: Any, actual: Any) -> bool:
    try:
        shown_subset(shown, actual)
    except (AssertionError, KeyError, TypeError):
        return False
    return True


def parse_shown(text: str) -> Any:
    """The README's JSON with ``...`` lines dropped (and the commas they leave fixed)."""
    kept = [line for line in text.splitlines() if line.strip() not in ("...", "…")]
    joined = "\n".join(kept)
    joined = re.sub(r",(\s*[}\]])", r"\1", joined)
    return json.loads(joined)


def test_examples_answer_as_shown(engine_for: Callable[[str], Engine]) -> None:
    files: dict[str, str] = {}
    ran = 0
    for block in console_blocks():
        for command, shown in commands(block):
            if command.startswith("cat "):
                files[command.split()[1]] = shown
                continue
            if command.startswith("curl "):
                words = shlex.split(command.replace("\n", " "))
                body = words[words.index("-d") + 1]
                request = json.loads(files[body[1:]] if body.startswith("@") else body)
                tier = "ENTERPRISE" if "license_key" in request else "COMMUNITY"
                domain, parameters = request["domain"], request["parameters"]
            elif command.startswith("engine-pack solve"):
                words = shlex.split(command)
                tier, domain = "DEVELOPER", words[2]
                parameters = {"problem": json.loads(files[words[words.index("--problem") + 1]])}
            else:
                continue
            ran += 1
            answer = parse_shown(shown)
            engine = engine_for(tier)
            if "detail" in answer:  # a 422: the same problems, in the same order
                with pytest.raises(DecisionInputError) as caught:
                    engine.decide(domain, parameters)
                assert [["body", *problem["loc"]] for problem in caught.value.problems] == [
                    problem["loc"] for problem in answer["detail"]
                ]
                continue
            result = engine.decide(domain, parameters)
            shown_subset(answer.get("result", answer), result)
            if result["domain"] == "bin_packing":
                check_packing(parameters["problem"], result["solution"])
            if result["domain"] == "vrp":
                check_vrp(parameters["problem"], result["solution"])
    assert ran >= 5


@pytest.mark.parametrize("name", ["packing.json", "vrp.json"])
def test_shown_files_are_json(name: str) -> None:
    blocks = "\n".join(console_blocks())
    assert f"$ cat {name}" in blocks
