// What the team and project pages send and say: a form's fields as the API's JSON, a refusal in words.

/**
 * The JSON body of a form's fields ({name, value, type, list}): numbers from number inputs, a list for a field
 * marked as one (several fields of one name add up), blank fields left out.
 */
export function formBody(fields) {
  const body = {};
  for (const { name, value, type, list } of fields) {
    if (!name || value === '' || value === undefined) continue;
    const v = type === 'number' ? Number(value) : value;
    if (list) (body[name] ??= []).push(v);
    else body[name] = v;
  }
  return body;
}

/** A refused request in words for people: the problem's detail (and its title), else the status. */
export function problemText(status, problem) {
  if (problem && typeof problem.detail === 'string' && problem.detail) {
    return problem.title ? `${problem.title}: ${problem.detail}` : problem.detail;
  }
  if (status === 0) return 'The server cannot be reached; try again when online.';
  return `The server refused this (${status}).`;
}

/** "METHOD /path" of a data-api attribute. */
export function apiCall(spec) {
  const space = spec.indexOf(' ');
  if (space < 1) throw new Error(`not "METHOD /path": ${spec}`);
  return { method: spec.slice(0, space).toUpperCase(), url: spec.slice(space + 1) };
}
