"""Plain text and RTF: encodings people actually send, and their paragraphs kept."""

from __future__ import annotations

import codecs

import pytest

from chalicelib.errors import UnsupportedFormatError
from chalicelib.extract import extract_document
from chalicelib.extract.rtf import drop_binary_groups
from chalicelib.extract.text import decode_text, join_wrapped_lines, text_to_markdown
from tests.limits import UNIT_LIMITS as LIMITS

CONTRACT = (
    "ДОГОВОР ПОСТАВКИ № 12\n\n"
    "1. Поставщик обязуется передать Покупателю товар, а Покупатель — принять и оплатить его.\n"
    "2. Цена договора составляет 100 000 рублей, включая НДС.\n"
)


@pytest.mark.parametrize(
    "encoded",
    [
        CONTRACT.encode("utf-8"),
        codecs.BOM_UTF8 + CONTRACT.encode("utf-8"),
        CONTRACT.encode("cp1251"),
        CONTRACT.replace("—", "-").replace("№", "N").encode("koi8-r"),
        CONTRACT.encode("utf-16"),
    ],
    ids=["utf-8", "utf-8-sig", "cp1251", "koi8-r", "utf-16-bom"],
)
def test_txt_decodes_every_encoding_russian_users_send(encoded: bytes) -> None:
    extraction = extract_document(encoded, declared_ext="txt", limits=LIMITS)
    assert "Поставщик обязуется передать Покупателю товар" in extraction.markdown
    assert extraction.facts.language == "ru"
    assert extraction.facts.format == "txt"
    assert extraction.facts.pages == 1


def test_txt_keeps_each_line_as_a_paragraph() -> None:
    markdown = extract_document(CONTRACT.encode(), declared_ext="txt", limits=LIMITS).markdown
    assert markdown.split("\n\n") == [line for line in CONTRACT.splitlines() if line]


def test_txt_joins_hard_wrapped_lines_and_rejoins_hyphenated_words() -> None:
    wrapped = (
        "The Supplier shall deliver the goods to the Buyer within thirty\n"
        "days of the order and shall bear all costs of transportation, insu-\n"
        "rance and handling until the goods are accepted by the Buyer at the\n"
        "delivery point named in the order.\n"
    )
    assert text_to_markdown(wrapped) == (
        "The Supplier shall deliver the goods to the Buyer within thirty days of the order and "
        "shall bear all costs of transportation, insurance and handling until the goods are "
        "accepted by the Buyer at the delivery point named in the order."
    )


_FILING = """\
                              DISTRIBUTOR AGREE-
                              MENT

     This Distributor Agreement is made as of March 3, 2015 by and between
Alpha Corp., a Delaware corporation, and Beta LLC, a New York limited
liability company.

     SECTION 17. Construction. This Agreement shall be construed in
accordance with the laws of the District of Columbia.

     SECTION 18. Term.
This Agreement shall continue for two (2) years from the date hereof and
may be renewed by the parties in writing for further periods of one year.

     SECTION 19. Counterparts. This Agreement may be executed in counterparts.

     SECTION 20. Notices.
     (a) to Alpha: 1 Main Street, Dover, Delaware
     (b) to Beta: 2 Broad Street, New York, New York
"""


def test_a_text_wrapped_at_a_fixed_width_keeps_its_paragraphs_whole() -> None:
    # An EDGAR filing's layout: the whole text wrapped at 70-odd columns, so a two-line
    # paragraph, or a heading over wrapped lines, is not wrapped as a block of its own
    paragraphs = text_to_markdown(_FILING).split("\n\n")

    assert paragraphs == [
        "DISTRIBUTOR AGREEMENT",
        "This Distributor Agreement is made as of March 3, 2015 by and between Alpha Corp., a"
        " Delaware corporation, and Beta LLC, a New York limited liability company.",
        "SECTION 17. Construction. This Agreement shall be construed in accordance with the laws"
        " of the District of Columbia.",
        "SECTION 18. Term.",
        "This Agreement shall continue for two (2) years from the date hereof and may be renewed"
        " by the parties in writing for further periods of one year.",
        "SECTION 19. Counterparts. This Agreement may be executed in counterparts.",
        "SECTION 20. Notices.",
        "(a) to Alpha: 1 Main Street, Dover, Delaware",
        "(b) to Beta: 2 Broad Street, New York, New York",
    ]


