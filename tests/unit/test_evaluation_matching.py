"""The eval's matching rules: dates, amounts, party names, jurisdictions, types, forums."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from chalicelib.evaluation.fields import EN_FIELDS, cuad_parties, parties_agree
from chalicelib.evaluation.matching import (
    contract_type_matches,
    is_unnamed,
    label_amount,
    label_date,
    label_dates,
    label_forum,
    label_jurisdiction,
    names_match,
    role_matches,
    titles_match,
)
from chalicelib.models import Party, PrescreenResult


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("2019-01-01", date(2019, 1, 1)),
        ("4/1/11", date(2011, 4, 1)),
        ("12/21/35", date(2035, 12, 21)),
        ("2/16/98", date(1998, 2, 16)),
        ("04/15/2011", date(2011, 4, 15)),
        ("01.04.2011", date(2011, 4, 1)),
        ("[]/[]/2018", None),  # the contract leaves the day and month blank
        ("04/[]/2005", None),
        ("perpetual", None),
        ("", None),
        ("2/30/20", None),  # no such day: no date rather than a wrong one
        ("31/01/2025", date(2025, 1, 31)),  # day first: 31 cannot be a month
        ("13/13/2020", None),
    ],
)
def test_label_date_reads_iso_and_us_dates_and_treats_blanks_as_none(
    label: str, expected: date | None
) -> None:
    assert label_date(label) == expected


def test_a_date_label_of_several_values_accepts_each_of_them() -> None:
    # CUAD writes a contract's two dates in one cell; a blank or "perpetual" part is no date.
    assert label_dates("09/01/2006; 8/31/2007") == {date(2006, 9, 1), date(2007, 8, 31)}
    assert label_dates("09/05/2019; perpetual") == {date(2019, 9, 5), None}
    assert label_dates("07/31/2000; 07/[]/2000") == {date(2000, 7, 31), None}
    assert label_dates("4/1/11") == {date(2011, 4, 1)}
    assert label_dates("") == {None}


def _starting(found: date | None) -> PrescreenResult:
    return PrescreenResult(language="en", starts_on=found, confidence=0.9, route="deep_analysis")


def test_the_date_fields_score_a_found_date_against_every_value_of_its_label() -> None:
    field = next(f for f in EN_FIELDS if f.name == "effective_date")
    labels = {"effective_date": "09/01/2006; 8/31/2007"}
    for found, right in ((date(2006, 9, 1), True), (date(2007, 8, 31), True), (None, False)):
        outcome = field.score(labels, _starting(found))
        assert outcome is not None
        assert outcome.correct is right, found
        assert "2006-09-01 or 2007-08-31" in outcome.expected
    # one value: right only on that date, as before
    single = field.score({"effective_date": "4/1/11"}, _starting(None))
    assert single is not None
    assert not single.correct
    assert single.expected == "4/1/11 = 2011-04-01"


def test_label_amount_compares_as_decimal_whatever_the_spelling() -> None:
    assert label_amount("70161.00") == Decimal(70161)
    assert label_amount("70 161,00") == Decimal("70161.00")
    assert label_amount("") is None
    assert label_amount("по тарифу") is None


@pytest.mark.parametrize(
    ("expected", "found"),
    [
        ("ООО «АЗАТ»", 'Общество с ограниченной ответственностью "АЗАТ"'),
        ("The John Hopkins University", "The Johns Hopkins University"),
        ("Columbia Laboratories, (Bermuda) Ltd.", "Columbia Laboratories"),
        ("YOU ON DEMAND HOLDINGS, INC", "You On Demand Holdings, Inc."),
        (
            "ГБУЗ РБ Федоровская центральная районная больница",
            "Государственное бюджетное учреждение здравоохранения Республики Башкортостан "
            "Федоровская центральная районная больница",
        ),
    ],
)
def test_names_match_after_folding_legal_forms_quotes_and_case(expected: str, found: str) -> None:
    assert names_match(expected, found)


@pytest.mark.parametrize(
    ("expected", "found"),
    [
        ("Loop Industries, Inc.", "Indorama Loop Technologies, LLC"),
        ("ООО «Ромашка»", "ООО «Лютик»"),
        ("Glu Mobile, Inc.", "Inc."),  # a legal form alone names nobody
    ],
)
def test_names_do_not_match_across_different_parties(expected: str, found: str) -> None:
    assert not names_match(expected, found)


@pytest.mark.parametrize("label", ["BLANK", "UNNAMED (offer acceptor)", "physical person", "[*]"])
def test_is_unnamed_recognises_the_labels_for_a_missing_name(label: str) -> None:
    assert is_unnamed(label)


def test_is_unnamed_is_false_for_a_real_name() -> None:
    assert not is_unnamed("ООО «РИТ»")


def test_titles_match_on_words_not_case() -> None:
    assert titles_match("Outsourcing Agreement", "OUTSOURCING AGREEMENT")
    assert not titles_match(
        "Outsourcing Agreement", "OUTSOURCING AGREEMENT BY AND BETWEEN TRI CITY NATIONAL BANK"
    )
    assert titles_match("", None)
    assert not titles_match("Договор поставки", None)


def test_role_matches_any_word_the_label_gives() -> None:
    assert role_matches("Продавец (later also 'Поставщик')", "Поставщик")
    assert role_matches("ПРАВООБЛАДАТЕЛЬ", "Правообладатель")
    assert not role_matches("Исполнитель", "Заказчик")
    assert not role_matches("Исполнитель", None)


@pytest.mark.parametrize(
    ("label", "code"),
    [
        ("RU", "RU"),
        ("New York", "US-NY"),
        ("British Columbia", "CA-BC"),
        ("England", "GB"),
        ("the State of Delaware", "US-DE"),
        ("New York, USA", "US-NY"),
        ("Russian Federation", "RU"),
        ("", None),
    ],
)
def test_label_jurisdiction_is_a_normalised_code(label: str, code: str | None) -> None:
    assert label_jurisdiction(label) == code


def test_contract_type_matches_any_alternative_and_other_means_none() -> None:
    assert contract_type_matches("data_exchange/cooperation", "cooperation")
    assert not contract_type_matches("supply", "sale")
    assert contract_type_matches("other", None)
    assert contract_type_matches("other", "other")
    assert not contract_type_matches("other", "services")


@pytest.mark.parametrize(
    ("label", "kind"),
    [
        ("переговоры, затем Арбитражный суд Республики Башкортостан", "arbitrazh"),
        ("спор передаётся в Третейский суд при ТПП", "arbitration"),
        ("переговоры, затем суд (конкретный суд не указан)", "court"),
        ("", None),
    ],
)
def test_label_forum_names_the_kind_of_court(label: str, kind: str | None) -> None:
    assert label_forum(label) == kind


def test_cuad_parties_drop_roles_collective_terms_and_affiliates() -> None:
    answer = (
        'Glamis Gold Ltd. and all of its subsidiaries and other Affiliates ("Glamis"); '
        'Western Copper Corporation ("Western Copper"); '
        '(individually a "Party", together the "Parties")'
    )
    assert cuad_parties(answer) == ["Glamis Gold Ltd", "Western Copper Corporation"]


def test_cuad_parties_keep_a_party_whose_role_precedes_a_collective_note() -> None:
    answer = (
        'F. Hoffmann-La Roche Ltd ("Roche Basel"); Hoffmann-La Roche Inc. ("Roche US")'
        '(Roche Basel and Roche US together referred to as "Roche"); Foundation Medicine, Inc.'
    )
    assert cuad_parties(answer) == [
        "F. Hoffmann-La Roche Ltd",
        "Hoffmann-La Roche Inc",
        "Foundation Medicine, Inc",
    ]


def test_cuad_parties_keep_a_party_whose_own_note_says_together_or_collectively() -> None:
    # The party's own note may speak of its successors or of both sides: it is still named.
    answer = (
        'VIVINT SOLAR, INC. (together with its successors and permitted assigns, "VivintSolar"); '
        'CARBOGEN AMCIS AG ("Supplier" and, collectively with Customer, the "Parties"); '
        'Company and Consultant (collectively, the "Parties")'
    )
    assert cuad_parties(answer) == ["VIVINT SOLAR, INC", "CARBOGEN AMCIS AG"]


def test_cuad_parties_keep_a_bracket_that_is_part_of_the_name() -> None:
    answer = (
        'JADEHARBOUR BRANDS HOLDINGS LIMITED ("Licensor"); JADEHARBOUR (HONG KONG) TRADING '
        'LIMITED ("Licensee"); Kelvarra Semiconductor (Singapore) Pte. Ltd. (the "Supplier")'
    )
    assert cuad_parties(answer) == [
        "JADEHARBOUR BRANDS HOLDINGS LIMITED",
        "JADEHARBOUR (HONG KONG) TRADING LIMITED",
        "Kelvarra Semiconductor (Singapore) Pte. Ltd",
    ]


@pytest.mark.parametrize("label", ["[]", "[ ]", "[*]", "[***]", "__________", "Blank"])
def test_a_redacted_or_blank_party_is_unnamed(label: str) -> None:
    assert is_unnamed(label)
    assert not is_unnamed("Acme Inc.")


def test_parties_agree_needs_both_sides_and_nothing_invented() -> None:
    labelled = ["Microgenics Corporation", "Achaogen Inc."]
    both = (Party(name="Microgenics Corporation"), Party(name="Achaogen Inc."))
    one = both[:1]
    invented = (*both, Party(name="Joint Venture Company"))

    assert parties_agree(labelled, both)
    assert not parties_agree(labelled, one)
    assert not parties_agree(labelled, invented)
    assert parties_agree([], ())  # a template with both names blank: nothing to find
    assert not parties_agree([], (Party(name="ООО «Ромашка»"),))
