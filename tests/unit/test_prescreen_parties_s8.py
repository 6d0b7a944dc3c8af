"""Session 8: general wordings of English parties, renewal terms and governing law.

Each case is a form any contract lawyer meets, written synthetically: the rules must read
the form, not one contract's wording.
"""

from __future__ import annotations

import pytest

from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.governing_law import find_governing_law
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.renewal_option import find_renewal_option
from chalicelib.prescreen.text import prepare_text

_RECITALS = "\n\nWHEREAS, the parties wish to cooperate.\n\nNOW, THEREFORE, the parties agree:\n"


def _names(preamble: str) -> list[str]:
    return [party.name for party in find_parties_en(prepare_text(preamble + _RECITALS))]


@pytest.mark.parametrize(
    ("place", "other"),
    [
        ("England and Wales", "Beta Ltd."),
        ("Trinidad and Tobago", "Beta Ltd."),
        ("Antigua and Barbuda", "Beta Ltd."),
    ],
)
def test_a_place_with_and_in_its_name_opens_no_side(place: str, other: str) -> None:
    preamble = (
        "This Agreement is entered into as of January 1, 2020 by and between Acme Corp., a "
        'Delaware corporation ("Acme"), and Beta Ltd., a company organized under the laws of '
        f'{place} ("Beta").'
    )

    assert _names(preamble) == ["Acme Corp.", other]


def test_the_securities_and_exchange_commission_stays_one_name() -> None:
    preamble = (
        'This Agreement is made by and between Acme Corp. ("Acme") and Beta Inc. ("Beta"), '
        "a company registered with the Securities and Exchange Commission."
    )

    assert _names(preamble) == ["Acme Corp.", "Beta Inc."]


def _renews(sentence: str) -> bool:
    text = prepare_text(sentence)
    automatic = find_clauses(text, ("en",), can_judge=True, clauses=("auto_renewal",))
    option = find_renewal_option(text, can_judge=True)
    return bool(automatic["auto_renewal"] and automatic["auto_renewal"].present) or bool(
        option and option.present
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Thereafter, this Agreement shall remain in effect for consecutive one-year periods "
        "unless terminated by either party.",
        "Thereafter the Agreement shall be automatically prolonged for periods of 12 months, "
        "unless terminated by either party with six months notice.",
        "The Term shall be renewed automatically for one-year periods thereafter.",
        "The Company shall have the right, exercisable in its sole discretion, to extend the "
        "Term for one additional year.",
        "This Agreement shall be valid for 3 years and can be prolonged by the Buyer for "
        "another 2 years.",
        "Upon expiry, the parties shall renew this Agreement for another year unless either "
        "party objects.",
        "Thereafter, the Agreement shall renew on a yearly basis.",
        "The Agreement shall be extended by one (1) year unless either party gives written "
        "notice of termination.",
        "This Agreement shall thereafter continue in force from year to year.",
        "This Agreement will continue to renew for twelve-month periods until terminated.",
        "Cisco may, by written notice to Distributor given at least thirty (30) days prior to "
        "the end of the then-current term, extend the term of the Agreement for one year.",
        "Unless terminated, the Agreement renews annually.",
        "Franchisee shall have the right to acquire a successor franchise for an additional "
        "term of ten years.",
        "Franchisee shall have the right to acquire one (1) successor franchise for an "
        "additional term of five (5) years, provided that Franchisee signs a general release "
        "in favor of Franchisor.",
        "The Licensee may, by notice in writing given not less than six months before the "
        "expiry of the Term, require the Licensor to grant a renewal of this licence for a "
        "further term of five years.",
        "After the expiration of the initial term, this Agreement shall continue in effect on "
        "an annual basis unless terminated.",
        "The term of this Agreement shall thereafter be extended by successive periods of one "
        "year unless either party objects.",
        "This Agreement shall remain in effect for an initial period of three years and "
        "thereafter for subsequent periods of one year unless terminated by either party.",
    ],
)
def test_general_renewal_wordings_are_found(sentence: str) -> None:
    assert _renews(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement shall terminate on December 31, 2012 and shall not be renewed.",
        "The warranty period shall be extended for the period of any repair.",
        "The Council shall grant a renewal of the trading permit for a further year.",
        "Licensee shall renew its insurance policies each year.",
        "The time for delivery shall be prolonged by the period of any force majeure delay.",
        "The Term shall be extended by the number of days of any delay caused by the Supplier.",
        "The confidentiality obligations shall survive and be extended by two years after "
        "termination of this Agreement.",
        "Upon expiration of this Agreement, if the parties do not enter into a successor "
        "Franchise Agreement, Franchisee shall cease to use the Marks within ten days.",
        # an extension both sides must sign is no one's option
        "The Term may be extended only by a written instrument executed by Landowner and Company "
        "and recorded in the deed records of Telfair County.",
    ],
)
def test_what_is_not_a_renewal_term_stays_out(sentence: str) -> None:
    assert not _renews(sentence)


