"""DOCX to Markdown: headings from styles, numbered lists, tables, and what must not leak in."""

from __future__ import annotations

import io
import zipfile

import pytest

from chalicelib.errors import UnreadableDocumentError
from chalicelib.extract import extract_document
from chalicelib.extract.docx_styles import format_number
from tests.limits import UNIT_LIMITS as LIMITS

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
MC = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'
STYLES = f"""<w:styles {W}>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
<w:style w:type="paragraph" w:styleId="1"><w:name w:val="heading 1"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>
<w:style w:type="paragraph" w:styleId="Clause"><w:name w:val="Clause"/><w:basedOn w:val="1"/>
</w:style>
<w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
</w:styles>"""
NUMBERING = f"""<w:numbering {W}>
<w:abstractNum w:abstractNumId="0">
 <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
 <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2."/>
 </w:lvl>
</w:abstractNum>
<w:abstractNum w:abstractNumId="1">
 <w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl>
</w:abstractNum>
<w:abstractNum w:abstractNumId="2">
 <w:lvl w:ilvl="0"><w:numFmt w:val="russianLower"/><w:lvlText w:val="%1)"/></w:lvl>
</w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
<w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>
</w:numbering>"""


def _p(text: str, style: str | None = None, num: tuple[int, int] | None = None) -> str:
    ppr = ""
    if style or num:
        numpr = (
            f'<w:numPr><w:ilvl w:val="{num[1]}"/><w:numId w:val="{num[0]}"/></w:numPr>'
            if num
            else ""
        )
        pstyle = f'<w:pStyle w:val="{style}"/>' if style else ""
        ppr = f"<w:pPr>{pstyle}{numpr}</w:pPr>"
    return f"<w:p>{ppr}<w:r><w:t xml:space='preserve'>{text}</w:t></w:r></w:p>"


def _cell(text: str, extra: str = "") -> str:
    return f"<w:tc><w:tcPr>{extra}</w:tcPr>{_p(text)}</w:tc>"


BODY = "".join(
    [
        _p("Договор поставки № 7", "Title"),
        _p("Предмет договора", "1"),
        _p("Поставщик передаёт товар.", num=(1, 0)),
        _p("Товар передаётся со склада.", num=(1, 1)),
        _p("Право собственности переходит при передаче.", num=(1, 1)),
        _p("Цена и оплата", "Heading2"),
        _p("Оплата в течение 10 дней.", num=(1, 0)),
        _p("молоко", num=(2, 0)),
        _p("хлеб", num=(2, 0)),
        _p("первое основание", num=(3, 0)),
        _p("второе основание", num=(3, 0)),
        _p("Унаследованный заголовок", "Clause"),
        "<w:tbl><w:tr>",
        _cell("Товар"),
        _cell("Цена"),
        "</w:tr><w:tr>",
        _cell("Молоко | 1 л"),
        _cell("100 руб."),
        "</w:tr><w:tr>",
        _cell("Итого", '<w:gridSpan w:val="2"/>'),
        "</w:tr></w:tbl>",
        "<w:tbl><w:tr>",
        _cell("Текст в рамке"),
        "</w:tr></w:tbl>",
        "<w:p><w:r><w:t>Срок:</w:t></w:r><w:r><w:tab/><w:t>30 дней</w:t></w:r>",
        "<w:del><w:r><w:delText>удалённый текст</w:delText></w:r></w:del>",
        "<w:ins><w:r><w:t> и продлевается</w:t></w:r></w:ins></w:p>",
        f"<w:p><w:r><mc:AlternateContent {MC}><mc:Choice><w:t>Надпись</w:t></mc:Choice>",
        "<mc:Fallback><w:t>Надпись</w:t></mc:Fallback></mc:AlternateContent></w:r></w:p>",
        "<w:sdt><w:sdtContent>",
        _p("Подписи сторон"),
        "</w:sdtContent></w:sdt>",
    ]
)
DOCUMENT = f"<w:document {W} {MC}><w:body>{BODY}<w:sectPr/></w:body></w:document>"
APP = (
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
    "<Pages>3</Pages></Properties>"
)


