"""The split nobody tunes on: by a hash of the name, tuned documents always train."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from chalicelib.evaluation.harness import screen_all
from chalicelib.evaluation.labels import TEST_PERCENT, read_labelled, split_of
from chalicelib.evaluation.report import render_table, summarize
from tests.limits import UNIT_LIMITS
from tests.unit.test_evaluation_harness import _in_process

if TYPE_CHECKING:
    from pathlib import Path

COLUMNS = ["file", "Document Name", "Parties", "Governing Law"]
CONTRACT = (
    'SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Acme Inc. ("Buyer") and '
    'Widget LLC ("Seller"). This Agreement shall be governed by the laws of the State of '
    "New York.\n"
)


def test_the_split_is_a_stable_function_of_the_name_about_a_quarter_test() -> None:
    names = [f"texts/CONTRACT_{number:04d}.txt" for number in range(2000)]
    splits = Counter(split_of(name) for name in names)
    assert abs(splits["test"] / len(names) - TEST_PERCENT / 100) < 0.03
    assert [split_of(name) for name in names[:50]] == [split_of(name) for name in names[:50]]
    # The extension and the folder do not move a contract between splits.
    assert split_of("texts/A_B.txt") == split_of("A_B.PDF")


def test_a_contract_already_tuned_on_is_always_train() -> None:
    test_name = next(f"X{n}.txt" for n in range(1000) if split_of(f"X{n}.txt") == "test")
    assert split_of(test_name, frozenset({test_name.removesuffix(".txt").lower()})) == "train"


def _cuad_dir(root: Path, names: list[str]) -> Path:
    folder = root / "en_cuad_dev"
    (folder / "texts").mkdir(parents=True)
    rows = ["\t".join(COLUMNS)]
    for name in names:
        (folder / "texts" / name).write_text(CONTRACT, encoding="utf-8")
        rows.append(f"texts/{name}\tSUPPLY AGREEMENT\tAcme Inc.; Widget LLC\tNew York")
    (folder / "labels.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


def test_a_directory_with_its_own_labels_is_read_and_split_with_en_cuad_kept_in_train(
    tmp_path: Path,
) -> None:
    tests = [f"T{n}.txt" for n in range(400) if split_of(f"T{n}.txt") == "test"][:2]
    trains = [f"T{n}.txt" for n in range(400) if split_of(f"T{n}.txt") == "train"][:2]
    folder = _cuad_dir(tmp_path, [*tests, *trains])
    # A contract of en_cuad/ beside it was tuned on: train, whatever its hash says.
    (tmp_path / "en_cuad").mkdir()
    (tmp_path / "en_cuad" / "labels.tsv").write_text(f"file\n{tests[0]}\n", encoding="utf-8")
    documents = read_labelled(folder)
    assert [(d.name, d.split) for d in documents] == [
        (tests[0], "train"),
        (tests[1], "test"),
        (trains[0], "train"),
        (trains[1], "train"),
    ]
    assert {d.language for d in documents} == {"en"}
    assert documents[0].labels["governing_law"] == "New York"


def test_the_eval_reports_train_and_test_side_by_side(tmp_path: Path) -> None:
    tests = [f"S{n}.txt" for n in range(400) if split_of(f"S{n}.txt") == "test"][:1]
    trains = [f"S{n}.txt" for n in range(400) if split_of(f"S{n}.txt") == "train"][:2]
    documents = read_labelled(_cuad_dir(tmp_path, [*tests, *trains]))
    screened = screen_all(documents, limits=UNIT_LIMITS, extract=_in_process)
    summary = summarize(screened, corpus="tiny")
    assert {split: data["documents"] for split, data in summary["splits"].items()} == {
        "train": 2,
        "test": 1,
    }
    assert summary["splits"]["test"]["fields"]["en.governing_law"]["n"] == 1
    assert {d["split"] for d in summary["documents"]} == {"train", "test"}
    table = render_table(summary, misses=False)
    assert "train (n=2)" in table and "test (n=1)" in table
