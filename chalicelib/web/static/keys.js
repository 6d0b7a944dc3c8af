// Partner API keys: create (the value shown once, with a copy button), list, revoke.

import { call } from "./api.js";
import { byId, el, explain, notify, show, when } from "./dom.js";
import { language, t } from "./i18n.js";

let context = null; // { config }

function keyRow(key) {
  const state = key.enabled ? t("key_active") : t("key_revoked");
  const revoke = key.enabled ? el("button", { type: "button", class: "small danger" }, t("revoke")) : null;
  if (revoke) {
    revoke.setAttribute("aria-label", `${t("revoke")}: ${key.name}`);
    revoke.addEventListener("click", () => revokeKey(key));
  }
  return el(
    "li",
    { class: "doc-row", "data-key-id": key.key_id },
    el(
      "div",
      { class: "doc-main" },
      el("span", { class: "doc-file" }, key.name),
      el("span", { class: "muted" }, when(key.created_at, language())),
    ),
    el(
      "div",
      { class: "doc-side" },
      el("span", { class: `status ${key.enabled ? "status-done" : "status-failed"}` }, state),
      revoke,
    ),
  );
}

/** Load the person's keys. */
export async function refreshKeys() {
  let answer;
  try {
    ({ data: answer } = await call("GET", "v1/keys"));
  } catch (error) {
    if (error.status !== 401) notify(explain(error, context.config));
    return;
  }
  byId("key-list").replaceChildren(...answer.keys.map(keyRow));
  show(byId("keys-empty"), answer.keys.length === 0);
}

async function revokeKey(key) {
  try {
    await call("POST", `v1/keys/${encodeURIComponent(key.key_id)}/revoke`);
  } catch (error) {
    notify(explain(error, context.config));
    return;
  }
  notify(t("revoked"), "info");
  await refreshKeys();
}

async function copyField(id) {
  const field = byId(id);
  const status = byId("copy-status");
  try {
    await navigator.clipboard.writeText(field.value);
    status.textContent = t("copied");
  } catch {
    field.focus();
    field.select();
    status.textContent = t("copy_failed");
  }
}

/** Wire the key form and the copy buttons. */
export function initKeys(ctx) {
  context = ctx;
  byId("key-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = byId("key-name").value.trim();
    if (!name) {
      byId("key-name").focus();
      return;
    }
    let created;
    try {
      ({ data: created } = await call("POST", "v1/keys", { name }));
    } catch (error) {
      notify(explain(error, context.config));
      return;
    }
    notify("");
    byId("key-name").value = "";
    byId("new-key-value").value = created.api_key;
    byId("new-key-secret").value = created.callback_secret || "";
    byId("copy-status").textContent = "";
    show(byId("new-key"));
    byId("new-key-value").focus();
    byId("new-key-value").select();
    await refreshKeys();
  });
  for (const button of document.querySelectorAll("[data-copy]")) {
    button.addEventListener("click", () => copyField(button.dataset.copy));
  }
}

/** Forget a key shown once (on sign-out or when leaving the panel). */
export function hideNewKey() {
  byId("new-key-value").value = "";
  byId("new-key-secret").value = "";
  show(byId("new-key"), false);
}
