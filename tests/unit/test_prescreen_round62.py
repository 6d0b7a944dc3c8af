"""Readings drawn from the sixty-second and sixty-third blind rounds, written here in other
words than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates, screen_english, section_flagged


def test_an_option_to_extend_after_a_long_aside_of_how_it_is_exercised() -> None:
    head = (
        "CLEARING SERVICES AGREEMENT\n\nThis Agreement is made as of April 2, 2001 between "
        "Ashcombe Savings Bank and Norvale Clearing Corp."
    )
    section = (
        "3.2 Customer shall have the right, exercisable only once and only by written notice "
        "received by Provider no fewer than one hundred eighty (180) days before the last day of "
        "the Initial Term, to extend the term of this Agreement for one further period of two "
        "(2) years."
    )
    found = screen_english(head + BODY + "\n\n" + section + BODY).renewal_option
    assert found is not None
    assert found.present


def test_a_term_sections_end_outranks_a_defined_contract_periods_end() -> None:
    text = (
        "EXHIBITION SPACE LICENSE AGREEMENT\n\nThis Agreement is made as of January 12, 2011 "
        "between Harborline Convention Center, LLC and Westmark Trade Shows, Inc.\n\n"
        '1.1 "Contract Period" means the period beginning at 6:00 a.m. on April 3, 2011 and '
        "ending at 10:00 p.m. on April 9, 2011, during which Licensee may occupy the Halls.\n\n"
        "5.1 The term of this Agreement shall commence on the date first written above and "
        "shall continue through June 30, 2011, unless sooner terminated." + BODY
    )
    assert english_dates(text).ends_on == date(2011, 6, 30)


def test_a_defined_contract_period_still_ends_a_contract_whose_term_is_that_period() -> None:
    text = (
        "CATERING AGREEMENT\n\nThis Agreement is made as of January 12, 2011 between Harborline "
        "Convention Center, LLC and Westmark Trade Shows, Inc.\n\n"
        '1.1 "Contract Period" means the period beginning on March 1, 2011 and ending on '
        "February 28, 2014.\n\n5.1 This Agreement shall remain in force for the Contract Period, "
        "unless sooner terminated." + BODY
    )
    assert english_dates(text).ends_on == date(2014, 2, 28)


def test_ending_a_directors_engagement_for_any_reason_is_termination_for_convenience() -> None:
    assert section_flagged(
        "PRODUCTION AGREEMENT\n\nThis Agreement is made as of May 2, 2012 between Orrin Films, "
        "Inc. and Dana Whitcombe.",
        "4.1 Studio may at any time, for any reason or for no reason, cancel the Film and "
        "terminate Director's engagement by written notice to Director (a \"Cancellation "
        'Notice").',
        "unilateral_termination",
    )


def test_an_effective_date_a_term_sentence_writes_outranks_a_dating_by_the_last_signature() -> None:
    text = (
        "TERMINAL SERVICES CONTRACT\n\nThis Terminal Services Contract is entered into by and "
        "between Coldwater Terminal Company and Arbery Grain LLC, and is dated as of the date "
        "of the last signature set forth below.\n\n2.1 This Contract shall be effective "
        'September 1, 2013 (the "Effective Date") and shall remain in effect through August 31, '
        "2016." + BODY + "\n\nCOLDWATER TERMINAL COMPANY\nBy: /s/ R. Hale\nDate: August 14, "
        "2013\n\nARBERY GRAIN LLC\nBy: /s/ T. Moss\nDate: August 19, 2013\n\nEXHIBIT A\n\n"
        "Rates are set out below."
    )
    found = english_dates(text)
    assert found.signed_on == date(2013, 8, 19)
    assert found.starts_on == date(2013, 9, 1)


def test_a_charter_term_named_in_brackets_and_ending_at_a_twenty_four_hour_time() -> None:
    text = (
        "AIRCRAFT CHARTER AGREEMENT\n\nThis Agreement is made as of March 2, 2009 between "
        "Pellworth Air Cargo, Inc. and Sundry Parcel Express, LLC.\n\n3.1 This Agreement shall "
        "be effective on the date first written above.\n\n3.2 The charter of the Aircraft "
        "shall begin at 0600 hours local time at the Gateway on April 1, 2009 and shall expire "
        "at 2400 hours local time at the Gateway on March 31, 2012, unless terminated earlier "
        'under Article 9 (the "Charter Term").' + BODY
    )
    found = english_dates(text)
    assert found.starts_on == date(2009, 3, 2)
    assert found.ends_on == date(2012, 3, 31)


def test_a_french_signature_lines_place_and_date_date_the_contract() -> None:
    text = (
        "DISTRIBUTION AGREEMENT\n\nBETWEEN THE UNDERSIGNED:\n\nHollins Metrology Limited "
        '(hereinafter the "Supplier"),\n\nAND:\n\nMesures Aubrac S.A.S. (hereinafter the '
        '"Distributor").\n\n9.1 This Agreement shall enter into force on the date of its '
        "signature by the last of the Parties to sign it, for an initial period of two (2) "
        "years." + BODY + "\n\nFor HOLLINS METROLOGY LIMITED\nIn Leeds, on 2 June 2014\n/s/ "
        "A. Hollins\n\nFor MESURES AUBRAC S.A.S.\nIn Rodez, on 9 June 2014\n/s/ M. Aubrac"
    )
    found = english_dates(text)
    assert found.signed_on == date(2014, 6, 9)
    assert found.starts_on == date(2014, 6, 9)
    assert found.ends_on == date(2016, 6, 9)


def test_entered_into_on_the_day_both_sides_signed_dates_it_by_the_later_signature() -> None:
    text = (
        "LOGISTICS SERVICES AGREEMENT\n\nTHIS AGREEMENT is made BETWEEN:\n\n(1) Veerhaven "
        'Distributie B.V. ("Provider"); and\n\n(2) Castleford Garden Supplies Limited '
        '("Customer").\n\n"Commencement Date" means 1 March 2012;\n\n2.1 This Agreement '
        "shall take effect on the Commencement Date and shall continue for two (2) years."
        + BODY
        + "\n\nThis Agreement has been entered into on the date on which it has been signed by "
        "both parties.\n\nSIGNED for Veerhaven Distributie B.V.\n/s/ J. de Wit\nDate: 6 "
        "February 2012\n\nSIGNED for Castleford Garden Supplies Limited\n/s/ P. Lowe\nDate: 10 "
        "February 2012"
    )
    found = english_dates(text)
    assert found.signed_on == date(2012, 2, 10)
    assert found.starts_on == date(2012, 3, 1)


def test_effective_on_the_date_first_written_above_outranks_a_schedules_service_start() -> None:
    text = (
        "ONLINE BACKUP SERVICES AGREEMENT\n\nThis Agreement is made and entered into this 8th "
        "day of August, 2006 by Cirrus Vault, Inc. and Pemberton Dental Group, P.C.\n\n1.4 "
        '"Go-Live Date" means the date given as such in the Service Schedule.\n\n6.1 This '
        "Agreement is effective on the date first written above.\n\n6.2 The initial term of the "
        'Services (the "Initial Term") is stated in the Service Schedule and begins on the '
        "Go-Live Date."
        + BODY
        + "\n\nSERVICE SCHEDULE\n\nGo-Live Date: September 1, 2006.\n\nInitial Term: "
        "Twelve (12) months from the Go-Live Date."
    )
    assert english_dates(text).starts_on == date(2006, 8, 8)


def test_contract_as_a_word_of_the_kind_keeps_the_whole_title() -> None:
    text = (
        "                 CONTRACT PACKAGING AGREEMENT\n\n     THIS CONTRACT PACKAGING "
        'AGREEMENT (this "Agreement") is made as of March 3, 2010 by and between Brookvale '
        "Beverages, Inc. and Linden Fill Co." + BODY
    )
    assert screen_english(text).title == "CONTRACT PACKAGING AGREEMENT"
