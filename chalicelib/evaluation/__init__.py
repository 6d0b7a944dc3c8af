"""The prescreen eval: Extract and Prescreen on labelled contracts, scored field by field.

`evaluate_corpus` runs it over a corpus directory laid out like the shared one and
returns the summary `contract-check eval` prints and writes; the matching rules are
in `matching`, the fields and their metrics in `fields`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.evaluation.harness import screen_all
from chalicelib.evaluation.labels import Split, read_labelled
from chalicelib.evaluation.report import render_table, summarize

if TYPE_CHECKING:
    from collections.abc import Collection
    from pathlib import Path

    from chalicelib.extract import ExtractLimits

__all__ = ["evaluate_corpus", "render_table"]


def evaluate_corpus(
    corpus: Path,
    *,
    limits: ExtractLimits,
    workers: int = 2,
    splits: Collection[Split] = ("train", "test"),
) -> dict[str, Any]:
    """Screen the labelled documents of `corpus` in `splits` and summarise the scores.

    Leave `test` out while tuning: its documents are then never read.
    """
    documents = [d for d in read_labelled(corpus) if d.split in splits]
    if not documents:
        raise FileNotFoundError(
            f"{corpus} has no labelled documents in {', '.join(splits)} (looked for "
            "labels.tsv, ru_contracts_labels.tsv and en_cuad/labels.tsv)"
        )
    screened = screen_all(documents, limits=limits, workers=workers)
    return summarize(screened, corpus=corpus.name or str(corpus))
