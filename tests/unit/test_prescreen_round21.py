"""Readings drawn from the twenty-first blind round's misses (en_contracts_extra41, other kinds
of deal, and 42, cross-border drafting), each written here in other words than the fixture
that showed it."""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.contract_dates import find_contract_dates
from chalicelib.prescreen.non_compete import find_headed_non_compete
from chalicelib.prescreen.renewal_option import find_renewal_option
from chalicelib.prescreen.text import prepare_text

_BODY = "\n\nThe parties shall cooperate in good faith in all matters under this Agreement." * 60
_HEAD = (
    "SUPPLY AGREEMENT\n\nThis Agreement is made on 2 May 2007 between Alder Werke GmbH "
    '("Seller") and Corbin Foods Inc. ("Buyer").'
)


def _convenience(sentence: str) -> bool:
    flags = find_clauses(prepare_text(sentence + _BODY), ("en",), can_judge=True)
    flag = flags["unilateral_termination"]
    return flag is not None and flag.present


@pytest.mark.parametrize(
    "covenant",
    [
        # a heading shared with its partner after a semicolon
        "7.2 Non-Competition; Non-Solicitation. For three (3) years after the Closing Date, "
        "Seller shall not, directly or indirectly, engage in the business of making valves.",
        # "neither ... nor ... shall" with many words between
        "12. NON-COMPETITION\n\n12.1 During the Term, neither the Licensee nor any of its "
        "directors, officers or shareholders shall own or operate any competing bakery.",
    ],
)
def test_a_headed_covenant_not_to_compete(covenant: str) -> None:
    flag = find_headed_non_compete(prepare_text(_HEAD + _BODY + "\n\n" + covenant + _BODY))
    assert flag is not None
    assert flag.present


def test_a_place_and_date_over_each_signature_dates_the_contract_when_both_have_signed() -> None:
    block = (
        "\n\n/s/ {name}\n______________________________\nName: {name}\nTitle: Managing "
        "Director (Geschaftsfuhrer), duly authorised to represent the company alone\n"
        "Address for notices: see clause 16 of this Agreement, or as later notified\n"
    )
    text = prepare_text(
        "DISTRIBUTION AGREEMENT\n\nbetween Alder Werke GmbH and Corbin Foods Inc."
        + _BODY
        + "\n\n12.1 This Agreement shall enter into force upon signature by both Parties."
        + _BODY
        + "\n\nMunich, 3 April 2007\n\nAlder Werke GmbH"
        + block.format(name="Jens Ohl")
        + "\n\nBoston, Massachusetts, April 11, 2007\n\nCorbin Foods Inc."
        + block.format(name="Ann Lee")
    )
    dates = find_contract_dates(text, english=True)
    assert dates.signed_on == date(2007, 4, 11)
    assert dates.starts_on == date(2007, 4, 11)


def test_a_term_the_sentence_before_names_the_contract_of() -> None:
    text = prepare_text(
        _HEAD + _BODY + "\n\n14.1 This Agreement shall enter into force on the date of its "
        "signature. It shall expire on 30 June 2012." + _BODY
    )
    assert find_contract_dates(text, english=True).ends_on == date(2012, 6, 30)


def test_a_length_in_the_last_clause_of_a_long_sentence_about_the_contract() -> None:
    text = prepare_text(
        _HEAD + _BODY + "\n\nArticle 11 This Contract shall take effect on the date on which "
        "it has been signed and sealed by the legal representatives or authorized "
        "representatives of both Parties and registered with the competent authority, and "
        "shall remain in force for five (5) years. Upon expiry, this Contract shall be "
        "automatically extended for one (1) year, and so on thereafter." + _BODY
    )
    assert find_contract_dates(text, english=True).ends_on == date(2012, 5, 2)


def test_a_renewal_extended_unless_terminated_on_notice_is_no_convenience() -> None:
    assert not _convenience(
        "9.2 Thereafter this Agreement shall be extended by one (1) year at a time, unless "
        "terminated by either Party with six (6) months' written notice before the end of the "
        "initial term or of the then current extension."
    )


def test_an_acquisitions_list_of_grounds_before_the_closing_is_no_convenience() -> None:
    assert not _convenience(
        "8.1 This Agreement may be terminated at any time prior to the Closing: (a) by mutual "
        "written agreement of Purchaser and Vendor; (b) by Purchaser if Vendor has breached "
        "any representation and has not cured the breach within ten (10) days."
    )
    assert _convenience(
        "This Agreement may be terminated at any time prior to the Effective Time by Parent, "
        "in its sole discretion, by written notice to the Company."
    )


def test_a_tenants_option_to_extend_its_own_lease() -> None:
    text = prepare_text(
        "4.1 Provided Tenant is not in default, Tenant shall have the option to extend the "
        "Term for one (1) further period of three (3) years on the terms of this Lease, at the "
        "Fair Market Rent." + _BODY
    )
    flag = find_renewal_option(text, can_judge=True)
    assert flag is not None
    assert flag.present
