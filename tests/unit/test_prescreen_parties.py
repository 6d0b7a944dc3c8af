"""Parties: names and roles from preambles and requisites, Russian and English."""

from __future__ import annotations

from chalicelib.models import Party
from chalicelib.prescreen.parties import find_parties_ru, same_organisation
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


def test_requisites_table_columns_give_each_inn_its_side() -> None:
    text = prepare_text(
        "ООО «Ромашка», именуемое в дальнейшем «Поставщик», с одной стороны, и АО «Лютик», "
        "именуемое в дальнейшем «Покупатель», с другой стороны, заключили договор.\n\n"
        "10. РЕКВИЗИТЫ СТОРОН\n\n| Поставщик | Покупатель |\n|---|---|\n"
        "| ООО «Ромашка» <br> ИНН 7736303529 <br> КПП 773601001 "
        "| АО «Лютик» <br> ИНН 1840014554 |\n"
    )

    assert find_parties_ru(text) == (
        Party(name="ООО «Ромашка»", role="Поставщик", inn="7736303529"),
        Party(name="АО «Лютик»", role="Покупатель", inn="1840014554"),
    )


def test_requisites_row_header_cell_gives_the_role() -> None:
    text = prepare_text(
        "ДОГОВОР НА ОКАЗАНИЕ УСЛУГ\n\n| Заказчик | Ф.И.О.: ________ |\n|---|---|\n"
        "| Исполнитель | Сервисный центр «Ремонт» <br> Адрес: г. Тула <br> "
        "ИП Щербинин Юрий Владимирович <br> ИНН 740199730202 |\n"
    )

    assert find_parties_ru(text) == (
        Party(name="ИП Щербинин Юрий Владимирович", role="Исполнитель", inn="740199730202"),
    )


def test_requisites_cell_opening_with_a_role_gives_that_role() -> None:
    text = prepare_text(
        "РЕКВИЗИТЫ СТОРОН\n\n| Заказчик:ГБУЗ РБ Федоровская ЦРБ <br> БИК 048073001 <br> "
        "ИНН 0247001159 КПП 024701001 | Исполнитель: ООО «Азат» <br> ИНН: 0247004329 |\n"
    )

    assert find_parties_ru(text) == (
        Party(name="ГБУЗ РБ Федоровская ЦРБ", role="Заказчик", inn="0247001159"),
        Party(name="ООО «Азат»", role="Исполнитель", inn="0247004329"),
    )


def test_flattened_requisites_columns_pair_roles_names_and_inns_in_order() -> None:
    # An OCR'd two-column page: both headings, then both names, on one line.
    text = prepare_text(
        "9. АДРЕСА, РЕКВИЗИТЫ И ПОДПИСИ СТОРОН\n\n"
        'Заказчик: Исполнитель: ПАО «Производственная фирма "Мастер"» ПАО «Альфа»\n\n'
        "Адрес: 125007, г. Москва ИНН7708123436, КПП 770801001\n\n"
        "Адрес: 125008, г. Москва ИНН7708123456, КПП 770801001\n"
    )

    assert find_parties_ru(text) == (
        Party(name='ПАО «Производственная фирма "Мастер"»', role="Заказчик", inn="7708123436"),
        Party(name="ПАО «Альфа»", role="Исполнитель"),  # its ИНН fails the check digits
    )


def test_flattened_requisites_with_uneven_counts_attach_no_inn() -> None:
    text = prepare_text(
        "Реквизиты сторон\n\nЗаказчик: Исполнитель:\nООО «Ромашка» АО «Лютик»\n"
        "ИНН 7736303529 КПП 773601001\n"
    )

    assert [party.inn for party in find_parties_ru(text)] == [None, None]


def test_adjacent_role_headings_read_across_pair_in_order() -> None:
    text = prepare_text(
        "Договор.\n\nЗаказчик:\nИсполнитель:\nООО «Ромашка»\nАО «Лютик»\n"
        "ИНН 7736303529\nИНН 1840014554\n"
    )

    assert find_parties_ru(text) == (
        Party(name="ООО «Ромашка»", role="Заказчик", inn="7736303529"),
        Party(name="АО «Лютик»", role="Исполнитель", inn="1840014554"),
    )


def test_adjacent_role_headings_with_unclear_columns_attach_no_role() -> None:
    text = prepare_text(
        "Договор с ООО «Ромашка» и АО «Лютик».\n\nЗаказчик:\nИсполнитель:\nООО «Ромашка»\n"
        "ИНН 7736303529\nАО «Лютик»\nИНН 1840014554\n"
    )

    assert all(party.role is None for party in find_parties_ru(text))


