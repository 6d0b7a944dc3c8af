"""Reading what a document is from its first lines: title, language, kind."""

from __future__ import annotations

from chalicelib.analysis.profile import detect_kind, find_title
from chalicelib.language import main_language


def test_title_joins_a_title_broken_over_lines() -> None:
    text = "ДОГОВОР № ________ \nна изготовление корпусной мебели \n \nг. Ульяновск"
    assert find_title(text) == "ДОГОВОР № ________ на изготовление корпусной мебели"


def test_title_skips_short_labels_and_sec_legends() -> None:
    text = (
        "   1\nCONFIDENTIAL TREATMENT HAS BEEN REQUESTED FOR CERTAIN REDACTED PROVISIONS OF\n"
        "THIS AGREEMENT. THE REDACTED PROVISIONS ARE IDENTIFIED BY THREE ASTERISKS AND\n"
        "EXHIBIT 10.22\nSPONSORSHIP AGREEMENT\nThis Agreement is made by MP3.com, Inc."
    )
    assert find_title(text) == "SPONSORSHIP AGREEMENT"


def test_title_joins_two_lines_in_capitals_and_strips_markdown() -> None:
    text = (
        "Exhibit 10.1\n## AMENDMENT NO. 2\nTO MANUFACTURING AND SUPPLY AGREEMENT\n"
        "THIS AMENDMENT NO. 2 (this “Amendment”) to the Manufacturing and Supply Agreement"
    )
    assert find_title(text) == "AMENDMENT NO. 2 TO MANUFACTURING AND SUPPLY AGREEMENT"


def test_title_falls_back_to_the_first_line() -> None:
    assert find_title("\n\nПротокол разногласий\nк чему-то") == "Протокол разногласий"
    assert find_title("") == ""


def test_kind_from_the_declared_type_then_the_title() -> None:
    assert detect_kind("supply", "", "") == "supply"
    assert detect_kind(None, "ДОГОВОР НА ОКАЗАНИЕ УСЛУГ ПО РЕМОНТУ ТЕХНИКИ", "") == "services"
    assert detect_kind(None, "Лицензионный договор-оферта", "") == "licence"
    assert detect_kind(None, "", "Текст без признаков") is None


def test_kind_annex_only_from_the_title_or_the_declared_type() -> None:
    assert detect_kind(None, "AMENDMENT NO. 2 TO MANUFACTURING AND SUPPLY AGREEMENT", "") == "annex"
    assert detect_kind(None, "Приложение № 1 к документации об аукционе", "") == "annex"
    assert detect_kind(None, "ДОГОВОР ПОСТАВКИ", "Приложение № 1: спецификация") == "supply"


def test_language_by_script() -> None:
    assert main_language("Договор поставки, Supplier Ltd.") == "ru"
    assert main_language("Supply agreement between Ромашка and Supplier Ltd.") == "en"
