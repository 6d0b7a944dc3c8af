"""Readings drawn from the forty-ninth and fiftieth blind rounds' misses (en_contracts_extra109
to 116: two mixes of CUAD's kinds, amendments, layouts, licences, where the governing law is
stated, automatic renewal worded many ways, where agreed sums appear), written here in other
words than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates, screen_english, section_flagged

_HEAD = (
    "SUPPLY AGREEMENT\n\nThis Supply Agreement is made as of May 4, 2012 by and between Arden "
    'Polymers, Inc. ("Supplier") and Kessel Packaging Corp. ("Buyer").'
)


def test_effective_on_the_date_the_other_side_countersigns() -> None:
    text = (
        "Halvard Pictures, LLC\n200 Vine Street\nLos Angeles, California 90028\n\nMarch 2, 2011"
        "\n\nThis letter agreement sets forth the terms on which Halvard Pictures, LLC "
        '("Licensor") will license to Brightwave Media, Inc. ("Licensee") the programs listed '
        "below. This Agreement shall become effective on the date on which it is countersigned "
        'by Licensee as indicated below (the "Effective Date").'
        + BODY
        + "\n\nACCEPTED AND AGREED:\nBrightwave Media, Inc."
        + "\nBy: /s/ Lena Ortiz\nDate: March 9, 2011"
    )
    assert english_dates(text).starts_on == date(2011, 3, 9)


def test_a_term_that_enters_into_force_on_a_day_for_a_number_of_years() -> None:
    text = (
        _HEAD + BODY + "\n\n11.1 This Agreement shall enter into force on 1 July 2012 (the "
        '"Effective Date") for an initial period of four (4) years.' + BODY
    )
    assert english_dates(text).ends_on == date(2016, 7, 1)


def test_no_amount_construed_as_agreed_damages_denies_them() -> None:
    assert not section_flagged(
        _HEAD,
        "9.4 The parties agree that no amount payable under this Agreement, including the "
        "handling charge under Section 6.2 and interest under Section 5.3, is intended as or "
        "shall be construed as liquidated damages or as a pre-estimate of damages for any "
        "breach.",
        "penalty",
    )


def test_no_other_payment_or_penalty_is_no_agreed_sum() -> None:
    assert not section_flagged(
        _HEAD,
        "3.2 The consequences of a failure to meet a Minimum Purchase Target are set out in "
        "Section 9.3, and no other payment or penalty shall apply.",
        "penalty",
    )


def test_an_amendments_recital_of_the_law_it_changes_is_not_the_law() -> None:
    text = (
        "SECOND AMENDMENT TO MANUFACTURING AGREEMENT\n\nThis Second Amendment is made as of June "
        '3, 2014 between Corvel Devices Inc. ("Customer") and Tamsin Fabrication Ltd. '
        '("Manufacturer").\n\nWHEREAS Section 17.2 of the Agreement currently provides that the '
        "Agreement is governed by the laws of the Province of Ontario; and\n\nWHEREAS the parties "
        "wish to change the law governing the Agreement;\n\nNOW, THEREFORE, the parties agree as "
        'follows:\n\n1. Section 17.2 is deleted and replaced with: "17.2 This Agreement shall be '
        'governed by and construed in accordance with the laws of the State of Illinois."' + BODY
    )
    assert screen_english(text).governing_law == "US-IL"
