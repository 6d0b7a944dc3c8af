"""What the bot says, in Russian and English: one catalogue, looked up by key.

Texts are plain: the bot sends them as text with entities built by aiogram's
formatting helpers, so nothing here is Markdown or HTML and nothing is escaped by hand.
"""

from __future__ import annotations

from typing import Literal

Lang = Literal["ru", "en"]
LANGUAGES: tuple[Lang, ...] = ("ru", "en")
# Telegram clients of these languages read Russian better than English.
_RUSSIAN_READERS = ("ru", "uk", "be", "kk", "uz", "ky", "tg", "hy", "az")

_TEXTS: dict[str, dict[Lang, str]] = {
    "greeting": {
        "ru": (
            "Здравствуйте, {name}! Я Contract-check: проверяю договоры и нахожу рискованные "
            "условия.\n\nПришлите договор файлом (PDF, DOCX, RTF, TXT), фото или скан — "
            "несколько страниц можно прислать одним альбомом. Одна проверка стоит один "
            "кредит; у вас {credits}.\n\n/help — что я умею."
        ),
        "en": (
            "Hello, {name}! I am Contract-check: I screen contracts and point out risky "
            "terms.\n\nSend me a contract as a file (PDF, DOCX, RTF, TXT), a photo or a scan — "
            "several pages can go in one album. Each check costs one credit; you have "
            "{credits}.\n\n/help shows what I can do."
        ),
    },
    "help": {
        "ru": (
            "Как пользоваться:\n"
            "• пришлите договор файлом: PDF, DOCX, RTF, TXT (до {max_mb} МБ),\n"
            "  или отчётность контрагента: XLSX, XLS, XLSB, ODS;\n"
            "• или фото/скан страниц (альбом из нескольких фото — один документ);\n"
            "• я покажу, как идёт проверка, и пришлю итог с цитатами из договора.\n\n"
            "/balance — сколько осталось кредитов\n"
            "/history — последние документы\n"
            "/lang — язык (русский / English)\n\n"
            "Отчёт составляется автоматически и не заменяет консультацию юриста."
        ),
        "en": (
            "How to use me:\n"
            "• send a contract as a file: PDF, DOCX, RTF, TXT (up to {max_mb} MB),\n"
            "  or the counterparty's accounting: XLSX, XLS, XLSB, ODS;\n"
            "• or a photo or scan of its pages (an album of photos is one document);\n"
            "• I show how the check goes and send the result with quotes from the contract.\n\n"
            "/balance — credits left\n"
            "/history — your latest documents\n"
            "/lang — language (русский / English)\n\n"
            "The report is automated and does not replace the advice of a lawyer."
        ),
    },
    "balance": {
        "ru": "Осталось кредитов: {credits}. Одна проверка — один кредит.",
        "en": "Credits left: {credits}. Each check costs one credit.",
    },
    "history_empty": {
        "ru": "Документов пока нет. Пришлите договор файлом или фото.",
        "en": "No documents yet. Send me a contract as a file or a photo.",
    },
    "history_title": {
        "ru": "Последние документы (нажмите, чтобы получить отчёт):",
        "en": "Your latest documents (tap one for its report):",
    },
    "lang_choose": {"ru": "Выберите язык:", "en": "Choose a language:"},
    "lang_set": {"ru": "Буду писать по-русски.", "en": "I will write in English."},
    "private_only": {
        "ru": "Я работаю только в личных сообщениях: напишите мне напрямую.",
        "en": "I only work in private chats: write to me directly.",
    },
    "unknown_message": {
        "ru": "Пришлите договор файлом или фото. /help — подробности.",
        "en": "Send me a contract as a file or a photo. /help has the details.",
    },
    # Progress of one document: the status message is edited through these.
    "status_received": {"ru": "Получен", "en": "Received"},
    "status_reading": {"ru": "Читаю текст", "en": "Reading"},
    "status_prescreen": {"ru": "Предварительная проверка", "en": "Pre-screening"},
    "status_analysis": {"ru": "Анализ условий", "en": "Analysis"},
    "status_done": {"ru": "Готово", "en": "Done"},
    "status_review": {
        "ru": "Передан юристу на проверку: пришлю отчёт, когда он решит",
        "en": "Held for a reviewer: I will send the report once they decide",
    },
    "status_failed": {"ru": "Не получилось", "en": "Failed"},
    "album_received": {
        "ru": "Получил альбом, собираю страницы в один документ…",
        "en": "Got an album: putting its pages together as one document…",
    },
    "album_name": {"ru": "Скан ({pages} стр.)", "en": "Scan ({pages} pages)"},
    "photo_name": {"ru": "Фото", "en": "Photo"},
    # The result.
    "summary_title": {"ru": "Итог проверки", "en": "Screening result"},
    "statement_title": {"ru": "Отчётность", "en": "Accounting statements"},
    "field_company": {"ru": "Организация", "en": "Company"},
    "field_result": {"ru": "Результат", "en": "Result"},
    "result_done": {
        "ru": "распознано, контрольные соотношения выполняются",
        "en": "recognised, the control relations hold",
    },
    "result_needs_check": {
        "ru": "распознано, но контрольные соотношения нарушены: проверьте",
        "en": "recognised, but control relations fail: check it",
    },
    "failed_checks": {"ru": "Не выполнено", "en": "Failed checks"},
    "warning_signs": {"ru": "Тревожные признаки", "en": "Warning signs"},
    "field_type": {"ru": "Тип", "en": "Type"},
    "field_parties": {"ru": "Стороны", "en": "Parties"},
    "field_amount": {"ru": "Сумма", "en": "Amount"},
    "field_dates": {"ru": "Даты", "en": "Dates"},
    "field_route": {"ru": "Маршрут", "en": "Route"},
    "field_findings": {"ru": "Находки", "en": "Findings"},
    "dates_value": {
        "ru": "подписан {signed}, действует с {starts} по {ends}",
        "en": "signed {signed}, in force {starts} to {ends}",
    },
    "check_first": {"ru": "Проверьте по тексту", "en": "Check against the text"},
    "fact_contract_type": {"ru": "тип", "en": "type"},
    "fact_parties": {"ru": "стороны", "en": "parties"},
    "fact_amount": {"ru": "сумму", "en": "amount"},
    "fact_signed_on": {"ru": "дату подписания", "en": "signing date"},
    "fact_starts_on": {"ru": "дату начала", "en": "start date"},
    "fact_ends_on": {"ru": "дату окончания", "en": "end date"},
    "none": {"ru": "—", "en": "—"},
    "no_findings": {"ru": "рисков не найдено", "en": "no risks found"},
    "top_findings": {"ru": "Главное", "en": "Top findings"},
    "more_findings": {
        "ru": "…и ещё {count} в полном отчёте.",
        "en": "…and {count} more in the full report.",
    },
    "severity_high": {"ru": "высокий", "en": "high"},
    "severity_medium": {"ru": "средний", "en": "medium"},
    "severity_low": {"ru": "низкий", "en": "low"},
    "severity_info": {"ru": "к сведению", "en": "info"},
    "route_deep_analysis": {"ru": "глубокий анализ", "en": "deep analysis"},
    "route_manual_review": {"ru": "проверка юристом", "en": "manual review"},
    "route_auto_approve": {"ru": "одобрен автоматически", "en": "approved automatically"},
    "review_decided": {"ru": "Решение юриста: {decision}", "en": "Reviewer's decision: {decision}"},
    "disclaimer": {
        "ru": "Отчёт составлен автоматически и не заменяет консультацию юриста.",
        "en": "This report is automated and does not replace the advice of a lawyer.",
    },
    "button_full_report": {"ru": "📄 Полный отчёт", "en": "📄 Full report"},
    "button_delete": {"ru": "🗑 Удалить", "en": "🗑 Delete"},
    "button_delete_confirm": {"ru": "Да, удалить", "en": "Yes, delete"},
    "button_cancel": {"ru": "Отмена", "en": "Cancel"},
    "delete_confirm": {
        "ru": "Удалить «{name}»? Файл и отчёт будут стёрты.",
        "en": "Delete “{name}”? The file and its report will be erased.",
    },
    "deleted": {"ru": "Документ «{name}» удалён.", "en": "“{name}” is deleted."},
    "delete_running": {
        "ru": "Документ ещё проверяется: удалить можно после окончания.",
        "en": "The document is still being checked: delete it once it is finished.",
    },
    "not_found": {"ru": "Такого документа нет.", "en": "There is no such document."},
    "report_not_ready": {
        "ru": "Отчёт ещё не готов: {stage}.",
        "en": "The report is not ready yet: {stage}.",
    },
    "report_caption": {
        "ru": "Полный отчёт по «{name}»",
        "en": "The full report on “{name}”",
    },
    # Errors, each with what to do about it.
    "error_no_credits": {
        "ru": (
            "Кредиты закончились, поэтому документ не принят (деньги и кредиты не списаны). "
            "Пополнить баланс можно у администратора вашей команды или в поддержке; "
            "/balance покажет остаток."
        ),
        "en": (
            "You have no credits left, so the document was not taken (nothing was charged). "
            "Your team's administrator or our support can add credits; /balance shows what "
            "you have."
        ),
    },
    "error_format": {
        "ru": (
            "Такой формат я не читаю: {detail}\nПришлите PDF, DOCX, RTF, TXT, XLSX, XLS, XLSB, "
            "ODS или "
            "фото/скан (JPG, PNG, TIFF). Файл .doc сохраните как DOCX."
        ),
        "en": (
            "I cannot read this format: {detail}\nSend PDF, DOCX, RTF, TXT, XLSX, XLS, XLSB, ODS, "
            "or a photo "
            "or scan (JPG, PNG, TIFF). Save a .doc file as DOCX first."
        ),
    },
    "error_too_big_telegram": {
        "ru": (
            "Файл весит {size} МБ, а боты Telegram могут получить не больше 20 МБ. "
            "Сожмите PDF или разделите его на части — или загрузите на сайте."
        ),
        "en": (
            "The file is {size} MB, and Telegram lets bots receive at most 20 MB. "
            "Compress the PDF or split it — or upload it on the web page."
        ),
    },
    "error_too_big": {
        "ru": "Файл слишком большой: {detail} Сожмите его или разделите на части.",
        "en": "The file is too big: {detail} Compress it or split it into parts.",
    },
    "error_too_long": {
        "ru": "Документ слишком длинный: {detail} Пришлите его частями.",
        "en": "The document is too long: {detail} Send it in parts.",
    },
    "error_unreadable": {
        "ru": (
            "Не удалось прочитать документ. Если это скан — пересканируйте страницы ровно, "
            "при хорошем свете, 300 dpi, или пришлите исходный PDF/DOCX."
        ),
        "en": (
            "I could not read the document. If it is a scan, rescan the pages flat, in good "
            "light, at 300 dpi — or send the original PDF or DOCX."
        ),
    },
    "error_encrypted": {
        "ru": "Файл защищён паролем. Сохраните копию без пароля и пришлите её.",
        "en": "The file is password-protected. Save a copy without the password and send it.",
    },
    "error_unsafe": {
        "ru": "Файл повреждён или устроен подозрительно, я не стал его открывать. "
        "Пересохраните его в редакторе и пришлите снова.",
        "en": "The file is damaged or built in a suspicious way, so I did not open it. "
        "Save it again from your editor and resend it.",
    },
    "error_rejected": {
        "ru": "Юрист отклонил документ: {detail}",
        "en": "A reviewer rejected the document: {detail}",
    },
    "error_ours": {
        "ru": "Сбой на нашей стороне. {refund}Попробуйте ещё раз чуть позже.",
        "en": "Something failed on our side. {refund}Please try again a little later.",
    },
    "error_other": {"ru": "{detail}", "en": "{detail}"},
    "error_download": {
        "ru": "Не удалось получить файл из Telegram. Пришлите его ещё раз.",
        "en": "I could not fetch the file from Telegram. Please send it again.",
    },
    "refunded": {"ru": "Кредит возвращён. ", "en": "The credit was refunded. "},
    "error_unexpected": {
        "ru": "Что-то пошло не так. Попробуйте ещё раз; если повторится — напишите в поддержку.",
        "en": "Something went wrong. Please try again; if it happens again, contact support.",
    },
}


