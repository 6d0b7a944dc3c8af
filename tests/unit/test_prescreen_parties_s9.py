"""Session 9: English party names of ordinary shapes, and preambles typed in capitals.

Every case is made up: a name with the small words of its language ("Banco de la Nación",
"The Board of Trustees of the ... University"), and a preamble written all in capitals, where
a side's description ("A DELAWARE CORPORATION", "HAVING ITS PRINCIPAL OFFICE AT") must not be
read as its name or as a side of its own.
"""

from __future__ import annotations

import pytest

from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.text import prepare_text

_RECITALS = "\n\nWHEREAS, the parties wish to cooperate.\n\nNOW, THEREFORE, the parties agree:\n"


def _names(preamble: str) -> list[str]:
    return [party.name for party in find_parties_en(prepare_text(preamble + _RECITALS))]


# --- names with the small words of their language ---------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "Banco de la Nacion S.A.",
        "Caixa Geral de Depositos, S.A.",
        "Banco do Brasil S.A.",
        "Maatschappij van der Berg B.V.",
        "The Board of Trustees of the Leland Stanford Junior University",
        "Compania de Minas y Metales S.A.",
    ],
)
def test_a_name_with_particles_is_read_whole_before_its_defined_term(name: str) -> None:
    # No "between": the sides are found by looking back from each defined term.
    text = (
        "JOINT VENTURE AGREEMENT\n\n"
        f'Acme Group, Inc. ("Acme") and {name} ("Partner"), by this Agreement associate '
        "themselves as joint venturers."
    )

    assert _names(text) == ["Acme Group, Inc.", name]


def test_a_name_with_particles_in_a_between_list() -> None:
    preamble = (
        "This Agreement is made on May 1, 2010 by and between Acme Group, Inc., a Delaware "
        'corporation ("Acme"), and Banco de la Nacion S.A., a bank ("Banco").'
    )

    assert _names(preamble) == ["Acme Group, Inc.", "Banco de la Nacion S.A."]


def test_of_the_in_a_sentence_still_needs_a_legal_form_to_make_a_name() -> None:
    text = (
        "JOINT VENTURE AGREEMENT\n\n"
        'Acme Group, Inc. ("Acme") and Beta Ltd. ("Beta"), each for the benefit of the '
        'Members ("Members"), associate themselves as joint venturers.'
    )

    assert _names(text) == ["Acme Group, Inc.", "Beta Ltd."]


# --- a preamble typed in capitals ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("preamble", "expected"),
    [
        (
            "THIS AGREEMENT IS MADE AS OF MAY 1, 2010 BY AND BETWEEN ACME WIDGETS, INC., A "
            'DELAWARE CORPORATION ("ACME"), AND BETA TOOLS CORP., A NEVADA CORPORATION ("BETA").',
            ["ACME WIDGETS, INC.", "BETA TOOLS CORP."],
        ),
        (
            "THIS AGREEMENT IS MADE AS OF MAY 1, 2010 BY AND BETWEEN ACME WIDGETS, INC. HAVING "
            'ITS PRINCIPAL PLACE OF BUSINESS AT 1 MAIN STREET, BOSTON ("ACME") AND BETA TOOLS '
            'CORP. WITH ITS PRINCIPAL OFFICE LOCATED AT 2 HIGH STREET, RENO ("BETA").',
            ["ACME WIDGETS, INC.", "BETA TOOLS CORP."],
        ),
        (
            "THIS AGREEMENT IS MADE BY AND BETWEEN ACME WIDGETS, LLC, A DELAWARE LIMITED "
            'LIABILITY COMPANY ("ACME"), AND JOHN SMITH, AN INDIVIDUAL ("CONSULTANT").',
            ["ACME WIDGETS, LLC", "JOHN SMITH"],
        ),
        (
            "THIS AGREEMENT IS MADE BY AND BETWEEN BANK OF AMERICA, N.A., A NATIONAL BANKING "
            'ASSOCIATION ("BANK"), AND BETA TOOLS CORP. ORGANIZED AND EXISTING UNDER THE LAWS '
            'OF NEVADA ("BETA").',
            ["BANK OF AMERICA, N.A.", "BETA TOOLS CORP."],
        ),
    ],
)
def test_a_preamble_in_capitals_keeps_descriptions_out_of_names(
    preamble: str, expected: list[str]
) -> None:
    assert _names(preamble) == expected


def test_a_description_in_capitals_is_no_side_of_its_own() -> None:
    # No "between": the reader looks back from each defined term for a company, and
    # "A DELAWARE CORPORATION" ends in a legal-form word like a company does.
    text = (
        "JOINT VENTURE AGREEMENT\n\n"
        'ACME WIDGETS, INC., A DELAWARE CORPORATION ("ACME") AND BETA TOOLS CORP., A NEVADA '
        'CORPORATION ("BETA"), BY THIS AGREEMENT ASSOCIATE THEMSELVES AS JOINT VENTURERS.'
    )

    assert _names(text) == ["ACME WIDGETS, INC.", "BETA TOOLS CORP."]


@pytest.mark.parametrize(
    "name",
    [
        "CARGILL, INCORPORATED",
        "WITHAM HOLDINGS, INC.",
        "ATLAS TRUST COMPANY",
        "ANCHOR BANK, N.A.",
    ],
)
def test_a_name_in_capitals_that_looks_like_a_description_word_is_kept(name: str) -> None:
    preamble = (
        f'This Agreement is made by and between {name} ("Seller") and Beta Tools Corp., a '
        'Nevada corporation ("Buyer").'
    )

    assert _names(preamble) == [name, "Beta Tools Corp."]


def test_a_limited_liability_company_described_in_capitals_is_no_name() -> None:
    # The search for a company stops at the legal-form word "LIMITED" inside the description;
    # what follows it, "LIABILITY COMPANY", is no name either.
    text = (
        "JOINT VENTURE AGREEMENT\n\n"
        'ACME WIDGETS, LLC, A TEXAS LIMITED LIABILITY COMPANY ("ACME") AND BETA TOOLS CORP. '
        '("BETA"), BY THIS AGREEMENT ASSOCIATE THEMSELVES AS JOINT VENTURERS.'
    )

    assert _names(text) == ["ACME WIDGETS, LLC", "BETA TOOLS CORP."]


# --- the ordinary wordings of a defined term -------------------------------------------------


@pytest.mark.parametrize(
    "term",
    [
        '(hereinafter called "Acme")',
        '(referred to herein as "Acme")',
        '(hereafter "Acme")',
        '(hereinafter: "Acme")',
        '(also referred to as "Acme")',
        "(`Acme')",
        '("Acme" or "we")',
        '(hereinafter referred to as the "Acme")',
    ],
)
def test_a_defined_term_in_its_ordinary_wordings_names_the_side_before_it(term: str) -> None:
    # No "between": each side is found by looking back from its defined term.
    text = (
        "JOINT VENTURE AGREEMENT\n\n"
        f'Acme Corp. {term} and Beta Inc. ("Beta") associate themselves as joint venturers.'
    )

    assert _names(text) == ["Acme Corp.", "Beta Inc."]
