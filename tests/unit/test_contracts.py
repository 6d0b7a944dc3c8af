"""The recognition contract: its schemas, their examples, and how versions read each other."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from chalicelib import contracts
from chalicelib.contracts import (
    ResultContractViolationError,
    UnknownContractError,
    contract_names,
    load_contract,
    result_schema_name,
    validate_against,
    validate_result,
)
from chalicelib.errors import DomainError

EXAMPLES = Path(contracts.__file__).parent / "examples"
EXAMPLE_FILES = sorted(EXAMPLES.glob("*/*.json"))
RESULT_EXAMPLES = [path for path in EXAMPLE_FILES if path.parent.name.startswith("result-")]
# The fields 1.2 added, where they sit: removing them must leave a valid 1.1 file.
V12_DOCUMENT_FIELDS = ("confidence", "locator", "checks")
V12_HEADER_FIELDS = ("period_start", "period_end", "is_from_year_start")


def _example(relative: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads((EXAMPLES / relative).read_text(encoding="utf-8"))
    return value


def _problems(document: object, schema: str | None = None) -> list[str]:
    with pytest.raises(ResultContractViolationError) as raised:
        if schema is None:
            validate_result(document)
        else:
            validate_against(schema, document)
    return raised.value.problems


def _without_v12_fields(result: dict[str, Any]) -> dict[str, Any]:
    older = copy.deepcopy(result)
    for document in older["documents"]:
        for field in V12_DOCUMENT_FIELDS:
            document.pop(field, None)
        if document["kind"] == "osv":
            for field in V12_HEADER_FIELDS:
                document["header"].pop(field)
            document["columns"].pop("extra")
            for row in document["rows"]:
                row.pop("extra")
                for contract in row["contracts"]:
                    contract.pop("extra")
    return older


def test_contract_names_are_the_schema_files_and_each_loads_as_draft_2020_12() -> None:
    names = contract_names()
    assert {"result-v1.0", "result-v1.1", "result-v1.2", "osvDocument", "statementDocument"} <= set(
        names
    )
    for name in names:
        assert load_contract(name)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_example_folder_names_a_contract_and_there_are_the_required_examples() -> None:
    assert {path.parent.name for path in EXAMPLE_FILES} <= set(contract_names())
    assert {path.parent.name for path in RESULT_EXAMPLES} == {
        "result-v1.0",
        "result-v1.1",
        "result-v1.2",
    }
    statuses = {
        _example(f"result-v1.2/{path.name}")["job"]["status"]
        for path in RESULT_EXAMPLES
        if path.parent.name == "result-v1.2"
    }
    assert statuses == {"done", "needs_check", "error"}


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_example_validates_against_its_schema(path: Path) -> None:
    validate_against(path.parent.name, json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", RESULT_EXAMPLES, ids=lambda path: path.name)
def test_every_result_example_validates_by_its_declared_version(path: Path) -> None:
    result = json.loads(path.read_text(encoding="utf-8"))
    assert result_schema_name(result["schema_version"]) == path.parent.name
    validate_result(result)


@pytest.mark.parametrize(
    "relative", ["result-v1.0/osv-account-62.json", "result-v1.1/balance.json"]
)
def test_older_result_files_stay_valid_under_the_v1_2_schema(relative: str) -> None:
    validate_against("result-v1.2", _example(relative))


@pytest.mark.parametrize(
    "relative", ["result-v1.2/osv-account-60.json", "result-v1.2/statements-needs-check.json"]
)
def test_a_v1_2_file_without_the_new_fields_is_a_valid_v1_1_file(relative: str) -> None:
    result = _without_v12_fields(_example(relative))
    result["schema_version"] = "1.1"
    validate_against("result-v1.1", result)
    validate_result(result)


def test_a_v1_1_reader_ignores_the_fields_1_2_added_even_malformed_ones() -> None:
    result = _example("result-v1.2/osv-account-60.json")
    result["documents"][0]["confidence"] = "very"  # a 1.2 field: 1.1 does not know it
    validate_against("result-v1.1", result)
    assert _problems(result) == ["$.documents[0].confidence: 'very' is not of type 'integer'"]


def test_a_v1_0_reader_skips_statements_but_a_file_declaring_1_0_may_not_hold_them() -> None:
    statements = _example("result-v1.2/statements-needs-check.json")
    validate_against("result-v1.0", statements)  # a later file: kinds 1.0 does not know
    statements["schema_version"] = "1.0"
    problems = _problems(statements)
    assert "$.documents[0].kind: 'osv' was expected" in problems


def test_a_later_minor_version_is_read_with_the_latest_rules_and_a_new_major_is_refused() -> None:
    assert result_schema_name("1.7") == "result-v1.2"
    result = _example("result-v1.2/osv-account-60.json")
    result["schema_version"] = "1.7"
    result["documents"].append({"kind": "cashflow", "lines": []})  # a kind from the future
    validate_result(result)
    result["schema_version"] = "1.2"
    assert _problems(result) == [
        "$.documents[1].kind: 'cashflow' is not one of ['osv', 'statement']"
    ]


@pytest.mark.parametrize("version", ["2.0", "1.2.0", "v1.2", "01.2", 1.2, None])
def test_a_wrong_schema_version_is_refused(version: object) -> None:
    result = _example("result-v1.2/osv-account-60.json")
    result["schema_version"] = version
    problems = _problems(result)
    assert problems[0].startswith("$.schema_version:")


def test_money_with_three_decimals_is_refused_and_the_path_names_the_cell() -> None:
    result = _example("result-v1.2/osv-account-60.json")
    result["documents"][0]["rows"][0]["contracts"][0]["closing_credit"] = "180000.505"
    result["documents"][0]["totals"]["turnover_debit"] = 350000.0
    assert _problems(result) == [
        "$.documents[0].rows[0].contracts[0].closing_credit: '180000.505' does not match "
        "'^-?\\\\d+(\\\\.\\\\d{1,2})?$'",
        "$.documents[0].totals.turnover_debit: 350000.0 is not of type 'string', 'null'",
    ]


@pytest.mark.parametrize("money", ["1 234", "1,5", "+5", "1.", ".5", "1e3"])
def test_money_is_digits_with_an_optional_minus_and_at_most_two_decimals(money: str) -> None:
    result = _example("result-v1.2/statements-needs-check.json")
    result["documents"][0]["lines"][0]["values"][0] = money
    assert _problems(result)[0].startswith("$.documents[0].lines[0].values[0]:")


@pytest.mark.parametrize("confidence", [101, -1, 50.5, "90"])
def test_confidence_is_a_whole_number_from_0_to_100(confidence: object) -> None:
    result = _example("result-v1.2/statements-needs-check.json")
    result["documents"][1]["confidence"] = confidence
    assert _problems(result)[0].startswith("$.documents[1].confidence:")


def test_empty_documents_are_refused_unless_the_job_ended_in_error() -> None:
    result = _example("result-v1.2/osv-account-60.json")
    result["documents"] = []
    assert _problems(result) == ["$.documents: [] should be non-empty"]
    result["job"]["status"] = "error"
    assert _problems(result) == ["$: 'error' is a required property"]
    result["error"] = {"code": "NOT_ACCOUNTING", "message": "Nothing recognised."}
    validate_result(result)


def test_a_balance_sheet_without_lines_is_refused_but_a_disclosure_needs_none() -> None:
    result = _example("result-v1.2/statements-needs-check.json")
    del result["documents"][0]["lines"]
    assert _problems(result) == ["$.documents[0]: 'lines' is a required property"]
    assert "lines" not in result["documents"][2]  # the DISCLOSURE example


def test_unknown_fields_are_allowed_everywhere_for_later_minor_versions() -> None:
    result = _example("result-v1.2/statements-needs-check.json")
    result["producer_note"] = "x"
    result["file"]["mime"] = "application/vnd.ms-excel"
    result["documents"][0]["lines"][0]["note"] = "x"
    result["documents"][0]["checks"]["hint"] = []
    validate_result(result)


def test_a_violation_lists_every_failing_path_in_document_order() -> None:
    result = _example("result-v1.2/osv-account-60.json")
    rows = [copy.deepcopy(result["documents"][0]["rows"][0]) for _ in range(12)]
    result["documents"][0]["rows"] = rows
    for index in (10, 2):  # "rows[10]" sorts before "rows[2]" as text: not as a path
        rows[index]["cell"] = "a12"
    with pytest.raises(ResultContractViolationError) as raised:
        validate_result(result)
    assert raised.value.problems == [
        "$.documents[0].rows[2].cell: 'a12' does not match '^[A-Z]{1,3}[1-9]\\\\d*$'",
        "$.documents[0].rows[10].cell: 'a12' does not match '^[A-Z]{1,3}[1-9]\\\\d*$'",
    ]
    assert str(raised.value).startswith("The result file does not match its schema (2 problems)")
    # Our bug, not the file's: no domain error the state machine would catch as the user's.
    assert not isinstance(raised.value, DomainError)


def test_a_result_that_is_not_an_object_is_refused() -> None:
    assert _problems(["schema_version", "1.2"]) == ["$: a result file is a JSON object"]


def test_load_contract_refuses_unknown_names_and_returns_a_copy() -> None:
    with pytest.raises(UnknownContractError, match=r"Known: osvDocument"):
        load_contract("../../etc/passwd")
    schema = load_contract("osvDocument")
    schema["title"] = "changed"
    assert load_contract("osvDocument")["title"] == "osvDocument"


def test_schemas_refer_to_each_other_only_by_names_the_api_serves() -> None:
    names = set(contract_names())

    def refs(node: object) -> list[str]:
        if isinstance(node, dict):
            own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
            return own + [ref for value in node.values() for ref in refs(value)]
        if isinstance(node, list):
            return [ref for value in node for ref in refs(value)]
        return []

    for name in names:
        for ref in refs(load_contract(name)):
            target = ref.split("#", 1)[0]
            assert target == "" or target in names, (name, ref)
