"""The contract's total price: a Decimal with its ISO currency and a note on VAT."""

from __future__ import annotations

import re
from decimal import ROUND_DOWN, Decimal, InvalidOperation

from chalicelib.models import Money
from chalicelib.prescreen.number_words import words_to_number
from chalicelib.prescreen.text import PreparedText, prepare_text, table_cells, table_header
from chalicelib.prescreen.word_index import finditer, indexed

# A number in figures: "70 161,00", "1,250,000.00", "13900".
NUMBER_PATTERN = r"\d{1,3}(?:[ ,.']\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d)"
_SCALE_WORDS = r"млрд\.?|миллиард\w*|млн\.?|миллион\w*|тыс\.?|тысяч\w*|billion|million|thousand"


def _scale(name: str) -> str:
    return rf"(?:\s*(?P<{name}>{_SCALE_WORDS})(?![a-zа-яё]))?"


_WORDS_IN_BRACKETS = r"(?:\s*\((?P<words>[^()\n]{0,200})\))?"
_CURRENCY_AFTER = (
    # the neighbours' currencies first: «белорусских рублей» are no roubles
    r"(?P<after>белорусск\w+\s+руб(?:л[ьяей]{1,2})?\.?|тенге|kzt\b|грив(?:н|ен)\w*|uah\b|byn\b"
    r"|руб(?:л[ьяей]{1,2})?\.?|р\.|₽|rub\b|usd\b|долл\w*|eur\b|евро|euros?\b|dollars?"
    r"|€|\$|(?:китайск\w+\s+)?юан\w*|cny\b|rmb\b|gbp\b|фунт\w*|pounds? sterling)"
)
_KOPECKS = r"(?:\s*(?P<kop>\d{1,2})\s*(?:коп(?:е\w*|\.)?|к\.|cents?))?"
_MONEY = re.compile(
    rf"(?P<before>us\$|\$|€|£|₽|\b(?:usd|eur|rub|gbp|cny|kzt|byn|uah)\b)\s?"
    rf"(?P<n1>{NUMBER_PATTERN}){_scale('s1')}"
    rf"|(?P<n2>{NUMBER_PATTERN}){_scale('s2')}{_WORDS_IN_BRACKETS}\s*{_CURRENCY_AFTER}{_KOPECKS}"
)
# "составляет сто тысяч рублей": words only, no figures; three words at least, so a lone
# "один рубль" in a rate is no price.
_IN_WORDS = re.compile(
    r"(?<![а-яёa-z])(?P<spelled>(?:[а-яёa-z-]+\s+){2,20}?)"
    r"(?P<unit>рубл[ьяей]{1,2}|долл\w*|евро|dollars?|euros?)(?![а-яёa-z])"
)
_UNIT_WORDS = re.compile(r"рубл\w*|копе\w*|долл\w*|dollars?|cents?|евро|euros?|u\.?s\.?", re.I)
_CURRENCIES = (
    ("RUB", ("руб", "р.", "₽", "rub")),
    ("USD", ("$", "usd", "долл", "dollar", "us$")),
    ("EUR", ("€", "eur", "евро")),
    ("GBP", ("£", "gbp", "фунт", "pound")),
    ("CNY", ("юан", "китайск", "cny", "rmb")),  # «китайских юаней»
    ("KZT", ("тенге", "kzt")),
    ("BYN", ("белорусск", "byn")),
    ("UAH", ("грив", "uah")),
)
_SCALES = (
    ("млрд", 10**9),
    ("миллиард", 10**9),
    ("billion", 10**9),
    ("млн", 10**6),
    ("миллион", 10**6),
    ("million", 10**6),
    ("тыс", 10**3),
    ("thousand", 10**3),
)

