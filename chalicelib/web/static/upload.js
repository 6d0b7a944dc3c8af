// Upload a document (choose or drop), watch its stages, show its report, delete it.

import { call, uploadToStorage } from "./api.js";
import { byId, explain, notify, show } from "./dom.js";
import { t } from "./i18n.js";
import { clearReport, relabelReport, showReport } from "./report.js";

const POLL_MS = 1500;
const POLL_HELD_MS = 10000; // a held document waits for a person: no need to ask often
const STEPS = ["upload", "extracting", "prescreening", "analyzing", "done"];
const STEP_OF_STATUS = {
  awaiting_upload: "upload",
  extracting: "extracting",
  prescreening: "prescreening",
  in_review: "prescreening",
  analyzing: "analyzing",
  done: "done",
};

let context = null; // { config, refreshCredits }
let current = null; // the document on screen: { id, status }
let shown = null; // its last answer, to say again in another language
let generation = 0; // bumps when the screen changes: stale polls stop

function setProgress(fraction) {
  const percent = Math.max(0, Math.min(100, Math.round(fraction * 100)));
  byId("upload-progress").value = percent;
  byId("progress-percent").textContent = `${percent}%`;
  byId("progress-label").textContent = percent >= 100 ? t("uploaded") : t("uploading");
}

function setStage(status, text) {
  const stage = byId("stage");
  stage.dataset.status = status;
  stage.textContent = text;
  const step = STEP_OF_STATUS[status];
  const reached = status === "failed" ? -1 : STEPS.indexOf(step);
  for (const item of byId("steps").children) {
    const index = STEPS.indexOf(item.dataset.step);
    item.classList.toggle("done", reached >= 0 && (index < reached || status === "done"));
    item.classList.toggle("current", index === reached && status !== "done");
    if (index === reached && status !== "done") item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  }
  byId("steps").classList.toggle("failed", status === "failed");
}

function stageText(document) {
  const label = t(`status.${document.status}`);
  if (document.status === "failed") {
    const why = (document.error && document.error.message) || "";
    return [label + (why ? `: ${why}` : ""), document.refunded ? t("refunded") : ""].join(" ").trim();
  }
  if (document.status === "in_review") return `${label}. ${t("in_review_note")}`;
  return label;
}

function showProgressScreen(filename) {
  generation += 1;
  clearReport();
  notify("");
  show(byId("upload-step"), false);
  show(byId("progress-step"));
  byId("doc-name").textContent = filename;
  delete byId("progress-step").dataset.dealId;
  disarmDelete();
}

/** Back to the drop zone. */
export function resetUpload() {
  generation += 1;
  current = null;
  shown = null;
  clearReport();
  show(byId("progress-step"), false);
  show(byId("upload-step"));
  byId("file-input").value = "";
  setProgress(0);
}

async function poll(id, mine) {
  if (mine !== generation) return;
  let document;
  try {
    ({ data: document } = await call("GET", `v1/documents/${encodeURIComponent(id)}`));
  } catch (error) {
    if (mine !== generation || error.status === 401) return;
    notify(explain(error, context.config));
    setTimeout(() => poll(id, mine), POLL_HELD_MS);
    return;
  }
  if (mine !== generation) return;
  current = { ...current, id, status: document.status };
  shown = document;
  setStage(document.status, stageText(document));
  if (document.status === "done" && current.deal && !(await dealSettled(current.deal, mine))) {
    // The contract is done; its report compares it with the deal's statements once they are.
    setStage(document.status, t("deal_waiting"));
    setTimeout(() => poll(id, mine), POLL_MS);
    return;
  }
  if (document.status === "done") {
    try {
      const { data } = await call("GET", `v1/documents/${encodeURIComponent(id)}/report`);
      if (mine === generation) {
        showReport(data);
        if (!current.deal) context.showVersions(id, data.document.filename);
      }
    } catch (error) {
      notify(explain(error, context.config));
    }
    context.refreshCredits();
    return;
  }
  if (document.status === "failed") {
    context.refreshCredits();
    return;
  }
  setTimeout(() => poll(id, mine), document.status === "in_review" ? POLL_HELD_MS : POLL_MS);
}

/** Whether every document of the deal has ended (done, failed or held). */
async function dealSettled(dealId, mine) {
  try {
    const { data } = await call("GET", `v1/deals/${encodeURIComponent(dealId)}`);
    return data.documents.every((d) => ["done", "failed", "in_review"].includes(d.status));
  } catch (error) {
    if (mine === generation && error.status !== 401) notify(explain(error, context.config));
    return true; // show the contract's own report rather than wait for ever
  }
}

const SPREADSHEET = /\.(xlsx|xls|xlsb|ods)$/i;

/** What the API is told of a file before it is sent. */
function describe(file) {
  return { filename: file.name, content_type: contentTypeOf(file), size: file.size };
}