# Prescreen's contract types, as a person says them (an unknown one is shown as it is).
_CONTRACT_TYPES: dict[str, tuple[str, str]] = {
    "supply": ("поставка", "supply"),
    "sale": ("купля-продажа", "sale"),
    "services": ("оказание услуг", "services"),
    "works": ("подряд", "works"),
    "lease": ("аренда", "lease"),
    "loan": ("заём", "loan"),
    "agency": ("агентский договор", "agency"),
    "commission": ("комиссия", "commission"),
    "transportation": ("перевозка", "transportation"),
    "storage": ("хранение", "storage"),
    "license": ("лицензионный договор", "license"),
    "employment": ("трудовой договор", "employment"),
    "nda": ("соглашение о конфиденциальности", "non-disclosure agreement"),
    "distribution": ("дистрибуция", "distribution"),
    "consulting": ("консультационные услуги", "consulting"),
    "development": ("разработка", "development"),
    "maintenance": ("обслуживание", "maintenance"),
    "manufacturing": ("производство", "manufacturing"),
    "marketing": ("маркетинг", "marketing"),
    "franchise": ("франчайзинг", "franchise"),
    "joint_venture": ("совместное предприятие", "joint venture"),
    "strategic_alliance": ("стратегический альянс", "strategic alliance"),
    "collaboration": ("сотрудничество", "collaboration"),
    "cooperation": ("сотрудничество", "cooperation"),
    "hosting": ("хостинг", "hosting"),
    "outsourcing": ("аутсорсинг", "outsourcing"),
    "sponsorship": ("спонсорство", "sponsorship"),
    "endorsement": ("рекламное продвижение", "endorsement"),
    "non_compete": ("соглашение о неконкуренции", "non-compete"),
    "data_exchange": ("обмен данными", "data exchange"),
    "annex": ("приложение или допсоглашение", "annex or amendment"),
    "accounting_statement": ("бухгалтерская отчётность", "accounting statement"),
    "other": ("другой", "other"),
}


