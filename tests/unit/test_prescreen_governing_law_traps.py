"""Governing law on contracts nobody tuned it on: the ways a choice of law is written, and
the places in a contract that are no choice of law (a venue, an address, a party's home, a law
set aside, a notary's county)."""

from __future__ import annotations

import pytest

from chalicelib.prescreen.governing_law import find_governing_law
from chalicelib.prescreen.text import prepare_text


def _law(text: str) -> str | None:
    return find_governing_law(prepare_text(text), ("en",))


@pytest.mark.parametrize(
    ("code", "text"),
    [
        (
            "US-NY",
            "12. Governing Law. This Agreement shall be governed by and construed in "
            "accordance with the laws of the State of New York, without regard to the "
            "conflict of laws principles of any other jurisdiction.",
        ),
        (
            "US-DE",
            "This Agreement shall be governed by the laws of the State of Delaware, without "
            "giving effect to the conflict of laws principles of the State of California. "
            "Venue shall lie exclusively in the courts of Santa Clara County, California.",
        ),
        (
            "US-CA",
            "The parties submit to the exclusive jurisdiction of the state and federal "
            "courts located in New York, New York. This Agreement shall be governed by the "
            "laws of the State of California.",
        ),
        (
            "CA-ON",
            "This Agreement shall be governed by and construed in accordance with the laws "
            "of the Province of Ontario and the federal laws of Canada applicable therein.",
        ),
        (
            "CA-ON",
            "This Agreement is governed by the laws in force in the Province of Ontario.",
        ),
        (
            "HK",
            "This Agreement shall be governed by and construed in accordance with the laws "
            "of the Hong Kong Special Administrative Region.",
        ),
        (
            "HK",
            "This Agreement shall be governed by Hong Kong law.",
        ),
        (
            "GB",
            "This Agreement shall be governed by and construed in accordance with English "
            "law and the parties submit to the exclusive jurisdiction of the English "
            "courts.",
        ),
        (
            "GB",
            "This Agreement and any non-contractual obligations arising out of it shall be "
            "governed by the laws of England and Wales.",
        ),
        (
            "US-MA",
            "The validity, interpretation and performance of this Agreement shall be "
            "governed by the internal laws of the Commonwealth of Massachusetts.",
        ),
        (
            "US-TX",
            "This Agreement will be construed under and in accordance with the laws of the "
            "State of Texas, and all obligations of the parties are performable in Harris "
            "County, Texas.",
        ),
        (
            "US-IL",
            "THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF ILLINOIS "
            "APPLICABLE TO CONTRACTS MADE AND TO BE PERFORMED ENTIRELY WITHIN SUCH STATE.",
        ),
        (
            None,
            "This Agreement shall be governed by the laws of the jurisdiction in which the "
            "Licensor has its principal place of business.",
        ),
        (
            "US-NY",
            "GOVERNING LAW; JURISDICTION. THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF "
            "THE STATE OF NEW YORK. EACH PARTY SUBMITS TO THE JURISDICTION OF THE COURTS OF "
            "THE STATE OF DELAWARE.",
        ),
        (
            "US-NY",
            "This Agreement shall be governed by the laws of the State of New York and the "
            "federal laws of the United States of America applicable therein.",
        ),
        (
            "US-NY",
            "This Agreement shall be governed by the federal laws of the United States of "
            "America and the laws of the State of New York.",
        ),
        (
            "CN",
            "This Agreement shall be governed by the laws of the People’s Republic of China.",
        ),
        (
            "CH",
            "This Agreement is subject to Swiss law.",
        ),
        (
            "DE",
            "This Agreement shall be governed by the laws of the Federal Republic of "
            "Germany, excluding the UN Convention on Contracts for the International Sale "
            "of Goods.",
        ),
        (
            "US-GA",
            "Governing Law. The substantive laws of the State of Georgia, U.S.A., shall "
            "govern this Agreement.",
        ),
        (
            "SG",
            "This Agreement shall be governed by the laws of the Republic of Singapore.",
        ),
        (
            "KR",
            "This Agreement shall be governed by the laws of the Republic of Korea.",
        ),
        (
            "US-WA",
            "This Agreement shall be governed by the laws of the State of Washington.",
        ),
        (
            "US-DC",
            "This Agreement shall be governed by the laws of the District of Columbia.",
        ),
        (
            "KY",
            "This Agreement shall be governed by the laws of the Cayman Islands.",
        ),
        (
            "CA-BC",
            "This Agreement shall be governed by the laws of British Columbia and the "
            "federal laws of Canada applicable therein.",
        ),
        (
            "US-NY",
            "Section 5-1401 of the New York General Obligations Law applies. This Agreement "
            "shall be governed by New York law.",
        ),
        (
            "US-DE",
            "Acme Inc., a corporation organized under the laws of the State of Nevada, and "
            "Beta LLC. ... 15. Governing Law. This Agreement shall be governed by Delaware "
            "law.",
        ),
        (
            "US-FL",
            "15. GOVERNING LAW AND VENUE\nThis Agreement shall be interpreted according to "
            "the laws of the State of Florida. Venue for any action shall be in Broward "
            "County, Florida.",
        ),
        (
            "US-NJ",
            "Choice of Law. New Jersey law shall govern this Agreement.",
        ),
        (
            "US-NY",
            "This Agreement shall be governed by, and construed in accordance with, the "
            "laws of the State of New York (without giving effect to its conflicts of law "
            "principles that would require the application of the laws of another "
            "jurisdiction).",
        ),
        (
            "US-CA",
            "This Agreement shall be governed by the laws of the State of California as "
            "applied to agreements entered into and to be performed entirely within "
            "California between California residents.",
        ),
        (
            "GB",
            "This Agreement shall be governed by the laws of England.",
        ),
        (
            "IL",
            "This Agreement shall be governed by the laws of the State of Israel.",
        ),
        (
            "US-PA",
            "This Agreement shall in all respects be governed by, and construed in "
            "accordance with, the laws of the Commonwealth of Pennsylvania, without regard "
            "to the conflicts of law provisions of the Commonwealth of Pennsylvania or any "
            "other jurisdiction.",
        ),
        (
            "US-NY",
            "All questions concerning the construction, validity and interpretation of this "
            "Agreement will be governed by the internal law, and not the law of conflicts, "
            "of the State of New York.",
        ),
        (
            "US-CO",
            "This Agreement shall be governed by the laws of the State of Colorado (except "
            "for its choice of law rules).",
        ),
        (
            "US-OH",
            "The rights and obligations of the parties hereunder shall be governed by the "
            "laws of the State of Ohio.",
        ),
        (
            "JP",
            "This Agreement shall be governed by and interpreted under the laws of Japan.",
        ),
        (
            "US-TX",
            "This Agreement shall be performed in, and governed by the laws of, the State "
            "of Texas.",
        ),
        (
            "US-NV",
            "This Agreement shall be governed by and construed in accordance with the laws "
            "of the state of Nevada without regard to conflicts of laws principles.",
        ),
        (
            "US-CA",
            "THIS AGREEMENT SHALL BE GOVERNED IN ALL RESPECTS BY THE LAWS OF THE STATE OF "
            "CALIFORNIA AS SUCH LAWS ARE APPLIED TO AGREEMENTS BETWEEN CALIFORNIA RESIDENTS "
            "ENTERED INTO AND TO BE PERFORMED ENTIRELY WITHIN CALIFORNIA.",
        ),
        (
            "US-MN",
            "Governing Law. This Agreement is governed by Minnesota law, excluding its "
            "conflict of laws rules.",
        ),
        (
            "US-NY",
            "This Agreement shall be governed by the laws of New York State.",
        ),
        (
            "AU",
            "This Agreement is governed by the laws of New South Wales, Australia.",
        ),
        (
            "US-DE",
            "This agreement shall be governed by the laws of the state of Delaware. Each "
            "party consents to jurisdiction in the federal and state courts of the State of "
            "New York and waives any objection that New York law does not apply to venue.",
        ),
        (
            "IN",
            "This Agreement shall be governed by the laws of India and the courts at New "
            "Delhi shall have exclusive jurisdiction.",
        ),
        (
            "US-NY",
            "The laws of the State of New York shall govern this Agreement.",
        ),
        (
            "US-VA",
            "This Agreement shall be deemed to have been made in, and shall be governed by "
            "the laws of, the Commonwealth of Virginia.",
        ),
    ],
)
def test_choices_of_law_as_contracts_write_them(code: str | None, text: str) -> None:
    assert _law(text) == code


