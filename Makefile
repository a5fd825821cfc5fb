# engine-pack developer commands. Every target creates .venv and installs on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
SERVE_STAMP := $(VENV)/.installed

.PHONY: serve test lint typecheck bench clean generate-client catalogue-table month-names

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(SERVE_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[all]'
	touch $@

$(STAMP): pyproject.toml tests/plugins/pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]' -e tests/plugins
	touch $@ $(SERVE_STAMP)

serve: $(SERVE_STAMP)
	$(BIN)/engine-pack serve --builtin --host 127.0.0.1 --port 18734

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

test: lint
	$(BIN)/python -m pytest -n 2 --dist loadfile

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# The client's models (engine_server/client/models.py) from the service's OpenAPI document.
catalogue-table: $(STAMP)
	$(BIN)/python -m engine_plugins.catalogue.table README.md plugins.md

month-names: $(STAMP)
	$(BIN)/python -m engine_plugins.catalogue.cldr_months

generate-client: $(STAMP)
	$(BIN)/python -m engine_server.client.codegen

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache .hypothesis
