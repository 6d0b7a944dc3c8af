"""Government forms: what a Russian ministry's model contract and U.S. federal agreements
showed the screen had never met (the fixture sets `ru_official` and `en_usgov`, labelled
before any of our code read them). The sentences are our own, in those forms' manner."""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.clauses import RULES, _first_proof
from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.contract_type import classify_contract, find_title
from chalicelib.prescreen.governing_law import find_governing_law
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.text import prepare_text

# --- a Russian model form under the act that approved it --------------------------------

_STAMP = (
    "Приложение № 2\nк приказу\nМинистерства образования\nот 10 июля 2003 г. № 2994\n"
    "(зарегистрирован в Министерстве юстиции Российской Федерации\n"
    "13 августа 2003 г. Регистрационный № 4971)\n\n"
)
_TITLE = "Примерная форма договора об оказании\nплатных дополнительных\nобразовательных услуг\n\n"
_PREAMBLE = (
    "г. Новоборск «14» сентября 2023 г.\n\n"
    "Муниципальное общеобразовательное учреждение «Школа № 17» (в дальнейшем — Исполнитель) "
    "на основании лицензии № 1187, выданной Министерством образования области на срок с "
    "«22» апреля 2016 г. до «22» апреля 2026 г., в лице директора Кравцовой О.Н., с одной "
    "стороны, и Белоусова Марина Игоревна (в дальнейшем — Заказчик), с другой стороны, "
    "заключили настоящий договор о нижеследующем:\n\n"
    "1. Исполнитель предоставляет, а Заказчик оплачивает дополнительные образовательные услуги.\n\n"
)
_TERM = (
    "9.1. Настоящий договор вступает в силу со дня его заключения сторонами и действует "
    "до «31» мая 2024 г.\n"
)
_FORM = _STAMP + _TITLE + _PREAMBLE + _TERM


def test_a_model_forms_approval_and_registration_do_not_date_the_contract() -> None:
    dates = find_contract_dates(prepare_text(_FORM))

    assert dates.signed_on == date(2023, 9, 14)


def test_a_licence_a_party_was_issued_for_a_period_is_no_term_of_the_contract() -> None:
    dates = find_contract_dates(prepare_text(_FORM))

    # «со дня его заключения»: the contract starts when concluded, the day it is dated
    assert (dates.starts_on, dates.ends_on) == (date(2023, 9, 14), date(2024, 5, 31))


def test_a_licence_issued_without_the_contracts_own_term_gives_no_start() -> None:
    text = prepare_text(_STAMP + _TITLE + _PREAMBLE)

    assert find_contract_dates(text).starts_on is None


def test_a_russian_title_broken_over_lower_case_lines_is_read_whole() -> None:
    text = prepare_text(_FORM)
    title = find_title(text, russian=True)

    assert title == (
        "Примерная форма договора об оказании платных дополнительных образовательных услуг"
    )
    assert classify_contract(text, title, ()) == "services"


@pytest.mark.parametrize(
    ("head", "title"),
    [
        # the place under the title is no part of it
        ("ДОГОВОР ПОСТАВКИ № 5\nг. Москва «1» марта 2024 г.\n", "ДОГОВОР ПОСТАВКИ № 5"),
        (
            "Договор возмездного\nоказания услуг\n\nг. Казань 01.03.2024\n",
            "Договор возмездного оказания услуг",
        ),
        # a sentence is none either
        ("ДОГОВОР № 7\nнастоящий договор заключён в двух экземплярах.\n", "ДОГОВОР № 7"),
    ],
)
def test_only_a_title_line_joins_the_title(head: str, title: str) -> None:
    assert find_title(prepare_text(head + "\n" + _PREAMBLE), russian=True) == title


# --- U.S. federal agreements ------------------------------------------------------------


def _sides(text: str) -> list[tuple[str, str | None]]:
    """The sides the screen names, each with its role."""
    return [(party.name, party.role) for party in find_parties_en(prepare_text(text))]