def test_a_text_of_long_lines_keeps_each_line_as_a_paragraph() -> None:
    # lines of a few words each, then long ones: no width the text was wrapped at
    text = "\n".join(
        ["Payment terms", "Delivery", *[f"Clause {n}. " + "word " * 40 for n in range(9)]]
    )

    assert text_to_markdown(text).split("\n\n") == [line.strip() for line in text.split("\n")]


def test_a_markdown_table_in_a_text_file_stays_one_table() -> None:
    # a specification pasted into a .txt: its rows stay together, one under the other, as a
    # Markdown table, whatever the lines around it; a lone line between bars is only text
    text = (
        "Спецификация № 1\n| Наименование | Кол-во | Сумма, руб. |\n|---|---|---|\n"
        "| Станок токарный | 2 | 1 200 000,00 |\n| Итого | | 1 200 000,00 |\n"
        "Подписи сторон:\n| см. выше |"
    )

    assert text_to_markdown(text).split("\n\n") == [
        "Спецификация № 1",
        "| Наименование | Кол-во | Сумма, руб. |\n|---|---|---|\n"
        "| Станок токарный | 2 | 1 200 000,00 |\n| Итого | | 1 200 000,00 |",
        "Подписи сторон:",
        "| см. выше |",
    ]


def test_txt_declared_but_binary_is_refused() -> None:
    with pytest.raises(UnsupportedFormatError, match=r"\.txt but holds binary data"):
        extract_document(bytes(range(256)) * 10, declared_ext="txt", limits=LIMITS)


def test_decode_text_refuses_binary_data() -> None:
    assert decode_text(b"\x00\x01\x02\x03" * 100) is None


def test_rtf_with_raw_utf8_cyrillic_is_read_as_written() -> None:
    rtf = (
        "{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}}"
        "\\f0 СОГЛАШЕНИЕ\\par\\par Стороны обязуются.\\par}"
    )
    extraction = extract_document(rtf.encode(), declared_ext="rtf", limits=LIMITS)
    assert extraction.markdown == "СОГЛАШЕНИЕ\n\nСтороны обязуются."
    assert extraction.facts.language == "ru"


def test_rtf_with_cp1251_escapes_and_unicode_escapes_is_decoded() -> None:
    escaped = "".join(f"\\'{byte:02x}" for byte in "Договор".encode("cp1251"))
    rtf = (
        "{\\rtf1\\ansi\\ansicpg1251\\deff0{\\fonttbl{\\f0\\fcharset204 Arial;}}\\f0 "
        f"{escaped} \\u1072?\\u1088?\\u1077?\\u1085?\\u1076?\\u1099?\\par второй абзац\\par}}"
    )
    extraction = extract_document(rtf.encode("cp1251"), declared_ext="rtf", limits=LIMITS)
    assert extraction.markdown.split("\n\n") == ["Договор аренды", "второй абзац"]


def test_rtf_pictures_are_dropped_before_parsing() -> None:
    picture = "{\\pict\\pngblip " + "89504e47" * 100_000 + "}"
    rtf = f"{{\\rtf1\\ansi Before {picture}after\\par}}"
    assert drop_binary_groups(rtf) == "{\\rtf1\\ansi Before after\\par}"
    extraction = extract_document(rtf.encode(), declared_ext="rtf", limits=LIMITS)
    assert extraction.markdown == "Before after"


def test_a_signature_block_in_columns_keeps_its_lines() -> None:
    # two sides side by side: each line a row of the layout, not a wrapped paragraph
    body = "\n".join(
        [
            "The Supplier shall deliver the goods to the Buyer within thirty days of",
            "the order and shall bear all costs of transportation and insurance until",
            "the goods are accepted by the Buyer at the delivery point named there.",
        ]
        * 3
    )
    rows = [
        "ALPHA CORP.                              BETA LLC",
        "By: /s/ John Smith                       By: /s/ Jane Doe",
        "Name: John Smith                         Name: Jane Doe",
        "Date: March 3, 2015                      Date: March 4, 2015",
    ]

    paragraphs = text_to_markdown(body + "\n\n" + "\n".join(rows)).split("\n\n")

    assert paragraphs[-4:] == rows
    assert len(paragraphs) == 5


