"""Title and kind of contract, from the title line, the subject clause or the roles."""

from __future__ import annotations

import pytest

from chalicelib.models import Party
from chalicelib.prescreen.contract_type import classify_contract, find_title
from chalicelib.prescreen.text import prepare_text


@pytest.mark.parametrize(
    ("document", "title", "kind"),
    [
        (
            "ДОГОВОР № ________\nна изготовление корпусной мебели\n\nг. Ульяновск",
            "ДОГОВОР № ________ на изготовление корпусной мебели",
            "works",
        ),
        ("Договор поставки № 15\nг. Москва", "Договор поставки № 15", "supply"),
        (
            "# ДОГОВОР ВОЗМЕЗДНОГО ОКАЗАНИЯ УСЛУГ\n\nг. Казань",
            "ДОГОВОР ВОЗМЕЗДНОГО ОКАЗАНИЯ УСЛУГ",
            "services",
        ),
        (
            "Контракт №13\nна закупку продуктов питания\nИКЗ: 1820",
            "Контракт №13 на закупку продуктов питания",
            "supply",
        ),
        (
            "ЛИЦЕНЗИОННОЕ СОГЛАШЕНИЕ\nС КОНЕЧНЫМ ПОЛЬЗОВАТЕЛЕМ\nТекст.",
            "ЛИЦЕНЗИОННОЕ СОГЛАШЕНИЕ С КОНЕЧНЫМ ПОЛЬЗОВАТЕЛЕМ",
            "license",
        ),
        (
            "СОГЛАШЕНИЕ О КОНФИДЕНЦИАЛЬНОСТИ\nДата: 16.10.2024",
            "СОГЛАШЕНИЕ О КОНФИДЕНЦИАЛЬНОСТИ",
            "nda",
        ),
        ("Договор аренды нежилого помещения № 4", "Договор аренды нежилого помещения № 4", "lease"),
        ("ДОГОВОР ЗАЙМА № 1", "ДОГОВОР ЗАЙМА № 1", "loan"),
        (
            "Приложение № 1\nк документации об аукционе\nТЕХНИЧЕСКОЕ ЗАДАНИЕ\nна оказание услуг",
            "ТЕХНИЧЕСКОЕ ЗАДАНИЕ на оказание услуг",
            "annex",
        ),
        (
            "Соглашение об обмене данными с системой «X»",
            "Соглашение об обмене данными с системой «X»",
            "data_exchange",
        ),
        (
            "Exhibit 10.9\nTURN - KEY MANUFACTURING AGREEMENT\nThis Agreement",
            "TURN - KEY MANUFACTURING AGREEMENT",
            "manufacturing",
        ),
        (
            "EXHIBIT 10.3 Execution Copy MARKETING AGREEMENT This Marketing Agreement (this "
            "“Agreement”) is made and entered into as of September 1, 2018 between the parties "
            "named below for good and valuable consideration received.",
            "MARKETING AGREEMENT",
            "marketing",
        ),
        (
            "AMENDMENT NO. 2\nTO MANUFACTURING AND SUPPLY AGREEMENT",
            "AMENDMENT NO. 2 TO MANUFACTURING AND SUPPLY AGREEMENT",
            "manufacturing",
        ),
        ("SUPPORT AND MAINTENANCE AGREEMENT", "SUPPORT AND MAINTENANCE AGREEMENT", "maintenance"),
        ("NON-EXCLUSIVE LICENSE AGREEMENT", "NON-EXCLUSIVE LICENSE AGREEMENT", "license"),
        (
            "NON COMPETITION AGREEMENT AND RIGHT OF FIRST OFFER",
            "NON COMPETITION AGREEMENT AND RIGHT OF FIRST OFFER",
            "non_compete",
        ),
        ("Strategic Alliance Agreement", "Strategic Alliance Agreement", "strategic_alliance"),
        ("DISTRIBUTOR AGREEMENT", "DISTRIBUTOR AGREEMENT", "distribution"),
        ("JOINT VENTURE AGREEMENT", "JOINT VENTURE AGREEMENT", "joint_venture"),
        ("SPONSORSHIP AGREEMENT", "SPONSORSHIP AGREEMENT", "sponsorship"),
    ],
)
def test_title_and_kind_from_the_title(document: str, title: str, kind: str) -> None:
    text = prepare_text(document)

    found = find_title(text)

    assert found == title
    assert classify_contract(text, found, ()) == kind


def test_kind_from_the_subject_clause_when_the_title_is_bare() -> None:
    text = prepare_text(
        "ДОГОВОР № 7\n1. Предмет договора\n1.1. Подрядчик обязуется выполнить строительные работы."
    )

    assert classify_contract(text, find_title(text), ()) == "works"


def test_kind_from_the_roles_when_nothing_else_tells() -> None:
    text = prepare_text("AGREEMENT\nThe parties agree as follows.")

    assert (
        classify_contract(text, find_title(text), (Party(name="X Ltd", role="Licensee"),))
        == "license"
    )


def test_other_for_a_contract_of_unknown_kind_and_none_for_no_contract() -> None:
    assert (
        classify_contract(prepare_text("5. Форс-мажор. Договор действует год."), None, ())
        == "other"
    )
    assert classify_contract(prepare_text("Платёжное поручение № 5"), None, ()) is None


def test_find_title_cuts_the_parties_after_between() -> None:
    text = prepare_text(
        "OUTSOURCING AGREEMENT\n\nBY AND BETWEEN\n\nTRI CITY NATIONAL BANK\n\nand\n\n"
        "MARSHALL & ILSLEY CORPORATION\n\nDATED AS OF\n\nFebruary 16, 1998"
    )

    assert find_title(text) == "OUTSOURCING AGREEMENT"


