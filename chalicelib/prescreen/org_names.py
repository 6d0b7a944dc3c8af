"""Organisation names in Russian contracts: where one starts and ends, and when two are one.

Shared by the preamble reader (`parties`) and the requisites reader (`requisites`):
the organisational-form regex, a name's span up to its closing quote or «, в лице»,
template placeholders that are no name, and `same_organisation`, which matches a name
written in full with its abbreviation or initials. Also the record both readers return.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

MAX_PARTIES = 6
NAME_REACH = 400

# A foreign company's legal form, which ends its Latin name: "Acme Trading Ltd", "Siemens AG",
# as written (the preamble reader's foreign names) and in lower case (ORG_FORM's text).
FOREIGN_FORM = (
    r"(?:Inc|Ltd|LLC|L\.L\.C|GmbH|Corp|Corporation|Limited|PLC|AG|S\.A|B\.V|N\.V|SE|Co)\b"
)
_FOREIGN_FORM = FOREIGN_FORM.lower()
# A person's full name in the nominative: a surname (double ones hyphenated), then the given
# name and a patronymic. A man's patronymic ends in -ич: -ович/-евич, and Ильич, Кузьмич,
# Фомич, Лукич, Никитич.
SURNAME = r"[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?"
GIVEN_NAMES = r"[А-ЯЁ][а-яё]+\s+[А-ЯЁ][а-яё]+(?:ич|вна|ична|оглы|кызы)"
# Organisational forms that open a party's name in a preamble or requisites block.
ORG_FORM = re.compile(
    r"общество\s+с\s+ограниченной\s+ответственностью"
    r"|(?:(?:публичное|непубличное|закрытое|открытое)\s+)?акционерное\s+общество"
    r"|индивидуальный\s+предприниматель\b|\bпредприниматель\b"
    r"|(?:федеральное|государственное|муниципальное|областное|краевое|автономное|частное"
    r"|негосударственное)\s+(?:[а-яё]+\s+){0,4}?(?:учреждение|предприятие|унитарное)"
    r"|автономная\s+некоммерческая\s+организация|федеральная\s+служба"
    # «Некоммерческая организация «Фонд …»», «Региональная общественная организация …»,
    # «Потребительское общество …» (ст. 123.7 ГК), «Общество с дополнительной ответственностью»
    r"|(?:[а-яё-]+(?:ая|яя)\s+){0,2}?(?:некоммерческая|общественная|религиозная)\s+организация"
    r"|потребительское\s+общество|общество\s+с\s+дополнительной\s+ответственностью"
    # non-profits and co-operatives: «Благотворительный фонд …», «Садоводческое некоммерческое
    # товарищество …», «Жилищно-строительный кооператив …», «Некоммерческое партнёрство …»
    r"|(?:[а-яё-]+(?:ый|ий|ой|ое|ая)\s+){0,2}?(?:фонд|товарищество|кооператив|партн[её]рство)\b"
    r"|\bассоциация\b"
    r"|\bминистерство\b|\bадминистрация\b"
    # a public body named by what it does, with no legal form: «Комитет по управлению
    # имуществом администрации …», «Департамент городского имущества города Москвы»
    r"|\b(?:комитет|департамент)(?=\s+[а-яё])"
    # «Управление жилищно-коммунального хозяйства … администрации города», «Управление
    # Федеральной службы …» (not the management of a building)
    r"|\bуправление(?=\s+(?:[а-яё-]+\s+){0,8}?(?:администрации|федеральной|министерства)\b)"
    # a farm (ст. 86.1 ГК), a bar's own forms (63-ФЗ), a state corporation
    r"|крестьянско[её]\s*(?:\(\s*фермерское\s*\)\s*)?хозяйство"
    r"|адвокатск\w+\s+(?:бюро|кабинет|палата)|коллеги[яи]\s+адвокатов"
    r"|государственная\s+корпорация|\bгоскорпорация\b"
    # a foreign side as Russian contracts write it: «компания «Бета Индастриз Лтд»», «Компания с
    # ограниченной ответственностью «…»», «фирма «Бета ГмбХ»», «корпорация Acme Inc.» (the word
    # alone opens no name: a quote, the form, or a Latin name with its foreign legal form
    # follows, not «компания GitHub не заключила»; and one after its adjective is a word of a
    # Russian name, «ООО Производственная фирма «СтройИнвест»»)
    r"|(?<!ая\s)(?<!яя\s)\b(?:компания|фирма|корпорация)"
    r"(?=\s+(?:с\s+ограниченной\s+ответственностью|[«\"“„]"
    r"|[a-z][a-z0-9&'-]*(?:,?\s+[a-z0-9&'-]+){0,5},?\s+" + _FOREIGN_FORM + r"))"
    r"|\b(?:ооо|пао|зао|оао|ао|нао|ип|гбуз|гбу|гку|гау|фгбу|фгбоу|фгаоу|мбу|мку|мау|муп|гуп|фгуп"
    r"|мбук|мкук|маук|гбук|гаук|гкук|мбудо|мбоудо"
    r"|фку|гбоу|гбпоу|мбоу|мбдоу|мадоу|ано|нко|нп|кфх|тсж|тсн|снт|тоо)\b"
)
_NAME_END = re.compile(
    r"\s*,\s*(?:в\s+лице|именуем|действующ|далее|с\s+одной|с\s+другой|зарегистрир|огрн|инн|котор|"
    r"юридическ|адрес|место|учрежд|созданн|организованн)|\s+в\s+лице|\s+именуем|\s*\(\s*далее|\s*\n\s*\n|\s*,?\s*инн\b"
    r"|\s+[лр]/с\b|\s*\(\s*(?:инн|огрн|кпп)"
)
# «…» may hold straight quotes inside: «Производственная фирма "Мастер"».
QUOTED = re.compile(
    r"«\s*([^»\n]{2,80}?)\s*»|\"\s*([^\"\n]{2,60}?)\s*\"|[“„]\s*([^”“\n]{2,60}?)\s*[”“]"
)
# A template's blank or a description is no name: «Наименование», «ФИО», «юридическое лицо».
_PLACEHOLDER = re.compile(
    r"___|\.\.\.|…|наименование|название|\bф\.?\s?и\.?\s?о\b|\bфио\b|\bлицо\b|\bили\b|"
    r"\bреквизиты\b|\bподпись\b"
)
WORD = re.compile(r"[0-9a-zа-яё]+", re.IGNORECASE)
_FUNCTION_WORDS = frozenset(("с", "и", "по", "в", "на", "для", "при", "к"))
_STEM = 5


@dataclass
class Found:
    """A side as one source gives it: name, role and ИНН, any of them unknown."""

    name: str | None
    role: str | None
    inn: str | None
    start: int
    # the abbreviation a preamble gives in brackets: «… «БашТелеНет» (ООО «БТН»)»
    alias: str | None = None


# «член саморегулируемой организации Ассоциация «Строители …»»: the builder's association
# is named in its details, not as a side
_MEMBER_OF = re.compile(
    r"член\w*\s+(?:саморегулируем\w+\s+организаци\w+|сро)\s*$"
    # the bank of a side's account: «р/с 40702810124000003518 в АО «Банк «Селигер»»
    r"|(?:[рк]/с|счет|сч[её]т)\s*(?:№\s*)?\d{20}\s+в\s+$"
)


def last_org_form(low: str, lo: int, hi: int) -> int | None:
    """Where the last organisational form before `hi` opens a name; a form inside a quoted
    name («Некоммерческая организация «Фонд развития …»») opens none."""
    last = None
    window = max(lo, hi - 1000)
    for match in ORG_FORM.finditer(low, window, hi):
        if low.rfind("«", window, match.start()) <= low.rfind("»", window, match.start()) and (
            not _MEMBER_OF.search(low, max(window, match.start() - 50), match.start())
        ):
            last = match.start()
    return last


# The forms of a person in business, whose ИНН has 12 digits; a company's has 10.
_PERSON_FORM = re.compile(r"ип\b|индивидуальн|предприниматель|кфх|крестьянск")


def is_company(name: str) -> bool:
    """Whether a name opens with a company's legal form, not a person's («ИП», «глава КФХ»)."""
    form = ORG_FORM.match(name.lower())
    return form is not None and not _PERSON_FORM.match(form.group())


def name_from(text: PreparedText, start: int, limit: int, *, one_line: bool = False) -> str | None:
    """The party's name from its organisational form up to its closing quote or ', в лице'."""
    return name_span(text, start, limit, one_line=one_line)[0]


