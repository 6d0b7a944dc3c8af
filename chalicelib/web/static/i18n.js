// Texts of the page in English and Russian, and the language switch.
// Elements carry data-i18n="key" (text), data-i18n-aria-label="key" (aria-label).

const TEXTS = {
  en: {
    skip: "Skip to content",
    credits: "Credits",
    language: "Language",
    sign_out: "Sign out",
    sections: "Sections",
    signin_title: "Sign in",
    signin_intro: "Screen contracts for risky clauses: upload a document and read its report.",
    email: "E-mail",
    password: "Password",
    password_hint: "At least 10 characters; mix letters with digits or symbols.",
    signin_button: "Sign in",
    register_button: "Create account",
    or_telegram: "or sign in with Telegram",
    signing_in: "Signing in…",
    tab_upload: "Check a document",
    tab_history: "History",
    tab_keys: "API keys",
    tab_reviews: "Reviews",
    upload_title: "Check a document",
    drop_title: "Drop a file here or choose one",
    drop_hint: "PDF, DOCX, DOC, RTF, TXT, a scan (PNG, JPG, TIFF) or a spreadsheet (XLSX, XLS, XLSB, ODS). One upload costs one credit. Several files at once are a deal: a contract and its counterparty's statements, set against each other.",
    deal_waiting: "Waiting for the statements of the deal…",
    drop_active: "Release to upload",
    uploading: "Uploading",
    uploaded: "Uploaded",
    sending: "Sending the file…",
    stages: "Stages",
    step_upload: "Upload",
    step_extracting: "Reading",
    step_prescreening: "Pre-screening",
    step_analyzing: "Analysis",
    step_done: "Report",
    another: "Check another document",
    findings_title: "Findings",
    report_title: "Full report",
    delete: "Delete document",
    delete_confirm: "Press again to delete",
    deleted: "The document and its files were deleted.",
    history_title: "History",
    history_empty: "No documents yet.",
    load_more: "Show more",
    open: "Open",
    keys_title: "API keys for partners",
    keys_intro: "A partner system uploads documents with a key, charged to your credits.",
    key_name: "Key name",
    key_create: "Create key",
    key_once_title: "Copy the key now",
    key_once: "It is shown only this once.",
    key_value: "API key",
    callback_secret: "Callback signing secret",
    copy: "Copy",
    copied: "Copied.",
    copy_failed: "Could not copy: select the text and copy it.",
    keys_empty: "No keys yet.",
    key_active: "active",
    key_revoked: "revoked",
    revoke: "Revoke",
    revoked: "The key was revoked.",
    reviews_title: "Documents waiting for a reviewer",
    reviews_empty: "Nothing is waiting for a decision.",
    comment: "Comment",
    approve: "Approve",
    deep_analysis: "Send to deep analysis",
    reject: "Reject",
    decided: "Decision sent: {decision}.",
    confidence: "Confidence",
    check_first: "Check against the text",
    "fact.contract_type": "type",
    "fact.title": "title",
    "fact.parties": "parties",
    "fact.amount": "amount",
    "fact.signed_on": "signing date",
    "fact.starts_on": "start date",
    "fact.ends_on": "end date",
    "fact.governing_law": "governing law",
    contract_type: "Type",
    parties: "Parties",
    amount: "Amount",
    reasons: "Why it is held",
    created: "Uploaded",
    disclaimer: "The report is an automatic screening; it does not replace a lawyer.",
    "status.awaiting_upload": "Waiting for the upload",
    "status.extracting": "Reading the document",
    "status.prescreening": "Pre-screening",
    "status.analyzing": "Analysing the contract",
    "status.in_review": "Waiting for a reviewer",
    "status.done": "Report ready",
    "status.failed": "Failed",
    "status.superseded": "Replaced before its upload",
    versions_title: "Versions",
    version_note: "What changed (optional)",
    version_upload: "Upload a new version",
    version_show: "Show report",
    version_restore: "Make current",
    version_current: "current",
    version_showing: "Showing the report of v{n}; the current version is unchanged.",
    version_restored: "v{n} is the current version again.",
    in_review_note: "A reviewer will look at this document; this page updates by itself.",
    refunded: "The credit was returned.",
    "severity.high": "High",
    "severity.medium": "Medium",
    "severity.low": "Low",
    "severity.info": "Info",
    findings_none: "No risks were found against the checklist.",
    findings_count: "High: {high} · Medium: {medium} · Low: {low} · Info: {info}",
    quote: "Quote from the document",
    recommendation: "Recommendation",
    "error.no_credits": "You have no credits left. Each upload costs one credit (a document that fails is refunded). Ask your administrator to add credits to your account, or write to support; then upload again.",
    "error.unsupported_hint": "Send PDF, DOCX, DOC, RTF, TXT, PNG, JPG, TIFF, XLSX, XLS, XLSB or ODS instead; save other files in one of these formats first.",
    "error.too_big": "Upload a file of at most {limit}: split the document or compress the scan.",
    "error.network": "The service could not be reached. Check the connection and try again.",
    "error.storage": "The upload did not get through (storage answered {status}). Try again.",
    "error.session": "Your session has ended. Sign in again.",
    "error.fields": "Enter your e-mail and password.",
  },
  ru: {
    skip: "К содержимому",
    credits: "Кредиты",
    language: "Язык",
    sign_out: "Выйти",
    sections: "Разделы",
    signin_title: "Вход",
    signin_intro: "Проверка договоров на рискованные условия: загрузите документ и прочитайте отчёт.",
    email: "Эл. почта",
    password: "Пароль",
    password_hint: "Не короче 10 символов; буквы вместе с цифрами или знаками.",
    signin_button: "Войти",
    register_button: "Создать аккаунт",
    or_telegram: "или войдите через Telegram",
    signing_in: "Входим…",
    tab_upload: "Проверить документ",
    tab_history: "История",
    tab_keys: "API-ключи",
    tab_reviews: "Проверка",
    upload_title: "Проверить документ",
    drop_title: "Перетащите файл сюда или выберите его",
    drop_hint: "PDF, DOCX, DOC, RTF, TXT, скан (PNG, JPG, TIFF) или таблицу (XLSX, XLS, XLSB, ODS). Одна загрузка стоит один кредит. Несколько файлов сразу — сделка: договор и отчётность контрагента, сверенные друг с другом.",
    deal_waiting: "Ждём отчётность по сделке…",
    drop_active: "Отпустите, чтобы загрузить",
    uploading: "Загрузка",
    uploaded: "Загружено",
    sending: "Отправляем файл…",
    stages: "Этапы",
    step_upload: "Загрузка",
    step_extracting: "Чтение",
    step_prescreening: "Предпроверка",
    step_analyzing: "Анализ",
    step_done: "Отчёт",
    another: "Проверить другой документ",
    findings_title: "Замечания",
    report_title: "Полный отчёт",
    delete: "Удалить документ",
    delete_confirm: "Нажмите ещё раз, чтобы удалить",
    deleted: "Документ и его файлы удалены.",
    history_title: "История",
    history_empty: "Документов пока нет.",
    load_more: "Показать ещё",
    open: "Открыть",
    keys_title: "API-ключи для партнёров",
    keys_intro: "Система партнёра загружает документы с ключом за ваши кредиты.",
    key_name: "Название ключа",
    key_create: "Создать ключ",
    key_once_title: "Скопируйте ключ сейчас",
    key_once: "Он показывается только один раз.",
    key_value: "API-ключ",
    callback_secret: "Секрет подписи уведомлений",
    copy: "Копировать",
    copied: "Скопировано.",
    copy_failed: "Не удалось скопировать: выделите текст и скопируйте его.",
    keys_empty: "Ключей пока нет.",
    key_active: "действует",
    key_revoked: "отозван",
    revoke: "Отозвать",
    revoked: "Ключ отозван.",
    reviews_title: "Документы, ждущие решения",
    reviews_empty: "Решения ничего не ждёт.",
    comment: "Комментарий",
    approve: "Одобрить",
    deep_analysis: "На углублённый анализ",
    reject: "Отклонить",
    decided: "Решение отправлено: {decision}.",
    confidence: "Уверенность",
    check_first: "Проверьте по тексту",
    "fact.contract_type": "вид",
    "fact.title": "название",
    "fact.parties": "стороны",
    "fact.amount": "сумму",
    "fact.signed_on": "дату подписания",
    "fact.starts_on": "дату начала",
    "fact.ends_on": "дату окончания",
    "fact.governing_law": "применимое право",
    contract_type: "Вид",
    parties: "Стороны",
    amount: "Сумма",
    reasons: "Почему задержан",
    created: "Загружен",
    disclaimer: "Отчёт — автоматическая проверка; он не заменяет консультацию юриста.",
    "status.awaiting_upload": "Ждём загрузку",
    "status.extracting": "Читаем документ",
    "status.prescreening": "Предварительная проверка",
    "status.analyzing": "Анализируем договор",
    "status.in_review": "Ждёт проверяющего",
    "status.done": "Отчёт готов",
    "status.failed": "Ошибка",
    "status.superseded": "Заменена до загрузки",
    versions_title: "Версии",
    version_note: "Что изменилось (необязательно)",
    version_upload: "Загрузить новую версию",
    version_show: "Показать отчёт",
    version_restore: "Сделать текущей",
    version_current: "текущая",
    version_showing: "Показан отчёт v{n}; текущая версия не изменилась.",
    version_restored: "v{n} снова текущая версия.",
    in_review_note: "Документ посмотрит проверяющий; страница обновится сама.",
    refunded: "Кредит возвращён.",
    "severity.high": "Высокий",
    "severity.medium": "Средний",
    "severity.low": "Низкий",
    "severity.info": "Справка",
    findings_none: "Рисков по чек-листу не найдено.",
    findings_count: "Высокий: {high} · Средний: {medium} · Низкий: {low} · Справка: {info}",
    quote: "Цитата из документа",
    recommendation: "Рекомендация",
    "error.no_credits": "Кредиты закончились. Каждая загрузка стоит один кредит (за документ, который не удалось обработать, кредит возвращается). Попросите администратора пополнить ваш счёт или напишите в поддержку, затем загрузите документ снова.",
    "error.unsupported_hint": "Пришлите PDF, DOCX, DOC, RTF, TXT, PNG, JPG, TIFF, XLSX, XLS, XLSB или ODS; другие файлы сначала сохраните в одном из этих форматов.",
    "error.too_big": "Загрузите файл не больше {limit}: разделите документ или сожмите скан.",
    "error.network": "Сервис недоступен. Проверьте подключение и попробуйте ещё раз.",
    "error.storage": "Загрузка не прошла (хранилище ответило {status}). Попробуйте ещё раз.",
    "error.session": "Сеанс закончился. Войдите снова.",
    "error.fields": "Введите эл. почту и пароль.",
  },
};

export const LANGUAGES = Object.keys(TEXTS);
const STORAGE_KEY = "contract-check.lang";
let current = "en";

/** The language to start with: the saved choice, then Telegram's, then the browser's. */
export function initialLanguage(telegramLanguage) {
  let saved = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    saved = null; // storage may be off (private mode, some webviews)
  }
  if (LANGUAGES.includes(saved)) return saved;
  const preferred = telegramLanguage || navigator.language || "en";
  return preferred.toLowerCase().startsWith("ru") ? "ru" : "en";
}

/** The current language code. */
export function language() {
  return current;
}

/** A text in the current language, with {name} placeholders filled from vars. */
export function t(key, vars = {}) {
  const text = TEXTS[current][key] ?? TEXTS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name) => (name in vars ? String(vars[name]) : match));
}

/** Switch the language, remember it, and translate the page. */
export function setLanguage(code, remember = true) {
  current = LANGUAGES.includes(code) ? code : "en";
  document.documentElement.lang = current;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, current);
    } catch {
      // not remembered: the page still works
    }
  }
  translate(document);
}

/** Put the current language's texts into every marked element under root. */
function translate(root) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll("[data-i18n-aria-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nAriaLabel));
  }
}
