"""Documents made in the tests themselves, for cases no fixture file covers."""

from __future__ import annotations

import io
import zipfile

RU_SUPPLY_CONTRACT_HTML = """
<h1>ДОГОВОР ПОСТАВКИ № 17/2024</h1>
<p>г. Казань «15» марта 2024 г.</p>
<p>Общество с ограниченной ответственностью «Ромашка» (ИНН 7707083893), именуемое в дальнейшем
«Поставщик», в лице генерального директора Иванова И.И., действующего на основании Устава, с одной
стороны, и Акционерное общество «Лютик» (ИНН 7736050003), именуемое в дальнейшем «Покупатель», в
лице директора Петрова П.П., действующего на основании Устава, с другой стороны, заключили
настоящий договор о нижеследующем.</p>
<h2>1. Предмет договора</h2>
<p>1.1. Поставщик обязуется поставить, а Покупатель принять и оплатить промышленное оборудование
в соответствии со Спецификацией.</p>
<h2>2. Цена и порядок расчётов</h2>
<p>2.1. Общая стоимость оборудования составляет 2 500 000,00 (два миллиона пятьсот тысяч) рублей,
в том числе НДС 20%.</p>
<p>2.2. Покупатель производит предоплату в размере 100% стоимости в течение 5 банковских дней с
даты подписания договора.</p>
<h2>3. Ответственность сторон</h2>
<p>3.1. За просрочку поставки Поставщик уплачивает Покупателю неустойку в размере 0,5% от
стоимости непоставленного оборудования за каждый день просрочки.</p>
<p>3.2. Поставщик вправе в одностороннем порядке отказаться от исполнения договора, уведомив
Покупателя за 10 дней.</p>
<h2>4. Разрешение споров</h2>
<p>4.1. Все споры разрешаются в Арбитражном суде Республики Татарстан. Применимое право —
законодательство Российской Федерации.</p>
<h2>5. Срок действия</h2>
<p>5.1. Договор вступает в силу с 15.03.2024 и действует до 31.12.2024. Если ни одна из сторон не
заявит о его прекращении, договор считается продлённым на следующий календарный год.</p>
"""


def make_pdf(html: str = RU_SUPPLY_CONTRACT_HTML) -> bytes:
    """A one-page PDF with a text layer, laid out from simple HTML."""
    import pymupdf

    document = pymupdf.open()
    page = document.new_page()
    page.insert_htmlbox(pymupdf.Rect(40, 40, 555, 800), html)
    return bytes(document.tobytes())


def make_xlsx(rows: list[list[str]]) -> bytes:
    """A minimal XLSX workbook with one sheet of inline strings."""
    cells = "".join(
        "<row r='{r}'>{c}</row>".format(
            r=r + 1,
            c="".join(
                f"<c r='{chr(65 + i)}{r + 1}' t='inlineStr'><is><t>{v}</t></is></c>"
                for i, v in enumerate(row)
            ),
        )
        for r, row in enumerate(rows)
    )
    files = {
        "[Content_Types].xml": (
            "<?xml version='1.0' encoding='UTF-8'?>"
            "<Types xmlns='http://schemas.openxmlformats.org/package/2006/content-types'>"
            "<Default Extension='rels' ContentType='application/vnd.openxmlformats-package."
            "relationships+xml'/><Default Extension='xml' ContentType='application/xml'/>"
            "<Override PartName='/xl/workbook.xml' ContentType='application/vnd.openxmlformats-"
            "officedocument.spreadsheetml.sheet.main+xml'/>"
            "<Override PartName='/xl/worksheets/sheet1.xml' ContentType='application/vnd."
            "openxmlformats-officedocument.spreadsheetml.worksheet+xml'/></Types>"
        ),
        "_rels/.rels": (
            "<?xml version='1.0' encoding='UTF-8'?>"
            "<Relationships xmlns='http://schemas.openxmlformats.org/package/2006/relationships'>"
            "<Relationship Id='rId1' Type='http://schemas.openxmlformats.org/officeDocument/2006/"
            "relationships/officeDocument' Target='xl/workbook.xml'/></Relationships>"
        ),
        "xl/workbook.xml": (
            "<?xml version='1.0' encoding='UTF-8'?>"
            "<workbook xmlns='http://schemas.openxmlformats.org/spreadsheetml/2006/main' "
            "xmlns:r='http://schemas.openxmlformats.org/officeDocument/2006/relationships'>"
            "<sheets><sheet name='Sheet1' sheetId='1' r:id='rId1'/></sheets></workbook>"
        ),
        "xl/_rels/workbook.xml.rels": (
            "<?xml version='1.0' encoding='UTF-8'?>"
            "<Relationships xmlns='http://schemas.openxmlformats.org/package/2006/relationships'>"
            "<Relationship Id='rId1' Type='http://schemas.openxmlformats.org/officeDocument/2006/"
            "relationships/worksheet' Target='worksheets/sheet1.xml'/></Relationships>"
        ),
        "xl/worksheets/sheet1.xml": (
            "<?xml version='1.0' encoding='UTF-8'?>"
            "<worksheet xmlns='http://schemas.openxmlformats.org/spreadsheetml/2006/main'>"
            f"<sheetData>{cells}</sheetData></worksheet>"
        ),
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, body in files.items():
            archive.writestr(name, body)
    return buffer.getvalue()
