"""A counterparty's accounting through the real state machine: recognised, checked, reported.

And a deal: a contract with its counterparty's statements and our own ОСВ, uploaded in one
request or attached later, whose report sets the contract against them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pymupdf
import pytest
import requests

from chalicelib.contracts import validate_result
from chalicelib.formats import BY_EXTENSION
from chalicelib.keys import build_run_result_key
from tests.statement_fixtures import forms
from tests.statement_fixtures.osv import Contract, Counterparty, OsvSpec, osv_sheet, sums
from tests.statement_fixtures.pdf import render_form
from tests.statement_fixtures.writers import write_workbook

if TYPE_CHECKING:
    from tests.integration.pipeline_driver import Driver

pytestmark = pytest.mark.integration
FIXTURES = Path(__file__).parents[1] / "fixtures" / "statements"
SUPPLIER_INN = "7725123450"  # «Северный ветер», the counterparty of form_full_year.xlsx


@pytest.fixture
def local_cloud_env() -> dict[str, str]:
    return {"SIGNUP_CREDITS": "20"}


def _result(driver: Driver, document_id: str) -> dict[str, Any]:
    s3 = driver.cloud.client("s3")
    key = build_run_result_key(document_id, 1)
    body = s3.get_object(Bucket=driver.cloud.deployment.bucket, Key=key)["Body"].read()
    result: dict[str, Any] = json.loads(body)
    return result


def _report(driver: Driver, document_id: str) -> dict[str, Any]:
    status, body = driver.api("GET", f"/v1/documents/{document_id}/report")
    assert status == 200, body
    return dict(body)


@pytest.mark.parametrize(
    "name",
    [
        "osv_60_contracts.xlsx",
        "osv_60_contracts.xls",
        "osv_60_contracts.xlsb",
        "osv_76_months.ods",
        "form_full_year.xlsx",
        "form_balance_fns_two_sheets.xlsx",
    ],
)
def test_a_statement_in_any_spreadsheet_format_is_recognised_checked_and_reported(
    driver: Driver, name: str
) -> None:
    document_id = driver.submit(name, (FIXTURES / name).read_bytes())
    document = driver.document(document_id)
    assert (document["status"], document["pipeline"]) == ("done", "statement"), document
    # The run took the statements branch, never the contract checklist.
    [execution] = [e for e in driver.executions() if e["name"] == f"{document_id}-v1"]
    history = driver.cloud.client("stepfunctions").get_execution_history(
        executionArn=execution["executionArn"]
    )["events"]
    entered = [
        e["stateEnteredEventDetails"]["name"] for e in history if "stateEnteredEventDetails" in e
    ]
    assert entered == [
        # Not a re-analysis (those start at Prescreen): the version's own run.
        "Is It A Re-analysis?",
        "Any Pages To Recognise?",
        "Which Pipeline?",
        "Recognize Statement",
        "Check Statement",
        "Report Statement",
    ]
    # The result file is where the contract says, and valid against v1.2.
    result = _result(driver, document_id)
    validate_result(result)
    assert result["schema_version"] == "1.2" and result["job"]["status"] == "done"
    assert result["file"]["file_id"] == document_id and result["documents"]
    report = _report(driver, document_id)
    assert report["markdown"].startswith("# Бухгалтерская отчётность")
    assert report["report"]["kind"] == "statement"


def test_a_broken_control_relation_makes_the_result_needs_check_and_the_report_says_so(
    driver: Driver,
) -> None:
    name = "form_balance_broken.xlsx"
    document_id = driver.submit(name, (FIXTURES / name).read_bytes())
    result = _result(driver, document_id)
    assert result["job"]["status"] == "needs_check"
    [balance] = result["documents"]
    assert balance["checks"]["relations_failed"][0]["relation"] == "1600 = 1700"
    report = _report(driver, document_id)
    assert "1600 = 1700" in report["markdown"] and report["report"]["status"] == "needs_check"
    assert driver.document(document_id)["findings"]["high"] == 1


def _our_osv_60(tmp_path: Path) -> Path:
    """Our ОСВ 60 with the supplier «Северный ветер»: 25 000 000 paid in advance."""
    supplier = Counterparty(
        'ООО "Северный ветер"',
        SUPPLIER_INN,
        contracts=[
            Contract(
                "Договор поставки № 24/117 от 15.01.2025",
                sums(0, 0, "25000000", 0, "25000000", 0),
            )
        ],
    )
    spec = OsvSpec("60", "1 квартал 2025 г.", None, [supplier], with_inn=True)
    path = tmp_path / "osv60.xlsx"
    write_workbook(path, [osv_sheet(spec)], "xlsx")
    return path


def _upload_all(driver: Driver, tickets: list[dict[str, Any]], files: list[Path]) -> list[str]:
    ids = []
    for ticket, path in zip(tickets, files, strict=True):
        form = ticket["upload"]
        sent = requests.post(
            form["url"], data=form["fields"], files={"file": ("f", path.read_bytes())}, timeout=60
        )
        assert sent.status_code in (200, 201, 204), sent.text
        ids.append(ticket["document"]["document_id"])
    for document_id in ids:
        driver.wait(document_id)
    return ids


def _file(path: Path) -> dict[str, Any]:
    ext = path.suffix.lstrip(".")
    return {
        "filename": path.name,
        "content_type": BY_EXTENSION[ext].content_types[0],
        "size": path.stat().st_size,
    }


def test_a_deal_sets_the_contract_against_the_statements_and_our_osv(
    driver: Driver, tmp_path: Path
) -> None:
    files = [
        FIXTURES / "deal_contract.txt",
        FIXTURES / "form_full_year.xlsx",
        _our_osv_60(tmp_path),
    ]
    before = driver.credits()
    status, body = driver.api("POST", "/v1/deals", {"files": [_file(p) for p in files]})
    assert status == 201, body
    contract_id, _, _ = _upload_all(driver, body["documents"], files)
    assert driver.credits() == before - 3

    status, deal = driver.api("GET", f"/v1/deals/{body['deal_id']}")
    assert status == 200, deal
    assert [d["status"] for d in deal["documents"]] == ["done"] * 3
    check = deal["cross_check"]
    assert check["contract_id"] == contract_id
    by_topic: dict[str, list[dict[str, Any]]] = {}
    for comparison in check["comparisons"]:
        by_topic.setdefault(comparison["topic"], []).append(comparison)
    # 60 000 000 against 48 620 thousand of revenue: flagged, citing line 2110
    revenue = next(c for c in by_topic["amount"] if "выручки" in c["text"])
    assert revenue["severity"] == "high" and "строка 2110" in revenue["sources"][0]
    assert by_topic["inn"][0]["severity"] == "info" and SUPPLIER_INN in by_topic["inn"][0]["text"]
    # 25 000 000 paid ahead, the contract allows 30% of 60 000 000 = 18 000 000
    [balance] = by_topic["balance"]
    assert balance["severity"] == "high" and "ОСВ по счёту 60" in balance["sources"][0]
    assert by_topic["penalty"][0]["sources"]

    report = _report(driver, contract_id)
    assert "## Сделка: договор и отчётность контрагента" in report["markdown"]
    assert report["report"]["deal"]["deal_id"] == body["deal_id"]


def test_a_statement_attached_to_a_done_contract_joins_its_deal(driver: Driver) -> None:
    contract = FIXTURES / "deal_contract.txt"
    contract_id = driver.submit(contract.name, contract.read_bytes())
    assert "## Сделка" not in _report(driver, contract_id)["markdown"]

    statement = FIXTURES / "form_full_year.xlsx"
    status, ticket = driver.api(
        "POST", f"/v1/documents/{contract_id}/attachments", _file(statement)
    )
    assert status == 201, ticket
    _upload_all(driver, [ticket], [statement])

    assert driver.document(contract_id)["deal_id"] == contract_id
    assert "## Сделка" in _report(driver, contract_id)["markdown"]
    status, missing = driver.api(
        "POST", "/v1/documents/not-a-document-of-mine/attachments", _file(statement)
    )
    assert status == 404, missing


def test_a_deal_with_a_file_we_do_not_read_costs_nothing(driver: Driver) -> None:
    before = driver.credits()
    files = [
        {"filename": "contract.pdf", "content_type": "application/pdf", "size": 100},
        {"filename": "archive.zip", "content_type": "application/zip", "size": 100},
    ]
    status, body = driver.api("POST", "/v1/deals", {"files": files})
    assert status == 415, body
    status, body = driver.api("POST", "/v1/deals", {"files": files[:1]})
    assert status == 400, body
    assert driver.credits() == before


def test_a_balance_printed_to_pdf_takes_the_statements_branch(
    driver: Driver, tmp_path: Path
) -> None:
    pdf = tmp_path / "balance-2024.pdf"
    render_form(forms.balance_1c(), pdf)
    document_id = driver.submit(pdf.name, pdf.read_bytes())
    assert driver.document(document_id)["pipeline"] == "statement"
    [balance] = _result(driver, document_id)["documents"]
    assert (balance["document_type"], balance["inn"]) == ("BALANCE", forms.INN)
    assert len(balance["lines"]) == 33 and balance["checks"]["relations_failed"] == []
    assert balance["locator"] == [{"sheet": "Страница 1", "range": balance["locator"][0]["range"]}]


def test_a_scan_of_an_income_statement_is_read_by_ocr_and_recognised(
    driver: Driver, tmp_path: Path
) -> None:
    pdf = tmp_path / "income.pdf"
    render_form(forms.income_1c(), pdf)
    scan = tmp_path / "income-scan.png"
    pymupdf.open(pdf)[0].get_pixmap(dpi=300).save(scan)
    document_id = driver.submit(scan.name, scan.read_bytes())
    document = driver.document(document_id)
    assert (document["status"], document["pipeline"]) == ("done", "statement"), document
    [income] = _result(driver, document_id)["documents"]
    lines = {line["code"]: line["values"] for line in income["lines"]}
    assert lines["2110"] == ["48620", "44310"] and lines["2400"] == ["1990", "2098"]
