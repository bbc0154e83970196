/**
 * DOM helpers of the flow: one screen at a time inside `<main>`, its `<h1>` focused on every change so that screen
 * readers announce it and keyboard focus starts at the top; a polite live region for progress and countdowns.
 */

type Child = Node | string | null | undefined | false;
type Props = Record<string, string | number | boolean | EventListener | undefined>;

/** Creates an element: `h('button', { type: 'button', onclick: fn }, 'Start')`. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = String(v);
    else if (k === 'text') el.textContent = String(v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** The flow's fixed parts. */
export interface Shell {
  main: HTMLElement;
  live: HTMLElement;
  bar: HTMLElement;
}

/** Builds the shell: a top bar (title, optional cancel), the screen area and the live region. */
export function buildShell(root: HTMLElement, title: string): Shell {
  const bar = h('header', { class: 'bar' }, h('span', { class: 'bar-title' }, title));
  const main = h('main', { id: 'screen', class: 'screen' });
  const live = h('div', { class: 'sr-only', 'aria-live': 'polite', role: 'status' });
  root.replaceChildren(bar, main, live);
  return { main, live, bar };
}

let rendered = 0;

/**
 * Shows a screen: replaces the content of `<main>`, sets `data-screen` (tests and screenshots find screens by
 * it) and `data-step` (a render counter), and focuses the heading.
 */
export function show(shell: Shell, name: string, ...content: Child[]): void {
  shell.main.dataset['screen'] = name;
  shell.main.dataset['step'] = String(++rendered);
  shell.main.removeAttribute('aria-busy');
  shell.main.replaceChildren(...content.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
  const heading = shell.main.querySelector('h1');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: false });
  }
}

/** Announces a short text through the live region. */
export function announce(shell: Shell, text: string): void {
  shell.live.textContent = '';
  // A new text node after a tick makes screen readers announce repeated texts too.
  setTimeout(() => (shell.live.textContent = text), 30);
}

/** A primary or secondary button. */
export function button(label: string, onClick: () => void, kind: 'primary' | 'secondary' | 'link' = 'primary', extra: Props = {}): HTMLButtonElement {
  return h('button', { type: 'button', class: `btn btn-${kind}`, onclick: () => onClick(), ...extra }, label);
}

/** The row of actions at the bottom of a screen. */
export function actions(...buttons: Child[]): HTMLElement {
  return h('div', { class: 'actions' }, ...buttons);
}

/** Resolves with the value of the first of `choices` the user picks. */
export function choose<T>(render: (pick: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve) => {
    let done = false;
    render((value) => {
      if (done) return;
      done = true;
      resolve(value);
    });
  });
}
