"""English parties: the sides a preamble names, with their defined terms."""

from __future__ import annotations

import pytest

from chalicelib.models import Party
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.text import prepare_text


def _names(document: str) -> list[str]:
    return [party.name for party in find_parties_en(prepare_text(document))]


def test_find_parties_en_reads_names_and_defined_terms() -> None:
    text = prepare_text(
        'SUPPORT AGREEMENT dated as of April 4, 2005 (the "Effective Date"), between On2 '
        'Technologies, Inc., a Delaware corporation ("On2"), and Wildform, Inc., a California '
        'corporation ("Wildform").\nWITNESSETH:'
    )

    assert find_parties_en(text) == (
        Party(name="On2 Technologies, Inc.", role="On2"),
        Party(name="Wildform, Inc.", role="Wildform"),
    )


def test_find_parties_en_takes_party_a_and_party_b_headings() -> None:
    text = prepare_text(
        "Cooperation Agreement\nParty A: Xi’an Zhonghong New Energy Technology Co., Ltd. Legal "
        "Representative: Ku Guohua. It is a subsidiary of China Recycling Energy Corporation "
        '(the "Company"). Party B: Boxing County Chengli Gas Supply Co., Ltd. Legal '
        "Representative: Li Shuxun."
    )

    assert find_parties_en(text) == (
        Party(name="Xi’an Zhonghong New Energy Technology Co., Ltd.", role="Party A"),
        Party(name="Boxing County Chengli Gas Supply Co., Ltd.", role="Party B"),
    )


def test_find_parties_en_stops_at_the_recitals() -> None:
    names = _names(
        "This Marketing Agreement is made between Loop Industries, Inc., a Nevada corporation "
        '("Loop"), and Indorama Loop Technologies, LLC, a Delaware limited liability company '
        '("JV Company"). BACKGROUND\nA. Loop Innovations, LLC, a subsidiary of Loop ("LI"), and '
        'Indorama Ventures Holdings LP ("IVH") have formed JV Company.'
    )

    assert names == ["Loop Industries, Inc.", "Indorama Loop Technologies, LLC"]


def test_find_parties_en_skips_the_filing_stamp() -> None:
    names = _names(
        "This Agreement is made by and between: INVASIX LTD., Yokneam, Israel. Hereinafter "
        "referred to as “Customer” And FLEXTRONICS ISRAEL LTD., Migdal Haemek, Israel. "
        "Hereinafter referred to as “Contractor.”\nSource: INMODE LTD., F-1/A, 7/29/2019\n"
        "6.2 Economic Order Quantity (“EOQ”) must be preapproved."
    )

    assert names == ["INVASIX LTD.", "FLEXTRONICS ISRAEL LTD."]


def test_find_parties_en_keeps_a_side_that_has_no_defined_term() -> None:
    names = _names(
        'This Master Joint Development Agreement ("Agreement") is between iBio Inc., a Public '
        "corporation, with a location at 600 Madison Ave, NY, NY 10022 and Beijing CC-Pharming "
        "Ltd. of Beijing, China (“CC-Pharming”), a Chinese Corporation.\nWHEREAS, iBio wishes."
    )

    assert names == ["iBio Inc.", "Beijing CC-Pharming Ltd."]


def test_find_parties_en_knows_a_name_by_its_description() -> None:
    names = _names(
        "THIS AGREEMENT is made this 15th day of July, 2010 by and between IMedicor, Inc, a "
        'Nevada Corporation whose address is 523 Avalon Gardens Drive ("IMedicor") and USA '
        "Managed Care Organization (USA MCO) A Texas Corporation whose address is Austin "
        "Texas.\nWITNESSETH:"
    )

    assert names == ["IMedicor, Inc", "USA Managed Care Organization"]


