"""Readings drawn from the twenty-sixth blind round's misses (en_contracts_extra51 and 52: who
may end the contract early and what that costs), each written here in other words than the
fixture that showed it: a right to end on notice whose first day a proviso sets, a fee owed as
one item of a list, a fee denied, a term that runs "thereafter" from the day its sentence
starts it, and a side's name with its other names in quotes."""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import BODY, section_flagged

_HEAD = (
    "SERVICES AGREEMENT\n\nThis Services Agreement is made and entered into as of March 18, 2011 "
    '(the "Effective Date") by and between Alder Labs, Inc. ("Alder") and Corbin Media LLC '
    '("Corbin").'
)


@pytest.mark.parametrize(
    ("sentence", "convenience"),
    [
        (
            "9.2 Either party may terminate this Agreement for any reason upon ninety (90) days' "
            "prior written notice; provided that no termination under this Section 9.2 shall take "
            "effect before the first anniversary of the Effective Date.",
            True,
        ),
        (
            "3(a) Either party may terminate this Agreement for any reason or for no reason by "
            "giving the other party thirty (30) days' prior written notice; provided, however, "
            "that neither party may give such notice before June 1, 2011.",
            True,
        ),
        # still a denial
        (
            "9.2 Neither party may terminate this Agreement for any reason other than as set out "
            "in Section 9.3.",
            False,
        ),
    ],
)
def test_a_proviso_that_sets_a_rights_first_day_does_not_deny_it(
    sentence: str, convenience: bool
) -> None:
    assert section_flagged(_HEAD, sentence, "unilateral_termination") is convenience


@pytest.mark.parametrize(
    ("sentence", "agreed"),
    [
        (
            "11.2 In that event, Alder will pay Corbin (a) the fees for all milestones achieved; "
            "(b) its costs of work in progress; and (c) a termination fee equal to ten percent "
            "(10%) of the fees for milestones not yet begun.",
            True,
        ),
        (
            # (a page break in the sentence, as a filing's text has it)
            "11.4 Alder shall pay Corbin the wind-down costs it incurs. Except for the foregoing, "
            "Alder shall have no obligation to pay any termination fee\n\n3\n\n<PAGE>\n"
            "CONFIDENTIAL TREATMENT REQUESTED\n\nor other amount by reason of such termination.",
            False,
        ),
    ],
)
def test_a_fee_owed_as_one_item_of_a_list_and_a_fee_denied(sentence: str, agreed: bool) -> None:
    assert section_flagged(_HEAD, sentence, "penalty") is agreed


@pytest.mark.parametrize(
    ("starts", "definition"),
    [
        ("on April 1, 2011", ""),
        (
            "on the Service Commencement Date",
            '\n\n1.4 "Service Commencement Date" means April 1, 2011.',
        ),
    ],
)
def test_a_term_that_runs_thereafter_from_the_day_its_sentence_starts_it(
    starts: str, definition: str
) -> None:
    text = prepare_text(
        _HEAD
        + definition
        + BODY
        + '\n\n3.1 Initial Term. The initial term of this Agreement (the "Initial Term") shall '
        f"commence {starts} and shall continue for a period of sixty (60) months thereafter." + BODY
    )
    assert find_contract_dates(text, english=True).ends_on == date(2016, 4, 1)


def test_a_sides_other_names_in_quotes_keep_its_defined_term() -> None:
    text = prepare_text(
        "Alder Advisory, LLC\n\nMay 6, 2013\n\nCorbin Biosciences, Inc.\nAttention: Dr. Jane "
        'Roe, President\n\nDear Dr. Roe:\n\nThis letter agreement (this "Agreement") confirms '
        'the terms on which Alder Advisory, LLC ("Alder," "we" or "us") will provide investor '
        'relations services to Corbin Biosciences, Inc. (the "Company" or "you").' + BODY
    )
    assert [party.name for party in find_parties_en(text)] == [
        "Alder Advisory, LLC",
        "Corbin Biosciences, Inc.",
    ]