def contract_type_name(lang: Lang, contract_type: str) -> str:
    """Prescreen's contract type in words of `lang`."""
    names = _CONTRACT_TYPES.get(contract_type)
    if names is None:
        return contract_type.replace("_", " ")
    return names[0] if lang == "ru" else names[1]


def pick_language(language_code: str | None) -> Lang:
    """The bot's language for a Telegram client's `language_code`."""
    code = (language_code or "").lower().split("-")[0]
    return "ru" if code in _RUSSIAN_READERS else "en"


def text(lang: Lang, key: str, **values: object) -> str:
    """The text `key` in `lang`, with `values` filled in."""
    template = _TEXTS[key][lang]
    return template.format(**values) if values else template


def has_text(key: str) -> bool:
    """Whether the catalogue has `key`."""
    return key in _TEXTS


def catalogue_keys() -> dict[Lang, set[str]]:
    """Every key each language has (a test keeps them equal)."""
    return {lang: {k for k, v in _TEXTS.items() if lang in v} for lang in LANGUAGES}


# A failed document's code -> the catalogue's text with what to do about it.
_FAILURE_TEXTS = {
    "INSUFFICIENT_CREDITS": "error_no_credits",
    "UNSUPPORTED_FORMAT": "error_format",
    "TOO_LARGE": "error_too_big",
    "TOO_MANY_PAGES": "error_too_long",
    "TOO_MANY_SCANNED_PAGES": "error_too_long",
    "UNREADABLE": "error_unreadable",
    "ENCRYPTED": "error_encrypted",
    "UNSAFE_CONTENT": "error_unsafe",
    "REJECTED_BY_REVIEWER": "error_rejected",
}
# Codes that mean the trouble was ours, not the file's.
_OUR_CODES = frozenset(
    {"INTERNAL", "TEMPORARILY_UNAVAILABLE", "RATE_LIMITED", "TIMEOUT", "OCR_UNAVAILABLE",
     "ANALYSIS_MISCONFIGURED", "INVALID_MODEL_OUTPUT"}
)  # fmt: skip


def failure_text(lang: Lang, code: str, detail: str, *, refunded: bool) -> str:
    """Why a document failed, in plain words, with what to do; the refund when there was one."""
    if code in _OUR_CODES:
        return text(lang, "error_ours", refund=text(lang, "refunded") if refunded else "")
    key = _FAILURE_TEXTS.get(code, "error_other")
    said = text(lang, key, detail=detail)
    return f"{said}\n{text(lang, 'refunded').strip()}" if refunded else said
