"""English parties from the signature blocks, and legal forms from outside the US and UK."""

from __future__ import annotations

from chalicelib.models import Party
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.text import prepare_text

# A body long enough that the signature blocks are not the preamble.
_BODY = "\n\n1. Services. The parties agree to the services.\n\n" + "Lorem ipsum dolor sit. " * 40


def _names(document: str) -> list[str]:
    return [party.name for party in find_parties_en(prepare_text(document))]


def test_signer_on_its_own_line_is_not_run_into_the_sentence_before() -> None:
    text = (
        "JOINT FILING AGREEMENT\n\nThe undersigned hereby agree that the Schedule 13G is filed "
        "on behalf of each of them.\n\nIN WITNESS WHEREOF, the undersigned have executed this "
        "Agreement.\n\nALPHA CAPITAL PARTNERS, L.P.\nBy: Alpha GP LLC, its general partner\n"
        "By: /s/ John Doe\nName: John Doe\nTitle: Managing Member\n\nBETA FUND (CAYMAN) LTD.\n"
        "By: /s/ Jane Roe\nName: Jane Roe\nTitle: Director"
    )

    assert _names(text) == ["ALPHA CAPITAL PARTNERS, L.P.", "BETA FUND (CAYMAN) LTD."]


def test_signature_blocks_open_with_other_words_than_in_witness_whereof() -> None:
    evidence = (
        "SUPPLY AGREEMENT" + _BODY + "\n\nIn evidence whereof, the parties have signed this "
        "Agreement.\n\nGAMMA SRL\nBy: /s/ Mario Rossi\n\nDELTA GMBH\nBy: /s/ Hans Meier"
    )
    executed = (
        "AGREEMENT" + _BODY + "\n\nThe parties have executed this Agreement as of the date "
        "indicated on page one.\n\nOMEGA CORPORATION\n\nBy: /s/ A. B.\nName: A. B.\n\n"
        "SIGMA S.p.A.\n\nBy: /s/ C. D.\nName: C. D.\n\nSCHEDULE 1\n\n" + "Schedule text. " * 400
    )

    assert _names(evidence) == ["GAMMA SRL", "DELTA GMBH"]
    assert _names(executed) == ["OMEGA CORPORATION", "SIGMA S.p.A."]


def test_a_form_field_in_brackets_is_no_part_of_the_signer() -> None:
    text = (
        "JOINT FILING AGREEMENT The undersigned hereby agree that the Schedule 13G is filed on "
        "behalf of each of us. January 22, 2020 (Date) ABP TRUST /s/ Adam D. Portnoy "
        "(Signature) Adam D. Portnoy, President (Name/Title) ADAM D. PORTNOY /s/ Adam D. Portnoy"
    )

    assert _names(text) == ["ABP TRUST", "Adam D. Portnoy"]


def test_signed_label_between_the_signer_and_the_signature() -> None:
    text = (
        "RESELLER AGREEMENT" + _BODY + "\n\nACCEPTED AND AGREED TO BY:\n\nKAPPA CORPORATION\n"
        "SIGNED: /s/ Bruce Lee\nTITLE: VP\n\nLAMBDA TECHNOLOGY CORPORATION\nSIGNED: /s/ Ron Ng"
    )

    assert _names(text) == ["KAPPA CORPORATION", "LAMBDA TECHNOLOGY CORPORATION"]


def test_legal_forms_from_abroad_end_a_name_in_the_preamble() -> None:
    polish = (
        "This Services Agreement is made by and between Kappa Systems Sp. z o.o., a Polish "
        'limited liability company ("Kappa"), and Lambda Oy, a Finnish company ("Lambda").'
    )
    italian = (
        'This Agreement is made by and among Rossi S.p.A. ("Rossi"), Verdi S.r.l. ("Verdi") '
        'and Nordic Tools AB ("Nordic").'
    )

    assert _names(polish) == ["Kappa Systems Sp. z o.o.", "Lambda Oy"]
    assert _names(italian) == ["Rossi S.p.A.", "Verdi S.r.l.", "Nordic Tools AB"]


