// A finished document: its findings with their quotes, and the full report.

import { byId, el, show } from "./dom.js";
import { t } from "./i18n.js";

const SEVERITIES = ["high", "medium", "low", "info"];
let shown = null; // the report on screen, to say again in another language

/** One finding as a card: title, severity, the quote, why it matters, what to do. */
function findingCard(finding) {
  const severity = SEVERITIES.includes(finding.severity) ? finding.severity : "info";
  return el(
    "article",
    { class: `finding severity-${severity}` },
    el(
      "header",
      { class: "finding-head" },
      el("span", { class: `badge badge-${severity}` }, t(`severity.${severity}`)),
      el("h3", {}, finding.title || ""),
    ),
    ...(finding.quote
      ? [
          el(
            "figure",
            { class: "quote" },
            el("figcaption", { class: "visually-hidden" }, t("quote")),
            el("blockquote", {}, finding.quote),
          ),
        ]
      : []),
    ...(finding.explanation ? [el("p", {}, finding.explanation)] : []),
    ...(finding.recommendation
      ? [el("p", { class: "recommendation" }, el("strong", {}, `${t("recommendation")}: `), finding.recommendation)]
      : []),
  );
}

/** A counterparty's accounting: its failed control relations and warning signs as cards. */
function statementFindings(report) {
  return [
    ...(report.failed_checks || []).map((title) => ({ severity: "high", title })),
    ...(report.warning_signs || []).map((title) => ({ severity: "medium", title })),
  ];
}

/** Fill the result area from a 200 answer of GET /v1/documents/{id}/report. */
export function showReport(answer) {
  shown = answer;
  const report = answer.report || {};
  const analysis = report.analysis || null;
  const findings = report.kind === "statement" ? statementFindings(report) : (analysis && analysis.findings) || [];
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0]));
  for (const finding of findings) if (finding.severity in counts) counts[finding.severity] += 1;

  byId("findings-summary").textContent = findings.length ? t("findings_count", counts) : t("findings_none");
  const list = byId("findings");
  list.replaceChildren(...findings.map(findingCard));

  // The server rendered the Markdown without raw HTML and sanitised it (nh3 allow-list):
  // the only HTML this page ever inserts.
  byId("report-html").innerHTML = typeof answer.html === "string" ? answer.html : "";
  show(byId("result"));
}

/** Empty the result area. */
export function clearReport() {
  shown = null;
  byId("findings").replaceChildren();
  byId("report-html").replaceChildren();
  byId("findings-summary").textContent = "";
  show(byId("versions"), false);
  show(byId("result"), false);
}

/** Say the findings again in the current language (the report itself is as written). */
export function relabelReport() {
  if (shown) showReport(shown);
}
