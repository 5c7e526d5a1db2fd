# Set-up and everyday commands. `make play` and `make test` each create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test test-fast bench lint sim clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.play: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	@echo "coup is installed as $(BIN)/coup (or run 'source $(BIN)/activate', then coup)"
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.play

# The bench measures our engines beside coupml's (the bench extra).
$(VENV)/.bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test,bench]'
	touch $@ $(VENV)/.test $(VENV)/.play

play: $(VENV)/.play
	$(BIN)/coup

# One test process per core (pytest-xdist): the serial run had grown past CI's 20 minutes on 2 cores.
test: $(VENV)/.test
	$(BIN)/python -m pytest -n auto

# The inner loop: rules, contract, units and network tests; screens, SSH and slow whole games are left to `make test`.
test-fast: $(VENV)/.test
	$(BIN)/python -m pytest -n auto -m "not slow and not ssh and not screens"

lint: $(VENV)/.test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(VENV)/.bench
	$(BIN)/python -m bench

sim: $(VENV)/.play
	$(BIN)/coup sim --game coup --players 4 --games 200 --seed 1 --bots rule,rule,random,random

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis snapshot_report.html
