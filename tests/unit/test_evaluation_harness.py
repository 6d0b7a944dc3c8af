"""The eval end to end on a tiny labelled corpus, with an in-process Extract."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from chalicelib.errors import UnreadableDocumentError
from chalicelib.evaluation.harness import screen_all
from chalicelib.evaluation.labels import read_labelled, snake_case
from chalicelib.evaluation.report import changed_answers, render_changes, render_table, summarize
from chalicelib.extract import ExtractLimits, extract_document
from infra.localcloud.cli import main
from tests.limits import UNIT_LIMITS

if TYPE_CHECKING:
    from pathlib import Path

    from chalicelib.models import Extraction

RU_CONTRACT = """ДОГОВОР ПОСТАВКИ № 17/2024

г. Казань «15» марта 2024 г.

Общество с ограниченной ответственностью «Ромашка» (ИНН 7707083893), именуемое в дальнейшем
«Поставщик», в лице генерального директора Иванова И.И., действующего на основании Устава, с одной
стороны, и Акционерное общество «Лютик» (ИНН 7736050003), именуемое в дальнейшем «Покупатель», в
лице директора Петрова П.П., действующего на основании Устава, с другой стороны, заключили
настоящий договор о нижеследующем.

1. Предмет договора
1.1. Поставщик обязуется поставить, а Покупатель принять и оплатить промышленное оборудование.

2. Цена
2.1. Общая стоимость оборудования составляет 2 500 000,00 (два миллиона пятьсот тысяч) рублей,
в том числе НДС 20%.

3. Ответственность
3.1. За просрочку поставки Поставщик уплачивает Покупателю неустойку в размере 0,5% от
стоимости непоставленного оборудования за каждый день просрочки.

