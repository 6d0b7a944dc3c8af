"""A statement's report: key figures with their sources, failed checks in words, warning signs."""

from __future__ import annotations

from typing import Any

from chalicelib.statements.report import amount_text, findings_summary, render_statement_report
from tests.unit.test_statements_deal import _statements


def test_key_figures_cite_the_form_line_column_sheet_and_cell() -> None:
    markdown, report = render_statement_report(_statements(), "otchetnost.xlsx")
    revenue = next(f for f in report["key_figures"] if f["name"] == "Выручка")
    assert revenue["value"] == "10000" and revenue["units"] == "thousand_rub"
    assert "строка 2110" in revenue["source"] and "За 2024 г." in revenue["source"]
    assert "лист «ОФР»" in revenue["source"]
    assert "| Выручка | 10\u00a0000 тыс. руб. |" in markdown


def test_a_loss_and_sharp_falls_are_warning_signs() -> None:
    _, report = render_statement_report(_statements(), "f.xlsx")
    signs = " ".join(report["warning_signs"])
    assert "Чистый убыток" in signs  # 2400 is −300
    assert "Выручка упали на 38%" in signs  # 16 000 → 10 000


def test_negative_equity_is_named_as_negative_net_assets() -> None:
    result = _statements()
    balance = result["documents"][0]
    for line in balance["lines"]:
        if line["code"] == "1300":
            line["values"] = ["-150", "40"]
    _, report = render_statement_report(result, "f.xlsx")
    assert any("чистые активы меньше нуля" in sign for sign in report["warning_signs"])


def test_failed_relations_are_told_in_words_with_both_sums_and_count_as_high() -> None:
    result: dict[str, Any] = _statements()
    result["job"]["status"] = "needs_check"
    result["documents"][0]["checks"] = {
        "relations_failed": [
            {"column_index": 0, "relation": "1600 = 1700", "expected": "20000", "actual": "19990"}
        ],
        "soft_relations_failed": [],
        "duplicate_line_codes": ["1230"],
    }
    markdown, report = render_statement_report(result, "f.xlsx")
    assert "1600 = 1700 (На 31 декабря 2024 г.)" in markdown
    assert "20\u00a0000 тыс. руб." in markdown and "19\u00a0990 тыс. руб." in markdown
    assert "строка 1230 напечатана дважды" in markdown
    assert findings_summary(report)["high"] == 2 and report["status"] == "needs_check"


def test_amounts_are_grouped_with_a_true_minus_and_a_decimal_comma() -> None:
    from decimal import Decimal

    assert amount_text(Decimal("-1234567.5"), "rub") == "−1\u00a0234\u00a0567,5 руб."
    assert amount_text(None) == "—"


def test_net_assets_are_assets_less_liabilities_with_deferred_income_kept_and_cited() -> None:
    result = _statements()
    balance = result["documents"][0]
    balance["lines"] += [
        {"code": "1400", "name": "1400", "values": ["3000", "2000"], "cell": "D60"},
        {"code": "1530", "name": "1530", "values": ["100", "0"], "cell": "D70"},
    ]
    _, report = render_statement_report(result, "f.xlsx")
    [net] = [f for f in report["key_figures"] if f["name"] == "Чистые активы"]
    # 20 000 − 3 000 − 8 000 + 100
    assert net["value"] == "9100" and "строки 1600 − 1400 − 1500 + 1530" in net["source"]
    assert "На 31 декабря 2024 г." in net["source"]


def test_net_assets_below_the_charter_capital_are_a_warning_sign() -> None:
    result = _statements()
    balance = result["documents"][0]
    balance["lines"] += [{"code": "1400", "name": "1400", "values": ["11995", "0"], "cell": "D60"}]
    for line in balance["lines"]:
        if line["code"] == "1310":
            line["values"] = ["10", "10"]
    _, report = render_statement_report(result, "f.xlsx")
    # 20 000 − 11 995 − 8 000 = 5 thousand, under a charter capital of 10 thousand
    assert any("Чистые активы меньше уставного капитала" in s for s in report["warning_signs"])
