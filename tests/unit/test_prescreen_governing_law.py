"""Governing law: the clause that chooses it, or Russian statutes the contract relies on."""

from __future__ import annotations

import pytest

from chalicelib.prescreen.governing_law import find_governing_law, jurisdiction_code
from chalicelib.prescreen.text import prepare_text


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        ("Настоящий договор регулируется законодательством Российской Федерации.", "RU"),
        ("Применимое право — право Российской Федерации.", "RU"),
        ("Во всем остальном стороны руководствуются действующим законодательством РФ.", "RU"),
        ("Договор регулируется правом Республики Казахстан.", "KZ"),
        (
            "Настоящий Договор регулируется и толкуется в соответствии с законодательством "
            "Республики Беларусь.",
            "BY",
        ),
        ("Настоящий Договор подчиняется праву Республики Казахстан.", "KZ"),
        ("This Agreement shall be governed by the laws of the State of New York.", "US-NY"),
        ("This Agreement is governed by the internal laws State of New York.", "US-NY"),
        ("This Agreement shall be governed by the laws of the Grand Duchy of Luxembourg.", "LU"),
        ("This Agreement shall be governed by the laws of the Principality of Monaco.", "MC"),
        (
            "THIS AGREEMENT SHALL BE CONSTRUED ACCORDING TO AND GOVERNED BY THE SUBSTANTIVE "
            "LAWS OF THE STATE OF DELAWARE.",
            "US-DE",
        ),
        ("This Amendment is governed by the laws of the Commonwealth of Pennsylvania.", "US-PA"),
        (
            "This Agreement shall be governed by and construed in accordance with the laws of "
            "England.",
            "GB",
        ),
        (
            "Performance of this Agreement shall be governed by the law of the State of Israel.",
            "IL",
        ),
        (
            "This Agreement will be governed by the laws of the Province of British Columbia.",
            "CA-BC",
        ),
        ("This Agreement shall be construed in accordance with Delaware law.", "US-DE"),
        # "formed" here is about the contracts, not about a party's home.
        (
            "This Agreement shall be construed in accordance with the laws of the State of New "
            "York applicable to contracts formed and to be performed entirely within the State "
            "of New York.",
            "US-NY",
        ),
        # The law first, the verb after, under a heading that says what the clause is.
        (
            "3.14 Governing Law. The laws of the State of New York (excluding any laws that "
            "direct the application of another jurisdiction's law) govern all matters arising "
            "out of or relating to this Agreement.",
            "US-NY",
        ),
        ("This Agreement shall be governed by the internal laws State of New York.", "US-NY"),
        # Words between the law and its state.
        (
            "This Agreement shall be governed by the internal laws, and not by the laws "
            "regarding conflicts of laws, of the State of North Carolina.",
            "US-NC",
        ),
        (
            "This Agreement shall be governed by and construed in accordance with the laws, "
            "other than choice of law rules, of the state of Florida.",
            "US-FL",
        ),
        # Justified EDGAR text: runs of spaces inside the place name.
        (
            "This Agreement  shall  be  governed  and  construed in accordance with the  laws  "
            "of  the  United  States of America.",
            "US",
        ),
        # Federal law and a state's: the state's is the contract's.
        (
            "This Agreement shall be governed in all respects by the laws of the United States "
            "and the State of Florida, except for conflict of laws provisions.",
            "US-FL",
        ),
        (
            "This Agreement and its interpretation shall be governed by the laws of the United "
            "States and, to the extent not inconsistent therewith, by the laws of the "
            "Commonwealth of Kentucky.",
            "US-KY",
        ),
        (
            "This Agreement shall be governed by the federal laws of Canada applicable therein "
            "and the laws of the Province of Alberta.",
            "CA-AB",
        ),
        ("This Agreement is governed by the laws of Canada.", "CA"),
        # A law that points back at the place named before it, or ahead.
        (
            "This Agreement has been made in the State of California and shall be governed by "
            "and construed in accordance with the laws thereof.",
            "US-CA",
        ),
        (
            "This Agreement shall be deemed to have been made in the State of New Jersey and shall"
            " be governed by its laws.",
            "US-NJ",
        ),
        (
            "This Agreement is made in the Province of Ontario and is governed by its internal"
            " laws.",
            "CA-ON",
        ),
        (
            "This Agreement will be governed by the laws of the state where a suit is properly "
            "filed, being either Illinois or New York.",
            "US-IL",
        ),
        # Countries by name, by their law's adjective, by their abbreviation.
        ("This Agreement is governed by English law.", "GB"),
        (
            "This Agreement shall be governed by and construed in accordance with the laws of "
            "England and Wales.",
            "GB",
        ),
        ("The settlement of any disputes herefrom shall be governed by PRC Laws.", "CN"),
        ("This Agreement shall be governed by the laws of the People’s Republic of China.", "CN"),
        (
            "This Agreement shall be governed by, and construed in accordance with the laws "
            "of Taiwan.",
            "TW",
        ),
        ("This AGREEMENT shall be governed by the Laws of the Republic of South Africa.", "ZA"),
        ("This Agreement is governed by the laws of Victoria, Australia.", "AU"),
        ("This Agreement shall be governed by the laws of the Province of Ontario.", "CA-ON"),
        # Applied rather than governing, with no other choice in the contract.
        (
            "Effective legislation of the Republic of Kazakhstan shall apply to any relations "
            "of the Parties arising out of this Contract.",
            "KZ",
        ),
        (
            "Any controversy between the parties shall be determined in accordance with the "
            "laws of the State of Michigan.",
            "US-MI",
        ),
        ("Any such arbitration shall be subject to the application of the Italian Law.", "IT"),
        # a state's long name, an emirate, an island a U.S. state's name also holds
        ("This Agreement is governed by the laws of the Federative Republic of Brazil.", "BR"),
        ("This Agreement shall be governed by the laws of the United Mexican States.", "MX"),
        ("This Agreement is governed by the laws of the Socialist Republic of Vietnam.", "VN"),
        ("This Agreement shall be governed by the laws of the Emirate of Dubai.", "AE"),
        ("This Agreement shall be governed by the laws of the Bailiwick of Jersey.", "JE"),
        ("This Agreement shall be governed by the laws of Jersey.", "JE"),
        (
            "Governing Law\nAny dispute shall be heard in the courts of Jersey City, New Jersey, "
            "under the laws thereof.",
            "US-NJ",
        ),
        ("This Agreement shall be governed by the laws of the State of New Jersey.", "US-NJ"),
        ("This agreement shall be governed by the laws of the State of NY.", "US-NY"),
        ("All rights hereunder will be governed by the laws of NY.", "US-NY"),
        ("This Agreement shall be governed by NY law.", "US-NY"),
        # a bare code is no word of a section: "de" in "Rio de Janeiro" is no Delaware
        (
            "Governing Law\nThe courts of Rio de Janeiro, Brazil shall hear any dispute under "
            "the laws thereof.",
            "BR",
        ),
        (
            "The rights of the parties hereunder shall be determined by the laws of the State "
            "of Georgia.",
            "US-GA",
        ),
        # Spaces lost in EDGAR text.
        (
            "This Agreement shall be construed in accordance with and governed by the laws "
            "ofthe State ofTexas.",
            "US-TX",
        ),
        # the law an arbitral tribunal is to apply, seated elsewhere
        (
            "The seat of the arbitration shall be New York, New York. The arbitral tribunal "
            "shall apply the substantive law of the State of Missouri, without regard to its "
            "rules on conflicts of law.",
            "US-MO",
        ),
        # a franchise's choice after the federal statutes it cites ("15 U.S.C." ends no sentence)
        (
            "This Agreement shall be governed by the Federal Arbitration Act and, except to the "
            "extent governed by the Federal Arbitration Act, the United States Trademark Act of "
            "1946 (15 U.S.C. Sections 1051 et seq.) or other federal law, by the laws of the "
            "State of Tennessee, without regard to its conflict of laws rules.",
            "US-TN",
        ),
    ],
)
def test_governing_law_clause_gives_its_country_code(sentence: str, code: str) -> None:
    assert find_governing_law(prepare_text(sentence)) == code