def test_find_parties_en_reads_a_term_after_a_qualifier() -> None:
    text = prepare_text(
        'This Outsourcing Agreement ("Agreement") is made as of February 16, 1998, by and '
        "between Tri City National Bank, a Wisconsin corporation (including its Affiliates, "
        '"Customer") and Marshall & Ilsley Corporation, a Wisconsin corporation ("M&I").'
    )

    assert find_parties_en(text) == (
        Party(name="Tri City National Bank", role="Customer"),
        Party(name="Marshall & Ilsley Corporation", role="M&I"),
    )


def test_find_parties_en_counts_one_party_per_side() -> None:
    names = _names(
        "Reference is made to that certain License Agreement between TWENTIETH CENTURY FOX "
        "LICENSING, division of Fox Entertainment Group, Inc. (“Fox”), as Administrator for "
        "Twentieth Century Fox Film Corporation (“Trademark Licensor”) and Glu Mobile, Inc. "
        "(“Licensee”)."
    )

    # The side is named as the contract names it: the division, not its parent.
    assert names == ["TWENTIETH CENTURY FOX LICENSING", "Glu Mobile, Inc."]


def test_find_parties_en_lists_sides_separated_by_commas() -> None:
    names = _names(
        'Alamogordo Financial Corporation, a federal corporation (the "Company"), AF Mutual '
        'Holding Company (the "MHC") and Alamogordo Federal Savings and Loan Association (the '
        '"Bank") hereby confirm their agreement.'
    )

    assert names == [
        "Alamogordo Financial Corporation",
        "AF Mutual Holding Company",
        "Alamogordo Federal Savings and Loan Association",
    ]


def test_find_parties_en_ignores_an_and_inside_a_parenthesis() -> None:
    names = _names(
        "This Agreement is made between Acme Holdings, Inc., a Nevada corporation (“Acme”), and "
        "Beta Widgets, LLC, a Delaware limited liability company (“Venture Company”) (each of "
        "Acme and Venture Company is a “Party”). BACKGROUND"
    )

    assert names == ["Acme Holdings, Inc.", "Beta Widgets, LLC"]


def test_find_parties_en_leaves_a_blank_side_out() -> None:
    text = prepare_text(
        "This Distributor Agreement (the ‘Agreement’) dated [*] is between\n\nLucid Inc., a New "
        "York corporation, having a place of business at Rochester NY 14623 And [*] "
        "(‘Distributor’)\n\nFor good and valuable consideration, the parties hereby agree:"
    )

    assert find_parties_en(text) == (Party(name="Lucid Inc.", role=None),)


def test_find_parties_en_finds_no_name_in_roles_alone() -> None:
    assert _names("This Agreement is between Licensor and Licensee. WHEREAS, ...") == []


def test_find_parties_en_reads_numbered_sides_registered_in_england_and_wales() -> None:
    text = prepare_text(
        "THIS AGREEMENT is dated 1 June 2022\n\nBETWEEN:\n\n(1) ACME COMPONENTS LIMITED, a "
        "company incorporated in England and Wales with company number 01234567 whose "
        'registered office is at 1 High Street, Leeds (the "Supplier"); and\n\n(2) BETA '
        "ENGINEERING LIMITED, a company incorporated in England and Wales with company number "
        '07654321 (the "Customer").\n\nBACKGROUND'
    )

    assert find_parties_en(text) == (
        Party(name="ACME COMPONENTS LIMITED", role="Supplier"),
        Party(name="BETA ENGINEERING LIMITED", role="Customer"),
    )


def test_find_parties_en_takes_an_individual_as_a_side() -> None:
    text = prepare_text(
        "CONSULTING AGREEMENT\nThis Consulting Agreement is made as of May 1, 2019 between Acme "
        'Robotics, Inc., a Delaware corporation ("Company"), and John A. Smith, an individual '
        'residing at 12 Oak Street, Boston, MA ("Consultant").\nWHEREAS'
    )

    assert find_parties_en(text) == (
        Party(name="Acme Robotics, Inc.", role="Company"),
        Party(name="John A. Smith", role="Consultant"),
    )