def test_law_of_the_special_administrative_region_of_hong_kong() -> None:
    text = prepare_text(
        "This Agreement shall be governed by the laws of the Special Administrative Region of "
        "Hong Kong."
    )

    assert find_governing_law(text, ("en",)) == "HK"


@pytest.mark.parametrize(("place", "code"), [("Liberia", "LR"), ("Guernsey", "GG")])
def test_less_common_countries_are_known(place: str, code: str) -> None:
    text = prepare_text(f"This Agreement shall be governed by the laws of {place}.")

    assert find_governing_law(text, ("en",)) == code


def test_a_side_named_elsewhere_is_called_by_its_defined_term() -> None:
    preamble = (
        "This Agency Agreement is made as of March 1, 2001 by and between Acme Corporation, a "
        'Delaware corporation (the "Company") and the Agent named on the signature page hereof '
        '(the "Agent").'
    )

    parties = find_parties_en(prepare_text(preamble + _RECITALS))

    assert [(party.name, party.role) for party in parties] == [
        ("Acme Corporation", "Company"),
        ("Agent", "Agent"),
    ]


def test_a_side_named_elsewhere_is_the_name_under_its_label_on_the_signature_page() -> None:
    preamble = (
        "This Broker-Carrier Agreement is entered into as of January 9, 2017 by and between "
        "Redhollow Freight Solutions, LLC, a Tennessee limited liability company and a property "
        'broker registered with the Federal Motor Carrier Safety Administration ("FMCSA") '
        '("Broker"), and the motor carrier identified on the signature page of this Agreement '
        '("Carrier").'
    )
    signatures = (
        "\n\nIN WITNESS WHEREOF, the Parties have executed this Agreement.\n\nBROKER:\n\n"
        "REDHOLLOW FREIGHT SOLUTIONS, LLC\n\nBy: /s/ Curtis W. Mabry\n\nCARRIER:\n\n"
        "DUNMORE & VASQUEZ TRUCKING, INC.\n\n(legal name as registered with the FMCSA; d/b/a "
        "if any)\n\nBy: /s/ Lucinda Vasquez\n"
    )

    parties = find_parties_en(prepare_text(preamble + _RECITALS + signatures))

    assert [party.name for party in parties] == [
        "Redhollow Freight Solutions, LLC",
        "DUNMORE & VASQUEZ TRUCKING, INC.",
    ]
    assert parties[1].role == "Carrier"


@pytest.mark.parametrize(
    ("text", "names"),
    [
        pytest.param(
            "COLOCATION SERVICES AGREEMENT\n\nCOVER PAGE\n\nCustomer:                 QUENBY "
            "ANALYTICS CORP.\nCustomer Address:         1180 West Pender Street\n\nThis "
            'Colocation Services Agreement (the "Agreement") is dated May 10, 2013 and is made '
            'between Fraserline Data Centres Ltd., a British Columbia company ("Fraserline"), '
            'and the customer identified on the Cover Page (the "Customer").',
            ["Fraserline Data Centres Ltd.", "QUENBY ANALYTICS CORP."],
            id="a cover page's field",
        ),
        pytest.param(
            "TRADEWHISTLE, INC.\nAFFILIATE PROGRAM AGREEMENT\n\nENROLLMENT FORM\n\nAffiliate "
            "legal name:        Bramblecrest Media Group LLC\nDoing business as:           "
            'ShelfScout\n\nThis Affiliate Program Agreement (this "Agreement") is made between '
            'Tradewhistle, Inc., a Delaware corporation ("Tradewhistle"), and the person or '
            'entity identified as the affiliate in the Enrollment Form above ("Affiliate").',
            ["Tradewhistle, Inc.", "Bramblecrest Media Group LLC"],
            id="an enrolment form's legal name",
        ),
    ],
)
def test_a_side_identified_on_a_form_above_is_the_forms_name(text: str, names: list[str]) -> None:
    assert _names(text) == names