# Where a contract states its whole price; a monthly rate or a fine is not the total.
# Each pattern opens with a literal word so the scan jumps between its occurrences.
_TOTAL_ANCHORS_RU = tuple(
    indexed(re.compile(pattern))
    for pattern in (
        r"цен[аы]\s+(?:настоящего\s+|данного\s+|государственного\s+)?(?:договора|контракта|соглашения)",
        r"стоимост[ьи]\s+(?:настоящего\s+|данного\s+)?(?:договора|контракта|соглашения)",
        r"сумм[аы]\s+(?:настоящего\s+|данного\s+)?(?:договора|контракта|соглашения)",
        r"общая\s+(?:стоимость|сумма|цена)",
        r"итоговая\s+(?:стоимость|сумма|цена)",
        r"полная\s+(?:стоимость|сумма|цена)",
        r"цен[аы]\s+(?:выполняемых\s+|оказываемых\s+|поставляемого\s+)?(?:работ|услуг|товара)",
        r"стоимост[ьи]\s+(?:выполняемых\s+|оказываемых\s+|поставляемого\s+)?"
        r"(?:работ|услуг|товара|оборудования)",
        r"общую\s+сумму",
        # «Плата за торговое место за весь срок аренды составляет 18 600 ₽»: the whole term's
        r"за\s+весь\s+(?:срок|период)(?:\s+[а-яё]+){0,3}\s+(?:составля\w+|составит)",
        r"итого",
        # a loan's principal is its amount: "сумма займа", "денежные средства в размере"
        r"сумм[аеуы]\s+(?:займа|кредита)",
        r"денежные\s+средства(?:\s+\([а-яё]+\))?\s+в\s+(?:размере|сумме)",
        # an option's price is its premium (ст. 429.2, 429.3 ГК), not the price of the contract
        # it gives the right to conclude: «уплачивает Акционеру опционную премию в размере»
        r"опционн\w+\s+преми\w+(?:\s+в\s+(?:размере|сумме))?",
    )
)
# Where nothing above states a price, the price of what the contract is about: "Цена
# автомобиля составляет", "Стоимость обучения составляет", "Вознаграждение Адвоката
# составляет", "Размер лицензионного вознаграждения", "кредит в размере". A word of a
# unit in the anchor makes it a rate, not a total ("Стоимость одного часа работы").
_PRICE_VERB = (
    r"(?:составля\w+|составит|равн\w+|определ\w+|устанавлива\w+|установлен\w*"
    r"|согласован\w*|[-–—:])"
)
_OBJECT_WORDS = r"(?:[а-яё«»\"()-]+\s+){0,6}?"
_PRICE_ANCHORS_RU = tuple(
    indexed(re.compile(pattern))
    for pattern in (
        rf"цен[аы]\s+{_OBJECT_WORDS}{_PRICE_VERB}",
        rf"стоимост[ьи]\s+{_OBJECT_WORDS}{_PRICE_VERB}",
        rf"вознаграждени[ея]\s+{_OBJECT_WORDS}{_PRICE_VERB}",
        # «Плата за пользование Автобусом (фрахт) составляет», «Страховая премия составляет»
        rf"(?<![а-яё])плат[аы]\s+{_OBJECT_WORDS}{_PRICE_VERB}",
        rf"страхов\w+\s+преми[яи]\s+{_OBJECT_WORDS}{_PRICE_VERB}",
        r"размер\w*\s+(?:[а-яё]+\s+)?вознаграждения",
        # a subsidy's or a grant's sum is what the agreement is about: «Размер Субсидии
        # составляет 1 850 000 рублей»
        rf"размер\w*\s+(?:субсидии|гранта)\s+{_PRICE_VERB}",
        # a credit line's limit is its principal: «Лимит задолженности по Договору составляет»
        rf"лимит\w*\s+(?:задолженности|кредитования|выдачи)\s+{_OBJECT_WORDS}{_PRICE_VERB}",
        *(rf"{loan}\w*\s+в\s+(?:размере|сумме)" for loan in ("кредит", "заем", "заём", "займ")),
        # «Квартира продается за 7 450 000 рублей», «Доля продается за два миллиона …»
        r"прода(?:е|ё|ю)т(?:ся)?\s+(?:[а-яё]+\s+){0,2}?за\s",
        # «Цессионарий уплачивает Цеденту 3 400 000 рублей»: a sum paid, not a fine
        *(
            # (the sum right after the words: not «уплачивает Стороне 1 разницу в цене»)
            rf"{verb}(?:ет|ют)\s+(?:[а-яё]+\s+){{0,2}}?(?=\d[\d\s]*(?:[.,]\d+)?\s*(?:\(|руб|₽))"
            for verb in ("уплачива", "выплачива", "оплачива", "перечисля")
        ),
    )
)
_RATE_IN_ANCHOR = re.compile(
    r"единиц|\bодн(?:ого|ой|у)\b|\bчас|месяц|\bсут|\bд(?:ень|ня)\b|квадратн|\bкв\b"
    r"|штук|килограмм|\bкг\b|тонн|\bлист|страниц|ежемесячн|почасов|арендн"
)
_RATE_BEFORE = re.compile(
    r"(?:ежемесячн|еженедельн|ежедневн|ежегодн|почасов|арендн|абонентск"
    # a value that is no price: «Кадастровая стоимость Участка», «залоговая стоимость»
    r"|кадастров|залогов|оценочн|рыночн|балансов|остаточн|номинальн|инвентаризационн)\w*\s+$"
)
# A table's total row, and the currency its column's header names
_TABLE_TOTAL = indexed(re.compile(r"итого"))
_FIGURE = re.compile(NUMBER_PATTERN)
_COLUMN_CURRENCY = re.compile(r"руб|₽|\brub\b|\busd\b|\$|\beur\b|€|евро")
_TOTAL_ANCHORS_EN = tuple(
    indexed(re.compile(pattern))
    for pattern in (
        r"total\s+(?:contract\s+|purchase\s+)?(?:price|amount|fees?|consideration|value|cost)\b",
        r"aggregate\s+(?:contract\s+|purchase\s+)?(?:price|amount|fees?|consideration|value)\b",
        r"contract\s+price\b",
        r"purchase\s+price\b",
        r"principal\s+(?:amount|sum)\s+of\b",
    )
)
# A comparison or condition between the anchor and the figure: "не превышает 3 млн".
_NOT_A_TOTAL = re.compile(
    r"превыш|не более|не менее|свыше|\bдо\s|%|процент|exceed|less than|more than|up to|percent"
    r"|штраф|пен[иья]|неустойк|penalt|interest|\bесли\b|\bif\b"
    # a conventional unit's rate: «в условных единицах (у.е.), где 1 у.е. равна 1 евро»
    r"|у\.\s?е\.|условн\w+\s+единиц"
)
_RATE_AFTER = re.compile(
    r"^[\s,.)]{0,3}(?:в\s+(?:месяц|сутки|день|час|год)|/\s*(?:мес|сут|час|день)"
    r"|за\s+(?:кажд\w+|единицу|1\s|од(?:ин|ну|но)\s|штуку|килограмм|кг|тонну|литр"
    r"|(?:кв(?:\.|адратный)\s*)?метр|час|сутки|день|месяц|год)"
    r"|ежемесячно|per\s+(?:hour|month|day|year|annum|unit|share)|each|a\s+month|monthly|hourly)"
)
_VAT = re.compile(
    r"в\s*(?:том|т\.)\s*ч(?:исле|\.)?\s*ндс(?:\s*\(?\d{1,2}\s*%\)?)?"
    r"|включая\s+ндс(?:\s*\d{1,2}\s*%)?|с\s+учетом\s+ндс(?:\s*\d{1,2}\s*%)?"
    r"|без\s+(?:учета\s+)?ндс|ндс\s+не\s+облагается|не\s+облагаетс\w+\s+ндс"
    r"|(?:inclusive|exclusive)\s+of\s+(?:vat|taxes)|(?:plus|including|excluding)\s+vat"
)
_SHARE_BEFORE = re.compile(r"(?:%|\bпроцент\w*|percent)\s*\)?\s*(?:of\s+the\s+)?$")
_ANCHOR_REACH = 160
_MAX_ANCHORS = 40