def test_find_parties_en_takes_no_public_body_for_a_person() -> None:
    text = prepare_text(
        'AGENCY AGREEMENT between Acme Financial Corporation (the "Company") and Charles Webb & '
        'Company (the "Agent"), filed with the Securities and Exchange Commission (the '
        '"Commission").'
    )

    assert [party.name for party in find_parties_en(text)] == [
        "Acme Financial Corporation",
        "Charles Webb & Company",
    ]


def test_find_parties_en_takes_an_individual_after_an_address() -> None:
    text = prepare_text(
        'This Endorsement Agreement is made by and between Lifeway Foods, Inc. ("Lifeway") with '
        "a principal business address of 6431 West Oakton Street, Morton Grove, IL 60053 and "
        'Ludmila Smolyansky("Individual") on her own behalf.\nWHEREAS'
    )

    assert find_parties_en(text) == (
        Party(name="Lifeway Foods, Inc.", role="Lifeway"),
        Party(name="Ludmila Smolyansky", role="Individual"),
    )


def test_find_parties_en_skips_a_description_before_the_name() -> None:
    names = _names(
        "This Agreement is entered into on January 13, 2005 between professional golfer, TOM "
        'WATSON, (hereinafter referred to as "CONSULTANT") and ADAMS GOLF, LTD. (hereinafter '
        'referred to as "ADAMS GOLF").\nWITNESSETH'
    )

    assert names == ["TOM WATSON", "ADAMS GOLF, LTD."]


def test_find_parties_en_lists_three_sides_by_and_among() -> None:
    text = prepare_text(
        'This INTELLECTUAL PROPERTY AGREEMENT (this "Agreement"), dated as of April 2, 2020, is '
        'by and among United Technologies Corporation, a Delaware corporation ("UTC"), Otis '
        'Worldwide Corporation, a Delaware corporation ("Otis"), and Carrier Global Corporation, '
        'a Delaware corporation ("Carrier") (each, a "Party" and together, the "Parties").'
    )

    assert find_parties_en(text) == (
        Party(name="United Technologies Corporation", role="UTC"),
        Party(name="Otis Worldwide Corporation", role="Otis"),
        Party(name="Carrier Global Corporation", role="Carrier"),
    )


def test_find_parties_en_returns_no_address_as_a_side() -> None:
    names = _names(
        'This Agreement is entered into by and between The Johns Hopkins University (hereinafter "'
        'JHU"), a corporation of the State of Maryland, and, Virtuoso Surgical, Inc. (hereinafter '
        '"Company"), a Tennessee corporation having an address at 5701 Old Harding Pike; Suite '
        "200; Nashville, TN 37205. "
    )

    assert names == ["The Johns Hopkins University", "Virtuoso Surgical, Inc."]


def test_find_parties_en_prefers_the_preamble_to_the_cover_page() -> None:
    text = prepare_text(
        "Manufacturing Agreement Between\n\nSonos, Inc.\n\nand\n\nIAC\n\nTABLE OF CONTENTS\n\n"
        '1.0 DEFINITIONS 3\n\nThis Agreement, dated May 1, 2014 ("Effective Date"), is by and '
        "between Sonos, Inc., a Delaware corporation, having its principal offices at 223 E. De "
        'La Guerra Street, Santa Barbara, CA, 93101, USA ("Sonos") and Inventec Appliances '
        'Corporation, having principal offices at 37, Wugong 5th Road, Taiwan ("IAC").\n\n'
    )

    assert find_parties_en(text) == (
        Party(name="Sonos, Inc.", role="Sonos"),
        Party(name="Inventec Appliances Corporation", role="IAC"),
    )


def test_find_parties_en_reads_a_cover_page_list_of_names() -> None:
    names = _names(
        "Exhibit 10.27\n\ne-business Hosting Agreement\n\nbetween\n\nBluefly, Inc.\n\nand\n\n"
        "International Business Machines Corporation\n\n1\n\n"
    )

    assert names == ["Bluefly, Inc.", "International Business Machines Corporation"]


