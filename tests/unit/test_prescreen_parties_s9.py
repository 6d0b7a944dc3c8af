"""Session 9: English party names of ordinary shapes.

Every case is made up: a name with the small words of its language ("Banco de la Nación",
"The Board of Trustees of the ... University").
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
