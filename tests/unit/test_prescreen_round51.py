"""Readings drawn from the fifty-first and fifty-second blind rounds' misses
(en_contracts_extra117 to 124: extensions, continental European drafting, two more mixes of
kinds, anniversaries, non-native English, pharmaceutical contracts, management agreements),
written here in other words than the fixtures that showed them."""

from __future__ import annotations

from datetime import date

from tests.clause_text import BODY, english_dates, screen_english, section_flagged

_HEAD = (
    "SOFTWARE LICENSE AGREEMENT\n\nThis Software License Agreement is made as of June 1, 2004 "
    'by and between Orland Logic, Inc. ("Licensor") and Pellham Foods Corp. ("Licensee").\n\n'
    "2.1 Licensor grants to Licensee a perpetual, non-exclusive license to use the Software."
)


def test_a_perpetual_licences_support_that_renews_is_not_the_contracts_renewal() -> None:
    assert not section_flagged(
        _HEAD,
        "6.2 Maintenance Services shall be provided for one (1) year from Delivery and shall "
        "renew automatically for successive one (1) year periods unless Licensee gives notice "
        "of non-renewal at least thirty (30) days before the end of the then-current period.",
        "auto_renewal",
    )


def test_support_that_renews_under_a_licence_for_a_term_still_renews() -> None:
    head = _HEAD.replace("a perpetual, non-exclusive license", "a non-exclusive license")
    assert section_flagged(
        head,
        "6.2 Maintenance Services shall be provided for one (1) year from Delivery and shall "
        "renew automatically for successive one (1) year periods unless Licensee gives notice "
        "of non-renewal at least thirty (30) days before the end of the then-current period.",
        "auto_renewal",
    )


def test_an_end_all_sides_agree_on_in_writing_is_no_convenience() -> None:
    assert not section_flagged(
        _HEAD,
        "14.2 This Agreement may also be terminated at any time by the written agreement of "
        "Licensor, Licensee and the Escrow Agent.",
        "unilateral_termination",
    )


def test_continental_sides_each_named_in_a_paragraph_with_its_term_set_apart() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nBETWEEN THE UNDERSIGNED:\n\nCOMPAGNIE DES VERRES DU RHONE S.A., a "
        "French société anonyme with a share capital of EUR 1,800,000, having its registered "
        "office at 12, quai Perrache, 69002 Lyon, France, registered with the Trade and "
        "Companies Registry of Lyon under number 512 334 901, represented by Mr. Luc Ferrand, "
        "in his capacity as Directeur Général, duly authorised for the purposes hereof,\n\n"
        'hereinafter referred to as the "Supplier",\n\nON THE ONE HAND,\n\nAND:\n\nHALDEN '
        "BOTTLING COMPANY, INC., a corporation organized under the laws of the State of Ohio, "
        "having its principal office at 400 Main Street, Toledo, Ohio 43604, represented by "
        "Ms. Carla Weiss, in her capacity as President, duly authorised for the purposes "
        'hereof,\n\nhereinafter referred to as the "Buyer",\n\nON THE OTHER HAND,' + BODY
    )
    names = [party.name for party in screen_english(text).parties]
    assert names == ["COMPAGNIE DES VERRES DU RHONE S.A.", "HALDEN BOTTLING COMPANY, INC."]


def test_an_amendments_new_end_so_that_the_term_ends_then() -> None:
    text = (
        "SECOND EXTENSION AGREEMENT\n\nThis Second Extension Agreement is made as of March 2, "
        '2012 between Orrel Pumps Inc. ("Supplier") and Castor Farm Supply Ltd. ("Distributor").'
        + BODY
        + "\n\n2.1 Extension. The term of the Original Agreement, which is scheduled to expire "
        "on April 30, 2012, is hereby extended by a further nine (9) months, so that, unless "
        "sooner terminated, the Term shall expire on January 31, 2013." + BODY
    )
    assert english_dates(text).ends_on == date(2013, 1, 31)


def test_a_sides_name_keeps_a_turkish_dotted_capital() -> None:
    text = (
        "RESELLER AGREEMENT\n\nThis Reseller Agreement is made as of May 2, 2019 by and between "
        'Orrel Systems, Inc. ("Vendor") and ANKARA DİJİTAL ÇÖZÜMLER ANONİM ŞİRKETİ ("Reseller").'
        + BODY
    )
    names = [party.name for party in screen_english(text).parties]
    assert names == ["Orrel Systems, Inc.", "ANKARA DİJİTAL ÇÖZÜMLER ANONİM ŞİRKETİ"]


def test_an_extensions_new_end_said_in_the_present_tense() -> None:
    text = (
        "EXTENSION AGREEMENT\n\nDate: 4 June 2010\n\nThis agreement is made between Harbour Data "
        'Pty Ltd ("Provider") and Coastline Freight Pty Ltd ("Customer").'
        + BODY
        + "\n\n2.1 The Term of the Services Agreement is extended for a period of one (1) year "
        "commencing on the Extension Date, so that, unless terminated earlier in accordance "
        "with the Services Agreement, the Term ends on 31 July 2011." + BODY
    )
    assert english_dates(text).ends_on == date(2011, 7, 31)
