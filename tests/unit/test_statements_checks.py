"""Control relations of 0710001 and 0710002: per column, hard and soft, whatever the signs."""

from __future__ import annotations

from typing import Any

from chalicelib.statements.checks import check_statement

Values = list[str | None]


def _document(kind: str, lines: dict[str, Values], columns: int | None = None) -> dict[str, Any]:
    width = columns if columns is not None else max(len(v) for v in lines.values())
    return {
        "document_type": kind,
        "columns": [{"label": f"column {i}", "date": None} for i in range(width)],
        "lines": [
            {"code": code, "name": code, "values": values, "cell": "C1"}
            for code, values in lines.items()
        ],
    }


def _balance(**changes: Values) -> dict[str, Any]:
    """A full balance in two columns where every relation holds, with `changes` (l1520=...)."""
    lines: dict[str, Values] = {
        "1110": ["100", "90"],
        "1150": ["900", "800"],
        "1100": ["1000", "890"],
        "1210": ["400", "300"],
        "1250": ["600", "310"],
        "1200": ["1000", "610"],
        "1600": ["2000", "1500"],
        "1310": ["10", "10"],
        "1320": ["-5", None],
        "1370": ["995", "690"],
        "1300": ["1000", "700"],
        "1410": ["300", "300"],
        "1400": ["300", "300"],
        "1520": ["700", "500"],
        "1500": ["700", "500"],
        "1700": ["2000", "1500"],
    }
    for key, values in changes.items():
        lines[key.removeprefix("l")] = values
    return _document("BALANCE", lines)


def _income(expenses_negative: bool = True, **changes: Values) -> dict[str, Any]:
    sign = "-" if expenses_negative else ""
    lines: dict[str, Values] = {
        "2110": ["1000"],
        "2120": [f"{sign}600"],
        "2100": ["400"],
        "2210": [f"{sign}100"],
        "2220": [f"{sign}50"],
        "2200": ["250"],
        "2320": ["10"],
        "2330": [f"{sign}20"],
        "2340": ["5"],
        "2350": [f"{sign}45"],
        "2300": ["200"],
        "2410": [f"{sign}40"],
        "2421": ["3"],
        "2460": [None],
        "2400": ["160"],
    }
    for key, values in changes.items():
        lines[key.removeprefix("l")] = values
    return _document("INCOME", lines)


def test_check_statement_finds_nothing_when_every_balance_relation_holds() -> None:
    checks = check_statement(_balance())

    assert checks == {
        "relations_failed": [],
        "soft_relations_failed": [],
        "duplicate_line_codes": [],
    }


def test_check_statement_reports_a_broken_section_sum_in_its_own_column() -> None:
    checks = check_statement(_balance(l1520=["700", "560"], l1500=["700", "560"]))

    # 1700 itself stayed 1500: the liabilities' sum breaks, 1600 = 1700 still holds.
    assert checks["relations_failed"] == [
        {
            "column_index": 1,
            "relation": "1700 = 1300 + 1400 + 1500",
            "expected": "1560",
            "actual": "1500",
        }
    ]


def test_check_statement_reports_1600_unequal_to_1700_as_hard() -> None:
    checks = check_statement(
        _balance(l1520=["760", "500"], l1500=["760", "500"], l1700=["2060", "1500"])
    )

    assert checks["relations_failed"] == [
        {"column_index": 0, "relation": "1600 = 1700", "expected": "2060", "actual": "2000"}
    ]
    assert checks["soft_relations_failed"] == []


def test_check_statement_calls_a_difference_of_one_unit_rounding_and_soft() -> None:
    checks = check_statement(_balance(l1100=["1001", "890"], l1600=["2001", "1500"]))

    assert checks["relations_failed"] == []
    relations = {f["relation"] for f in checks["soft_relations_failed"]}
    assert relations == {"1100 = Σ(1110..1190)", "1600 = 1700"}


def test_check_statement_counts_sub_lines_missing_from_the_form_as_zero() -> None:
    document = _balance()
    document["lines"] = [line for line in document["lines"] if line["code"] != "1110"]
    document["lines"][0]["values"] = ["1000", "890"]  # 1150 now carries the whole section

    checks = check_statement(document)

    assert checks["relations_failed"] == []
    assert checks["soft_relations_failed"] == []


