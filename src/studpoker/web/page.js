// @ts-check
/* The page's own elements (index.html), found by id, and the status line under the bar. */

/**
 * The element of index.html with this id, of the class given (an input, a select, a
 * form): a missing or different one is a mistake of the page, said at once.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {{new (): T, prototype: T}} [kind]
 * @returns {T}
 */
export function $(id, kind) {
  const element = document.getElementById(id);
  const wanted = kind || HTMLElement;
  if (!(element instanceof wanted)) {
    throw new Error(`index.html has no ${wanted.name} #${id}`);
  }
  return /** @type {T} */ (element);
}

/**
 * @param {string | null | undefined} text
 * @param {boolean} [isError]
 */
export function status(text, isError) {
  const box = $("status");
  box.textContent = text || "";
  box.hidden = !text;
  box.classList.toggle("error", Boolean(isError));
}