def test_a_clause_under_a_hanging_indent_is_one_paragraph() -> None:
    # "13.2" and the gap after it open the clause; its lines go on indented to the text,
    # which is a paragraph wrapped, not two columns
    body = "\n".join(
        [
            "The Licensor shall deliver the programmes to the Licensee within thirty days",
            "of the order and shall bear all costs of transport and insurance until the",
            "tapes are accepted by the Licensee at the delivery point named in Schedule.",
        ]
        * 3
    )
    clause = (
        "13.2     This Agreement shall be governed by and construed in accordance with\n"
        "         the laws of the Province of British Columbia and the federal laws of\n"
        "         Canada applicable therein."
    )

    paragraphs = text_to_markdown(body + "\n\n" + clause).split("\n\n")

    assert paragraphs[-1] == (
        "13.2     This Agreement shall be governed by and construed in accordance with the laws"
        " of the Province of British Columbia and the federal laws of Canada applicable therein."
    )


def test_a_hyphen_after_an_abbreviation_in_capitals_stays() -> None:
    # "U.S.-" ends in a full stop and a letter, not in a word cut in two
    assert join_wrapped_lines(["a U.S.-", "BASED company"]) == "a U.S.- BASED company"
    assert join_wrapped_lines(["THIS AGREE-", "MENT IS"]) == "THIS AGREEMENT IS"


def test_a_document_saved_with_single_line_breaks_keeps_its_headings_and_fields() -> None:
    # no blank line anywhere: the whole text one block, wrapped at 78 columns, its title and
    # its fields short lines among the wrapped paragraphs (joined into one paragraph before,
    # the title was lost)
    text = "\n".join(
        [
            "Exhibit 10.43",
            "Cooperation Agreement",
            "Party A: Beike Internet Security Technology Co., Ltd.",
            "Party B: Baidu Online Network Technology Co., Ltd.",
            "This Cooperation Agreement is executed by and between the parties below in",
            "Haidian District, Beijing, the People's Republic of China (hereinafter",
            'referred to as "PRC"). The parties agree to cooperate on the terms set out',
            "below and in the schedules attached to this Agreement, which form part of it.",
            "1. Term. This Agreement shall remain in force for a period of two (2) years",
            "from the date of its signature by both parties, and either party may end it",
            "by notice in writing to the other given not less than ninety days before the",
            "end of the term; a notice so given takes effect at the end of the term and",
            "does not affect any right or remedy that accrued to either party before it.",
        ]
    )

    assert text_to_markdown(text).split("\n\n") == [
        "Exhibit 10.43",
        "Cooperation Agreement",
        "Party A: Beike Internet Security Technology Co., Ltd.",
        "Party B: Baidu Online Network Technology Co., Ltd.",
        "This Cooperation Agreement is executed by and between the parties below in Haidian"
        " District, Beijing, the People's Republic of China (hereinafter referred to as"
        ' "PRC"). The parties agree to cooperate on the terms set out below and in the'
        " schedules attached to this Agreement, which form part of it.",
        "1. Term. This Agreement shall remain in force for a period of two (2) years from the"
        " date of its signature by both parties, and either party may end it by notice in"
        " writing to the other given not less than ninety days before the end of the term; a"
        " notice so given takes effect at the end of the term and does not affect any right or"
        " remedy that accrued to either party before it.",
    ]


def test_a_short_line_whose_word_had_room_above_is_a_break_the_writer_made() -> None:
    # "Between" would have fitted on the title's line, so wrapping did not put it below; a
    # long line goes on with its paragraph whatever the room (the width is only estimated)
    lines = [
        "GLOBAL MAINTENANCE AGREEMENT Contract No. DS/CS-3957/14 issue 7",
        "Between",
        "AZUL LINHAS AEREAS BRASILEIRAS S/A (as Company)",
        "and",
        "AVIONS DE TRANSPORT REGIONAL, G.I.E. (as Repairer)",
        "This Agreement shall be binding upon and inure to the benefit of, or may be",
        "performed by, the successors and assigns of the Parties. No Party may",
        "assign or otherwise transfer its rights or obligations under this Agreement",
        "unless it has obtained the prior written consent of the other Party, which",
        "consent shall not be unreasonably withheld, conditioned or delayed by it.",
    ]

    assert text_to_markdown("\n".join(lines)).split("\n\n") == [
        *lines[:5],
        " ".join(lines[5:]),
    ]


