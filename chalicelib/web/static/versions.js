// A finished document's versions: the list, an older version's report, rolling back, and
// uploading the next version (an identical file is refused before any credit is taken).

import { call } from "./api.js";
import { byId, el, explain, notify, show, when } from "./dom.js";
import { language, t } from "./i18n.js";
import { showReport } from "./report.js";

let context = null; // { config, followUpload, openDocument }
let documentId = null;
let filename = "";

/** The SHA-256 of a file in hex, or null where the browser offers no digest (plain http). */
async function sha256Of(file) {
  if (!window.crypto || !window.crypto.subtle) return null;
  const digest = await window.crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function contentTypeOf(file) {
  const dot = file.name.lastIndexOf(".");
  const ext = dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : "";
  return (context.config.content_types || {})[ext] || file.type || "application/octet-stream";
}

async function showOlder(version) {
  try {
    // The API is beside the page: its paths are relative to the page's base.
    const { data } = await call("GET", version.report.replace(/^\//, ""));
    showReport(data);
    notify(t("version_showing", { n: version.version }), "info");
  } catch (error) {
    notify(explain(error, context.config));
  }
}

async function restore(version) {
  try {
    await call("POST", `v1/documents/${encodeURIComponent(documentId)}/versions/${version.version}/restore`, {});
  } catch (error) {
    notify(explain(error, context.config));
    return;
  }
  context.openDocument(documentId, filename);
  notify(t("version_restored", { n: version.version }), "info");
}

function row(version) {
  const status = t(`status.${version.status}`);
  const details = [version.filename, when(version.uploaded_at, language())];
  const actions = [];
  if (!version.is_current && version.report) {
    const open = el("button", { type: "button", class: "small" }, t("version_show"));
    open.addEventListener("click", () => showOlder(version));
    const back = el("button", { type: "button", class: "small" }, t("version_restore"));
    back.addEventListener("click", () => restore(version));
    actions.push(open, back);
  }
  return el(
    "li",
    { class: "doc-row", "data-version": version.version },
    el(
      "div",
      { class: "doc-main" },
      el("span", { class: "doc-file" }, `v${version.version}`, version.is_current ? ` · ${t("version_current")}` : ""),
      el("span", { class: "muted" }, details.join(" · ")),
      version.change_note ? el("span", { class: "muted small-text" }, version.change_note) : null,
    ),
    el("div", { class: "doc-side" }, el("span", { class: `status status-${version.status}` }, status), ...actions),
  );
}

/** Show the versions of a finished document under its report. */
export async function showVersions(id, name) {
  documentId = id;
  filename = name || filename;
  let listing;
  try {
    ({ data: listing } = await call("GET", `v1/documents/${encodeURIComponent(id)}/versions`));
  } catch (error) {
    if (error.status !== 401) notify(explain(error, context.config));
    return;
  }
  if (id !== documentId) return; // another document was opened meanwhile
  byId("version-list").replaceChildren(...listing.versions.slice().reverse().map(row));
  show(byId("versions"));
}

async function uploadVersion(file) {
  const body = { filename: file.name, content_type: contentTypeOf(file), size: file.size };
  const note = byId("version-note").value.trim();
  if (note) body.change_note = note;
  const sha256 = await sha256Of(file);
  if (sha256) body.sha256 = sha256;
  let ticket;
  try {
    ({ data: ticket } = await call("POST", `v1/documents/${encodeURIComponent(documentId)}/versions`, body));
  } catch (error) {
    if (error.status !== 401) notify(explain(error, context.config));
    return;
  }
  byId("version-note").value = "";
  context.refreshCredits();
  context.followUpload(documentId, file.name, ticket, file);
}

/** Wire the new version's button and file picker. */
export function initVersions(ctx) {
  context = ctx;
  const input = byId("version-input");
  byId("version-button").addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const [file] = Array.from(input.files || []);
    input.value = "";
    if (file) uploadVersion(file);
  });
}
