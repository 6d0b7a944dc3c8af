"""A deal's cross-check: the contract against its counterparty's statements and our ОСВ."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from chalicelib.statements.deal import cross_check, penalty_rate, prepayment_percent

SUPPLIER_INN = "7707083893"


def _contract(amount: str = "12000000", inn: str = SUPPLIER_INN) -> dict[str, Any]:
    return {
        "parties": [
            {"name": "ООО «Ромашка»", "role": "buyer", "inn": "5001012340"},
            {"name": "ООО «Поставщик»", "role": "supplier", "inn": inn},
        ],
        "amount": {"amount": amount, "currency": "RUB"},
        "penalty": {"present": True, "evidence": "пени в размере 0,1% от суммы за каждый день"},
    }


def _statements(inn: str = SUPPLIER_INN, units: str = "thousand_rub") -> dict[str, Any]:
    def line(code: str, *values: str) -> dict[str, Any]:
        return {"code": code, "name": code, "values": list(values), "cell": f"D{code[-2:]}"}

    return {
        "schema_version": "1.2",
        "job": {"status": "done"},
        "documents": [
            {
                "kind": "statement",
                "document_type": "BALANCE",
                "form_code": "0710001",
                "organization": "ООО «Поставщик»",
                "inn": inn,
                "units": units,
                "locator": [{"sheet": "Баланс", "range": "A1:F60"}],
                "columns": [{"label": "На 31 декабря 2024 г."}, {"label": "На 31 декабря 2023 г."}],
                "lines": [
                    line("1200", "6000", "5000"),
                    line("1250", "200", "900"),
                    line("1300", "5000", "4000"),
                    line("1310", "10", "10"),
                    line("1500", "8000", "3000"),
                    line("1600", "20000", "18000"),
                ],
            },
            {
                "kind": "statement",
                "document_type": "INCOME",
                "form_code": "0710002",
                "inn": inn,
                "units": units,
                "locator": [{"sheet": "ОФР", "range": "A1:F40"}],
                "columns": [{"label": "За 2024 г."}, {"label": "За 2023 г."}],
                "lines": [line("2110", "10000", "16000"), line("2400", "-300", "500")],
            },
        ],
    }


def _osv(debit: str | None = "5000000", account: str = "60") -> dict[str, Any]:
    return {
        "schema_version": "1.2",
        "job": {"status": "done"},
        "documents": [
            {
                "kind": "osv",
                "header": {"title": f"ОСВ по счету {account}", "account": account},
                "rows": [
                    {
                        "counterparty": 'ООО "Поставщик"',
                        "inn": SUPPLIER_INN,
                        "inn_valid": True,
                        "closing_debit": debit,
                        "closing_credit": None,
                        "cell": "A12",
                    }
                ],
            }
        ],
    }


def _by_topic(check: Any, topic: str) -> list[Any]:
    return [c for c in check.comparisons if c.topic == topic]


def test_a_contract_worth_more_than_a_years_revenue_is_flagged_with_its_line() -> None:
    check = cross_check(_contract("12000000"), "", [("ofr.xlsx", _statements())])
    revenue = next(c for c in _by_topic(check, "amount") if "выручки" in c.text)
    # 12 000 000 roubles against 10 000 thousand: thousands are scaled, never compared raw
    assert revenue.severity == "high" and "120%" in revenue.text
    assert "строка 2110" in revenue.sources[0] and "ОФР" in revenue.sources[0]


def test_a_contract_below_revenue_assets_and_equity_is_information_only() -> None:
    check = cross_check(_contract("1000000"), "", [("ofr.xlsx", _statements())])
    assert {c.severity for c in _by_topic(check, "amount")} == {"info"}
    assert len(_by_topic(check, "amount")) == 3  # revenue, assets, equity


def test_the_statements_inn_matching_a_party_is_confirmed_and_a_stranger_is_flagged() -> None:
    same = cross_check(_contract(), "", [("b.xlsx", _statements())])
    [match] = _by_topic(same, "inn")
    assert match.severity == "info" and SUPPLIER_INN in match.text

    other = cross_check(_contract(), "", [("b.xlsx", _statements(inn="7728168971"))])
    [mismatch] = _by_topic(other, "inn")
    assert mismatch.severity == "high" and "7728168971" in mismatch.sources[0]


def test_an_advance_above_the_contracts_prepayment_is_flagged_from_our_osv_row() -> None:
    text = "Покупатель перечисляет предоплату в размере 30% от цены договора."
    assert prepayment_percent(text) == Decimal(30)
    check = cross_check(_contract("12000000"), text, [("osv60.xlsx", _osv("5000000"))])
    [balance] = _by_topic(check, "balance")
    # 30% of 12 000 000 is 3 600 000; 5 000 000 was paid ahead
    assert balance.severity == "high" and "30%" in balance.text
    assert "ОСВ по счёту 60" in balance.sources[0] and "A12" in balance.sources[0]


def test_an_advance_within_the_prepayment_is_information() -> None:
    text = "Аванс 50% уплачивается в течение 5 дней."
    check = cross_check(_contract("12000000"), text, [("osv60.xlsx", _osv("5000000"))])
    assert [c.severity for c in _by_topic(check, "balance")] == ["info"]


def test_penalty_exposure_is_set_against_cash_and_current_liquidity() -> None:
    rate, words = penalty_rate(_contract(), "")
    assert rate == Decimal("0.1") and "каждый день" in words
    check = cross_check(_contract("12000000"), "", [("b.xlsx", _statements())])
    [penalty] = _by_topic(check, "penalty")
    # 0.1% a day of 12 000 000 for 30 days is 360 000: more than 200 thousand in cash
    assert penalty.severity == "high" and "360" in penalty.text
    assert "0,75" in penalty.text or "0.75" in penalty.text  # 6000 / 8000
    assert any("строка 1250" in source for source in penalty.sources)


def test_without_statements_or_an_amount_the_cross_check_says_what_it_could_not_do() -> None:
    no_amount = _contract()
    no_amount["amount"] = None
    check = cross_check(no_amount, "", [("b.xlsx", _statements())])
    assert not _by_topic(check, "amount") and any("Сумма договора" in n for n in check.notes)
    assert "Сделка" in check.markdown()