def test_a_blank_side_is_left_out() -> None:
    preamble = (
        "This Endorsement Agreement is made by and between ACME, INC., a Colorado corporation "
        '(the "Company"), and _________________ (hereinafter referred to as the "Professional").'
    )

    assert _names(preamble) == ["ACME, INC."]


def test_a_hard_wrapped_address_opens_no_side() -> None:
    preamble = (
        "This Supply Agreement is made as of May 1, 2019 by and between ZETA, INC., a\n"
        "Delaware corporation with offices at 5858 Horton Street, Suite 455, Emeryville,\n"
        'California 94608 ("Zeta"), and Kappa Company, Ltd., a Japanese corporation with\n'
        'offices at 14 Nishinosho-Monguchi-cho, Kyoto, Japan ("Kappa").'
    )

    assert _names(preamble) == ["ZETA, INC.", "Kappa Company, Ltd."]


def test_a_cover_page_still_lists_one_side_a_line() -> None:
    preamble = (
        "This Agreement is made between:\n\nACME HOLDINGS LIMITED,\n\nBETA TRADING LIMITED\n\n"
        "and\n\nGAMMA LOGISTICS LIMITED"
    )

    assert _names(preamble) == [
        "ACME HOLDINGS LIMITED",
        "BETA TRADING LIMITED",
        "GAMMA LOGISTICS LIMITED",
    ]


def test_an_address_post_code_ends_a_side_before_and() -> None:
    preamble = (
        'This Agreement is by and between Zeta.com, Inc. ("Zeta"), a Delaware corporation, '
        "located at 1440 Broadway, 19th Floor, New York, NY 10018 and kappa.com, Inc. "
        '("Kappa"), a Delaware corporation, located at 1900 Golf Road, Schaumburg, IL 60173.'
    )

    assert _names(preamble) == ["Zeta.com, Inc.", "kappa.com, Inc."]


def test_a_letter_agreement_names_its_addressee() -> None:
    letter = (
        "CONSULTING AGREEMENT\n\nJuly 20, 2018\n\nMaria Rossi\n12 Via Roma\nMilan, Italy\n\n"
        'Dear Maria:\n\nAcme Bio, Inc., a Delaware corporation (the "Company"), is pleased to '
        'offer you this Consulting Agreement (this "Agreement"). You will advise the Company '
        "on its research programs."
    )

    assert _names(letter) == ["Acme Bio, Inc.", "Maria Rossi"]


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        ("The law applicable to this Agreement is the law of Switzerland.", "CH"),
        ("This Agreement is made under the laws of the State of Oregon.", "US-OR"),
        ("This contract shall be regulated by the laws of Mexico.", "MX"),
        ("This Agreement shall be ruled by the laws of Brazil.", "BR"),
        (
            "The parties agree that any dispute under this Agreement shall be resolved under "
            "the laws of the State of Georgia.",
            "US-GA",
        ),
        ("Governing Law: State of Delaware.", "US-DE"),
    ],
)
def test_more_ways_to_choose_a_law(sentence: str, code: str) -> None:
    pad = "The Supplier shall deliver the Products. " * 30
    text = prepare_text(f"{pad}\n\n12. Miscellaneous.\n\n{sentence}\n\n{pad}")

    assert find_governing_law(text, ("en",)) == code


@pytest.mark.parametrize(
    "sentence",
    [
        "The Products are regulated by the laws of the State of California on labelling.",
        "Acme Corp., a corporation organized under the laws of the State of Delaware, shall "
        "supply the goods.",
        "Distributor shall comply with all applicable laws of the State of Texas.",
    ],
)
def test_a_law_named_but_not_chosen_is_no_choice(sentence: str) -> None:
    pad = "The Supplier shall deliver the Products. " * 30
    text = prepare_text(f"{pad}\n\n{sentence}\n\n{pad}")

    assert find_governing_law(text, ("en",)) is None