def test_full_name_and_its_abbreviation_are_one_party() -> None:
    text = prepare_text(
        "Государственное бюджетное учреждение здравоохранения Республики Башкортостан "
        "Федоровская центральная районная больница, в лице главного врача, с одной стороны и "
        'Общество с ограниченной ответственностью "АЗАТ", далее именуемое "Поставщик", в лице '
        "директора, с другой стороны заключили контракт.\n\n"
        "| Получатель: | ГБУЗ РБ Федоровская ЦРБ л/с 20112040680 |\n|---|---|\n"
        "| ИНН | 0247001159 |\n\n"
        "| Заказчик:ГБУЗ РБ Федоровская ЦРБ <br> ИНН 0247001159 КПП 024701001 | "
        "Исполнитель: ООО «Азат» <br> ИНН: 0247004329 |\n\n"
        "| Заказчик: <br> ГБУЗ РБ Федоровская ЦРБ <br> М.П. | Поставщик: <br> ООО «Азат» |\n"
    )

    parties = find_parties_ru(text)

    assert [(p.role, p.inn) for p in parties] == [
        ("Заказчик", "0247001159"),
        ("Поставщик", "0247004329"),
    ]
    assert parties[0].name.startswith("Государственное бюджетное учреждение")


def test_same_organisation_reads_abbreviations_word_by_word() -> None:
    assert same_organisation(
        "ГБУЗ РБ Федоровская ЦРБ",
        "Государственное бюджетное учреждение здравоохранения Республики Башкортостан "
        "Федоровская центральная районная больница",
    )
    assert same_organisation("ООО «РИТ»", "ООО «Русские Информационные Технологии»")
    assert same_organisation("ИП Щербинин Юрий Владимирович", "Индивидуальный предприниматель "
                             "Щербинин Юрий Владимирович")  # fmt: skip
    assert same_organisation("ИП Иванов И. И.", "ИП Иванов Иван Иванович")
    assert not same_organisation("ИП Иванов И. И.", "ИП Иванов Пётр Иванович")
    assert not same_organisation("ООО «Ромашка»", "ООО «Ромашка Плюс»")
    assert not same_organisation("ООО «Ромашка»", "АО «Лютик»")


def test_labelled_line_names_the_customer_of_a_technical_specification() -> None:
    text = prepare_text(
        "ТЕХНИЧЕСКОЕ ЗАДАНИЕ\n\n1.3. Заказчик 6\n\n## 2.3 Заказчик\n\n"
        "Федеральная служба государственной статистики (Росстат), Управление информационных "
        "ресурсов (107450, г. Москва).\n\nИсполнитель: определяется по итогам аукциона.\n"
    )

    assert find_parties_ru(text) == (
        Party(name="Федеральная служба государственной статистики (Росстат)", role="Заказчик"),
    )


def test_labelled_definitions_and_placeholders_are_no_party() -> None:
    text = prepare_text(
        "Термины\n\nИсполнитель — индивидуальный предприниматель или юридическое лицо.\n"
        "Заказчик: Наименование организации\nПокупатель: ООО «__________»\n"
        "Поставщик: Общество с ограниченной ответственностью\n"
    )

    assert find_parties_ru(text) == ()


def test_ownership_formula_makes_the_unnamed_side_the_rights_holder() -> None:
    text = prepare_text(
        "ЛИЦЕНЗИОННОЕ СОГЛАШЕНИЕ\n\nДанное соглашение является юридическим соглашением между "
        "вами и ООО «РИТ» по использованию программного обеспечения. Все интеллектуальные права "
        "на Программное обеспечение принадлежат ООО «РИТ»."
    )

    assert find_parties_ru(text) == (Party(name="ООО «РИТ»", role="Правообладатель"),)


def test_requisites_name_unlike_both_preamble_sides_adds_no_third_party() -> None:
    text = prepare_text(
        "ООО «Альфа» в лице директора Иванова, с одной стороны, и ООО «Бета» в лице директора "
        "Петрова, с другой стороны, заключили договор.\nЗаказчик:\nООО «Гамма»\nИНН 7736303529\n"
    )

    assert [party.name for party in find_parties_ru(text)] == ["ООО «Альфа»", "ООО «Бета»"]


def test_administration_in_a_preamble_is_a_party() -> None:
    text = prepare_text(
        "Администрация муниципального образования «Город Ульяновск», именуемая в дальнейшем "
        "«Заказчик», в лице главы, с одной стороны, и ООО «Ромашка», именуемое в дальнейшем "
        "«Подрядчик», с другой стороны."
    )

    assert [(p.name, p.role) for p in find_parties_ru(text)] == [
        ("Администрация муниципального образования «Город Ульяновск»", "Заказчик"),
        ("ООО «Ромашка»", "Подрядчик"),
    ]


