// The person's documents, newest first, a page at a time.

import { call } from "./api.js";
import { byId, el, explain, notify, show, when } from "./dom.js";
import { language, t } from "./i18n.js";

const PAGE_SIZE = 10;
let context = null; // { config, openDocument }
let nextCursor = null;

function row(document) {
  const counts = document.findings || null;
  const summary = counts && document.status === "done" ? t("findings_count", counts) : "";
  const open = el("button", { type: "button", class: "small" }, t("open"));
  open.setAttribute("aria-label", `${t("open")}: ${document.filename}`);
  open.addEventListener("click", () => context.openDocument(document.document_id, document.filename));
  return el(
    "li",
    { class: "doc-row", "data-document-id": document.document_id },
    el(
      "div",
      { class: "doc-main" },
      el("span", { class: "doc-file" }, document.filename),
      el("span", { class: "muted" }, when(document.created_at, language())),
    ),
    el(
      "div",
      { class: "doc-side" },
      el("span", { class: `status status-${document.status}` }, t(`status.${document.status}`)),
      summary ? el("span", { class: "muted small-text" }, summary) : null,
      open,
    ),
  );
}

async function loadPage(cursor) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  let page;
  try {
    ({ data: page } = await call("GET", `v1/documents?${query}`));
  } catch (error) {
    if (error.status !== 401) notify(explain(error, context.config));
    return;
  }
  const list = byId("history-list");
  if (!cursor) list.replaceChildren();
  list.append(...page.documents.map(row));
  nextCursor = page.next_cursor;
  show(byId("history-more"), Boolean(nextCursor));
  show(byId("history-empty"), list.children.length === 0);
}

/** Load the first page again. */
export function refreshHistory() {
  nextCursor = null;
  return loadPage(null);
}

/** Wire the "show more" button. */
export function initHistory(ctx) {
  context = ctx;
  byId("history-more").addEventListener("click", async () => {
    const before = byId("history-list").children.length;
    await loadPage(nextCursor);
    // Keyboard users land on the first new row rather than at the top.
    const first = byId("history-list").children[before];
    if (first) first.querySelector("button").focus();
  });
}
