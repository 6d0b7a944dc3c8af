"""Readings drawn from the eighteenth blind round's misses (en_contracts_extra35 and 36), each
written here in other words than the fixture that showed it: a term that runs on until
terminated after its first period, a term named by the deal ("the marketing term"), the law of
the state where a side's principal office is, a cover page's numbered fields, a university's
governing board, a side acting on behalf of another, and a letter's first paragraph."""

from __future__ import annotations

from datetime import date

from chalicelib.models import Party
from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.governing_law import find_governing_law
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.text import prepare_text

_BODY = "\n\nThe parties shall cooperate in good faith in all matters under this Agreement." * 60


def _renews(sentence: str) -> bool:
    flag = find_clauses(prepare_text(sentence + _BODY), ("en",), can_judge=True)["auto_renewal"]
    return flag is not None and flag.present


def test_a_term_that_runs_on_until_terminated_after_its_first_period_renews() -> None:
    assert _renews(
        "3.1 This Agreement shall commence on the Start Date and shall continue for a minimum "
        "period of six (6) months and thereafter shall remain in force until terminated by "
        "either Party on sixty (60) days' notice."
    )


def test_a_contract_that_runs_until_terminated_from_its_first_day_does_not_renew() -> None:
    assert not _renews(
        "This Agreement shall take effect on signing and thereafter shall continue until "
        "terminated by either party on thirty (30) days' notice."
    )


def test_a_term_named_by_the_deal_sets_the_contracts_end() -> None:
    text = (
        "THIS SUPPLY AGREEMENT is made as of May 1, 2004 by and between Alder Mills, Inc. and "
        "Corbin Foods LLC." + _BODY + "\n\n4.1 Term. The supply term shall commence on the "
        "Effective Date and, unless terminated earlier under Article 9, continue through April "
        "30, 2009."
    )
    assert find_contract_dates(prepare_text(text), english=True).ends_on == date(2009, 4, 30)


def test_the_law_of_the_state_where_a_sides_principal_office_is() -> None:
    text = (
        "This Services Agreement is made as of March 1, 2011 by and between HARTWELL CLINICS, "
        "INC., a Delaware corporation with its principal office at 12 Elm Street, Columbus, Ohio "
        '43215 ("Hartwell"), and DOCUWAVE, INC., a Georgia corporation with its principal office '
        'at 5 Peach Lane, Atlanta, Georgia 30303 ("Vendor").' + _BODY + "\n\n14.2 This "
        "Agreement shall be construed in accordance with the laws of the state in which "
        "Hartwell's principal office is located."
    )
    assert find_governing_law(prepare_text(text)) == "US-OH"


def test_a_cover_pages_numbered_field_opens_the_next_side() -> None:
    text = prepare_text(
        "NETWORK AGREEMENT\n\nCOVER PAGE\n\nItem 1.  Administrator:       Quillon Benefits, Inc., "
        'a Delaware\n                              corporation ("Administrator")\n         '
        "Principal office:    10 Main Street, Tempe, Arizona 85281\n\nItem 2.  Provider:"
        "            Oakhurst Drug Company, a Kansas\n                              corporation "
        '("Provider")\n\nItem 3.  Effective Date:      March 1, 2013\n'
    )
    assert find_parties_en(text) == (
        Party(name="Quillon Benefits, Inc.", role="Administrator"),
        Party(name="Oakhurst Drug Company", role="Provider"),
    )


def test_a_governing_board_acting_for_its_university_in_a_letter() -> None:
    text = prepare_text(
        "May 4, 2010\n\nMs. Dana R. Whitcombe\nGeneral Manager\nPrairie Wave Media, LLC\n\nDear "
        'Ms. Whitcombe:\n\nThis letter agreement (this "Agreement") sets forth the terms on '
        "which the Board of Trustees of Cedar Bluff University, acting for and on behalf of "
        'Cedar Bluff University and its Athletics Department ("University"), grants to Prairie '
        'Wave Media, LLC ("Broadcaster") the rights described below.\n\n1. Definitions.\n'
    )
    assert find_parties_en(text) == (
        Party(name="Board of Trustees of Cedar Bluff University", role="University"),
        Party(name="Prairie Wave Media, LLC", role="Broadcaster"),
    )