def test_a_side_set_forth_below_is_read_from_its_heading() -> None:
    text = (
        "RESELLER AGREEMENT This Reseller Agreement is made by and between i3 Integrative "
        'Creative Solutions, LLC ("i3 ICS"), a Virginia limited liability company ("Reseller") '
        'and the company set forth below ("Company") (each, individually, a "party"):   '
        "Company: Bravatek Solutions, Inc. (BVTK) Telephone: 1-866-490-8590\n\nAddress: Austin"
    )
    above = (
        "Company Name:  Omega Widgets, Inc.\n\nCompany Address:  1 Main Street\n\n"
        'This Agreement is entered into by and between Psi Bank, N.A. ("Bank"), a national '
        "banking association, and the above-named Supplier, a corporation, and consists of this "
        'signature page. ("Supplier")'
    )

    assert _names(text) == ["i3 Integrative Creative Solutions, LLC", "Bravatek Solutions, Inc."]
    assert _names(above) == ["Psi Bank, N.A.", "Omega Widgets, Inc."]


def test_sides_named_by_headings_over_a_preamble_of_roles() -> None:
    text = (
        "LICENSE AGREEMENT\n\nLicensor: Pi Software, Inc.\nLicensee: Rho Retail LLC\n\n"
        "This License Agreement is entered into by and between Licensor and Licensee as of the "
        "Effective Date."
    )

    assert find_parties_en(prepare_text(text)) == (
        Party(name="Pi Software, Inc.", role="Licensor"),
        Party(name="Rho Retail LLC", role="Licensee"),
    )


def test_the_after_of_goes_on_with_the_name() -> None:
    text = (
        "This Agreement is entered into by and between The Regents of the University of "
        'California ("Regents") and Zeta Bio, Inc. ("Licensee").'
    )

    assert _names(text) == ["The Regents of the University of California", "Zeta Bio, Inc."]


def test_the_preamble_after_a_long_table_of_contents() -> None:
    contents = "\n".join(
        f"{number}. Section Heading {number} ........ {number + 2}" for number in range(1, 200)
    )
    text = (
        "FRANCHISE AGREEMENT\n\nTABLE OF CONTENTS\n\n" + contents + "\n\nTHIS FRANCHISE AGREEMENT "
        "is made and entered into on the date set forth below by and between Tasty Franchising "
        'Corp., a Florida corporation ("Franchisor"), and Happy Eats LLC, a Georgia limited '
        'liability company ("Franchisee").'
    )

    assert _names(text) == ["Tasty Franchising Corp.", "Happy Eats LLC"]


def test_an_earlier_deals_sides_recited_after_the_list_are_no_sides() -> None:
    recited = (
        'This Amendment is entered into by Acme Inc. ("Acme") and Beta LLC ("Beta") with '
        "respect to the Agreement dated January 1, 2015 between Acme and Omega Corp. "
        '("Omega"), which Beta assumed.'
    )
    amended = (
        'This AMENDMENT (this "Amendment") is made by and among (1) Veo AB, a Swedish '
        'corporation ("Veo AB") and Veo US, Inc. ("Veo US"), and (2) Nis Co., Ltd. ("Nis"), '
        "as an amendment to that certain Joint Venture Agreement dated March 7, 2016 by and "
        'among Auto AB ("Auto AB") and the Nis Parties.'
    )

    assert _names(recited) == ["Acme Inc.", "Beta LLC"]
    assert _names(amended) == ["Veo AB", "Veo US, Inc.", "Nis Co., Ltd."]


def test_a_guaranty_made_in_favor_of_a_lender() -> None:
    text = (
        'This Guaranty is made by Acme Parent Corp. ("Guarantor") in favor of Beta Bank, N.A. '
        '("Lender").'
    )

    assert find_parties_en(prepare_text(text)) == (
        Party(name="Acme Parent Corp.", role="Guarantor"),
        Party(name="Beta Bank, N.A.", role="Lender"),
    )


def test_a_title_page_that_sets_two_companies_one_above_the_other() -> None:
    cover = "LICENSE AGREEMENT\n\nACME INC.\n\nand\n\nBETA LIMITED\n\nDated: 1 June 2015"
    words = "LICENSE AGREEMENT\n\nTerms and Conditions\n\nand\n\nSchedules\n\nDated: 1 June 2015"

    assert _names(cover) == ["ACME INC.", "BETA LIMITED"]
    assert _names(words) == []
