"""Readings drawn from the twentieth blind round's misses (en_contracts_extra39 and 40), each
written here in other words than the fixture that showed it: a side whose name holds its trade
("Contract Laboratories"), an English preamble's date and numbered list before the first side,
an option to extend whose aside holds a date, a licence period defined with a colon, a term of
years "commencing on the date of this Agreement" without a comma, and a letter agreement's
subject line as its title."""

from __future__ import annotations

from datetime import date

from chalicelib.models import Party
from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.contract_type import find_title
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.renewal_option import find_renewal_option
from chalicelib.prescreen.text import prepare_text

_BODY = "\n\nThe parties shall cooperate in good faith in all matters under this Agreement." * 60


def test_a_side_whose_name_holds_its_trade_of_contract_work() -> None:
    text = prepare_text(
        'This PACKAGING AGREEMENT (this "Agreement") is made as of March 3, 2015 by and between '
        "LINDEN HOLLOW FOODS, LLC, an Ohio limited liability company having offices at 12 Elm "
        'Street, Dayton, Ohio 45402 ("Company"), and NORTHGATE CONTRACT PACKAGING CORP., a '
        "Michigan corporation having offices at 400 Mill Road, Flint, Michigan 48502 "
        '("Packager").' + _BODY
    )
    assert find_parties_en(text) == (
        Party(name="LINDEN HOLLOW FOODS, LLC", role="Company"),
        Party(name="NORTHGATE CONTRACT PACKAGING CORP.", role="Packager"),
    )


def test_a_title_named_contract_is_still_no_side() -> None:
    text = prepare_text(
        'HAULAGE CONTRACT BRENNOCK FREIGHT LTD ("Carrier") and ORLA DAIRIES LTD ("Customer") '
        "agree that the Carrier shall carry the Customer's goods under this Contract." + _BODY
    )
    assert find_parties_en(text) == (
        Party(name="BRENNOCK FREIGHT LTD", role="Carrier"),
        Party(name="ORLA DAIRIES LTD", role="Customer"),
    )


def test_an_english_preambles_date_and_list_number_are_no_part_of_the_first_side() -> None:
    text = prepare_text(
        "SHAREHOLDERS' AGREEMENT\n\nTHIS DEED is made on 2 March 2016\n\nBETWEEN\n\n"
        '1. WIRRABARA MINERALS PTY LTD (ACN 123 456 789) of 5 Hay Street, Perth ("Wirrabara"); '
        'and\n\n2. CALDER ROCK LIMITED of 9 King Street, London ("Calder").\n\nRECITALS\n' + _BODY
    )
    assert find_parties_en(text) == (
        Party(name="WIRRABARA MINERALS PTY LTD", role="Wirrabara"),
        Party(name="CALDER ROCK LIMITED", role="Calder"),
    )


def test_an_option_to_extend_whose_aside_holds_a_date() -> None:
    text = prepare_text(
        "4.2 Licensee shall have the right, exercisable by notice given on or before September "
        "30, 2011, to extend the Term for one further period of two (2) years." + _BODY
    )
    flag = find_renewal_option(text, can_judge=True)
    assert flag is not None
    assert flag.present


def test_a_licence_period_defined_with_a_colon_does_not_start_the_contract() -> None:
    text = prepare_text(
        "DISTRIBUTION LICENCE AGREEMENT\n\nTHIS AGREEMENT is dated 9 June 2014\n\n1. "
        'Definitions\n\n"Licence Period": the period commencing on 1 September 2014 and ending '
        "on 31 August 2017.\n\n2. Commencement\n\n2.1 This agreement shall come into force on "
        "the date of this agreement and shall continue until the expiry of the Licence Period."
        + _BODY
    )
    dates = find_contract_dates(text, english=True)
    assert dates.starts_on == date(2014, 6, 9)


def test_a_term_of_years_commencing_on_the_date_of_the_agreement_without_a_comma() -> None:
    text = prepare_text(
        "DEALER AGREEMENT\n\nTHIS DEALER AGREEMENT is made as of the 14th day of October, 2009."
        + _BODY
        + '\n\n2.1 The term of this Agreement (the "Term") shall be five (5) years commencing on '
        "the date of this Agreement, unless terminated earlier."
    )
    dates = find_contract_dates(text, english=True)
    assert dates.starts_on == date(2009, 10, 14)
    assert dates.ends_on == date(2014, 10, 14)


def test_a_letter_agreements_subject_line_is_its_title() -> None:
    text = prepare_text(
        "HALVERSTON LABS, INC.\n1 Quarry Road\nBoise, Idaho 83702\n\nJune 2, 2008\n\nMr. Arlo "
        "Penn\n22 Birch Lane\nBoise, Idaho 83706\n\nRE: Advisory Services Agreement\n\nDear "
        'Mr. Penn:\n\nThis letter agreement (this "Agreement") sets out the terms of your '
        "engagement." + _BODY + "\n\nIf this letter correctly states our agreement, please sign "
        "below."
    )
    assert find_title(text) == "Advisory Services Agreement"
