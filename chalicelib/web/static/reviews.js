// The reviewer's queue: held documents with prescreen's facts, and a decision for each.

import { call } from "./api.js";
import { byId, el, explain, notify, show, when } from "./dom.js";
import { language, t } from "./i18n.js";

const DECISIONS = [
  ["approve", "primary"],
  ["deep_analysis", ""],
  ["reject", "danger"],
];
let context = null; // { config }
// The facts a reviewer is asked to check first when prescreen is unlikely to be right on them.
const CHECKED_FACTS = ["contract_type", "title", "parties", "amount", "signed_on", "starts_on", "ends_on", "governing_law"];

function fact(label, value) {
  if (value === null || value === undefined || value === "") return null;
  return el("div", { class: "fact" }, el("dt", {}, label), el("dd", {}, value));
}

/** The facts least likely right (read, or left out where the text likely has them), least first. */
function factsToCheck(prescreen) {
  const chances = prescreen.fact_confidence || {};
  const below = context ? context.config.check_fact_below : undefined;
  if (typeof below !== "number") return "";
  return CHECKED_FACTS.filter((name) => typeof chances[name] === "number" && chances[name] < below)
    .sort((a, b) => chances[a] - chances[b])
    .map((name) => `${t(`fact.${name}`)} (${Math.round(chances[name] * 100)}%)`)
    .join(", ");
}

function facts(prescreen) {
  if (!prescreen) return null;
  const parties = (prescreen.parties || [])
    .map((party) => (party.inn ? `${party.name} (${party.inn})` : party.name))
    .join("; ");
  const amount = prescreen.amount ? `${prescreen.amount.amount} ${prescreen.amount.currency}` : "";
  const confidence =
    typeof prescreen.confidence === "number" ? `${Math.round(prescreen.confidence * 100)}%` : "";
  const reasons = [...(prescreen.route_reasons || []), ...(prescreen.doubts || [])];
  return el(
    "dl",
    { class: "facts" },
    fact(t("contract_type"), prescreen.contract_type || prescreen.title || ""),
    fact(t("parties"), parties),
    fact(t("amount"), amount),
    fact(t("confidence"), confidence),
    fact(t("check_first"), factsToCheck(prescreen)),
    reasons.length
      ? fact(t("reasons"), el("ul", { class: "reasons" }, [...new Set(reasons)].map((r) => el("li", {}, r))))
      : null,
  );
}

function reviewItem(held) {
  const id = held.document_id;
  const commentId = `comment-${id}`;
  const comment = el("textarea", { id: commentId, rows: "2", maxlength: "2000" });
  const buttons = DECISIONS.map(([decision, style]) => {
    const button = el("button", { type: "button", class: style, "data-decision": decision }, t(decision));
    button.addEventListener("click", () => decide(held, decision, comment.value, item));
    return button;
  });
  const item = el(
    "li",
    { class: "card review", "data-document-id": id },
    el("h2", { class: "doc-file" }, held.filename),
    el("p", { class: "muted" }, `${t("created")}: ${when(held.created_at, language())}`),
    facts(held.prescreen),
    el("label", { for: commentId }, t("comment")),
    comment,
    el("div", { class: "actions" }, buttons),
  );
  return item;
}

async function decide(held, decision, comment, item) {
  for (const button of item.querySelectorAll("button")) button.disabled = true;
  try {
    await call("POST", `v1/reviews/${encodeURIComponent(held.document_id)}`, { decision, comment });
  } catch (error) {
    for (const button of item.querySelectorAll("button")) button.disabled = false;
    notify(explain(error, context.config));
    return;
  }
  notify(`${held.filename}: ${t("decided", { decision: t(decision) })}`, "info");
  item.remove();
  show(byId("reviews-empty"), byId("review-list").children.length === 0);
}

/** Load the queue. */
export async function refreshReviews() {
  let answer;
  try {
    ({ data: answer } = await call("GET", "v1/reviews"));
  } catch (error) {
    if (error.status !== 401) notify(explain(error, context.config));
    return;
  }
  byId("review-list").replaceChildren(...answer.reviews.map(reviewItem));
  show(byId("reviews-empty"), answer.reviews.length === 0);
}

/** Remember the page's context. */
export function initReviews(ctx) {
  context = ctx;
}
