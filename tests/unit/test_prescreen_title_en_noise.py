"""English titles: the filing's legend, a company's name and a page or number are no part of it."""

from __future__ import annotations

import pytest

from chalicelib.prescreen.contract_type import find_title
from chalicelib.prescreen.text import prepare_text


@pytest.mark.parametrize(
    ("first_lines", "title"),
    [
        # The last sentence of the confidential-treatment legend runs into the title.
        (
            "CERTAIN INFORMATION HAS BEEN EXCLUDED BECAUSE IT WOULD LIKELY CAUSE COMPETITIVE "
            "HARM TO THE REGISTRANT IF PUBLICLY DISCLOSED. SERVICES AGREEMENT",
            "SERVICES AGREEMENT",
        ),
        (
            "CISCO SYSTEMS, INC. NONEXCLUSIVE VALUE ADDED DISTRIBUTOR AGREEMENT",
            "NONEXCLUSIVE VALUE ADDED DISTRIBUTOR AGREEMENT",
        ),
        ("BIOPURE CORPORATION AGENCY AGREEMENT", "AGENCY AGREEMENT"),
        ("Goosehead Insurance Agency, LLC Franchise Agreement", "Franchise Agreement"),
        ("EXECUTION VERSION STRATEGIC ALLIANCE AGREEMENT", "STRATEGIC ALLIANCE AGREEMENT"),
        # Pages, numbers, names and contents after the title.
        (
            "Master Joint Development Agreement iBio CC-Pharming Page 1 of 12",
            "Master Joint Development Agreement",
        ),
        ("RESELLER AGREEMENT AGREEMENT NUMBER: 200-04-634-00", "RESELLER AGREEMENT"),
        ("FRANCHISE AGREEMENT TABLE OF CONTENTS", "FRANCHISE AGREEMENT"),
        ("Supply Agreement (Execution Copy March 27, 2019)", "Supply Agreement"),
        (
            "SPONSORSHIP AGREEMENT for Boxing Event in China, on April 22, 2000",
            "SPONSORSHIP AGREEMENT",
        ),
        # What belongs to the title stays.
        ("CO-BRANDING AGREEMENT (FORM)", "CO-BRANDING AGREEMENT (FORM)"),
        (
            "NON COMPETITION AGREEMENT AND RIGHT OF FIRST OFFER",
            "NON COMPETITION AGREEMENT AND RIGHT OF FIRST OFFER",
        ),
        ("AGREEMENT FOR THE SALE OF GOODS", "AGREEMENT FOR THE SALE OF GOODS"),
        ("LIMITED LICENSE AGREEMENT", "LIMITED LICENSE AGREEMENT"),
        ("ACME HOLDINGS LTD. SUPPLY AGREEMENT", "SUPPLY AGREEMENT"),
        # An amendment's title names what it amends, the other party's name included.
        (
            "FIRST AMENDMENT TO CISCO SYSTEMS, INC. DISTRIBUTOR AGREEMENT",
            "FIRST AMENDMENT TO CISCO SYSTEMS, INC. DISTRIBUTOR AGREEMENT",
        ),
    ],
)
def test_english_title_loses_the_noise_around_it(first_lines: str, title: str) -> None:
    text = prepare_text(f"{first_lines}\n\nThe parties agree as follows.\n")

    assert find_title(text) == title


@pytest.mark.parametrize(
    ("first_lines", "title"),
    [
        ("ORDER FORM\n\nCustomer: Alpha Corp.", "ORDER FORM"),
        ("Exhibit B\n\nSTATEMENT OF WORK No. 3\n\nClient: Alpha Corp.", "STATEMENT OF WORK No. 3"),
        (
            "Acme Cloud Terms of Service\n\nThese terms govern your use.",
            "Acme Cloud Terms of Service",
        ),
        # a contract's own title wins over an exhibit's heading further down
        (
            "SUPPLY AGREEMENT\n\nThis Supply Agreement is made by Alpha and Beta.\n\n"
            "EXHIBIT A\n\nFORM STATEMENT OF WORK",
            "SUPPLY AGREEMENT",
        ),
    ],
)
def test_an_order_form_or_a_statement_of_work_is_titled_so(first_lines: str, title: str) -> None:
    assert find_title(prepare_text(f"{first_lines}\n\n1. Services.")) == title
