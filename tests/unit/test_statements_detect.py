"""Whether a text or a workbook holds a counterparty's accounting (the branch decision)."""

from __future__ import annotations

import pytest

from chalicelib.statements.detect import looks_like_accounting, mentions_accounting
from chalicelib.statements.grid import Sheet


@pytest.mark.parametrize(
    "text",
    [
        "ОБОРОТНО-САЛЬДОВАЯ ВЕДОМОСТЬ по счету 60 за 9 месяцев 2026 г.",
        "Бухгалтерский баланс на 31 декабря 2025 г.",
        "Отчёт о финансовых результатах за 2025 г.",
        "ОТЧЕТ О ДВИЖЕНИИ ДЕНЕЖНЫХ СРЕДСТВ",
        "Форма по ОКУД 0710001",
        "Коды 0420002",
    ],
)
def test_every_marker_is_found_whatever_its_case(text: str) -> None:
    assert mentions_accounting(f"Страница 1\n\n{text}\n")


@pytest.mark.parametrize(
    "text",
    [
        "This Supply Agreement is made between the Supplier and the Buyer. Balance due: 10.",
        "Договор поставки № 12. Покупатель направляет отчет о приемке в течение 5 дней.",
        "Account 07100 and order 04201",
    ],
)
def test_a_contract_mentioning_a_report_or_a_balance_is_not_accounting(text: str) -> None:
    assert not mentions_accounting(text)


def test_a_workbook_is_accounting_by_its_header_rows_only() -> None:
    header = Sheet(name="ОСВ", rows=[["Оборотно-сальдовая ведомость за 2026 г."], ["60", 1.0]])
    late = Sheet(name="Лист1", rows=[["x"]] * 40 + [["Бухгалтерский баланс"]])
    assert looks_like_accounting([header])
    assert not looks_like_accounting([late])