def test_find_parties_ru_takes_a_citizen_as_a_side_but_not_a_representative() -> None:
    text = prepare_text(
        "ДОГОВОР ЗАЙМА № 7\n\nГражданин Российской Федерации Орлов Дмитрий Сергеевич, паспорт "
        "5009 123456, именуемый в дальнейшем «Займодавец», с одной стороны, и Общество с "
        "ограниченной ответственностью «Сибирский хлеб», в лице директора Белова Ивана "
        "Андреевича, действующего на основании Устава, именуемое в дальнейшем «Заемщик», с "
        "другой стороны, заключили настоящий договор."
    )

    assert [(p.name, p.role) for p in find_parties_ru(text)] == [
        ("Орлов Дмитрий Сергеевич", "Займодавец"),
        ("Общество с ограниченной ответственностью «Сибирский хлеб»", "Заемщик"),
    ]


def test_find_parties_ru_keeps_a_two_word_role() -> None:
    text = prepare_text(
        "Акционерное общество «Технологии будущего» (далее — «Раскрывающая сторона») в лице "
        "Генерального директора Морозова И.Л., с одной стороны, и Общество с ограниченной "
        "ответственностью «Северный ветер» (далее — «Получающая сторона»), с другой стороны, "
        "заключили настоящее Соглашение."
    )

    assert [p.role for p in find_parties_ru(text)] == ["Раскрывающая сторона", "Получающая сторона"]


def test_a_side_named_before_a_long_power_of_attorney_and_its_builders_association() -> None:
    # the first side's name stands 700 characters before its role, behind a notarised power of
    # attorney; the second names the self-regulating association it belongs to
    attorney = (
        "в лице представителя Колесниковой Марины Игоревны, действующей на основании "
        "доверенности от 15 мая 2024 года, удостоверенной Ершовым Павлом Аркадьевичем, "
        "нотариусом нотариального округа Санкт-Петербург, зарегистрированной в реестре за "
        "№ 78/112-н/78-2024-3-456, сроком действия по 31 декабря 2025 года, с правом заключения "
        "договоров аренды недвижимого имущества и подписания актов приема-передачи, "
    )
    text = prepare_text(
        "Акционерное общество «Управляющая компания «Обводный» (АО «УК «Обводный»), ОГРН "
        "1037847928205, адрес: 190020, г. Санкт-Петербург, Бумажная ул., д. 17, лит. А, "
        + attorney
        * 2
        + "именуемое в дальнейшем «Арендодатель», с одной стороны, и Общество с ограниченной "
        "ответственностью «СтройМонтажСервис-Т» (ООО «СМС-Т»), член саморегулируемой организации "
        "Ассоциация «Строители Западной Сибири» (регистрационный номер в реестре членов СРО "
        "0873), именуемое в дальнейшем «Арендатор», с другой стороны, заключили настоящий договор."
    )

    assert find_parties_ru(text) == (
        Party(name="Акционерное общество «Управляющая компания «Обводный»", role="Арендодатель"),
        Party(
            name="Общество с ограниченной ответственностью «СтройМонтажСервис-Т»",
            role="Арендатор",
        ),
    )


def test_a_persons_inn_in_the_preamble_is_theirs() -> None:
    text = prepare_text(
        "Общество с ограниченной ответственностью «Север», именуемое в дальнейшем «Заказчик», "
        "с одной стороны, и гражданин Российской Федерации Ефремов Глеб Андреевич, ИНН "
        "100155225031, применяющий специальный налоговый режим «Налог на профессиональный "
        "доход», именуемый в дальнейшем «Автор», с другой стороны, заключили настоящий договор."
    )

    assert find_parties_ru(text)[1] == Party(
        name="Ефремов Глеб Андреевич", role="Автор", inn="100155225031"
    )


def test_a_third_person_named_after_the_preamble_closes_is_no_side() -> None:
    # a leasing contract names the seller it buys from; only the preamble's two are sides
    text = prepare_text(
        "ДОГОВОР ЛИЗИНГА № 5\n\nАО «Лизинг-Центр», именуемое в дальнейшем «Лизингодатель», с "
        "одной стороны, и ООО «Поле», именуемое в дальнейшем «Лизингополучатель», с другой "
        "стороны, заключили настоящий Договор в соответствии с Федеральным законом от "
        "29.10.1998 № 164-ФЗ о нижеследующем.\n\n1.1. Лизингодатель обязуется приобрести у "
        "продавца — ООО «ТехИмпорт» (далее — Продавец) — комбайн.\n"
    )

    assert [(p.name, p.role) for p in find_parties_ru(text)] == [
        ("АО «Лизинг-Центр»", "Лизингодатель"),
        ("ООО «Поле»", "Лизингополучатель"),
    ]


