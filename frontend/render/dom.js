// Building DOM nodes in one expression: the review panel's and the editor panels' small helper.

/**
 * An element with attributes (data-*, title and type set as attributes, the rest as properties: className,
 * textContent, value, selected, disabled ...) and children (null and undefined left out).
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key.startsWith('data-') || key === 'title' || key === 'type') node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** A plain button that runs `onClick`, with its test id and a tooltip when given. */
export function button(label, onClick, testid, title) {
  const b = el('button', { type: 'button', textContent: label, ...(testid ? { 'data-testid': testid } : {}),
    ...(title ? { title } : {}) });
  b.addEventListener('click', onClick);
  return b;
}
