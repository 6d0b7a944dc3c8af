"""Parties: names and roles from preambles and requisites, Russian and English."""

from __future__ import annotations

from chalicelib.models import Party
from chalicelib.prescreen.parties import find_parties_ru
from chalicelib.prescreen.parties_en import find_parties_en
from chalicelib.prescreen.text import prepare_text


def test_russian_preamble_gives_names_and_roles() -> None:
    text = prepare_text(
        "Общество с ограниченной ответственностью «Ромашка», именуемое в дальнейшем «Поставщик», "
        "в лице генерального директора Иванова И.И., действующего на основании Устава, с одной "
        "стороны, и Акционерное общество «Лютик», именуемое в дальнейшем «Покупатель», в лице "
        "директора Петрова П.П., с другой стороны, заключили настоящий договор."
    )

    assert find_parties_ru(text) == (
        Party(name="Общество с ограниченной ответственностью «Ромашка»", role="Поставщик"),
        Party(name="Акционерное общество «Лютик»", role="Покупатель"),
    )


def test_requisites_add_the_inn_and_the_role_a_preamble_left_out() -> None:
    text = prepare_text(
        "Государственное бюджетное учреждение здравоохранения Больница, в лице главного врача "
        'Иванова, с одной стороны и ООО "Азат", далее именуемое "Поставщик", в лице директора, '
        "с другой стороны заключили контракт.\n"
        "12. РЕКВИЗИТЫ СТОРОН\n"
        "Заказчик: ГБУЗ Больница\nИНН 0247001159 КПП 024701001\n"
        "Исполнитель: Общество с ограниченной ответственностью «Азат»\nИНН: 0247004329\n"
    )

    parties = find_parties_ru(text)

    assert [(p.role, p.inn) for p in parties] == [
        ("Заказчик", "0247001159"),
        ("Поставщик", "0247004329"),
    ]
    assert parties[0].name.startswith("Государственное бюджетное учреждение")


def test_individual_entrepreneur_and_lower_case_role() -> None:
    text = prepare_text(
        "ИП Ильясов Сергей Михайлович, именуемый в дальнейшем исполнитель, с одной стороны, и "
        "______________, именуемый (ая) в дальнейшем Заказчик, с другой стороны.\n"
        "ИСПОЛНИТЕЛЬ:\nПредприниматель Ильясов Сергей Михайлович\nИНН 732800784483\n"
    )

    assert find_parties_ru(text) == (
        Party(name="ИП Ильясов Сергей Михайлович", role="Исполнитель", inn="732800784483"),
    )


def test_definitions_style_requisites_of_an_offer() -> None:
    text = prepare_text(
        "0.4. ПРАВООБЛАДАТЕЛЬ - ООО «АРХИТЕКТОР», ИНН 9727010618.\n0.5. ПОЛЬЗОВАТЕЛЬ - лицо."
    )

    assert find_parties_ru(text) == (
        Party(name="ООО «АРХИТЕКТОР»", role="Правообладатель", inn="9727010618"),
    )


def test_invalid_inn_and_blank_templates_make_no_party() -> None:
    text = prepare_text(
        "Наименование в лице ______, именуемое в дальнейшем Покупатель.\n"
        "Покупатель:\nИНН: ИНН КПП КПП\nИНН 7708123456"
    )

    assert find_parties_ru(text) == ()


def test_english_preamble_with_defined_terms() -> None:
    text = prepare_text(
        "CONSULTING AGREEMENT\nAduro Biotech, Inc., with a place of business at 740 Heinz Avenue, "
        "Berkeley, CA 94710 (“Aduro”) and IREYA B.V having an address at Staalwijkstraat 16, "
        "Leiden, the Netherlands (“Consultant”) agree to all terms of this Consulting Agreement "
        "(“Agreement”)."
    )

    assert find_parties_en(text) == (
        Party(name="Aduro Biotech, Inc.", role="Aduro"),
        Party(name="IREYA B.V", role="Consultant"),
    )


def test_english_description_is_not_taken_for_a_name() -> None:
    text = prepare_text(
        "THIS AGREEMENT is made by and between IMedicor, Inc, a Nevada Corporation whose address "
        'is 523 Avalon Gardens Drive ("IMedicor") and Licensor Holdings, LLC, a Delaware limited '
        'liability company (the "Licensor").'
    )

    assert find_parties_en(text) == (
        Party(name="IMedicor, Inc", role="IMedicor"),
        Party(name="Licensor Holdings, LLC", role="Licensor"),
    )


def test_a_party_name_in_a_requisites_table_stops_at_the_cell_line_break() -> None:
    text = (
        "ДОГОВОР ПОСТАВКИ\n\n| Заказчик | Поставщик |\n|---|---|\n"
        "| ГБУЗ РБ Федоровская ЦРБ <br> Адрес: 453280, с. Федоровка <br> ИНН 7707083893 | |\n"
    )
    names = [party.name for party in find_parties_ru(prepare_text(text))]
    assert "ГБУЗ РБ Федоровская ЦРБ" in names
    assert not any("<br>" in name or "Адрес" in name for name in names)
