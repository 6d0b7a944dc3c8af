# Contract-check: the commands a user runs. `make demo` and `make test` set everything up.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export AWS_DEFAULT_REGION ?= us-east-1

.PHONY: setup system-deps demo test test-fast lint bench eval train package clean lock

setup: $(STAMP) system-deps

# Exactly the locked versions (hash-checked), then the project itself on top of them; uv
# installs them (pip took two minutes, uv takes seconds), and pip stays in the venv.
$(STAMP): pyproject.toml requirements/dev.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet uv==0.13.9
	$(BIN)/uv pip install --quiet --python $(BIN)/python --require-hashes -r requirements/dev.lock
	$(BIN)/uv pip install --quiet --python $(BIN)/python --no-deps -e .
	touch $(STAMP)

# After a change to pyproject.toml's dependencies: the locks again (uv resolves them).
# dev.lock is the venv's (and CI's); lambda.lock pins the layers to the same versions.
lock:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet uv
	$(BIN)/uv pip compile pyproject.toml --extra dev --python-version 3.11 --generate-hashes \
	  --upgrade --quiet -o requirements/dev.lock
	$(BIN)/uv pip compile pyproject.toml --extra extract --extra api --extra llm --extra telegram --extra recognizer \
	  --python-version 3.11 --python-platform x86_64-manylinux_2_17 -c requirements/dev.lock \
	  --quiet --no-header -o requirements/lambda.lock
	sed -i '1i # Versions of every runtime dependency for the Lambda layers (manylinux2014 x86_64, CPython 3.11),\n# held to the versions of dev.lock: what is deployed is what was tested. `make lock` writes it.' \
	  requirements/lambda.lock

# Tesseract with Russian and English data, for scans; chromium and its driver, for the web
# page's browser tests (skipped without them); Samba, for the external recognizer's SMB share
# (its tests are skipped without it). apt-get needs root; others are told how.
system-deps:
	@missing=""; \
	if ! command -v tesseract >/dev/null || ! tesseract --list-langs 2>/dev/null | grep -qx rus; then \
	  missing="$$missing tesseract-ocr tesseract-ocr-rus tesseract-ocr-eng"; fi; \
	if ! command -v chromium >/dev/null || [ ! -x /usr/bin/chromedriver ]; then \
	  missing="$$missing chromium chromium-driver"; fi; \
	if ! command -v smbd >/dev/null; then missing="$$missing samba"; fi; \
	if [ -n "$$missing" ] && [ "$$(id -u)" = 0 ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	elif [ -n "$$missing" ]; then \
	  echo "Missing from Debian: sudo apt-get install$$missing"; \
	  echo "(without chromium the browser tests, without samba the SMB share's tests are skipped)"; \
	  case "$$missing" in *tesseract*) echo "Install Tesseract first."; exit 2;; esac; \
	fi

demo: setup
	$(BIN)/contract-check demo

# Two workers (one per core of the machines it runs on), a whole file to each at a time:
# a file's module-scoped fixtures (a local cloud, a browser) start once in its worker.
test: setup
	$(BIN)/pytest -n 2 --dist loadfile --no-loadscope-reorder

test-fast: setup
	$(BIN)/pytest -m "not corpus and not e2e"

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m infra.package --template-only --lint --out out

bench: setup
	$(BIN)/python -m tests.bench

# Prescreen against the labelled corpus (CORPUS_DIR, default ../shared/corpus); EVAL_JSON=out.json
eval: setup
	$(BIN)/contract-check eval $${CORPUS_DIR:-../shared/corpus} $(if $(EVAL_JSON),--json $(EVAL_JSON))

# What prescreen learns, fitted again on the train split (CORPUS_DIR): the clause
# detectors (chalicelib/prescreen/clause_model.json), then each fact's calibrated
# confidence (calibration.json), which reads the detectors. Same data, same files.
train: setup
	$(BIN)/contract-check train $${CORPUS_DIR:-../shared/corpus}/en_cuad_dev
	$(BIN)/contract-check calibrate $${CORPUS_DIR:-../shared/corpus}

package: setup
	$(BIN)/python -m infra.package --out out

clean:
	rm -rf out .pytest_cache .mypy_cache .ruff_cache