def test_a_side_indicated_below_is_named_where_the_form_names_it() -> None:
    text = (
        'This Agreement is made by and between the Public Health Service ("PHS"), through the '
        "Office of Technology Transfer, and the company indicated below (hereinafter "
        '"Company").\n\n1. Company agrees not to disclose the Application.\n\n'
        "UNDERSTOOD AND ACCEPTED BY COMPANY:\n\nCompany: Brightwater Diagnostics LLC\n"
        "By: /s/ Annika V. Lindqvist\n"
    )

    assert _sides(text) == [
        ("Public Health Service", "PHS"),
        ("Brightwater Diagnostics LLC", "Company"),
    ]


def test_a_side_stacked_under_a_line_of_and_opens_after_it() -> None:
    text = (
        "PATENT LICENSE AGREEMENT\n\nThe Department of Health, as represented by\nthe NIH\n\n"
        "and\n\nVeranthe Biologics, Inc.,\nhereinafter referred to as the \u201cLicensee\u201d,\n"
        "having offices at 410 Larkmoor Road, Frederick, Maryland.\n"
    )

    names = [name for name, _ in _sides(text)]

    assert "Veranthe Biologics, Inc." in names
    assert not any(name.startswith("the NIH") for name in names)


_LD_RULES = tuple(r for r in RULES if r.clause == "penalty" and r.language == "en")


def _liquidated(sentence: str) -> bool:
    text = prepare_text(sentence)
    return any(_first_proof(text, rule) for rule in _LD_RULES)


@pytest.mark.parametrize(
    ("sentence", "owed"),
    [
        (
            "If a termination occurs under this Section 11(a), then BPA shall pay to Seller an "
            "amount equal to one million eight hundred thousand dollars ($1,800,000).",
            True,
        ),
        (
            "Upon the early termination of this Agreement by Alpha, Alpha shall pay Beta a sum "
            "of $25,000 as compensation.",
            True,
        ),
        # what was owed anyway, or a price
        (
            "Upon termination, Alpha shall pay Beta all fees accrued through the date of "
            "termination, in an amount of $5,000 per month.",
            False,
        ),
        (
            "If this Agreement is terminated, Alpha shall pay Beta for the inventory an amount "
            "equal to $20 per unit.",
            False,
        ),
        (
            "In the event of termination, Beta shall refund to Alpha an amount equal to $1,000.",
            False,
        ),
    ],
)
def test_a_fixed_sum_owed_for_ending_early_is_liquidated_damages(sentence: str, owed: bool) -> None:
    assert _liquidated(sentence) is owed


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        (
            "The construction, validity, performance, and effect of this Agreement shall be "
            "governed by Federal law as applied by the Federal courts in the District of Columbia.",
            "US",
        ),
        # a state named beats it, as "the laws of the United States and the State of Texas"
        (
            "This Agreement shall be governed by federal law and the laws of the State of Texas.",
            "US-TX",
        ),
        ("This Agreement is governed by the federal laws of Canada.", "CA"),
        ("The Supplier shall comply with federal law.", None),
    ],
)
def test_federal_law_with_no_country_named_is_the_united_states(
    sentence: str, code: str | None
) -> None:
    assert find_governing_law(prepare_text(sentence)) == code


def test_a_transfer_forms_organisation_fields_name_its_sides() -> None:
    text = (
        "Simple Letter Agreement for the Transfer of Materials\n\n1. The MATERIAL is the "
        "property of the PROVIDER.\n\nPROVIDER INFORMATION and AUTHORIZED SIGNATURE\n"
        "Provider Scientist: Dr. Teodora N. Vashti\n"
        "Provider Organization: National Institute of Dental and Craniofacial Research\n"
        "Address: 30 Convent Drive, Bethesda, MD 20892\n\n"
        "RECIPIENT INFORMATION and AUTHORIZED SIGNATURE\n"
        "Recipient Scientist: Dr. Malcolm E. Ferreira-Hoyt\n"
        "Recipient Organization: Marrowfield Research Institute\n"
    )

    assert _sides(text) == [
        ("National Institute of Dental and Craniofacial Research", "Provider"),
        ("Marrowfield Research Institute", "Recipient"),
    ]


