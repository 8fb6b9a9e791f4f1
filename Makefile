# The two commands of the quick start: `make run` and `make test`. Each sets up .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/eldritch odds "I3 > P P > L L" --green 6 --yellow --red --focus 1
	$(BIN)/eldritch advise "I3 > P P > L L" --roll "I3 I1 P P T L y:I4 r:W" --green 6 --yellow --red
	$(BIN)/eldritch table --set core --format md

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python -m pytest benchmarks --benchmark-only --benchmark-columns=min,mean,rounds -q

clean:
	rm -rf $(VENV) build *.egg-info
