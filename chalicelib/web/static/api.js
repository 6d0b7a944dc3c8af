// The HTTP API, seen from the page: tokens, one refresh on a 401, errors, the upload to S3.

const TOKENS_KEY = "contract-check.tokens";
// The API is beside the page: `<base href>` is the page's folder (`/` locally, `/api/` on AWS).
const API_BASE = new URL("./", document.baseURI);

/** An answer in the API's error shape, or a failure to reach it (status 0). */
export class ApiError extends Error {
  constructor(status, code, message, body = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

let signedOutHandler = () => {};
let refreshing = null; // one refresh at a time: each refresh token works only once

/** Call this when the session ends on its own (the refresh token was refused). */
export function onSignedOut(handler) {
  signedOutHandler = handler;
}

/** The stored tokens, or null. */
export function tokens() {
  try {
    return JSON.parse(sessionStorage.getItem(TOKENS_KEY) || "null");
  } catch {
    return null;
  }
}

/** Keep a token pair for this tab (sessionStorage: gone when the tab closes). */
export function keepTokens(pair) {
  sessionStorage.setItem(
    TOKENS_KEY,
    JSON.stringify({ access: pair.access_token, refresh: pair.refresh_token }),
  );
}

/** Forget the tokens. */
function forgetTokens() {
  sessionStorage.removeItem(TOKENS_KEY);
}

async function send(method, path, body, accessToken) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let response;
  try {
    response = await fetch(new URL(path, API_BASE), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, "NETWORK", "");
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok && response.status !== 202) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.code || "HTTP_" + response.status, error.message || "", data);
  }
  return { status: response.status, data };
}

async function refreshTokens() {
  const stored = tokens();
  if (!stored || !stored.refresh) return false;
  if (!refreshing) {
    refreshing = send("POST", "v1/auth/refresh", { refresh_token: stored.refresh })
      .then(({ data }) => {
        keepTokens(data);
        return true;
      })
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

/** Call the API as the signed-in person: on a 401, refresh once and retry, else sign out. */
export async function call(method, path, body) {
  const stored = tokens();
  try {
    return await send(method, path, body, stored && stored.access);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !stored) throw error;
  }
  if (await refreshTokens()) {
    try {
      return await send(method, path, body, tokens().access);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
    }
  }
  forgetTokens();
  signedOutHandler();
  throw new ApiError(401, "SESSION_ENDED", "");
}

/** Call a route that needs no sign-in (sign-up, sign-in, the page's config). */
export async function callAnonymous(method, path, body) {
  return send(method, path, body, null);
}

/** End the session on the server too (its refresh token is refused from now on). */
export async function signOut() {
  const stored = tokens();
  forgetTokens();
  if (stored && stored.refresh) {
    try {
      await send("POST", "v1/auth/logout", { refresh_token: stored.refresh });
    } catch {
      // the tokens are gone from the page either way
    }
  }
}

/** POST the file to storage with the presigned form: fields first, the file last; progress 0..1. */
export function uploadToStorage(upload, file, onProgress) {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append("file", file);
    const request = new XMLHttpRequest();
    request.open("POST", upload.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(request.status);
      } else {
        reject(new ApiError(request.status, "STORAGE", ""));
      }
    };
    request.onerror = () => reject(new ApiError(0, "NETWORK", ""));
    request.send(form);
  });
}