def test_find_parties_en_reads_party_labels_to_the_line_end() -> None:
    text = prepare_text(
        "Cooperation Agreement\n\nParty A: Beike Internet (Beijing) Security Technology Co., "
        "Ltd.\n\nParty B (Carrier): Baidu Online Network Technology (Beijing) Co., Ltd. "
        "Address: No.10, Shangdi Shi Jie\n\nApril 2013"
    )

    assert find_parties_en(text) == (
        Party(name="Beike Internet (Beijing) Security Technology Co., Ltd.", role="Party A"),
        Party(name="Baidu Online Network Technology (Beijing) Co., Ltd.", role="Party B"),
    )


def test_find_parties_en_names_the_company_an_officer_acts_for() -> None:
    names = _names(
        "This Hosting Agreement is entered into on January 11, 2018 by and between Natalija "
        'Tunevic, director of FreeCook (hereinafter referred to as "Client") and Mitchell '
        "Vitalis, director of Mitchell's Web Advance, PLC (hereinafter referred to as "
        '"Company"). 1. Website Design.'
    )

    assert names == ["FreeCook", "Mitchell's Web Advance, PLC"]


def test_find_parties_en_keeps_the_one_named_side_of_a_form() -> None:
    names = _names(
        'This Franchise Agreement (the "Agreement") is made and entered into by and between: '
        "● Goosehead Insurance Agency, LLC, a Delaware limited liability company, with its "
        'principal place of business at 1500 Solana Blvd., Suite 450, Westlake, Texas ("we," '
        '"us," or "our") and ● a [resident of] [corporation organized in] the state of ("you" '
        'or the "Franchisee").\n\nRECITALS'
    )

    assert names == ["Goosehead Insurance Agency, LLC"]


def test_find_parties_en_reads_the_signers_of_a_joint_filing_agreement() -> None:
    names = _names(
        "JOINT FILING AGREEMENT\n\nThe undersigned hereby agree that the Schedule 13G is filed "
        "on behalf of each of them.\n\nJanuary 22, 2020 (Date)\n\nABP TRUST /s/ Adam D. Portnoy "
        "(Signature) Adam D. Portnoy, President (Name/Title)\n\nHPS MEZZANINE PARTNERS II, LLC "
        "By: HPS Investment Partners, LLC, its sole member /s/ John Madden Name: John Madden "
        "Title: Authorized Signatory\n\nADAM D. PORTNOY /s/ Adam D. Portnoy (Signature)"
    )

    assert names == ["ABP TRUST", "HPS MEZZANINE PARTNERS II, LLC", "Adam D. Portnoy"]


def test_find_parties_en_adds_the_signers_a_preamble_refers_to() -> None:
    names = _names(
        'THIS SPONSORSHIP AGREEMENT ("Agreement") is entered into by and among PEEK Investments '
        'LLC, a Delaware limited liability company ("Purchaser"), and each other party hereto '
        'identified on the signature page(s) hereto (each, a "Sponsor").\n\nRECITALS\n\n'
        "IN WITNESS WHEREOF, this Agreement is executed as of the Effective Date. PURCHASER: "
        "PEEK Investments LLC Date: July 16, 2012 By: /s/ Michael Onghai Name: Michael Onghai "
        "SPONSOR(S): Platinum Partners Value Arbitrage Fund L.P. By: Platinum Management (NY) "
        "LLC Its: Sole General Partner"
    )

    assert names == ["PEEK Investments LLC", "Platinum Partners Value Arbitrage Fund L.P."]