def test_cited_russian_statute_means_russian_law() -> None:
    text = prepare_text(
        "Заказчик даёт согласие на обработку данных по Федеральному закону № 152-ФЗ."
    )

    assert find_governing_law(text) == "RU"


@pytest.mark.parametrize(
    "cited",
    [
        "НДС не облагается на основании подп. 26 п. 2 ст. 149 НК РФ.",
        # the space lost, as typed in haste or read from a scan
        "НДС не облагается на основании подп. 26 п. 2 ст. 149 НКРФ.",
        "Неустойка начисляется по ст. 395 ГКРФ.",
    ],
)
def test_a_russian_code_cited_by_its_initials_means_russian_law(cited: str) -> None:
    assert find_governing_law(prepare_text(cited)) == "RU"


def test_initials_inside_a_word_cite_no_code() -> None:
    assert find_governing_law(prepare_text("Платёж принят банкрф-шлюзом оператора.")) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "Во всем остальном стороны руководствуются действующим законодательством.",  # no country
        "Company is a corporation duly organized under the laws of the State of Ohio.",
        "Section 19.1 (Governing Law) shall survive termination.",
        "Company is duly organized, validly existing and in good standing under the laws of "
        "the State of Delaware and is governed by its bylaws.",
        # Laws to comply with, not a choice of law.
        '"Clinical Material" means Product formulated in accordance with United States and '
        "Korean laws, rules and regulations.",
        "The governmental approvals were obtained under the laws of the State of Texas.",
        # "Applicable law" ends a sentence here; it is no heading for the next one.
        "Any provision void under applicable law.\nLicensee shall honour the laws of Japan.",
    ],
)
def test_no_governing_law_without_a_named_law(sentence: str) -> None:
    assert find_governing_law(prepare_text(sentence)) is None