def build_docx(document: str = DOCUMENT, *, with_parts: bool = True) -> bytes:
    """A DOCX with styles, numbering and app properties as Word lays them out."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", document)
        if with_parts:
            archive.writestr("word/styles.xml", STYLES)
            archive.writestr("word/numbering.xml", NUMBERING)
            archive.writestr("docProps/app.xml", APP)
    return buffer.getvalue()


@pytest.fixture(scope="module")
def markdown() -> str:
    return extract_document(build_docx(), declared_ext="docx", limits=LIMITS).markdown


def test_docx_title_and_heading_styles_become_markdown_headings(markdown: str) -> None:
    assert "# Договор поставки № 7" in markdown.splitlines()
    assert "# Предмет договора" in markdown.splitlines()
    assert "## Цена и оплата" in markdown.splitlines()


def test_docx_heading_level_is_inherited_through_based_on(markdown: str) -> None:
    assert "# Унаследованный заголовок" in markdown.splitlines()


def test_docx_numbered_paragraphs_carry_their_computed_labels(markdown: str) -> None:
    lines = markdown.splitlines()
    assert "1. Поставщик передаёт товар." in lines
    assert "1.1. Товар передаётся со склада." in lines
    assert "1.2. Право собственности переходит при передаче." in lines
    assert "2. Оплата в течение 10 дней." in lines
    assert "а) первое основание" in lines
    assert "б) второе основание" in lines


def test_docx_bullets_become_markdown_list_items(markdown: str) -> None:
    assert "- молоко" in markdown.splitlines()
    assert "- хлеб" in markdown.splitlines()


def test_docx_table_becomes_a_markdown_table_with_escaped_pipes(markdown: str) -> None:
    assert "| Товар | Цена |" in markdown
    assert "|---|---|" in markdown
    assert "| Молоко \\| 1 л | 100 руб. |" in markdown
    assert "| Итого |  |" in markdown


def test_docx_one_cell_table_is_plain_text(markdown: str) -> None:
    assert "Текст в рамке" in markdown.splitlines()


def test_docx_keeps_insertions_and_drops_deletions_and_fallback_copies(markdown: str) -> None:
    assert "Срок: 30 дней и продлевается" in markdown
    assert "удалённый" not in markdown
    assert markdown.count("Надпись") == 1


def test_docx_reads_content_controls(markdown: str) -> None:
    assert "Подписи сторон" in markdown


def test_docx_facts_use_the_saved_page_count_and_see_tables() -> None:
    facts = extract_document(build_docx(), declared_ext="docx", limits=LIMITS).facts
    assert facts.pages == 3
    assert facts.has_tables
    assert facts.language == "ru"
    assert facts.pipeline == "contract"
    assert facts.format == "docx"


def test_docx_without_styles_or_numbering_still_reads() -> None:
    extraction = extract_document(build_docx(with_parts=False), declared_ext="docx", limits=LIMITS)
    assert "Договор поставки № 7" in extraction.markdown
    assert extraction.facts.pages == 1


def test_docx_with_an_empty_body_has_no_readable_text() -> None:
    empty = f"<w:document {W}><w:body><w:p/></w:body></w:document>"
    with pytest.raises(UnreadableDocumentError, match="No readable text"):
        extract_document(build_docx(empty), declared_ext="docx", limits=LIMITS)


def test_docx_deeply_nested_xml_does_not_crash_the_reader() -> None:
    nested = "<w:sdt><w:sdtContent>" * 3000 + _p("глубоко") + "</w:sdtContent></w:sdt>" * 3000
    document = f"<w:document {W}><w:body>{nested}</w:body></w:document>"
    extraction = extract_document(build_docx(document), declared_ext="docx", limits=LIMITS)
    assert "глубоко" in extraction.markdown


@pytest.mark.parametrize(
    ("value", "fmt", "expected"),
    [
        (3, "decimal", "3"),
        (2, "lowerLetter", "b"),
        (3, "upperRoman", "III"),
        (14, "lowerRoman", "xiv"),
        (1, "russianUpper", "А"),
        (7, "decimalZero", "07"),
    ],
)
def test_format_number_speaks_words_number_formats(value: int, fmt: str, expected: str) -> None:
    assert format_number(value, fmt) == expected
