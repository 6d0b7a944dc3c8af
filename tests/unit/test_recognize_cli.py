"""`contract-check recognize FILE… [--json OUT]`: summaries, result files, exit codes."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from chalicelib.contracts import validate_result
from infra.localcloud.cli import main
from infra.localcloud.recognize_cli import result_paths
from tests.statement_fixtures.forms import balance_1c
from tests.statement_fixtures.osv import osv_60
from tests.statement_fixtures.writers import FixtureSheet, write_workbook

if TYPE_CHECKING:
    from pathlib import Path

    import pytest


def _osv(tmp_path: Path, name: str = "osv60.xlsx") -> Path:
    path = tmp_path / name
    write_workbook(path, osv_60(), "xlsx")
    return path


def test_recognize_prints_a_summary_and_exits_0_when_the_file_is_recognised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["recognize", str(_osv(tmp_path))])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("osv60.xlsx: done, 1 document\n")
    assert "ОСВ 60" in out
    assert "totals: opening Dt" in out


def test_json_with_one_file_writes_its_valid_v1_2_result_to_out(tmp_path: Path) -> None:
    out = tmp_path / "result.json"
    assert main(["recognize", str(_osv(tmp_path)), "--json", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["schema_version"] == "1.2"
    validate_result(result)


def test_several_files_write_one_result_each_into_the_out_directory_and_any_error_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    balance = tmp_path / "balance.xls"
    write_workbook(balance, [balance_1c()], "xls")
    not_accounting = tmp_path / "notes.xlsx"
    prices = FixtureSheet("Прайс", [["Товар", "Цена"], ["Кирпич", 12]])
    write_workbook(not_accounting, [prices], "xlsx")
    out = tmp_path / "results"

    files = [str(_osv(tmp_path)), str(balance), str(not_accounting)]
    code = main(["recognize", *files, "--json", str(out)])

    assert code == 1
    written = sorted(path.name for path in out.iterdir())
    assert written == [
        "balance.xls.result.json",
        "notes.xlsx.result.json",
        "osv60.xlsx.result.json",
    ]
    for path in out.iterdir():
        validate_result(json.loads(path.read_text(encoding="utf-8")))
    error = json.loads((out / "notes.xlsx.result.json").read_text(encoding="utf-8"))
    assert error["error"]["code"] == "NOT_ACCOUNTING"
    assert "notes.xlsx: error, 0 documents" in capsys.readouterr().out


def test_a_file_that_is_no_workbook_is_reported_and_exits_1_without_a_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    letter = tmp_path / "letter.txt"
    letter.write_text("Добрый день", encoding="utf-8")
    out = tmp_path / "out.json"
    assert main(["recognize", str(letter), "--json", str(out)]) == 1
    assert "letter.txt: error UNSUPPORTED_FORMAT" in capsys.readouterr().out
    assert not out.exists()


def test_a_missing_file_or_a_file_as_out_for_several_files_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["recognize", str(tmp_path / "absent.xlsx")]) == 2
    assert "no such file" in capsys.readouterr().err
    taken = tmp_path / "taken.json"
    taken.write_text("{}", encoding="utf-8")
    first, second = _osv(tmp_path, "a.xlsx"), _osv(tmp_path, "b.xlsx")
    assert main(["recognize", str(first), str(second), "--json", str(taken)]) == 2
    assert "need a directory" in capsys.readouterr().err


def test_result_paths_keep_files_of_the_same_name_apart(tmp_path: Path) -> None:
    files = [tmp_path / "a" / "osv.xlsx", tmp_path / "b" / "osv.xlsx", tmp_path / "x.ods"]
    assert [path.name for path in result_paths(files, tmp_path / "out")] == [
        "osv.xlsx.result.json",
        "osv.xlsx-2.result.json",
        "x.ods.result.json",
    ]


def test_one_file_with_an_existing_directory_as_out_writes_into_it(tmp_path: Path) -> None:
    file = tmp_path / "osv.xlsx"
    assert result_paths([file], tmp_path) == [tmp_path / "osv.xlsx.result.json"]