def parse_number(text: str) -> Decimal | None:
    """Decimal of '1 250 000,00', '1,250,000.00', '1.250.000' or '13900.00'; None if not one."""
    digits = text.replace(" ", "").replace("'", "")
    last = max(digits.rfind(","), digits.rfind("."))
    whole, fraction = digits, ""
    if last != -1 and len(digits) - last - 1 in (1, 2):
        whole, fraction = digits[:last], digits[last + 1 :]
    whole = whole.replace(",", "").replace(".", "")
    if not whole.isdigit():
        return None
    try:
        return Decimal(f"{whole}.{fraction}" if fraction else whole)
    except InvalidOperation:
        return None


def currency_code(symbol: str) -> str | None:
    """ISO code of a currency word or sign as written ('руб.', '$', 'евро')."""
    lowered = symbol.lower()
    for code, marks in _CURRENCIES:
        if any(lowered.startswith(mark) for mark in marks):
            return code
    return None


def parse_money(fragment: str) -> tuple[Decimal, str] | None:
    """The first amount with a currency in a fragment, e.g. '1 250 000,00 руб.'."""
    found = _MONEY.search(prepare_text(fragment).low)
    return _money_of(found) if found else None


def find_total_amount(
    text: PreparedText, languages: tuple[str, ...] = ("ru", "en")
) -> Money | None:
    """The contract price from the clause that states it, or None when none is stated."""
    patterns = (_TOTAL_ANCHORS_RU if "ru" in languages else ()) + (
        _TOTAL_ANCHORS_EN if "en" in languages else ()
    )
    found = _stated_total(text, _anchors(text.low, patterns))
    if found is None and "ru" in languages:
        found = _ru_price_of_the_subject(text) or _table_total(text)
    return found


