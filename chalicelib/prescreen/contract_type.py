"""The document's title line and its kind of contract, from a fixed set of labels."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.prescreen.text import CYRILLIC_LETTER, JOINED_BREAK

if TYPE_CHECKING:
    from chalicelib.models import Party
    from chalicelib.prescreen.text import PreparedText

_TITLE_LINES = 40
_TITLE_MAX = 300
_TITLE_LINE_MAX = 160
_SUBJECT_REACH = 5000

# A title line opens with (or is) the name of a kind of document.
_TITLE_START = re.compile(
    r"^(?:[#*\s]*)(?:[а-яё-]+\s+){0,2}(?:договор|контракт|соглашение|оферта|залоговый\s+билет|"
    r"техническое\s+задание|спецификация|дополнительное\s+соглашение)\b"
    # "ПРОЕКТ КОНТРАКТА", "Форма договора аренды": a tender's draft of the contract
    r"|^(?:[#*\s]*)(?:проект|(?:типовая\s+|примерная\s+)?форма)\s+(?:[а-яё-]+\s+){0,2}"
    r"(?:договора|контракта|соглашения)\b"
    # "Приложение № 1 к договору подряда": an annex to a contract, not to an order or a tender
    r"|^(?:[#*\s]*)приложение\s+(?:№\s*)?[\w.-]{0,8}\s*к\s+(?:договору|контракту|соглашению)"
    r"|^(?:[#*\s]*)(?:[\w\-,&.]+\s+){0,7}(?:agreement|contract)\b"
    r"|^(?:[#*\s]*)amendment(?:\s+(?:no\.?\s*\d+\s*)?(?:to\s+)?|$)",
    re.IGNORECASE,
)
# The deal's other documents, as a title line of their own: "ORDER FORM", "STATEMENT OF WORK
# No. 3", "Terms of Service", "ADDENDUM", "MASTER LEASE", "MEMORANDUM OF UNDERSTANDING",
# "LETTER OF INTENT", "Employment Offer Letter". Only on the first lines, and only where
# nothing else is a title: inside a contract such a line heads an exhibit ("FORM STATEMENT OF
# WORK" under a first amendment).
_DEAL_DOCUMENT_TITLE = re.compile(
    r"^(?:[#*\s]*)(?:[\w\-,&.]+\s+){0,4}(?:order\s+form|statement\s+of\s+work"
    r"|terms\s+of\s+service|addendum|lease|memorandum\s+of\s+understanding|letter\s+of\s+intent"
    # an advertising buy's "INSERTION ORDER"
    r"|insertion\s+order"
    # "Employment Offer Letter", "Engagement Letter": a letter the other side signs to agree
    r"|(?:offer|engagement|side|commitment)\s+letter|term\s+sheet|nda)"
    r"(?:\s+(?:no\.?|number|#)\s*[\w.-]{1,8})?\s*$"
    # terms in Russian: «Условия использования …», «Дополнительные условия для спонсоров …»,
    # «Правила оказания услуг …»
    r"|^(?:[#*\s]*)(?:[а-яё-]+\s+)?(?:условия|правила)(?:\s+[\w\-«»\"]+){1,8}\s*$",
    re.IGNORECASE,
)
_DEAL_TITLE_LINES = 5
_COVER_PAGE = re.compile(r"cover\s+page$", re.IGNORECASE)
_FOR = re.compile(r"^\s*(?:for|to)\s+(?:the\s+)?", re.IGNORECASE)
# "Exhibit 10.9", "EXHIBIT 10.3 Execution Copy": filing labels in front of the title.
_EXHIBIT = re.compile(r"^(?:exhibit\s+[\w.()-]+\s*(?:execution\s+copy\s*)?)", re.IGNORECASE)
# A letter agreement's subject line names it: "Re:  Marketing Agreement"
_SUBJECT_LABEL = re.compile(r"^(?:re|subject)\s*:\s*", re.IGNORECASE)
_GLUED_TITLE = re.compile(
    r"^((?:[\w\-,&.]+\s+){0,8}?(?:AGREEMENT|Agreement|CONTRACT|Contract|ДОГОВОР|Договор|"
    r"КОНТРАКТ|Контракт|СОГЛАШЕНИЕ|Соглашение))\s+(?:This|THIS|Настоящ|НАСТОЯЩ|\(|between|dated)"
)
_HEADING_TITLE = re.compile(
    r"^((?:[\w\-,&.]+\s+){0,8}?(?:AGREEMENT|Agreement|CONTRACT|Contract|ДОГОВОР|Договор|"
    r"КОНТРАКТ|Контракт|СОГЛАШЕНИЕ|Соглашение))\b"
)
_SHOUTED_TITLE = re.compile(
    r"(?:[A-Z][A-Z0-9\-&,.]*\s+){0,8}(?:AGREEMENT|CONTRACT)\b"
    r"|(?:[А-ЯЁ][А-ЯЁ\-]*\s+){0,3}(?:ДОГОВОР|КОНТРАКТ|СОГЛАШЕНИЕ)\b(?:\s+[А-ЯЁ\-]+){0,8}"
)
# (not «с.» of a village: «с. Лесноборское Вологодской области 10 апреля 2025 г.» is the place)
_CONTINUATION = re.compile(
    r"^(?:(?:на|о|об|по|с|к|между|to|and|of|for|between)\b(?!\.)|\()", re.IGNORECASE
)
# "OUTSOURCING AGREEMENT BY AND BETWEEN X and Y", "SERVICES AGREEMENT dated as of ...":
# the parties and the date follow the title, they are no part of it.
_EN_TITLE_TAIL = re.compile(
    r"\s+(?:(?:is|was)\s+(?:entered\s+into|dated|made)|(?:by\s+and\s+)?(?:between|among|dated|made))"
    r"\b.*$",
    re.IGNORECASE | re.DOTALL,
)
# The first kind of English contract named in a title, and what may stand before or after it.
_EN_KIND = re.compile(r"\b(?:agreement|contract)\b", re.IGNORECASE)
_KIND_AGAIN = re.compile(
    r"(?:\s+(?!(?:this|the|such|said|an?|its|which|and|or|by|between|under|to|as)\b)[a-z][\w&-]*)"
    r"{1,2}?\s+(?:agreement|contract)\b",
    re.IGNORECASE,
)
_EN_AMENDMENT = re.compile(r"\b(?:amendment|addendum)\b", re.IGNORECASE)
# Before: a sentence of the confidential-treatment legend ("... IF PUBLICLY DISCLOSED."), a
# company's name ("CISCO SYSTEMS, INC.", "BIOPURE CORPORATION"), an exhibit's label. Not
# "Limited", which is as often an adjective of the title ("LIMITED LICENSE AGREEMENT").
_EN_TITLE_LEAD = re.compile(
    r"^.*(?:[a-z]{3}\.|\b(?:inc|corp|co|ltd)\.,?|\b(?:corporation|incorporated|llc)\b,?"
    r"|\b(?:exhibit|attachment)\s+[a-z0-9.]{1,6}|\bexecution\s+(?:version|copy))\s+",
    re.IGNORECASE | re.DOTALL,
)
# After: only words joined on with no date or number in them ("... AGREEMENT AND RIGHT OF
# FIRST OFFER", "AGREEMENT FOR THE SALE OF GOODS"), a short qualifier in brackets ("(FORM)",
# "(2014 Amendment)"), or an amendment of it.
_EN_TITLE_GOES_ON = re.compile(
    r"(?:and|&|for|of|on|regarding|relating)\s\D*$"
    r"|\((?!execution|agreement|contract|hereinafter|the\b|this\b|as\b|dated)[^()]{1,40}\)$"
    r"|amendment\b",
    re.IGNORECASE,
)
# "THIS SUPPLY AGREEMENT is dated ...": the preamble's opening word is no part of the title.
_EN_THIS = re.compile(r"^this\s+(?=\S+\s+(?:\S+\s+){0,5}?(?:agreement|contract)\b)", re.IGNORECASE)
# "AMENDMENT NO. 1" alone says nothing of what it amends; the first sentence does.
_BARE_AMENDMENT = re.compile(r"^amendment(?:\s+no\.?\s*\d+)?$", re.IGNORECASE)
# "... made to that certain fully executed Wireless Content License Agreement Number 12965".
_AMENDED_AGREEMENT = re.compile(
    r"\b(?:to|of)\s+(?:that\s+certain\s+)?(?:(?:fully\s+)?executed\s+)?(?:the\s+)?"
    r"(?P<name>(?:[A-Z][\w-]*\s+){1,6}?(?:Agreement|AGREEMENT|Contract|CONTRACT)"
    r"(?:\s+(?:Number|No\.)\s*[\w-]+)?)"
)
_AMENDED_REACH = 1500
# (nor is a field's name of a few words: "Name of Agreement:")
_NOT_TITLE = re.compile(
    r"настоящ|именуем|this\s+(?:agreement|contract)|hereby|shall|\bwill\b|обязуется"
    r"|^(?:\S+\s+){0,4}\S+:$"
    # a field and its value: "Total Net Contract Value: $369,000."
    r"|:\s*(?:us\s*)?[$€£]\s*\d"
    # a recital: "B. The current term of the Reseller Agreement is scheduled to expire ..."
    r"|^\(?[a-h][.)]\s+(?:the|whereas)\b",
    re.IGNORECASE,
)
# A Russian title line that runs on into the place and date of signing:
# 'ДОГОВОР № __ на изготовление мебели г. Ульяновск « » ____ 20__г.' ends before 'г.'.
_RU_PLACE_LINE = re.compile(r"\s+(?:г\.|гор\.|город)\s*[А-ЯЁ][а-яё]+[^\n]{0,60}$")
# "Д О Г О В О Р  П О Д Р Я Д А": old Word forms space a title's letters out; the words
# are the runs of single letters, two spaces apart.
_SPACED_LETTERS = re.compile(r"(?<!\w)(?:[А-ЯЁ] ){2,}[А-ЯЁ](?!\w)")
# "ДОГОВОР № 7" over "аренды нежилого помещения": the kind on the next line, in the genitive.
_LOWER_START = re.compile(r"^[а-яё]")
# ... a lower-case word, not the place's "г." or "гор." ("город" is no title's word either)
_LOWER_WORD_START = re.compile(r"^(?!город\b)[а-яё]{2,}(?![.])")

# Kinds by their name in a title or subject clause; the earliest in the title wins.
_KINDS: tuple[tuple[str, str], ...] = (
    # an additional agreement amends its contract: a part of it, whatever it amends
    (
        "annex",
        r"техническое\s+задание|^\s*спецификация|^\s*приложение|^\s*дополнительное\s+соглашение"
        r"|^\s*соглашение\s+о\s+внесении\s+изменений",
    ),
    ("nda", r"конфиденциальност|неразглашени|non-?disclosure|confidentiality\s+agreement"),
    ("data_exchange", r"обмен\w*\s+данными|информационн\w+\s+взаимодейств|data\s+exchange"),
    # авторский заказ (ст. 1288 ГК) and the alienation of an exclusive right (ст. 1234) are
    # the Code's other contracts on intellectual property: the licence is the nearest label
    (
        "license",
        r"лицензионн|сублицензионн|лицензи[яи]\b|права\s+использования|licen[cs]e"
        r"|авторского\s+заказа|исключительн\w+\s+прав",
    ),
    # energy, heat, water and gas through a connected network (ст. 539-548 ГК) and контрактация
    # (ст. 535) are kinds of поставка
    (
        "supply",
        r"поставк|закупк|supply|(?:энерго|электро|тепло|водо|газо)снабжени|контрактаци",
    ),
    ("sale", r"купли-продажи|купли\s+-\s+продажи|продаж|purchase|\bsale\b"),
    # "на выполнение ремонтных работ"; "строительного подряда", not "долевом строительстве";
    # research and development (НИОКР, гл. 38 ГК), the Code's nearest contract to подряд
    (
        "works",
        r"подряд|изготовлени|выполнени\w+\s+(?:[\w-]+\s+){0,3}?работ|строительн\w*\s+работ"
        r"|научно-исследовательск|опытно-конструкторск|\bниокр",
    ),
    # "об оказании юридической помощи" (63-ФЗ) is a services contract too, and so is a cloud
    # (SaaS) agreement
    (
        "services",
        r"оказани\w+\s+(?:[а-яё]+\s+){0,2}?(?:услуг|помощи)|возмездн\w+\s+оказани|услуг"
        r"|обслуживани|services?\b|\bcloud\b|\bsaas\b"
        # staff lent to a customer (ст. 18.1 закона о занятости, гл. 53.2 ТК)
        r"|предоставлени\w+\s+труда|предоставлени\w+\s+персонала|аутстаффинг"
        # an assessment, an inspection or a test carried out for the customer
        r"|проведени\w+\s+(?:[а-яё-]+\s+){0,3}?(?:оценки|экспертизы|обследования|испытаний)",
    ),
    # наём (ст. 671 ГК), прокат and лизинг are kinds of аренда
    # ссуда, the free loan of a thing (ст. 689 ГК), follows аренда's rules too
    (
        "lease",
        r"аренд|субаренд|\bнайм|\bна[её]м\w{0,2}\b|\bпроката?\b|лизинг|\blease\b"
        r"|безвозмездного\s+пользования|договор\s+ссуды",
    ),
    # a pawnshop's ticket is its loan against a pledged thing (ст. 358 ГК)
    ("loan", r"\bзайм|\bзаём|\bзаем|кредитн|\bloan\b|залогов\w+\s+билет|ломбард"),
    # поручение (ст. 971 ГК) is agency in the principal's name; an agency contract follows
    # its rules where the agent acts so (ст. 1011). Not поручительство, a surety.
    ("agency", r"агентск|\bagency\b|\bпоручени"),
    ("commission", r"комисси"),
    ("employment", r"трудов|employment"),
    ("cooperation", r"сотрудничеств|cooperation|co-operation"),
    ("manufacturing", r"manufactur"),
    ("distribution", r"distribut|reseller|дистрибь|дилерск"),
    # простое товарищество (ст. 1041 ГК) is the Code's joint activity
    ("joint_venture", r"joint\s+venture|совместн\w+\s+деятельност|просто\w+\s+товариществ"),
    ("consulting", r"consult|консультац"),
    ("maintenance", r"maintenance|support|техническ\w+\s+поддержк|сопровождени"),
    ("outsourcing", r"outsourc|аутсорс"),
    ("sponsorship", r"sponsor|спонсор"),
    ("collaboration", r"collaborat"),
    ("strategic_alliance", r"strategic\s+alliance|alliance"),
    ("non_compete", r"non-?\s?compet|неконкуренц"),
    ("development", r"development|разработк"),
    ("marketing", r"marketing|promotion|маркетинг"),
    # коммерческая концессия (ст. 1027 ГК): "право использовать ... комплекс исключительных прав"
    (
        "franchise",
        r"franchis|франчайз|коммерческ\w+\s+концесси|комплекс\w*\s+исключительн\w+\s+прав",
    ),
    ("hosting", r"hosting|хостинг"),
    ("endorsement", r"endorsement"),
    ("transportation", r"transportation|перевозк|экспедиров|экспедици"),
    ("storage", r"хранени"),
    # the Code's contracts that are none of the kinds above, named so that a side's role does
    # not make them one: a bank guarantee's Принципал is its debtor, no agent's principal
    (
        "other",
        r"(?:банковск\w*|независим\w*)\s+гаранти|поручительств|\bзалог|\bипотек|\bцесси"
        r"|уступк\w*\s+(?:прав|требовани)|страховани|дарени|\bренты\b|доверительно\w*\s+управлени"
        r"|факторинг|финансировани\w*\s+под\s+уступк|перевод\w*\s+долга",
    ),
)
# The labels prescreen gives, for checking a kind named elsewhere (the model fallback).
KNOWN_KINDS = frozenset(kind for kind, _ in _KINDS) | {"other", "accounting_statement"}
_KIND_PATTERNS = tuple((kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in _KINDS)

# The subject clause says what is done: "Поставщик обязуется поставить", "Licensor grants".
# Between "обязуется" and its verb a clause may name a schedule or an annex: "обязуется в
# соответствии с Графиком (Приложение № 1) оказывать услуги"; a word is anything but a space.
_GAP = r"(?:[^\s.;]+\s+){0,8}?"
_SUBJECT_VERBS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # коммерческая концессия (ст. 1027 ГК): the right to use "комплекс исключительных прав"
    # (its Правообладатель would otherwise make it a licence)
    ("franchise", re.compile(r"комплекс\w*\s+исключительн\w+\s+прав")),
    (
        "supply",
        re.compile(
            rf"обязуется\s+{_GAP}(?:поставить|поставлять|(?:произвести|осуществ\w+)\s+поставк)"
        ),
    ),
    # "выполнить работы", "изготовить" (ст. 702 ГК: a thing made to order is подряд)
    (
        "works",
        re.compile(rf"обязуется\s+{_GAP}(?:выполнить\s+(?:[\w-]+\s+){{0,4}}работ|изготовить)"),
    ),
    # "оказать услуги", "предоставить услуги связи"
    (
        "services",
        re.compile(
            rf"обязуется\s+{_GAP}(?:оказ(?:ать|ывать)|предостав(?:ить|лять))\s+(?:\w+\s+){{0,3}}услуг"
        ),
    ),
    (
        "license",
        re.compile(r"предостав\w+\s+(?:[\w,]+\s+){0,5}(?:прав\w*\s+использования|лицензи)"),
    ),
    # аренда and наём: "во временное владение и пользование", "во владение и пользование";
    # ссуда: "во временное безвозмездное пользование"
    (
        "lease",
        re.compile(
            r"во\s+(?:временное\s+)?(?:безвозмездное\s+)?(?:владение\s+и\s+)?(?:безвозмездное\s+)?"
            r"пользование"
        ),
    ),
    # money "в собственность" is a loan (ст. 807 ГК); anything else passed so is a sale
    (
        "loan",
        re.compile(r"переда\w+\s+(?:[^\s.;]+\s+){0,3}?в\s+собственность\s+(?:\w+\s+){0,2}?денежн"),
    ),
    (
        "sale",
        re.compile(r"обязуется\s+передать\s+(?:[^\s.;]+\s+){0,3}?в\s+собственность"),
    ),
    # "обязуются соединить свои вклады и совместно действовать" (ст. 1041 ГК)
    ("joint_venture", re.compile(r"соединить\s+(?:свои\s+)?вклады")),
    # "обязуется подавать Абоненту через присоединенную сеть энергию" (ст. 539 ГК)
    ("supply", re.compile(r"через\s+присоедин[её]нную\s+сеть")),
    # "обязуется доставить вверенный ему отправителем груз" (ст. 785 ГК)
    ("transportation", re.compile(r"достав(?:ить|лять)\s+(?:\w+\s+){0,2}?вверенн")),
    # поручение: "обязуется совершить от имени и за счет Доверителя" (ст. 971 ГК); агентский:
    # "от своего имени, но за счет Принципала" (ст. 1005)
    (
        "agency",
        re.compile(
            r"обязуется\s+(?:[^\s.;]+\s+){0,3}?совершить\s+от\s+имени\s+и\s+за\s+сч[её]т"
            r"|от\s+своего\s+имени,?\s+но\s+за\s+сч[её]т"
        ),
    ),
    ("license", re.compile(r"\bgrants?\s+(?:\w+\s+){0,6}licen[cs]e")),
)
# "Предметом настоящего Договора является оказание услуг по …": the subject named as a noun,
# read with the title's kinds. The clause, not the sentences after it.
# So is "Исполнитель принимает на себя обязательства по оказанию услуг".
_SUBJECT_NOUN = re.compile(
    r"(?:предметом\s+(?:настоящего\s+)?(?:договора|контракта|соглашения)\s+являе?тся"
    r"|принима\w+\s+на\s+себя\s+обязательств\w*(?:\s+по)?)\s+(?P<what>[^.;\n]{1,200})"
)
# Roles betray the kind when the title does not name it.
_ROLE_KINDS = {
    "лицензиар": "license", "лицензиат": "license", "правообладатель": "license",
    "поставщик": "supply", "подрядчик": "works", "арендатор": "lease", "арендодатель": "lease",
    "займодавец": "loan", "заимодавец": "loan", "заемщик": "loan", "агент": "agency",
    "работодатель": "employment", "licensor": "license", "licensee": "license",
    "distributor": "distribution", "consultant": "consulting", "supplier": "supply",
    "manufacturer": "manufacturing", "sponsor": "sponsorship", "agent": "agency",
    "наймодатель": "lease", "наниматель": "lease", "продавец": "sale", "принципал": "agency",
    "комиссионер": "commission", "комитент": "commission", "перевозчик": "transportation",
    "хранитель": "storage", "поклажедатель": "storage", "работник": "employment",
    "лизингодатель": "lease", "лизингополучатель": "lease",
    "доверитель": "agency", "поверенный": "agency", "экспедитор": "transportation",
    "грузоотправитель": "transportation", "ссудодатель": "lease", "ссудополучатель": "lease",
    "субарендатор": "lease", "генподрядчик": "works", "субподрядчик": "works",
    "сублицензиар": "license", "сублицензиат": "license", "дилер": "distribution",
    "дистрибьютор": "distribution",
}  # fmt: skip
# The words a contract names itself by (Prescreen counts them to tell a contract from a letter).
CONTRACT_WORDS = re.compile(r"договор|контракт|соглашени|оферт|agreement|contract")
# ... and a deal's undertakings that never say "agreement" ("This MOU shall be valid ...")
_UNDERTAKINGS = re.compile(r"memorandum\s+of\s+understanding|letter\s+of\s+intent")


# A line break, or a run of spaces where a filing's lines were joined ("Exhibit 10.1   ORDER
# FORM   Customer: ...")
_JOINED = re.compile(r"\n|" + JOINED_BREAK + r"[ ]*")


def find_title(text: PreparedText, *, russian: bool = False) -> str | None:
    """The document's title: the first short line naming a kind of document, with its tail.

    A bare 'Оферта' or 'AMENDMENT NO. 1' gives way to a later title line that names
    the kind of contract, when there is one; a title glued to the first sentence of
    the preamble ("MARKETING AGREEMENT This Marketing Agreement ...") is cut off it. A
    Russian text's English title gives way to its Russian one: a bilingual contract's
    columns read "SUPPLY CONTRACT No. 15", then "ДОГОВОР ПОСТАВКИ № 15".
    """
    # where a filing's lines were joined, its title runs on into the text: read the runs of
    # spaces as the line breaks they were (only then, as a title may be spaced out too)
    title = _find_title(text) or _find_title(text, joined_lines=True)
    if russian and title is not None and not CYRILLIC_LETTER.search(title):
        return _find_title(text, cyrillic_only=True) or title
    return title


def _find_title(
    text: PreparedText, *, cyrillic_only: bool = False, joined_lines: bool = False
) -> str | None:
    head = text.raw[:20_000]
    lines = [line.strip() for line in (_JOINED.split(head) if joined_lines else head.split("\n"))]
    lines = [line for line in lines if line and not line.startswith("<!--")][:_TITLE_LINES]
    first: str | None = None
    deal: str | None = None  # an order form's or a statement of work's title line
    for index, line in enumerate(lines):
        # a cover table's title cell with a line under it: "| Amendment <br> The parties
        # identified below agree to the following: |"; a cover page's names the contract
        # under it: "| Cover Page <br> for Bonterms Mutual NDA |"
        head, _, under = line.partition("<br>")
        if _COVER_PAGE.match(head.strip("#*| ")):
            head = _FOR.sub("", under)
        clean = _unspaced(_SUBJECT_LABEL.sub("", _EXHIBIT.sub("", head.strip("#*| "))))
        if len(clean) > _TITLE_LINE_MAX:
            clean = _cut_glued_title(clean, heading=line.startswith("#"))
        if not clean or _NOT_TITLE.search(clean):
            continue
        if cyrillic_only:
            # a two-column row read as one line: "SUPPLY CONTRACT No. 15 ДОГОВОР ПОСТАВКИ № 15"
            russian = CYRILLIC_LETTER.search(clean)
            if russian is None:
                continue
            clean = clean[russian.start() :]
        if not _TITLE_START.search(clean):
            if deal is None and index < _DEAL_TITLE_LINES and _DEAL_DOCUMENT_TITLE.search(clean):
                deal = clean
            continue
        place = _RU_PLACE_LINE.search(clean)
        clean = clean[: place.start()] if place and place.start() > 0 else clean
        clean = _without_own_date(clean)
        title = _cut_english_tail(_with_tail(clean, lines[index + 1 : index + 6]))
        if _earliest_kind(title) is not None:
            return title
        first = first or title
    if first is not None and _BARE_AMENDMENT.match(first):
        return _with_amended_agreement(first, text)
    return first or _shouted_title(text) or deal


# «ДИЛЕРСКИЙ ДОГОВОР № Д-58/2026 от 15 января 2026 г.»: the document's own date after its
# number, which the header gives anyway; a cited contract's («Соглашение о расторжении договора
# аренды № 14/А от 01.02.2023») stays, as its title names it.
_OWN_DATE = re.compile(
    r"\s+от\s+(?:«?\d{1,2}»?\s+[а-яё]+\s+\d{4}|\d{1,2}\.\d{1,2}\.\d{4})\s*(?:г\.?|года)?$"
)
_DOCUMENT_WORD = re.compile(r"договор|контракт|соглашени", re.IGNORECASE)


def _without_own_date(title: str) -> str:
    date = _OWN_DATE.search(title)
    if date is None or title.count("№") != 1 or len(_DOCUMENT_WORD.findall(title)) != 1:
        return title
    return title[: date.start()] if "№" in title[: date.start()] else title


def _cut_english_tail(title: str) -> str:
    """'OUTSOURCING AGREEMENT BY AND BETWEEN X and Y' → 'OUTSOURCING AGREEMENT'."""
    cut = _cut_english_noise(_EN_THIS.sub("", _EN_TITLE_TAIL.sub("", title)))
    return cut if _TITLE_START.search(cut) else title


def _cut_english_noise(title: str) -> str:
    """'HARM TO THE REGISTRANT IF PUBLICLY DISCLOSED. SERVICES AGREEMENT Page 1' → 'SERVICES
    AGREEMENT': the filing's legend or a party's name before the kind of agreement, and a
    page, number or name after it, are no part of the title. An amendment's title is left
    whole: what it amends is part of its name."""
    kind = _EN_KIND.search(title)
    if kind is None or _EN_AMENDMENT.search(title, 0, kind.start()):
        return title
    # "DEDICATED CONTRACT CARRIAGE AGREEMENT", "CONTRACT MANUFACTURING AGREEMENT": "contract"
    # as a word of the kind, not the kind
    later = _KIND_AGAIN.match(title, kind.end()) if kind.group().lower() == "contract" else None
    if later is not None:
        kind = later
    tail = title[kind.end() :].strip()
    if tail and not _EN_TITLE_GOES_ON.match(tail):
        title = title[: kind.end()]
    lead = _EN_TITLE_LEAD.match(title, 0, kind.start())
    return title[lead.end() :] if lead else title


def _with_amended_agreement(title: str, text: PreparedText) -> str:
    """'AMENDMENT NO. 1' → 'AMENDMENT NO. 1 to Wireless Content License Agreement Number 12965'."""
    found = _AMENDED_AGREEMENT.search(text.norm, 0, _AMENDED_REACH)
    if found is None:
        return title
    return f"{title} to {' '.join(found.group('name').split())}"


def _cut_glued_title(line: str, *, heading: bool) -> str:
    """'TURN-KEY MANUFACTURING AGREEMENT This Agreement is ...' → the part before 'This'.

    A long Markdown heading is a title whatever follows its keyword.
    """
    found = (_HEADING_TITLE if heading else _GLUED_TITLE).match(line)
    return found.group(1) if found else ""


def _shouted_title(text: PreparedText) -> str | None:
    """An all-capitals run ending in AGREEMENT or ДОГОВОР near the top, wherever it sits."""
    found = _SHOUTED_TITLE.search(text.norm, 0, 2000)
    return _cut_english_tail(" ".join(found.group(0).split())) if found else None


def _unspaced(line: str) -> str:
    """'Д О Г О В О Р  П О Д Р Я Д А' → 'ДОГОВОР  ПОДРЯДА'."""
    if " " not in line[:4]:
        return line  # the common case: no letter stands alone at the start
    return _SPACED_LETTERS.sub(lambda found: found.group(0).replace(" ", ""), line)


def _with_tail(title: str, following: list[str]) -> str:
    for line in following:
        tail = _unspaced(line.strip("#*| "))
        joins = (
            _is_title_tail(tail, title) or _is_kind_tail(tail, title) or _is_lower_tail(tail, title)
        )
        if not joins or len(title) + len(tail) > _TITLE_MAX:
            break
        title = f"{title} {tail}"
    return " ".join(title.split())


def _is_kind_tail(tail: str, title: str) -> bool:
    """'ДОГОВОР № 7' over 'аренды нежилого помещения': a title that names no kind goes on
    into a short lower-case line that names one (not 'г. Москва', not a sentence)."""
    return (
        len(tail) <= _TITLE_LINE_MAX
        and bool(_LOWER_START.match(tail))
        and not _NOT_TITLE.search(tail)
        and _earliest_kind(title) is None
        and _earliest_kind(tail) is not None
    )


def _is_lower_tail(tail: str, title: str) -> bool:
    """'Примерная форма договора об оказании' over 'платных дополнительных образовательных':
    a Russian title broken over lines goes on into a line that opens with a lower-case
    word (not the place, 'г. Москва', not a sentence)."""
    return (
        len(tail) <= _TITLE_LINE_MAX
        and bool(_LOWER_WORD_START.match(tail))
        and CYRILLIC_LETTER.search(title) is not None
        and not _NOT_TITLE.search(tail)
        and not tail.endswith(".")
    )


def _is_title_tail(tail: str, title: str) -> bool:
    if not tail or len(tail) > 160 or _NOT_TITLE.search(tail):
        return False
    letters = [c for c in tail if c.isalpha()]
    shouting = bool(letters) and all(c.isupper() for c in letters) and title.isupper()
    return bool(_CONTINUATION.match(tail)) or shouting


def classify_contract(
    text: PreparedText, title: str | None, parties: tuple[Party, ...]
) -> str | None:
    """The kind of contract by its title, else its subject clause, else its parties' roles."""
    if title:
        kind = _earliest_kind(title)
        if kind is not None:
            return kind
    subject = text.low[:_SUBJECT_REACH]
    noun = _SUBJECT_NOUN.search(subject)
    kind = _earliest_kind(noun.group("what")) if noun else None
    if kind is not None and kind != "annex":
        return kind
    by_role = next(
        (_ROLE_KINDS[r] for r in ((p.role or "").lower() for p in parties) if r in _ROLE_KINDS),
        None,
    )
    for kind, verb in _SUBJECT_VERBS:
        if verb.search(subject):
            # A supplier's goods pass "в собственность" too (ст. 506 ГК): the role says supply.
            return by_role if kind == "sale" and by_role == "supply" else kind
    if by_role is not None:
        return by_role
    if CONTRACT_WORDS.search(subject) or _UNDERTAKINGS.search(subject):
        return "other"
    return None


def _earliest_kind(title: str) -> str | None:
    best: tuple[int, str] | None = None
    for kind, pattern in _KIND_PATTERNS:
        found = pattern.search(title)
        if found is not None and (best is None or found.start() < best[0]):
            best = (found.start(), kind)
    return best[1] if best else None
