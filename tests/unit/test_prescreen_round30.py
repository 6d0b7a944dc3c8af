"""Readings drawn from the thirtieth blind round's misses (en_contracts_extra59 and 60:
documents that amend, restate or extend an earlier agreement, and sums due on a breach or an
early end), written here in other words than the fixtures that showed them.

An amendment tells the agreement it changes: its recitals recount the old end and a renewal
option it deletes, and a replaced section says when the old term "commenced". None of that is
the amendment's own start, end or renewal."""

from __future__ import annotations

from datetime import date

from chalicelib.prescreen.renewal_option import find_renewal_option
from chalicelib.prescreen.text import prepare_text
from tests.clause_text import BODY, english_dates, section_flagged

_AMENDMENT_HEAD = (
    'THIRD AMENDMENT TO MAINTENANCE AGREEMENT\n\nThis Third Amendment (this "Amendment") is '
    "made and entered into as of August 4, 2015, by and between Pellham Controls Corp. "
    '("Pellham") and Saxby Foods, Inc. ("Saxby").'
)


def _dates(text: str) -> tuple[date | None, date | None]:
    found = english_dates(text)
    return found.starts_on, found.ends_on


def test_a_replaced_section_telling_when_the_old_term_commenced_is_no_start() -> None:
    text = (
        _AMENDMENT_HEAD
        + "\n\n1. Section 3.1 of the Agreement is deleted and replaced with the following: "
        '"3.1 The term of this Agreement commenced on January 1, 2010 and shall continue '
        'through December 31, 2018."\n\n2. This Amendment shall be effective as of the date '
        "first written above." + BODY
    )
    assert _dates(text) == (date(2015, 8, 4), date(2018, 12, 31))


def test_a_term_deemed_to_have_commenced_earlier_still_starts_it() -> None:
    text = (
        "SERVICES AGREEMENT\n\nThis Services Agreement is made as of March 2, 2012 between "
        'Tollard Inc. ("Tollard") and Benwick LLC ("Benwick").\n\n1. Term. The term of this '
        "Agreement shall be deemed to have commenced on January 1, 2012 and shall continue "
        "through December 31, 2013." + BODY
    )
    assert _dates(text)[0] == date(2012, 1, 1)


def test_the_original_effective_date_is_not_the_restated_agreements() -> None:
    text = (
        "AMENDED AND RESTATED SUPPLY AGREEMENT\n\nThis Amended and Restated Supply Agreement "
        'is dated as of March 3, 2014 (the "Restatement Date") between Orrin Labs, Inc. '
        '("Orrin") and Quenby Pharma Ltd. ("Quenby").'
        + BODY
        + '\n\n1.6 "Original Effective Date" means June 9, 2009.\n\n8.1 This Agreement shall '
        "be effective as of the Restatement Date and shall continue until June 9, 2019." + BODY
    )
    assert _dates(text) == (date(2014, 3, 3), date(2019, 6, 9))


def test_a_recital_of_the_end_due_gives_way_to_the_new_end() -> None:
    text = (
        _AMENDMENT_HEAD
        + "\n\nBACKGROUND\n\nA. Under Section 3.1 of the Agreement, the Agreement is due to "
        "expire on 30 September 2016.\n\nB. The parties wish to extend the term.\n\nOPERATIVE "
        'PROVISIONS\n\n1. Clause 3.1 of the Agreement is replaced with: "This Agreement '
        'continues until 30 September 2019, unless terminated earlier."' + BODY
    )
    assert _dates(text)[1] == date(2019, 9, 30)


def test_lettered_recitals_under_whereas_tell_the_old_term() -> None:
    text = (
        "EXTENSION AGREEMENT\n\nThis Extension Agreement is made as of October 20, 2010 between "
        'Wrenfield Centres Ltd. (the "Provider") and Mossgiel Capital Inc. (the "Client").'
        "\n\nWHEREAS:\n\nA. The parties entered into an office services agreement for a term "
        'ending on August 31, 2010 (the "Original Term");\n\nB. The parties wish to extend it.'
        "\n\nNOW THEREFORE the parties agree as follows:\n\n1. The term of the Original "
        "Agreement is hereby extended for a period commencing on September 1, 2010 and ending "
        'on August 31, 2012 (the "Extended Term").' + BODY
    )
    assert _dates(text)[1] == date(2012, 8, 31)


def test_a_recited_renewal_option_that_the_addendum_deletes_is_none() -> None:
    text = (
        _AMENDMENT_HEAD
        + "\n\nBACKGROUND\n\nA. Under clause 4.2 of the Agreement the Customer has an option to "
        "renew the Agreement for a further term of three years.\n\nOPERATIVE PROVISIONS\n\n1. "
        "Clause 4.2 of the Agreement is deleted." + BODY
    )
    flag = find_renewal_option(prepare_text(text), can_judge=True)
    assert flag is not None and not flag.present


def test_an_unquoted_end_date_definition_ends_the_term() -> None:
    text = (
        "SPONSORSHIP AGREEMENT\n\nThis agreement is made on 3 March 2011 between Ketterby "
        "Rovers Football Club Limited (Club) and Ashlake Motors Pty Ltd (Sponsor)."
        + BODY
        + "\n\n1.1 In this agreement:\n\nEnd Date means 30 September 2014.\n\nTerm means the "
        "period from the date of this agreement to the End Date.\n\n2. TERM\n\n2.1 This "
        "agreement commences on the date of this agreement and ends on the End Date." + BODY
    )
    assert _dates(text)[1] == date(2014, 9, 30)


def test_a_subscription_term_runs_from_the_day_its_sentence_starts_it() -> None:
    text = (
        "SOFTWARE SUBSCRIPTION AGREEMENT\n\nThis Agreement is entered into as of May 20, 2013 "
        '(the "Effective Date") by and between Harlan Route Software Inc. ("Licensor") and '
        'Teesdale Water Co. ("Customer").'
        + BODY
        + "\n\n5.1 This Agreement shall commence on the Effective Date and shall continue until "
        "the expiry of the Subscription Term.\n\n5.2 The initial subscription term shall "
        'commence on July 1, 2013 (the "Start Date") and shall continue for twenty-four (24) '
        'months (the "Initial Subscription Term").' + BODY
    )
    assert _dates(text)[1] == date(2015, 7, 1)


def test_a_remedy_recovered_as_liquidated_damages_in_a_list_item() -> None:
    assert section_flagged(
        "MASTER EQUIPMENT LEASE\n\nThis Master Lease is made as of June 1, 2004 between Cressy "
        'Leasing Corp. ("Lessor") and Ambler Printing Co. ("Lessee").',
        "12. Remedies. Upon an Event of Default, Lessor may exercise one or more of the "
        "following remedies: (a) terminate any Schedule; (b) take possession of the Equipment; "
        "and (c) recover from Lessee, as liquidated damages for loss of a bargain and not as "
        "a penalty, an amount equal to the Casualty Value of the Equipment.",
        "penalty",
    )