@pytest.mark.parametrize(
    ("code", "text"),
    [
        (
            "US-NY",
            "Without regard to the conflict of laws of the State of California, this "
            "Agreement shall be governed by the laws of the State of New York.",
        ),
        (
            "US-NY",
            "This Agreement shall be governed by the laws of the State of New York, without "
            "giving effect to any choice of law or conflict of laws rules or provisions "
            "(whether of the State of New York or any other jurisdiction).",
        ),
        (
            "US-DE",
            "Notwithstanding the choice of law of the State of Texas in the Purchase "
            "Agreement, this Agreement shall be governed by the laws of the State of "
            "Delaware.",
        ),
        (
            "US-DE",
            "This Agreement shall be governed by the laws of the State of Delaware "
            "(regardless of the laws that might otherwise govern under applicable "
            "principles of conflicts of laws of the State of New York).",
        ),
        (
            None,
            "Acme Inc. is a corporation organized and existing in accordance with the laws "
            "of the State of Nevada. Beta LLC shall comply with all laws of the State of "
            "Texas.",
        ),
        (
            None,
            "IN WITNESS WHEREOF\n\nACME INC.\nBy: ____\n\nSTATE OF NEW YORK )\n) "
            "ss.:\nCOUNTY OF NEW YORK )\n\nOn this day before me, a notary public in and "
            "for said State, personally appeared ..., known to me, who acknowledged under "
            "the laws of the State of New York that he executed the same.",
        ),
        (
            "US-MA",
            "13. GOVERNING LAW\n\nAny lawsuit relating to any matter arising under this "
            "Agreement may be initiated in a State or Federal Court located in the "
            "Commonwealth of Massachusetts.\n\n14. NOTICES",
        ),
        (
            "US-CA",
            "Governing Law. This Agreement shall be governed by the laws of the State of "
            "California. Jurisdiction. The parties submit to the courts of the State of "
            "Delaware.",
        ),
        (
            "US-TX",
            "This Agreement shall be performed in, and governed by the laws of, the State "
            "of Texas.",
        ),
        (
            "CA-ON",
            "This Agreement is governed by the laws in force in the Province of Ontario.",
        ),
        (
            None,
            "The Distributor shall sell the Products in accordance with the laws of the "
            "State of Florida and all applicable regulations.",
        ),
        (
            "US-IL",
            "The parties agree that the laws of Illinois shall govern any dispute, and "
            "venue shall be in Cook County, Illinois, or in Marion County, Indiana.",
        ),
        # "construed to" or "construed as" reads a duty, not the law that governs
        (
            None,
            "Nothing in this Agreement shall be construed to violate the laws of the State of "
            "California.",
        ),
        (
            "US-MA",
            "This Agreement shall be construed under and enforced in accordance with the laws of "
            "the Commonwealth of Massachusetts.",
        ),
    ],
)
def test_places_that_are_no_choice_of_law_are_not_taken(code: str | None, text: str) -> None:
    assert _law(text) == code