def test_a_governing_clause_beats_an_earlier_law_that_only_applies() -> None:
    text = prepare_text(
        "9.2 To the extent authorized by the constitution and laws of the State of Texas, the "
        "University shall indemnify Company, subject to the laws of the State of Texas.\n\n"
        "14. Governing Law. This Agreement shall be governed by the laws of the State of "
        "New York."
    )

    assert find_governing_law(text) == "US-NY"


@pytest.mark.parametrize(
    ("label", "code"),
    [
        ("New York", "US-NY"),
        ("Ontario, Canada", "CA-ON"),
        ("England; Wales", "GB"),
        ("Republic of Kazakhstan", "KZ"),
        ("Taiwan", "TW"),
        ("Republic of South Africa", "ZA"),
        ("Victoria, Australia", "AU"),
        ("Washington", "US-WA"),
        ("West Virginia", "US-WV"),
        ("Prince Edward Island", "CA-PE"),
        ("Spain", "ES"),
    ],
)
def test_jurisdiction_code_of_a_place_name(label: str, code: str) -> None:
    assert jurisdiction_code(label) == code


def test_every_us_state_and_canadian_province_has_a_subdivision_code() -> None:
    for name in ("Alabama", "Wyoming", "District of Columbia", "Rhode Island", "New Mexico"):
        assert (jurisdiction_code(name) or "").startswith("US-"), name
    for name in ("Alberta", "Quebec", "Saskatchewan", "Nunavut", "Newfoundland and Labrador"):
        assert (jurisdiction_code(name) or "").startswith("CA-"), name


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # a state named bare after federal law, as "and the State of Texas" already was
        (
            "This Agreement shall be governed by the laws of the United States of America and "
            "of Texas.",
            "US-TX",
        ),
        ("This Agreement shall be governed by the laws of the United States and Florida.", "US-FL"),
        ("This Agreement shall be governed by the laws of Canada and of Alberta.", "CA-AB"),
        # a state of another country is no subdivision of the federal law named
        ("This Agreement shall be governed by the laws of Canada and New York.", "CA"),
    ],
)
def test_federal_law_and_a_state_named_bare_is_the_states(sentence: str, code: str) -> None:
    assert find_governing_law(prepare_text(sentence)) == code


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        # "is subject to" only applies a law: it counts where the document names itself,
        # whatever it calls itself (train's spans so reworded lost 7 of 95, session 14)
        ("This Amendment is subject to the laws of the Commonwealth of Pennsylvania.", "US-PA"),
        (
            "This Letter of Authorization is subject to the laws of California, excluding its "
            "conflict of laws provisions.",
            "US-CA",
        ),
        ("This Warrant is subject to the laws of the State of New York.", "US-NY"),
        (
            "The rights and obligations of the parties hereunder shall be determined in "
            "accordance with the laws of the State of Colorado.",
            "US-CO",
        ),
        ("The laws of the State of Texas shall be applicable to this Agreement.", "US-TX"),
    ],
)
def test_a_document_subject_to_a_law_names_its_law(sentence: str, code: str) -> None:
    assert find_governing_law(prepare_text(sentence)) == code