def test_find_parties_en_names_a_side_after_the_company_that_signs_under_its_term() -> None:
    text = prepare_text(
        "AMENDMENT NO. 1\n\nReference is hereby made to that certain Agreement between TWENTIETH "
        "CENTURY FOX LICENSING & MERCHANDISING (“Fox”) and Glu Mobile, Inc. (“Licensee”).\n\n"
        "The parties agree to modify the Agreement as follows.\n\nGlu Mobile, Inc. Fox Mobile "
        'Entertainment, Inc. ("Fox") ("Licensee") By: /s/ Paul Zuzelo By: /s/ Jamie Samson'
    )

    assert find_parties_en(text) == (
        Party(name="Fox Mobile Entertainment, Inc.", role="Fox"),
        Party(name="Glu Mobile, Inc.", role="Licensee"),
    )


def test_find_parties_en_takes_the_name_not_the_address_before_a_term() -> None:
    text = prepare_text(
        "This Reseller Agreement is made and entered into as of this 14 day of SEPTEMBER, 2005, "
        "by and between TOUCHSTAR SOFTWARE CORPORATION, a Delaware corporation with its "
        'principal place of business at 3025 South Parker Road, Suite 925, Aurora, Colorado ("'
        'TouchStar"), and WORLDWIDE STRATEGIES, a NEVADA corporation, with its principal place '
        'of business at 3801-E FLORIDA AVE STE 400 DENVER, CO 80210 ("Reseller"). RECITALS'
    )

    assert find_parties_en(text) == (
        Party(name="TOUCHSTAR SOFTWARE CORPORATION", role="TouchStar"),
        Party(name="WORLDWIDE STRATEGIES", role="Reseller"),
    )


def test_find_parties_en_reads_sides_that_open_a_paragraph_and_agree() -> None:
    text = prepare_text(
        "EXHIBIT 10.26 AGENCY AGREEMENT\n\nMutual Insurance Corporation of America, a Michigan "
        "insurance corporation (MICOA) and Stratton, Cheeseman & Walsh-Nevada, Inc., a Nevada "
        'corporation, ("Agency"), (sometimes commonly referred to as the Parties) agree as '
        "follows:\n\nA. AUTHORITY OF AGENCY"
    )

    assert find_parties_en(text) == (
        Party(name="Mutual Insurance Corporation of America", role=None),
        Party(name="Stratton, Cheeseman & Walsh-Nevada, Inc.", role="Agency"),
    )


def test_find_parties_en_skips_a_between_inside_a_definition() -> None:
    names = _names(
        'TRANSPORTATION CONTRACT\n\nJSC NOC KazakhOil, hereinafter referred to as the "Company", '
        "acting on the basis of the Power of Attorney, on the one side and JSC Karakudukmunay, "
        'hereinafter referred to as the "Principal", on the other side, have entered into this '
        'Contract and hereby agree as follows.\n\n"Offtake Agreement" means that certain Crude '
        "Oil Sale and Purchase Agreement between the Principal and STASCO Trading Limited."
    )

    assert names == ["JSC NOC KazakhOil", "JSC Karakudukmunay"]


def test_find_parties_en_reads_numbered_sides_under_a_parties_heading() -> None:
    text = prepare_text(
        "THIS AGREEMENT IS MADE ON THE 19 DAY OF MAY, 2010     PARTIES     (1) SHBV (HONG KONG) "
        'LTD, a company incorporated in Hong Kong whose registered office is at Unit 3208 ("SHBV"'
        ");  and  Convention Plaza, 1 Harbour Rd, Hong Kong     (2) WASTE2ENERGY GROUP HOLDINGS "
        'PLC a company incorporated in Isle of Man ("W2E").\n\nBACKGROUND'
    )

    assert find_parties_en(text) == (
        Party(name="SHBV (HONG KONG) LTD", role="SHBV"),
        Party(name="WASTE2ENERGY GROUP HOLDINGS PLC", role="W2E"),
    )


