"""Spreadsheets to Markdown tables and cells: string kinds, numbers, sheets, bounds."""

from __future__ import annotations

import io
import zipfile

import pytest

from chalicelib.errors import UnreadableDocumentError
from chalicelib.extract import extract_document, spreadsheet
from tests.limits import UNIT_LIMITS as LIMITS

MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
REL = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
PKG_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SHARED = (
    f"<sst {MAIN}><si><t>Показатель</t></si><si><t>Сумма</t></si>"
    "<si><r><t>Выручка</t></r><r><t xml:space='preserve'> (нетто)</t></r>"
    "<rPh><t>ふりがな</t></rPh></si></sst>"
)
BALANCE = f"""<worksheet {MAIN}><sheetData>
<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>
<row r="2"><c r="A2" t="s"><v>2</v></c><c r="C2"><v>1500.0</v></c></row>
<row r="3"><c r="A3" t="inlineStr"><is><t>Налог</t></is></c><c r="C3"><v>0.30000000000000004</v></c>
</row>
<row r="4"><c r="A4" t="str"><f>A1</f><v>Итого</v></c><c r="C4" t="b"><v>1</v></c></row>
<row r="5"><c r="A5"/></row>
</sheetData></worksheet>"""
EMPTY_SHEET = f"<worksheet {MAIN}><sheetData/></worksheet>"


def build_xlsx(sheets: dict[str, str], shared: str | None = SHARED, hidden: str = "") -> bytes:
    """A workbook with the given sheets (name -> sheet XML), wired as Excel wires them."""
    entries = "".join(
        f'<sheet name="{name}" sheetId="{i}" r:id="rId{i}"'
        + (' state="hidden"' if name == hidden else "")
        + "/>"
        for i, name in enumerate(sheets, 1)
    )
    rels = "".join(
        f'<Relationship Id="rId{i}" Type="{TYPE}/worksheet" Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, len(sheets) + 1)
    )
    rels += f'<Relationship Id="rIdS" Type="{TYPE}/sharedStrings" Target="sharedStrings.xml"/>'
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            "_rels/.rels",
            f'<Relationships xmlns="{PKG_RELS}"><Relationship Id="rId1" '
            f'Type="{TYPE}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        archive.writestr(
            "xl/workbook.xml", f"<workbook {MAIN} {REL}><sheets>{entries}</sheets></workbook>"
        )
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            f'<Relationships xmlns="{PKG_RELS}">{rels}</Relationships>',
        )
        for i, xml in enumerate(sheets.values(), 1):
            archive.writestr(f"xl/worksheets/sheet{i}.xml", xml)
        if shared is not None:
            archive.writestr("xl/sharedStrings.xml", shared)
    return buffer.getvalue()


def test_xlsx_sheet_becomes_a_markdown_table_with_every_cell_kind() -> None:
    extraction = extract_document(
        build_xlsx({"Баланс": BALANCE}), declared_ext="xlsx", limits=LIMITS
    )
    assert extraction.markdown.splitlines() == [
        "## Баланс",
        "",
        "| Показатель | Сумма |",
        "|---|---|",
        "| Выручка (нетто) | 1500 |",
        "| Налог | 0.3 |",
        "| Итого | TRUE |",
    ]


def test_xlsx_facts_are_tabular_with_one_page_per_sheet() -> None:
    data = build_xlsx(
        {"Баланс": BALANCE, "Пусто": EMPTY_SHEET, "Скрытый": BALANCE}, hidden="Скрытый"
    )
    extraction = extract_document(data, declared_ext="xlsx", limits=LIMITS)
    assert extraction.facts.pipeline == "tabular"
    assert extraction.facts.pages == 3
    assert extraction.facts.has_tables
    assert extraction.facts.format == "xlsx"
    assert "## Пусто\n\n_The sheet is empty._" in extraction.markdown
    assert "## Скрытый (hidden)" in extraction.markdown


def test_xlsx_without_shared_strings_reads_inline_strings() -> None:
    sheet = (
        f'<worksheet {MAIN}><sheetData><row><c t="inlineStr"><is><t>Договор</t></is></c>'
        '<c t="inlineStr"><is><t>аренды</t></is></c></row><row><c><v>1</v></c><c><v>2</v></c></row>'
        "</sheetData></worksheet>"
    )
    extraction = extract_document(
        build_xlsx({"Лист1": sheet}, shared=None), declared_ext="xlsx", limits=LIMITS
    )
    assert "| Договор | аренды |" in extraction.markdown
    assert "| 1 | 2 |" in extraction.markdown


def test_xlsx_cuts_a_huge_sheet_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spreadsheet, "MAX_MARKDOWN_ROWS", 3)
    rows = "".join(f'<row><c t="inlineStr"><is><t>строка {i}</t></is></c></row>' for i in range(50))
    sheet = f"<worksheet {MAIN}><sheetData>{rows}</sheetData></worksheet>"
    extraction = extract_document(build_xlsx({"Данные": sheet}), declared_ext="xlsx", limits=LIMITS)
    assert "строка 2" in extraction.markdown
    assert "строка 3" not in extraction.markdown
    assert any("too large" in warning for warning in extraction.facts.warnings)


def test_xlsx_keeps_the_first_used_columns_in_the_text_and_says_so() -> None:
    cells = "".join(
        f'<c r="{spreadsheet_column(i)}1" t="inlineStr"><is><t>к{i}</t></is></c>' for i in range(70)
    )
    sheet = f"<worksheet {MAIN}><sheetData><row>{cells}</row></sheetData></worksheet>"
    extraction = extract_document(build_xlsx({"Лист1": sheet}), declared_ext="xlsx", limits=LIMITS)
    assert "к63" in extraction.markdown and "к64" not in extraction.markdown
    assert extraction.facts.warnings
    # The cells themselves are all there, for recognition.
    assert extraction.sheets[0].rows[0][69] == "к69"


def spreadsheet_column(index: int) -> str:
    from chalicelib.statements.grid import column_letters

    return column_letters(index)


def test_xlsx_with_only_empty_sheets_has_no_readable_text() -> None:
    with pytest.raises(UnreadableDocumentError):
        extract_document(build_xlsx({"Лист1": EMPTY_SHEET}), declared_ext="xlsx", limits=LIMITS)
