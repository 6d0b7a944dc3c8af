"""The rewordings `contract-check rewordings` applies keep the meaning of what they change."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from chalicelib.evaluation.labels import split_of
from chalicelib.evaluation.rewording import ONLY, READERS, REWORDINGS, check
from infra.localcloud.cli import main

if TYPE_CHECKING:
    from pathlib import Path


@pytest.mark.parametrize(
    ("label", "before", "after"),
    [
        (
            "extend for renew",
            "renews unless notice of non-renewal is given; the Agreement is renewed",
            "extends unless notice of non-extension is given; the Agreement is extended",
        ),
        (
            "cancel for terminate",
            "may terminate; termination; terminated",
            "may cancel; cancellation; cancelled",
        ),
        ("digits for spelled numbers", "ninety (90) days, one hundred (100)", "90 days, 100"),
        ("spelled numbers alone", "ninety (90) days", "ninety days"),
        # "until terminated" has no "through" form; a date or an end has
        (
            "through for until",
            "until terminated by either party, until December 31, 2020, until the end of",
            "until terminated by either party, through December 31, 2020, through the end of",
        ),
        (
            "laws of the United States and a state",
            "the laws of the United States of America and the State of Texas",
            "the laws of the United States and Texas",
        ),
    ],
)
def test_a_rewording_changes_only_its_words(label: str, before: str, after: str) -> None:
    assert REWORDINGS[label](before) == after


def test_a_rewording_kept_to_some_clauses_names_only_clauses_read() -> None:
    assert all(set(categories) <= set(READERS) for categories in ONLY.values())
    assert set(ONLY) <= set(REWORDINGS)


def _cuad(root: Path, spans: dict[str, dict[str, list[str]]]) -> Path:
    folder = root / "en_cuad_dev"
    (folder / "texts").mkdir(parents=True)
    rows = ["file\tDocument Name"]
    for name in spans:
        (folder / "texts" / name).write_text("SUPPLY AGREEMENT\n", encoding="utf-8")
        rows.append(f"texts/{name}\tSUPPLY AGREEMENT")
    (folder / "labels.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    lines = [json.dumps({"file": f"texts/{n}", "spans": s}) for n, s in spans.items()]
    (folder / "spans.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def test_the_check_reads_train_spans_only_and_counts_a_lost_reading(tmp_path: Path) -> None:
    train = next(f"T{n}.txt" for n in range(400) if split_of(f"T{n}.txt") == "train")
    test = next(f"T{n}.txt" for n in range(400) if split_of(f"T{n}.txt") == "test")
    grant = "Either party may terminate this Agreement upon thirty (30) days written notice."
    folder = _cuad(
        tmp_path,
        {
            train: {"Termination For Convenience": [grant]},
            test: {"Termination For Convenience": [grant, grant]},
        },
    )

    report = check(folder)["Termination For Convenience"]

    assert (report["spans"], report["read"]) == (1, 1)
    assert report["rewordings"]["notice in writing"] == {"changed": 1, "lost": []}


def test_the_rewordings_command_refuses_a_directory_without_spans(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rewordings", str(tmp_path)]) == 2
    assert "spans.jsonl" in capsys.readouterr().err