@pytest.mark.parametrize(
    ("code", "text"),
    [
        ("EE", "This Agreement shall be governed by the laws of the Republic of Estonia."),
        ("AE", "This Agreement shall be governed by the laws of the U.A.E."),
        ("IM", "This Agreement shall be governed by the laws of the Isle of Man."),
        ("QA", "This Agreement is governed by the laws of the State of Qatar."),
        ("HK", "This Agreement is governed by the laws of the Hong Kong SAR."),
    ],
)
def test_countries_beyond_the_usual_ones(code: str, text: str) -> None:
    assert _law(text) == code


def test_a_governing_law_heading_in_a_table_of_contents_names_no_place() -> None:
    text = (
        "TABLE OF CONTENTS\n24. GOVERNING LAW 36\n25. DISPUTES 36\n26. NOTICES 37\n\n"
        "1. Services. Acme Inc., 1 Main Street, Austin, Texas, shall provide the services."
    )

    assert _law(text) is None


@pytest.mark.parametrize(
    ("code", "text"),
    [
        (
            None,
            "This Agreement shall be governed by the laws of the state in which the Franchised "
            "Restaurant is located.",
        ),
        (
            None,
            "Franchisee, located in Dallas, Texas, agrees that this Agreement shall be governed "
            "by the laws of the state in which the Restaurant is located.",
        ),
        (
            "US-CA",
            "This Agreement is made in the State of California and shall be governed by the "
            "laws thereof.",
        ),
        (
            "US-IL",
            "This Agreement shall be governed by the laws of the state where suit is filed, "
            "being either Illinois or New York.",
        ),
        # "its laws" points back as "the laws thereof" does, and as it takes no address
        (
            None,
            "Franchisee, located in Dallas, Texas, agrees that this Agreement shall be governed "
            "by its laws.",
        ),
    ],
)
def test_a_law_that_points_to_a_place_takes_no_address(code: str | None, text: str) -> None:
    assert _law(text) == code


@pytest.mark.parametrize(
    ("code", "text"),
    [
        (
            "US-NY",
            "ORDER FORM\n\n| Customer | Alpha Corp. |\n| Governing Law | State of New York |\n",
        ),
        ("GB", "ORDER FORM\n\n| Governing law and jurisdiction | England and Wales |\n"),
        # a row that points elsewhere names no place, nor does the next row's address
        (None, "| Governing Law | See Section 15 |\n| Customer address | Austin, Texas |\n"),
    ],
)
def test_a_table_row_gives_the_law_as_a_form_field_does(code: str | None, text: str) -> None:
    assert _law(text) == code
