// The page: sign-in (e-mail, Telegram's widget or Mini App), then the signed-in sections.

import { call, callAnonymous, keepTokens, onSignedOut, signOut, tokens } from "./api.js";
import { byId, explain, notify, show } from "./dom.js";
import { initHistory, refreshHistory } from "./history.js";
import { initialLanguage, language, setLanguage, t } from "./i18n.js";
import { hideNewKey, initKeys, refreshKeys } from "./keys.js";
import { initReviews, refreshReviews } from "./reviews.js";
import { miniApp, settleInTelegram, showLoginWidget, telegramLanguage, widgetReturn } from "./telegram.js";
import { followUpload, initUpload, openDocument, relabelUpload, resetUpload } from "./upload.js";
import { initVersions, showVersions } from "./versions.js";

const REVIEWER_ROLES = ["reviewer", "regional_admin", "admin"];
const TABS = ["upload", "history", "keys", "reviews"];
const context = {
  config: { content_types: {}, max_upload_bytes: 0, telegram_bot_username: null },
  refreshCredits,
  openDocument: (id, filename) => {
    selectTab("upload");
    openDocument(id, filename);
  },
  followUpload,
  showVersions,
};
let profile = null;
let activeTab = "upload";
let insideTelegram = false;

async function refreshCredits() {
  try {
    ({ data: profile } = await call("GET", "v1/me"));
  } catch {
    return;
  }
  byId("credits-left").textContent = String(profile.credits_left);
  show(byId("credits"));
}

function selectTab(name) {
  activeTab = TABS.includes(name) ? name : "upload";
  for (const tab of document.querySelectorAll(".tab")) {
    if (tab.dataset.tab === activeTab) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  for (const tab of TABS) show(byId(`panel-${tab}`), tab === activeTab);
  if (activeTab !== "keys") hideNewKey();
  if (activeTab === "history") refreshHistory();
  if (activeTab === "keys") refreshKeys();
  if (activeTab === "reviews") refreshReviews();
}

async function enterApp() {
  await refreshCredits();
  if (!profile) return; // the session ended while asking: the sign-in is showing
  const reviewer = REVIEWER_ROLES.includes(profile.role);
  show(document.querySelector('.tab[data-tab="reviews"]'), reviewer);
  show(byId("signin-view"), false);
  show(byId("app-view"));
  show(byId("sign-out"), !insideTelegram);
  resetUpload();
  selectTab("upload");
}

function showSignIn() {
  profile = null;
  resetUpload();
  hideNewKey();
  show(byId("app-view"), false);
  show(byId("credits"), false);
  show(byId("sign-out"), false);
  show(byId("signin-view"));
  const username = context.config.telegram_bot_username;
  show(byId("telegram-login"), Boolean(username) && !insideTelegram);
  if (username && !insideTelegram) showLoginWidget(byId("telegram-widget"), username, language());
}

function signInError(message) {
  const box = byId("signin-error");
  box.textContent = message || "";
  show(box, Boolean(message));
}

async function signInWith(path, body) {
  signInError("");
  notify("");
  const buttons = document.querySelectorAll("#signin-form button");
  for (const button of buttons) button.disabled = true;
  try {
    const { data } = await callAnonymous("POST", path, body);
    keepTokens(data);
  } catch (error) {
    signInError(explain(error, context.config));
    return false;
  } finally {
    for (const button of buttons) button.disabled = false;
  }
  byId("password").value = "";
  await enterApp();
  return true;
}

// Registering answers the same for a new e-mail and a taken one, without tokens (so it never
// tells who has an account): the page then signs in with the same e-mail and password.
async function register(body) {
  signInError("");
  notify("");
  const buttons = document.querySelectorAll("#signin-form button");
  for (const button of buttons) button.disabled = true;
  try {
    await callAnonymous("POST", "v1/auth/register", body);
  } catch (error) {
    signInError(explain(error, context.config));
    return false;
  } finally {
    for (const button of buttons) button.disabled = false;
  }
  return signInWith("v1/auth/login", body);
}

function credentials() {
  const email = byId("email").value.trim();
  const password = byId("password").value;
  if (!email || !password) {
    signInError(t("error.fields"));
    (email ? byId("password") : byId("email")).focus();
    return null;
  }
  return { email, password };
}

function wireSignIn() {
  byId("signin-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const body = credentials();
    if (body) signInWith("v1/auth/login", body);
  });
  byId("register-button").addEventListener("click", () => {
    const body = credentials();
    if (body) register(body);
  });
  byId("sign-out").addEventListener("click", async () => {
    await signOut();
    showSignIn();
    byId("email").focus();
  });
  onSignedOut(() => {
    showSignIn();
    notify(t("error.session"));
  });
}

function wireLanguage() {
  const select = byId("lang");
  select.value = language();
  select.addEventListener("change", () => {
    setLanguage(select.value);
    relabelUpload();
    if (profile && activeTab !== "upload") selectTab(activeTab); // lists say it again
    if (!profile) showSignIn();
  });
}

async function loadConfig() {
  try {
    const { data } = await callAnonymous("GET", "web/config.json");
    context.config = data;
  } catch {
    // the defaults: no Telegram widget, the server checks types and sizes anyway
  }
}

async function start() {
  const app = await miniApp();
  insideTelegram = Boolean(app);
  setLanguage(initialLanguage(telegramLanguage(app)), false);
  wireLanguage();
  wireSignIn();
  for (const tab of document.querySelectorAll(".tab")) {
    tab.addEventListener("click", () => selectTab(tab.dataset.tab));
  }
  initUpload(context);
  initHistory(context);
  initKeys(context);
  initReviews(context);
  initVersions(context);
  await loadConfig();

  if (app) {
    settleInTelegram(app);
    if (await signInWith("v1/auth/telegram-webapp", { init_data: app.initData })) return;
    showSignIn();
    return;
  }
  const widget = widgetReturn();
  if (widget) {
    showSignIn();
    await signInWith("v1/auth/telegram", widget);
    return;
  }
  if (tokens()) {
    await enterApp();
    if (profile) return;
  }
  showSignIn();
}

start();
