"""The labelled documents of a corpus: the Russian hand labels and the CUAD answers.

A corpus directory is laid out like the shared one: ``ru_contracts_labels.tsv`` (paths
relative to the directory) and ``en_cuad/labels.tsv`` (file names relative to
``en_cuad/``). Either may be missing; a corpus with neither has nothing to measure.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from pathlib import Path

RU_LABELS = "ru_contracts_labels.tsv"
EN_LABELS = "en_cuad/labels.tsv"

# Columns that describe a label rather than state a fact about the contract.
_NOT_FACTS = frozenset({"file", "set", "evidence", "notes", "amount_note", "term_note"})


@dataclass(frozen=True)
class LabelledDocument:
    """One document and its labels, keyed by the field names of the eval."""

    language: Literal["ru", "en"]
    path: Path
    labels: dict[str, str]

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


def read_labelled(corpus: Path) -> list[LabelledDocument]:
    """Every labelled document of a corpus directory, Russian first."""
    documents: list[LabelledDocument] = []
    ru = corpus / RU_LABELS
    if ru.is_file():
        for row in _rows(ru):
            labels = {k: (v or "").strip() for k, v in row.items() if k and k not in _NOT_FACTS}
            documents.append(LabelledDocument("ru", corpus / row["file"], labels))
    en = corpus / EN_LABELS
    if en.is_file():
        for row in _rows(en):
            labels = {
                snake_case(k): (v or "").strip()
                for k, v in row.items()
                if k and k not in _NOT_FACTS
            }
            documents.append(LabelledDocument("en", en.parent / row["file"], labels))
    return documents
