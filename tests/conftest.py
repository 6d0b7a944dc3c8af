"""Fixtures every test may use: where fixtures and the shared corpus are."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).parent
FIXTURES_DIR = TESTS_DIR / "fixtures"
PROJECT_ROOT = TESTS_DIR.parent


# Run order by folder: the long journeys first. `make test` hands whole files to two workers
# as each asks for more, so the longest come first and the many short ones even out the end.
_FOLDER_ORDER = {"e2e": 0, "corpus": 1, "integration": 2}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Order the collected tests by folder (stable: a file's tests keep their order)."""

    def folder_rank(item: pytest.Item) -> int:
        return _FOLDER_ORDER.get(item.path.relative_to(TESTS_DIR).parts[0], len(_FOLDER_ORDER))

    items.sort(key=folder_rank)


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
