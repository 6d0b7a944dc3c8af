"""Heading-aware chunking: sections, packing, oversize sections, overlap and the cap."""

from __future__ import annotations

import itertools

import pytest

from chalicelib.llm.chunking import chunk_markdown, heading_of, split_sections

CONTRACT = """# ДОГОВОР ПОСТАВКИ № 7

г. Москва, 1 марта 2024 г.

5. ОТВЕТСТВЕННОСТЬ СТОРОН

5.1 Пени

5.1.1. За просрочку Поставщик уплачивает пени 0,1% в день.

6. РАЗРЕШЕНИЕ СПОРОВ

6.1. Споры рассматриваются в Арбитражном суде г. Москвы.
"""


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("# ДОГОВОР ПОСТАВКИ", (1, "ДОГОВОР ПОСТАВКИ")),
        ("## 2. Оплата ##", (2, "2. Оплата")),
        ("5. ОТВЕТСТВЕННОСТЬ СТОРОН", (2, "5. ОТВЕТСТВЕННОСТЬ СТОРОН")),
        ("**5. ОТВЕТСТВЕННОСТЬ СТОРОН.**", (2, "5. ОТВЕТСТВЕННОСТЬ СТОРОН.")),
        ("12. Governing Law", (2, "12. Governing Law")),
        ("5.1 Пени", (3, "5.1 Пени")),
        ("Статья 7. Форс-мажор", (2, "Статья 7. Форс-мажор")),
    ],
)
def test_heading_of_recognises_markdown_and_numbered_headings(
    line: str, expected: tuple[int, str]
) -> None:
    assert heading_of(line) == expected


@pytest.mark.parametrize(
    "line",
    [
        "1. Appointment. Cobalt appoints Reseller as a non-exclusive reseller.",
        "5.1. Стороны несут ответственность в соответствии с законодательством РФ.",
        "1. Товар передаётся в срок.",
        "2024 год",
        "1 000 рублей",
        "Обычный абзац текста без номера",
        "3. оплата производится ежемесячно",
        "4. Покупатель обязан:",
    ],
)
def test_heading_of_rejects_clauses_and_prose(line: str) -> None:
    assert heading_of(line) is None


def test_split_sections_nests_heading_paths() -> None:
    sections = split_sections(CONTRACT)

    paths = [section.heading_path for section in sections]
    assert paths == [
        ("ДОГОВОР ПОСТАВКИ № 7",),
        ("ДОГОВОР ПОСТАВКИ № 7", "5. ОТВЕТСТВЕННОСТЬ СТОРОН"),
        ("ДОГОВОР ПОСТАВКИ № 7", "5. ОТВЕТСТВЕННОСТЬ СТОРОН", "5.1 Пени"),
        ("ДОГОВОР ПОСТАВКИ № 7", "6. РАЗРЕШЕНИЕ СПОРОВ"),
    ]
    # The sections cover the text without gaps, each from its heading line.
    assert "".join(CONTRACT[s.start : s.end] for s in sections) == CONTRACT
    assert CONTRACT[sections[3].start :].startswith("6. РАЗРЕШЕНИЕ СПОРОВ")


def test_split_sections_gives_the_preamble_an_empty_path() -> None:
    sections = split_sections("Preamble text.\n\n1. Definitions\n\nWords.\n")

    assert sections[0].heading_path == ()
    assert sections[1].heading_path == ("1. Definitions",)


def test_chunk_markdown_packs_whole_sections() -> None:
    chunks = chunk_markdown(CONTRACT, chunk_chars=150, overlap_chars=0, max_chunks=10)

    assert len(chunks) > 1
    assert "".join(chunk.text for chunk in chunks) == CONTRACT
    # No section is cut: every chunk begins where a section begins.
    starts = {section.start for section in split_sections(CONTRACT)}
    assert all(chunk.start in starts for chunk in chunks)
    assert all(len(chunk.text) <= 150 for chunk in chunks)
    assert chunks[-1].heading_path == ("ДОГОВОР ПОСТАВКИ № 7", "6. РАЗРЕШЕНИЕ СПОРОВ")


def test_chunk_markdown_keeps_a_short_document_whole() -> None:
    chunks = chunk_markdown(CONTRACT, chunk_chars=10_000, overlap_chars=400, max_chunks=10)

    assert len(chunks) == 1
    assert chunks[0].text == CONTRACT
    assert chunks[0].overlap_chars == 0


def test_chunk_markdown_splits_an_oversize_section_at_paragraphs_then_sentences() -> None:
    paragraph = "Первое предложение абзаца. Второе предложение абзаца. Третье предложение."
    text = "## 1. Предмет\n\n" + "\n\n".join([paragraph] * 6)

    chunks = chunk_markdown(text, chunk_chars=100, overlap_chars=0, max_chunks=50)

    assert "".join(chunk.text for chunk in chunks) == text
    assert all(len(chunk.text) <= 100 for chunk in chunks)
    # Each cut falls after a paragraph break or a sentence's end, never inside a word.
    for chunk in chunks[:-1]:
        assert chunk.text.endswith(("\n\n", ". "))
    assert all(chunk.heading_path == ("1. Предмет",) for chunk in chunks)


def test_chunk_markdown_cuts_a_text_without_spaces_hard() -> None:
    chunks = chunk_markdown("x" * 250, chunk_chars=100, overlap_chars=0, max_chunks=10)

    assert [len(chunk.text) for chunk in chunks] == [100, 100, 50]


def test_chunk_markdown_adds_the_previous_chunks_tail() -> None:
    chunks = chunk_markdown(CONTRACT, chunk_chars=150, overlap_chars=30, max_chunks=10)

    for previous, chunk in itertools.pairwise(chunks):
        overlap = chunk.text[: chunk.overlap_chars]
        assert 0 < chunk.overlap_chars <= 30
        assert CONTRACT[previous.start : previous.end].endswith(overlap)
        assert chunk.text[chunk.overlap_chars :] == CONTRACT[chunk.start : chunk.end]
        # The overlap starts at a word, not inside one.
        assert CONTRACT[chunk.start - chunk.overlap_chars - 1].isspace()


def test_chunk_markdown_caps_the_number_of_chunks() -> None:
    text = "\n\n".join(f"## {n}. Раздел\n\nТекст раздела номер {n}." for n in range(1, 30))

    chunks = chunk_markdown(text, chunk_chars=60, overlap_chars=0, max_chunks=5)

    assert [chunk.index for chunk in chunks] == [0, 1, 2, 3, 4]
    assert chunks[-1].end < len(text)


def test_chunk_markdown_of_blank_text_is_empty() -> None:
    assert chunk_markdown("  \n\n ", chunk_chars=100, overlap_chars=10, max_chunks=5) == []


@pytest.mark.parametrize(
    ("chunk_chars", "overlap_chars", "max_chunks"),
    [(0, 0, 1), (100, 100, 1), (100, -1, 1), (100, 0, 0)],
)
def test_chunk_markdown_rejects_impossible_limits(
    chunk_chars: int, overlap_chars: int, max_chunks: int
) -> None:
    with pytest.raises(ValueError, match="must"):
        chunk_markdown(
            CONTRACT, chunk_chars=chunk_chars, overlap_chars=overlap_chars, max_chunks=max_chunks
        )
