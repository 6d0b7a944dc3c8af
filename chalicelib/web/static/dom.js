// Small DOM helpers. Text from the API only ever goes in as textContent; the one exception
// is the report's HTML, which the server renders without raw HTML and sanitises.

import { ApiError } from "./api.js";
import { t } from "./i18n.js";

/** The element with this id. */
export function byId(id) {
  return document.getElementById(id);
}

/** A new element: attributes set as attributes, children as nodes or text (never HTML). */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Show or hide an element. */
export function show(element, visible = true) {
  element.hidden = !visible;
}

/** Show a message in the page's notice area (role=alert), or clear it. */
export function notify(message, kind = "error") {
  const notice = byId("notice");
  notice.textContent = message || "";
  notice.dataset.kind = kind;
  notice.hidden = !message;
}

/** A megabyte figure for people. */
function megabytes(bytes) {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** What to tell a person about a failed call: the server's message, and what to do. */
export function explain(error, config = {}) {
  if (!(error instanceof ApiError)) return t("error.network");
  if (error.status === 0) return t("error.network");
  if (error.code === "STORAGE") return t("error.storage", { status: error.status });
  if (error.code === "SESSION_ENDED") return t("error.session");
  if (error.status === 402) return t("error.no_credits");
  if (error.status === 415) return `${error.message} ${t("error.unsupported_hint")}`.trim();
  if (error.status === 413) {
    const limit = megabytes(config.max_upload_bytes || 20 * 1024 * 1024);
    return `${error.message} ${t("error.too_big", { limit })}`.trim();
  }
  return error.message || `${error.status} ${error.code}`;
}

/** A date and time in the page's language. */
export function when(iso, language) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(language === "ru" ? "ru-RU" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });
}