def test_a_fields_value_going_on_under_its_column_is_one_field() -> None:
    # a cover sheet's value wrapped to the column it starts at; a line that ends a sentence
    # ends the field, and the next field's label starts a paragraph of its own
    sheet = (
        "Initial Term:         Two (2) years from the Effective Date\n"
        "Renewal:              Successive one (1) year terms, unless either\n"
        "                      party gives notice of non-renewal not less\n"
        "                      than sixty (60) days before the term ends.\n"
        "                      The Territory is set out in Schedule B.\n"
        "Licensee:             HOLLIS BAY TRADING LTD.\n"
        "                      a Nova Scotia company"
    )

    paragraphs = text_to_markdown(sheet).split("\n\n")

    assert paragraphs == [
        "Initial Term:         Two (2) years from the Effective Date",
        "Renewal:              Successive one (1) year terms, unless either party gives notice"
        " of non-renewal not less than sixty (60) days before the term ends.",
        "The Territory is set out in Schedule B.",
        "Licensee:             HOLLIS BAY TRADING LTD.",
        "a Nova Scotia company",
    ]


def test_a_sentence_a_page_break_cut_is_joined_again_and_its_page_mark_dropped() -> None:
    # An EDGAR filing's page mark between two halves of one sentence: the sentence is read
    # whole; a mark between whole paragraphs stays where it stands
    text = (
        "     3.2 Either party may ask the other to extend this Agreement. If the other\n"
        "party agrees to the request in writing within thirty (30) days, this\n\n"
        "                               Page 2 of 7\n\n"
        "Agreement will be extended for a further term of one (1) year.\n\n"
        "     3.3 Neither party is obliged to make or to accept a request under this\n"
        "clause 3.2, and neither party will be liable for declining one.\n\n"
        "                                  -3-\n\n"
        "<PAGE>\n\n"
        "     4. PAYMENT. The Customer shall pay each invoice within thirty (30) days.\n"
    )
    assert text_to_markdown(text).split("\n\n") == [
        "3.2 Either party may ask the other to extend this Agreement. If the other party agrees"
        " to the request in writing within thirty (30) days, this Agreement will be extended for"
        " a further term of one (1) year.",
        "3.3 Neither party is obliged to make or to accept a request under this clause 3.2, and"
        " neither party will be liable for declining one.",
        "-3-",
        "<PAGE>",
        "4. PAYMENT. The Customer shall pay each invoice within thirty (30) days.",
    ]


def test_a_short_line_a_page_break_cut_on_a_word_no_sentence_ends_on_is_joined_again() -> None:
    # The sentence opens on the line the page cuts: too short to look cut off, but "this" ends
    # no sentence; and a number in words cut off before its figure in brackets
    text = (
        "     6.1 Termination for Convenience. Buyer may terminate this\n\n"
        "                                   3\n\n"
        "<PAGE>\n\n"
        "Agreement at any time by giving Seller ninety (90) days' written notice.\n\n"
        "     8.1 Term. This Agreement shall continue for a period of three\n\n"
        "                                   4\n\n"
        "<PAGE>\n\n"
        "(3) years from the Effective Date.\n\n"
        "     9.1 Notices. Notices shall be in writing.\n\n"
        "                                   5\n\n"
        "<PAGE>\n\n"
        "(a) to the Buyer at its address above.\n"
    )
    assert text_to_markdown(text).split("\n\n") == [
        "6.1 Termination for Convenience. Buyer may terminate this Agreement at any time by"
        " giving Seller ninety (90) days' written notice.",
        "8.1 Term. This Agreement shall continue for a period of three (3) years from the"
        " Effective Date.",
        "9.1 Notices. Notices shall be in writing.",
        "5",
        "<PAGE>",
        "(a) to the Buyer at its address above.",
    ]