def _ru_price_of_the_subject(text: PreparedText) -> Money | None:
    """The price of what a Russian contract is about, where no anchor of the total stands."""
    anchors = _anchors(text.low, _PRICE_ANCHORS_RU)
    return _stated_total(
        text,
        [
            anchor
            for anchor in anchors
            if not _RATE_IN_ANCHOR.search(anchor.group())
            and not _NOT_A_TOTAL.search(anchor.group())
            # "Ежемесячное вознаграждение"
            and not _RATE_BEFORE.search(text.low, max(0, anchor.start() - 20), anchor.start())
        ],
    )


def _table_total(text: PreparedText) -> Money | None:
    """A specification's «Итого» row: its last figure, in the currency its column's header
    names («Сумма, руб. (с НДС)»), where the figures carry none themselves."""
    low = text.low
    for count, found in enumerate(finditer(_TABLE_TOTAL, low)):
        if count >= _MAX_ANCHORS:
            break
        line_start = low.rfind("\n", 0, found.start()) + 1
        line_end = low.find("\n", found.start())
        line_end = len(low) if line_end == -1 else line_end
        if not low.startswith("|", line_start):
            continue
        cells = table_cells(low[line_start:line_end])
        figures = [
            (i, parse_number(cell)) for i, cell in enumerate(cells) if _FIGURE.fullmatch(cell)
        ]
        header = table_header(low, line_start)
        if not figures or header is None:
            continue
        column, amount = figures[-1]
        currency = _COLUMN_CURRENCY.search(header[column]) if column < len(header) else None
        code = currency_code(currency.group()) if currency else None
        if amount is None or amount <= 0 or code is None:
            continue
        return Money(
            amount=amount.quantize(Decimal("0.01")),
            currency=code,
            vat_note=_vat_note(text, line_end),
        )
    return None


