"""Readings drawn from the fifty-third and fifty-fourth blind rounds and from the amendments
earlier rounds left misread, written here in other words than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates


def test_a_reporting_quarter_that_ends_is_not_the_contracts_end() -> None:
    text = (
        "THIRD AMENDMENT TO DISTRIBUTION AGREEMENT\n\nThis Third Amendment is dated 2 March 2009 "
        "between Calloway Instruments Limited and Brenmoor Supplies, Inc.\n\n1.2 Nothing in this "
        "Third Amendment shall affect the Distributor's duty to report sales made in the Sales "
        "Quarter ending 31 March 2009.\n\n2.1 Clause 12.1 of the Agreement is replaced with the "
        'following:\n\n"12.1 This Agreement commenced on the Start Date and, unless terminated '
        "earlier under this clause 12, shall continue in force until 31 December 2012 (the "
        '"Initial Term")."' + BODY
    )
    assert english_dates(text).ends_on == date(2012, 12, 31)


def test_a_term_with_an_aside_continues_through_and_including_a_named_day() -> None:
    text = (
        "EXTENSION AGREEMENT\n\nThis Extension Agreement is entered into as of May 4, 2011 by "
        "and between Harrow Freight, Inc. and Lindqvist Data Services, LLC.\n\n"
        '"Outside Date" means September 30, 2014.\n\n2.1 Section 8.1 of the Hosting '
        "Agreement is hereby amended so that the Term, unless sooner terminated under the "
        "Hosting Agreement, shall continue through and including the Outside Date." + BODY
    )
    assert english_dates(text).ends_on == date(2014, 9, 30)


def test_an_amended_consulting_periods_new_end_not_the_one_it_replaces() -> None:
    text = (
        "AMENDMENT TO CONSULTING AGREEMENT\n\nMarch 9, 2012\n\nDear Dr. Okafor:\n\nThis letter "
        "amends, with effect from March 1, 2012, the Consulting Agreement between Tillbrook "
        "Therapeutics, Inc. and you. Section 3(a) of the Consulting Agreement, which currently "
        "provides that the Consulting Period will continue through June 30, 2013, is hereby "
        'amended to read as follows:\n\n"(a) The '
        "Consulting Period commenced on April 2, 2011 and shall end on August 31, 2012, unless "
        'earlier terminated under Section 3(b)."' + BODY
    )
    assert english_dates(text).ends_on == date(2012, 8, 31)