def name_span(
    text: PreparedText, start: int, limit: int, *, one_line: bool = False, comma: bool = False
) -> tuple[str | None, int]:
    """The name opening at `start` and the offset where it ends.

    `comma` ends an unquoted name at its first comma (a labelled line: «Заказчик:
    Федеральная служба …, Управление …»).
    """
    end_match = _NAME_END.search(text.low, start, limit + 1)
    end = end_match.start() if end_match else limit
    # A name never runs past a table cell (`|`) or a line break inside one (`<br>`).
    for stop in ("\n", "<br>", "|", *((",",) if comma else ())) if one_line else ("<br>", "|"):
        cut = text.low.find(stop, start, end)
        end = cut if cut != -1 else end
    quoted = QUOTED.search(text.norm, start, min(len(text.norm), start + 160))
    if quoted is not None and quoted.start() < end:
        end = quoted.end()  # a quoted name ends with its quote, whatever follows
        while text.norm.startswith("»", end):
            end += 1  # ... its last one: «Управляющая компания «Бета»» closes two
    name = _GENITIVE_FORM.sub(_nominative, " ".join(text.raw[start:end].split()).strip(" ,;:"))
    return (name if _is_name(name) else None), end


# A company's legal form in the genitive, as an offer names its maker («публичной офертой
# Общества с ограниченной ответственностью «КлаудДеск»»): read only after an offer's words
# (`parties._offer_maker`), as «доля в уставном капитале Общества …» or «участниками Общества
# …» names no side.
GENITIVE_ORG_FORM = re.compile(
    r"общества\s+с\s+ограниченной\s+ответственностью"
    r"|(?:(?:публичн|непубличн|закрыт|открыт)ого\s+)?акционерного\s+общества"
)
# The same forms in the genitive, as a name opens, and in the nominative, as a side is named.
_GENITIVE_FORM = re.compile(
    r"^(?:(публичн|непубличн|закрыт|открыт)ого\s+)?(акционерн)ого\s+(обществ)а\b"
    r"|^(обществ)а(?=\s+с\s+ограниченной\s+ответственностью)",
    re.IGNORECASE,
)