def test_a_running_header_under_the_page_mark_does_not_split_the_sentence_it_cuts() -> None:
    # the header every page opens with is furniture: the halves of the cut sentence are one
    # sentence again; a heading over the next page's text is not furniture and stays
    page = (
        "     {n}.1 The Reseller shall keep records of all sales for the whole of this\n"
        "Agreement and for three (3) years afterwards, and shall let the Vendor\n"
        "inspect them on ten (10) days' notice during normal business hours. The\n"
        "initial term of this Agreement shall begin on the Effective Date and shall\n\n"
        "                               - {n} -\n\n"
        "<PAGE>\n"
        "CONFIDENTIAL TREATMENT REQUESTED\n\n"
        "run for a period of three (3) years, unless the parties agree otherwise.\n\n"
    )
    text = "".join(page.format(n=n) for n in range(1, 4))
    paragraphs = text_to_markdown(text).split("\n\n")
    assert len(paragraphs) == 3
    assert all(
        paragraph.endswith(
            "shall begin on the Effective Date and shall run for a period of three (3) years,"
            " unless the parties agree otherwise."
        )
        for paragraph in paragraphs
    )


def test_a_line_beside_a_few_of_many_page_marks_is_no_running_header() -> None:
    # "[Form follows.]" under two exhibits' headings of a long filing is text, kept in place
    pages = [
        "The Distributor shall keep the Products in a clean, dry and secure warehouse and\n"
        "shall insure them for their full replacement value against all usual risks, and"
        f"\n\n- {n} -\n\nshall give the Company a copy of the policy on request.\n\n"
        for n in range(1, 5)
    ]
    pages += [f"EXHIBIT {x}\n\n[Form follows.]\n\n- {n} -\n\n" for x, n in (("C", 5), ("D", 6))]
    paragraphs = text_to_markdown("".join(pages)).split("\n\n")
    assert paragraphs[-6:] == [
        "EXHIBIT C",
        "[Form follows.]",
        "- 5 -",
        "EXHIBIT D",
        "[Form follows.]",
        "- 6 -",
    ]


def test_a_full_line_that_ends_in_a_comma_goes_on_though_the_next_word_had_room() -> None:
    # a side's address wrapped a little short of the text's width: the comma says the
    # sentence goes on, whatever room "220" had on the line above
    body = [
        "The Supplier shall deliver the Products to the Buyer at the places named in",
        "each Order, in the quantities and on the dates stated there, and shall bear",
        "the cost of carriage, insurance and unloading at each place of delivery.",
    ] * 3
    side = [
        "1.   Wirraway Timber Products Pty Ltd (ACN 118 224 903) of Unit 4,",
        "     220 Dandenong Way, Melbourne VIC 3000 (Supplier)",
    ]

    paragraphs = text_to_markdown("\n".join(body) + "\n\n" + "\n".join(side)).split("\n\n")

    assert paragraphs[-1] == (
        "1.   Wirraway Timber Products Pty Ltd (ACN 118 224 903) of Unit 4, "
        "220 Dandenong Way, Melbourne VIC 3000 (Supplier)"
    )


def test_a_grid_tables_cells_running_over_lines_are_one_row_each() -> None:
    grid = (
        "1.1 Definitions. The following words have the meanings set out opposite them:\n\n"
        "+--------------------+------------------------------------------+\n"
        "| Term               | Meaning                                  |\n"
        "+====================+==========================================+\n"
        "| Effective Date     | the date first written above.            |\n"
        "+--------------------+------------------------------------------+\n"
        "| Initial Term       | the period commencing on the Effective   |\n"
        "|                    | Date and ending on the fifth (5th)       |\n"
        "|                    | anniversary of the Effective Date.       |\n"
        "+--------------------+------------------------------------------+\n"
        "| Minimum Purchase   | US$650,000 for each Contract Year.       |\n"
        "| Requirement        |                                          |\n"
        "+--------------------+------------------------------------------+\n"
    )
    assert text_to_markdown(grid).split("\n\n")[1].split("\n") == [
        "| Term | Meaning |",
        "| Effective Date | the date first written above. |",
        "| Initial Term | the period commencing on the Effective Date and ending on the fifth "
        "(5th) anniversary of the Effective Date. |",
        "| Minimum Purchase Requirement | US$650,000 for each Contract Year. |",
    ]
    # a plain pipe table keeps its lines as they are
    plain = "| Item | Price |\n| Pump | 10 |\n| Hose | 2 |"
    assert text_to_markdown(plain) == plain