def test_check_statement_makes_a_relation_soft_when_a_section_total_is_missing() -> None:
    document = _balance()
    document["lines"] = [line for line in document["lines"] if line["code"] != "1700"]

    checks = check_statement(document)

    assert checks["relations_failed"] == []
    assert {f["relation"] for f in checks["soft_relations_failed"]} == {"1600 = 1700"}


def test_check_statement_deducts_own_shares_whatever_their_sign_in_the_file() -> None:
    printed_positive = check_statement(_balance(l1320=["5", None]))

    assert printed_positive["relations_failed"] == []


def test_check_statement_holds_for_income_with_expenses_stored_negative() -> None:
    checks = check_statement(_income(expenses_negative=True))

    assert checks["relations_failed"] == []
    assert checks["soft_relations_failed"] == []


def test_check_statement_holds_for_income_with_expenses_stored_as_bare_amounts() -> None:
    checks = check_statement(_income(expenses_negative=False))

    assert checks["relations_failed"] == []
    assert checks["soft_relations_failed"] == []


def test_check_statement_reads_a_positive_tax_line_beside_negative_expenses_as_tax_income() -> None:
    checks = check_statement(_income(l2410=["40"], l2400=["240"]))

    assert checks["relations_failed"] == []


def test_check_statement_reports_a_wrong_net_profit_with_its_expected_value() -> None:
    checks = check_statement(_income(l2400=["170"]))

    assert checks["relations_failed"] == [
        {
            "column_index": 0,
            "relation": "2400 = 2300 - 2410 + 2460",
            "expected": "160",
            "actual": "170",
        }
    ]


def test_check_statement_adds_deferred_tax_lines_of_the_older_income_form() -> None:
    checks = check_statement(_income(l2430=["-7"], l2450=["12"], l2400=["165"]))

    assert checks["relations_failed"] == []
    assert checks["soft_relations_failed"] == []


def test_check_statement_skips_a_column_the_form_leaves_empty() -> None:
    document = _balance()
    for line in document["lines"]:
        line["values"].append(None)
    document["columns"].append({"label": "empty", "date": None})

    checks = check_statement(document)

    assert checks["relations_failed"] == []
    assert checks["soft_relations_failed"] == []


def test_check_statement_lists_a_code_printed_twice_with_different_values() -> None:
    document = _balance()
    document["lines"].append({"code": "1230", "name": "x", "values": ["5", "5"], "cell": "C9"})
    document["lines"].append({"code": "1230", "name": "x", "values": ["6", "5"], "cell": "C9"})
    document["lines"].append({"code": "1110", "name": "x", "values": ["100", "90"], "cell": "C9"})

    checks = check_statement(document)

    assert checks["duplicate_line_codes"] == ["1230"]


def test_check_statement_prints_kopecks_and_calls_a_difference_under_one_unit_soft() -> None:
    document = _document("INCOME", {"2110": ["100.5"], "2120": ["-40.25"], "2100": ["60"]})

    checks = check_statement(document)

    assert checks["relations_failed"] == []
    assert checks["soft_relations_failed"] == [
        {"column_index": 0, "relation": "2100 = 2110 - 2120", "expected": "60.25", "actual": "60"}
    ]


def test_check_statement_checks_a_simplified_balance_by_its_own_relations() -> None:
    document = _document(
        "BALANCE",
        {
            "1150": ["500"],
            "1210": ["200"],
            "1250": ["300"],
            "1600": ["1000"],
            "1300": ["600"],
            "1350": ["50"],
            "1520": ["350"],
            "1700": ["1000"],
        },
    )

    checks = check_statement(document)

    assert checks["relations_failed"] == []
    assert checks["soft_relations_failed"] == []


def test_check_statement_checks_no_relations_on_notes() -> None:
    checks = check_statement({"document_type": "DISCLOSURE"})

    assert checks == {
        "relations_failed": [],
        "soft_relations_failed": [],
        "duplicate_line_codes": [],
    }