def _nominative(found: re.Match[str]) -> str:
    def ending(stem: str, suffix: str) -> str:
        return stem + (suffix.upper() if stem.isupper() else suffix)

    if found.group(4):
        return ending(found.group(4), "о")
    adjective = ending(found.group(1), "ое ") if found.group(1) else ""
    return f"{adjective}{ending(found.group(2), 'ое')} {ending(found.group(3), 'о')}"


def _is_name(name: str) -> bool:
    """A real name: a legal form and something more, no blank or generic description."""
    if not 3 <= len(name) <= 200 or _PLACEHOLDER.search(name.lower()):
        return False
    form = ORG_FORM.match(name.lower())
    rest = name[form.end() :] if form else name
    return any(word.isalnum() for word in WORD.findall(rest))


# --- one organisation, two spellings ---------------------------------------------------------


def quoted_core(name: str | None) -> str | None:
    """The quoted part of a name ('азат' of 'ООО «Азат»'), for matching two spellings."""
    if not name:
        return None
    quoted = QUOTED.search(name)
    core = next((group for group in quoted.groups() if group), name) if quoted else name
    return core.lower().replace("ё", "е")


def same_organisation(left: str | None, right: str | None) -> bool:
    """Whether two spellings name one organisation: the same quoted name, or one abbreviates
    the other word by word («ГБУЗ РБ Федоровская ЦРБ» / «Государственное бюджетное
    учреждение здравоохранения Республики Башкортостан Федоровская центральная районная
    больница»; «ООО «РИТ»» / «ООО «Русские Информационные Технологии»»).
    """
    if not left or not right:
        return False
    if quoted_core(left) == quoted_core(right):
        return True
    person = _last_person(left)
    if person is not None and person == _last_person(right):
        return True  # one entrepreneur's two spellings end with his full name
    short, long = sorted((_words(left), _words(right)), key=len)
    return _abbreviates(short, long) or _abbreviates(long, short)


# An entrepreneur's full name, which his spellings end with: «Индивидуальный предприниматель —
# глава крестьянского (фермерского) хозяйства Ерохин Василий Степанович» and «ИП глава КФХ
# Ерохин Василий Степанович».
_PERSON_AT_THE_END = re.compile(SURNAME + r"\s+" + GIVEN_NAMES + "$")


def _last_person(name: str) -> str | None:
    found = _PERSON_AT_THE_END.search(name)
    return found.group() if found else None


def _words(name: str) -> list[str]:
    """The words of a name without «с», «и», «по»; a capital beside another is an initial."""
    words = WORD.findall(name.replace("ё", "е").replace("Ё", "Е"))
    return [
        word
        for index, word in enumerate(words)
        if word.lower() not in _FUNCTION_WORDS
        or (
            _is_initial(word)
            and any(_is_initial(other) for other in words[max(index - 1, 0) : index + 2 : 2])
        )
    ]


def _is_initial(word: str) -> bool:
    return len(word) == 1 and word.isupper()


def _abbreviates(short: list[str], long: list[str]) -> bool:
    """Each word of `short` is the next word of `long` or the capitals of the next few.

    A person's initials («Иванов И. И.») are read as one abbreviation («ИИ»).
    """
    index = 0
    for word in _joined_initials(short):
        folded = word.lower()
        if index < len(long) and _same_word(folded, long[index].lower()):
            index += 1
            continue
        size = len(word)
        if not (2 <= size <= 8 and word.isupper() and word.isalpha()):
            return False
        initials = "".join(w[0] for w in long[index : index + size]).lower()
        if initials != folded:
            return False
        index += size
    return index == len(long)


def _joined_initials(words: list[str]) -> list[str]:
    joined: list[str] = []
    run = False  # the last word is a run of single capitals: «И» «И» → «ИИ»
    for word in words:
        initial = _is_initial(word)
        if initial and run:
            joined[-1] += word
        else:
            joined.append(word)
        run = initial
    return joined


def _same_word(left: str, right: str) -> bool:
    if min(len(left), len(right)) >= _STEM:
        return left[:_STEM] == right[:_STEM]
    return left == right