def test_find_parties_en_reads_a_spaced_out_between() -> None:
    names = _names(
        "THIS AGREEMENT made in duplicate this 20 day of November, 1995.\n\nB E T W E E N:\n\n"
        'PUROLATOR COURIER LTD.     ("Purolator")     - and -     PARCELWAY COURIER SYSTEMS '
        'CANADA LTD.     a subsidiary of Dynamex Inc.     ("Dynamex")\n\nWHEREAS Purolator'
    )

    assert names == ["PUROLATOR COURIER LTD.", "PARCELWAY COURIER SYSTEMS CANADA LTD."]


def test_sides_numbered_under_a_parties_heading_are_named_without_their_numbers() -> None:
    text = prepare_text(
        "SUPPLY AGREEMENT\n\nDate: March 1, 2015\n\nParties:\n"
        '1. Acme Widgets, Inc. ("Seller")\n2. Beta Foods LLC ("Buyer")\n\n'
        "The parties agree as follows:\n\n1. Supply. The Seller shall supply the products."
    )

    assert [(p.name, p.role) for p in find_parties_en(text)] == [
        ("Acme Widgets, Inc.", "Seller"),
        ("Beta Foods LLC", "Buyer"),
    ]


def test_a_short_contract_keeps_its_preamble_names_however_its_terms_sit_near_its_end() -> None:
    # A one-page contract's last 4,000 characters, where the signers are looked for under
    # each side's defined term, hold its preamble too: the preamble's own definitions are no
    # signature block ("FUND MANAGEMENT LLC, A DELAWARE CORPORATION" was read as a signer).
    text = prepare_text(
        "THIS SERVICES AGREEMENT IS MADE AS OF MARCH 1, 2015 BY AND BETWEEN NATIONWIDE FUND "
        'MANAGEMENT LLC, A DELAWARE CORPORATION ("ADVISER"), AND AMERICAN UNITED LIFE '
        'INSURANCE COMPANY, AN INDIANA CORPORATION ("AUL").\n\n'
        "1. Services. The Adviser shall provide the services listed in Exhibit A to AUL."
    )

    assert [p.name for p in find_parties_en(text)] == [
        "NATIONWIDE FUND MANAGEMENT LLC",
        "AMERICAN UNITED LIFE INSURANCE COMPANY",
    ]


def test_a_guaranty_made_by_one_side_in_favor_of_the_other_names_both() -> None:
    # "in favor of" opens the second side as "and" does (session 14: our preambles with
    # train's party names read 0 of 229 such pairs, now 226)
    text = prepare_text(
        'This Guaranty Agreement is entered into as of March 1, 2015 (the "Effective Date") by '
        'Acme Holdings, Inc. ("Guarantor") in favor of First Lake Bank, N.A. ("Lender").'
    )

    assert find_parties_en(text) == (
        Party(name="Acme Holdings, Inc.", role="Guarantor"),
        Party(name="First Lake Bank, N.A.", role="Lender"),
    )


def test_a_contract_entered_into_by_one_side_with_the_other_names_both() -> None:
    # our preambles with train's party names read 0 of 229 such pairs before, now 222
    text = prepare_text(
        'This Supply Agreement (this "Agreement") is entered into on March 1, 2015 by Acme '
        'Holdings, Inc. ("Seller") with First Lake Foods LLC ("Buyer").'
    )
    described = prepare_text(
        'This Agreement is made between Acme Inc. ("Acme"), with its parent Gamma Holdings Ltd. '
        '("Gamma"), and Beta LLC ("Beta").'
    )

    assert find_parties_en(text) == (
        Party(name="Acme Holdings, Inc.", role="Seller"),
        Party(name="First Lake Foods LLC", role="Buyer"),
    )
    assert [party.name for party in find_parties_en(described)] == ["Acme Inc.", "Beta LLC"]


