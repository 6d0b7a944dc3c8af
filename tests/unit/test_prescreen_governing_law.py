"""Governing law: the clause that chooses it, or Russian statutes the contract relies on."""

from __future__ import annotations

import pytest

from chalicelib.prescreen.governing_law import find_governing_law
from chalicelib.prescreen.text import prepare_text


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        ("Настоящий договор регулируется законодательством Российской Федерации.", "RU"),
        ("Применимое право — право Российской Федерации.", "RU"),
        ("Во всем остальном стороны руководствуются действующим законодательством РФ.", "RU"),
        ("Договор регулируется правом Республики Казахстан.", "KZ"),
        ("This Agreement shall be governed by the laws of the State of New York.", "US-NY"),
        ("This Agreement is governed by the internal laws State of New York.", "US-NY"),
        (
            "THIS AGREEMENT SHALL BE CONSTRUED ACCORDING TO AND GOVERNED BY THE SUBSTANTIVE "
            "LAWS OF THE STATE OF DELAWARE.",
            "US-DE",
        ),
        ("This Amendment is governed by the laws of the Commonwealth of Pennsylvania.", "US-PA"),
        (
            "This Agreement shall be governed by and construed in accordance with the laws of "
            "England.",
            "GB",
        ),
        (
            "Performance of this Agreement shall be governed by the law of the State of Israel.",
            "IL",
        ),
        (
            "This Agreement will be governed by the laws of the Province of British Columbia.",
            "CA-BC",
        ),
        ("This Agreement shall be construed in accordance with Delaware law.", "US-DE"),
    ],
)
def test_governing_law_clause_gives_its_country_code(sentence: str, code: str) -> None:
    assert find_governing_law(prepare_text(sentence)) == code


def test_cited_russian_statute_means_russian_law() -> None:
    text = prepare_text(
        "Заказчик даёт согласие на обработку данных по Федеральному закону № 152-ФЗ."
    )

    assert find_governing_law(text) == "RU"


@pytest.mark.parametrize(
    "sentence",
    [
        "Во всем остальном стороны руководствуются действующим законодательством.",  # no country
        "Company is a corporation duly organized under the laws of the State of Ohio.",
        "Section 19.1 (Governing Law) shall survive termination.",
    ],
)
def test_no_governing_law_without_a_named_law(sentence: str) -> None:
    assert find_governing_law(prepare_text(sentence)) is None