# --- cover pages of a second batch of standard agreements (`en_public2`) -----------------

_ORDER_FORM = (
    "# Order Form\n\n**Provider:** Kittiwake Telemetry, Inc.\n**Customer:** Saltash Cold "
    "Storage LLC\n\n**Framework Terms:** This Order Form incorporates the Framework Terms dated "
    "September 15, 2023 between Kittiwake Telemetry, Inc. and Saltash Cold Storage LLC.\n\n"
    "**Order Date:** May 1, 2025\n\n**Subscription Period:** 12 months\n\nBy signing this "
    "Order Form, each party agrees to enter into this Order Form as of the Order Date.\n\n"
    "Signed for PROVIDER\nDate: April 24, 2025\n\nSigned for CUSTOMER\nDate: April 28, 2025\n"
)


def test_an_order_forms_bold_fields_name_its_sides_and_its_date() -> None:
    dates = find_contract_dates(prepare_text(_ORDER_FORM), english=True)

    assert _sides(_ORDER_FORM) == [
        ("Kittiwake Telemetry, Inc.", "Provider"),
        ("Saltash Cold Storage LLC", "Customer"),
    ]
    # the framework terms' date is theirs; the order form is made and starts on its Order Date
    assert (dates.signed_on, dates.starts_on) == (date(2025, 5, 1), date(2025, 5, 1))


def test_a_cover_pages_fields_beat_a_cited_agreements_sides() -> None:
    text = (
        "KEY TERMS\n\nProvider: Quarrystone Mail Systems, Inc.\nCustomer: Lindqvist Moreau "
        "Voyages SAS\nAgreement: This DPA supplements the Email Services Agreement between "
        "Quarrystone Mail Systems, Inc. and Lindqvist Moreau Voyages SAS dated March 3, 2025.\n"
        "Security Policy: SOC 2 Type II; ISO 27001.\n"
    )

    assert [name for name, _ in _sides(text)] == [
        "Quarrystone Mail Systems, Inc.",
        "Lindqvist Moreau Voyages SAS",
    ]


def test_a_law_clause_that_names_a_variable_reads_the_variables_field() -> None:
    text = (
        "Governing Law and Chosen Courts: all disputes about this DPA will be governed by the "
        "laws of the Governing State without regard to its conflict of laws provisions.\n"
        "Governing State: New York\n"
    )

    assert find_governing_law(prepare_text(text)) == "US-NY"


def test_effective_as_of_the_last_date_of_signature_below() -> None:
    text = (
        "DATA PROCESSING AGREEMENT\n\nBy signing this Cover Page, each party agrees to enter "
        "into this DPA as of the last date of signature below.\n\nPROVIDER\nDate: June 16, 2025"
        "\n\nCUSTOMER\nDate: June 12, 2025\n"
    )

    assert find_contract_dates(prepare_text(text), english=True).starts_on == date(2025, 6, 16)


@pytest.mark.parametrize(
    "citation",
    [
        "amends the Supply Agreement between Alpha Corp. and Beta LLC dated January 5, 2010",
        'is incorporated into the following "Agreement": Cloud Service Agreement between Alpha '
        "Corp. (Provider) and Beta LLC (Customer) with an Effective Date of January 5, 2010",
    ],
)
def test_another_agreement_cited_with_its_sides_does_not_date_this_one(citation: str) -> None:
    text = (
        f'AMENDMENT NO. 1\n\nThis Amendment No. 1 {citation} (the "Agreement").\n\n'
        "1. Section 3 of the Agreement is deleted.\n\nIN WITNESS WHEREOF, the parties have "
        "executed this Amendment as of March 3, 2015.\n\nAlpha Corp.\nBy: /s/ John Smith\n"
    )

    dates = find_contract_dates(prepare_text(text), english=True)

    assert dates.signed_on == date(2015, 3, 3)
    assert dates.starts_on != date(2010, 1, 5)
