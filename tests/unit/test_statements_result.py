"""One file's sheets into the result file v1.2: statuses, order, the schema check, the summary."""

from __future__ import annotations

import copy
import datetime as dt
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from chalicelib import contracts
from chalicelib.contracts import ResultContractViolationError, validate_result
from chalicelib.errors import UnsupportedFormatError
from chalicelib.statements.grid import Sheet
from chalicelib.statements.result import (
    NOT_ACCOUNTING,
    Parsers,
    recognize_file,
    recognize_sheets,
    summary_lines,
)
from tests.statement_fixtures.forms import _broken_liabilities, balance_1c, income_1c
from tests.statement_fixtures.osv import osv_60
from tests.statement_fixtures.writers import write_workbook

if TYPE_CHECKING:
    from collections.abc import Callable

EXAMPLES = Path(contracts.__file__).parent / "examples"
T0 = dt.datetime(2025, 4, 7, 9, 0, tzinfo=dt.UTC)


def _example(relative: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads((EXAMPLES / relative).read_text(encoding="utf-8"))
    return value


def _osv_on(sheet: str) -> dict[str, Any]:
    document = _example("osvDocument/account-60.json")
    document["locator"]["sheet"] = sheet
    return document


def _balance_on(sheet: str, *, failed: bool = False, soft: bool = False) -> dict[str, Any]:
    document = _example("statementDocument/balance-two-sheets.json")
    document["locator"] = [{"sheet": sheet, "range": "A1:F40"}]
    failure = {"column_index": 0, "relation": "1600 = 1700", "expected": "1", "actual": "2"}
    document["checks"] = {
        "relations_failed": [failure] if failed else [],
        "soft_relations_failed": [failure] if soft else [],
        "duplicate_line_codes": [],
    }
    return document


def _parsers(
    osv: dict[str, dict[str, Any]] | None = None,
    forms: Callable[[list[Sheet]], list[dict[str, Any]]] | None = None,
) -> tuple[Parsers, list[list[str]]]:
    """Fake parsers: a trial balance on the sheets named in `osv`; the forms parser's calls
    (the names of the sheets it was given) are recorded."""
    calls: list[list[str]] = []

    def parse_forms(sheets: list[Sheet]) -> list[dict[str, Any]]:
        calls.append([sheet.name for sheet in sheets])
        return forms(sheets) if forms else []

    def parse_osv(sheet: Sheet) -> dict[str, Any] | None:
        return copy.deepcopy((osv or {}).get(sheet.name))

    return Parsers(osv=parse_osv, forms=parse_forms), calls


def _clock() -> Callable[[], dt.datetime]:
    readings = iter([T0, T0 + dt.timedelta(milliseconds=250)])
    return lambda: next(readings)


def _sheets(*names: str) -> list[Sheet]:
    return [Sheet(name, [["x"]]) for name in names]


def test_a_trial_balance_gives_a_done_v1_2_result_describing_the_file_and_job() -> None:
    parsers, calls = _parsers(osv={"TDSheet": _osv_on("TDSheet")})

    result = recognize_sheets(
        _sheets("TDSheet"),
        file_name="osv.xlsx",
        file_format="xlsx",
        file_id="file-1",
        job_id="job-1",
        size=100,
        sha256="a" * 64,
        parsers=parsers,
        clock=_clock(),
    )

    assert result["schema_version"] == "1.2"
    assert result["file"] == {
        "file_id": "file-1",
        "name": "osv.xlsx",
        "format": "xlsx",
        "size": 100,
        "sha256": "a" * 64,
    }
    job = result["job"]
    assert (job["job_id"], job["status"]) == ("job-1", "done")
    assert (job["started_at"], job["finished_at"]) == (
        "2025-04-07T09:00:00+00:00",
        "2025-04-07T09:00:00.250000+00:00",
    )
    assert job["engine"].startswith("contract-check")
    assert [document["kind"] for document in result["documents"]] == ["osv"]
    assert "error" not in result
    assert calls == []  # the only sheet was a trial balance: nothing left for the forms


def test_ids_are_made_up_when_not_given_and_differ_between_jobs() -> None:
    parsers, _ = _parsers(osv={"TDSheet": _osv_on("TDSheet")})
    first, second = (
        recognize_sheets(_sheets("TDSheet"), file_name="a.xls", file_format="xls", parsers=parsers)
        for _ in range(2)
    )
    assert first["job"]["job_id"] != second["job"]["job_id"]
    assert first["file"]["file_id"] != second["file"]["file_id"]
    assert first["file"]["size"] is None


def test_a_failed_hard_relation_makes_the_job_need_a_check() -> None:
    parsers, _ = _parsers(
        forms=lambda sheets: [_balance_on("Баланс", failed=True), _balance_on("ОФР")]
    )
    result = recognize_sheets(
        _sheets("Баланс", "ОФР"), file_name="f.xlsx", file_format="xlsx", parsers=parsers
    )
    assert result["job"]["status"] == "needs_check"


@pytest.mark.parametrize("checks", ["soft", "absent"])
def test_soft_failures_or_unchecked_statements_leave_the_job_done(checks: str) -> None:
    balance = _balance_on("Баланс", soft=True)
    if checks == "absent":
        del balance["checks"]
    parsers, _ = _parsers(forms=lambda sheets: [balance])
    result = recognize_sheets(
        _sheets("Баланс"), file_name="f.xlsx", file_format="xlsx", parsers=parsers
    )
    assert result["job"]["status"] == "done"


def test_nothing_recognised_is_an_error_saying_so_in_plain_words() -> None:
    parsers, calls = _parsers()
    result = recognize_sheets(
        _sheets("Прайс", "Лист2"), file_name="prices.ods", file_format="ods", parsers=parsers
    )
    assert result["job"]["status"] == "error"
    assert result["documents"] == []
    assert result["error"]["code"] == NOT_ACCOUNTING
    assert "trial balance" in result["error"]["message"]
    assert calls == [["Прайс", "Лист2"]]


def test_sheets_that_are_trial_balances_are_not_offered_to_the_forms_parser() -> None:
    parsers, calls = _parsers(
        osv={"ОСВ 60": _osv_on("ОСВ 60")}, forms=lambda sheets: [_balance_on("Баланс")]
    )
    sheets = _sheets("Баланс", "ОСВ 60", "Пассив")
    recognize_sheets(sheets, file_name="f.xlsx", file_format="xlsx", parsers=parsers)
    assert calls == [["Баланс", "Пассив"]]


def test_documents_come_in_the_order_of_their_first_sheet() -> None:
    two_sheet_balance = _balance_on("Актив")
    two_sheet_balance["locator"].append({"sheet": "Пассив", "range": "A1:F30"})
    unlocated = _balance_on("Актив")
    del unlocated["locator"]
    parsers, _ = _parsers(
        osv={"ОСВ 60": _osv_on("ОСВ 60")},
        forms=lambda sheets: [unlocated, _balance_on("ОФР"), two_sheet_balance],
    )
    result = recognize_sheets(
        _sheets("Актив", "Пассив", "ОСВ 60", "ОФР"),
        file_name="f.xlsx",
        file_format="xlsx",
        parsers=parsers,
    )
    places = [document.get("locator", {"sheet": "none"}) for document in result["documents"]]
    assert places == [
        two_sheet_balance["locator"],
        {"sheet": "ОСВ 60", "range": "A1:H14"},
        [{"sheet": "ОФР", "range": "A1:F40"}],
        {"sheet": "none"},  # a document that does not say where it is comes last
    ]


def test_a_document_off_the_contract_is_refused_before_anyone_sees_it() -> None:
    broken = _osv_on("TDSheet")
    broken["rows"][0]["closing_credit"] = "180000.505"
    parsers, _ = _parsers(osv={"TDSheet": broken})
    with pytest.raises(ResultContractViolationError, match=r"rows\[0\]\.closing_credit"):
        recognize_sheets(
            _sheets("TDSheet"), file_name="f.xlsx", file_format="xlsx", parsers=parsers
        )


# --- real files through the real parsers --------------------------------------------------


def test_a_1c_trial_balance_workbook_is_recognised_with_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "osv 60.xlsx"
    write_workbook(path, osv_60(), "xlsx")

    result = recognize_file(path)

    validate_result(result)
    assert result["job"]["status"] == "done"
    assert result["file"]["name"] == "osv 60.xlsx"
    assert result["file"]["size"] == path.stat().st_size
    assert result["file"]["file_id"] == result["file"]["sha256"][:16]
    (document,) = result["documents"]
    assert document["kind"] == "osv"
    assert document["header"]["account"] == "60"
    assert document["rows"]


def test_a_balance_that_breaks_a_relation_beside_an_income_statement_needs_a_check(
    tmp_path: Path,
) -> None:
    path = tmp_path / "statements.xls"
    sheets = [
        balance_1c(name="Баланс", liabilities=_broken_liabilities()),
        income_1c(name="ОФР"),
    ]
    write_workbook(path, sheets, "xls")

    result = recognize_file(path)

    assert result["job"]["status"] == "needs_check"
    assert [document["document_type"] for document in result["documents"]] == [
        "BALANCE",
        "INCOME",
    ]
    failed = result["documents"][0]["checks"]["relations_failed"]
    assert any("1700" in relation["relation"] for relation in failed)


def test_a_damaged_workbook_gives_an_error_result_with_the_readers_code(tmp_path: Path) -> None:
    path = tmp_path / "broken.xlsx"
    path.write_bytes(b"PK\x03\x04 not really a workbook")
    result = recognize_file(path)
    assert result["job"]["status"] == "error"
    assert result["documents"] == []
    assert result["error"]["code"] in {"UNREADABLE", "UNSUPPORTED_FORMAT"}


def test_a_pdf_is_left_to_the_pipeline_with_a_result_saying_so(tmp_path: Path) -> None:
    path = tmp_path / "balance.pdf"
    path.write_bytes(b"%PDF-1.7\n")
    result = recognize_file(path)
    assert result["file"]["format"] == "pdf"
    assert result["error"]["code"] == "UNSUPPORTED_FORMAT"
    assert "pipeline" in result["error"]["message"]


def test_a_file_that_is_no_workbook_by_name_has_no_result(tmp_path: Path) -> None:
    path = tmp_path / "contract.docx"
    path.write_bytes(b"PK")
    with pytest.raises(UnsupportedFormatError, match="XLSX, XLS, XLSB or ODS"):
        recognize_file(path)


# --- the summary -----------------------------------------------------------------------------


def test_the_summary_names_documents_rows_totals_and_failed_checks() -> None:
    lines = summary_lines(_example("result-v1.2/statements-needs-check.json"))
    assert lines[0] == "Бухгалтерская отчетность 2024.xls: needs_check, 3 documents"
    text = "\n".join(lines)
    assert "BALANCE (0710001) [Баланс!A1:F38, Баланс (пассив)!A1:F30]" in text
    assert "6 lines, 2 columns" in text
    assert "checks: 1 failed, 0 soft" in text
    assert "failed: column 1, 1600 = 1100 + 1200: expected 1500, actual 1400" in text
    assert "soft: column 2, 2100 = 2110 − 2120: expected 700, actual 701" in text

    osv = "\n".join(summary_lines(_example("result-v1.2/osv-account-60.json")))
    assert "ОСВ 60 [TDSheet!A1:H14], 1 квартал 2025 г.: 2 rows, 1 contract row" in osv
    assert (
        "totals: opening Dt 15000 Ct 120000; turnover Dt 350000 Ct 425000.50;"
        " closing Dt 0 Ct 180000.50"
    ) in osv
    assert "1 ИНН failing the control digits" in osv


def test_the_summary_of_an_error_gives_its_code_and_message() -> None:
    lines = summary_lines(_example("result-v1.2/error-not-accounting.json"))
    assert lines[0] == "price-list.xlsx: error, 0 documents"
    assert lines[1].startswith("  error NOT_ACCOUNTING: Nothing in this file")
