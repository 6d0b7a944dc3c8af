"""Readings drawn from the twenty-second blind round's misses (en_contracts_extra44: amendments,
letters and a statement of work), each written here in other words than the fixture that
showed it: an amendment's recital of the end it changes, a recital line taken for the title,
and a statement of work that names itself "this SOW" beside its siblings."""

from __future__ import annotations

from datetime import date

from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.contract_type import find_title
from chalicelib.prescreen.text import prepare_text

_BODY = "\n\nThe parties shall cooperate in good faith in all matters under this Agreement." * 40


def test_an_amendments_recital_of_the_end_it_changes_is_no_end() -> None:
    text = prepare_text(
        "SECOND AMENDMENT TO LICENSE AGREEMENT\n\nThis Second Amendment is made as of June 2, "
        "2015 by and between Alder Labs, Inc. and Corbin Media LLC.\n\nRECITALS\n\nA. The term "
        "of the Agreement is currently scheduled to expire on June 30, 2015."
        + _BODY
        + '\n\n1. Term. Section 9.1 of the Agreement is deleted and replaced with: "This '
        'Agreement shall continue in effect through June 30, 2018."' + _BODY
    )
    assert find_contract_dates(text, english=True).ends_on == date(2018, 6, 30)


def test_a_recital_line_is_no_title() -> None:
    text = prepare_text(
        "Exhibit 10.4\n\nSETTLEMENT AND MUTUAL RELEASE AGREEMENT\n\nThis Settlement and Mutual "
        "Release Agreement is entered into as of May 1, 2013 by Alder Labs, Inc. and Corbin "
        "Media LLC.\n\nRECITALS\n\nA. The parties are parties to a Distribution Agreement dated "
        "March 1, 2010.\n\nB. The Distribution Agreement has been the subject of a dispute." + _BODY
    )
    assert find_title(text) == "SETTLEMENT AND MUTUAL RELEASE AGREEMENT"


def test_a_statement_of_work_ends_where_it_says_not_where_its_siblings_do() -> None:
    text = prepare_text(
        "STATEMENT OF WORK NO. 4\n\nThis Statement of Work No. 4 is entered into as of "
        "February 3, 2016 under the Master Services Agreement between Alder Labs, Inc. and "
        "Corbin Media LLC.\n\nStatement of Work No. 3, dated May 5, 2015, remains in effect "
        "through June 30, 2016." + _BODY + "\n\n4. Term. This SOW shall commence on the date "
        "hereof and shall remain in effect until November 30, 2016." + _BODY
    )
    assert find_contract_dates(text, english=True).ends_on == date(2016, 11, 30)
