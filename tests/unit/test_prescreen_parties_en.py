"""English parties: the sides a preamble names, with their defined terms."""

from __future__ import annotations

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