/** Ask for upload forms; on a refusal say why, back at the drop zone, and answer null. */
async function requestForms(path, body) {
  notify("");
  try {
    const { data } = await call("POST", path, body);
    context.refreshCredits();
    return data;
  } catch (error) {
    byId("file-input").value = "";
    if (error.status !== 401) notify(explain(error, context.config));
    byId("dropzone").focus();
    return null;
  }
}

/** Send the files with their forms, one progress bar for all, then follow document `id`. */
async function sendAndFollow(id, title, tickets, files, deal = null) {
  showProgressScreen(title);
  const mine = generation;
  byId("progress-step").dataset.documentId = id;
  if (deal) byId("progress-step").dataset.dealId = deal;
  current = { id, status: "awaiting_upload", deal };
  setProgress(0);
  setStage("awaiting_upload", t("sending"));
  const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
  const sent = files.map(() => 0);
  const progress = (index) => (fraction) => {
    sent[index] = fraction * files[index].size;
    setProgress(sent.reduce((a, b) => a + b, 0) / total);
  };
  try {
    await Promise.all(tickets.map((ticket, index) => uploadToStorage(ticket.upload, files[index], progress(index))));
  } catch (error) {
    if (mine === generation) notify(explain(error, context.config));
    return;
  }
  poll(id, mine);
}

/** Several files at once: one deal, a credit and an upload each; the contract is shown. */
async function startDeal(files) {
  const deal = await requestForms("v1/deals", { files: files.map(describe) });
  if (!deal) return;
  // The contract is the file that is no spreadsheet (else the first): its report compares.
  const main = Math.max(0, files.findIndex((file) => !SPREADSHEET.test(file.name)));
  const title = files.map((file) => file.name).join(" + ");
  sendAndFollow(deal.documents[main].document.document_id, title, deal.documents, files, deal.deal_id);
}

function startFiles(list) {
  const files = Array.from(list || []);
  if (files.length > 1) startDeal(files);
  else if (files.length === 1) startUpload(files[0]);
}

function contentTypeOf(file) {
  const dot = file.name.lastIndexOf(".");
  const ext = dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : "";
  return (context.config.content_types || {})[ext] || file.type || "application/octet-stream";
}

async function startUpload(file) {
  const ticket = await requestForms("v1/documents", describe(file));
  if (!ticket) return;
  sendAndFollow(ticket.document.document_id, file.name, [ticket], [file]);
}

/** Send a new version's file with its form, then follow the document through its run. */
export function followUpload(id, title, ticket, file) {
  sendAndFollow(id, title, [ticket], [file]);
}

/** Show a document from the history: its stage while it runs, its report when done. */
export function openDocument(id, filename) {
  showProgressScreen(filename);
  byId("progress-step").dataset.documentId = id;
  setProgress(1);
  current = { id, status: null };
  setStage("awaiting_upload", "");
  poll(id, generation);
}

let deleteTimer = null;
// How long "Press again to delete" waits for the second press: time to read it and decide
// (5 s was short for a reader, and for the browser test on a loaded machine).
const DELETE_CONFIRM_MS = 10000;

function disarmDelete() {
  const button = byId("delete-button");
  delete button.dataset.armed;
  // the label's key, not only its text: a language switch redraws the label it names
  button.dataset.i18n = "delete";
  button.textContent = t("delete");
  clearTimeout(deleteTimer);
}

async function deleteCurrent() {
  const button = byId("delete-button");
  if (!current) return;
  if (!button.dataset.armed) {
    // A second press confirms: no modal dialog (they are clumsy inside Telegram).
    button.dataset.armed = "1";
    button.dataset.i18n = "delete_confirm";
    button.textContent = t("delete_confirm");
    deleteTimer = setTimeout(disarmDelete, DELETE_CONFIRM_MS);
    return;
  }
  disarmDelete();
  try {
    await call("DELETE", `v1/documents/${encodeURIComponent(current.id)}`);
  } catch (error) {
    notify(explain(error, context.config));
    return;
  }
  resetUpload();
  notify(t("deleted"), "info");
  byId("dropzone").focus();
}

/** Wire the drop zone, the file picker and the buttons of the upload panel. */
export function initUpload(ctx) {
  context = ctx;
  const input = byId("file-input");
  const zone = byId("dropzone");
  zone.addEventListener("click", () => input.click());
  input.addEventListener("change", () => startFiles(input.files));
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    zone.classList.add("dragging");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("dragging"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("dragging");
    startFiles(event.dataTransfer.files);
  });
  // A file dropped beside the zone must not make the browser open it instead of the page.
  for (const type of ["dragover", "drop"]) window.addEventListener(type, (event) => event.preventDefault());
  byId("another-button").addEventListener("click", () => {
    resetUpload();
    notify("");
    zone.focus();
  });
  byId("delete-button").addEventListener("click", deleteCurrent);
}

/** Say the screen again in the current language. */
export function relabelUpload() {
  if (shown) setStage(shown.status, stageText(shown));
  else if (current) setStage("awaiting_upload", t("sending"));
  setProgress(byId("upload-progress").value / 100);
  relabelReport();
}