def test_an_offer_names_its_maker_in_the_genitive() -> None:
    text = prepare_text(
        "ЛИЦЕНЗИОННЫЙ ДОГОВОР-ОФЕРТА\n\nНастоящий документ является публичной офертой "
        "Общества с ограниченной ответственностью «КлаудДеск» (ОГРН 1197746387211, ИНН "
        "7714216015), именуемого в дальнейшем «Лицензиар», адресованной любому юридическому "
        "лицу, именуемому в дальнейшем «Лицензиат».\n"
    )

    assert find_parties_ru(text) == (
        Party(
            name="Общество с ограниченной ответственностью «КлаудДеск»",
            role="Лицензиар",
            inn="7714216015",
        ),
    )


def test_a_farm_heads_two_spellings_and_requisites_under_less_common_roles() -> None:
    text = prepare_text(
        "Индивидуальный предприниматель — глава крестьянского (фермерского) хозяйства Ерохин "
        "Василий Степанович, именуемый в дальнейшем «Производитель», с одной стороны, и "
        "Муниципальное бюджетное учреждение «Школа села Займище», именуемое в дальнейшем "
        "«Потребитель», в лице директора, с другой стороны, заключили настоящий Договор о "
        "нижеследующем.\n\nРЕКВИЗИТЫ СТОРОН\n\nПроизводитель:\nИП глава КФХ Ерохин Василий "
        "Степанович\nИНН 222534181309\n\nПотребитель:\nМБУ «Школа с. Займище»\nИНН 3025532926\n"
    )

    assert [(p.role, p.inn) for p in find_parties_ru(text)] == [
        ("Производитель", "222534181309"),
        ("Потребитель", "3025532926"),
    ]


def test_a_public_body_without_a_legal_form_is_a_side() -> None:
    text = prepare_text(
        "ДОГОВОР АРЕНДЫ ЗЕМЕЛЬНОГО УЧАСТКА № 12\n\nКомитет по управлению имуществом "
        "администрации Кленовского муниципального округа, в лице председателя Комитета, "
        "действующего на основании Положения, именуемый в дальнейшем «Арендодатель», с одной "
        "стороны, и ООО «Поле», именуемое в дальнейшем «Арендатор», с другой стороны, заключили "
        "настоящий Договор о нижеследующем.\n"
    )

    assert [(p.name, p.role) for p in find_parties_ru(text)] == [
        (
            "Комитет по управлению имуществом администрации Кленовского муниципального округа",
            "Арендодатель",
        ),
        ("ООО «Поле»", "Арендатор"),
    ]


def test_public_bodies_named_at_length_and_a_spouses_name_before_marriage() -> None:
    committee = prepare_text(
        "Комитет по культуре администрации Заречного района Алтайского края, которому как "
        "получателю средств бюджета доведены лимиты бюджетных обязательств, именуемый в "
        "дальнейшем «Комитет», в лице председателя, с одной стороны, и ООО «Поле», именуемое в "
        "дальнейшем «Получатель», с другой стороны, заключили настоящее Соглашение о "
        "нижеследующем.\n"
    )
    department = prepare_text(
        "Управление жилищно-коммунального хозяйства администрации муниципального образования "
        "«Город Кирово-Чепецк», именуемое в дальнейшем «Заказчик», в лице начальника, с одной "
        "стороны, и АО «Дорстрой», именуемое в дальнейшем «Подрядчик», с другой стороны, "
        "заключили настоящий контракт о нижеследующем.\n"
    )
    spouses = prepare_text(
        "Мы, гражданин Российской Федерации Рябов Константин Андреевич, именуемый в дальнейшем "
        "«Супруг», и гражданка Российской Федерации Рябова (до заключения брака — Сухова) "
        "Виктория Игоревна, именуемая в дальнейшем «Супруга», заключили настоящий договор о "
        "нижеследующем.\n"
    )

    assert find_parties_ru(committee)[0].name == (
        "Комитет по культуре администрации Заречного района Алтайского края"
    )
    assert find_parties_ru(department)[0].name == (
        "Управление жилищно-коммунального хозяйства администрации муниципального образования "
        "«Город Кирово-Чепецк»"
    )
    assert [(p.name, p.role) for p in find_parties_ru(spouses)] == [
        ("Рябов Константин Андреевич", "Супруг"),
        ("Рябова Виктория Игоревна", "Супруга"),
    ]


