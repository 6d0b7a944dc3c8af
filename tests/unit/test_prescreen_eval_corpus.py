"""Prescreen on the small labelled corpus in tests/fixtures/eval_corpus, through the eval.

Ten short contracts written for this project in styles the shared corpus lacks; its
ATTRIBUTION.md tells how the second batch fared on its first run, before any rule was
changed for it. The rules that fixed its misses are general ones with unit tests of their own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.evaluation.fields import TARGETS
from chalicelib.evaluation.harness import screen_all
from chalicelib.evaluation.labels import read_labelled
from chalicelib.evaluation.report import summarize
from chalicelib.extract import ExtractLimits, extract_document
from tests.limits import UNIT_LIMITS

if TYPE_CHECKING:
    from pathlib import Path

    from chalicelib.models import Extraction


def _in_process(data: bytes, declared_ext: str, limits: ExtractLimits) -> Extraction:
    return extract_document(data, declared_ext=declared_ext, limits=limits)


def fixture_summary(folder: Path) -> dict[str, Any]:
    """The eval of a labelled fixture folder, every document extracted in this process."""
    documents = read_labelled(folder)
    return summarize(
        screen_all(documents, limits=UNIT_LIMITS, extract=_in_process), corpus=folder.name
    )


def test_prescreen_gets_every_labelled_fact_of_the_fixture_corpus(fixtures_dir: Path) -> None:
    summary = fixture_summary(fixtures_dir / "eval_corpus")

    misses = {
        (doc["file"], name): (value["expected"], value["found"])
        for doc in summary["documents"]
        for name, value in doc["fields"].items()
        if not value["correct"]
    }
    assert len(summary["documents"]) == 10
    assert not misses
    assert all(summary["fields"][name]["meets_target"] for name in TARGETS)