def test_a_date_and_a_joiner_in_capitals_are_no_part_of_the_first_name() -> None:
    names = _names(
        'THIS AGREEMENT is made on March 1, 2015 BY NMF SENIOR LOAN FUND I, INC (the "Seller") '
        'AND NEW MOUNTAIN CAPITAL, L.L.C (the "Buyer").'
    )

    assert names == ["NMF SENIOR LOAN FUND I, INC", "NEW MOUNTAIN CAPITAL, L.L.C"]


def test_a_legal_form_abbreviated_before_another_is_no_sentence_end() -> None:
    names = _names(
        'This Agreement is made on March 1, 2015 by Acme Pte. Ltd. (the "Seller") and Beta Ltd '
        '(the "Buyer").'
    )

    assert names == ["Acme Pte. Ltd.", "Beta Ltd"]


def test_sides_headed_in_a_table_row_are_read_as_a_form_heads_them() -> None:
    names = _names(
        "SERVICES AGREEMENT\n\n| Customer | Alpha Corp. |\n| Supplier | Beta LLC |\n"
        "| Effective Date | March 3, 2015 |\n\n1. Services. Beta shall provide the services."
    )

    assert names == ["Alpha Corp.", "Beta LLC"]


@pytest.mark.parametrize(
    "form",
    [
        "Name of Customer: Alpha Corp.\nName of Supplier: Beta LLC\n",
        "The Buyer/End-User: Alpha Corp.\nADD: 1 Main Street\nThe Seller: Beta LLC\nADD: 2 Elm\n",
    ],
)
def test_a_forms_side_named_name_of_or_with_a_second_role_is_read(form: str) -> None:
    names = _names(f"SUPPLY AGREEMENT\n\n{form}\n1. Supply. Beta shall supply the goods.")

    assert names == ["Alpha Corp.", "Beta LLC"]


def test_a_cover_pages_party_1_and_party_2_are_the_sides() -> None:
    names = _names(
        "MUTUAL NON-DISCLOSURE AGREEMENT\nCover Page\n\nEffective Date: March 3, 2015\n\n"
        "Party 1: Alpha Corp.\nParty 2: Beta LLC\n\n1. Confidential Information."
    )

    assert names == ["Alpha Corp.", "Beta LLC"]


@pytest.mark.parametrize(
    ("document", "names"),
    [
        (
            "MEMORANDUM OF AGREEMENT\n\nAlpha Corp. and Beta LLC hereby agree as follows:\n\n1. "
            "Alpha shall supply the products.",
            ["Alpha Corp.", "Beta LLC"],
        ),
        (
            "LETTER OF INTENT\n\nNorthwind Traders Inc. and Contoso Ltd. agree to negotiate in "
            "good faith.",
            ["Northwind Traders Inc.", "Contoso Ltd."],
        ),
        # sides named by their roles, or a sentence that is no agreement, name no company
        ("AGREEMENT\n\nThe Company and the Distributor hereby agree as follows:", []),
        ("AGREEMENT\n\nAlpha Corp. and Beta LLC shall meet every quarter.", []),
    ],
)
def test_two_companies_that_agree_in_the_first_sentence_are_the_sides(
    document: str, names: list[str]
) -> None:
    assert _names(document) == names


@pytest.mark.parametrize(
    ("document", "name"),
    [
        # a SAFE's opening: the date the money is paid ends before the company's name
        (
            "THIS CERTIFIES THAT in exchange for the payment by the undersigned investor (the "
            '"Investor") of $25,000 (the "Purchase Amount") on or about May 1, 2020, Acme Corp., '
            'a Delaware corporation (the "Company"), issues to the Investor the right to shares.',
            "Acme Corp.",
        ),
        # a year that is of the name stays in it
        (
            "This Agreement, dated May 1, 2020, Acme Holdings 2000, Inc., a Delaware "
            'corporation ("Acme") and Beta LLC ("Beta").',
            "Acme Holdings 2000, Inc.",
        ),
    ],
)
def test_a_date_before_a_name_is_not_of_it(document: str, name: str) -> None:
    assert name in _names(document)


