// Telegram: the page as a Mini App (sign-in with initData), and the Login Widget elsewhere.
// Nothing here is required: without Telegram's scripts the page works as a plain web page.

const THEME = {
  bg_color: "--bg",
  secondary_bg_color: "--surface",
  text_color: "--text",
  hint_color: "--muted",
  link_color: "--link",
  button_color: "--accent",
  button_text_color: "--accent-text",
};
const COLOR = /^#[0-9a-f]{3,8}$/i;

function webApp() {
  const app = window.Telegram && window.Telegram.WebApp;
  return app && typeof app.initData === "string" && app.initData ? app : null;
}

/** Telegram.WebApp when the page was opened inside Telegram with signed initData, else null. */
export function miniApp() {
  if (webApp()) return Promise.resolve(webApp());
  // Telegram opens a Mini App with its launch data in the fragment; only then is the
  // (async) bridge script worth waiting for.
  if (!/[#&]tgWebAppData=/.test(location.hash)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const script = document.getElementById("telegram-web-app");
    const done = () => resolve(webApp());
    if (script) {
      script.addEventListener("load", done, { once: true });
      script.addEventListener("error", done, { once: true });
    }
    setTimeout(done, 4000);
  });
}

/** Tell Telegram the page is ready, use the whole height, and take Telegram's colours. */
export function settleInTelegram(app) {
  try {
    app.ready();
    app.expand();
  } catch {
    // an older client: the page still works
  }
  const params = app.themeParams || {};
  for (const [name, variable] of Object.entries(THEME)) {
    if (COLOR.test(params[name] || "")) document.documentElement.style.setProperty(variable, params[name]);
  }
  document.documentElement.classList.add("in-telegram");
}

/** The Mini App user's language code, when Telegram tells it. */
export function telegramLanguage(app) {
  const user = app && app.initDataUnsafe && app.initDataUnsafe.user;
  return (user && typeof user.language_code === "string" && user.language_code) || "";
}

/** Login Widget data Telegram put in the page's address after a sign-in, or null. */
export function widgetReturn() {
  const params = new URLSearchParams(location.search);
  if (!params.get("hash") || !params.get("id") || !params.get("auth_date")) return null;
  // Telegram signs every field it sends: all of them go to the server as they came.
  const data = Object.fromEntries(params.entries());
  history.replaceState(null, "", location.pathname + location.hash);
  return data;
}

/** Put Telegram's Login Widget into container; it comes back to this page's address. */
export function showLoginWidget(container, botUsername, lang) {
  const script = document.createElement("script");
  script.async = true;
  script.src = "https://telegram.org/js/telegram-widget.js?22";
  script.dataset.telegramLogin = botUsername;
  script.dataset.size = "large";
  script.dataset.radius = "8";
  script.dataset.authUrl = new URL("./", document.baseURI).href;
  script.dataset.requestAccess = "write";
  script.dataset.lang = lang;
  container.replaceChildren(script);
}
