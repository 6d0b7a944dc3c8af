"""Readings drawn from the forty-first and forty-second blind rounds' misses
(en_contracts_extra81 to 84: documents that change, extend or end an earlier agreement, long
documents, large firms' exhibits of 2017 to 2020, renewals written many ways), written here in
other words than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates, section_flagged


def test_a_titles_subtitle_dates_the_agreement_it_ends_not_this_one() -> None:
    text = (
        "AMENDMENT AND TERMINATION AGREEMENT\n\n(Operating Agreement dated as of May 9, 2007)\n\n"
        'This Amendment and Termination Agreement (this "Agreement") is dated as of October 2, '
        '2013, and is entered into by and among Corvan Energy, Inc. ("Corvan") and Lisle Gas '
        'LLC ("Lisle").' + BODY
    )
    assert english_dates(text).signed_on == date(2013, 10, 2)


def test_a_length_counted_from_a_day_it_names_is_not_counted_from_the_first_start() -> None:
    text = (
        "SECOND AMENDMENT TO SERVICES AGREEMENT\n\nThis Second Amendment is entered into as of "
        'December 1, 2015 by and between Ashby Bank ("Client") and Orrel Data, Inc. '
        '("Provider").\n\nWHEREAS, the parties are parties to a Services Agreement dated as of '
        'June 1, 2009 (the "Original Effective Date");\n\nNOW, THEREFORE, the parties agree as '
        "follows:\n\n1. This Second Amendment shall become effective as of January 1, 2016 (the "
        '"Second Amendment Effective Date").\n\n2. Section 9.1 is replaced with: "9.1 The term '
        "of this Agreement commenced on the Original Effective Date and shall continue until the "
        'date that is forty-eight (48) months after the Second Amendment Effective Date."' + BODY
    )
    assert english_dates(text).ends_on == date(2020, 1, 1)


def test_a_season_defined_by_its_first_day_does_not_start_the_contract() -> None:
    text = (
        "MARKETING AGREEMENT\n\nThis Agreement is made as of July 20, 2007 between Crestline "
        'Resorts, Inc. ("Crestline") and Pellow Outfitters LLC ("Pellow").\n\n1. "Season" means '
        'the period from December 1 through April 15, and the "2007-08 Season" refers to the '
        "Season beginning December 1, 2007.\n\n2. Term. The term of this Agreement shall commence "
        "on September 1, 2007 and shall end on April 15, 2009." + BODY
    )
    assert english_dates(text).starts_on == date(2007, 9, 1)


def test_a_contract_that_continues_from_season_to_season_renews() -> None:
    assert section_flagged(
        "MARKETING AGREEMENT\n\nThis Agreement is made as of July 20, 2007 between Crestline "
        'Resorts, Inc. ("Crestline") and Pellow Outfitters LLC ("Pellow").',
        "2. Term. The term shall end on April 15, 2009. Thereafter, this Agreement shall continue "
        "from Season to Season on the same terms unless either party gives notice on or before "
        "March 1 of the then-current Season that it does not wish to continue.",
        "auto_renewal",
    )