_SAFE = (
    "SAFE\n(Simple Agreement for Future Equity)\n\nTHIS CERTIFIES THAT in exchange for the "
    'payment by {investor} (the "Investor") of $25,000 (the "Purchase Amount") on or about '
    'May 1, 2020, Acme Corp., a Delaware corporation (the "Company"), issues to the Investor '
    "the right to certain shares of the Company's Capital Stock.\n\n1. Events\n"
)


def test_a_safes_investor_and_company_are_its_sides() -> None:
    found = find_parties_en(prepare_text(_SAFE.format(investor="Northwind Ventures Fund I, L.P.")))

    assert [(party.name, party.role) for party in found] == [
        ("Northwind Ventures Fund I, L.P.", "Investor"),
        ("Acme Corp.", "Company"),
    ]


def test_the_undersigned_is_a_side_left_unnamed() -> None:
    # a product line above the title names the company; the undersigned is not it
    text = "Acme Token, a product of Acme Corp.\n\n" + _SAFE.format(
        investor="the undersigned investor"
    )

    found = find_parties_en(prepare_text(text))

    assert [(party.name, party.role) for party in found] == [("Acme Corp.", "Company")]


@pytest.mark.parametrize(
    "name", ["Acme Holdings 2000, Inc.", "Vision 21 Partners, L.P.", "Century 21 Real Estate LLC"]
)
def test_a_number_inside_a_name_is_of_it(name: str) -> None:
    # a number opens an address ("Alpha Inc. 1234 Main Street"), not when the name goes on to
    # its legal form
    document = (
        f"This Agreement is made as of May 1, 2020 by and between {name}, a Delaware "
        'corporation ("Alpha"), and Beta LLC, a New York limited liability company ("Beta").'
    )

    assert _names(document) == [name, "Beta LLC"]


def test_a_number_that_opens_an_address_ends_the_name() -> None:
    document = (
        'This Agreement is made between Alpha Inc. 1234 Main Street, Dallas, Texas ("Alpha") '
        'and Beta LLC 55 Broad Street, New York ("Beta").'
    )

    assert _names(document) == ["Alpha Inc.", "Beta LLC"]


def test_a_firm_named_by_a_list_of_partners_keeps_them_all() -> None:
    document = (
        "This Agreement is made as of May 1, 2020 by and between Merrill Lynch, Pierce, Fenner & "
        'Smith Incorporated, a Delaware corporation ("Agent"), and Beta LLC ("Beta").'
    )

    assert _names(document) == ["Merrill Lynch, Pierce, Fenner & Smith Incorporated", "Beta LLC"]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        pytest.param("(Supplier)", "(Reseller)", id="bare roles"),
        pytest.param('("Supplier");', '("Reseller").', id="quoted roles"),
    ],
)
def test_find_parties_en_reads_sides_numbered_under_a_parties_heading(
    first: str, second: str
) -> None:
    text = prepare_text(
        "TELECOMMUNICATIONS EQUIPMENT RESELLER AGREEMENT\n\nTHIS AGREEMENT is made on 2 August "
        "2012\n\nPARTIES\n\n1.   KARRAWONG NETWORK SYSTEMS PTY LTD (ACN 139 406 227) of Level 9, "
        f"118 Pitt\n     Street, Sydney NSW 2000 {first}\n\n2.   BELLBIRD COMMUNICATIONS PTY LTD "
        "(ACN 151 872 064) trading as BellNet\n     Solutions, of Unit 4, 22 Tallowwood Drive, "
        f"Macquarie Park NSW 2113\n     {second}\n\nBACKGROUND\n\nA.   The Supplier designs "
        "telecommunications equipment.\n\n1.   DEFINITIONS\n"
    )

    assert find_parties_en(text) == (
        Party(name="KARRAWONG NETWORK SYSTEMS PTY LTD", role="Supplier"),
        Party(name="BELLBIRD COMMUNICATIONS PTY LTD", role="Reseller"),
    )
