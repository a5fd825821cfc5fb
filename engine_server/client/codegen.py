"""Generate the client's models from the service's own OpenAPI document (``make generate-client``).

``python -m engine_server.client.codegen`` rewrites ``models.py``; with ``--check``
it only says whether the checked-in file still matches what the generator makes of
``create_app().openapi()`` now. Needs the ``dev`` extra (datamodel-code-generator,
ruff) and the ``server`` extra; the client itself needs neither.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["MODELS_PATH", "REGENERATE_HINT", "generate_models", "main", "openapi_document"]

MODELS_PATH = Path(__file__).with_name("models.py")
REGENERATE_HINT = "run `make generate-client` and commit engine_server/client/models.py"

_HEADER = (
    '"""Models of the service\'s JSON bodies, generated from ``create_app().openapi()``.\n\n'
    "Do not edit: ``make generate-client`` writes it (engine_server/client/codegen.py).\n"
    '"""'
)

#: datamodel-code-generator options: pydantic v2 models whose repr never shows a value.
GENERATOR_OPTIONS = (
    "--input-file-type=openapi",
    "--output-model-type=pydantic_v2.BaseModel",
    "--base-class=engine_server.client.quiet_model.QuietModel",
    "--target-python-version=3.11",
    "--use-standard-collections",
    "--use-union-operator",
    "--use-double-quotes",
    "--field-constraints",
    "--use-schema-description",
    "--use-field-description",
    "--disable-timestamp",
    "--formatters=builtin",  # ruff then formats with the project's settings
)

_ROOT = Path(__file__).resolve().parents[2]
_RELATIVE_PATH = MODELS_PATH.relative_to(_ROOT).as_posix()


def openapi_document() -> str:
    """Return the service's OpenAPI document as stable JSON (needs the ``server`` extra)."""
    from engine_server.app import create_app

    # Key order kept: the models list fields in the order the service declares them.
    return json.dumps(create_app().openapi(), indent=1)


def generate_models(document: str | None = None) -> str:
    """Return the models module the generator makes of ``document`` (default: the service's)."""
    source = openapi_document() if document is None else document
    with tempfile.TemporaryDirectory(prefix="engine-client-codegen-") as directory:
        schema = Path(directory) / "openapi.json"
        output = Path(directory) / "models.py"
        schema.write_text(source, encoding="utf-8")
        subprocess.run(
            [
                *(sys.executable, "-m", "datamodel_code_generator"),
                *(f"--input={schema}", f"--output={output}"),
                *GENERATOR_OPTIONS,
                *("--custom-file-header", _HEADER),
            ],
            check=True,
        )
        generated = output.read_text(encoding="utf-8")
    # The project's own ruff settings, as `make lint` applies them to the checked-in file.
    fixed = _ruff("check", "--fix", "--quiet", generated)
    return _ruff("format", "--quiet", fixed)


def _ruff(*arguments: str) -> str:
    *options, source = arguments
    done = subprocess.run(
        [sys.executable, "-m", "ruff", *options, f"--stdin-filename={_RELATIVE_PATH}", "-"],
        input=source,
        capture_output=True,
        text=True,
        check=True,
        cwd=_ROOT,
    )
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    """Write ``models.py`` (or, with ``--check``, report drift); return the exit code."""
    parser = argparse.ArgumentParser(prog="python -m engine_server.client.codegen")
    parser.add_argument("--check", action="store_true", help="fail when models.py is stale")
    args = parser.parse_args(argv)
    generated = generate_models()
    if args.check:
        current = MODELS_PATH.read_text(encoding="utf-8") if MODELS_PATH.exists() else ""
        if current != generated:
            print(f"{MODELS_PATH} is stale: {REGENERATE_HINT}", file=sys.stderr)
            return 1
        return 0
    MODELS_PATH.write_text(generated, encoding="utf-8")
    print(f"wrote {MODELS_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
