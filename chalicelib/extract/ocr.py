"""Tesseract OCR of page images: one single-threaded process per page, pages in parallel."""

from __future__ import annotations

import math
import os
import re
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytesseract
from PIL import Image

from chalicelib.errors import ExtractionTimeoutError, OcrEngineUnavailableError
from chalicelib.extract.quality import plausible_share
from chalicelib.extract.text import printed_paragraphs

if TYPE_CHECKING:
    from collections.abc import Iterable

    from chalicelib.extract.reading import ReadContext

# Tesseract is fast enough and accurate at about 300 dpi (an A4 page is 8.7 MP); larger
# images only cost time, so they are scaled down to this.
MAX_OCR_PIXELS = 12_000_000
# Text this plausible was read upright; below it the page may be rotated, so ask OSD.
UPRIGHT_PLAUSIBILITY = 0.9
# OSD's orientation confidence below this is a guess (blank or sparse pages).
MIN_ORIENTATION_CONFIDENCE = 1.5
_TIMEOUT_MARKER = "timeout"


@dataclass(frozen=True)
class OcrPage:
    """The text recognised on one page and the rotation that was undone first."""

    number: int
    text: str
    rotation: int = 0


def prepare_for_ocr(image: Image.Image) -> Image.Image:
    """A grayscale copy on white, no larger than MAX_OCR_PIXELS."""
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        image = Image.alpha_composite(Image.new("RGBA", rgba.size, "white"), rgba)
    gray = image.convert("L")
    pixels = gray.width * gray.height
    if pixels > MAX_OCR_PIXELS:
        scale = math.sqrt(MAX_OCR_PIXELS / pixels)
        size = (max(1, int(gray.width * scale)), max(1, int(gray.height * scale)))
        gray = gray.resize(size, Image.Resampling.LANCZOS)
    return gray


def _page_timeout(ctx: ReadContext) -> float:
    """Seconds one Tesseract call may take: its own limit, cut short by the deadline."""
    ctx.check_deadline()
    return max(1.0, min(float(ctx.limits.ocr_page_timeout_seconds), ctx.remaining()))


def _tesseract(image: Image.Image, number: int, languages: str, ctx: ReadContext) -> str:
    try:
        text: str = pytesseract.image_to_string(image, lang=languages, timeout=_page_timeout(ctx))
    except pytesseract.TesseractNotFoundError as exc:
        # A deployment fault (the extract layer lacks Tesseract), not the user's file.
        raise OcrEngineUnavailableError from exc
    except RuntimeError as exc:
        if _TIMEOUT_MARKER not in str(exc).lower():
            raise
        raise ExtractionTimeoutError(
            f"Recognising page {number} took longer than "
            f"{ctx.limits.ocr_page_timeout_seconds} seconds. Send a clearer scan or fewer pages."
        ) from exc
    return text


def _rotation(image: Image.Image, ctx: ReadContext) -> int:
    """Degrees clockwise that make the page upright, by Tesseract's OSD (0 when unsure)."""
    try:
        osd = pytesseract.image_to_osd(
            image, output_type=pytesseract.Output.DICT, timeout=_page_timeout(ctx)
        )
    except (pytesseract.TesseractError, RuntimeError):
        # OSD refuses pages with too few characters; those stay as they are.
        return 0
    if float(osd.get("orientation_conf", 0.0)) < MIN_ORIENTATION_CONFIDENCE:
        return 0
    return int(osd.get("rotate", 0)) % 360


def _score(text: str) -> float:
    return plausible_share(text) or 0.0


def recognise(image: Image.Image, number: int, languages: str, ctx: ReadContext) -> OcrPage:
    """OCR one page; when the text looks wrong, detect its orientation and try upright."""
    prepared = prepare_for_ocr(image)
    text = _tesseract(prepared, number, languages, ctx)
    if _score(text) >= UPRIGHT_PLAUSIBILITY:
        return OcrPage(number=number, text=text)
    rotation = _rotation(prepared, ctx)
    if rotation == 0:
        return OcrPage(number=number, text=text)
    # PIL turns counter-clockwise; OSD says how far to turn clockwise.
    upright = prepared.rotate(-rotation, expand=True, fillcolor=255)
    turned = _tesseract(upright, number, languages, ctx)
    if _score(turned) > _score(text):
        return OcrPage(number=number, text=turned, rotation=rotation)
    return OcrPage(number=number, text=text)