4. Споры
4.1. Споры рассматриваются в Арбитражном суде Республики Татарстан.
"""

# The columns of the shared corpus's ru_contracts_labels.tsv, in its order.
RU_COLUMNS = (
    "file", "set", "contract_type", "title_ru", "party_a", "role_a", "party_b", "role_b",
    "inn_a", "inn_b", "amount", "amount_note", "currency", "sign_date", "start_date", "end_date",
    "term_note", "has_penalty", "has_unilateral_termination", "has_arbitration_or_jurisdiction",
    "dispute_forum", "has_liability_cap", "has_auto_renewal", "governing_law", "evidence", "notes",
)  # fmt: skip


def _ru_row(file: str, **values: str) -> str:
    row = dict.fromkeys(RU_COLUMNS, "")
    row.update(file=file, set="shared", has_penalty="no", has_unilateral_termination="no")
    row.update(has_arbitration_or_jurisdiction="no", has_liability_cap="no")
    row.update(has_auto_renewal="no")
    row.update(values)
    return "\t".join(row[c] for c in RU_COLUMNS)


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    (tmp_path / "ru_contracts").mkdir()
    (tmp_path / "ru_contracts" / "supply.txt").write_text(RU_CONTRACT, encoding="utf-8")
    (tmp_path / "ru_contracts" / "broken.pdf").write_bytes(b"%PDF-1.7\n" + b"\x00" * 600)
    rows = [
        "\t".join(RU_COLUMNS),
        _ru_row(
            "ru_contracts/supply.txt",
            contract_type="supply",
            title_ru="ДОГОВОР ПОСТАВКИ № 17/2024",
            party_a="ООО «Ромашка»",
            role_a="Поставщик",
            party_b="АО «Лютик»",
            role_b="Покупатель",
            inn_a="7707083893",
            inn_b="7736050003",
            amount="2500000.00",
            currency="RUB",
            sign_date="2024-03-15",
            has_penalty="yes",
            has_arbitration_or_jurisdiction="yes",
            dispute_forum="Арбитражный суд Республики Татарстан",
            governing_law="",
        ),
        _ru_row(
            "ru_contracts/broken.pdf",
            contract_type="services",
            party_a="ООО «РИТ»",
            has_penalty="yes",
            governing_law="RU",
        ),
    ]
    (tmp_path / "ru_contracts_labels.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return tmp_path


def _in_process(data: bytes, declared_ext: str, limits: ExtractLimits) -> Extraction:
    return extract_document(data, declared_ext=declared_ext, limits=limits)


def test_snake_case_turns_cuad_columns_into_field_names() -> None:
    assert snake_case("Termination For Convenience") == "termination_for_convenience"
    assert snake_case("Document Name") == "document_name"


def test_eval_scores_every_labelled_field_of_a_readable_contract(corpus: Path) -> None:
    screened = screen_all(read_labelled(corpus), limits=UNIT_LIMITS, extract=_in_process)
    supply = screened[0]

    assert supply.error is None
    wrong = {name: o for name, o in supply.outcomes.items() if not o.correct}
    assert not wrong, wrong
    assert {"ru.parties", "ru.inn_a", "ru.amount", "ru.has_penalty", "ru.dispute_forum"} <= set(
        supply.outcomes
    )


def test_eval_counts_a_document_extract_refuses_against_its_fields(corpus: Path) -> None:
    screened = screen_all(read_labelled(corpus), limits=UNIT_LIMITS, extract=_in_process)
    old = screened[1]

    assert old.error is not None and old.error.startswith(UnreadableDocumentError.code)
    assert not old.outcomes["ru.contract_type"].correct
    assert not old.outcomes["ru.has_penalty"].correct  # a "yes" nobody found is a miss
    assert old.outcomes["ru.amount"].correct  # no amount labelled, none found


def test_eval_summary_has_the_agreed_json_shape(corpus: Path) -> None:
    screened = screen_all(read_labelled(corpus), limits=UNIT_LIMITS, extract=_in_process)
    summary = summarize(screened, corpus="tiny")

    penalty = summary["fields"]["ru.has_penalty"]
    assert penalty["metric"] == "f1" and penalty["n"] == 2
    assert (penalty["precision"], penalty["recall"]) == (1.0, 0.5)
    assert penalty["value"] == pytest.approx(2 / 3, abs=1e-4)
    assert summary["fields"]["ru.contract_type"] == {
        "metric": "accuracy", "value": 0.5, "n": 2, "target": 0.9, "meets_target": False,
    }  # fmt: skip
    assert [d["file"] for d in summary["documents"]] == ["supply.txt", "broken.pdf"]
    assert sum(band["documents"] for band in summary["confidence_bands"]) == 2
    json.dumps(summary)  # every value is JSON-ready


def test_eval_table_lists_the_misses_with_expected_and_found(corpus: Path) -> None:
    screened = screen_all(read_labelled(corpus), limits=UNIT_LIMITS, extract=_in_process)
    table = render_table(summarize(screened, corpus="tiny"))

    assert "ru.contract_type" in table and "MISSED" in table
    assert "broken.pdf" in table and "expected 'services', found '—'" in table


def test_eval_command_refuses_a_directory_without_labels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["eval", str(tmp_path)]) == 2
    assert "labels.tsv" in capsys.readouterr().err


def test_eval_command_refuses_a_missing_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["eval", str(tmp_path / "nowhere")]) == 2
    assert "no such corpus directory" in capsys.readouterr().err


def test_changed_answers_lists_a_wrong_answer_replaced_by_another(corpus: Path) -> None:
    # the tables count right answers only: a wrong party replaced by another wrong one
    # moves none of their figures, and the comparison must show it
    screened = screen_all(read_labelled(corpus), limits=UNIT_LIMITS, extract=_in_process)
    current = summarize(screened, corpus="tiny")
    earlier = json.loads(json.dumps(current))
    broken = earlier["documents"][1]["fields"]["ru.contract_type"]
    broken["found"] = "lease"  # wrong before, and still wrong ("—") now
    right = earlier["documents"][0]["fields"]["ru.contract_type"]
    right["found"], right["correct"] = "—", False  # wrong before, right now

    changes = changed_answers(earlier, current)
    shown = render_changes(changes, against="earlier.json")

    assert [(c.file, c.field, c.was_right, c.is_right) for c in changes] == [
        ("supply.txt", "ru.contract_type", False, True),
        ("broken.pdf", "ru.contract_type", False, False),
    ]
    assert "Answers changed since earlier.json: 2" in shown
    assert "wrong -> wrong: 1" in shown and "wrong -> right: 1" in shown
    assert changed_answers(current, current) == []


def test_eval_command_compares_with_an_earlier_run(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    earlier = tmp_path / "earlier.json"
    assert main(["eval", str(corpus), "--no-misses", "--json", str(earlier)]) == 0
    capsys.readouterr()

    assert main(["eval", str(corpus), "--no-misses", "--compare", str(earlier)]) == 0
    assert f"Answers changed since {earlier}: 0" in capsys.readouterr().out
