"""The labelled documents of a corpus: the Russian hand labels and the CUAD answers.

A corpus directory is laid out like the shared one: ``ru_contracts_labels.tsv`` (paths
relative to the directory) and ``en_cuad/labels.tsv`` (file names relative to
``en_cuad/``). Either may be missing; a corpus with neither has nothing to measure. Or it
is any directory with its own ``labels.tsv`` of CUAD's columns (``en_cuad_dev``), file
names relative to it.

Every document belongs to a split. The documents prescreen's rules were written against
(the Russian labels, ``en_cuad/``) are `train`. Any other is `train` or `test` by a hash
of its name: deterministic, the same on every machine, and blind to content. Rules and
models are fitted on `train`; `test` is for the final numbers.
"""

from __future__ import annotations

import csv
import hashlib
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from pathlib import Path

RU_LABELS = "ru_contracts_labels.tsv"
EN_LABELS = "en_cuad/labels.tsv"
OWN_LABELS = "labels.tsv"
# The share of the untuned documents held out for testing, in percent: 97 of en_cuad_dev's 439.
TEST_PERCENT = 25
Split = Literal["train", "test"]

# Columns that describe a label rather than state a fact about the contract.
_NOT_FACTS = frozenset({"file", "set", "evidence", "notes", "amount_note", "term_note"})


@dataclass(frozen=True)
class LabelledDocument:
    """One document and its labels, keyed by the field names of the eval."""

    language: Literal["ru", "en"]
    path: Path
    labels: dict[str, str]
    split: Split = "train"

    @property
    def name(self) -> str:
        """The file name, as reports show it."""
        return self.path.name


class LabelFileError(ValueError):
    """A label file that cannot be read as the eval expects."""


def snake_case(column: str) -> str:
    """'Termination For Convenience' → 'termination_for_convenience'."""
    return re.sub(r"[^0-9a-z]+", "_", column.strip().lower()).strip("_")


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    if rows and "file" not in rows[0]:
        raise LabelFileError(f"{path.name} has no 'file' column")
    return rows


def _stem(name: str) -> str:
    return name.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()


def split_of(name: str, tuned: frozenset[str] = frozenset()) -> Split:
    """`train` or `test` for a document by its file name; `tuned` stems are always train."""
    stem = _stem(name)
    if stem in tuned:
        return "train"
    bucket = int(hashlib.sha256(stem.encode("utf-8")).hexdigest()[:8], 16) % 100
    return "test" if bucket < TEST_PERCENT else "train"


def _tuned_stems(corpus: Path) -> frozenset[str]:
    """The CUAD contracts already tuned on: `en_cuad/` here or beside this directory."""
    for labels in (corpus / EN_LABELS, corpus.parent / EN_LABELS):
        if labels.is_file():
            return frozenset(_stem(row["file"]) for row in _rows(labels))
    return frozenset()


def read_labelled(corpus: Path) -> list[LabelledDocument]:
    """Every labelled document of a corpus directory, Russian first, each with its split."""
    documents: list[LabelledDocument] = []
    own = corpus / OWN_LABELS
    if own.is_file():
        tuned = _tuned_stems(corpus)
        for row in _rows(own):
            labels = _en_labels(row)
            split = split_of(row["file"], tuned)
            documents.append(LabelledDocument("en", corpus / row["file"], labels, split))
        return documents
    ru = corpus / RU_LABELS
    if ru.is_file():
        for row in _rows(ru):
            labels = {k: (v or "").strip() for k, v in row.items() if k and k not in _NOT_FACTS}
            documents.append(LabelledDocument("ru", corpus / row["file"], labels))
    en = corpus / EN_LABELS
    if en.is_file():
        for row in _rows(en):
            documents.append(LabelledDocument("en", en.parent / row["file"], _en_labels(row)))
    return documents


def _en_labels(row: dict[str, str]) -> dict[str, str]:
    return {snake_case(k): (v or "").strip() for k, v in row.items() if k and k not in _NOT_FACTS}