def recognise_pages(
    pages: Iterable[tuple[int, Image.Image]], ctx: ReadContext, languages: str | None = None
) -> list[OcrPage]:
    """OCR every (page number, image), `ocr_workers` at a time, in page order.

    Images are produced lazily on this thread (a PDF renderer is not thread-safe)
    and at most two per worker wait in memory. `languages` narrows
    `limits.ocr_languages` when the rest of the document shows which one it is in.
    """
    languages = languages or ctx.limits.ocr_languages
    # Tesseract's OpenMP threads oversubscribe a 1-2 vCPU Lambda tenfold; pages give
    # the parallelism instead. Tesseract reads this from its environment.
    os.environ["OMP_THREAD_LIMIT"] = "1"
    workers = max(1, ctx.limits.ocr_workers)
    results: list[OcrPage] = []
    pending: deque[Future[OcrPage]] = deque()
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ocr") as pool:
        try:
            for number, image in pages:
                pending.append(pool.submit(recognise, image, number, languages, ctx))
                while len(pending) >= 2 * workers:
                    results.append(pending.popleft().result())
            results.extend(future.result() for future in pending)
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    return results


# Reading an English page with Russian too (the default "rus+eng"), Tesseract takes some
# Latin letters for the Cyrillic ones they look like: "Сотрапу" for "Company", "Ву:" for
# "By:", "оп the" for "on the", "(а)" for "(a)", "АЗ" for "A3", and a Roman numeral whose
# serifs join for one letter: "JAMES W. NANTZ Ш" for "III", "Article П" for "II". A page
# whose letters are nearly all Latin gets them back in a word whose Cyrillic letters all
# have a Latin look-alike, and that stands among Latin words (or mixes both scripts): a
# Russian name quoted there ("ООО «Ромашка»", two Cyrillic words side by side) keeps its
# own letters.
_CYRILLIC_LOOKALIKES = {
    "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "К": "K", "М": "M", "О": "O",
    "Р": "P", "Т": "T", "Х": "X", "У": "Y", "а": "a", "в": "b", "е": "e", "о": "o",
    "р": "p", "с": "c", "у": "y", "х": "x", "к": "k", "м": "m", "т": "m", "п": "n",
    "г": "r", "и": "u", "ш": "w", "н": "h", "Ш": "III", "П": "II", "З": "3",
}  # fmt: skip
_TO_LATIN = str.maketrans(_CYRILLIC_LOOKALIKES)
_WORD = re.compile(r"[^\W\d_]+")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_LATIN = re.compile(r"[a-zA-Z]")
_LATIN_PAGE = 0.2  # at most this share of a page's letters Cyrillic: an English page


def latin_restored(text: str) -> str:
    """An English page's text with the Latin letters Tesseract read as Cyrillic given back."""
    cyrillic = len(_CYRILLIC.findall(text))
    if not cyrillic:
        return text
    found = list(_WORD.finditer(text))
    words = [match.group() for match in found]
    if cyrillic > _LATIN_PAGE * sum(map(len, words)):
        return text
    kinds = [_CYRILLIC.search(word) is not None for word in words]
    pieces: list[str] = []
    done = 0
    for index, match in enumerate(found):
        word = words[index]
        start, end = match.span()
        if not kinds[index] or not all(
            letter in _CYRILLIC_LOOKALIKES for letter in _CYRILLIC.findall(word)
        ):
            continue
        alone = not (index and kinds[index - 1]) and not (
            index + 1 < len(words) and kinds[index + 1]
        )
        if alone or _LATIN.search(word):
            pieces += [text[done:start], word.translate(_TO_LATIN)]
            done = end
    return "".join([*pieces, text[done:]])


# "the Ist of March", "lst day of": a first day whose digit was read as a capital I or an l.
_FIRST_DAY = re.compile(
    r"\b[Il]st(?=\s+(?i:day\b|of\b|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))"
)


def ocr_text_to_markdown(text: str) -> str:
    """Tesseract's output as Markdown paragraphs: its blocks (apart by blank lines) as a
    printed page's paragraphs (`printed_paragraphs`). A block may stack a paragraph and
    short lines set close ("Party A: ... / Party B: ... / April 2013"), and a paragraph may
    be cut in two blocks mid-sentence."""
    text = _FIRST_DAY.sub("1st", latin_restored(text))
    blocks = [
        [line.strip() for line in block.splitlines() if line.strip()]
        for block in text.split("\n\n")
    ]
    return "\n\n".join(printed_paragraphs(blocks))