def test_find_title_cuts_a_between_line_in_capitals() -> None:
    text = prepare_text(
        "# OUTSOURCING AGREEMENT\n\n### BETWEEN VIRTUAL ITEM PROCESSING SYSTEMS, INC. And "
        "BROKERS NATIONAL LIFE ASSURANCE COMPANY\n\nE - 4"
    )

    assert find_title(text) == "OUTSOURCING AGREEMENT"


def test_find_title_cuts_the_date_after_the_title() -> None:
    text = prepare_text("SERVICES AGREEMENT dated as of June 24, 2020\nbetween PFS Funds and X.")

    assert find_title(text) == "SERVICES AGREEMENT"


def test_find_title_names_what_a_bare_amendment_amends() -> None:
    text = prepare_text(
        "### AMENDMENT NO. 1\n\nDated as of November 11, 2005\n\nReference is hereby made to "
        "that certain fully executed Wireless Content License Agreement Number 12965 dated as "
        "of December 16, 2004."
    )

    assert find_title(text) == (
        "AMENDMENT NO. 1 to Wireless Content License Agreement Number 12965"
    )


def test_find_title_keeps_a_bare_amendment_that_names_nothing() -> None:
    assert find_title(prepare_text("AMENDMENT NO. 3\n\nThe parties agree as follows.")) == (
        "AMENDMENT NO. 3"
    )


def test_russian_title_line_ends_before_the_place_and_date_of_signing() -> None:
    text = prepare_text(
        'ДОГОВОР № ___ на изготовление корпусной мебели г. Ульяновск " " ____ 20__г.\n\n'
        "ИП Ильясов Сергей Михайлович, именуемый в дальнейшем Исполнитель, с одной стороны."
    )

    assert find_title(text) == "ДОГОВОР № ___ на изготовление корпусной мебели"


@pytest.mark.parametrize(
    ("document", "title"),
    [
        ("THIS SUPPLY AGREEMENT is dated 1 June 2022\n\nBETWEEN:", "SUPPLY AGREEMENT"),
        (
            "THIS MASTER SERVICES AGREEMENT is entered into as of May 1, 2020",
            "MASTER SERVICES AGREEMENT",
        ),
        (
            "This Distribution Agreement is made on 5 May 2020 between A and B.",
            "Distribution Agreement",
        ),
    ],
)
def test_english_title_in_the_opening_sentence_loses_this_and_the_verb(
    document: str, title: str
) -> None:
    assert find_title(prepare_text(document)) == title


@pytest.mark.parametrize(
    "document",
    [
        # research and development (гл. 38 ГК): by its title, whose kind words are hyphenated
        "ДОГОВОР № 25-НИОКР/047\nна выполнение научно-исследовательских и опытно-конструкторских "
        "работ\n\nг. Ульяновск",
        # and by its subject clause under a bare title
        "ДОГОВОР № 7\n1.1. Исполнитель обязуется выполнить опытно-конструкторские работы по теме.",
    ],
)
def test_research_and_development_is_works(document: str) -> None:
    text = prepare_text(document)

    assert classify_contract(text, find_title(text), ()) == "works"


def test_a_village_under_the_title_is_the_place_not_the_titles_tail() -> None:
    text = prepare_text(
        "ДОГОВОР НАЙМА СЛУЖЕБНОГО ЖИЛОГО ПОМЕЩЕНИЯ № 12\n\nс. Лесноборское Вологодской области"
        "                10 апреля 2025 г.\n\nАдминистрация округа, именуемая в дальнейшем "
        "«Наймодатель»"
    )

    assert find_title(text) == "ДОГОВОР НАЙМА СЛУЖЕБНОГО ЖИЛОГО ПОМЕЩЕНИЯ № 12"


@pytest.mark.parametrize(
    ("document", "kind"),
    [
        ("ДОГОВОР № 31-ПП/2025\nо предоставлении труда работников (персонала)\n", "services"),
        ("ДОГОВОР О ПЕРЕВОДЕ ДОЛГА № ПД-3/2025\n\n1.1. Должник переводит долг по договору "
         "поставки.", "other"),
        ("ДОГОВОР № 15-СОУТ\nна проведение специальной оценки условий труда\n", "services"),
        ("ЗАЛОГОВЫЙ БИЛЕТ серии ВЗ № 004517\n(договор потребительского займа с залогом вещи)\n",
         "loan"),
    ],
)  # fmt: skip
def test_staff_provision_is_services_and_a_debt_transfer_is_other(document: str, kind: str) -> None:
    text = prepare_text(document)

    assert classify_contract(text, find_title(text), ()) == kind


@pytest.mark.parametrize(
    ("document", "title"),
    [
        # the document's own date after its number is no part of its title...
        (
            "ДИЛЕРСКИЙ ДОГОВОР № Д-58/2026 от 15 января 2026 г.\n\nг. Самара",
            "ДИЛЕРСКИЙ ДОГОВОР № Д-58/2026",
        ),
        # ...a cited contract's is
        (
            "СОГЛАШЕНИЕ о расторжении договора аренды нежилого помещения № 14/А от 01.02.2023\n",
            "СОГЛАШЕНИЕ о расторжении договора аренды нежилого помещения № 14/А от 01.02.2023",
        ),
    ],
)
def test_a_titles_own_date_and_a_cited_contracts(document: str, title: str) -> None:
    assert find_title(prepare_text(document)) == title
