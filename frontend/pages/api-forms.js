// The team and project pages change things through the API, like any script would: a form with
// data-api="METHOD /path" sends its fields as JSON; a button with data-api sends nothing; a select with data-api
// sends {name: value} when changed. Then the page reloads, or (data-reveal="field") shows that field of the answer
// once (an invite link, a token), or (data-done) says it is done, or (data-then) opens what was made. A refusal is shown in the form's words.

import { apiFetch } from '../sync/http.js';
import { apiCall, formBody, problemText } from './forms.js';

async function call(spec, body) {
  const { method, url } = apiCall(spec);
  const options = { method };
  if (body !== undefined) {
    options.headers = { 'Content-Type': 'application/json' };
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await apiFetch(url, options);
  } catch {
    throw new Error(problemText(0, null));
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) throw new Error(problemText(response.status, json));
  return json;
}

function showError(near, message) {
  const place = near.closest('form')?.querySelector('[data-error]') ?? document.querySelector('[data-page-error]');
  if (!place) return;
  place.textContent = message;
  place.hidden = false;
}

const THEN = {
  'open-team': (made) => location.assign(`/teams/${made.id}`),
  'open-project': (made) => location.assign(`/projects/${made.id}`),
};

for (const form of document.querySelectorAll('form[data-api]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fields = [...form.elements].filter((e) => e.name).map((e) => ({
      name: e.name, value: e.value, type: e.type, list: e.dataset.list !== undefined,
    }));
    const error = form.querySelector('[data-error]');
    if (error) error.hidden = true;
    let made;
    try {
      made = await call(form.dataset.api, formBody(fields));
    } catch (e) {
      showError(form, e.message);
      return;
    }
    if (form.dataset.reveal) {
      const shown = form.querySelector('[data-revealed]');
      shown.querySelector('[data-secret]').value = made[form.dataset.reveal];
      shown.hidden = false;
    } else if (form.dataset.done) {
      const done = form.querySelector('[data-done]:not(form)');
      done.textContent = form.dataset.done;
      done.hidden = false;
      form.reset();
    } else if (form.dataset.then) {
      THEN[form.dataset.then](made);
    } else {
      location.reload();
    }
  });
}

for (const button of document.querySelectorAll('button[data-api]')) {
  button.addEventListener('click', async () => {
    if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
    try {
      await call(button.dataset.api);
      location.reload();
    } catch (e) {
      showError(button, e.message);
    }
  });
}

for (const select of document.querySelectorAll('select[data-api]')) {
  let was = select.value;
  select.addEventListener('change', async () => {
    try {
      await call(select.dataset.api, { [select.name]: select.value });
      was = select.value;
    } catch (e) {
      select.value = was; // refused: it shows what still holds
      showError(select, e.message);
    }
  });
}
