"""Fixtures every test may use: where fixtures and the shared corpus are."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).parent
FIXTURES_DIR = TESTS_DIR / "fixtures"
PROJECT_ROOT = TESTS_DIR.parent


def corpus_dir() -> Path:
    """The shared corpus: CORPUS_DIR, or ../shared/corpus beside the project."""
    return Path(os.environ.get("CORPUS_DIR", PROJECT_ROOT.parent / "shared" / "corpus"))


@pytest.fixture
def fixtures_dir() -> Path:
    """Small documents copied into the repository for tests."""
    return FIXTURES_DIR


@pytest.fixture
def corpus() -> Path:
    """The shared corpus, or a skip with the reason when it is absent."""
    path = corpus_dir()
    if not (path / "MANIFEST.tsv").is_file():
        pytest.skip(f"corpus not found at {path}: set CORPUS_DIR to run corpus tests")
    return path