def test_a_persons_inn_is_no_companys_and_a_sides_bank_is_no_side() -> None:
    # a self-employed translator's 12-digit ИНН in the preamble, after the customer company;
    # a donor's bank on the account line right above the recipient's block
    translation = prepare_text(
        "Общество с ограниченной ответственностью «Кольская судоремонтная компания», именуемое "
        "в дальнейшем «Заказчик», в лице директора, с одной стороны, и Ларионова Дарья "
        "Андреевна, применяющая налог на профессиональный доход, ИНН 519069761554, именуемая в "
        "дальнейшем «Исполнитель», с другой стороны, заключили настоящий Договор о "
        "нижеследующем.\n\nЗаказчик:\nООО «Кольская судоремонтная компания»\nИНН 5191916390\n\n"
        "Исполнитель:\nЛарионова Дарья Андреевна\nИНН 519069761554\n"
    )
    donation = prepare_text(
        "ООО «ВКЗ», именуемое в дальнейшем «Жертвователь», с одной стороны, и Муниципальное "
        "бюджетное учреждение культуры «Кашинский музей», именуемое в дальнейшем «Получатель», "
        "с другой стороны, заключили настоящий договор о нижеследующем.\n\nЖертвователь:\n"
        "ООО «ВКЗ»\nИНН 6950523747\nр/с 40702810124000003518 в АО «Банк «Селигер», г. Тверь\n\n"
        "Получатель:\nМБУК «Кашинский музей»\nИНН 6910714390\n"
    )

    assert [p.inn for p in find_parties_ru(translation)] == ["5191916390", "519069761554"]
    assert [p.inn for p in find_parties_ru(donation)] == ["6950523747", "6910714390"]


def test_requisites_under_an_applicant_heading() -> None:
    text = prepare_text(
        "ПАО «Сеть», именуемое в дальнейшем «Сетевая организация», с одной стороны, и "
        "Администрация Тихобережного сельского поселения, именуемая в дальнейшем «Заявитель», "
        "с другой стороны, заключили настоящий договор о нижеследующем.\n\nСетевая организация:"
        "\nПАО «Сеть»\nИНН 6164690121\n\nЗаявитель:\nМО «Тихобережное сельское поселение»\n"
        "ИНН 6101615643\n"
    )

    assert [p.inn for p in find_parties_ru(text)] == ["6164690121", "6101615643"]


def test_requisites_under_any_role_the_preamble_named() -> None:
    # «Экспонент» and «Организатор» are in no list of usual roles: the preamble's own roles
    # head the requisites' blocks too
    text = prepare_text(
        "ООО «Экспоцентр-Юг», именуемое в дальнейшем «Организатор», с одной стороны, и "
        "ООО «Поле», именуемое в дальнейшем «Экспонент», с другой стороны, заключили настоящий "
        "договор о нижеследующем.\n\nОрганизатор:\nООО «ЭЦЮ»\nИНН 6164690121\n\n"
        "Экспонент:\nООО «Агрофирма Поле»\nИНН 6101615643\n"
    )

    assert [(p.role, p.inn) for p in find_parties_ru(text)] == [
        ("Организатор", "6164690121"),
        ("Экспонент", "6101615643"),
    ]


def test_a_preamble_closing_with_o_sleduyushchem_ends_the_sides_too() -> None:
    text = prepare_text(
        "ИП Терентьев Максим Олегович, именуемый далее «Заказчик», с одной стороны, и ООО "
        "«Ангара-Право», именуемое далее «Исполнитель», с другой стороны, заключили настоящий "
        "договор (далее — Договор) о следующем:\n\n1.1. Исполнитель представляет интересы "
        "Заказчика по иску к ООО «БайкалТехСнаб» (далее — Ответчик).\n"
    )

    assert [p.role for p in find_parties_ru(text)] == ["Заказчик", "Исполнитель"]


def test_the_company_the_sides_hold_shares_in_is_no_side() -> None:
    text = prepare_text(
        "КОРПОРАТИВНЫЙ ДОГОВОР\n\nКорнеев Павел Сергеевич, гражданин Российской Федерации, "
        "именуемый в дальнейшем «Основатель», и ООО «Нева Инвест Партнерс», именуемое в "
        "дальнейшем «Инвестор», являющиеся участниками Общества с ограниченной "
        "ответственностью «Балтик Фуд Инжиниринг» (ОГРН 1217825178812, далее — «Общество»), "
        "заключили настоящий договор о нижеследующем.\n"
    )

    assert [p.role for p in find_parties_ru(text)] == ["Основатель", "Инвестор"]