def _stated_total(text: PreparedText, anchors: list[re.Match[str]]) -> Money | None:
    """The first sum stated after one of these anchors, in its sentence, as a total."""
    for anchor in anchors:
        if _SHARE_BEFORE.search(text.low, max(0, anchor.start() - 30), anchor.start()):
            continue  # «аванс в размере 30% цены работ — 234 000 ₽»: a share of the price
        _, sentence_end = text.sentence_span(anchor.start(), anchor.end())
        limit = min(sentence_end, anchor.end() + _ANCHOR_REACH)
        # the sum opens within reach of its anchor, and may end past it: «определяется в
        # соответствии с постановлением … и составляет 84 612 (восемьдесят четыре тысячи
        # шестьсот двенадцать) рублей 40 копеек»
        figures = _MONEY.search(text.low, anchor.end(), sentence_end)
        found = (figures if figures and figures.start() < limit else None) or _IN_WORDS.search(
            text.low, anchor.end(), limit
        )
        if found is None or _NOT_A_TOTAL.search(text.low, anchor.end(), found.start()):
            continue
        if _RATE_AFTER.search(text.low[found.end() : found.end() + 40]):
            # «исходя из ставки 2 500 рублей за 1 кв. м … и составляет 196 000 рублей»: the
            # total the rate gives, said in the same sentence
            found = _total_after_rate(text, found.end(), sentence_end)
            if found is None:
                continue
        parsed = _money_of(found) if found.re is _MONEY else _money_in_words(found)
        if parsed is None or parsed[0] <= 0:
            continue
        return Money(
            amount=parsed[0],
            currency=parsed[1],
            vat_note=_vat_note(text, found.end()),
            words_agree=_words_agree(found, parsed[0]),
        )
    return None


_THEN_TOTAL = re.compile(r"\s(?:и\s+)?(?:составля\w+|составит|итого|всего)\s")


def _total_after_rate(text: PreparedText, after: int, sentence_end: int) -> re.Match[str] | None:
    """A sum after a rate in its sentence that words of a total («и составляет») lead to."""
    lead = _THEN_TOTAL.search(text.low, after, sentence_end)
    if lead is None:
        return None
    found = _MONEY.search(text.low, lead.end(), min(sentence_end, lead.end() + 40))
    if found is None or _RATE_AFTER.search(text.low[found.end() : found.end() + 40]):
        return None
    return found


def _words_agree(found: re.Match[str], amount: Decimal) -> bool | None:
    """Whether '2 500 000,00 (два миллиона пятьсот тысяч) рублей' says one number twice."""
    if found.re is not _MONEY or not found.group("words"):
        return None
    spelled = words_to_number(_UNIT_WORDS.sub(" ", found.group("words")))
    if spelled is None:
        return None  # "(без учета НДС)" in the brackets: no number there
    return spelled == amount.to_integral_value(rounding=ROUND_DOWN)


def _money_in_words(found: re.Match[str]) -> tuple[Decimal, str] | None:
    """'сто тысяч рублей': an amount written only in words."""
    code = currency_code(found.group("unit"))
    words = found.group("spelled").split()
    # The phrase may open with the verb ("составляет сто тысяч"): the number is its tail.
    for first in range(len(words) - 1):
        number = words_to_number(" ".join(words[first:]))
        if number is not None and code is not None:
            return number.quantize(Decimal("0.01")), code
    return None


def _anchors(low: str, patterns: tuple[re.Pattern[str], ...]) -> list[re.Match[str]]:
    """Price-clause anchors of every kind, in text order, a bounded number of each."""
    found: list[re.Match[str]] = []
    for pattern in patterns:
        for count, match in enumerate(finditer(pattern, low)):
            if count >= _MAX_ANCHORS:
                break
            found.append(match)
    return sorted(found, key=lambda match: match.start())


def _money_of(found: re.Match[str]) -> tuple[Decimal, str] | None:
    number = parse_number(found.group("n1") or found.group("n2"))
    symbol = found.group("before") or found.group("after")
    code = currency_code(symbol) if symbol else None
    if number is None or code is None:
        return None
    scale = found.group("s1") or found.group("s2")
    if scale:
        number *= next(factor for word, factor in _SCALES if scale.startswith(word))
    kopecks = found.group("kop")
    if kopecks and number == number.to_integral_value():
        number += Decimal(kopecks.rjust(2, "0")) / 100
    return number.quantize(Decimal("0.01")), code


def _vat_note(text: PreparedText, after: int) -> str | None:
    _, sentence_end = text.sentence_span(after, after)
    found = _VAT.search(text.low, after, max(sentence_end, after + 200))
    if found is None:
        found = _VAT.search(text.low)
    return text.raw[found.start() : found.end()] if found else None