def test_a_delivery_subject_to_a_law_names_no_law_of_the_contract() -> None:
    sentence = "Each shipment is subject to the laws of the State of Texas on hazardous goods."
    applicable = "The Distributor shall observe the laws of Texas applicable to the Products."

    assert find_governing_law(prepare_text(sentence)) is None
    assert find_governing_law(prepare_text(applicable)) is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # a heading that names only the place, after a full stop or with "and Jurisdiction"
        ("12. Governing Law. New York.\n13. Notices. All notices shall be in writing.", "US-NY"),
        ("Governing Law and Jurisdiction: England and Wales.\n", "GB"),
        # a heading that points elsewhere names no place
        ("Governing Law. See Section 12.\n", None),
    ],
)
def test_a_governing_law_heading_that_names_only_the_place(text: str, code: str | None) -> None:
    assert find_governing_law(prepare_text(text)) == code


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        ("This Agreement shall be governed by the laws of the State of Californa.", "US-CA"),
        ("This Agreement shall be governed by the laws of the State of Deleware.", "US-DE"),
        ("This Agreement is governed by the laws of the Commonwealth of Massachussetts.", "US-MA"),
        ("This Agreement shall be governed by the laws of the State of NewYork.", "US-NY"),
        ("This Agreement shall be governed by the laws of the State of N.Y.", "US-NY"),
        ("This Agreement shall be goverened by the laws of the Sate of Colorado.", "US-CO"),
        (
            "This Agreement shall be governed by the laws of the State of Ill. applicable to it.",
            "US-IL",
        ),
    ],
)
def test_a_misspelt_or_abbreviated_state_in_its_slot_is_that_state(
    sentence: str, code: str
) -> None:
    assert find_governing_law(prepare_text(sentence)) == code


@pytest.mark.parametrize(
    "sentence",
    [
        "This Agreement shall be governed by the laws of the State of incorporation of the Seller.",
        "This Agreement shall be governed by the laws of the state of the Licensee's residence.",
    ],
)
def test_a_state_slot_with_no_state_in_it_names_none(sentence: str) -> None:
    assert find_governing_law(prepare_text(sentence)) is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        pytest.param(
            "A. Owner is the owner of the real property located at 7100 East Paloma Ridge Road, "
            "Scottsdale, Arizona 85251, and the resort hotel constructed thereon (collectively, "
            'the "Hotel").\n\n10.2 Governing Law. This Agreement shall be governed by and '
            "construed in accordance with the laws of the State in which the Hotel is located.",
            "US-AZ",
            id="the hotel's state",
        ),
        pytest.param(
            "1.1 Well. The well to be drilled under this Contract is the Halvorsen 14-22 No. 1 "
            '(the "Well"), located 660 feet from the south line of Section 22, McKenzie County, '
            "North Dakota.\n\n14. This Contract shall be governed by and construed in "
            "accordance with the laws of the state in which the Well is located.",
            "US-ND",
            id="the well's state",
        ),
    ],
)
def test_the_law_of_the_state_where_a_defined_thing_is_is_that_states(text: str, code: str) -> None:
    assert find_governing_law(prepare_text(text)) == code
